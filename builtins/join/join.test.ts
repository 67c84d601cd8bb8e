// join against GNU coreutils 9.1: every flag, the obsolete readings, order checks, errors, and a
// small differential fuzz.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { join } from './index.js';
import { both, expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';

const files = { a: '1 a x\n2 b\n4 d y z\n', b: '1 A\n3 C\n4 D\n', c: 'k,1\nm,2\n', d: 'k,x\nn,y\n', u: '2 x\n1 y\n', w: 'a\tb\n' };

describe('join: against GNU', () => {
  const cases: string[][] = [
    ['a', 'b'], ['-a1', 'a', 'b'], ['-a', '2', 'a', 'b'], ['-v1', 'a', 'b'], ['-v', '2', '-v', '1', 'a', 'b'], ['-o', 'auto', 'a', 'b'],
    ['-o', 'auto', '-e', '-', '-a1', 'a', 'b'], ['-o', '0,2.2,1.3', '-e', 'E', 'a', 'b'], ['-o', '1.1 2.2', 'a', 'b'], ['-t,', 'c', 'd'],
    ['-t', ',', '-a', '1', '-a', '2', 'c', 'd'], ['-t', '', 'a', 'b'], ['-t', '\\0', 'a', 'b'], ['-t', '\t', 'w', 'w'], ['-i', 'a', 'b'],
    ['--ignore-case', 'a', 'b'], ['--header', 'a', 'b'], ['-z', 'a', 'b'], ['u', 'b'], ['--check-order', 'u', 'b'], ['--check-order', 'a', 'b'],
    ['--nocheck-order', 'u', 'b'], ['-1', '2', '-2', '2', 'a', 'b'], ['-j', '1', 'a', 'b'], ['-j1', 'a', 'b'], ['-j2', '1', 'a', 'b'],
    ['-o', '1.1', 'a', 'b', 'x'], ['a', 'b', 'c'], ['a'], [], ['-a', '0', 'a', 'b'], ['-1', 'x', 'a', 'b'], ['-o', '0.1', 'a', 'b'],
    ['-o', '4', 'a', 'b'], ['-t', 'xy', 'a', 'b'], ['-t', 'x', '-t', 'y', 'a', 'b'], ['-e', 'a', '-e', 'b', 'a', 'b'], ['-1', '1', '-1', '2', 'a', 'b'],
    ['--bogus', 'a', 'b'], ['--help'], ['a', 'nosuch'], ['--', 'a', 'b'], ['-1', '99999999999999999999', 'a', 'b'],
  ];
  for (const args of cases) {
    it(`join ${args.join(' ')}`, async () => {
      await expectSameAsGnu(join, args, { files });
    });
  }
  it('limits: a run of equal keys past the memory budget, a line past maxLineBytes', async () => {
    const many = 'k x\n'.repeat(50);
    const r = await runBuiltin(join, ['p', 'q'], { files: { p: many, q: many }, limits: { maxSortBytes: 1000 } });
    expect(r).toMatchObject({ stdout: '', stderr: "join: memory exhausted (over rshell's per-command memory budget of 1000 bytes, maxMemoryBytes)\n", code: 1 });
    const l = await runBuiltin(join, ['p', 'q'], { files: { p: 'k ' + 'x'.repeat(100) + '\n', q: 'k\n' }, limits: { maxLineBytes: 16 } });
    expect(l).toMatchObject({ stdout: '', stderr: 'join: p: line too long (over 16 bytes)\n', code: 1 });
  });
  it('stdin', async () => {
    await expectSameAsGnu(join, ['-', 'b'], { files, stdin: '1 z\n3 q\n' });
    await expectSameAsGnu(join, ['-', '-'], { files, stdin: '1 z\n' });
  });
  it('differential fuzz', async () => {
    const line = fc.tuple(fc.constantFrom('a', 'b', 'c', 'B', ''), fc.constantFrom('', ' x', ' y z', '  w', ' ')).map(([k, r]) => k + r);
    const text = fc.array(line, { maxLength: 7 }).map((l) => l.join('\n') + (l.length ? '\n' : ''));
    await fc.assert(
      fc.asyncProperty(text, text, fc.subarray(['-a1', '-a2', '-v1', '-i', '--check-order', '--nocheck-order', '-eE', '-oauto', '--header']), async (x, y, flags) => {
        const { ours, gnu } = await both(join, [...flags, 'x', 'y'], { files: { x, y } });
        expect({ o: ours.stdout, e: ours.stderr, c: ours.code }).toEqual({ o: gnu.stdout, e: gnu.stderr, c: gnu.code });
      }),
      { numRuns: Number(process.env.RSHELL_FUZZ_RUNS ?? 200) },
    );
  }, 120_000);
});
