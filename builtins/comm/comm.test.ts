// comm against GNU coreutils 9.1: every flag, the order checks, errors, and a small differential fuzz.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comm } from './index.js';
import { both, expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';

const files = { a: 'a\nb\nd\n', b: 'b\nc\nd\ne', u: 'b\na\nc\n', z: 'x\0y\0' };

describe('comm: against GNU', () => {
  const cases: string[][] = [
    ['a', 'b'], ['-1', 'a', 'b'], ['-2', 'a', 'b'], ['-3', 'a', 'b'], ['-12', 'a', 'b'], ['-123', 'a', 'b'], ['--total', 'a', 'b'],
    ['--output-delimiter=|', 'a', 'b'], ['--output-delimiter=', 'a', 'b'], ['--output-delimiter=x', '--output-delimiter=y', 'a', 'b'],
    ['-z', 'z', 'z'], ['--zero-terminated', 'a', 'z'], ['u', 'a'], ['--check-order', 'u', 'a'], ['--check-order', 'u', 'u'], ['--nocheck-order', 'u', 'a'],
    ['a', 'nosuch'], ['a'], [], ['a', 'b', 'c'], ['-4'], ['--help'], ['--check-order', '--nocheck-order', 'u', 'a'], ['--to', 'a', 'b'],
  ];
  for (const args of cases) {
    it(`comm ${args.join(' ')}`, async () => {
      await expectSameAsGnu(comm, args, { files });
    });
  }
  it('a line past maxLineBytes', async () => {
    const r = await runBuiltin(comm, ['p', 'q'], { files: { p: 'x'.repeat(100) + '\n', q: 'a\n' }, limits: { maxLineBytes: 16 } });
    expect(r).toMatchObject({ stdout: '', stderr: 'comm: p: line too long (over 16 bytes)\n', code: 1 });
  });
  it('stdin', async () => {
    await expectSameAsGnu(comm, ['-', 'a'], { files, stdin: 'a\nc\n' });
  });
  it('differential fuzz', async () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', 'B', 'a b', ''), { maxLength: 8 }).map((l) => l.join('\n') + (l.length ? '\n' : ''));
    await fc.assert(
      fc.asyncProperty(text, text, fc.subarray(['-1', '-2', '-3', '--total', '--check-order', '--nocheck-order', '--output-delimiter=:']), async (x, y, flags) => {
        const { ours, gnu } = await both(comm, [...flags, 'x', 'y'], { files: { x, y } });
        expect({ o: ours.stdout, e: ours.stderr, c: ours.code }).toEqual({ o: gnu.stdout, e: gnu.stderr, c: gnu.code });
      }),
      { numRuns: Number(process.env.RSHELL_FUZZ_RUNS ?? 150) },
    );
  }, 120_000);
});
