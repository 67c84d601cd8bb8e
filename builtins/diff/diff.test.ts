// diff against GNU diffutils 3.8 on hand-picked cases: every supported flag, the refused ones.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diff } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';

const A = 'one\ntwo\nthree\nfour\nfive\nsix\n';
const B = 'one\nTWO\nthree\nfour  \nfive\n\nsix\nseven\n';
const files = { a: A, b: B, 'd1/x': '1\n', 'd1/s/y': 'y\n', 'd2/x': '2\n', 'd2/s/y': 'Y\n', 'd2/z': 'z\n' };
const STAMP = new Date('2022-02-02T02:02:02Z');
const setup = (dir: string): void => {
  for (const f of Object.keys(files)) fs.utimesSync(path.join(dir, f), STAMP, STAMP);
};

describe('diff: flags against GNU', () => {
  const cases: string[][] = [
    [], ['-u'], ['-U', '0'], ['-U2'], ['--unified=1'], ['-c'], ['-C', '1'], ['--context=4'], ['-e'], ['-n'], ['-f'], ['-q'], ['-s'],
    ['--normal'], ['-i'], ['-w'], ['-b'], ['-B'], ['-E'], ['-Z'], ['-I', 'TWO'], ['-t'], ['-T'], ['--suppress-blank-empty', '-u'],
    ['-d'], ['-H'], ['--horizon-lines=5', '-u'], ['-a'], ['--strip-trailing-cr'], ['--label', 'L1', '--label', 'L2', '-u'], ['-p', '-u'],
    ['-F', '^t', '-c'], ['--color=always', '-u'], ['--color=never'], ['--color=auto'], ['--tabsize=4', '-t'], ['-1', '-u'], ['-h'],
    ['--binary'], ['--inhibit-hunk-merge'], ['-W', '40'], ['--left-column'], ['--suppress-common-lines'], ['---presume-output-tty'],
    ['--ignore-file-name-case'], ['-y'], ['-y', '-W', '50', '--left-column'], ['--side-by-side', '--suppress-common-lines'], ['--sdiff-merge-assist'], ['-y', '-t', '--tabsize=3'], ['--no-ignore-file-name-case'], ['--palette=ad=33', '--color=always'],
  ];
  for (const flags of cases) {
    it(`diff ${flags.join(' ')} a b`, async () => {
      await expectSameAsGnu(diff, [...flags, 'a', 'b'], { files, setup, env: { TZ: 'UTC' } });
    });
  }
  const dirCases: string[][] = [['-r'], ['-rq'], ['-ru'], ['-rN'], ['-rP'], ['-r', '-x', 'z'], ['-r', '-S', 'x'], ['-r', '--no-dereference'], []];
  for (const flags of dirCases) {
    it(`diff ${flags.join(' ')} d1 d2`, async () => {
      await expectSameAsGnu(diff, [...flags, 'd1', 'd2'], { files, setup, env: { TZ: 'UTC' } });
    });
  }
  it('--from-file and --to-file', async () => {
    await expectSameAsGnu(diff, ['--from-file=a', 'b', 'a'], { files });
    await expectSameAsGnu(diff, ['--to-file', 'a', 'b', 'a'], { files });
  });
  it('errors', async () => {
    await expectSameAsGnu(diff, ['a', 'nosuch'], { files });
    await expectSameAsGnu(diff, ['-W', 'x', 'a', 'b'], { files });
    await expectSameAsGnu(diff, ['--tabsize=0', 'a', 'b'], { files });
    await expectSameAsGnu(diff, ['--horizon-lines=-1', 'a', 'b'], { files });
    await expectSameAsGnu(diff, ['-e', '-n', 'a', 'b'], { files });
    await expectSameAsGnu(diff, ['--from-file=a', '--from-file=b', 'a'], { files });
    await expectSameAsGnu(diff, ['-I', '\\(', 'a', 'b'], { files });
    await expectSameAsGnu(diff, ['-r', '-X', 'nosuch', 'd1', 'd2'], { files });
    await expectSameAsGnu(diff, ['-L', 'x', '-L', 'y', '-L', 'z', 'a', 'b'], { files });
    await expectSameAsGnu(diff, ['--color=bad', 'a', 'b'], { files });
  });
});

describe('diff: refused and rshell-only', () => {
  it.each([
    [['-l', 'a', 'b'], "diff: -l/--paginate is refused: rshell cannot run pr (pipe the output instead)\ndiff: Try 'diff --help' for more information.\n"],
    [['-D', 'X', 'a', 'b'], "diff: -D/--ifdef and the --*-format options are not supported by rshell\ndiff: Try 'diff --help' for more information.\n"],
    [['--line-format=%L', 'a', 'b'], "diff: -D/--ifdef and the --*-format options are not supported by rshell\ndiff: Try 'diff --help' for more information.\n"],
    [['--old-line-format=x', 'a', 'b'], "diff: -D/--ifdef and the --*-format options are not supported by rshell\ndiff: Try 'diff --help' for more information.\n"],
  ])('%j', async (args, stderr) => {
    const r = await runBuiltin(diff, args, { files });
    expect({ stdout: r.stdout, stderr: r.stderr, code: r.code }).toEqual({ stdout: '', stderr, code: 2 });
  });
  it('memory budget', async () => {
    const r = await runBuiltin(diff, ['a', 'b'], { files, limits: { maxSortBytes: 40 } });
    expect(r).toMatchObject({ stdout: '', stderr: "diff: memory exhausted (over rshell's per-command memory budget of 40 bytes, maxMemoryBytes)\n", code: 2 });
  });
});
