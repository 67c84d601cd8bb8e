import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translatorFor } from './translate.js';

function tableOf(pairs: [number, number][]): Uint8Array {
  const t = new Uint8Array(256);
  for (let c = 0; c < 256; c++) t[c] = c;
  for (const [from, to] of pairs) t[from] = to;
  return t;
}

function shifted(lo: number, hi: number, delta: number): [number, number][] {
  const out: [number, number][] = [];
  for (let c = lo; c <= hi; c++) out.push([c, c + delta]);
  return out;
}

/** every strategy must agree with a plain byte-by-byte lookup, at any offset and length */
function check(table: Uint8Array, input: Uint8Array, offset: number): void {
  const backing = new Uint8Array(input.length + 8);
  backing.set(input, offset);
  const src = backing.subarray(offset, offset + input.length);
  const dst = new Uint8Array(input.length);
  translatorFor(table)(src, dst);
  const want = Buffer.from(input.map((b) => table[b]!)).toString('hex');
  expect(Buffer.from(dst).toString('hex')).toBe(want);
  // in place, as stream.ts does with chunks read into its own buffer
  translatorFor(table)(src, src);
  expect(Buffer.from(src).toString('hex')).toBe(want);
}

const ALL_BYTES = Uint8Array.from({ length: 1024 + 3 }, (_, i) => (i * 7 + (i >> 8)) & 0xff);
/** past the size where the two-byte pair table is built (smaller chunks go byte by byte) */
const BULK = Uint8Array.from({ length: 40 * 1024 + 5 }, (_, i) => (i * 13 + (i >> 9)) & 0xff);

describe('tr translators', () => {
  const tables: [string, Uint8Array][] = [
    ['a-z A-Z', tableOf(shifted(0x61, 0x7a, -0x20))],
    ['A-Z a-z', tableOf(shifted(0x41, 0x5a, 0x20))],
    ['swap case', tableOf([...shifted(0x41, 0x5a, 0x20), ...shifted(0x61, 0x7a, -0x20)])],
    ['\\n to space', tableOf([[0x0a, 0x20]])],
    ['NUL to DEL', tableOf([[0x00, 0x7f]])],
    ['DEL to NUL', tableOf([[0x7f, 0x00]])],
    ['ASCII into high half', tableOf(shifted(0x00, 0x7f, 0x80))],
    ['high bytes', tableOf(shifted(0x80, 0xff, -0x80))],
    ['rot13', tableOf([...shifted(0x61, 0x6d, 13), ...shifted(0x6e, 0x7a, -13), ...shifted(0x41, 0x4d, 13)])],
    ['identity', tableOf([])],
  ];
  for (const [name, table] of tables) {
    it(`${name}: every byte, aligned and not`, () => {
      for (const offset of [0, 1, 2, 3, 4]) check(table, ALL_BYTES, offset);
      for (let n = 0; n < 9; n++) check(table, ALL_BYTES.subarray(0, n), 0);
      for (const offset of [0, 1, 2]) check(table, BULK, offset);
    });
  }
  it('one byte, sparse then dense (patching hands over to the pair table)', () => {
    const input = Uint8Array.from({ length: 40000 }, (_, i) => (i < 1000 ? (i % 97 === 0 ? 0x0a : 0x78) : i % 3 ? 0x0a : 0x79));
    for (const offset of [0, 1, 3]) check(tableOf([[0x0a, 0x20]]), input, offset);
  });
  it('random tables and inputs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        fc.tuple(fc.integer({ min: 0, max: 127 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: -100, max: 100 })),
        fc.uint8Array({ maxLength: 300 }),
        fc.integer({ min: 0, max: 3 }),
        (singles, [lo, span, delta], input, offset) => {
          const hi = Math.min(127, lo + span);
          const range = shifted(lo, hi, delta).filter(([, to]) => to >= 0 && to <= 255);
          check(tableOf([...range, ...singles]), input, offset);
          check(tableOf(range), input, offset);
        },
      ),
      { numRuns: 300 },
    );
  });
});
