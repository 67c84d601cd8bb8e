// Opening the inputs a text tool names on its command line: `-` is stdin, anything else goes
// through the sandbox (ctx.fs). Errors are values (FsError) so each tool can print them in its own
// GNU wording: `cat: x: No such file or directory`, `head: cannot open 'x' for reading: …`,
// `wc: x: No such file or directory`.
//
// Reading can fail too (a directory opens but read() fails with EISDIR, a device returns EIO). The
// sandbox's reader then ends early with `error` set; the Input's reader turns that into one
// ReadFailure throw, and `readFailure` recognises it (and other errno-carrying throws), letting
// pipe-closed and abort errors through untouched.

import type { ByteReader } from '../../lib/io/streams.js';
import type { FileInfo, FileReader, FsError, Result } from '../../allowedpaths/types.js';
import type { CallContext } from '../types.js';
import { PipeClosedError, RunAbortedError } from '../../lib/io/errors.js';

export interface Input {
  /** the operand as given ('-' for stdin) */
  readonly name: string;
  readonly reader: ByteReader;
  readonly isStdin: boolean;
  /** stat of the opened file (made when first asked: ask before close()); undefined for stdin */
  readonly info: FileInfo | undefined;
  /** the sandbox reader itself (for readAt); undefined for stdin */
  readonly file: FileReader | undefined;
  close(): void;
}

/** The error thrown (once, at the end of a file) when the sandbox reader stopped on a failure. */
export class ReadFailure extends Error {
  constructor(readonly fsError: FsError) {
    super(fsError.message);
    this.name = 'ReadFailure';
  }
}

/**
 * An operand opened through the sandbox, and its reader. The sandbox's FileReader ends with null
 * and records a failure in `error`; the reader turns that into one ReadFailure throw so the tools'
 * read loops stay simple (a thrown end, not a flag checked per chunk). `info` is the file's stat,
 * made when first asked. One object per operand, no closures: `cat *` makes one per file.
 */
class FileInput implements Input, ByteReader {
  readonly isStdin = false;
  readonly reader: ByteReader = this;
  constructor(
    readonly name: string,
    readonly file: FileReader,
  ) {}

  get info(): FileInfo {
    return this.file.info;
  }

  read(): Uint8Array | null | Promise<Uint8Array | null> {
    const c = this.file.read();
    if (c instanceof Promise) return c.then((v) => this.check(v));
    return c === null ? this.check(c) : c;
  }

  readInto(buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null> {
    const c = readChunkInto(this.file, buf);
    if (c instanceof Promise) return c.then((v) => this.check(v));
    return c === null ? this.check(c) : c;
  }

  unread(rest: Uint8Array): void {
    this.file.unread?.(rest);
  }

  private check(c: Uint8Array | null): Uint8Array | null {
    if (c === null && this.file.error !== undefined) throw new ReadFailure(this.file.error);
    return c;
  }

  close(): void {
    this.file.close();
  }
}

/** a reader that can fill a caller's buffer (the sandbox's FileReader.readInto) */
type Reusing = ByteReader & { readInto?(buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null> };

/** one chunk buffer per input being read at once; a few are kept for the next inputs */
const CHUNK_BUFFER_BYTES = 256 * 1024;
const KEPT_CHUNK_BUFFERS = 4;
const chunkBuffers: Uint8Array[] = [];

/** a chunk buffer from the shared pool, for a caller that reads many inputs in turn (cat) */
export function borrowChunkBuffer(): Uint8Array {
  return chunkBuffers.pop() ?? new Uint8Array(CHUNK_BUFFER_BYTES);
}

/** give a borrowed buffer back (the last chunk read into it is invalid from here on) */
export function returnChunkBuffer(buf: Uint8Array): void {
  if (chunkBuffers.length < KEPT_CHUNK_BUFFERS) chunkBuffers.push(buf);
}

/** one read of `reader`, into `buf` when it can fill a caller's buffer (see ChunkReader) */
export function readChunkInto(reader: ByteReader, buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null> {
  const r = reader as Reusing;
  return r.readInto === undefined ? r.read() : r.readInto(buf);
}

/**
 * Reads an input chunk by chunk through one reused buffer when the reader can fill it (a regular
 * file opened through the sandbox, possibly as redirected stdin), else through plain read().
 * A chunk is valid only until the next read() or release(): callers that keep bytes copy them.
 * For tools that look at each chunk once (wc, grep) this saves a fresh 256 KiB buffer per chunk.
 */
export class ChunkReader {
  private buf: Uint8Array | null;
  private readonly reusing: Reusing;

  /** `own`: a buffer of the caller's to read into (kept out of the shared pool) */
  constructor(reader: ByteReader, private readonly own?: Uint8Array) {
    this.reusing = reader as Reusing;
    this.buf = own ?? null;
  }

  read(): Uint8Array | null | Promise<Uint8Array | null> {
    const r = this.reusing;
    if (r.readInto === undefined) return r.read();
    // a plain Uint8Array, not a Buffer: Buffer's slice() is a view, not a copy, so a writer that
    // keeps `chunk.slice()` of a Buffer chunk would see it change with the next read
    this.buf ??= borrowChunkBuffer();
    return r.readInto(this.buf);
  }

  /**
   * the chunk lies in this reader's own buffer (it came through readInto): the caller may rewrite
   * it in place until the next read
   */
  holds(chunk: Uint8Array): boolean {
    return this.buf !== null && chunk.buffer === this.buf.buffer;
  }

  /** give the buffer back for the next input (the last chunk read is invalid from here on) */
  release(): void {
    if (this.own !== undefined) return;
    if (this.buf !== null) returnChunkBuffer(this.buf);
    this.buf = null;
  }
}

export function openInput(ctx: CallContext, operand: string): Result<Input> {
  if (operand === '-') {
    return {
      ok: true,
      value: { name: operand, reader: ctx.stdin, file: undefined, isStdin: true, info: undefined, close: () => {} },
    };
  }
  const r = ctx.fs.open(operand);
  if (!r.ok) return r;
  // GNU tools open directories fine and fail on read(): the sandbox's reader does the same
  return { ok: true, value: new FileInput(operand, r.value) };
}

/**
 * The FsError behind an exception thrown by a reader, or undefined when the exception is not a
 * read failure (pipe closed, run aborted, a bug): the caller rethrows those.
 */
export function readFailure(e: unknown): FsError | undefined {
  if (e instanceof PipeClosedError || e instanceof RunAbortedError) return undefined;
  if (typeof e !== 'object' || e === null) return undefined;
  const carried = (e as { fsError?: FsError }).fsError;
  if (carried !== undefined && typeof carried.message === 'string') return carried;
  const code = (e as { code?: unknown }).code;
  const message = (e as { message?: unknown }).message;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof message === 'string') {
    return { code: code as FsError['code'], message: strerrorFor(code, message) };
  }
  return undefined;
}

const STRERROR: Record<string, string> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EIO: 'Input/output error',
  EINVAL: 'Invalid argument',
  ELOOP: 'Too many levels of symbolic links',
  ENXIO: 'No such device or address',
  EAGAIN: 'Resource temporarily unavailable',
};

function strerrorFor(code: string, fallback: string): string {
  return STRERROR[code] ?? fallback;
}

/**
 * A reader's whole contents, up to maxBytes (`grep -f FILE`, where FILE may be a pipe such as
 * `<(cmd)` or /dev/stdin, read as it comes); a read failure or too much input as a message.
 */
export async function readToEnd(reader: ByteReader, maxBytes: number): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; message: string }> {
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const r = reader.read();
      const chunk = r instanceof Promise ? await r : r;
      if (chunk === null) {
        // the sandbox's file reader ends early with its error set (a directory: EISDIR)
        const failed = (reader as { error?: FsError }).error;
        if (failed !== undefined) return { ok: false, message: failed.message };
        break;
      }
      total += chunk.length;
      if (total > maxBytes) return { ok: false, message: 'File too large' };
      parts.push(chunk.slice());
    }
  } catch (e) {
    const fe = readFailure(e);
    if (fe === undefined) throw e;
    return { ok: false, message: fe.message };
  }
  const bytes = new Uint8Array(total);
  let off = 0;
  for (const p of parts) {
    bytes.set(p, off);
    off += p.length;
  }
  return { ok: true, bytes };
}
