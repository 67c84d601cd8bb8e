import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countByte } from './bytes.js';
import { Buffer } from 'node:buffer';
import { ByteCounter, MAX_COUNTED_NEEDLE, MAX_MAPPED_RANGES, MAX_PROBE_GAP, SIMD_BUFFER_BYTES, simdScanner, type ByteRange } from './simd-count.js';

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
        let chunk: Uint8Array = data;
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

describe('SimdScanner.countRecords', () => {
  /** records of mem[from, end) (split at eol, the last may be unterminated) holding the needle */
  const naive = (mem: Uint8Array, from: number, end: number, needle: Uint8Array, eol: number): number => {
    const text = Buffer.from(mem.subarray(from, end)).toString('latin1');
    const records = text.split(String.fromCharCode(eol));
    if (text.endsWith(String.fromCharCode(eol))) records.pop();
    const n = Buffer.from(needle).toString('latin1');
    return records.filter((r) => r.includes(n)).length;
  };
  /** the probe pair countRecords is given: any two positions of the needle */
  const probes = (len: number, a: number, b: number): [number, number] => {
    const k1 = Math.min(a % len, b % len);
    return [k1, Math.max(a % len, b % len) - k1];
  };

  it('counts each record once, whatever its number of matches, across 16-byte steps', () => {
    const s = simdScanner()!;
    const text = Buffer.from('ERROR ERROR\nok\nxERROR\n\nERRO\nR\n' + 'y'.repeat(40) + 'ERROR' + 'z'.repeat(30) + '\nERROR', 'latin1');
    s.buffer.set(text);
    expect(s.setNeedle(Buffer.from('ERROR'))).toBe(true);
    for (const [k1, gap] of [[0, 4], [1, 3], [2, 2], [4, 0]] as const) {
      expect(s.countRecords(0, text.length, k1, gap, 0x0a)).toBe(4);
      expect(s.countRecords(0, text.length - 5, k1, gap, 0x0a)).toBe(3);
      expect(s.countRecords(12, text.length, k1, gap, 0x0a)).toBe(3);
    }
    expect(s.countRecords(0, 4, 0, 4, 0x0a)).toBe(0);
  });

  it('agrees with a naive count on random records, needles and probe pairs (NUL ends too)', () => {
    const s = simdScanner()!;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0x41, 0x42, 0x43, 0x0a, 0x00), { maxLength: 600 }),
        fc.array(fc.constantFrom(0x41, 0x42, 0x43), { minLength: 1, maxLength: 5 }),
        fc.nat(), fc.nat(), fc.nat(40), fc.boolean(),
        (data, needleArr, a, b, from, nulEnds) => {
          const eol = nulEnds ? 0 : 0x0a;
          const needle = Uint8Array.from(needleArr);
          // garbage after the data: bytes the vector loads read must not count
          s.buffer.fill(0x41, 0, 1024);
          s.buffer.set(data);
          s.setNeedle(needle);
          // the block starts at a record start
          const start = Math.min(from, data.length);
          const recStart = start === 0 ? 0 : data.lastIndexOf(eol, start - 1) + 1;
          const [k1, gap] = probes(needle.length, a, b);
          expect(s.countRecords(recStart, data.length, k1, gap, eol)).toBe(naive(s.buffer, recStart, data.length, needle, eol));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reaches the very end of the buffer', () => {
    const s = simdScanner()!;
    s.buffer.fill(0x61);
    s.buffer.set(Buffer.from('\nab'), SIMD_BUFFER_BYTES - 3);
    s.setNeedle(Buffer.from('ab'));
    expect(s.countRecords(0, SIMD_BUFFER_BYTES, 0, 1, 0x0a)).toBe(1);
    expect(s.countRecords(SIMD_BUFFER_BYTES - 2, SIMD_BUFFER_BYTES, 0, 1, 0x0a)).toBe(1);
    expect(s.countRecords(0, SIMD_BUFFER_BYTES - 1, 0, 1, 0x0a)).toBe(0);
    s.setNeedle(Buffer.from('aab'));
    s.buffer[SIMD_BUFFER_BYTES - 3] = 0x61;
    expect(s.countRecords(0, SIMD_BUFFER_BYTES, 0, 2, 0x0a)).toBe(1);
  });

  it('refuses empty and oversized needles', () => {
    const s = simdScanner()!;
    expect(s.setNeedle(new Uint8Array(0))).toBe(false);
    expect(s.setNeedle(new Uint8Array(MAX_COUNTED_NEEDLE + 1))).toBe(false);
    expect(s.setNeedle(new Uint8Array(MAX_COUNTED_NEEDLE).fill(0x61))).toBe(true);
  });
});

describe('SimdScanner.mapRanges', () => {
  const naive = (data: Uint8Array, ranges: ByteRange[]): Uint8Array =>
    data.map((c) => {
      const r = ranges.find((x) => c >= x.lo && c <= x.lo + x.span);
      return r === undefined ? c : (c + r.delta) & 0xff;
    });

  it('shifts a-z to A-Z in place and leaves the rest', () => {
    const s = simdScanner()!;
    const text = Buffer.from('Hello, World! az{`AZ 0123 \xe1\xff\x00 the quick brown fox', 'latin1');
    s.buffer.set(text);
    expect(s.setRanges([{ lo: 0x61, span: 25, delta: -32 }])).toBe(true);
    s.mapRanges(0, text.length);
    expect(Buffer.from(s.buffer.subarray(0, text.length)).toString('latin1')).toBe('HELLO, WORLD! AZ{`AZ 0123 \xe1\xff\x00 THE QUICK BROWN FOX');
  });

  it('agrees with a naive map for random disjoint ranges and offsets', () => {
    const s = simdScanner()!;
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 700 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 255 }), { minLength: 12, maxLength: 12 }),
        fc.nat(20),
        (data, cuts, deltas, from) => {
          // disjoint ranges from sorted cut points: [c0, c1-1], [c1, c2-1], …
          const sorted = [...cuts].sort((x, y) => x - y);
          const ranges: ByteRange[] = sorted.map((lo, i) => ({ lo, span: (i + 1 < sorted.length ? sorted[i + 1]! : 256) - lo - 1, delta: deltas[i]! }));
          s.buffer.set(data);
          s.setRanges(ranges);
          const start = Math.min(from, data.length);
          s.mapRanges(start, data.length);
          const want = Uint8Array.from(data);
          want.set(naive(data.subarray(start), ranges), start);
          expect(Array.from(s.buffer.subarray(0, data.length))).toEqual(Array.from(want));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('maps up to the end of the buffer, and refuses too many ranges', () => {
    const s = simdScanner()!;
    s.buffer.fill(0x61);
    s.setRanges([{ lo: 0x61, span: 0, delta: 1 }]);
    s.mapRanges(0, SIMD_BUFFER_BYTES);
    expect(s.buffer.every((c) => c === 0x62)).toBe(true);
    expect(s.setRanges([])).toBe(false);
    expect(s.setRanges(new Array(MAX_MAPPED_RANGES + 1).fill({ lo: 0, span: 0, delta: 1 }))).toBe(false);
  });
});
