// FileReader over a descriptor. Regular files and endless devices read synchronously (the fast
// path: read() returns a chunk, not a promise). FIFOs, sockets and other character devices are
// opened O_NONBLOCK; when no data is ready (EAGAIN) read() returns a promise that polls on a timer
// with back-off, so a waiting reader costs no CPU and a FIFO with no writer reads as EOF at once.

import * as fs from 'node:fs';
import { errnoOf, fromNode, fsError } from './errors.js';
import type { FileInfo, FileReader, FsError } from './types.js';

export const CHUNK_BYTES = 64 * 1024;
/** regular files read in larger chunks straight into their own buffer: fewer calls, no copy */
export const FILE_CHUNK_BYTES = 256 * 1024;
const POLL_FIRST_MS = 1;
const POLL_MAX_MS = 50;

/** one scratch buffer for synchronous reads; each chunk handed out is a right-sized copy */
const scratch = Buffer.allocUnsafe(CHUNK_BYTES);

function copyOut(buf: Buffer, n: number): Uint8Array {
  const out = new Uint8Array(n);
  out.set(buf.subarray(0, n));
  return out;
}

export class FdReader implements FileReader {
  error?: FsError;
  private fd: number;
  private readonly nonBlocking: boolean;
  private consumed = 0;
  private atEnd = false;
  /** bytes handed back by unread(), returned before the next read(2) */
  private pushedBack: Uint8Array | null = null;
  /** the memory of the last buffer handed to readInto (its views must be copied before keeping) */
  private lent: ArrayBufferLike | null = null;

  constructor(
    fd: number,
    readonly info: FileInfo,
    private readonly signal?: AbortSignal,
  ) {
    this.fd = fd;
    this.nonBlocking = info.type === 'fifo' || info.type === 'socket' || info.type === 'char';
    if (info.type === 'dir') this.error = fsError('EISDIR');
  }

  read(): Uint8Array | null | Promise<Uint8Array | null> {
    if (this.fd < 0 || this.error) return null;
    if (this.pushedBack) {
      const b = this.pushedBack;
      this.pushedBack = null;
      return b;
    }
    const r = this.info.type === 'file' ? this.readFileChunk() : this.tryRead();
    if (r !== 'again') return r;
    return this.poll();
  }

  /**
   * A regular file: read(2) into a buffer of its own sized to what is left (plus one byte, so a
   * file that grew since fstat is noticed), so small files cost one small allocation and big ones
   * come in 256 KiB chunks with no copy.
   */
  private readFileChunk(): Uint8Array | null {
    if (this.atEnd) return null;
    const left = this.info.size - this.consumed;
    return this.readFileInto(Buffer.allocUnsafe(left > 0 ? Math.min(left + 1, FILE_CHUNK_BYTES) : FILE_CHUNK_BYTES));
  }

  /** one read(2) of a regular file into buf (as much of it as may be left): a view of buf, or null */
  private readFileInto(buf: Uint8Array): Uint8Array | null {
    if (this.atEnd) return null;
    const left = this.info.size - this.consumed;
    const want = left > 0 ? Math.min(left + 1, buf.length) : buf.length;
    try {
      const n = fs.readSync(this.fd, buf, 0, want, null);
      this.consumed += n;
      if (n < want && this.info.size > 0 && this.consumed >= this.info.size) this.atEnd = true;
      // a plain view: Buffer's own subarray() is JS with argument checks, slow while code is cold
      return n === 0 ? null : n === buf.length ? buf : new Uint8Array(buf.buffer, buf.byteOffset, n);
    } catch (e) {
      this.error = fromNode(e);
      return null;
    }
  }

  /**
   * read() into a buffer the caller owns and reuses (see FileReader.readInto): a regular file's
   * bytes land in `buf` and come back as a view of it. Reusing one buffer spares an allocation and
   * the kernel's page faults on fresh memory per chunk, which cost more than the read itself.
   */
  readInto(buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null> {
    if (this.info.type !== 'file' || this.pushedBack || this.fd < 0 || this.error) return this.read();
    this.lent = buf.buffer;
    return this.readFileInto(buf);
  }

  /** give back the unused end of the last chunk (regular files: GNU tools lseek back the same way) */
  unread(rest: Uint8Array): void {
    if (rest.length === 0) return;
    // a view of the caller's reused buffer would be overwritten by its next read: keep a copy
    if (this.lent !== null && rest.buffer === this.lent) rest = rest.slice();
    if (this.pushedBack) {
      const both = new Uint8Array(rest.length + this.pushedBack.length);
      both.set(rest);
      both.set(this.pushedBack, rest.length);
      this.pushedBack = both;
    } else this.pushedBack = rest;
  }

  /** pread(2): `length` bytes at `position` without moving the sequential position */
  readAt(position: number, length: number): Uint8Array | null {
    if (this.fd < 0 || this.error || length <= 0) return null;
    const buf = Buffer.allocUnsafe(Math.min(length, 16 * 1024 * 1024));
    try {
      const n = fs.readSync(this.fd, buf, 0, buf.length, position);
      return n === 0 ? null : buf.subarray(0, n);
    } catch (e) {
      this.error = fromNode(e);
      return null;
    }
  }

  /** one read(2): a chunk, null at EOF or on error (recorded in `error`), or 'again' (EAGAIN) */
  private tryRead(): Uint8Array | null | 'again' {
    if (this.atEnd) return null;
    try {
      const n = fs.readSync(this.fd, scratch, 0, CHUNK_BYTES, null);
      this.consumed += n;
      // a short read that reached the size fstat reported is the end of a regular file: skip the
      // read(2) that would return 0 (size 0, as on /proc, never counts: those files lie about it)
      if (this.info.type === 'file' && this.info.size > 0 && n < CHUNK_BYTES && this.consumed >= this.info.size) this.atEnd = true;
      return n === 0 ? null : copyOut(scratch, n);
    } catch (e) {
      const code = errnoOf(e);
      if (this.nonBlocking && (code === 'EAGAIN' || code === 'EWOULDBLOCK')) return 'again';
      this.error = fromNode(e);
      return null;
    }
  }

  private poll(): Promise<Uint8Array | null> {
    return new Promise((resolve, reject) => {
      let delay = POLL_FIRST_MS;
      const tick = (): void => {
        if (this.signal?.aborted) {
          reject(this.signal.reason);
          return;
        }
        if (this.fd < 0) {
          resolve(null);
          return;
        }
        const r = this.tryRead();
        if (r !== 'again') {
          resolve(r);
          return;
        }
        delay = Math.min(delay * 2, POLL_MAX_MS);
        setTimeout(tick, delay);
      };
      setTimeout(tick, delay);
    });
  }

  close(): void {
    if (this.fd < 0) return;
    try {
      fs.closeSync(this.fd);
    } catch {
      // already gone
    }
    this.fd = -1;
  }
}
