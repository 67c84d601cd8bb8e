import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countByte } from './bytes.js';
import { ByteCounter, MAX_PROBE_GAP, SIMD_BUFFER_BYTES, simdScanner } from './simd-count.js';

describe('ByteCounter', () => {
  it('uses WebAssembly SIMD here (node 20)', () => {
    const c = new ByteCounter(10);
    expect(c.buffer.buffer).toBeInstanceOf(ArrayBuffer);
    expect(c.buffer.length).toBe(SIMD_BUFFER_BYTES);
    expect(simdScanner()).not.toBe(null);
  });

  it('counts a full buffer of the byte (no lane overflows) and of other bytes', () => {
    const c = new ByteCounter(10);
    c.buffer.fill(10);
    expect(c.count(c.buffer)).toBe(SIMD_BUFFER_BYTES);
    for (const n of [0, 1, 15, 16, 17, 4079, 4080, 4081, 4096, 8161, 65535]) expect(c.count(c.buffer.subarray(0, n))).toBe(n);
    c.buffer.fill(11);
    expect(c.count(c.buffer)).toBe(0);
  });

  it('agrees with countByte for chunks in its memory and elsewhere, any byte', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 9000 }), fc.integer({ min: 0, max: 255 }), fc.boolean(), (data, byte, inMemory) => {
        const c = new ByteCounter(byte);
        let chunk = data;
        if (inMemory) {
          c.buffer.set(data);
          chunk = c.buffer.subarray(0, data.length);
        }
        expect(c.count(chunk)).toBe(countByte(data, byte));
      }),
      { numRuns: 300 },
    );
    // dense: every other byte
    const c = new ByteCounter(0);
    const big = new Uint8Array(SIMD_BUFFER_BYTES * 2 + 33).map((_, i) => (i % 2 ? 0 : 7));
    expect(c.count(big)).toBe(countByte(big, 0));
  });
});

describe('SimdScanner.find2', () => {
  const naive = (mem: Uint8Array, from: number, end: number, b1: number, b2: number, gap: number): number => {
    for (let p = from; p < end; p++) if (mem[p] === b1 && mem[p + gap] === b2) return p;
    return -1;
  };
  it('finds the first position with both probe bytes, within [from, end)', () => {
    const s = simdScanner()!;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(1, 2, 3, 10), { minLength: 1, maxLength: 3000 }),
        fc.nat(3000), fc.nat(3000), fc.constantFrom(1, 2, 3, 10), fc.constantFrom(1, 2, 3, 10), fc.integer({ min: 0, max: 40 }),
        (data, a, b, b1, b2, gap) => {
          s.buffer.fill(0, 0, 4200);
          s.buffer.set(data);
          const from = Math.min(a, b);
          const end = Math.min(Math.max(a, b), data.length);
          expect(s.find2(from, end, b1, b2, gap)).toBe(naive(s.buffer, from, end, b1, b2, gap));
        },
      ),
      { numRuns: 500 },
    );
  });
  it('stays inside its memory at the very end of the buffer, with the widest gap', () => {
    const s = simdScanner()!;
    s.buffer.fill(0);
    s.buffer[SIMD_BUFFER_BYTES - 1] = 7;
    expect(s.find2(0, SIMD_BUFFER_BYTES, 7, 0, MAX_PROBE_GAP)).toBe(SIMD_BUFFER_BYTES - 1);
    expect(s.find2(SIMD_BUFFER_BYTES - 1, SIMD_BUFFER_BYTES, 7, 7, 0)).toBe(SIMD_BUFFER_BYTES - 1);
    expect(s.find2(0, SIMD_BUFFER_BYTES - 1, 7, 7, 0)).toBe(-1);
  });
});
