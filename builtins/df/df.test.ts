import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { df } from './index.js';
import { humanSize } from './human.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';

const live = process.platform === 'linux' && spawnSync('sh', ['-c', 'command -v df']).status === 0;
const shm = live && fs.existsSync('/dev/shm') && fs.statfsSync('/dev/shm').blocks > 0;

describe('humanSize (gnulib human_readable, ceiling)', () => {
  it('scales and rounds up', () => {
    expect(humanSize(0n, 1024)).toBe('0');
    expect(humanSize(1023n, 1024)).toBe('1023');
    expect(humanSize(4096n, 1024)).toBe('4.0K');
    expect(humanSize(4096n, 1000)).toBe('4.1k');
    expect(humanSize(10239n, 1024)).toBe('10K');
    expect(humanSize(1048575n, 1024)).toBe('1.0M');
    expect(humanSize(264212084n * 1024n, 1024)).toBe('252G');
    expect(humanSize(23492328n * 1024n, 1024)).toBe('23G');
    expect(humanSize(1n << 70n, 1024)).toBe('1.0Z');
  });
});

/** a proc root whose mountinfo names real directories, so statfs works on any machine */
function makeProc(lines: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-df-'));
  fs.mkdirSync(path.join(root, 'proc', 'self'), { recursive: true });
  fs.writeFileSync(path.join(root, 'proc', 'self', 'mountinfo'), lines.join('\n') + '\n');
  return root;
}

describe.skipIf(!shm)('df on a hand-made mount table over /dev/shm', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });
  const proc = (lines: string[]): string => {
    const r = makeProc(lines);
    roots.push(r);
    return path.join(r, 'proc');
  };
  const table = [
    '22 27 0:21 / /proc rw,relatime - proc proc rw',
    '30 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24684092k',
    '31 25 0:27 / /dev/shm rw,relatime - tmpfs shm2 rw',
    '32 25 0:99 / /nonexistent/mount\\040point rw - ext4 /dev/sdz1 rw',
    '33 25 0:98 / /proc/sys rw - nfs server:/export rw',
    'malformed line',
  ];
  it("hides dummies and unreachable mounts; of two mounts on one dir the later (overmount) wins", async () => {
    const r = await runWithProc(df, ['--output=x'].slice(1), proc(table));
    const s = fs.statfsSync('/dev/shm');
    const size = String(Math.ceil((s.blocks * s.bsize) / 1024));
    expect(r.stdout.split('\n')[0]).toMatch(/^Filesystem +1K-blocks +Used +Available Use% Mounted on$/);
    expect(r.stdout.split('\n').slice(1)).toEqual([expect.stringMatching(new RegExp(`^shm2 +${size} +`)), '']);
  });
  it('-a lists everything, unreachable ones with dashes', async () => {
    const r = await runWithProc(df, ['-a', '-x', 'tmpfs', '-x', 'nfs'], proc(table));
    expect(r.stdout).toBe(
      'Filesystem     1K-blocks  Used Available Use% Mounted on\n' +
        'proc                   0     0         0    - /proc\n' +
        '/dev/sdz1              -     -         -    - /nonexistent/mount point\n',
    );
  });
  it('-l drops remote file systems, -t/-x filter by type', async () => {
    const r = await runWithProc(df, ['-a', '-l', '-t', 'nfs'], proc(table));
    expect(r).toMatchObject({ stdout: '', stderr: 'df: no file systems processed\n', code: 1 });
  });
  it('a missing mount table', async () => {
    expect(await runWithProc(df, [], fixtureProc('empty'))).toMatchObject({
      stderr: 'df: cannot read table of mounted file systems: No such file or directory\n', code: 1,
    });
  });
});

describe('df errors', () => {
  it('refuses unsupported options and reports bad operands', async () => {
    expect(await runWithProc(df, ['-B1'], '/proc')).toMatchObject({ stderr: 'df: -B/--block-size is not supported by rshell\n', code: 1 });
    expect(await runWithProc(df, ['--output'], '/proc')).toMatchObject({ code: 1 });
    expect(await runWithProc(df, ['-t', 'x', '-x', 'x'], '/proc')).toMatchObject({
      stderr: "df: file system type 'x' both selected and excluded\n", code: 1,
    });
    expect(await runWithProc(df, ['-q'], '/proc')).toMatchObject({ stderr: "df: invalid option -- 'q'\nTry 'df --help' for more information.\n", code: 1 });
    expect(await runWithProc(df, ['--version'], '/proc')).toMatchObject({ stdout: 'df (rshell) 0.1.0\n', code: 0 });
  });
  it.skipIf(!live)('a FILE outside the sandbox fails like a missing one; inside, it names its mount', async () => {
    const r = await runWithProc(df, ['/etc/passwd'], '/proc');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^df: \/etc\/passwd: (Permission denied|No such file or directory)\n$/);
    const ok = await runWithProc(df, ['f.txt'], '/proc', { files: { 'f.txt': 'x' } });
    expect(ok.code).toBe(0);
    expect(ok.stdout.split('\n').length).toBe(3);
  });
});

/** live parity with coreutils on mounts whose numbers do not move (tmpfs, devtmpfs) */
describe.skipIf(!shm)('df against coreutils on the live mount table', () => {
  for (const args of [['-x', 'ext4'], ['-h', '-x', 'ext4'], ['-H', '-x', 'ext4'], ['-T', '-x', 'ext4'], ['-i', '-x', 'ext4'],
    ['-P', '-x', 'ext4'], ['--total', '-h', '-x', 'ext4'], ['-t', 'tmpfs'], ['-l', '-x', 'ext4'], ['-hT', '-x', 'ext4'],
    ['-ai', '-x', 'ext4'], ['-a', '-x', 'ext4'], ['-Ti', '-t', 'tmpfs', '--total'], ['-t', 'nosuchfs']]) {
    it(`df ${args.join(' ')}`, async () => {
      const real = spawnSync('df', args, { env: { LANG: 'C', PATH: '/usr/bin:/bin' } });
      const ours = await runWithProc(df, args, '/proc');
      expect({ out: ours.stdout, err: ours.stderr, code: ours.code })
        .toEqual({ out: real.stdout.toString(), err: real.stderr.toString(), code: real.status });
    });
  }
});
