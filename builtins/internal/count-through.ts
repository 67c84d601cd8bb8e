// Reading an input up to a count of lines or bytes, the loop head and tail share: head prints
// what goes by (`head -n 5`), tail skips it (`tail -n +6`); both then act on the chunk where the
// count runs out.

import type { ByteReader } from '../../lib/io/streams.js';
import type { OutputBuffer } from './output.js';
import { indexOfByte } from './bytes.js';

/** where a count ran out: in `chunk`, just before `pos` */
export interface CountEnd {
  chunk: Uint8Array;
  pos: number;
}

export async function readChunk(reader: ByteReader): Promise<Uint8Array | null> {
  const c = reader.read();
  return c instanceof Promise ? await c : c;
}

/** write chunk[from, to), waiting only when the output asks to */
export async function emit(out: OutputBuffer, chunk: Uint8Array, from = 0, to = chunk.length): Promise<void> {
  const p = out.write(chunk, from, to);
  if (p) await p;
}

/**
 * Read until `endIn(chunk)` finds where the count runs out (-1: not in this chunk; it went by
 * whole and goes to `passed`); null when the input ends first.
 */
async function through(
  reader: ByteReader,
  endIn: (chunk: Uint8Array) => number,
  passed: ((chunk: Uint8Array) => Promise<void>) | undefined,
): Promise<CountEnd | null> {
  for (;;) {
    const chunk = await readChunk(reader);
    if (chunk === null) return null;
    const pos = endIn(chunk);
    if (pos >= 0) return { chunk, pos };
    if (passed !== undefined) await passed(chunk);
  }
}

/** until `n` records ending in `delim` have gone by (n = 0: the first chunk, at 0) */
export function throughLines(
  reader: ByteReader,
  n: number,
  delim: number,
  passed?: (chunk: Uint8Array) => Promise<void>,
): Promise<CountEnd | null> {
  let left = n;
  return through(reader, (chunk) => {
    let pos = 0;
    while (left > 0) {
      const i = indexOfByte(chunk, delim, pos);
      if (i < 0) return -1;
      pos = i + 1;
      left--;
    }
    return pos;
  }, passed);
}

/** until `n` bytes have gone by */
export function throughBytes(reader: ByteReader, n: number, passed?: (chunk: Uint8Array) => Promise<void>): Promise<CountEnd | null> {
  let left = n;
  return through(reader, (chunk) => {
    if (chunk.length >= left) return left;
    left -= chunk.length;
    return -1;
  }, passed);
}
