import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bothWays, runOurs } from '../../tests/security/write-builtins-harness.js';

const FILES = { 'f.txt': 'x\n', 'g.txt': 'y\n', 'd/a': 'a\n', 'd/s/b': 'b\n', 'e/': '', '-dash': 'z\n' };

describe('rm: same output and same tree as GNU rm', () => {
  it.each([
    'rm f.txt',
    'rm -v f.txt g.txt',
    'rm nosuch f.txt',
    'rm -f nosuch f.txt',
    'rm -f',
    'rm',
    'rm d',
    'rm e',
    'rm -d e',
    'rm -d d',
    'rm -dv e',
    'rm -r d',
    'rm -rv e',
    'rm -R d e f.txt',
    'rm --recursive --verbose d/s',
    'rm -r d/',
    'rm f.txt/',
    'rm -r . .. d/..',
    'rm -d .',
    'rm -r /',
    'rm -- -dash',
    'rm -dash',
    'rm -x f.txt',
    'rm --interactive=never f.txt',
    'rm --interactive=bogus f.txt',
    'rm --preserve-root=x f.txt',
    'rm --preserve-root=all -r d',
    'rm -rf d nosuch; echo rc=$?',
    'rm -r --one-file-system d',
    'rm -rv link',
    'rm -v link2',
    'rm -rv link/',
  ])('%s', async (script) => {
    const setup = (d: string): void => {
      fs.symlinkSync('d', `${d}/link`);
      fs.symlinkSync('nowhere', `${d}/link2`);
    };
    const { ours, bash } = await bothWays(script, { files: FILES, setup });
    expect(ours).toEqual(bash);
  });
  it('a hard link may be removed (only one name goes)', async () => {
    const setup = (d: string): void => fs.linkSync(`${d}/f.txt`, `${d}/h`);
    const { ours, bash } = await bothWays('rm -v h', { files: FILES, setup });
    expect(ours).toEqual(bash);
    expect(ours.tree).toContain('f.txt 2 "x\\n"');
  });
});

describe('rm: refusals', () => {
  it.each([
    ['rm -i f.txt', 'rm: -i is refused: rshell cannot prompt for confirmation (use -f or no option)\n'],
    ['rm -I f.txt', 'rm: -I is refused: rshell cannot prompt for confirmation (use -f or no option)\n'],
    ['rm --interactive f.txt', 'rm: --interactive is refused: rshell cannot prompt for confirmation (use -f or no option)\n'],
    ['rm --interactive=once f.txt', 'rm: --interactive is refused: rshell cannot prompt for confirmation (use -f or no option)\n'],
    ['rm --no-preserve-root -r f.txt', 'rm: --no-preserve-root is refused: rshell never removes /\n'],
  ])('%s', async (script, err) => {
    const r = await runOurs(script, { files: { 'f.txt': 'x\n' } });
    expect(r).toEqual({ stdout: '', stderr: err, code: 1, tree: ['f.txt 2 "x\\n"'] });
  });
  it('-f after -i wins, as in GNU', async () => {
    const r = await runOurs('rm -i -f f.txt', { files: { 'f.txt': 'x\n' } });
    expect(r).toEqual({ stdout: '', stderr: '', code: 0, tree: [] });
  });
  it('read-only mode: nothing is removed', async () => {
    const r = await runOurs('rm -rf f.txt d', { files: FILES, mode: 'read-only' });
    expect(r.stderr).toBe('rm: filesystem capability not available (remediation mode required)\n');
    expect(r.code).toBe(1);
    expect(r.tree).toContain('f.txt 2 "x\\n"');
  });
  it('a :ro root: Permission denied, nothing removed', async () => {
    const r = await runOurs('rm -r f.txt d', { files: { 'f.txt': 'x\n', 'd/a': '' }, rootMode: 'ro' });
    expect(r.stderr).toBe("rm: cannot remove 'f.txt': Permission denied\nrm: cannot remove 'd/a': Permission denied\n");
    expect(r.tree).toEqual(['d/ 755', 'd/a 0 ""', 'f.txt 2 "x\\n"']);
  });
  it('the per-run entry budget stops a run that removes too much', async () => {
    const setup = (d: string): void => {
      for (const sub of ['a', 'b']) {
        fs.mkdirSync(`${d}/big/${sub}`, { recursive: true });
        for (let i = 0; i < 5000; i++) fs.writeFileSync(`${d}/big/${sub}/${i}`, '');
      }
      fs.writeFileSync(`${d}/big/b/extra`, '');
    };
    const r = await runOurs('rm -r big/a; echo "rc=$?"; rm -r big/b; echo "rc=$?"; rm -v big/b/extra', { setup }, (d) => {
      expect(fs.existsSync(`${d}/big/a`)).toBe(false);
      expect(fs.readdirSync(`${d}/big/b`).length).toBe(5000);
    });
    // the budget left (4999) still allows small removals
    expect(r.stderr).toBe('rm: entry budget exceeded: rshell removes at most 10000 entries per run\n');
    expect(r.stdout).toBe("rc=0\nrc=1\nremoved 'big/b/extra'\n");
    expect(r.code).toBe(0);
  }, 60_000);
});
