// tail's ways of taking the end of an input.
//
// From a stream (pipe, stdin, or a file without positioned reads) we read forward and keep only
// what can still belong to the answer: chunks are dropped from the front as soon as the chunks
// after them hold more than N delimiters (for lines) or at least N bytes. Memory is bounded by the
// last N lines/bytes plus one chunk, and capped by `maxHold`.
//
// A regular file with positioned reads (FileReader.readAt) is read from its end, as GNU tail does
// with lseek: a 200 MB log costs a few blocks, not 200 MB of reading.

import type { ByteReader } from '../../lib/io/streams.js';
import type { OutputBuffer } from '../internal/output.js';
import { countByte, pastNthByte } from '../internal/bytes.js';
import { emit, readChunk, throughBytes, throughLines, type CountEnd } from '../internal/count-through.js';

export type TailResult = { ok: true } | { ok: false; reason: 'too-large' };

const OK: TailResult = { ok: true };
const BLOCK = 64 * 1024;

const countDelims = (chunk: Uint8Array, delim: number): number => countByte(chunk, delim);
const pastNth = (chunk: Uint8Array, delim: number, k: number): number => pastNthByte(chunk, delim, k);

const bufferLastIndexOf = Buffer.prototype.lastIndexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

/**
 * The delimiters in chunk, counted from its end and only up to `cap`: a chunk that alone holds
 * `cap` (= n + 1) of them makes everything before it useless, so its exact count is never needed
 * until the end. `tail -1` of a 200 MB stream then costs two memrchr calls per chunk, not one
 * indexOf per line.
 */
function countDelimsUpTo(chunk: Uint8Array, delim: number, cap: number): number {
  let count = 0;
  let i = chunk.length - 1;
  while (count < cap && i >= 0) {
    const at = bufferLastIndexOf.call(chunk, delim, i);
    if (at < 0) break;
    count++;
    i = at - 1;
  }
  return count;
}

/** the last n lines of a stream (n >= 1) */
export async function lastLinesOfStream(
  reader: ByteReader,
  out: OutputBuffer,
  n: number,
  delim: number,
  maxHold: number,
): Promise<TailResult> {
  // held[0] may carry a capped count (>= n + 1); every later chunk's count is exact, because a
  // capped chunk drops all chunks before it. Only the exact counts of held[1..] decide drops.
  const cap = n + 1;
  const held: { bytes: Uint8Array; delims: number }[] = [];
  let heldDelims = 0;
  let heldBytes = 0;
  for (;;) {
    const chunk = await readChunk(reader);
    if (chunk === null) break;
    if (chunk.length === 0) continue;
    const delims = countDelimsUpTo(chunk, delim, cap);
    if (delims === cap) {
      held.length = 0;
      heldDelims = 0;
      heldBytes = 0;
    }
    held.push({ bytes: chunk, delims });
    heldDelims += delims;
    heldBytes += chunk.length;
    // the front chunk is not needed when the others still hold more than n delimiters
    while (held.length > 1 && heldDelims - held[0]!.delims > n) {
      const front = held.shift()!;
      heldDelims -= front.delims;
      heldBytes -= front.bytes.length;
    }
    if (heldBytes > maxHold) return { ok: false, reason: 'too-large' };
  }
  if (held.length === 0) return OK;
  const front = held[0]!;
  if (front.delims === cap) {
    // its capped count was enough to drop what came before; the skip below needs the exact one
    const exact = countDelims(front.bytes, delim);
    heldDelims += exact - front.delims;
    front.delims = exact;
  }
  const last = held[held.length - 1]!.bytes;
  const terminated = last[last.length - 1] === delim;
  // lines held = delimiters (+1 for an unterminated last line); skip all but the last n
  let skip = heldDelims + (terminated ? 0 : 1) - n;
  for (const h of held) {
    if (skip <= 0) {
      await emit(out, h.bytes);
    } else if (h.delims < skip) {
      skip -= h.delims;
    } else {
      const from = pastNth(h.bytes, delim, skip);
      skip = 0;
      await emit(out, h.bytes, from);
    }
  }
  return OK;
}

/** the last n bytes of a stream (n >= 1) */
export async function lastBytesOfStream(
  reader: ByteReader,
  out: OutputBuffer,
  n: number,
  maxHold: number,
): Promise<TailResult> {
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  for (;;) {
    const chunk = await readChunk(reader);
    if (chunk === null) break;
    held.push(chunk);
    heldBytes += chunk.length;
    while (held.length > 1 && heldBytes - held[0]!.length >= n) heldBytes -= held.shift()!.length;
    if (heldBytes > maxHold) return { ok: false, reason: 'too-large' };
  }
  let skip = heldBytes - n;
  for (const h of held) {
    if (skip >= h.length) {
      skip -= h.length;
      continue;
    }
    await emit(out, h, Math.max(0, skip));
    skip = 0;
  }
  return OK;
}

/** skip `lines` delimited records, output the rest */
export async function fromLine(reader: ByteReader, out: OutputBuffer, lines: number, delim: number): Promise<TailResult> {
  return rest(reader, out, await throughLines(reader, lines, delim));
}

/** skip `bytes` bytes, output the rest */
export async function fromByte(reader: ByteReader, out: OutputBuffer, bytes: number): Promise<TailResult> {
  return rest(reader, out, await throughBytes(reader, bytes));
}

/** the count ran out at `end`: what comes after it goes out */
async function rest(reader: ByteReader, out: OutputBuffer, end: CountEnd | null): Promise<TailResult> {
  if (end === null) return OK;
  await emit(out, end.chunk, end.pos);
  return copyRest(reader, out);
}

async function copyRest(reader: ByteReader, out: OutputBuffer): Promise<TailResult> {
  for (;;) {
    const chunk = await readChunk(reader);
    if (chunk === null) return OK;
    await emit(out, chunk);
  }
}

/** positioned reads over a regular file of known size */
export type ReadAt = (position: number, length: number) => Uint8Array | null;

/** where the last n lines of a file start, scanning blocks backwards from its end */
export function lastLinesStart(readAt: ReadAt, size: number, n: number, delim: number): number {
  let end = size;
  let wanted = n;
  let first = true;
  while (end > 0) {
    const start = Math.max(0, end - BLOCK);
    const block = readAt(start, end - start);
    if (block === null || block.length === 0) return 0;
    let i = block.length - 1;
    // the file's final delimiter ends the last line; it does not start a new one
    if (first && block[i] === delim) i--;
    first = false;
    while (i >= 0) {
      const at = block.lastIndexOf(delim, i);
      if (at < 0) break;
      wanted--;
      if (wanted === 0) return start + at + 1;
      i = at - 1;
    }
    end = start;
  }
  return 0;
}

/** copy [from, size) of a file with positioned reads */
export async function copyRange(readAt: ReadAt, out: OutputBuffer, from: number, size: number): Promise<void> {
  let pos = from;
  while (pos < size) {
    const block = readAt(pos, Math.min(BLOCK, size - pos));
    if (block === null || block.length === 0) return;
    await emit(out, block);
    pos += block.length;
  }
}
