// Opening the inputs a text tool names on its command line: `-` is stdin, anything else goes
// through the sandbox (ctx.fs). Errors are values (FsError) so each tool can print them in its own
// GNU wording: `cat: x: No such file or directory`, `head: cannot open 'x' for reading: …`,
// `wc: x: No such file or directory`.
//
// Reading can fail too (a directory opens but read() fails with EISDIR, a device returns EIO). The
// sandbox's reader throws for those; `readFailure` recognises such a throw and turns it into an
// FsError, letting pipe-closed and abort errors through untouched.

import type { ByteReader } from '../../src/io/streams.js';
import type { FileInfo, FsError, Result } from '../../allowedpaths/types.js';
import type { CallContext } from '../types.js';
import { PipeClosedError, RunAbortedError } from '../../src/io/errors.js';

export interface Input {
  /** the operand as given ('-' for stdin) */
  readonly name: string;
  readonly reader: ByteReader;
  readonly isStdin: boolean;
  /** stat of the opened file; undefined for stdin */
  readonly info: FileInfo | undefined;
  close(): void;
}

const EISDIR: FsError = { code: 'EISDIR', message: 'Is a directory' };

/** A reader that fails on first read, as read(2) on a directory does. */
function failingReader(error: FsError): ByteReader {
  return {
    read(): never {
      throw Object.assign(new Error(error.message), { fsError: error });
    },
  };
}

export function openInput(ctx: CallContext, operand: string): Result<Input> {
  if (operand === '-') {
    return {
      ok: true,
      value: { name: operand, reader: ctx.stdin, isStdin: true, info: undefined, close: () => {} },
    };
  }
  const r = ctx.fs.open(operand);
  if (!r.ok) return r;
  const file = r.value;
  // GNU tools open directories fine and fail on read(); keep that order of events.
  const reader: ByteReader = file.info.type === 'dir' ? failingReader(EISDIR) : file;
  return {
    ok: true,
    value: { name: operand, reader, isStdin: false, info: file.info, close: () => file.close() },
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
