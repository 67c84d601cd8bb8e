// Output and input helpers shared by the shell builtins.
//
// Output: `emit(ctx.stdout, text, status)` writes a shell string and returns the status, awaiting
// only when the writer asks to (synchronous fast path).
//
// Input: bash's `read` takes input one byte at a time from a pipe, so it never consumes past its
// delimiter. We read chunks instead and give back what we did not use: through the reader's own
// `unread` when it has one (seekable files), otherwise into a side buffer keyed by the reader that
// the next `read`/`mapfile` on the same stream consumes first (pipes: `… | while read l`).

import { Buffer } from 'node:buffer';
import type { ByteReader, ByteWriter } from '../../../lib/io/streams.js';

export function emit(w: ByteWriter, text: string, status = 0): number | Promise<number> {
  if (text === '') return status;
  const r = w.writeString(text);
  return r ? r.then(() => status) : status;
}

/**
 * Output a builtin gathers while it may also complain: `flush` writes what it has so far, so an
 * error line comes after the lines before it (`type echo nosuch 2>&1`), and `done` awaits the
 * writes that asked to be awaited.
 */
export class OrderedOut {
  text = '';
  private pending: Promise<void> | undefined;
  constructor(private readonly w: ByteWriter) {}
  flush(): void {
    if (this.text === '') return;
    const r = this.w.writeString(this.text);
    this.text = '';
    if (r) this.pending = this.pending ? this.pending.then(() => r) : r;
  }
  done(status: number): number | Promise<number> {
    this.flush();
    return this.pending ? this.pending.then(() => status) : status;
  }
}

/** write an error line (`name: message`) to stderr */
export function complain(w: ByteWriter, line: string): void {
  const r = w.writeString(line + '\n');
  if (r) r.catch(() => undefined);
}

const leftovers = new WeakMap<ByteReader, Uint8Array>();

/** memchr over any Uint8Array (Buffer's indexOf, called without making a Buffer) */
export const bufferIndexOf = Buffer.prototype.indexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;
const NO_BYTES = new Uint8Array(0);

/** what ByteInput.line() found: the bytes before the delimiter, and whether there was one */
export interface LineBytes {
  bytes: Uint8Array;
  found: boolean;
  /** more than maxBytes came before any delimiter (`bytes` is then empty) */
  overflow?: boolean;
}

function joined(pieces: Uint8Array[] | null, last: Uint8Array): Uint8Array {
  if (pieces === null) return last;
  pieces.push(last);
  return Buffer.concat(pieces);
}

/** a byte source over a ByteReader that can give back the unused end of its last chunk */
export class ByteInput {
  private buf: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private eof = false;

  constructor(private readonly reader: ByteReader) {
    const saved = leftovers.get(reader);
    if (saved) {
      leftovers.delete(reader);
      this.buf = saved;
    }
  }

  /** the next byte, or -1 at end of input */
  next(): number | Promise<number> {
    if (this.pos < this.buf.length) return this.buf[this.pos++]!;
    if (this.eof) return -1;
    let r: Uint8Array | null | Promise<Uint8Array | null>;
    try {
      r = this.reader.read();
    } catch (e) {
      return this.fail(e);
    }
    if (r instanceof Promise) return r.then((chunk) => this.take(chunk), (e: unknown) => this.fail(e));
    return this.take(r);
  }

  /**
   * The bytes up to the next `delim`, which is consumed and not included (found: false at the end
   * of input). The delimiter is looked for in whole chunks, not byte by byte.
   */
  line(delim: number, maxBytes: number, checkAbort: () => void, pieces: Uint8Array[] | null = null, taken = 0): LineBytes | Promise<LineBytes> {
    for (;;) {
      if (this.pos < this.buf.length) {
        const i = bufferIndexOf.call(this.buf, delim, this.pos);
        if (i >= 0) {
          const part = this.buf.subarray(this.pos, i);
          this.pos = i + 1;
          return { bytes: joined(pieces, part), found: true };
        }
        // a copy: the rest of this chunk joins bytes from the next ones
        (pieces ??= []).push(this.buf.slice(this.pos));
        taken += this.buf.length - this.pos;
        this.pos = this.buf.length;
        if (taken > maxBytes) return { bytes: NO_BYTES, found: false, overflow: true };
        // an endless source (/dev/zero) must not keep the run past its deadline
        checkAbort();
      }
      if (this.eof) return { bytes: joined(pieces, NO_BYTES), found: false };
      let r: Uint8Array | null | Promise<Uint8Array | null>;
      try {
        r = this.reader.read();
      } catch (e) {
        this.fail(e);
        continue;
      }
      if (r instanceof Promise) {
        const held = pieces;
        const sum = taken;
        return r.then(
          (chunk) => {
            this.accept(chunk);
            return this.line(delim, maxBytes, checkAbort, held, sum);
          },
          (e: unknown) => {
            this.fail(e);
            return this.line(delim, maxBytes, checkAbort, held, sum);
          },
        );
      }
      this.accept(r);
    }
  }

  private accept(chunk: Uint8Array | null): void {
    if (chunk === null) {
      this.eof = true;
      return;
    }
    this.buf = chunk;
    this.pos = 0;
  }

  /** the read(2) failure that ended input early (`Is a directory`), if any */
  failure: string | undefined;

  /** a reader's errno-style failure ends input; anything else (abort, broken pipe) propagates */
  private fail(e: unknown): number {
    const carried = (e as { fsError?: { message?: unknown } } | null)?.fsError;
    if (typeof carried?.message !== 'string') throw e;
    this.failure = carried.message;
    this.eof = true;
    return -1;
  }

  private take(chunk: Uint8Array | null): number | Promise<number> {
    this.accept(chunk);
    return this.next();
  }

  /** give back the bytes read but not used */
  release(): void {
    if (this.pos >= this.buf.length) return;
    const rest = this.buf.subarray(this.pos);
    this.pos = this.buf.length;
    if (this.reader.unread) this.reader.unread(rest);
    else if (this.reader.pushBack) this.reader.pushBack(rest);
    else leftovers.set(this.reader, rest); // no copy: readers hand out fresh chunks
  }
}
