// tr's streaming filter: stdin through the tables to stdout, chunk by chunk.
//
// Chunks come through a ChunkReader: when stdin is a regular file (`tr a-z A-Z < log`) they are
// read into one reused buffer of ours and rewritten there in place, so no fresh buffer per chunk
// and no second pass to copy the output. Chunks we do not own (a pipe's, a here-string's) are
// translated into a scratch buffer instead. A translation that moves a few ranges of bytes by a
// constant (a-z → A-Z, rot13, one byte into another) runs in the SIMD module's memory (see
// internal/simd-map.ts); other tables use the JS translators of translate.ts.
//
// Writers copy what they keep (streams.ts), and each write is awaited before the buffer is filled
// again, so handing them a view of our buffer is safe.

import type { CallContext } from '../types.js';
import { ChunkReader } from '../internal/inputs.js';
import { acquireSimdScanner, releaseSimdScanner, SIMD_BUFFER_BYTES, type SimdScanner } from '../internal/simd-count.js';
import type { TrTables } from './sets.js';
import { rangesOf, translatorFor } from './translate.js';

/**
 * The most ranges worth the SIMD kernel: each costs it ~5 vector operations per 16 bytes, so past
 * this the JS pair table (one lookup per two bytes) is as fast.
 */
const MAX_SIMD_RANGES = 6;

/** Stream stdin through the tables; the squeeze state carries across chunks. */
export async function filter(ctx: CallContext, t: TrTables): Promise<void> {
  const { translate, remove, squeeze } = t;
  // buildTables makes a translation alone, or a removal and/or a squeeze (with -s's translation)
  const alone = remove === undefined && squeeze === undefined ? translate : undefined;
  if (alone !== undefined) {
    const ranges = rangesOf(alone);
    if (ranges.length <= MAX_SIMD_RANGES) {
      const simd = acquireSimdScanner();
      if (simd?.setRanges(ranges)) {
        try {
          return await mapThroughSimd(ctx, simd);
        } finally {
          releaseSimdScanner(simd);
        }
      }
      releaseSimdScanner(simd);
    }
  }
  const translator = alone === undefined ? undefined : translatorFor(alone);
  const chunks = new ChunkReader(ctx.stdin);
  let scratch = new Uint8Array(0);
  let last = -1;
  try {
    for (;;) {
      let chunk = chunks.read();
      if (chunk instanceof Promise) chunk = await chunk;
      if (chunk === null) break;
      const len = chunk.length;
      // every path below writes byte i of the output at or before byte i of the input: in place is safe
      let out: Uint8Array;
      if (chunks.holds(chunk)) out = chunk;
      else {
        if (scratch.length < len) scratch = new Uint8Array(Math.max(len, 64 * 1024));
        out = scratch;
      }
      let n: number;
      if (translator !== undefined) {
        translator(chunk, out);
        n = len;
      } else if (squeeze === undefined) {
        n = deleteAndTranslate(chunk, out, remove!, translate); // no translation alone, no squeeze: a removal
      } else {
        n = 0;
        for (let i = 0; i < len; i++) {
          const b = chunk[i]!;
          if (remove !== undefined && remove[b] === 1) continue;
          const c = translate === undefined ? b : translate[b]!; // 256 entries
          if (c === last && squeeze[c] === 1) continue;
          out[n++] = c;
          last = c;
        }
      }
      if (n > 0) {
        const p = ctx.stdout.write(out.subarray(0, n));
        if (p) await p;
      }
    }
  } finally {
    chunks.release();
  }
}

/** a translation by ranges: every chunk rewritten in the SIMD module's memory, then written */
async function mapThroughSimd(ctx: CallContext, simd: SimdScanner): Promise<void> {
  const buffer = simd.buffer;
  const chunks = new ChunkReader(ctx.stdin, buffer);
  for (;;) {
    let chunk = chunks.read();
    if (chunk instanceof Promise) chunk = await chunk;
    if (chunk === null) break;
    if (chunk.buffer === buffer.buffer && chunk.byteOffset === buffer.byteOffset) {
      simd.mapRanges(0, chunk.length);
      const p = ctx.stdout.write(chunk);
      if (p) await p;
      continue;
    }
    // not read into our memory: copied in, a buffer's worth at a time
    for (let at = 0; at < chunk.length; at += SIMD_BUFFER_BYTES) {
      const n = Math.min(SIMD_BUFFER_BYTES, chunk.length - at);
      buffer.set(at === 0 && n === chunk.length ? chunk : chunk.subarray(at, at + n));
      simd.mapRanges(0, n);
      const p = ctx.stdout.write(buffer.subarray(0, n));
      if (p) await p;
    }
  }
}

/** -d without -s: branch-free, every byte is written and kept only when not removed (256-entry tables) */
function deleteAndTranslate(chunk: Uint8Array, out: Uint8Array, remove: Uint8Array, translate: Uint8Array | undefined): number {
  const len = chunk.length;
  let n = 0;
  if (translate === undefined) {
    for (let i = 0; i < len; i++) {
      const b = chunk[i]!;
      out[n] = b;
      n += remove[b]! ^ 1;
    }
  } else {
    for (let i = 0; i < len; i++) {
      const b = chunk[i]!;
      out[n] = translate[b]!;
      n += remove[b]! ^ 1;
    }
  }
  return n;
}
