// awk's output streams: stdout, /dev/stderr, files (remediation mode only) and `print | "cmd"`
// pipes. Text is gathered as a latin1 string and handed to the writer in 64 KiB pieces; a write
// the writer makes us wait for is kept as `pending`, and nothing more is written until it settles
// (the order of the output stays as printed).

import { Buffer } from 'node:buffer';

const CAP = 64 * 1024;
const latin1Write = (Buffer.prototype as unknown as { latin1Write: (this: Uint8Array, s: string, at: number, n: number) => number }).latin1Write;

export class OutStream {
  /** the bytes gathered: text is written into it as latin1 (one byte per char) */
  private buf = new Uint8Array(CAP);
  private len = 0;
  /** bytes held while the writer makes us wait (a synchronous function kept printing) */
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private pending: Promise<void> | null = null;

  constructor(
    readonly sink: import('../../lib/io/streams.js').ByteWriter,
    private readonly maxHeld: number,
  ) {}

  /** append; a promise when the caller should wait before writing much more */
  write(s: string): void | Promise<void> {
    const n = s.length;
    if (this.len + n <= CAP) {
      this.len += latin1Write.call(this.buf, s, this.len, n);
      return;
    }
    return this.writeLong(s);
  }

  private writeLong(s: string): void | Promise<void> {
    let at = 0;
    let wait: Promise<void> | undefined;
    while (at < s.length) {
      if (this.len === CAP) wait = this.drain() ?? wait;
      const k = Math.min(CAP - this.len, s.length - at);
      this.len += latin1Write.call(this.buf, s.slice(at, at + k), this.len, k);
      at += k;
    }
    return wait;
  }

  /** hand everything buffered to the writer */
  drain(): void | Promise<void> {
    if (this.len === 0 && this.held.length === 0) return this.pending ?? undefined;
    if (this.pending !== null) {
      // the writer is busy: keep the bytes, in order, for when it is ready
      if (this.len > 0) {
        this.held.push(this.buf.slice(0, this.len));
        this.heldBytes += this.len;
        this.len = 0;
        if (this.heldBytes > this.maxHeld) throw new Error(`awk output held past ${this.maxHeld} bytes while the reader waits`);
      }
      return this.pending;
    }
    let chunk: Uint8Array;
    if (this.held.length > 0) {
      chunk = this.held.shift()!; // length checked
      this.heldBytes -= chunk.length;
    } else {
      chunk = this.buf.subarray(0, this.len);
      this.len = 0;
    }
    const w = this.sink.write(chunk);
    if (!w) return this.held.length > 0 ? this.drain() : undefined;
    // the writer may read the chunk until its promise settles: gather into a fresh buffer
    if (chunk.buffer === this.buf.buffer) this.buf = new Uint8Array(CAP);
    const p: Promise<void> = w.then(() => {
      this.pending = null;
      const next = this.drain();
      return next ?? undefined;
    });
    this.pending = p;
    p.catch(() => {}); // awaited by whoever drains next; not an unhandled rejection meanwhile
    return p;
  }

  /** drain, then the writer's own flush */
  flush(): void | Promise<void> {
    const d = this.drain();
    if (d) return d.then(() => this.flush());
    return this.sink.flush();
  }
}
