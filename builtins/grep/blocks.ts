// Gathering input into blocks of whole records. Chunks from the reader (64 KiB each) are appended
// into one reusable buffer; a block is handed out up to the last terminator and the partial
// record after it moves to the front. One buffer for the whole file means no allocation or
// concatenation per chunk, and blocks of ~256 KiB mean few regex/indexOf calls per megabyte.

import { Buffer } from 'node:buffer';

/** blocks are processed once this many bytes are gathered (or sooner when the reader waited) */
export const BLOCK_TARGET = 256 * 1024;

const bufferLastIndexOf = Buffer.prototype.lastIndexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

export class BlockBuffer {
  buf = new Uint8Array(BLOCK_TARGET + 64 * 1024);
  len = 0;

  append(chunk: Uint8Array): void {
    const need = this.len + chunk.length;
    if (need > this.buf.length) {
      let cap = this.buf.length * 2;
      while (cap < need) cap *= 2;
      const grown = new Uint8Array(cap);
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    this.buf.set(chunk, this.len);
    this.len = need;
  }

  /** index of the last `byte` in the gathered bytes, or -1 */
  lastIndexOf(byte: number): number {
    if (this.len === 0) return -1;
    return bufferLastIndexOf.call(this.buf.subarray(0, this.len), byte);
  }

  /** drop the first `n` bytes (a processed block), keeping the rest at the front */
  consume(n: number): void {
    if (n < this.len) this.buf.copyWithin(0, n, this.len);
    this.len -= n;
    // don't keep a huge buffer alive after one very long record
    if (this.len < BLOCK_TARGET && this.buf.length > 4 * BLOCK_TARGET) {
      const small = new Uint8Array(BLOCK_TARGET + 64 * 1024);
      small.set(this.buf.subarray(0, this.len));
      this.buf = small;
    }
  }
}
