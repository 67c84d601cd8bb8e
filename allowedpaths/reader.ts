// FileReader over a descriptor. Regular files and endless devices read synchronously (the fast
// path: read() returns a chunk, not a promise). FIFOs, sockets and other character devices are
// opened O_NONBLOCK; when no data is ready (EAGAIN) read() returns a promise that polls on a timer
// with back-off, so a waiting reader costs no CPU and a FIFO with no writer reads as EOF at once.

import * as fs from 'node:fs';
import { errnoOf, fromNode, fsError } from './errors.js';
import type { FileInfo, FileReader, FsError } from './types.js';

export const CHUNK_BYTES = 64 * 1024;
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
    const r = this.tryRead();
    if (r !== 'again') return r;
    return this.poll();
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
