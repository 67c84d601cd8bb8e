import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Buffer } from 'node:buffer';
import { LiteralFinder } from './literal.js';
import { simdScanner } from '../internal/simd-count.js';

const naive = (hay: Uint8Array, needle: Uint8Array, from: number): number => Buffer.from(hay).indexOf(Buffer.from(needle), from);
const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));

describe('LiteralFinder', () => {
  it('finds through the rare byte, every occurrence in turn', () => {
    const hay = bytes('GET x ERRO ERROR y ERRORERROR\nERROR');
    const f = new LiteralFinder(bytes('ERROR'));
    const found: number[] = [];
    for (let at = f.find(hay, 0); at >= 0; at = f.find(hay, at + 1)) found.push(at);
    expect(found).toEqual([11, 19, 24, 30]);
  });

  it('does not report a match running past the end of the block', () => {
    const f = new LiteralFinder(bytes('xyzQ'));
    expect(f.find(bytes('aaaxyz'), 0)).toBe(-1);
    expect(f.find(bytes('Q'), 0)).toBe(-1);
    expect(f.find(bytes('xyzQ'), 1)).toBe(-1);
  });

  it('falls back to plain indexOf when the probe byte is common in this input, same answers', () => {
    // `q` is judged rare, but this text is full of q that are not matches
    const f = new LiteralFinder(bytes('aq'));
    const hay = bytes('q'.repeat(300_000) + 'aq');
    expect(f.find(hay, 0)).toBe(300_000);
    expect(f.find(hay, 0)).toBe(300_000);
  });

  it('agrees with Buffer.indexOf on random inputs', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 6 }),
        fc.array(fc.oneof(fc.constantFrom(0x45, 0x52, 0x4f, 0x0a, 0x20, 0x7a), fc.integer({ min: 0, max: 255 })), { maxLength: 300 }),
        fc.nat(310),
        (needle, hayArr, from) => {
          const hay = new Uint8Array(hayArr);
          const f = new LiteralFinder(needle);
          expect(f.find(hay, Math.min(from, hay.length))).toBe(naive(hay, needle, Math.min(from, hay.length)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('agrees with Buffer.indexOf for blocks in SIMD memory, record ends too', () => {
    const simd = simdScanner()!;
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 7 }).filter((n) => n.length > 0),
        fc.array(fc.oneof(fc.constantFrom(0x45, 0x52, 0x4f, 0x0a, 0x20), fc.integer({ min: 0, max: 255 })), { maxLength: 600 }),
        fc.nat(40), fc.nat(620),
        (needle, hayArr, offset, from) => {
          const hay = new Uint8Array(hayArr);
          simd.buffer.set(hay, offset);
          const view = simd.buffer.subarray(offset, offset + hay.length);
          const f = new LiteralFinder(needle, simd);
          const at = Math.min(from, hay.length);
          expect(f.find(view, at)).toBe(naive(hay, needle, at));
          expect(f.indexOfByte(view, 0x0a, at)).toBe(Buffer.from(hay).indexOf(0x0a, at));
        },
      ),
      { numRuns: 1500 },
    );
  });
});
