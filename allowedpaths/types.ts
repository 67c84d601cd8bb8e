// The sandbox contract. `allowedpaths/` is the only code that touches node:fs for script-visible
// paths; everything else (interpreter, builtins) sees only these types. Errors are values.

import type { ByteReader, ByteWriter } from '../lib/io/streams.js';

/** errno names we surface; `message` is the C-locale strerror text ("No such file or directory"). */
export type FsErrorCode =
  | 'ENOENT' | 'EACCES' | 'EPERM' | 'EISDIR' | 'ENOTDIR' | 'ELOOP' | 'EEXIST' | 'ENOTEMPTY'
  | 'EROFS' | 'EINVAL' | 'EIO' | 'ENAMETOOLONG' | 'EXDEV' | 'EMLINK' | 'EBUSY' | 'ENXIO' | 'EAGAIN';

export interface FsError {
  code: FsErrorCode;
  /** strerror text, e.g. "No such file or directory", "Permission denied", "Is a directory". */
  message: string;
  /** a sandbox-specific reason for writes ("symlinks are not supported as write targets"), when not an errno */
  detail?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: FsError };

export type FileType = 'file' | 'dir' | 'symlink' | 'fifo' | 'char' | 'block' | 'socket';

export interface FileInfo {
  type: FileType;
  size: number;
  mode: number; // permission bits plus type bits, as st_mode
  nlink: number;
  uid: number;
  gid: number;
  ino: number;
  dev: number;
  rdev: number;
  blocks: number;
  blksize: number;
  atimeMs: number;
  mtimeMs: number;
  ctimeMs: number;
  birthtimeMs: number;
}

export interface DirEntry {
  name: string;
  type: FileType;
}

/** An open file for reading: a ByteReader that must be closed. */
export interface FileReader extends ByteReader {
  /**
   * The descriptor's fstat. The sandbox's reader makes it on first use, not at open (most small
   * reads never need it): ask before close(), after which an unasked one cannot be made.
   */
  readonly info: FileInfo;
  /** set when read() returned null because of an error rather than end of file (EISDIR, EIO) */
  readonly error?: FsError;
  close(): void;
  /**
   * Optional positioned read (pread): up to `length` bytes at byte `position`, without moving the
   * sequential read position; null at end of file (or on error, recorded in `error`). Lets `tail`
   * read a large regular file from its end, as GNU tail does with lseek, instead of streaming
   * through all of it.
   */
  readAt?(position: number, length: number): Uint8Array | null;
  /**
   * Optional: read() into a buffer the caller owns and reuses. A regular file's next bytes are
   * read into `buf` and returned as a view of it, valid only until the caller reuses `buf`; other
   * readers (and pushed-back bytes) may return a chunk of their own or a promise, as read() does.
   * `buf` must stay the caller's: the reader keeps no reference to it (unread copies a view of it).
   */
  readInto?(buf: Uint8Array): Uint8Array | null | Promise<Uint8Array | null>;
}

/**
 * A directory held open for walking it: entries are listed, lstat'ed and entered relative to the
 * open directory instead of re-resolving each one's path from the working directory. Names are
 * plain entry names (from list()): '', '.', '..' and names with '/' are refused with EINVAL.
 * Must be closed; holds one descriptor.
 */
export interface DirHandle {
  /** the entries except '.' and '..', unsorted; maxEntries as for SandboxFS.readdir */
  list(opts?: { maxEntries?: number }): Result<DirEntry[]>;
  /** lstat of an entry (a symlink is not followed) */
  lstat(name: string): Result<FileInfo>;
  /** fstat of the directory itself (ls -R's loop check: its device and inode) */
  stat(): Result<FileInfo>;
  /** open an entry that is itself a directory; a symlink is not followed (ENOTDIR) */
  openDir(name: string): Result<DirHandle>;
  close(): void;
}

/** An open file for writing: a ByteWriter that must be closed (flushes). */
export interface FileWriter extends ByteWriter {
  /** set once a write failed (ENOSPC, EIO…); later writes are dropped */
  readonly error?: FsError;
  close(): void;
}

/**
 * An open file for reading and writing through one descriptor (bash's `<>`): reads and writes
 * share one file position, as they share the descriptor's offset in bash (`exec 3<>f; read -u 3;
 * echo x >&3` writes after the first line). Must be closed.
 */
export interface FileReadWriter extends FileReader, FileWriter {}

export interface OpenReadOptions {
  /** a pending poll on a FIFO/device rejects with signal.reason when this aborts */
  signal?: AbortSignal;
}

export interface OpenWriteOptions {
  append?: boolean;
  /** truncate after the link-count check (the O_TRUNC replay) */
  truncate?: boolean;
  /** fail with EEXIST if the file exists (noclobber) */
  exclusive?: boolean;
  /** create when missing (default true) */
  create?: boolean;
  /**
   * The permission bits a file this open creates gets (open(2)'s mode, default 0o666): the
   * process umask removes bits, as the OS does for GNU tools. Only 0o777 is used (set-ID and
   * sticky bits come only through chmod). An existing file keeps its mode.
   */
  mode?: number;
}

/**
 * A view of the sandbox bound to a working directory. Relative paths resolve against `cwd`.
 * Every method walks the path through the allowed roots; a refusal is EACCES ("Permission denied")
 * and says nothing about what lies outside.
 */
export interface SandboxFS {
  readonly cwd: string;
  /** the absolute, lexically cleaned form of a path (for messages and for `cd`) */
  abs(path: string): string;
  stat(path: string): Result<FileInfo>;
  lstat(path: string): Result<FileInfo>;
  /**
   * the entries except '.' and '..', unsorted. With `maxEntries`, reading stops after
   * maxEntries + 1 entries (so a caller enforcing a budget can tell it was exceeded without the
   * whole directory being loaded).
   */
  readdir(path: string, opts?: { maxEntries?: number }): Result<DirEntry[]>;
  /**
   * Optional: open a directory for walking it (symlinks in `path` are followed, as by readdir).
   * Errors as readdir's (ENOTDIR for a file); a directory without read permission opens and
   * fails on list() with EACCES, as opendir would.
   */
  openDir?(path: string): Result<DirHandle>;
  readlink(path: string): Result<string>;
  /** the canonical absolute path with every symlink resolved (inside the roots) */
  realpath(path: string): Result<string>;
  /**
   * Optional: is this directory (lexically cleaned) a proper ancestor of a root? The script may
   * pass through it (`cd /`, `cd ..` above a root) but never list, read or stat it, like a Unix
   * directory with execute and no read permission. `physical` (for `cd -P`) counts only the
   * roots' real paths. Answered from the configuration alone: no filesystem access.
   */
  traversable?(path: string, physical?: boolean): boolean;
  /** can the script read / write / execute this path (roots and permission bits) */
  access(path: string, mode: 'r' | 'w' | 'x'): boolean;
  open(path: string, opts?: OpenReadOptions): Result<FileReader>;
  /** whole-file read, refused with EFBIG-like EINVAL detail when larger than maxBytes */
  readFile(path: string, maxBytes: number): Result<Uint8Array>;
  openWrite(path: string, opts?: OpenWriteOptions): Result<FileWriter>;
  /**
   * Optional: open for reading and writing (O_RDWR|O_CREAT, no truncation, position 0), for `<>`.
   * Refused as openWrite is (read-only mode, :ro roots, symlink and hard-link targets); of the
   * devices only the writable ones (/dev/null) open.
   */
  openReadWrite?(path: string): Result<FileReadWriter>;
  mkdir(path: string, opts?: { recursive?: boolean; mode?: number }): Result<void>;
  unlink(path: string): Result<void>;
  rmdir(path: string): Result<void>;
  rename(from: string, to: string): Result<void>;
  truncate(path: string, size: number): Result<void>;
  /**
   * Set the times of what `path` names (symlinks followed inside the roots; the target must be
   * writable and have one name). Needs no read permission: a mode-000 file can be touched.
   */
  utimes(path: string, atimeMs: number, mtimeMs: number): Result<void>;
  /**
   * Optional: set the permission bits (0o7777) of what `path` names, as chmod(2): symlinks are
   * followed inside the roots, the target must lie under a :rw root (EACCES otherwise, and always
   * in read-only mode) and have one name (EACCES, detail `hard links are not supported as write
   * targets`). Set-user-ID and set-group-ID bits on a non-directory are refused with EPERM (detail
   * in DETAIL.setIdBits). The process umask does not apply. EINVAL for a mode outside 0..0o7777.
   */
  chmod?(path: string, mode: number): Result<void>;
  /** is this path inside a root that may be written in the current mode */
  writable(path: string): boolean;
}

export interface RootSpec {
  path: string;
  mode: 'ro' | 'rw';
}

export interface Sandbox {
  readonly roots: readonly RootSpec[];
  /**
   * a view bound to `cwd` (which must lie inside a root). `pace`, when given, is called before
   * every read and write of the files the view opens: a run's deadline check (it throws to stop),
   * which a loop reading /dev/zero synchronously would otherwise never reach. When it returns a
   * promise, a read waits for it (the run gives the event loop a turn, so the caller's
   * AbortSignal and timers run): reads of files may then answer with a promise. Writes do not
   * wait (they stay in order for callers that do not await them).
   */
  at(cwd: string, pace?: () => void | Promise<void>): SandboxFS;
  /** is this absolute directory inside a root (used by `cd`) */
  contains(absPath: string): boolean;
  /** release the open root descriptors */
  close(): void;
}
