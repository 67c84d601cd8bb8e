import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bothWays, runBash, runOurs } from '../../tests/security/write-builtins-harness.js';

const FILES = { 'a': 'A\n', 'b': 'B\n', 'd/x': 'X\n', 'e/d/': '', 'f/': '' };

describe('mv: same output and same tree as GNU mv', () => {
  it.each([
    'mv a c',
    // GNU stats the destination first; a failure other than ENOENT is reported as such
    'mv a b/x',
    'mv a d/x/y',
    'mv -v a b',
    'mv a b f',
    'mv -v a b f/',
    'mv --verbose a b f//',
    'mv -t f a b',
    'mv --target-directory=f -v a',
    'mv -T a f',
    'mv -T a b c',
    'mv -t f -T a',
    'mv -t nosuch a',
    'mv -t a b',
    'mv a b c',
    'mv a b d/x',
    'mv b b',
    'mv nosuch x',
    'mv d d/sub',
    'mv d e',
    'mv -v d f',
    'mv a',
    'mv',
    'mv -T a f',
    'mv -T d a',
    'mv -n a b',
    'mv -n -f a b',
    'mv -f -n a b',
    'mv a nodir/z',
    'mv --strip-trailing-slashes -v d/ g',
    'mv -x a b',
    'mv --no a b',
    'mv -u a b',
    'mv -- a -- 2>&1; echo rc=$?',
  ])('%s', async (script) => {
    const { ours, bash } = await bothWays(script, { files: FILES });
    expect(ours).toEqual(bash);
  });
  it('-u keeps a newer destination', async () => {
    const setup = (d: string): void => fs.utimesSync(`${d}/a`, 1000, 1000);
    const { ours, bash } = await bothWays('mv -uv a b; mv -uv b a', { files: FILES, setup });
    expect(ours).toEqual(bash);
  });
  it.each(['mv -v a ld', 'mv -v a ld/', 'mv -T a ld', 'mv ld f', 'mv -v ld/x f/'])('through a link to a directory: %s', async (script) => {
    const setup = (d: string): void => fs.symlinkSync('d', `${d}/ld`);
    const { ours, bash } = await bothWays(script, { files: FILES, setup });
    expect(ours).toEqual(bash);
  });
  it('a symlink is moved as a link', async () => {
    const setup = (d: string): void => fs.symlinkSync('a', `${d}/l`);
    const { ours, bash } = await bothWays('mv -v l f/', { files: FILES, setup });
    expect(ours).toEqual(bash);
  });
});

describe('mv across file systems', () => {
  it('a regular file is copied then removed (EXDEV), a directory is reported', async () => {
    const shm = fs.mkdtempSync('/dev/shm/rshell-mv-');
    try {
      const r = await runOurs(`mv -v a ${shm}/a; mv d ${shm}/d; cat ${shm}/a`, { files: { a: 'A\n', 'd/x': '' }, extraRoots: [`${shm}:rw`] });
      expect(r.stdout).toBe(`copied 'a' -> '${shm}/a'\nremoved 'a'\nA\n`);
      expect(r.stderr).toBe(`mv: cannot move 'd' to '${shm}/d': Invalid cross-device link\n`);
      expect(r.tree).toEqual(['d/ 755', 'd/x 0 ""']);
    } finally {
      fs.rmSync(shm, { recursive: true, force: true });
    }
  });
  it.each([0o600, 0o777, 0o750, 0o1644])('the copy keeps the source mode %o exactly, as GNU mv', async (mode) => {
    const shm = fs.mkdtempSync('/dev/shm/rshell-mv-');
    try {
      const setup = (d: string): void => {
        fs.chmodSync(`${d}/a`, mode);
        fs.writeFileSync(`${shm}/b`, 'old');
        fs.chmodSync(`${shm}/b`, 0o644);
      };
      const script = `mv a ${shm}/a; mv b ${shm}/b; stat -c '%a %s' ${shm}/a ${shm}/b`;
      const files = { a: 'A\n', b: 'B\n' };
      const ours = await runOurs(script, { files, extraRoots: [`${shm}:rw`], setup: (d) => {
        setup(d);
        fs.chmodSync(`${d}/b`, mode);
      } });
      fs.rmSync(`${shm}/a`);
      const bash = runBash(script, { files, setup: (d) => {
        setup(d);
        fs.chmodSync(`${d}/b`, mode);
      } });
      expect(ours).toEqual(bash);
      expect(ours.stdout).toBe(`${mode.toString(8)} 2\n${mode.toString(8)} 2\n`);
    } finally {
      fs.rmSync(shm, { recursive: true, force: true });
    }
  });
  it('a set-user-ID bit is not given to the copy: reported, and the move completes (a difference)', async () => {
    const shm = fs.mkdtempSync('/dev/shm/rshell-mv-');
    try {
      const setup = (d: string): void => fs.chmodSync(`${d}/a`, 0o4755);
      const r = await runOurs(`mv a ${shm}/a; stat -c %a ${shm}/a`, { files: { a: 'A\n' }, extraRoots: [`${shm}:rw`], setup });
      expect(r).toEqual({
        stdout: '755\n',
        stderr: `mv: preserving permissions for '${shm}/a': rshell does not set the set-user-ID or set-group-ID bit of a file\n`,
        code: 0,
        tree: [],
      });
    } finally {
      fs.rmSync(shm, { recursive: true, force: true });
    }
  });
});

describe('mv: refusals and sandbox', () => {
  it.each([
    ['mv -i a b', 'mv: -i/--interactive is refused: rshell cannot prompt for confirmation (use -n or -f)\n'],
    ['mv -b a b', 'mv: -b/--backup is refused: rshell does not make backup files\n'],
    ['mv --backup=numbered a b', 'mv: -b/--backup is refused: rshell does not make backup files\n'],
    ['mv -S .bak a b', 'mv: -S/--suffix is refused: rshell does not make backup files\n'],
    ['mv -Z a b', 'mv: -Z/--context is refused: rshell does not set security contexts\n'],
  ])('%s', async (script, err) => {
    const r = await runOurs(script, { files: { a: '', b: '' } });
    expect(r).toEqual({ stdout: '', stderr: err, code: 1, tree: ['a 0 ""', 'b 0 ""'] });
  });
  it('read-only mode', async () => {
    const r = await runOurs('mv a b', { files: { a: '' }, mode: 'read-only' });
    expect(r).toEqual({ stdout: '', stderr: 'mv: filesystem capability not available (remediation mode required)\n', code: 1, tree: ['a 0 ""'] });
  });
  it('out of a :ro root, into a :ro root', async () => {
    const r = await runOurs('mv ro/x y; mv a ro/', {
      files: { a: '', 'ro/x': '' },
      extraRoots: ['$D/ro:ro'],
    });
    expect(r.stderr).toBe("mv: cannot move 'ro/x' to 'y': Permission denied\nmv: cannot move 'a' to 'ro/a': Permission denied\n");
    expect(r.tree).toEqual(['a 0 ""', 'ro/ 755', 'ro/x 0 ""']);
  });
});
