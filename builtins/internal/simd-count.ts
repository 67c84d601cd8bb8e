// Scanning bytes at memory speed: counting one byte value (wc -l's newlines), finding a pair of
// bytes at a fixed distance (grep's literal search, see grep/literal.ts), counting the records
// that hold a fixed string (grep -c, see simd-grep.ts) and shifting byte ranges in place (tr, see
// simd-map.ts). Buffer.indexOf finds each newline with memchr, but one call per line costs
// ~25 ns, which on a log of short lines is twice the read(2) itself. JavaScript has no vector
// instructions; WebAssembly does: compares 16 bytes per step (i8x16.eq), measured here at
// ~10 GB/s for the count.
//
// The module is assembled below from named opcodes (simd-asm.ts; no text is compiled: nothing
// dynamic, no imports). Its memory is its own: a 256 KiB read buffer, one page of slack (vector
// loads near the buffer's end read past it) and one page of parameters (grep's needle, tr's
// ranges). Callers read straight into the buffer (`buffer`), so the bytes are not copied; chunks
// from elsewhere are copied in first. Where WebAssembly SIMD is missing, callers fall back to JS.

import { countByte } from './bytes.js';
import {
  BLOCK, BR, BR_IF, I16X8_EXTADD_PAIRWISE_I8X16_U, I32, I32_ADD, I32_AND, I32_CTZ, I32_GE_U, I32_LT_U,
  I32X4_EXTADD_PAIRWISE_I16X8_U, I32X4_EXTRACT_LANE, I8X16_BITMASK, I8X16_EQ, I8X16_SPLAT, I8X16_SUB, IF, LOOP, RETURN,
  SELECT, SIMD, V128, V128_AND, V128_CONST, VOID, END, funcCode, get, i32, section, set, simd, tee, vload,
} from './simd-asm.js';
import { COUNT_RECORDS_LOCALS, countRecordsBody } from './simd-grep.js';
import { MAP_RANGES_LOCALS, RANGE_RECORD_BYTES, mapRangesBody } from './simd-map.js';

const PAGE = 65536;
/** the read buffer: 4 pages of 64 KiB, the size of one read chunk */
export const SIMD_BUFFER_BYTES = 4 * PAGE;
/** after the buffer: one page of slack, then the parameter page */
const PARAMS_AT = SIMD_BUFFER_BYTES + PAGE;
const PAGES = PARAMS_AT / PAGE + 1;
/** the widest gap between the two probe bytes of find2 (a load at p + gap stays in memory) */
export const MAX_PROBE_GAP = PAGE - 16;
/** grep's needle for countRecords, at the start of the parameter page */
const NEEDLE_AT = PARAMS_AT;
/** the longest needle countRecords takes */
export const MAX_COUNTED_NEEDLE = PAGE / 2;
/** tr's ranges for mapRanges, in the second half of the parameter page */
const RANGES_AT = PARAMS_AT + MAX_COUNTED_NEEDLE;
/** the most ranges mapRanges takes */
export const MAX_MAPPED_RANGES = Math.floor((PAGE - MAX_COUNTED_NEEDLE) / RANGE_RECORD_BYTES);

// count(n, byte): how many of memory[0, n & ~15) equal `byte` (the caller counts the last < 16)
const N = 0;
const BYTE = 1;
const I = 2;
const TOTAL = 3;
const STOP = 4;
const ACC = 5;
const NEEDLE = 6;
/** 255 steps of 16 bytes: a lane of the u8 accumulator cannot overflow before it is summed */
const BLOCK_BYTES = 255 * 16;

const COUNT_LOCALS: [number, number][] = [
  [3, I32], // i, total, stop
  [2, V128], // acc, needle
];
/** the count kernel (functions, not constants: the module is assembled on first use only) */
const countBody = (): number[] => [
  ...get(BYTE), SIMD, I8X16_SPLAT, ...set(NEEDLE),
  ...get(N), ...i32(-16), I32_AND, ...set(N),
  BLOCK, VOID,
  LOOP, VOID, // one block of up to 255 steps
  ...get(I), ...get(N), I32_GE_U, BR_IF, 1,
  ...get(I), ...i32(BLOCK_BYTES), I32_ADD, ...tee(STOP),
  ...get(N), ...get(STOP), ...get(N), I32_LT_U, SELECT, ...set(STOP), // stop = min(i + block, n)
  SIMD, V128_CONST, ...new Array<number>(16).fill(0), ...set(ACC),
  LOOP, VOID, // acc -= (memory[i..i+16] == needle): each equal lane is -1
  ...get(ACC), ...get(I), ...vload(), ...get(NEEDLE), SIMD, I8X16_EQ, SIMD, I8X16_SUB, ...set(ACC),
  ...get(I), ...i32(16), I32_ADD, ...tee(I), ...get(STOP), I32_LT_U, BR_IF, 0,
  END,
  ...get(ACC), SIMD, I16X8_EXTADD_PAIRWISE_I8X16_U, SIMD, I32X4_EXTADD_PAIRWISE_I16X8_U, ...set(ACC),
  ...get(TOTAL),
  ...get(ACC), SIMD, I32X4_EXTRACT_LANE, 0, I32_ADD,
  ...get(ACC), SIMD, I32X4_EXTRACT_LANE, 1, I32_ADD,
  ...get(ACC), SIMD, I32X4_EXTRACT_LANE, 2, I32_ADD,
  ...get(ACC), SIMD, I32X4_EXTRACT_LANE, 3, I32_ADD,
  ...set(TOTAL),
  BR, 0,
  END,
  END,
  ...get(TOTAL),
];

// find2(from, end, b1, b2, gap): the first p in [from, end) with memory[p] == b1 and
// memory[p + gap] == b2, or -1 (16 candidates tested per step; the caller verifies the rest)
const FROM = 0;
const END_AT = 1;
const B1 = 2;
const B2 = 3;
const GAP = 4;
const V1 = 5;
const V2 = 6;
const MASK = 7;

const FIND2_LOCALS: [number, number][] = [
  [2, V128], // v1, v2
  [1, I32], // mask
];
const find2Body = (): number[] => [
  ...get(B1), SIMD, I8X16_SPLAT, ...set(V1),
  ...get(B2), SIMD, I8X16_SPLAT, ...set(V2),
  BLOCK, VOID,
  LOOP, VOID,
  ...get(FROM), ...get(END_AT), I32_GE_U, BR_IF, 1,
  ...get(FROM), ...vload(), ...get(V1), ...simd(I8X16_EQ),
  ...get(FROM), ...get(GAP), I32_ADD, ...vload(), ...get(V2), ...simd(I8X16_EQ),
  ...simd(V128_AND), ...simd(I8X16_BITMASK), ...tee(MASK),
  IF, VOID, // the first candidate of these 16, if it lies before end
  ...get(FROM), ...get(MASK), I32_CTZ, I32_ADD, ...tee(FROM),
  ...i32(-1), ...get(FROM), ...get(END_AT), I32_LT_U, SELECT, RETURN,
  END,
  ...get(FROM), ...i32(16), I32_ADD, ...set(FROM),
  BR, 0,
  END,
  END,
  ...i32(-1),
];

/** a function type: `params` i32 parameters, one i32 result or none */
const funcType = (params: number, results: 0 | 1): number[] => [0x60, params, ...new Array<number>(params).fill(I32), results, ...(results ? [I32] : [])];
/** an export entry of function `index` under a one-letter name */
const exportFunc = (name: string, index: number): number[] => [0x01, name.charCodeAt(0), 0x00, index];

/** the module's bytes, assembled when a scanner is first asked for (not at import: ~2.5 ms) */
const moduleBytes = (): Uint8Array => new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // \0asm, version 1
  ...section(1, [0x04, ...funcType(2, 1), ...funcType(5, 1), ...funcType(6, 1), ...funcType(3, 0)]),
  ...section(3, [0x04, 0x00, 0x01, 0x02, 0x03]), // function i has type i
  ...section(5, [0x01, 0x01, PAGES, PAGES]), // one memory, exactly PAGES pages
  // "m": memory 0; "c": count, "f": find2, "g": countRecords, "t": mapRanges
  ...section(7, [0x05, 0x01, 0x6d, 0x02, 0x00, ...exportFunc('c', 0), ...exportFunc('f', 1), ...exportFunc('g', 2), ...exportFunc('t', 3)]),
  ...section(10, [
    0x04,
    ...funcCode(COUNT_LOCALS, countBody()),
    ...funcCode(FIND2_LOCALS, find2Body()),
    ...funcCode(COUNT_RECORDS_LOCALS, countRecordsBody(NEEDLE_AT)),
    ...funcCode(MAP_RANGES_LOCALS, mapRangesBody(RANGES_AT)),
  ]),
]);

interface SimdExports {
  m: { buffer: ArrayBuffer };
  c: (n: number, byte: number) => number;
  f: (from: number, end: number, b1: number, b2: number, gap: number) => number;
  g: (from: number, end: number, k1: number, gap: number, len: number, eol: number) => number;
  t: (from: number, end: number, rangesEnd: number) => void;
}

/** the part of the WebAssembly API used here (the project's TypeScript libs do not declare it) */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: SimdExports };
}
const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

let compiled: object | null | undefined;

function simdModule(): object | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = wasm === undefined ? null : moduleBytes();
    compiled = wasm !== undefined && bytes !== null && wasm.validate(bytes) ? new wasm.Module(bytes) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

/** bytes in [lo, lo + span] move by delta (mod 256): one run of a tr table (see simd-map.ts) */
export interface ByteRange {
  lo: number;
  span: number;
  delta: number;
}

/** One instance of the module: its read buffer and its kernels (null without SIMD). */
export class SimdScanner {
  /** the first SIMD_BUFFER_BYTES of the instance's memory: read chunks here to scan them in place */
  readonly buffer: Uint8Array;
  private readonly memory: Uint8Array;
  private needleLength = 0;
  private rangesEnd = 0;

  constructor(private readonly kernels: SimdExports) {
    this.memory = new Uint8Array(kernels.m.buffer);
    this.buffer = this.memory.subarray(0, SIMD_BUFFER_BYTES);
  }

  /** how many of buffer[0, n & ~15) equal byte */
  count(n: number, byte: number): number {
    return this.kernels.c(n, byte);
  }

  /**
   * the first p in [from, end) with buffer[p] == b1 and buffer[p + gap] == b2, or -1; needs
   * end <= SIMD_BUFFER_BYTES and gap <= MAX_PROBE_GAP (bytes past the buffer are read, not used)
   */
  find2(from: number, end: number, b1: number, b2: number, gap: number): number {
    return this.kernels.f(from, end, b1, b2, gap);
  }

  /** the needle for countRecords; false when it is longer than MAX_COUNTED_NEEDLE (or empty) */
  setNeedle(needle: Uint8Array): boolean {
    if (needle.length === 0 || needle.length > MAX_COUNTED_NEEDLE) return false;
    this.memory.set(needle, NEEDLE_AT);
    this.needleLength = needle.length;
    return true;
  }

  /**
   * How many records of buffer[from, end) hold the needle (whole records ending in eol, the last
   * one may be unterminated; the needle holds no eol). Its probes are needle[k1] and
   * needle[k1 + gap], its rarest bytes.
   */
  countRecords(from: number, end: number, k1: number, gap: number, eol: number): number {
    const len = this.needleLength;
    if (end - from < len) return 0;
    return this.kernels.g(from, end, k1, gap, len, eol);
  }

  /** the ranges for mapRanges; false when there are none or more than MAX_MAPPED_RANGES */
  setRanges(ranges: readonly ByteRange[]): boolean {
    if (ranges.length === 0 || ranges.length > MAX_MAPPED_RANGES) return false;
    let at = RANGES_AT;
    for (const r of ranges) {
      this.memory.fill(r.lo & 0xff, at, at + 16);
      this.memory.fill(r.span & 0xff, at + 16, at + 32);
      this.memory.fill(r.delta & 0xff, at + 32, at + 48);
      at += RANGE_RECORD_BYTES;
    }
    this.rangesEnd = ranges.length * RANGE_RECORD_BYTES;
    return true;
  }

  /** buffer[from, end) through the ranges, in place (up to 31 bytes after end may change too) */
  mapRanges(from: number, end: number): void {
    this.kernels.t(from, end, this.rangesEnd);
  }
}

/** a fresh instance with its own memory, or null; runs take one through acquireSimdScanner */
export function simdScanner(): SimdScanner | null {
  const mod = simdModule();
  if (mod === null || wasm === undefined) return null;
  return new SimdScanner(new wasm.Instance(mod).exports);
}

/**
 * Instances kept for the next run: creating one costs ~0.1 ms (its memory is a fresh mapping),
 * which `echo hi | wc -l` in a loop would pay every time. A run takes one (never shared while it
 * holds it) and gives it back when done.
 */
const idleScanners: SimdScanner[] = [];
const KEPT_SCANNERS = 4;

export function acquireSimdScanner(): SimdScanner | null {
  return idleScanners.pop() ?? simdScanner();
}

export function releaseSimdScanner(s: SimdScanner | null): void {
  if (s !== null && idleScanners.length < KEPT_SCANNERS && !idleScanners.includes(s)) idleScanners.push(s);
}

/**
 * Counts one byte value over chunks. Each instance has its own memory (one per run of a tool, so
 * concurrent runs never share it); `buffer` is that memory, for reading chunks straight into it.
 */
export class ByteCounter {
  /** where to read chunks so that count() needs no copy (a plain buffer without SIMD) */
  readonly buffer: Uint8Array;
  private readonly simd: SimdScanner | null;

  constructor(private readonly byte: number) {
    this.simd = acquireSimdScanner();
    this.buffer = this.simd?.buffer ?? new Uint8Array(SIMD_BUFFER_BYTES);
  }

  /** done counting: the instance goes back to the pool (this counter must not be used again) */
  release(): void {
    releaseSimdScanner(this.simd);
  }

  /** how many bytes of chunk equal the byte */
  count(chunk: Uint8Array): number {
    if (this.simd === null) return countByte(chunk, this.byte);
    let total = 0;
    if (chunk.buffer !== this.buffer.buffer || chunk.byteOffset !== 0) {
      // a chunk read elsewhere (a pipe, pushed-back bytes): through the memory piece by piece
      for (let at = 0; at < chunk.length; at += SIMD_BUFFER_BYTES) {
        const piece = chunk.subarray(at, Math.min(chunk.length, at + SIMD_BUFFER_BYTES));
        this.buffer.set(piece);
        total += this.countInMemory(piece.length);
      }
      return total;
    }
    return this.countInMemory(chunk.length);
  }

  /** count() calls it with a scanner only */
  private countInMemory(n: number): number {
    let total = this.simd!.count(n, this.byte);
    const mem = this.buffer;
    for (let i = n & ~15; i < n; i++) if (mem[i] === this.byte) total++;
    return total;
  }
}
