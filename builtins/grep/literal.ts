// Finding a fixed byte string in a block. Buffer.indexOf(needle) scans for the needle's FIRST byte
// with memchr and compares at each hit; when that byte is common in the text (the `E` of `ERROR`
// in a log full of `GET`), it stops every few bytes. Scanning instead for the needle's RAREST byte
// (judged by a fixed table of how common each byte is in text, the way fast substring searchers
// choose their probe) stops far less often. If the guess proves wrong on this input (the probe byte
// turns out frequent), the finder falls back to Buffer.indexOf(needle) for good.
//
// Blocks that lie in a SimdScanner's memory (grep reads its chunks there) are searched 16 bytes
// at a time for the needle's two rarest bytes at their distance (see simd-count.ts), and the
// end of a record with the same scan: no call per candidate into Buffer.indexOf. `grep -c`
// needs no record back at all: countRecords counts a whole block in one call (simd-grep.ts).

import { Buffer } from 'node:buffer';
import { MAX_PROBE_GAP, SIMD_BUFFER_BYTES, releaseSimdScanner, type SimdScanner } from '../internal/simd-count.js';

const bufferIndexOf = Buffer.prototype.indexOf as (this: Uint8Array, value: number | Uint8Array, byteOffset?: number) => number;
const bufferLastIndexOf = Buffer.prototype.lastIndexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

/** English letter order, most frequent first: letters early in it make poor probes */
const LETTERS_BY_FREQUENCY = 'etaoinshrdlcumwfgypbvkjxqz';

/** how common a byte usually is in text and logs (higher: more common, a worse probe) */
const COMMONNESS = buildCommonness();

function buildCommonness(): Uint8Array {
  const t = new Uint8Array(256); // control and high bytes: 0, the best probes
  for (let c = 0x21; c < 0x7f; c++) t[c] = 40; // rare punctuation (~ ^ | { } …)
  for (const ch of '.,/-_:="\'()[];') t[ch.charCodeAt(0)] = 120;
  for (let c = 0x30; c <= 0x39; c++) t[c] = 150; // digits
  for (let i = 0; i < LETTERS_BY_FREQUENCY.length; i++) {
    const lower = LETTERS_BY_FREQUENCY.charCodeAt(i);
    t[lower] = 230 - i * 4; // e 230 … z 130
    t[lower - 0x20] = 110 - i * 2; // E 110 … Z 60: capitals are rarer than any lowercase letter
  }
  t[0x20] = 255; // space
  t[0x09] = 130; // tab
  return t;
}

/** the index of the needle's rarest byte (the last one on a tie: it rejects partial prefixes) */
function probeIndex(needle: Uint8Array, skip = -1): number {
  let best = skip === 0 ? 1 : 0;
  for (let i = best + 1; i < needle.length; i++) {
    if (i !== skip && COMMONNESS[needle[i]!]! <= COMMONNESS[needle[best]!]!) best = i; // a table of 256
  }
  return best;
}

/** Probe hits that were not matches before the rare-byte guess is judged on this input. */
const JUDGE_AFTER_FALSE_HITS = 4096;
/** Fewer bytes than this per false probe hit: the probe is common here, use plain indexOf. */
const MIN_BYTES_PER_FALSE_HIT = 64;

export class LiteralFinder {
  private readonly probe: number;
  private readonly probeByte: number;
  private falseHits = 0;
  private scanned = 0;
  private plain: boolean;

  /** the two probe positions for the SIMD scan (first < second; equal for a one-byte needle) */
  private readonly pair: readonly [number, number];
  /** the needle is in the SIMD module's memory: countRecords works */
  private readonly counts: boolean;

  constructor(
    private readonly needle: Uint8Array,
    private readonly simd: SimdScanner | null = null,
  ) {
    this.probe = probeIndex(needle);
    this.probeByte = needle[this.probe]!; // a matcher's literal: one byte at least
    // a one-byte needle, or a probe no rarer than the first byte: indexOf does the same already
    this.plain = needle.length === 1 || this.probe === 0;
    const second = needle.length === 1 ? this.probe : probeIndex(needle, this.probe);
    this.pair = second < this.probe ? [second, this.probe] : [this.probe, second];
    if (this.pair[1] - this.pair[0] > MAX_PROBE_GAP) {
      releaseSimdScanner(simd);
      this.simd = null;
    }
    this.counts = this.simd?.setNeedle(needle) === true;
  }

  /** give the SIMD scanner back to the pool (no search after this) */
  release(): void {
    releaseSimdScanner(this.simd);
  }

  /** where a block must lie to be scanned with SIMD (null: it never is) */
  get simdBuffer(): Uint8Array | null {
    return this.simd?.buffer ?? null;
  }

  /**
   * bytes is a view of the SIMD memory: its offset there, else -1. Resolve it once per block
   * (a typed array's .buffer is not a cheap read) and pass it to find and indexOfByte.
   */
  simdBase(bytes: Uint8Array): number {
    return this.simd !== null && bytes.buffer === this.simd.buffer.buffer ? bytes.byteOffset : -1;
  }

  /**
   * How many records of bytes (whole records; the last may lack its terminator) hold the needle,
   * counted inside the SIMD module; null without one (the caller then finds record by record).
   * A block elsewhere than the module's memory goes through it in pieces of whole records, when
   * `scratchFree` says the read buffer holds nothing the caller still needs.
   */
  countRecords(bytes: Uint8Array, eol: number, scratchFree: boolean): number | null {
    const simd = this.simd;
    if (!this.counts || simd === null) return null;
    const k1 = this.pair[0];
    const gap = this.pair[1] - k1;
    const base = this.simdBase(bytes);
    if (base >= 0) return simd.countRecords(base, base + bytes.length, k1, gap, eol);
    if (!scratchFree) return null;
    let total = 0;
    let from = 0;
    while (from < bytes.length) {
      let to = bytes.length;
      if (to - from > SIMD_BUFFER_BYTES) to = bufferLastIndexOf.call(bytes, eol, from + SIMD_BUFFER_BYTES - 1) + 1;
      if (to <= from) {
        // one record longer than the buffer: found the ordinary way
        const recEnd = bufferIndexOf.call(bytes, eol, from);
        to = recEnd < 0 ? bytes.length : recEnd + 1;
        if (this.find(bytes.subarray(from, to), 0, -1) >= 0) total++;
      } else {
        simd.buffer.set(bytes.subarray(from, to));
        total += simd.countRecords(0, to - from, k1, gap, eol);
      }
      from = to;
    }
    return total;
  }

  /** start of the first occurrence of the needle in bytes[from, end of bytes), or -1 */
  find(bytes: Uint8Array, from: number, base = this.simdBase(bytes)): number {
    if (base >= 0) return this.findSimd(bytes, from, base);
    if (this.plain) return bufferIndexOf.call(bytes, this.needle, from);
    const needle = this.needle;
    const len = needle.length;
    const probe = this.probe;
    const limit = bytes.length - len;
    let at = from + probe;
    for (;;) {
      const hit = bufferIndexOf.call(bytes, this.probeByte, at);
      const start = hit - probe;
      if (hit < 0 || start > limit) {
        this.scanned += bytes.length - from;
        return -1;
      }
      let i = 0;
      while (i < len && bytes[start + i] === needle[i]) i++;
      if (i === len) {
        this.scanned += start - from;
        return start;
      }
      at = hit + 1;
      if (++this.falseHits >= JUDGE_AFTER_FALSE_HITS) {
        this.scanned += hit - from;
        from = hit + 1 - probe;
        if (this.scanned < this.falseHits * MIN_BYTES_PER_FALSE_HIT) {
          this.plain = true;
          return bufferIndexOf.call(bytes, needle, from);
        }
        this.falseHits = 0;
        this.scanned = 0;
      }
    }
  }

  private findSimd(bytes: Uint8Array, from: number, base: number): number {
    const needle = this.needle;
    const len = needle.length;
    const [k1, k2] = this.pair;
    // candidates q are where needle[k1] would sit; the match would start at q - k1
    let q = base + from + k1;
    const end = base + bytes.length - len + k1 + 1;
    const b1 = needle[k1]!;
    const b2 = needle[k2]!;
    const simd = this.simd!; // base >= 0: simdBase found the scanner's memory
    for (;;) {
      if (q >= end) return -1;
      q = simd.find2(q, end, b1, b2, k2 - k1);
      if (q < 0) return -1;
      const start = q - k1 - base;
      let i = 0;
      while (i < len && bytes[start + i] === needle[i]) i++;
      if (i === len) return start;
      q++;
    }
  }

  /** the first `byte` in bytes at or after from, or -1 (a record's end, after a match) */
  indexOfByte(bytes: Uint8Array, byte: number, from: number, base = this.simdBase(bytes)): number {
    if (base < 0) return from >= bytes.length ? -1 : bufferIndexOf.call(bytes, byte, from);
    const at = this.simd!.find2(base + from, base + bytes.length, byte, byte, 0); // base >= 0: as in findSimd
    return at < 0 ? -1 : at - base;
  }
}
