// Output and input helpers shared by the shell builtins.
//
// Output: `emit(ctx.stdout, text, status)` writes a shell string and returns the status, awaiting
// only when the writer asks to (synchronous fast path).
//
// Input: bash's `read` takes input one byte at a time from a pipe, so it never consumes past its
// delimiter. We read chunks instead and give back what we did not use: through the reader's own
// `unread` when it has one (seekable files), otherwise into a side buffer keyed by the reader that
// the next `read`/`mapfile` on the same stream consumes first (pipes: `… | while read l`).

import type { ByteReader, ByteWriter } from '../../io/streams.js';

export function emit(w: ByteWriter, text: string, status = 0): number | Promise<number> {
  if (text === '') return status;
  const r = w.writeString(text);
  return r ? r.then(() => status) : status;
}

/** write an error line (`name: message`) to stderr */
export function complain(w: ByteWriter, line: string): void {
  const r = w.writeString(line + '\n');
  if (r) r.catch(() => undefined);
}

const leftovers = new WeakMap<ByteReader, Uint8Array>();

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
    if (chunk === null) {
      this.eof = true;
      return -1;
    }
    this.buf = chunk;
    this.pos = 0;
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
