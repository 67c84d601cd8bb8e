// awk's output streams: stdout, /dev/stderr, files (remediation mode only) and `print | "cmd"`
// pipes. Text is gathered as a latin1 string and handed to the writer in 64 KiB pieces; a write
// the writer makes us wait for is kept as `pending`, and nothing more is written until it settles
// (the order of the output stays as printed).

import { Buffer } from 'node:buffer';
import type { ByteWriter } from '../../lib/io/streams.js';

const FLUSH_AT = 64 * 1024;

export class OutStream {
  private buf = '';
  private pending: Promise<void> | null = null;
  /** set once a write failed; rethrown to whoever waits next */
  constructor(
    readonly sink: ByteWriter,
    private readonly maxHeld: number,
  ) {}

  /** append; a promise when the caller should wait before writing much more */
  write(s: string): void | Promise<void> {
    this.buf += s;
    if (this.buf.length >= FLUSH_AT) {
      if (this.pending !== null && this.buf.length > this.maxHeld) {
        throw new Error(`awk output held past ${this.maxHeld} bytes while the reader waits`);
      }
      return this.drain();
    }
  }

  /** hand everything buffered to the writer */
  drain(): void | Promise<void> {
    if (this.pending !== null) return this.pending;
    if (this.buf === '') return;
    const bytes = Buffer.from(this.buf, 'latin1');
    this.buf = '';
    const w = this.sink.write(bytes);
    if (!w) return;
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
    if (d) return d.then(() => this.sink.flush() ?? undefined);
    return this.sink.flush();
  }

  get empty(): boolean {
    return this.buf === '' && this.pending === null;
  }
}
