// The fast path of cut for the common shape: one contiguous selection (`-f2`, `-f2-4`, `-f3-`)
// with the input delimiter as output delimiter. Then a line's output is one slice of the line
// (the delimiters between selected fields are copied as they are), so whole chunks are scanned
// in one loop, byte by byte, with no per-line objects and no per-segment calls. Lines that span
// chunks are assembled in a carry; the unterminated last line goes back to the general path
// (it carries a GNU -z quirk).

import type { ByteReader } from '../../lib/io/streams.js';
import { ByteAccumulator } from '../internal/lines.js';
import { indexOfByte } from '../internal/bytes.js';
import type { OutputBuffer } from '../internal/output.js';
import { Buffer } from 'node:buffer';

const bufferLastIndexOf = Buffer.prototype.lastIndexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

export interface FieldSlice {
  /** first and last selected field, 1-based; hi = Infinity for "to the end" */
  lo: number;
  hi: number;
  delim: number;
  eol: number;
  onlyDelimited: boolean;
  maxLineBytes: number;
}

/** copies short slices with a loop: cheaper than a subarray object per line */
function copyInto(out: OutputBuffer, src: Uint8Array, from: number, to: number): void {
  const dst = out.buf;
  let o = out.len;
  if (to - from < 48) {
    for (let k = from; k < to; k++) dst[o++] = src[k]!;
  } else {
    dst.set(src.subarray(from, to), o);
    o += to - from;
  }
  out.len = o;
}

/** where a scan stopped: the slice of the line that did not fit, and where the next line starts */
class Stop {
  from = 0;
  to = 0;
  next = 0;
}

const DONE = 0;
const FULL = 1;
const TOO_LONG = 2;

/**
 * Cut the terminated lines of bytes[pos, end) (bytes[end - 1] is the terminator). Stops early
 * when a line's output does not fit the output buffer (FULL: `stop` says what to write) or at a
 * line over the limit (TOO_LONG).
 */
function cutLines(p: FieldSlice, bytes: Uint8Array, pos: number, end: number, out: OutputBuffer, stop: Stop): number {
  const { lo, hi, delim, eol } = p;
  let i = pos;
  while (i < end) {
    const ls = i;
    let field = 1;
    let fs = lo === 1 ? ls : -1;
    let fe = -1;
    let sawDelim = false;
    for (; i < end; i++) {
      const c = bytes[i]!;
      if (c === eol) break;
      if (c === delim) {
        sawDelim = true;
        if (field === hi) {
          fe = i;
          i = indexOfByte(bytes, eol, i + 1);
          break;
        }
        field++;
        if (field === lo) fs = i + 1;
      }
    }
    const le = i;
    if (le - ls > p.maxLineBytes) return TOO_LONG;
    let from: number;
    let to: number;
    if (!sawDelim) {
      if (p.onlyDelimited) {
        i = le + 1;
        continue;
      }
      from = ls;
      to = le;
    } else if (fs < 0) {
      from = to = 0; // too few fields: an empty line
    } else {
      from = fs;
      to = fe >= 0 ? fe : le;
    }
    if (out.len + (to - from) + 1 > out.cap) {
      stop.from = from;
      stop.to = to;
      stop.next = le + 1;
      return FULL;
    }
    copyInto(out, bytes, from, to);
    out.buf[out.len++] = eol;
    i = le + 1;
  }
  return DONE;
}

/** drive cutLines over bytes[pos, end), draining the output as needed; false at a too-long line */
async function cutRegion(p: FieldSlice, bytes: Uint8Array, pos: number, end: number, out: OutputBuffer, stop: Stop): Promise<boolean> {
  for (;;) {
    const r = cutLines(p, bytes, pos, end, out, stop);
    if (r === DONE) return true;
    if (r === TOO_LONG) return false;
    // FULL: write the pending line (large ones pass through), then go on after it
    // (a copy: the sink may keep what it is handed, and the carry's buffer is reused)
    const w = out.write(bytes.slice(stop.from, stop.to));
    if (w) await w;
    if (out.len + 1 > out.cap) {
      const d = out.drain();
      if (d) await d;
    }
    out.buf[out.len++] = p.eol;
    pos = stop.next;
  }
}

export type FastResult = { kind: 'ok'; lastLine: Uint8Array | null } | { kind: 'too-long' };

/**
 * Cut every terminated line of the reader. The unterminated last line, if any, is returned for
 * the general path.
 */
export async function cutFieldSlices(p: FieldSlice, reader: ByteReader, out: OutputBuffer, checkAbort: () => void): Promise<FastResult> {
  const carry = new ByteAccumulator();
  const stop = new Stop();
  for (;;) {
    checkAbort();
    const r = reader.read();
    const chunk = r instanceof Promise ? await r : r;
    if (chunk === null) break;
    let pos = 0;
    if (carry.length > 0) {
      const nl = indexOfByte(chunk, p.eol);
      if (nl < 0) {
        carry.append(chunk, 0, chunk.length);
        if (carry.length > p.maxLineBytes) return { kind: 'too-long' };
        continue;
      }
      carry.append(chunk, 0, nl + 1);
      if (!(await cutRegion(p, carry.bytes, 0, carry.length, out, stop))) return { kind: 'too-long' };
      carry.clear();
      pos = nl + 1;
    }
    const last = pos < chunk.length ? bufferLastIndexOf.call(chunk, p.eol) : -1;
    if (last >= pos) {
      if (!(await cutRegion(p, chunk, pos, last + 1, out, stop))) return { kind: 'too-long' };
      pos = last + 1;
    }
    if (pos < chunk.length) {
      carry.append(chunk, pos, chunk.length);
      if (carry.length > p.maxLineBytes) return { kind: 'too-long' };
    }
  }
  return { kind: 'ok', lastLine: carry.length > 0 ? carry.view().slice() : null };
}
