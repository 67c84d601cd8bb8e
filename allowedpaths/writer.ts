// FileWriter over a descriptor: unbuffered (each write() reaches the file at once, so a later
// command reading the same file sees it, as in bash). A FIFO opened O_NONBLOCK may answer EAGAIN;
// the write then waits on a back-off timer. A FIFO whose reader left raises PipeClosedError, bash's
// SIGPIPE. Other failures (ENOSPC, EIO…) are kept in `error` and later writes are dropped.

import * as fs from 'node:fs';
import { encode } from '../lib/io/encoding.js';
import { PipeClosedError } from '../lib/io/errors.js';
import { errnoOf, fromNode } from './errors.js';
import { closeFd } from './reader.js';
import type { FileWriter, FsError } from './types.js';

const POLL_FIRST_MS = 1;
const POLL_MAX_MS = 50;

export class FdWriter implements FileWriter {
  error?: FsError;
  private fd: number;

  constructor(
    fd: number,
    /**
     * the run's deadline check, before each write (Sandbox.at): `cat /dev/zero > f` must stop.
     * A turn of the event loop it asks for is not waited for here: writes stay synchronous, so
     * output written without awaiting keeps its order (the reads of such a loop wait instead)
     */
    private readonly pace?: () => void | Promise<void>,
  ) {
    this.fd = fd;
  }

  get closed(): boolean {
    return this.fd < 0;
  }

  write(chunk: Uint8Array): void | Promise<void> {
    const turn = this.pace?.();
    if (turn) turn.catch(() => undefined);
    return this.writeNow(chunk);
  }

  private writeNow(chunk: Uint8Array): void | Promise<void> {
    let off = 0;
    while (off < chunk.length) {
      if (this.fd < 0 || this.error) return;
      const n = this.tryWrite(chunk, off);
      if (n === 'again') return this.waitAndWrite(chunk, off);
      off += n;
    }
  }

  writeString(s: string): void | Promise<void> {
    return this.write(encode(s));
  }

  flush(): void {
    // unbuffered: nothing to push
  }

  private tryWrite(chunk: Uint8Array, off: number): number | 'again' {
    try {
      return fs.writeSync(this.fd, chunk, off, chunk.length - off);
    } catch (e) {
      const code = errnoOf(e);
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return 'again';
      if (code === 'EPIPE') throw new PipeClosedError();
      this.error = fromNode(e);
      return chunk.length - off;
    }
  }

  private async waitAndWrite(chunk: Uint8Array, off: number): Promise<void> {
    let delay = POLL_FIRST_MS;
    while (off < chunk.length && this.fd >= 0 && !this.error) {
      await new Promise((r) => setTimeout(r, delay));
      const n = this.tryWrite(chunk, off);
      if (n === 'again') {
        delay = Math.min(delay * 2, POLL_MAX_MS);
        continue;
      }
      off += n;
      delay = POLL_FIRST_MS;
    }
  }

  close(): void {
    this.fd = closeFd(this.fd);
  }
}
