import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bothWays, runOurs } from '../../tests/security/write-builtins-harness.js';

const FILES = { 'a': 'A\n', 'b': 'B\n', 'd/x': 'X\n', 'd/s/y': 'Y\n', 'e/': '', 'f/d/': '' };

describe('cp: same output and same tree as GNU cp', () => {
  it.each([
    'cp a c',
    "cp a ''",
    'cp a b/x',
    'cp -r d b/x',
    'cp -v a b',
    'cp a b e',
    'cp -v a b e/',
    'cp -t e -v a b',
    'cp -T a c',
    'cp -T a b c',
    'cp -t e -T a',
    'cp -t nosuch a',
    'cp a b c',
    'cp a b d/x',
    'cp a a',
    'cp nosuch x',
    'cp d e',
    'cp -r d e',
    'cp -R d g',
    'cp -rv d/s g',
    'cp -r d/ g',
    'cp --recursive d/s e/',
    'cp -r d a',
    'cp a e/..',
    'cp a d',
    'cp -n a b',
    'cp -f -n a b',
    'cp -n -f a b',
    'cp a nodir/z',
    'cp a',
    'cp',
    'cp -x -v a c',
    'cp -p a c',
    'cp --preserve=timestamps a c',
    'cp --no-preserve=mode a c',
    'cp --sparse=auto --reflink=auto a c',
    'cp --remove-destination -v a b',
    'cp -q a b',
    'cp --no a b',
    'cp --re a b',
    'cp /dev/null c',
    'cp -a d g',
    'cp -dR d g',
    'cp -P a c',
    'cp -H a c',
    'cp --strip-trailing-slashes -r d/ g',
    'cp --preserve a c',
  ])('%s', async (script) => {
    const { ours, bash } = await bothWays(script, { files: FILES });
    expect(ours).toEqual(bash);
  });
  it.each(['cp -v a ld', 'cp -v a ld/', 'cp -rH ld g', 'cp ld g'])('through a link to a directory: %s', async (script) => {
    const setup = (d: string): void => fs.symlinkSync('d', `${d}/ld`);
    const { ours, bash } = await bothWays(script, { files: FILES, setup });
    expect(ours).toEqual(bash);
  });
  it('-L copies a link as its target; a plain cp follows links too', async () => {
    const setup = (d: string): void => fs.symlinkSync('a', `${d}/l`);
    const { ours, bash } = await bothWays('cp -v l c; cp -rL l e/', { files: FILES, setup });
    expect(ours).toEqual(bash);
  });
  it('-u skips an older source; -p keeps the source times', async () => {
    const setup = (d: string): void => {
      fs.utimesSync(`${d}/a`, 1000, 1000);
      fs.utimesSync(`${d}/d/x`, 2000, 2000);
    };
    let kept = 0;
    const ours = await runOurs('cp -uv a b; cp -uv b a; cp -p d/x c', { files: FILES, setup }, (d) => (kept = fs.statSync(`${d}/c`).mtimeMs));
    expect(ours.stdout).toBe("'b' -> 'a'\n");
    expect(kept).toBe(2_000_000);
  });
});

describe('cp: permission bits (GNU: a new file or directory gets the source mode & ~umask)', () => {
  const setup = (d: string): void => {
    fs.chmodSync(`${d}/a`, 0o600);
    fs.chmodSync(`${d}/d`, 0o700);
  };
  it.each(['cp -r d g', 'cp -a d g', 'cp -rp d g', 'cp b c', 'cp --no-preserve=mode -r d g'])('%s', async (script) => {
    const { ours, bash } = await bothWays(script, { files: FILES, setup });
    expect(ours).toEqual(bash);
  });
  const modes = (d: string): void => {
    fs.chmodSync(`${d}/a`, 0o600);
    fs.chmodSync(`${d}/b`, 0o777);
    fs.chmodSync(`${d}/d/x`, 0o640);
    fs.chmodSync(`${d}/d/s`, 0o500);
    fs.chmodSync(`${d}/d`, 0o750);
  };
  it.each([
    // new files: the source's bits less the umask; existing ones keep theirs
    "cp a c; cp b h; cp a d/x; cp b e/; stat -c '%n %a' c h d/x e/b",
    // -p, --preserve=mode, -a: exactly the source's bits, on new and existing files
    "cp -p a c; cp -p b h; cp -p a d/x; cp --preserve=mode b e/; cp -a b d/x; stat -c '%n %a' c h d/x e/b",
    "cp --preserve=mode,timestamps a c; cp --preserve a h; stat -c '%n %a' c h",
    // --no-preserve=mode: 0666 & ~umask for a new file; the last of -p and --no-preserve wins
    "cp --no-preserve=mode b c; cp --no-preserve=mode a d/x; cp -p --no-preserve=mode a h; cp --no-preserve=mode -p a i; stat -c '%n %a' c d/x h i",
    "cp --remove-destination a d/x; stat -c '%n %a' d/x",
    // directories: made with the source's bits less the umask (owner bits given back once filled)
    "cp -r d g; stat -c '%n %a' g g/x g/s",
    "cp -a d g; cp -rp d/s t; stat -c '%n %a' g g/x g/s t",
    "cp -r --no-preserve=mode d g; cp -a --no-preserve=mode d/s t; stat -c '%n %a' g g/x g/s t",
    // an existing directory keeps its mode without -p and takes the source's with it
    "cp -r d/. e; stat -c '%n %a' e; cp -a d/. e; stat -c '%n %a' e",
  ])('modes: %s', async (script) => {
    const { ours, bash } = await bothWays(script, { files: FILES, setup: modes });
    expect(ours).toEqual(bash);
  });
  it('set-user-ID and set-group-ID bits of a file are not given to a copy (a difference)', async () => {
    const setup = (d: string): void => {
      fs.chmodSync(`${d}/a`, 0o4755);
      fs.chmodSync(`${d}/b`, 0o2750);
    };
    const r = await runOurs("cp a c; cp -p a d/x; cp --preserve=mode b h; echo \"status=$?\"; stat -c '%n %a' c d/x h", { files: FILES, setup });
    expect(r.stdout).toBe('status=1\nc 755\nd/x 755\nh 750\n');
    expect(r.stderr).toBe(
      "cp: preserving permissions for 'd/x': rshell does not set the set-user-ID or set-group-ID bit of a file\n" +
        "cp: preserving permissions for 'h': rshell does not set the set-user-ID or set-group-ID bit of a file\n",
    );
    expect(r.tree).toContain('d/x 2 "A\\n"');
  });
});

describe('cp: refusals and sandbox', () => {
  it.each([
    ['cp -i a b', 'cp: -i/--interactive is refused: rshell cannot prompt for confirmation (use -n or -f)\n'],
    ['cp -s a b', 'cp: -s/--symbolic-link is refused: rshell does not create links\n'],
    ['cp -l a b', 'cp: -l/--link is refused: rshell does not create links\n'],
    ['cp -b a b', 'cp: -b/--backup is refused: rshell does not make backup files\n'],
    ['cp --parents a b', 'cp: --parents is refused: not supported by rshell (mkdir -p, then cp)\n'],
    ['cp -S .bak a b', 'cp: -S/--suffix is refused: rshell does not make backup files\n'],
    ['cp -Z a b', 'cp: -Z/--context is refused: rshell does not set security contexts\n'],
    ['cp --attributes-only a b', 'cp: --attributes-only is refused: not supported by rshell\n'],
    ['cp --copy-contents a b', 'cp: --copy-contents is refused: rshell does not copy special files\n'],
    ['cp --backup=simple a b', 'cp: -b/--backup is refused: rshell does not make backup files\n'],
  ])('%s', async (script, err) => {
    const r = await runOurs(script, { files: { a: '', b: '' } });
    expect(r).toEqual({ stdout: '', stderr: err, code: 1, tree: ['a 0 ""', 'b 0 ""'] });
  });
  it('read-only mode', async () => {
    const r = await runOurs('cp a b', { files: { a: '' }, mode: 'read-only' });
    expect(r).toEqual({ stdout: '', stderr: 'cp: filesystem capability not available (remediation mode required)\n', code: 1, tree: ['a 0 ""'] });
  });
  it('a symlink inside a tree is skipped; a symlinked or hard-linked destination is refused', async () => {
    const setup = (d: string): void => {
      fs.symlinkSync('../a', `${d}/d/l`);
      fs.symlinkSync('b', `${d}/lb`);
      fs.linkSync(`${d}/b`, `${d}/hb`);
    };
    const r = await runOurs('cp -r d g; cp a lb; cp a hb', { files: { a: 'A', b: 'B', 'd/x': 'X' }, setup });
    expect(r.stderr).toBe(
      "cp: not copying symbolic link 'd/l': rshell does not create links (use -L to copy its target)\n" +
        "cp: cannot open 'lb' for writing: symlinks are not supported as write targets\n" +
        "cp: cannot open 'hb' for writing: hard links are not supported as write targets\n",
    );
    expect(r.tree).toContain('g/x 1 "X"');
    expect(r.tree).toContain('b 1 "B" nlink=2');
  });
  it('known differences: a link is not recreated, a directory is not copied into itself', async () => {
    const setup = (d: string): void => fs.symlinkSync('d', `${d}/ld`);
    const r = await runOurs('cp -r ld g; cp -rv d ld', { files: { 'd/x': '' }, setup });
    expect(r.stderr).toBe(
      "cp: not copying symbolic link 'ld': rshell does not create links (use -L to copy its target)\n" +
        "cp: cannot copy a directory, 'd', into itself, 'ld/d'\n",
    );
    expect(r.tree).toEqual(['d/ 755', 'd/x 0 ""', 'ld -> d']);
  });
  it('special files are refused', async () => {
    const r = await runOurs('cp /dev/zero z', { files: {} });
    expect(r.stderr).toBe("cp: cannot copy special file '/dev/zero': rshell copies regular files and directories only\n");
    expect(r.tree).toEqual([]);
  });
});
