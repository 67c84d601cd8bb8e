import { describe, expect, it } from 'vitest';
import { sort } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';

const FILES = {
  words: 'banana\napple\nCherry\napple\n\nbanana split\n  indented\n\xff\xfe\nzeta\n',
  nums: '10\n9\n-1\n-0\n0\n+5\n.5\n1e3\nabc\n 3\n1,000\n0x10\ninf\nnan\n-inf\n1k\n2M\n1K\n-1G\n0.5G\n1Q\n',
  cols: 'b 2 x\na 10 y\nc 1 z\na 2 w\n  d  3 v\n',
  csv: 'b:2:x\na:10:y\nc:1:z\na:2:w\n:3:\n',
  months: 'mar\nJan\n  feb\nxyz\nDEC\n',
  vers: 'a-1.10\na-1.9\na-1.9~rc1\na.txt\na-1.9.tar.gz\n.hidden\n\n..\n.\nv1.2.3\nv1.2.10\n',
  nonl: 'b\na',
  sorted: 'a\nb\nb\nc\n',
  sorted2: 'a\nbb\nd\n',
  dict: 'a-b\nab\na b\n_x\n',
  z: 'b\0a\0c\0',
  mixed: 'B\na\nb\nA\n',
  empty: '',
};

const cases: string[][] = [
  ['words'], ['-r', 'words'], ['-u', 'words'], ['-f', 'mixed'], ['-fu', 'mixed'], ['-fr', 'mixed'], ['-b', 'words'],
  ['-n', 'nums'], ['-nr', 'nums'], ['-g', 'nums'], ['-h', 'nums'], ['-nu', 'nums'], ['-ns', 'nums'],
  ['-k2', 'cols'], ['-k2n', 'cols'], ['-k2,2n', 'cols'], ['-k2,2n', '-k1,1r', 'cols'], ['-k1.2', 'cols'], ['-k1.2b', 'cols'],
  ['-b', '-k2', 'cols'], ['-k3', '-r', 'cols'], ['-k2,2', '-s', 'cols'], ['-k2,2n', '-u', 'cols'], ['-k1,1', '-u', 'cols'],
  ['-t:', '-k2n', 'csv'], ['-t:', '-k3', 'csv'], ['-t', ':', '-k2,2', '-k1', 'csv'], ['-t:', '-k1.1,1.1', 'csv'], ['-t:', '-k2.2', 'csv'],
  ['-M', 'months'], ['-Mr', 'months'], ['-V', 'vers'], ['-d', 'dict'], ['-i', 'words'], ['-df', 'dict'],
  ['--sort=numeric', 'nums'], ['--sort=ver', 'vers'], ['nonl'], ['-z', 'z'], ['-m', 'sorted', 'sorted2'], ['-mu', 'sorted', 'sorted2'],
  ['-c', 'sorted'], ['-c', 'words'], ['-C', 'words'], ['-cu', 'sorted'], ['--check=quiet', 'words'], ['-c', 'sorted', 'words'],
  ['empty'], ['words', 'nums'], ['nosuch'], ['words', 'nosuch'], ['-'],
  ['-k'], ['-k', '0'], ['-k', '1.0'], ['-k', 'a'], ['-k1,0'], ['-k1x'], ['-k1.2.3'], ['-k', '1,2x'], ['-k1.x'],
  ['-t', 'ab'], ['-t', ''], ['-t:', '-t,'], ['-n', '-g'], ['-d', '-n'], ['-c', '-C'], ['--sort=foo'], ['-x'], ['--s'], ['--bogus'],
  ['-R', '-d', 'empty'], ['-S', '10M', '--parallel=2', '--batch-size=4', 'words'], ['-k', '99999999999999999999', 'words'],
  ['-k2n', '-g', 'cols'], ['-rnb', '-g'], ['-k2.5', 'cols'], ['-k', '2,1', 'cols'],
];

describe('sort vs GNU coreutils 9.1', () => {
  for (const args of cases) {
    it(args.join(' ') || '(no args)', async () => {
      await expectSameAsGnu(sort, args, { files: FILES, stdin: 'z\ny\n' });
    });
  }
  it('refused options', async () => {
    for (const [args, msg] of [
      [['-o', 'out'], 'sort: -o/--output is refused: rshell builtins do not write files (redirect stdout instead)\n'],
      [['-T', '/tmp'], 'sort: -T/--temporary-directory is refused: rshell sorts in memory and writes no temporary files\n'],
      [['--compress-program=gzip'], 'sort: --compress-program is refused: rshell runs no external programs\n'],
    ] as [string[], string][]) {
      const r = await runBuiltin(sort, args, { stdin: 'b\na\n' });
      expect(r).toMatchObject({ stdout: '', stderr: msg, code: 2 });
    }
  });
  it('-R groups equal keys', async () => {
    const r = await runBuiltin(sort, ['-R'], { stdin: 'a\nb\na\nc\nb\na\n' });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.slice().sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'c']);
    const firsts = lines.filter((l, i) => i === 0 || lines[i - 1] !== l);
    expect(new Set(firsts).size).toBe(firsts.length);
  });
  it('memory budget', async () => {
    const r = await runBuiltin(sort, [], { stdin: 'x\n'.repeat(1000), limits: { maxSortBytes: 100 } });
    expect(r).toMatchObject({ stdout: '', stderr: "sort: memory exhausted (over rshell's per-command memory budget of 100 bytes, maxMemoryBytes)\n", code: 2 });
  });

  it('counts each record against the budget, not only its bytes (a short line costs ~100 bytes of heap)', async () => {
    // 1,000 distinct short lines: ~4,000 bytes of input, over a 50,000-byte budget once records count
    const distinct = Array.from({ length: 1000 }, (_, i) => `${i}\n`).join('');
    const r = await runBuiltin(sort, [], { stdin: distinct, limits: { maxSortBytes: 50_000 } });
    expect(r).toMatchObject({ stdout: '', stderr: "sort: memory exhausted (over rshell's per-command memory budget of 50000 bytes, maxMemoryBytes)\n", code: 2 });
    // equal lines are grouped: only the distinct ones become strings
    const same = await runBuiltin(sort, [], { stdin: 'x\n'.repeat(1000), limits: { maxSortBytes: 50_000 } });
    expect(same).toMatchObject({ stdout: 'x\n'.repeat(1000), stderr: '', code: 0 });
  });
});

describe('--check values', () => {
  for (const args of [['--check='], ['--check=q'], ['--check=s'], ['--check=d'], ['--check=x'], ['--check']]) {
    it(args.join(' '), async () => {
      await expectSameAsGnu(sort, args, { stdin: 'b\na\n' });
    });
  }
});
