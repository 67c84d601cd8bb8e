import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runBash, runOurs, type ScriptOptions } from '../../tests/security/write-builtins-harness.js';
import { parseDateOption, parseStamp } from '../internal/dates.js';

const FILES = { 'f': 'x\n', 'g': '', 'd/': '' };
const OLD = 1_000_000_000; // 2001-09-09, in seconds
const setup = (d: string): void => {
  for (const n of ['f', 'g', 'd']) fs.utimesSync(`${d}/${n}`, OLD, OLD);
  fs.utimesSync(`${d}/g`, OLD + 100, OLD + 200);
};

/** times of every entry, with "recent" for anything set to now */
function times(dir: string): string[] {
  const now = Date.now() / 1000;
  const show = (s: number): string => (Math.abs(s - now) < 60 ? 'recent' : String(s));
  return fs.readdirSync(dir).sort().map((n) => {
    const st = fs.statSync(`${dir}/${n}`);
    return `${n} a=${show(st.atimeMs / 1000)} m=${show(st.mtimeMs / 1000)}`;
  });
}

async function compare(script: string, opts: ScriptOptions = {}): Promise<void> {
  let oursTimes: string[] = [];
  let bashTimes: string[] = [];
  const o = { files: FILES, setup, ...opts };
  const ours = await runOurs(script, o, (d) => (oursTimes = times(d)));
  const bash = runBash(script, o, (d) => (bashTimes = times(d)));
  expect({ ...ours, times: oursTimes }).toEqual({ ...bash, times: bashTimes });
}

describe('touch: same output, files and times as GNU touch', () => {
  it.each([
    'touch new',
    "touch ''",
    'touch x/',
    'touch f/',
    'touch f/x',
    'touch f g',
    'touch -c nosuch f',
    'touch --no-create nosuch',
    'touch -a f',
    'touch -m f',
    'touch --time=atime f; touch --time=mod g',
    'touch --time=bogus f',
    'touch --time=a f',
    'touch -d @1500000000 f new',
    'touch -d @1500000000.25 f',
    'touch -d "2020-01-02 03:04:05" f',
    'touch -d 2020-01-02T03:04:05Z f',
    'touch -d "2020-01-02 03:04:05.5 +0200" f',
    'touch -d 2020-01-02 f',
    'touch -d garbage f',
    'touch -d "2020-01-02 +3 days" f',
    'touch -d "2020-01-31 1 month" f',
    'touch -d "2020-01-02 10:00 2 hours ago" f',
    'touch -d "2020-01-02 -1 week" f',
    'touch -d "2020-01-02 3 days ago 2 hours" f',
    'touch -d "@100 +1 minute" f',
    'touch -d "2020-01-02 +3 parsecs" f',
    'touch -t 202001020304.05 f',
    'touch -t 2001020304 f',
    'touch -t 01020304 f',
    'touch -t 99 f',
    'touch -t 202002300000 f',
    'touch -r g f new',
    'touch -r nosuch f',
    'touch -a -r g f',
    'touch -m -d @77 f',
    'touch -d @5 -t 202001010000 f',
    'touch d',
    'touch nodir/x',
    'touch',
    'touch -x',
    'touch --no f',
    'touch -f -h f',
  ])('%s', async (script) => {
    await compare(script);
  });
});

describe('touch: date parsing', () => {
  it('forms', () => {
    expect(parseDateOption('@10', 0)).toBe(10_000);
    expect(parseDateOption('now', 123)).toBe(123);
    expect(parseDateOption('2020-01-02T00:00:00Z', 0)).toBe(Date.UTC(2020, 0, 2));
    expect(parseDateOption('2020-01-02 00:00 -01:00', 0)).toBe(Date.UTC(2020, 0, 2, 1));
    // GNU's free-form items (results checked against GNU `date -d`/`touch -d`)
    expect(parseDateOption('4 Mar 2021 10:00 UTC', 0)).toBe(Date.UTC(2021, 2, 4, 10));
    expect(parseDateOption('Mar 4, 2021 10:00:30.5 UTC', 0)).toBe(Date.UTC(2021, 2, 4, 10, 0, 30, 500));
    expect(parseDateOption('4-mar-2021 3pm Z', 0)).toBe(Date.UTC(2021, 2, 4, 15));
    expect(parseDateOption('2021-03-04 10:00 +0530', 0)).toBe(Date.UTC(2021, 2, 4, 4, 30));
    expect(parseDateOption('10:00 EST 2021-03-04', 0)).toBe(Date.UTC(2021, 2, 4, 15));
    expect(parseDateOption('20210304 utc+2', 0)).toBe(Date.UTC(2021, 2, 3, 22));
    expect(parseDateOption('2021-03-04 x', 0)).toBe(Date.UTC(2021, 2, 4, 11));
    expect(parseDateOption('2021-03-04 +1 day UTC', 0)).toBe(Date.UTC(2021, 2, 5));
    // Wednesday 2020-01-01: the next Tuesday, the last one, and a Wednesday itself
    expect(parseDateOption('next tuesday UTC', Date.UTC(2020, 0, 1, 12))).toBe(Date.UTC(2020, 0, 7));
    expect(parseDateOption('last tuesday UTC', Date.UTC(2020, 0, 1, 12))).toBe(Date.UTC(2019, 11, 31));
    expect(parseDateOption('wednesday UTC', Date.UTC(2020, 0, 1, 12))).toBe(Date.UTC(2020, 0, 1));
    for (const bad of ['noon', 'midnight', 'jan', '2021-02-30', '24:00', '13/01/2021', 'today ago', 'next', '1.5 days', 'j']) {
      expect(parseDateOption(bad, 0)).toBe(null);
    }
    expect(parseDateOption('2 days ago', Date.UTC(2020, 0, 3))).toBe(Date.UTC(2020, 0, 1));
    expect(parseDateOption('-90 min', 5_400_000)).toBe(0);
    expect(parseDateOption('yesterday', 86_400_000)).toBe(0);
    expect(parseStamp('12312359.59', 0)).not.toBe(null);
    expect(parseStamp('12312359599', 0)).toBe(null);
  });
});

describe('touch: sandbox', () => {
  it('read-only mode creates nothing', async () => {
    const r = await runOurs('touch new', { mode: 'read-only' });
    expect(r).toEqual({ stdout: '', stderr: 'touch: filesystem capability not available (remediation mode required)\n', code: 1, tree: [] });
  });
  it(':ro root: cannot touch', async () => {
    const r = await runOurs('touch f new', { files: FILES, rootMode: 'ro' });
    expect(r.stderr).toBe("touch: cannot touch 'f': Permission denied\ntouch: cannot touch 'new': Permission denied\n");
    expect(r.tree).toEqual(['d/ 755', 'f 2 "x\\n"', 'g 0 ""']);
  });
  it('a dangling symlink is not followed to create its target; -h on a link is refused', async () => {
    const r = await runOurs('touch dangling; touch -h link', {
      files: FILES,
      setup: (d) => {
        fs.symlinkSync('target', `${d}/dangling`);
        fs.symlinkSync('f', `${d}/link`);
      },
    });
    expect(r.stderr).toBe(
      "touch: cannot touch 'dangling': symlinks are not supported as write targets\n" +
        "touch: setting times of 'link': symlinks are not supported as write targets\n",
    );
    expect(r.tree).not.toContain('target 0 ""');
  });
});

// GNU touch opens the file (which fails without permission) and then sets the times by name with
// utimensat, which needs ownership, not read or write permission: recorded as an unprivileged user
// with setpriv, `touch z; touch -d '2020-01-01 00:00' z` on a mode-000 file of one's own succeeds
// (status 0, nothing on stderr). Root ignores permission bits, so the test drops to user nobody
// (effective uid only, given back afterwards); bash would reset such an effective uid, so only
// rshell runs here.
describe.skipIf(process.getuid?.() !== 0 || typeof process.seteuid !== 'function')('touch: a mode-000 file of ones own', () => {
  it('has its times set, as with GNU touch', async () => {
    const files = { z: 'x', 'dz/': '' };
    const prepare = (d: string): void => {
      fs.chmodSync(`${d}/z`, 0);
      fs.chmodSync(`${d}/dz`, 0);
    };
    let mtimes: number[] = [];
    process.seteuid!(65534);
    try {
      const r = await runOurs("touch z dz; echo \"status=$?\"; touch -d '2020-01-01 00:00' z dz", { files, setup: prepare }, (d) => {
        mtimes = [fs.statSync(`${d}/z`).mtimeMs, fs.statSync(`${d}/dz`).mtimeMs];
        fs.chmodSync(`${d}/z`, 0o644); // the snapshot reads it
        fs.chmodSync(`${d}/dz`, 0o755);
      });
      expect({ stdout: r.stdout, stderr: r.stderr, code: r.code }).toEqual({ stdout: 'status=0\n', stderr: '', code: 0 });
      expect(mtimes).toEqual([Date.UTC(2020, 0, 1), Date.UTC(2020, 0, 1)]);
    } finally {
      process.seteuid!(0);
    }
  });
});
