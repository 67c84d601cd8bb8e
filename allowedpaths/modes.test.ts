// File modes through the sandbox: chmod (links followed only inside the roots, read-only roots and
// mode, hard links, set-ID bits, directories), openWrite's creation mode, and utimes/chmod on a
// file its owner may not read (mode 000), checked as an unprivileged user where the tests run as
// root (process.seteuid, restored after each such test).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox.js';
import { pathNative, type Native } from './native.js';
import { DETAIL } from './errors.js';
import type { Result, Sandbox, SandboxFS } from './types.js';
import { startSwapper, stopSwapper } from '../tests/security/swapping.js';

let base = '';
let box: Sandbox | null = null;
afterEach(() => {
  box?.close();
  box = null;
  if (base) fs.rmSync(base, { recursive: true, force: true });
  base = '';
});

const modeOf = (p: string): number => fs.statSync(p).mode & 0o7777;
const lmodeOf = (p: string): number => fs.lstatSync(p).mode & 0o7777;

/**
 * base/{rw/{f, d/, link -> f, dirlink -> d, out -> ../outside/secret, absout -> <abs secret>,
 * dangling -> nope, danglingout -> ../outside/nope, tororoot -> ../ro/g, hard (2 names)},
 * ro/g, outside/{secret, sdir/}}
 */
function world(): { rw: string; ro: string; outside: string } {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-modes-')));
  const rw = path.join(base, 'rw');
  const ro = path.join(base, 'ro');
  const outside = path.join(base, 'outside');
  for (const d of [rw, ro, outside, path.join(rw, 'd'), path.join(outside, 'sdir')]) fs.mkdirSync(d, { mode: 0o755 });
  for (const f of [path.join(rw, 'f'), path.join(ro, 'g'), path.join(outside, 'secret'), path.join(rw, 'hard')]) {
    fs.writeFileSync(f, 'x');
    fs.chmodSync(f, 0o600);
  }
  fs.linkSync(path.join(rw, 'hard'), path.join(rw, 'hard2'));
  fs.symlinkSync('f', path.join(rw, 'link'));
  fs.symlinkSync('d', path.join(rw, 'dirlink'));
  fs.symlinkSync('../outside/secret', path.join(rw, 'out'));
  fs.symlinkSync(path.join(outside, 'secret'), path.join(rw, 'absout'));
  fs.symlinkSync('../outside/sdir', path.join(rw, 'outdir'));
  fs.symlinkSync('nope', path.join(rw, 'dangling'));
  fs.symlinkSync('../outside/nope', path.join(rw, 'danglingout'));
  fs.symlinkSync('../ro/g', path.join(rw, 'toro'));
  return { rw, ro, outside };
}

function view(rw: string, ro: string, native: Native | undefined, mode: 'remediation' | 'read-only' = 'remediation'): SandboxFS {
  box = createSandbox([`${rw}:rw`, `${ro}:ro`], { mode, native });
  return box.at(rw);
}

function chmodOf(fsv: SandboxFS): (p: string, m: number) => Result<void> {
  if (!fsv.chmod) throw new Error('the sandbox has no chmod');
  return fsv.chmod.bind(fsv);
}

const err = (r: Result<unknown>): string => (r.ok ? 'ok' : r.error.detail === undefined ? r.error.code : `${r.error.code}: ${r.error.detail}`);

for (const [label, native] of [['proc', undefined], ['portable fallback', pathNative()]] as const) {
  describe(`chmod (${label})`, () => {
    it('sets the bits exactly (no umask), on files and directories, through links inside the roots', () => {
      const { rw, ro } = world();
      const chmod = chmodOf(view(rw, ro, native));
      expect(err(chmod('f', 0o777))).toBe('ok');
      expect(modeOf(path.join(rw, 'f'))).toBe(0o777);
      expect(err(chmod('link', 0o640))).toBe('ok');
      expect(modeOf(path.join(rw, 'f'))).toBe(0o640);
      expect(lmodeOf(path.join(rw, 'link'))).toBe(0o777); // the link itself is untouched
      expect(err(chmod('d', 0o700))).toBe('ok');
      expect(modeOf(path.join(rw, 'd'))).toBe(0o700);
      expect(err(chmod('dirlink/', 0o2750))).toBe('ok'); // set-group-ID is fine on a directory
      expect(modeOf(path.join(rw, 'd'))).toBe(0o2750);
      expect(err(chmod(`${rw}/d/../f`, 0o1600))).toBe('ok'); // sticky is fine anywhere
      expect(modeOf(path.join(rw, 'f'))).toBe(0o1600);
      // the :rw root itself, by '.' and by its absolute path
      expect(err(chmod('.', 0o750))).toBe('ok');
      expect(modeOf(rw)).toBe(0o750);
      expect(err(chmod(rw, 0o755))).toBe('ok');
      expect(modeOf(rw)).toBe(0o755);
    });

    it('refuses links out of the roots, a read-only root, read-only mode, hard links and devices', () => {
      const { rw, ro, outside } = world();
      const chmod = chmodOf(view(rw, ro, native));
      for (const p of ['out', 'absout', 'outdir', `${outside}/secret`, '../outside/secret', 'danglingout', `${rw}/../outside/sdir`]) {
        expect(`${p}: ${err(chmod(p, 0o777))}`).toBe(`${p}: EACCES`);
      }
      expect(modeOf(path.join(outside, 'secret'))).toBe(0o600);
      expect(modeOf(path.join(outside, 'sdir'))).toBe(0o755);
      expect(err(chmod('toro', 0o777))).toBe('EACCES');
      expect(err(chmod(`${ro}/g`, 0o777))).toBe('EACCES');
      expect(err(chmod(ro, 0o777))).toBe('EACCES');
      expect(modeOf(path.join(ro, 'g'))).toBe(0o600);
      expect(modeOf(ro)).toBe(0o755);
      expect(err(chmod('hard', 0o777))).toBe(`EACCES: ${DETAIL.hardLinkTarget}`);
      expect(modeOf(path.join(rw, 'hard'))).toBe(0o600);
      expect(err(chmod('/dev/null', 0o777))).toBe('EACCES');
      expect(err(chmod('dangling', 0o777))).toBe('ENOENT');
      expect(err(chmod('missing', 0o777))).toBe('ENOENT');
      expect(err(chmod('f/', 0o777))).toBe('ENOTDIR');
      expect(err(chmod('f', 0o10000))).toBe('EINVAL');
      expect(err(chmod('f', -1))).toBe('EINVAL');
      box!.close();
      const roView = chmodOf(view(rw, ro, native, 'read-only'));
      expect(err(roView('f', 0o777))).toBe('EACCES');
      expect(modeOf(path.join(rw, 'f'))).toBe(0o600);
    });

    it('refuses set-user-ID and set-group-ID bits on a file', () => {
      const { rw, ro } = world();
      const chmod = chmodOf(view(rw, ro, native));
      expect(err(chmod('f', 0o4755))).toBe(`EPERM: ${DETAIL.setIdBits}`);
      expect(err(chmod('f', 0o2755))).toBe(`EPERM: ${DETAIL.setIdBits}`);
      expect(modeOf(path.join(rw, 'f'))).toBe(0o600);
    });

    // the portable fallback lstats before it opens, so it never creates a file (only Linux writes)
    it.skipIf(native !== undefined)('openWrite creates with the mode less the umask; an existing file keeps its mode', () => {
      const { rw, ro } = world();
      const fsv = view(rw, ro, native);
      const umask = process.umask();
      const make = (name: string, mode?: number): void => {
        const w = fsv.openWrite(name, { truncate: true, mode });
        if (!w.ok) throw new Error(`${name}: ${w.error.code}`);
        w.value.close();
      };
      make('n600', 0o600);
      make('n777', 0o777);
      make('nsuid', 0o4755);
      make('ndefault');
      make('f', 0o777);
      expect(modeOf(path.join(rw, 'n600'))).toBe(0o600 & ~umask);
      expect(modeOf(path.join(rw, 'n777'))).toBe(0o777 & ~umask);
      expect(modeOf(path.join(rw, 'nsuid'))).toBe(0o755 & ~umask);
      expect(modeOf(path.join(rw, 'ndefault'))).toBe(0o666 & ~umask);
      expect(modeOf(path.join(rw, 'f'))).toBe(0o600);
    });
  });
}

describe('chmod of a FIFO', () => {
  it('does not open it (no reader needed, nothing blocks)', () => {
    const { rw, ro } = world();
    const fifo = path.join(rw, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(err(chmodOf(view(rw, ro, undefined))('fifo', 0o600))).toBe('ok');
    expect(modeOf(fifo)).toBe(0o600);
  });
});

/** run `body` as user `nobody` (effective uid only), when the tests run as root */
function asNobody(body: () => void): void {
  process.seteuid!(65534);
  try {
    body();
  } finally {
    process.seteuid!(0);
  }
}

const root = process.getuid?.() === 0 && typeof process.seteuid === 'function';

describe.skipIf(!root)('a mode-000 file of ones own (as an unprivileged user)', () => {
  for (const [label, native] of [['proc', undefined], ['portable fallback', pathNative()]] as const) {
    it(`utimes and chmod need no read permission (${label})`, () => {
      const { rw, ro } = world();
      const z = path.join(rw, 'z');
      fs.writeFileSync(z, 'x');
      fs.chmodSync(z, 0);
      for (const p of [base, rw, ro, z]) fs.chownSync(p, 65534, 65534);
      fs.chmodSync(base, 0o755);
      asNobody(() => {
        const fsv = view(rw, ro, native);
        expect(() => fs.openSync(z, 'r')).toThrow(); // really unreadable for this user
        const t = Date.UTC(2020, 0, 1);
        const touched = fsv.utimes('z', t, t);
        const changed = chmodOf(fsv)('z', 0o640);
        // the portable fallback opens the file to change it: it needs read permission
        if (label === 'proc') {
          expect(err(touched)).toBe('ok');
          expect(fs.statSync(z).mtimeMs).toBe(t);
          expect(err(changed)).toBe('ok');
          expect(modeOf(z)).toBe(0o640);
        } else {
          expect(err(touched)).toBe('EACCES');
          expect(err(changed)).toBe('EACCES');
        }
        // a file of someone else's: EPERM from the kernel, as chmod(1) reports it
        expect(err(chmodOf(fsv)('f', 0o644))).toBe(label === 'proc' ? 'EPERM' : 'EACCES');
      });
    });
  }
});

// TOCTOU: another process swaps the final component (or the directory holding it) with a link to
// the outside while chmod and utimes run through it; the outside file must never change.

describe('chmod and utimes against a swapping link', () => {
  afterEach(stopSwapper);

  for (const [what, swapped, through] of [
    ['the final component', 'f', 'f'],
    ['an intermediate directory', 'd', 'd/f'],
  ] as const) {
    it(`${what} swapped with a link to the outside`, async () => {
      const { rw, ro, outside } = world();
      fs.writeFileSync(path.join(rw, 'd', 'f'), 'x');
      fs.writeFileSync(path.join(outside, 'sdir', 'f'), 'x');
      fs.chmodSync(path.join(outside, 'sdir', 'f'), 0o600);
      const target = swapped === 'f' ? path.join(outside, 'secret') : path.join(outside, 'sdir');
      const fsv = view(rw, ro, undefined);
      const chmod = chmodOf(fsv);
      const stop = await startSwapper(rw, swapped, target);
      let changed = 0;
      const deadline = Date.now() + 20_000;
      for (let i = 0; i < 5000 || (changed === 0 && Date.now() < deadline); i++) {
        if (chmod(through, i % 2 === 0 ? 0o640 : 0o644).ok) changed++;
        fsv.utimes(through, 1000, 1000);
      }
      await stop();
      const outsideFile = swapped === 'f' ? path.join(outside, 'secret') : path.join(outside, 'sdir', 'f');
      expect(modeOf(outsideFile)).toBe(0o600);
      expect(fs.statSync(outsideFile).mtimeMs).not.toBe(1_000_000);
      expect(changed).toBeGreaterThan(0);
    });
  }
});
