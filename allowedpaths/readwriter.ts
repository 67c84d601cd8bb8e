// FileReadWriter over one descriptor opened O_RDWR (bash's `<>`). A regular file is read and
// written at a position this object keeps (pread/pwrite: node:fs has no lseek), so reads and
// writes share one offset as they do on bash's descriptor, and unread() (bash's `read` seeking back
// over what it did not use) just moves that position back. Anything else (/dev/null, a FIFO) has no
// position: it reads and writes through the plain reader and writer on the same descriptor.

import * as fs from 'node:fs';
import { encode } from '../lib/io/encoding.js';
import { fromNode } from './errors.js';
import { toInfo } from './info.js';
import { CHUNK_BYTES, closeFd, FdReader, pread } from './reader.js';
import type { FileInfo, FileReadWriter, FsError } from './types.js';
import { FdWriter } from './writer.js';

/** a read-write handle over an O_RDWR descriptor it then owns (closed again when fstat fails) */
export function readWriterOf(fd: number, pace?: () => void | Promise<void>): FileReadWriter | FsError {
  let st: fs.Stats;
  try {
    st = fs.fstatSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    return fromNode(e);
  }
  return st.isFile() ? new PositionedReadWriter(fd, pace) : new StreamReadWriter(fd, toInfo(st), pace);
}

/** `info` of a handle already closed */
const CLOSED_INFO: FileInfo = Object.freeze({
  type: 'file', size: 0, mode: 0o100000, nlink: 0, uid: 0, gid: 0, ino: 0, dev: 0, rdev: 0, blocks: 0, blksize: 4096,
  atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0,
});

/** a regular file: one position for reads and writes */
class PositionedReadWriter implements FileReadWriter {
  error: FsError | undefined = undefined;
  private fd: number;
  private pos = 0;

  constructor(
    fd: number,
    /** the run's deadline check before each read and write (Sandbox.at), as FdReader and FdWriter do */
    private readonly pace?: () => void | Promise<void>,
  ) {
    this.fd = fd;
  }

  get info(): FileInfo {
    // fresh each time: the writes change the size
    if (this.fd < 0) return CLOSED_INFO;
    try {
      return toInfo(fs.fstatSync(this.fd));
    } catch {
      return CLOSED_INFO;
    }
  }

  get closed(): boolean {
    return this.fd < 0;
  }

  read(): Uint8Array | null | Promise<Uint8Array | null> {
    const turn = this.pace?.();
    if (turn) return turn.then(() => this.readNow());
    return this.readNow();
  }

  private readNow(): Uint8Array | null {
    if (this.fd < 0 || this.error) return null;
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    try {
      const n = fs.readSync(this.fd, buf, 0, CHUNK_BYTES, this.pos);
      this.pos += n;
      return n === 0 ? null : new Uint8Array(buf.buffer, buf.byteOffset, n);
    } catch (e) {
      this.error = fromNode(e);
      return null;
    }
  }

  /** the unused end of the last chunk: the next read or write starts where it began */
  unread(rest: Uint8Array): void {
    this.pos = Math.max(0, this.pos - rest.length);
  }

  readAt(position: number, length: number): Uint8Array | null {
    if (this.fd < 0 || this.error || length <= 0) return null;
    const r = pread(this.fd, position, length);
    if (r === null || r instanceof Uint8Array) return r;
    this.error = r;
    return null;
  }

  write(chunk: Uint8Array): void {
    const turn = this.pace?.();
    if (turn) turn.catch(() => undefined);
    let off = 0;
    while (off < chunk.length && this.fd >= 0 && !this.error) {
      try {
        const n = fs.writeSync(this.fd, chunk, off, chunk.length - off, this.pos);
        off += n;
        this.pos += n;
      } catch (e) {
        this.error = fromNode(e);
      }
    }
  }

  writeString(s: string): void {
    this.write(encode(s));
  }

  flush(): void {
    // unbuffered: nothing to push
  }

  close(): void {
    this.fd = closeFd(this.fd);
  }
}

/** no position (a device, a FIFO): the plain reader and writer over the one descriptor */
export class StreamReadWriter implements FileReadWriter {
  private readonly reader: FdReader;
  private readonly writer: FdWriter;
  /** closed: the writer still holds the descriptor's number, which the OS may give to another file */
  private done = false;

  constructor(fd: number, info: FileInfo | null, pace?: () => void | Promise<void>) {
    this.reader = new FdReader(fd, info, undefined, pace);
    this.writer = new FdWriter(fd, pace);
  }

  get error(): FsError | undefined {
    return this.reader.error ?? this.writer.error;
  }

  get info(): FileInfo {
    return this.reader.info;
  }

  get closed(): boolean {
    return this.done || this.writer.closed;
  }

  read(): Uint8Array | null | Promise<Uint8Array | null> {
    return this.reader.read();
  }

  write(chunk: Uint8Array): void | Promise<void> {
    return this.done ? undefined : this.writer.write(chunk);
  }

  writeString(s: string): void | Promise<void> {
    return this.done ? undefined : this.writer.writeString(s);
  }

  flush(): void {
    // unbuffered: nothing to push
  }

  close(): void {
    // one descriptor: the reader closes it; the writer is never used again (see `done`)
    this.done = true;
    this.reader.close();
  }
}
