// A growable byte buffer for one comparison's output: diff writes it to stdout in one piece per
// file pair, so its hot loops append without awaiting.

import { encode } from '../../lib/io/encoding.js';

export class ByteBuilder {
  buf = new Uint8Array(4096);
  len = 0;

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  byte(c: number): void {
    if (this.len === this.buf.length) this.room(1);
    this.buf[this.len++] = c;
  }

  range(src: Uint8Array, s: number, e: number): void {
    const n = e - s;
    if (n <= 0) return;
    this.room(n);
    this.buf.set(src.subarray(s, e), this.len);
    this.len += n;
  }

  /** ASCII/latin1 text made here (numbers, flags); names from arguments go through text() */
  str(s: string): void {
    const n = s.length;
    this.room(n);
    for (let i = 0; i < n; i++) this.buf[this.len++] = s.charCodeAt(i) & 0xff;
  }

  /** a string from the command line or the sandbox (UTF-8 with surrogateescape) */
  text(s: string): void {
    const b = encode(s);
    this.range(b, 0, b.length);
  }

  take(): Uint8Array {
    const r = this.buf.subarray(0, this.len);
    this.buf = new Uint8Array(4096);
    this.len = 0;
    return r;
  }
}
