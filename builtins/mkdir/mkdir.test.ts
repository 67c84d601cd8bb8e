import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bothWays, runOurs } from '../../tests/security/write-builtins-harness.js';

const FILES = { 'f.txt': 'x\n', 'd/': '' };

describe('mkdir: same output and same tree as GNU mkdir', () => {
  it.each([
    'mkdir a',
    'mkdir a b c',
    'mkdir -v a d f.txt x/y',
    'mkdir -p a/b/c',
    'mkdir -pv a/b/c a/b d',
    'mkdir --parents --verbose ./a/./b/../c',
    'mkdir -p f.txt/x',
    'mkdir -p f.txt',
    'mkdir -p d/',
    'mkdir -v d/new/',
    'mkdir ""',
    'mkdir -p ""',
    'mkdir',
    'mkdir -m 700 m',
    'mkdir -m 0750 m',
    'mkdir -m a=rx m',
    'mkdir -m =rwx,o-w m',
    'mkdir -pm 700 p/q',
    'mkdir --mode=bad m',
    'mkdir -m 7777777 m',
    'mkdir -x',
    'mkdir --v m',
    'mkdir .',
    'mkdir -p . ..',
  ])('%s', async (script) => {
    const { ours, bash } = await bothWays(script, { files: FILES });
    expect(ours).toEqual(bash);
  });
  it('--help, --version', async () => {
    expect((await runOurs('mkdir --help')).stdout.startsWith('Usage: mkdir [OPTION]... DIRECTORY...\n')).toBe(true);
    expect((await runOurs('mkdir --version')).stdout).toBe('mkdir (rshell) 0.1.0\n');
  });
});

describe('mkdir through links', () => {
  it.each(['mkdir -pv ld/x/y', 'mkdir ld/z', 'mkdir -p ld', 'mkdir ld', 'mkdir -p dangling/x', 'mkdir dangling'])('%s', async (script) => {
    const setup = (d: string): void => {
      fs.symlinkSync('d', `${d}/ld`);
      fs.symlinkSync('nowhere', `${d}/dangling`);
    };
    const { ours, bash } = await bothWays(script, { files: FILES, setup });
    expect(ours).toEqual(bash);
  });
});

describe('mkdir -m: exactly MODE, as GNU (chmod after mkdir: the umask does not apply)', () => {
  it.each([
    'mkdir -m u+x,g= m',
    'mkdir -m go-rx m',
    'mkdir -m 777 m',
    'mkdir -m 1777 m',
    'mkdir -m 2750 m',
    'mkdir -m 0 m',
    'mkdir -pm 777 p/q/r',
    'mkdir -pvm 707 d/q d',
    'mkdir -m 777 d',
    // several who letters, X and s/t in one list, a letter that is neither
    'mkdir -m ug=rX,o+t m; stat -c %a m',
    'mkdir -m uo+rwXs m; stat -c %a m',
    'mkdir -m ug+rq m; echo rc=$?',
  ])('%s', async (script) => {
    const { ours, bash } = await bothWays(script, { files: FILES });
    expect(ours).toEqual(bash);
  });
});

describe('mkdir -p below a directory it may not search', () => {
  // root searches any directory: GNU's text was recorded as an unprivileged user (setpriv)
  it.skipIf(process.getuid?.() === 0)('names the directory it could not enter, as GNU', async () => {
    const r = await runOurs('mkdir -p np/x', { setup: (d) => fs.mkdirSync(`${d}/np`, { mode: 0 }) });
    expect(r.stderr).toBe("mkdir: cannot create directory 'np': Permission denied\n");
  });
});

describe('mkdir: refusals', () => {
  it('read-only mode', async () => {
    const r = await runOurs('mkdir a', { mode: 'read-only' });
    expect(r).toEqual({ stdout: '', stderr: 'mkdir: filesystem capability not available (remediation mode required)\n', code: 1, tree: [] });
  });
  it(':ro root', async () => {
    const r = await runOurs('mkdir -p a/b', { rootMode: 'ro' });
    expect(r).toEqual({ stdout: '', stderr: "mkdir: cannot create directory 'a': Permission denied\n", code: 1, tree: [] });
  });
  it('-Z is refused', async () => {
    const r = await runOurs('mkdir -Z a');
    expect(r).toEqual({ stdout: '', stderr: 'mkdir: -Z/--context is refused: rshell does not set security contexts\n', code: 1, tree: [] });
  });
});
