// Scanning bytes at memory speed: counting one byte value (wc -l's newlines) and finding a pair
// of bytes at a fixed distance (grep's literal search, see grep/literal.ts). Buffer.indexOf finds
// each newline with memchr, but one call per line costs ~25 ns, which on a log of short lines is
// twice the read(2) itself. JavaScript has no vector instructions; WebAssembly does: a ~300-byte
// module compares 16 bytes per step (i8x16.eq), measured here at ~10 GB/s for the count.
//
// The module is assembled below from named opcodes (no text is compiled: nothing dynamic, no
// imports, its own memory: a 256 KiB read buffer plus one page of slack). Callers read straight
// into that memory (`buffer`), so the bytes are not copied; chunks from elsewhere are copied in
// first. Where WebAssembly SIMD is missing, callers fall back to indexOf.

import { countByte } from './bytes.js';

/** the read buffer: 4 pages of 64 KiB, the size of one read chunk */
export const SIMD_BUFFER_BYTES = 4 * 65536;
/** one more page of memory past the buffer: vector loads near its end may read (not use) beyond */
const PAGES = 5;
/** the widest gap between the two probe bytes of find2 (a load at p + gap stays in memory) */
export const MAX_PROBE_GAP = 65536 - 16;

// ---- a few opcodes (WebAssembly core 2.0, fixed-width SIMD) ------------------------------------
const I32 = 0x7f;
const V128 = 0x7b;
const BLOCK = 0x02;
const LOOP = 0x03;
const VOID = 0x40;
const END = 0x0b;
const BR = 0x0c;
const BR_IF = 0x0d;
const SELECT = 0x1b;
const I32_LT_U = 0x49;
const I32_GE_U = 0x4f;
const I32_ADD = 0x6a;
const I32_AND = 0x71;
const I32_CTZ = 0x68;
const IF = 0x04;
const RETURN = 0x0f;
const V128_AND = 0x4e;
const I8X16_BITMASK = 0x64;
const SIMD = 0xfd;
const V128_LOAD = 0x00;
const V128_CONST = 0x0c;
const I8X16_SPLAT = 0x0f;
const I32X4_EXTRACT_LANE = 0x1b;
const I8X16_EQ = 0x23;
const I8X16_SUB = 0x71;
const I16X8_EXTADD_PAIRWISE_I8X16_U = 0x7d;
const I32X4_EXTADD_PAIRWISE_I16X8_U = 0x7f;

const get = (local: number): number[] => [0x20, local];
const set = (local: number): number[] => [0x21, local];
const tee = (local: number): number[] => [0x22, local];
/** i32.const with a signed LEB128 immediate */
function i32(n: number): number[] {
  const out = [0x41];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}
const section = (id: number, bytes: number[]): number[] => [id, ...uleb(bytes.length), ...bytes];

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

const COUNT_BODY = [
  0x02, 0x03, I32, 0x02, V128, // locals: i, total, stop (i32); acc, needle (v128)
  ...get(BYTE), SIMD, I8X16_SPLAT, ...set(NEEDLE),
  ...get(N), ...i32(-16), I32_AND, ...set(N),
  BLOCK, VOID,
  LOOP, VOID, // one block of up to 255 steps
  ...get(I), ...get(N), I32_GE_U, BR_IF, 1,
  ...get(I), ...i32(BLOCK_BYTES), I32_ADD, ...tee(STOP),
  ...get(N), ...get(STOP), ...get(N), I32_LT_U, SELECT, ...set(STOP), // stop = min(i + block, n)
  SIMD, V128_CONST, ...new Array<number>(16).fill(0), ...set(ACC),
  LOOP, VOID, // acc -= (memory[i..i+16] == needle): each equal lane is -1
  ...get(ACC), ...get(I), SIMD, V128_LOAD, 0, 0, ...get(NEEDLE), SIMD, I8X16_EQ, SIMD, I8X16_SUB, ...set(ACC),
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
  END,
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

const FIND2_BODY = [
  0x02, 0x02, V128, 0x01, I32, // locals: v1, v2 (v128); mask (i32)
  ...get(B1), SIMD, I8X16_SPLAT, ...set(V1),
  ...get(B2), SIMD, I8X16_SPLAT, ...set(V2),
  BLOCK, VOID,
  LOOP, VOID,
  ...get(FROM), ...get(END_AT), I32_GE_U, BR_IF, 1,
  ...get(FROM), SIMD, V128_LOAD, 0, 0, ...get(V1), SIMD, I8X16_EQ,
  ...get(FROM), ...get(GAP), I32_ADD, SIMD, V128_LOAD, 0, 0, ...get(V2), SIMD, I8X16_EQ,
  SIMD, V128_AND, SIMD, I8X16_BITMASK, ...tee(MASK),
  IF, VOID, // the first candidate of these 16, if it lies before end
  ...get(FROM), ...get(MASK), I32_CTZ, I32_ADD, ...tee(FROM),
  ...i32(-1), ...get(FROM), ...get(END_AT), I32_LT_U, SELECT, RETURN,
  END,
  ...get(FROM), ...i32(16), I32_ADD, ...set(FROM),
  BR, 0,
  END,
  END,
  ...i32(-1),
  END,
];

const MODULE_BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // \0asm, version 1
  // type 0: (i32, i32) -> i32; type 1: (i32, i32, i32, i32, i32) -> i32
  ...section(1, [0x02, 0x60, 0x02, I32, I32, 0x01, I32, 0x60, 0x05, I32, I32, I32, I32, I32, 0x01, I32]),
  ...section(3, [0x02, 0x00, 0x01]), // function 0 (count) has type 0, function 1 (find2) type 1
  ...section(5, [0x01, 0x01, PAGES, PAGES]), // one memory, exactly PAGES pages
  // exports "m": memory 0, "c": function 0, "f": function 1
  ...section(7, [0x03, 0x01, 0x6d, 0x02, 0x00, 0x01, 0x63, 0x00, 0x00, 0x01, 0x66, 0x00, 0x01]),
  ...section(10, [0x02, ...uleb(COUNT_BODY.length), ...COUNT_BODY, ...uleb(FIND2_BODY.length), ...FIND2_BODY]),
]);

interface SimdExports {
  m: { buffer: ArrayBuffer };
  c: (n: number, byte: number) => number;
  f: (from: number, end: number, b1: number, b2: number, gap: number) => number;
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
    compiled = wasm !== undefined && wasm.validate(MODULE_BYTES) ? new wasm.Module(MODULE_BYTES) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

/** One instance of the module: its read buffer and its two functions (null without SIMD). */
export interface SimdScanner {
  /** the first SIMD_BUFFER_BYTES of the instance's memory: read chunks here to scan them in place */
  readonly buffer: Uint8Array;
  /** how many of buffer[0, n & ~15) equal byte */
  count(n: number, byte: number): number;
  /**
   * the first p in [from, end) with buffer[p] == b1 and buffer[p + gap] == b2, or -1; needs
   * end <= SIMD_BUFFER_BYTES and gap <= MAX_PROBE_GAP (bytes past the buffer are read, not used)
   */
  find2(from: number, end: number, b1: number, b2: number, gap: number): number;
}

/** a fresh instance with its own memory, or null; runs take one through acquireSimdScanner */
export function simdScanner(): SimdScanner | null {
  const mod = simdModule();
  if (mod === null) return null;
  const exports = new wasm!.Instance(mod).exports;
  return { buffer: new Uint8Array(exports.m.buffer, 0, SIMD_BUFFER_BYTES), count: exports.c, find2: exports.f };
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

  private countInMemory(n: number): number {
    let total = this.simd!.count(n, this.byte);
    const mem = this.buffer;
    for (let i = n & ~15; i < n; i++) if (mem[i] === this.byte) total++;
    return total;
  }
}
