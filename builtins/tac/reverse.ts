// The record reversal itself, over a source read by position (a regular file's readAt, or bytes
// held in memory). GNU tac scans backwards for separators; each one found ends (or, with -b,
// starts) a record, which is written at once. So for a file with positioned reads memory stays
// bounded by one block plus the output buffer, whatever the file size.
//
// Fixed separators are searched right to left without overlap, as GNU's backward strncmp loop
// does: "xxx" split on "xx" is "x" + "xx". Regex separators come as a list of matches
// (regex-separator.ts) and are cut the same way.

import type { OutputBuffer } from '../internal/output.js';

export interface PositionedSource {
  readonly size: number;
  /** up to `length` bytes at `position` (never more); null on a failed read */
  readAt(position: number, length: number): Uint8Array | null;
}

export interface SeparatorMatch {
  start: number;
  end: number;
}

/** yields separator matches from right to left, each ending at or before the previous one's start */
export type MatchFinder = (limit: number) => SeparatorMatch | null;

export class SourceReadError extends Error {}

const BLOCK = 64 * 1024;

/**
 * A source that keeps the last block it read: records are found and copied backwards through the
 * same block, so a file of short lines costs one positioned read per 64 KiB, not one per line.
 * Each load gets a fresh buffer, so views handed out earlier stay valid.
 */
export function cachedSource(src: PositionedSource): PositionedSource {
  let cache: Uint8Array | null = null;
  let cacheStart = 0;
  return {
    size: src.size,
    readAt(pos, len) {
      const end = Math.min(src.size, pos + len);
      if (cache !== null && pos >= cacheStart && end <= cacheStart + cache.length) {
        // a plain view: the cache may be a Buffer, whose subarray() is JS with argument checks
        return new Uint8Array(cache.buffer, cache.byteOffset + pos - cacheStart, end - pos);
      }
      if (end - pos > BLOCK) return src.readAt(pos, end - pos);
      // load the block that ends here: the next reads go further back
      const start = Math.max(0, end - BLOCK);
      const block = src.readAt(start, end - start);
      if (block === null || block.length < end - start) return null;
      cache = block;
      cacheStart = start;
      return new Uint8Array(block.buffer, block.byteOffset + pos - start, end - pos);
    },
  };
}

/**
 * copy src[from, to) to out, a block at a time; a promise only when out must be waited for (one
 * record is one call: a promise per line cost tac more than the copying)
 */
export function copyRange(src: PositionedSource, out: OutputBuffer, from: number, to: number): void | Promise<void> {
  let pos = from;
  while (pos < to) {
    const chunk = src.readAt(pos, Math.min(BLOCK, to - pos));
    if (chunk === null || chunk.length === 0) throw new SourceReadError('read failed');
    const p = out.write(chunk);
    pos += chunk.length;
    if (p) {
      const resume = pos;
      return p.then(() => copyRange(src, out, resume, to));
    }
  }
}

/**
 * A finder for a fixed byte separator: the rightmost occurrence ending at or before `limit`,
 * reading backwards block by block (a block overlaps the next by separator length - 1 so an
 * occurrence across a block edge is seen).
 */
export function fixedFinder(src: PositionedSource, separator: Uint8Array): MatchFinder {
  const sepLength = separator.length;
  const blockSize = Math.max(BLOCK, sepLength * 2);
  let block: Buffer | null = null;
  let blockStart = 0;
  return (limit) => {
    let end = limit;
    for (;;) {
      if (end - sepLength < 0) return null;
      // the block in hand serves while the search range [.., end) ends inside it
      if (block === null || end > blockStart + block.length || end - sepLength < blockStart) {
        const start = Math.max(0, end - blockSize);
        const bytes = src.readAt(start, end - start);
        if (bytes === null || bytes.length < end - start) throw new SourceReadError('read failed');
        block = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
        blockStart = start;
      }
      const local = end - blockStart - sepLength;
      const at = sepLength === 1 ? block.lastIndexOf(separator[0]!, local) : block.lastIndexOf(separator, local);
      if (at >= 0) return { start: blockStart + at, end: blockStart + at + sepLength };
      if (blockStart === 0) return null;
      // nothing here: go on with the block before, overlapping by sepLength - 1 bytes
      end = blockStart + sepLength - 1;
      block = null;
    }
  };
}

/**
 * Write the records of `src` last first. `before`: the separator starts a record (-b) rather than
 * ending it. `checkAbort` runs every 1024 records.
 */
export async function writeReversed(
  src: PositionedSource,
  next: MatchFinder,
  before: boolean,
  out: OutputBuffer,
  checkAbort: () => void,
): Promise<void> {
  let pastEnd = src.size;
  let limit = src.size;
  let count = 0;
  for (;;) {
    const m = next(limit);
    if (m === null) break;
    const recordStart = before ? m.start : m.end;
    if (recordStart < pastEnd) {
      const p = copyRange(src, out, recordStart, pastEnd);
      if (p) await p;
    }
    pastEnd = recordStart;
    limit = m.start;
    if (++count % 1024 === 0) checkAbort();
  }
  if (pastEnd > 0) {
    const p = copyRange(src, out, 0, pastEnd);
    if (p) await p;
  }
}
