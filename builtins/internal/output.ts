// A small output assembler for tools that build their output a few bytes at a time (cat -v,
// line numbers, wc's columns). Bytes go into a 64 KiB buffer that is handed to the ByteWriter when
// full. The buffer is reused after each hand-off: ByteWriters copy what they keep (streams.ts), and
// a hand-off that returns a promise must be awaited before the buffer is written again (every
// method here does so, and callers await what drain()/write() return).
//
// Hot loops write straight into `buf` at `len` after `room(n)` guaranteed the space:
//   if (out.len + n > out.cap) { const p = out.drain(); if (p) await p; }
//   out.buf[out.len++] = byte;
// `write()` copies a range (or passes a large one through without copying).

import type { ByteWriter } from '../../lib/io/streams.js';
import { encode } from '../../lib/io/encoding.js';

const CAPACITY = 64 * 1024;

export class OutputBuffer {
  readonly buf: Uint8Array;
  /** a DataView over buf, for allocation-free copies (copyBytes in bytes.ts) */
  readonly view: DataView;
  len = 0;
  readonly cap = CAPACITY;

  constructor(private readonly sink: ByteWriter) {
    this.buf = new Uint8Array(CAPACITY);
    this.view = new DataView(this.buf.buffer);
  }

  /** hand the buffered bytes to the sink; a promise only when the sink must be waited for */
  drain(): void | Promise<void> {
    if (this.len === 0) return;
    const full = this.buf.subarray(0, this.len);
    this.len = 0;
    return this.sink.write(full);
  }

  /** append src[from, to) */
  write(src: Uint8Array, from = 0, to = src.length): void | Promise<void> {
    if (to > src.length) to = src.length;
    const n = to - from;
    if (n <= 0) return;
    if (this.len + n <= this.cap) {
      // a plain view, not src.subarray(): on a Buffer that goes through Node's slower JS subarray
      this.buf.set(new Uint8Array(src.buffer, src.byteOffset + from, n), this.len);
      this.len += n;
      return;
    }
    if (n >= this.cap / 2) {
      // large: pass through after what is buffered (order kept)
      const p = this.drain();
      if (p) return p.then(() => this.sink.write(src.subarray(from, to)));
      return this.sink.write(src.subarray(from, to));
    }
    const p = this.drain();
    if (p) {
      return p.then(() => {
        this.buf.set(src.subarray(from, to), 0);
        this.len = n;
      });
    }
    this.buf.set(src.subarray(from, to), 0);
    this.len = n;
  }

  /** append a string (UTF-8 with surrogateescape) */
  writeString(s: string): void | Promise<void> {
    if (s.length === 0) return;
    return this.write(encode(s));
  }

  /** drain and flush the sink */
  flush(): void | Promise<void> {
    const p = this.drain();
    if (p) return p.then(() => this.sink.flush());
    return this.sink.flush();
  }
}

interface ErrorTarget {
  readonly stdout: ByteWriter;
  readonly stderr: ByteWriter;
}

/**
 * Write a diagnostic after everything already produced on stdout, as GNU tools (which write
 * stdout unbuffered or flush before errors) do: `cat a nosuch a 2>&1` keeps its order.
 */
export async function writeDiagnostic(ctx: ErrorTarget, out: OutputBuffer | undefined, text: string): Promise<void> {
  if (out !== undefined) {
    const p = out.flush();
    if (p) await p;
  } else {
    const p = ctx.stdout.flush();
    if (p) await p;
  }
  const q = ctx.stderr.writeString(text);
  if (q) await q;
}
