// FileReader over a descriptor. Regular files and endless devices read synchronously (the fast
// path: read() returns a chunk, not a promise). FIFOs, sockets and other character devices are
// opened O_NONBLOCK; when no data is ready (EAGAIN) read() returns a promise that polls on a timer
// with back-off, so a waiting reader costs no CPU and a FIFO with no writer reads as EOF at once.
//
// The fstat behind `info` is made on first use, not at open: `cat *` or `wc -l *` over thousands
// of small files read each through readInto() and never ask, and on Node 20 every stat result is
// a Stats object with four Date objects (the allocations dominate a small file's cost). Until the
// type is known, readInto() lets the read itself tell: bytes or end of file for anything readable,
// EISDIR for a directory, EAGAIN for a FIFO or device with nothing ready (then the fstat is made
// and the reader polls as for a known FIFO).

import * as fs from 'node:fs';
import { errnoOf, fromNode, fsError } from './errors.js';
import { toInfo } from './info.js';
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

/** `info` asked after close() of a reader that never needed it: nothing left to fstat */
const CLOSED_INFO: FileInfo = Object.freeze({
  type: 'file', size: 0, mode: 0o100000, nlink: 0, uid: 0, gid: 0, ino: 0, dev: 0, rdev: 0, blocks: 0, blksize: 4096,
  atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0,
});

/** closes a handle's descriptor (a negative one is closed already); what the handle keeps: -1 */
export function closeFd(fd: number): -1 {
  if (fd >= 0) {
    try {
      fs.closeSync(fd);
    } catch {
      // already gone
    }
  }
  return -1;
}

/** pread(2): up to `length` bytes (16 MiB at most) at `position`; null at the end */
export function pread(fd: number, position: number, length: number): Uint8Array | null | FsError {
  const buf = Buffer.allocUnsafe(Math.min(length, 16 * 1024 * 1024));
  try {
    const n = fs.readSync(fd, buf, 0, buf.length, position);
    return n === 0 ? null : buf.subarray(0, n);
  } catch (e) {
    return fromNode(e);
  }
}

export class FdReader implements FileReader {
  error: FsError | undefined = undefined;
  private fd: number;
  /** the fstat, once made (null until something needs the type or size) */
  private known: FileInfo | null;
  private consumed = 0;
  private atEnd = false;
  /** bytes handed back by unread(), returned before the next read(2) */
  private pushedBack: Uint8Array | null = null;
  /** the memory of the last buffer handed to readInto (its views must be copied before keeping) */
  private lent: ArrayBufferLike | null = null;

  /** `info`: the descriptor's stat when the opener made one already (devices), else null */
  constructor(
    fd: number,
    info: FileInfo | null,
    private readonly signal?: AbortSignal,
    /**
     * the run's deadline check, before each read (Sandbox.at): a loop over /dev/zero must stop.
     * A promise asks for a turn of the event loop first (the caller's AbortSignal, its timers)
     */
    private readonly pace?: () => void | Promise<void>,
  ) {
    this.fd = fd;
    this.known = null;
    if (info !== null) this.learn(info);
  }

  /** the descriptor's stat, made on first use (see the note at the top) */
  get info(): FileInfo {
    return this.known ?? this.fetchInfo();
  }

  private fetchInfo(): FileInfo {
    if (this.fd < 0) return CLOSED_INFO;
    try {
      return this.learn(toInfo(fs.fstatSync(this.fd)));
    } catch (e) {
      // fstat of an open descriptor does not fail in practice; if it does, reading fails with it
      this.error = fromNode(e);
      return CLOSED_INFO;
    }
  }

  private learn(info: FileInfo): FileInfo {
    this.known = info;
    if (info.type === 'dir' && this.error === undefined) this.error = fsError('EISDIR');
    return info;
  }

  /** read without waiting: FIFOs, sockets and character devices (opened O_NONBLOCK) */
  private get nonBlocking(): boolean {
    const t = this.info.type;
    return t === 'fifo' || t === 'socket' || t === 'char';
  }

  read(): Uint8Array | null | Promise<Uint8Array | null> {
    const turn = this.pace?.();
    if (turn) return turn.then(() => this.readNow());
    return this.readNow();
  }

  private readNow(): Uint8Array | null | Promise<Uint8Array | null> {
    const r = this.readOnce();
    return r === 'again' ? this.poll() : r;
  }

  /**
   * One read with neither a turn of the event loop nor a wait: a chunk, or null at the end, on an
   * error, or when a FIFO or device has nothing ready. For synchronous whole-file reads
   * (SandboxFS.readFile), where a promise from read() would be taken for the end of the file: a
   * run due its turn of the event loop read `grep --exclude-from=FILE`'s FILE as empty.
   */
  readReady(): Uint8Array | null {
    const r = this.readOnce();
    return r === 'again' ? null : r;
  }

  private readOnce(): Uint8Array | null | 'again' {
    if (this.fd < 0 || this.error) return null;
    if (this.pushedBack) {
      const b = this.pushedBack;
      this.pushedBack = null;
      return b;
    }
    // read() sizes its chunks from the stat: make it now if nothing has yet
    const type = this.info.type;
    if (this.error) return null;
    return type === 'file' ? this.readFileChunk() : this.tryRead();
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
   * Before anything asked for the stat, the read itself tells what the descriptor is.
   */
  readInto(buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null> {
    const turn = this.pace?.();
    if (turn) return turn.then(() => this.readIntoNow(buf));
    return this.readIntoNow(buf);
  }

  private readIntoNow(buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null> {
    if (this.pushedBack || this.fd < 0 || this.error) return this.readNow();
    const known = this.known;
    if (known !== null && known.type !== 'file') return this.readNow();
    this.lent = buf.buffer;
    return known !== null ? this.readFileInto(buf) : this.readUntyped(buf);
  }

  /**
   * One read(2) into buf of a descriptor whose type is not known yet: bytes (a view of buf), null
   * at end of file or on error, or — EAGAIN, a FIFO or device with nothing ready — the stat after
   * all and a poll. Without the size, the end of a regular file is the read that returns 0.
   */
  private readUntyped(buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null> {
    let n: number;
    try {
      n = fs.readSync(this.fd, buf, 0, buf.length, null);
    } catch (e) {
      const code = errnoOf(e);
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
        if (this.nonBlocking) return this.poll();
        if (this.error) return null;
      }
      this.error = fromNode(e);
      return null;
    }
    this.consumed += n;
    if (n === 0) return null;
    return n === buf.length ? buf : new Uint8Array(buf.buffer, buf.byteOffset, n);
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
    const r = pread(this.fd, position, length);
    if (r === null || r instanceof Uint8Array) return r;
    this.error = r;
    return null;
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
    this.fd = closeFd(this.fd);
  }
}
