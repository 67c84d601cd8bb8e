// FsError values: errno codes with their C-locale strerror text, built from node errors at the one
// boundary where node:fs throws. Nothing outside allowedpaths/ ever sees a node exception.

import type { FsError, FsErrorCode, Result } from './types.js';

/** glibc's strerror() texts (LANG=C), which GNU tools print after `cmd: name: `. */
export const STRERROR: Readonly<Record<FsErrorCode, string>> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  ELOOP: 'Too many levels of symbolic links',
  EEXIST: 'File exists',
  ENOTEMPTY: 'Directory not empty',
  EROFS: 'Read-only file system',
  EINVAL: 'Invalid argument',
  EIO: 'Input/output error',
  ENAMETOOLONG: 'File name too long',
  EXDEV: 'Invalid cross-device link',
  EMLINK: 'Too many links',
  EBUSY: 'Device or resource busy',
  ENXIO: 'No such device or address',
  EAGAIN: 'Resource temporarily unavailable',
};

/** node error codes we may meet that are not in the contract's list, folded onto the nearest one */
const FOLDED: Readonly<Record<string, FsErrorCode>> = {
  EFBIG: 'EINVAL',
  ENOSPC: 'EIO',
  EDQUOT: 'EIO',
  EMFILE: 'EIO',
  ENFILE: 'EIO',
  EOPNOTSUPP: 'EPERM',
  ENOTSUP: 'EPERM',
  ETXTBSY: 'EBUSY',
  EWOULDBLOCK: 'EAGAIN',
  EBADF: 'EIO',
  ENODEV: 'ENXIO',
  ENOMEM: 'EIO',
};

/** extra strerror texts for the folded codes, so the message stays the OS's own */
const FOLDED_TEXT: Readonly<Record<string, string>> = {
  EFBIG: 'File too large',
  ENOSPC: 'No space left on device',
  EDQUOT: 'Disk quota exceeded',
  EMFILE: 'Too many open files',
  ENFILE: 'Too many open files in system',
  EOPNOTSUPP: 'Operation not supported',
  ENOTSUP: 'Operation not supported',
  ETXTBSY: 'Text file busy',
  ENODEV: 'No such device',
  ENOMEM: 'Cannot allocate memory',
};

export function fsError(code: FsErrorCode, detail?: string): FsError {
  return detail === undefined ? { code, message: STRERROR[code] } : { code, message: STRERROR[code], detail };
}

export function fail<T>(code: FsErrorCode, detail?: string): Result<T> {
  return { ok: false, error: fsError(code, detail) };
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export const OK_VOID: Result<void> = { ok: true, value: undefined };

/** the errno name of a node exception ('EIO' when it carries none) */
export function errnoOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : 'EIO';
}

/** a node exception as an FsError */
export function fromNode(e: unknown): FsError {
  const raw = errnoOf(e);
  if (raw in STRERROR) return fsError(raw as FsErrorCode);
  const folded = FOLDED[raw];
  if (folded !== undefined) return { code: folded, message: FOLDED_TEXT[raw] ?? STRERROR[folded] };
  return fsError('EIO');
}

/** what a GNU tool prints after `cmd: name: ` for this error */
export function errorText(err: FsError): string {
  return err.detail ?? err.message;
}

/** `cmd: name: text` (no newline), the GNU file-error line */
export function formatFsError(cmd: string, name: string, err: FsError): string {
  return `${cmd}: ${name}: ${errorText(err)}`;
}

/** Sandbox-specific reasons, kept in one place so tests and docs quote the same text. */
export const DETAIL = {
  symlinkTarget: 'symlinks are not supported as write targets',
  hardLinkTarget: 'hard links are not supported as write targets',
  tooLarge: 'File too large',
  /** chmod of a non-directory with the set-user-ID or set-group-ID bit (allowedpaths/meta.ts) */
  setIdBits: 'rshell does not set the set-user-ID or set-group-ID bit of a file',
} as const;
