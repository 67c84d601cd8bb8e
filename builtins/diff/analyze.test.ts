// The comparison core alone: its deadline checks bite inside the search, and hunks on inputs
// with nothing in common stay a single change.

import { describe, expect, it } from 'vitest';
import { analyze, prepareText, type CompareOptions } from './analyze.js';

const opts = (checkAbort: () => void): CompareOptions => ({
  ignoreCase: false, whiteSpace: 0, tabSize: 8, minimal: true, speedLargeFiles: false, horizon: 0, robust: true, checkAbort,
});

const lines = (n: number, f: (i: number) => string): Uint8Array => Buffer.from(Array.from({ length: n }, (_, i) => f(i) + '\n').join(''));

describe('diff analysis', () => {
  it('calls checkAbort inside the search (-d on inputs that differ everywhere)', () => {
    const a = prepareText(lines(20000, (i) => (i % 3 === 0 ? 'a' : 'b')), false);
    const b = prepareText(lines(20000, (i) => (i % 5 === 0 ? 'a' : 'b')), false);
    let calls = 0;
    expect(() =>
      analyze(a, b, opts(() => {
        if (++calls > 3) throw new Error('deadline');
      })),
    ).toThrow('deadline');
  });

  it('files with no line in common are one change', () => {
    const a = prepareText(lines(100, (i) => `a${i}`), false);
    const b = prepareText(lines(50, (i) => `b${i}`), false);
    expect(analyze(a, b, opts(() => {})).changes).toEqual([{ line0: 0, line1: 0, deleted: 100, inserted: 50, ignore: false }]);
  });
});
