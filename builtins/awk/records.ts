// Reading records from a byte stream by RS: one character (the common "\n" path is an indexOf
// over a latin1 string), "" (paragraph mode: records end at blank lines, leading newlines are
// skipped), or a regex (RS longer than one character), setting RT to the terminator that was
// found. A chunk is decoded once; a record is a slice of it. A record longer than the line budget
// is a fatal error that names it.

import type { ByteReader } from '../../lib/io/streams.js';
import type { Matcher } from '../../lib/regex/index.js';
import { Buffer } from 'node:buffer';
import { readFailure } from '../internal/inputs.js';

export interface RsMode {
  /** 'char': one character; 'para': paragraph mode; 'regex' */
  kind: 'char' | 'para' | 'regex';
  ch: string;
  /** the other case of ch under IGNORECASE, or '' */
  alt: string;
  re: Matcher | null;
}

export class RecordTooLong extends Error {}

const WINDOW = 64 * 1024;
const latin1Slice = (Buffer.prototype as unknown as { latin1Slice: (this: Uint8Array, start: number, end: number) => string }).latin1Slice;

export class ReadError extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

export class RecordReader {
  private buf = '';
  private pos = 0;
  private eof = false;
  /** the terminator of the last record (RT) */
  rt = '';

  constructor(
    private readonly reader: ByteReader,
    private readonly maxBytes: number,
  ) {}

  /** the next record, or null at the end of the input */
  next(mode: RsMode): string | null | Promise<string | null> {
    for (;;) {
      const r = this.take(mode);
      if (r !== undefined) return r;
      if (this.eof) return this.rest();
      const c = this.readMore();
      if (c instanceof Promise) return c.then(() => this.next(mode));
    }
  }

  private readMore(): void | Promise<void> {
    if (this.pend !== null) {
      this.decodeWindow();
      return;
    }
    let c: Uint8Array | null | Promise<Uint8Array | null>;
    try {
      c = this.reader.read();
    } catch (e) {
      return this.failed(e);
    }
    if (c instanceof Promise) return c.then((v) => this.append(v), (e: unknown) => this.failed(e));
    this.append(c);
  }

  private failed(e: unknown): void {
    const f = readFailure(e);
    if (f === undefined) throw e;
    this.eof = true;
    throw new ReadError(f.message);
  }

  /** the chunk being decoded, a window at a time, and where its undecoded part starts */
  private pend: Uint8Array | null = null;
  private pendAt = 0;

  private append(c: Uint8Array | null): void {
    if (c === null) {
      this.eof = true;
      return;
    }
    this.pend = c;
    this.pendAt = 0;
    this.decodeWindow();
  }

  /**
   * decode the next 64 KiB of the pending chunk: V8 makes strings of that size several times
   * faster than 256 KiB ones (which go to the large-object space)
   */
  private decodeWindow(): void {
    const c = this.pend!; // called with a pending chunk
    const end = Math.min(c.length, this.pendAt + WINDOW);
    const s = latin1Slice.call(c, this.pendAt, end);
    this.pendAt = end;
    if (end >= c.length) this.pend = null;
    this.buf = this.pos >= this.buf.length ? s : this.buf.slice(this.pos) + s;
    this.pos = 0;
    if (this.buf.length > this.maxBytes + 65536) throw new RecordTooLong();
  }

  /** what is left at the end of the input, as a last record (none when empty) */
  private rest(): string | null {
    const b = this.buf;
    let p = this.pos;
    this.buf = '';
    this.pos = 0;
    this.rt = '';
    if (this.paraMode) while (p < b.length && b[p] === '\n') p++;
    if (p >= b.length) return null;
    let s = b.slice(p);
    if (s.length > this.maxBytes) throw new RecordTooLong();
    if (this.paraMode) {
      // trailing newlines end the last paragraph
      let e = s.length;
      while (e > 0 && s[e - 1] === '\n') e--;
      this.rt = s.slice(e);
      s = s.slice(0, e);
      if (s === '') return null;
    }
    return s;
  }

  private paraMode = false;

  /** a whole record from the buffer, or undefined when more input is needed */
  private take(mode: RsMode): string | undefined {
    const b = this.buf;
    const p = this.pos;
    this.paraMode = mode.kind === 'para';
    if (mode.kind === 'char') {
      let j = b.indexOf(mode.ch, p);
      if (mode.alt !== '') {
        const k = b.indexOf(mode.alt, p);
        if (k >= 0 && (j < 0 || k < j)) j = k;
      }
      if (j < 0) {
        if (b.length - p > this.maxBytes) throw new RecordTooLong();
        return undefined;
      }
      if (j - p > this.maxBytes) throw new RecordTooLong();
      this.pos = j + 1;
      this.rt = b[j]!;
      return b.slice(p, j);
    }
    if (mode.kind === 'para') {
      let s = p;
      while (s < b.length && b[s] === '\n') s++;
      if (s >= b.length) {
        if (this.eof) {
          this.pos = b.length;
        }
        return undefined;
      }
      const j = b.indexOf('\n\n', s);
      if (j < 0) return undefined;
      let e = j + 2;
      while (e < b.length && b[e] === '\n') e++;
      if (e >= b.length && !this.eof) return undefined;
      if (j - s > this.maxBytes) throw new RecordTooLong();
      this.pos = e;
      this.rt = b.slice(j, e);
      return b.slice(s, j);
    }
    const m = mode.re!; // regex mode always has its matcher
    let from = p;
    for (;;) {
      const hit = m.find(b, from);
      if (hit === null || (hit.end >= b.length && !this.eof)) {
        if (b.length - p > this.maxBytes) throw new RecordTooLong();
        return undefined;
      }
      if (hit.end === hit.start) {
        from = hit.start + 1;
        if (from > b.length) return undefined;
        continue;
      }
      if (hit.start - p > this.maxBytes) throw new RecordTooLong();
      this.pos = hit.end;
      this.rt = b.slice(hit.start, hit.end);
      return b.slice(p, hit.start);
    }
  }
}
