// The process's stdout or stderr, written by file descriptor until Node's stream is worth having.
//
// Why: process.stdout is built on first access, and building it loads Node's stream machinery
// (net.Socket for a pipe, SyncWriteStream for a file) — a few milliseconds of every CLI start-up
// (issue #7) that `rshell -c 'echo hi'` needs for three bytes. So the first bytes go out with
// fs.writeSync, and Node's stream takes over for good when:
//   - a write would block (EAGAIN: a non-blocking pipe that is full), or
//   - FAST_PATH_BYTES have been written: a pipe holds 64 KiB, so writes below that cannot block
//     the event loop on a reader that is slow, and past it the stream's backpressure (and with
//     it --timeout and Ctrl-C) keeps working while the reader catches up.
// A reader that went away (EPIPE) is reported as the stream reports it: an 'error' event.
import { writeSync } from 'node:fs';
import type { NodeWritable } from './guarded-output.js';

const FAST_PATH_BYTES = 32 * 1024;

type ErrorListener = (err: NodeJS.ErrnoException) => void;

export class FdOutput implements NodeWritable {
  private stream: NodeJS.WritableStream | undefined;
  private written = 0;
  private readonly errorListeners = new Set<ErrorListener>();

  constructor(
    private readonly fd: number,
    /** Node's stream for this descriptor (process.stdout / process.stderr), built on demand */
    private readonly openStream: () => NodeJS.WriteStream,
  ) {}

  /** Node's stream, if it has taken over (then it needs flushing before exit) */
  get nodeStream(): NodeJS.WritableStream | undefined {
    return this.stream;
  }

  write(chunk: Uint8Array | string, cb?: (err?: Error | null) => void): boolean {
    if (this.stream) return this.stream.write(chunk, cb);
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (this.written + bytes.length > FAST_PATH_BYTES) return this.handOver().write(bytes, cb);
    let off = 0;
    try {
      while (off < bytes.length) off += writeSync(this.fd, bytes, off, bytes.length - off);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'EAGAIN') return this.handOver().write(bytes.subarray(off), cb);
      // as a stream would: the callback gets the error, then listeners hear of it
      process.nextTick(() => {
        cb?.(err);
        for (const l of this.errorListeners) l(err);
      });
      return true;
    } finally {
      this.written += off;
    }
    if (cb) process.nextTick(cb, null);
    return true;
  }

  once(event: 'drain', listener: () => void): unknown {
    // writes by descriptor never return false, so only the stream can leave a writer waiting
    if (this.stream) this.stream.once(event, listener);
    else setImmediate(listener);
    return this;
  }

  removeListener(event: 'drain', listener: () => void): unknown {
    this.stream?.removeListener(event, listener);
    return this;
  }

  on(event: 'error', listener: ErrorListener): unknown {
    this.errorListeners.add(listener);
    this.stream?.on(event, listener);
    return this;
  }

  off(event: 'error', listener: ErrorListener): unknown {
    this.errorListeners.delete(listener);
    this.stream?.off(event, listener);
    return this;
  }

  private handOver(): NodeJS.WritableStream {
    if (!this.stream) {
      const stream = this.openStream();
      for (const l of this.errorListeners) stream.on('error', l);
      this.stream = stream;
    }
    return this.stream;
  }
}
