// head's four ways of cutting an input: the first N lines or bytes (stop reading as soon as they
// are out, so `yes | head` ends at once), and all but the last N lines or bytes (hold back just
// enough to know what the last N are: memory bounded by those N lines/bytes, capped by `maxHold`).
//
// Each returns the unconsumed rest of the last chunk read (for ByteReader.unread) or a failure.

import type { ByteReader } from '../../lib/io/streams.js';
import type { OutputBuffer } from '../internal/output.js';
import { countByte, pastNthByte } from '../internal/bytes.js';
import { emit, readChunk, throughBytes, throughLines, type CountEnd } from '../internal/count-through.js';

export type CutResult = { ok: true; rest: Uint8Array | undefined } | { ok: false; reason: 'too-large' };

const DONE_NOTHING_LEFT: CutResult = { ok: true, rest: undefined };

/** the first n lines (records ending in delim) */
export async function firstLines(reader: ByteReader, out: OutputBuffer, n: number, delim: number): Promise<CutResult> {
  if (n <= 0) return DONE_NOTHING_LEFT;
  return firstPart(out, await throughLines(reader, n, delim, (c) => emit(out, c)));
}

/** the first n bytes */
export async function firstBytes(reader: ByteReader, out: OutputBuffer, n: number): Promise<CutResult> {
  if (n <= 0) return DONE_NOTHING_LEFT;
  return firstPart(out, await throughBytes(reader, n, (c) => emit(out, c)));
}

/** the count ran out at `end`: what comes before goes out, the rest is left unread */
async function firstPart(out: OutputBuffer, end: CountEnd | null): Promise<CutResult> {
  if (end === null) return DONE_NOTHING_LEFT;
  await emit(out, end.chunk, 0, end.pos);
  return { ok: true, rest: end.pos < end.chunk.length ? end.chunk.subarray(end.pos) : undefined };
}

/** everything but the last n bytes */
export async function allButLastBytes(
  reader: ByteReader,
  out: OutputBuffer,
  n: number,
  maxHold: number,
): Promise<CutResult> {
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  for (;;) {
    const chunk = await readChunk(reader);
    if (chunk === null) return DONE_NOTHING_LEFT;
    held.push(chunk);
    heldBytes += chunk.length;
    // emit from the front whatever is certainly not among the last n bytes
    while (heldBytes > n) {
      const front = held[0];
      if (front === undefined) break; // heldBytes counts the held chunks: not reached
      const excess = heldBytes - n;
      if (front.length <= excess) {
        await emit(out, front);
        held.shift();
        heldBytes -= front.length;
      } else {
        await emit(out, front, 0, excess);
        held[0] = front.subarray(excess);
        heldBytes -= excess;
      }
    }
    if (heldBytes > maxHold) return { ok: false, reason: 'too-large' };
  }
}

const countDelims = (chunk: Uint8Array, delim: number): number => countByte(chunk, delim);
const pastNth = (chunk: Uint8Array, delim: number, k: number): number => pastNthByte(chunk, delim, k);

/** everything but the last n lines (a final line without delimiter counts as a line) */
export async function allButLastLines(
  reader: ByteReader,
  out: OutputBuffer,
  n: number,
  delim: number,
  maxHold: number,
): Promise<CutResult> {
  const held: { bytes: Uint8Array; delims: number }[] = [];
  let heldDelims = 0;
  let heldBytes = 0;
  let lastByte = -1;

  // emit the first `lines` complete lines held
  const release = async (lines: number): Promise<void> => {
    let left = lines;
    while (left > 0 && held.length > 0) {
      const front = held[0]!;
      // a whole chunk goes out when all its lines do (its unterminated tail continues a line
      // that is released too, unless that line is the one we stop before)
      const endsWithDelim = front.bytes[front.bytes.length - 1] === delim;
      if (front.delims < left || (front.delims === left && endsWithDelim)) {
        await emit(out, front.bytes);
        held.shift();
        left -= front.delims;
        heldDelims -= front.delims;
        heldBytes -= front.bytes.length;
      } else {
        const cut = pastNth(front.bytes, delim, left);
        await emit(out, front.bytes, 0, cut);
        held[0] = { bytes: front.bytes.subarray(cut), delims: front.delims - left };
        heldDelims -= left;
        heldBytes -= cut;
        left = 0;
      }
    }
  };

  for (;;) {
    const chunk = await readChunk(reader);
    if (chunk === null) break;
    if (chunk.length === 0) continue;
    const delims = countDelims(chunk, delim);
    held.push({ bytes: chunk, delims });
    heldDelims += delims;
    heldBytes += chunk.length;
    lastByte = chunk[chunk.length - 1]!;
    if (heldDelims > n) await release(heldDelims - n);
    if (heldBytes > maxHold) return { ok: false, reason: 'too-large' };
  }
  const partial = lastByte >= 0 && lastByte !== delim ? 1 : 0;
  const lines = heldDelims + partial - n;
  if (lines > 0) {
    if (partial === 1 && lines > heldDelims) {
      // the unterminated last line goes out too: that is everything held
      for (const h of held) await emit(out, h.bytes);
    } else {
      await release(lines);
    }
  }
  return DONE_NOTHING_LEFT;
}
