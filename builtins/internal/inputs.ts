// Opening the inputs a text tool names on its command line: `-` is stdin, anything else goes
// through the sandbox (ctx.fs). Errors are values (FsError) so each tool can print them in its own
// GNU wording: `cat: x: No such file or directory`, `head: cannot open 'x' for reading: …`,
// `wc: x: No such file or directory`.
//
// Reading can fail too (a directory opens but read() fails with EISDIR, a device returns EIO). The
// sandbox's reader then ends early with `error` set; the Input's reader turns that into one
// ReadFailure throw, and `readFailure` recognises it (and other errno-carrying throws), letting
// pipe-closed and abort errors through untouched.

import type { ByteReader } from '../../src/io/streams.js';
import type { FileInfo, FileReader, FsError, Result } from '../../allowedpaths/types.js';
import type { CallContext } from '../types.js';
import { PipeClosedError, RunAbortedError } from '../../src/io/errors.js';

export interface Input {
  /** the operand as given ('-' for stdin) */
  readonly name: string;
  readonly reader: ByteReader;
  readonly isStdin: boolean;
  /** stat of the opened file; undefined for stdin */
  readonly info: FileInfo | undefined;
  /** the sandbox reader itself (for readAt); undefined for stdin */
  readonly file: FileReader | undefined;
  close(): void;
}

const EISDIR: FsError = { code: 'EISDIR', message: 'Is a directory' };

/** A reader that fails on first read, as read(2) on a directory does. */
function failingReader(error: FsError): ByteReader {
  return {
    read(): never {
      throw new ReadFailure(error);
    },
  };
}

/** The error thrown (once, at the end of a file) when the sandbox reader stopped on a failure. */
export class ReadFailure extends Error {
  constructor(readonly fsError: FsError) {
    super(fsError.message);
    this.name = 'ReadFailure';
  }
}

/**
 * The sandbox's FileReader ends with null and records a failure in `error`; turn that into one
 * ReadFailure throw so the tools' read loops stay simple (a thrown end, not a flag checked per chunk).
 */
function surfacingErrors(file: FileReader): ByteReader {
  const check = (c: Uint8Array | null): Uint8Array | null => {
    if (c === null && file.error !== undefined) throw new ReadFailure(file.error);
    return c;
  };
  const reader: ByteReader = {
    read(): Uint8Array | null | Promise<Uint8Array | null> {
      const c = file.read();
      return c instanceof Promise ? c.then(check) : check(c);
    },
  };
  if (file.unread !== undefined) reader.unread = (rest) => file.unread!(rest);
  if (file.readInto !== undefined) {
    (reader as Reusing).readInto = (buf) => {
      const c = file.readInto!(buf);
      return c instanceof Promise ? c.then(check) : check(c);
    };
  }
  return reader;
}

/** a reader that can fill a caller's buffer (the sandbox's FileReader.readInto) */
type Reusing = ByteReader & { readInto?(buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null> };

/** one chunk buffer per input being read at once; a few are kept for the next inputs */
const CHUNK_BUFFER_BYTES = 256 * 1024;
const KEPT_CHUNK_BUFFERS = 4;
const chunkBuffers: Uint8Array[] = [];

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
    this.buf ??= chunkBuffers.pop() ?? new Uint8Array(CHUNK_BUFFER_BYTES);
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
    if (this.buf !== null && chunkBuffers.length < KEPT_CHUNK_BUFFERS) chunkBuffers.push(this.buf);
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
  const file = r.value;
  // GNU tools open directories fine and fail on read(); keep that order of events.
  const reader: ByteReader = file.info.type === 'dir' ? failingReader(EISDIR) : surfacingErrors(file);
  return {
    ok: true,
    value: { name: operand, reader, file, isStdin: false, info: file.info, close: () => file.close() },
  };
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
