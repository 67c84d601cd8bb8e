// Applying a tr translation table to a chunk in JavaScript, fast. Tables made of a few shifted
// ranges (every case below but the last) run in the SIMD module instead when it is there (see
// stream.ts and rangesOf at the end of this file); these translators are its fallback and the
// path for the other tables. The strategy is chosen once per run:
//
// - ASCII case mapping (a-z → A-Z, A-Z → a-z, [:lower:] ↔ [:upper:]: by far the commonest tr):
//   four bytes per 32-bit word with a branch-free per-byte range test (SWAR). No lane can carry
//   or borrow into its neighbour, so byte order does not matter. The range constants are written
//   into the loops on purpose: V8 runs the same loop ~1.7x slower when they arrive as variables.
//   Measured ~2x faster than the pair table.
// - One byte translated (tr '\n' ' ', tr , '\t'): copy the chunk natively and patch the
//   occurrences found with indexOf (memchr); once the byte turns out dense (more than 1 in 48),
//   the rest of the stream goes through the pair table instead.
// - Anything else: the pair table, two bytes at a time through a 65536-entry Uint16Array.
//
// Every translator reads `src` and writes `dst` (dst at least as long; the same memory works too:
// byte i is read before byte i is written, and nothing after it is); bytes the word loops cannot
// take (a misaligned view, the last 1-3 bytes) go through the byte table. The `!` reads stay in
// bounds: loop indices, a byte into a 256-entry table, a 16-bit pair into the 65536-entry one.

export type Translator = (src: Uint8Array, dst: Uint8Array) => void;

function byBytes(src: Uint8Array, dst: Uint8Array, table: Uint8Array, from: number): void {
  for (let i = from; i < src.length; i++) dst[i] = table[src[i]!]!;
}

/** a-z → A-Z. Lane high bit set: byte >= 0x61 (low7 + 0x1f), not > 0x7a (low7 + 0x05), ASCII */
function upperWords(src: Uint32Array, dst: Uint32Array, words: number): void {
  for (let k = 0; k < words; k++) {
    const x = src[k]!;
    const low = x & 0x7f7f7f7f;
    const hit = (low + 0x1f1f1f1f) & ~(low + 0x05050505) & ~x & 0x80808080;
    dst[k] = x - (hit >>> 2);
  }
}

/** A-Z → a-z: byte >= 0x41 (low7 + 0x3f), not > 0x5a (low7 + 0x25), ASCII */
function lowerWords(src: Uint32Array, dst: Uint32Array, words: number): void {
  for (let k = 0; k < words; k++) {
    const x = src[k]!;
    const low = x & 0x7f7f7f7f;
    const hit = (low + 0x3f3f3f3f) & ~(low + 0x25252525) & ~x & 0x80808080;
    dst[k] = x + (hit >>> 2);
  }
}

function wordTranslator(table: Uint8Array, words: (s: Uint32Array, d: Uint32Array, n: number) => void): Translator {
  return (src, dst) => {
    const n = src.length >> 2;
    if (n === 0 || (src.byteOffset & 3) !== 0 || (dst.byteOffset & 3) !== 0) {
      byBytes(src, dst, table, 0);
      return;
    }
    words(new Uint32Array(src.buffer, src.byteOffset, n), new Uint32Array(dst.buffer, dst.byteOffset, n), n);
    byBytes(src, dst, table, n << 2);
  };
}

function caseTable(lo: number, hi: number, delta: number): Uint8Array {
  const t = new Uint8Array(256);
  for (let c = 0; c < 256; c++) t[c] = c >= lo && c <= hi ? c + delta : c;
  return t;
}

const WORD_KERNELS: { table: Uint8Array; words: (s: Uint32Array, d: Uint32Array, n: number) => void }[] = [
  { table: caseTable(0x61, 0x7a, -0x20), words: upperWords },
  { table: caseTable(0x41, 0x5a, 0x20), words: lowerWords },
];

const bufferIndexOf = Buffer.prototype.indexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

/** occurrences per chunk byte above which patching loses to the pair table */
const SPARSE_LIMIT = 1 / 48;

function singleByteTranslator(from: number, to: number, dense: Translator): Translator {
  // once the byte proved dense, later chunks (same stream, likely the same shape) skip the probe
  let provedDense = false;
  return (src, dst) => {
    if (provedDense) {
      dense(src, dst);
      return;
    }
    dst.set(src);
    const budget = Math.max(16, src.length * SPARSE_LIMIT);
    let found = 0;
    let i = bufferIndexOf.call(src, from, 0);
    while (i >= 0) {
      dst[i] = to;
      if (++found > budget) {
        provedDense = true;
        dense(src.subarray(i + 1), dst.subarray(i + 1));
        return;
      }
      i = bufferIndexOf.call(src, from, i + 1);
    }
  };
}

function sameTable(a: Uint8Array, b: Uint8Array): boolean {
  for (let c = 0; c < 256; c++) if (a[c] !== b[c]) return false;
  return true;
}

/** chunks shorter than this are translated byte by byte */
const PAIR_TABLE_MIN_CHUNK = 16 * 1024;

function pairTable(table: Uint8Array): Uint16Array {
  const pairs = new Uint16Array(65536);
  for (let v = 0; v < 65536; v++) pairs[v] = v;
  const bytes = new Uint8Array(pairs.buffer);
  for (let j = 0; j < bytes.length; j++) bytes[j] = table[bytes[j]!]!;
  return pairs;
}

/**
 * The table applied to two bytes at once. Byte order does not matter: whatever the platform's,
 * pairs[v] is v with both of its bytes translated, and the same view reads and writes.
 */
function pairTranslator(table: Uint8Array): Translator {
  // the 128 KiB pair table costs ~1 ms to build: worth it for bulk data, not for `echo x | tr`
  let pairs: Uint16Array | null = null;
  return (src, dst) => {
    const half = src.length >> 1;
    if (src.length < PAIR_TABLE_MIN_CHUNK || (src.byteOffset & 1) !== 0 || (dst.byteOffset & 1) !== 0) {
      byBytes(src, dst, table, 0);
      return;
    }
    const p = (pairs ??= pairTable(table));
    const s16 = new Uint16Array(src.buffer, src.byteOffset, half);
    const d16 = new Uint16Array(dst.buffer, dst.byteOffset, half);
    for (let k = 0; k < half; k++) d16[k] = p[s16[k]!]!;
    byBytes(src, dst, table, half << 1);
  };
}

/** the fastest translator for this table; dst must be at least as long as src */
export function translatorFor(table: Uint8Array): Translator {
  for (const k of WORD_KERNELS) if (sameTable(table, k.table)) return wordTranslator(table, k.words);
  const changed: number[] = [];
  for (let c = 0; c < 256; c++) if (table[c] !== c) changed.push(c);
  if (changed.length === 0) return (src, dst) => dst.set(src);
  const pairs = pairTranslator(table);
  if (changed.length === 1) return singleByteTranslator(changed[0]!, table[changed[0]!]!, pairs);
  return pairs;
}

/** a range of bytes all moved by the same amount (see internal/simd-map.ts) */
export interface ShiftedRange {
  lo: number;
  span: number;
  /** added mod 256 */
  delta: number;
}

/**
 * The table as runs of consecutive bytes moved by the same amount (a-z → A-Z is one run, rot13
 * four); bytes left alone belong to none.
 */
export function rangesOf(table: Uint8Array): ShiftedRange[] {
  const ranges: ShiftedRange[] = [];
  let open: ShiftedRange | null = null;
  for (let c = 0; c < 256; c++) {
    const delta = (table[c]! - c) & 0xff;
    if (open !== null && delta === open.delta && delta !== 0) {
      open.span++;
      continue;
    }
    open = delta === 0 ? null : { lo: c, span: 0, delta };
    if (open !== null) ranges.push(open);
  }
  return ranges;
}
