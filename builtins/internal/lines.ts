// Line (record) reading over a ByteReader's Uint8Array chunks.
//
// Lines are bytes: a line is everything up to a delimiter byte (newline, or NUL for -z modes). The
// reader hands out views into the chunk it already holds (no copy, no per-line allocation) and only
// assembles a line into its own buffer when the line spans chunks. A line longer than
// `maxLineBytes` stops the reader with `tooLong` set instead of growing without bound: GNU tools
// have no such cap, but we hold lines in memory and GNU would need unbounded memory there too.
//
// The API is pull-based and synchronous when it can be, like the streams it wraps:
//   for (;;) {
//     let more = lr.next(); if (typeof more !== 'boolean') more = await more;
//     if (!more) break;
//     use(lr.buf.subarray(lr.start, lr.end), lr.terminated);
//   }
// `buf`/`start`/`end` are valid until the next call to next().

import type { ByteReader } from '../../lib/io/streams.js';
import { indexOfByte, latin1Slice } from './bytes.js';

const EMPTY = new Uint8Array(0);

/** how much of a chunk text() decodes at a time (a string over 128 KiB goes to V8's large-object space) */
const TEXT_WINDOW_BYTES = 64 * 1024;

export const NEWLINE = 0x0a;
export const NUL = 0x00;

/** Bounded growable byte buffer used to assemble records that span chunks. */
export class ByteAccumulator {
  bytes: Uint8Array;
  length = 0;

  constructor(initial = 256) {
    this.bytes = new Uint8Array(initial);
  }

  append(src: Uint8Array, from: number, to: number): void {
    const n = to - from;
    if (n <= 0) return;
    const need = this.length + n;
    if (need > this.bytes.length) {
      let cap = this.bytes.length * 2;
      while (cap < need) cap *= 2;
      const grown = new Uint8Array(cap);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(src.subarray(from, to), this.length);
    this.length = need;
  }

  clear(): void {
    this.length = 0;
    // Don't keep a huge buffer alive after one very long line.
    if (this.bytes.length > 1 << 20) this.bytes = new Uint8Array(256);
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

export class LineReader {
  /** the current line is buf[start, end), delimiter excluded */
  buf: Uint8Array = EMPTY;
  start = 0;
  end = 0;
  /** false for a last line without its delimiter */
  terminated = false;
  /** set when a line exceeded maxLineBytes; next() then returned false */
  tooLong = false;

  private chunk: Uint8Array = EMPTY;
  /** counts the chunks accepted: a decoded window belongs to one of them */
  private chunkNo = 0;
  private pos = 0;
  /** latin1 of chunk[windowStart, windowEnd), decoded for chunk number windowChunk (see text()) */
  private window = '';
  private windowStart = 0;
  private windowEnd = 0;
  private windowChunk = -1;
  private eof = false;
  private readonly carry = new ByteAccumulator();

  constructor(
    private readonly src: ByteReader,
    private readonly delim: number = NEWLINE,
    private readonly maxLineBytes: number = Number.MAX_SAFE_INTEGER,
  ) {}

  /** advance to the next line; false at end of input (or when tooLong) */
  next(): boolean | Promise<boolean> {
    // Fast path: a whole line inside the current chunk.
    if (this.carry.length === 0 && this.pos < this.chunk.length) {
      const i = indexOfByte(this.chunk, this.delim, this.pos);
      if (i >= 0 && i - this.pos <= this.maxLineBytes) {
        this.buf = this.chunk;
        this.start = this.pos;
        this.end = i;
        this.terminated = true;
        this.pos = i + 1;
        return true;
      }
    }
    return this.slowNext();
  }

  private slowNext(): boolean | Promise<boolean> {
    this.carry.clear();
    return this.scan();
  }

  // Assemble the current line from the carry plus following chunks (the carry is kept).
  private scan(): boolean | Promise<boolean> {
    for (;;) {
      if (this.pos < this.chunk.length) {
        const i = indexOfByte(this.chunk, this.delim, this.pos);
        const stop = i >= 0 ? i : this.chunk.length;
        if (this.carry.length + (stop - this.pos) > this.maxLineBytes) return this.stopTooLong();
        if (i >= 0) {
          if (this.carry.length === 0) {
            this.buf = this.chunk;
            this.start = this.pos;
            this.end = i;
          } else {
            this.carry.append(this.chunk, this.pos, i);
            this.buf = this.carry.bytes;
            this.start = 0;
            this.end = this.carry.length;
          }
          this.terminated = true;
          this.pos = i + 1;
          return true;
        }
        this.carry.append(this.chunk, this.pos, this.chunk.length);
        this.pos = this.chunk.length;
      }
      if (this.eof) return this.finishAtEof();
      const r = this.src.read();
      if (r instanceof Promise) return r.then((c) => (this.accept(c) ? this.scan() : this.finishAtEof()));
      if (!this.accept(r)) return this.finishAtEof();
    }
  }

  private accept(c: Uint8Array | null): boolean {
    if (c === null) {
      this.eof = true;
      return false;
    }
    this.chunk = c;
    this.chunkNo++;
    this.pos = 0;
    return true;
  }

  /**
   * The current line as a latin1-style string (one char per byte). Lines inside the current chunk
   * are cut from a window of it decoded at once, so a chunk of short lines costs one native
   * decode and a slice per line, not a Buffer and a decode per line.
   */
  text(): string {
    const start = this.start;
    const end = this.end;
    if (this.buf !== this.chunk) return latin1Slice.call(this.buf, start, end);
    if (this.windowChunk !== this.chunkNo || start < this.windowStart || end > this.windowEnd) {
      this.windowChunk = this.chunkNo;
      this.windowStart = start;
      this.windowEnd = Math.max(end, Math.min(this.chunk.length, start + TEXT_WINDOW_BYTES));
      this.window = latin1Slice.call(this.chunk, start, this.windowEnd);
    }
    return this.window.slice(start - this.windowStart, end - this.windowStart);
  }

  private stopTooLong(): false {
    this.tooLong = true;
    this.eof = true;
    this.chunk = EMPTY;
    this.pos = 0;
    this.carry.clear();
    return false;
  }

  private finishAtEof(): boolean {
    this.chunk = EMPTY;
    this.pos = 0;
    if (this.carry.length === 0) return false;
    this.buf = this.carry.bytes;
    this.start = 0;
    this.end = this.carry.length;
    this.terminated = false;
    // The carry is consumed; the next call sees an empty carry and the eof flag.
    this.carry.length = 0;
    return true;
  }
}
