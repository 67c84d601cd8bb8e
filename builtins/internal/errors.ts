// Small error helpers shared by the text builtins. Quoting lives in quote.ts (quotef for file
// names, quote for option values); this file turns sandbox errors into GNU's message lines.
//
//   fileErrorLine('cut', 'a b', err)          → "cut: 'a b': No such file or directory\n"
//   fileErrorLine('grep', 'a b', err, {raw})  → "grep: a b: No such file or directory\n"

import type { FileInfo, FsError, Result } from '../../allowedpaths/types.js';
import { quotef } from './quote.js';

/** `cmd: name: message\n` for a failed open/read; grep passes raw (it does not quote names) */
export function fileErrorLine(cmd: string, name: string, err: FsError, opts: { raw?: boolean } = {}): string {
  const shown = opts.raw === true ? name : quotef(name);
  return `${cmd}: ${shown}: ${err.detail ?? err.message}\n`;
}

/** The FsError carried by an exception a FileReader.read() threw, if any. */
export function fsErrorOf(e: unknown): FsError | undefined {
  if (typeof e === 'object' && e !== null && 'fsError' in e) {
    const fe = (e as { fsError: unknown }).fsError;
    if (typeof fe === 'object' && fe !== null && 'code' in fe && 'message' in fe) return fe as FsError;
  }
  if (typeof e === 'object' && e !== null && 'code' in e && 'message' in e) {
    const code = (e as { code: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return e as FsError;
  }
  return undefined;
}

/**
 * open(2) with O_CREAT of `name/`: EISDIR once the directory part resolves (the kernel refuses
 * the trailing slash before it looks at what `name` is), else that lookup's error. The sandbox
 * answers from the name itself (ENOTDIR for an existing file, EISDIR for a missing name even
 * under a missing directory); this gives GNU's errors for the tools that create (tee, truncate).
 */
export function createError(fs: { stat(path: string): Result<FileInfo> }, path: string, err: FsError): FsError {
  if ((err.code !== 'ENOTDIR' && err.code !== 'EISDIR') || !/[^/]\/+$/.test(path)) return err;
  const name = path.replace(/\/+$/, '');
  const cut = name.lastIndexOf('/');
  const parent = cut < 0 ? '.' : cut === 0 ? '/' : name.slice(0, cut);
  const st = fs.stat(parent);
  if (!st.ok) return st.error;
  if (st.value.type !== 'dir') return { code: 'ENOTDIR', message: 'Not a directory' };
  return { code: 'EISDIR', message: 'Is a directory' };
}
