// The sandbox view a command sees: the real sandbox bound to the shell's cwd, plus the shell's own
// descriptors under /dev/fd/N (process substitution, `cat /dev/fd/3`), /dev/stdin, /dev/stdout and
// /dev/stderr, which never touch the filesystem.

import type { FileInfo, FileReader, FileWriter, FsErrorCode, OpenReadOptions, OpenWriteOptions, Result, SandboxFS } from '../../../allowedpaths/types.js';
import type { ByteReader, ByteWriter } from '../../../lib/io/streams.js';
import type { Fd, Shell } from './shell.js';
import { DETAIL, fsError } from '../../../allowedpaths/index.js';

const FD_PATH = /^\/dev\/fd\/([0-9]+)$/;
const STD: Record<string, number> = { '/dev/stdin': 0, '/dev/stdout': 1, '/dev/stderr': 2 };

function pseudoInfo(): FileInfo {
  return {
    type: 'fifo', size: 0, mode: 0o010600, nlink: 1, uid: 0, gid: 0, ino: 0, dev: 0, rdev: 0, blocks: 0,
    blksize: 4096, atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0,
  };
}

/**
 * lstat of /dev/stdin, /dev/stdout, /dev/stderr and /dev/fd/N: on Linux each is a link into
 * /proc/self/fd (`[ -L /dev/stdin ]` is true in bash), the std names even when the descriptor is closed
 */
function linkInfo(n: number): FileInfo {
  return { ...pseudoInfo(), type: 'symlink', mode: 0o120777, size: `/proc/self/fd/${n}`.length };
}

const EBADF: Result<never> = { ok: false, error: { code: 'EINVAL', message: 'Bad file descriptor' } };
/** a descriptor the shell has not open: Linux's /dev/fd/N (a /proc/self/fd link) does not exist */
const NOT_OPEN: Result<never> = { ok: false, error: { code: 'ENOENT', message: 'No such file or directory' } };
const NOFS: Result<never> = { ok: false, error: { code: 'EACCES', message: 'Permission denied' } };

/** which shell descriptor a path names, or -1 */
export function shellFdOf(path: string): number {
  // every open and stat of a command asks: most paths are not under /dev/ (`cat *` over 10,000 names)
  if (path.charCodeAt(0) !== 47 || !path.startsWith('/dev/')) return -1;
  const s = STD[path];
  if (s !== undefined) return s;
  const m = FD_PATH.exec(path);
  return m ? Number(m[1]) : -1;
}

function fdEntry(sh: Shell, n: number): Fd | undefined {
  return sh.fds[n] ?? sh.rt.devFds.get(n);
}

/**
 * What a shell descriptor is, as bash's stat of /dev/fd/N finds it (`[ -p /dev/stdin ]`): the file
 * or device a redirection opened, else a pipe (pipelines, here-documents, here-strings, process
 * substitution and the caller's stdin and stdout all are pipes in bash 5.2).
 */
function fdInfo(inner: SandboxFS, e: Fd): FileInfo {
  if (e.path !== undefined) {
    const st = inner.stat(e.path);
    if (st.ok) return st.value;
  }
  const r = e.reader as Partial<FileReader> | undefined;
  return r?.info ?? pseudoInfo();
}

/** the shell's descriptor n as a file: not open, open the wrong way (EBADF), or `pick`'s view */
function viaShellFd<T>(sh: Shell, n: number, pick: (e: { reader?: ByteReader; writer?: ByteWriter }) => T | undefined): Result<T> {
  const e = fdEntry(sh, n);
  if (!e) return NOT_OPEN;
  const v = pick(e);
  return v === undefined ? EBADF : { ok: true, value: v };
}

export function readerFor(r: ByteReader): FileReader {
  return { read: () => r.read(), info: pseudoInfo(), close: () => undefined };
}

export function writerFor(w: ByteWriter): FileWriter {
  return {
    write: (c) => w.write(c),
    writeString: (s) => w.writeString(s),
    flush: () => w.flush(),
    get closed() {
      return w.closed;
    },
    close: () => undefined,
  };
}

/** a SandboxFS that resolves the shell's descriptors before asking the sandbox */
export function shellFs(sh: Shell): SandboxFS {
  const base = sh.rt.fsAt(sh.cwd);
  const cwd = sh.cwd;
  const deny = <T>(): Result<T> => NOFS;
  const inner: SandboxFS =
    base ??
    ({
      cwd,
      abs: (p: string) => (p.startsWith('/') ? p : cwd.replace(/\/$/, '') + '/' + p),
      stat: deny,
      lstat: deny,
      readdir: deny,
      readlink: deny,
      realpath: deny,
      access: () => false,
      open: deny,
      readFile: deny,
      openWrite: deny,
      mkdir: deny,
      unlink: deny,
      rmdir: deny,
      rename: deny,
      truncate: deny,
      utimes: deny,
      writable: () => false,
    } as SandboxFS);
  if (sh.rt.devFds.size === 0 && !hasStdNames) return inner;
  // the wrappers are made once per view, not at every property read: a command calls open() or
  // stat() once per operand
  const open = (path: string, opts?: OpenReadOptions): Result<FileReader> => {
    const n = shellFdOf(path);
    return n < 0 ? inner.open(path, opts) : viaShellFd(sh, n, (e) => e.reader && readerFor(e.reader));
  };
  const openWrite = (path: string, opts?: OpenWriteOptions): Result<FileWriter> => {
    const n = shellFdOf(path);
    return n < 0 ? inner.openWrite(path, opts) : viaShellFd(sh, n, (e) => e.writer && writerFor(e.writer));
  };
  const statOf =
    (prop: 'stat' | 'lstat') =>
    (path: string): Result<FileInfo> => {
      const n = shellFdOf(path);
      if (n < 0) return inner[prop](path);
      const e = fdEntry(sh, n);
      if (prop === 'lstat' && (e !== undefined || STD[path] !== undefined)) return { ok: true, value: linkInfo(n) };
      return e ? { ok: true, value: fdInfo(inner, e) } : NOT_OPEN;
    };
  // bash's access(2) on /dev/fd/N reaches what the descriptor is: a pipe is the script's own
  const access = (path: string, mode: 'r' | 'w' | 'x'): boolean => {
    const n = shellFdOf(path);
    if (n < 0) return inner.access(path, mode);
    const e = fdEntry(sh, n);
    if (!e) return false;
    if (e.path !== undefined) return inner.access(e.path, mode);
    return mode !== 'x';
  };
  const readFile = (path: string, max: number): Result<Uint8Array> => (shellFdOf(path) < 0 ? inner.readFile(path, max) : EBADF);
  const own = new Map<string | symbol, unknown>([
    ['open', open],
    ['openWrite', openWrite],
    ['stat', statOf('stat')],
    ['lstat', statOf('lstat')],
    ['access', access],
    ['readFile', readFile],
  ]);
  return new Proxy(inner, {
    get(target, prop, receiver) {
      const mine = own.get(prop);
      if (mine !== undefined) return mine;
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      // bound once, then kept with the view's own
      const b = v.bind(target);
      own.set(prop, b);
      return b;
    },
  });
}

const hasStdNames = true;

/**
 * The whole contents of a path for `source` and `$(<file)`, the shell's own descriptors included:
 * `/dev/stdin` or `/dev/fd/N` (a pipe, a here-document, `<(…)`) is read to its end, so the result
 * can be a promise. More than maxBytes fails as the sandbox's readFile does.
 */
export function readWhole(sh: Shell, path: string, maxBytes: number): Result<Uint8Array> | Promise<Result<Uint8Array>> {
  const n = shellFdOf(path);
  if (n < 0) return shellFs(sh).readFile(path, maxBytes);
  const e = fdEntry(sh, n);
  if (!e) return NOT_OPEN;
  return e.reader ? readToEnd(e.reader, maxBytes) : EBADF;
}

async function readToEnd(reader: ByteReader, maxBytes: number): Promise<Result<Uint8Array>> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: Uint8Array | null;
    try {
      const r = reader.read();
      chunk = r instanceof Promise ? await r : r;
    } catch (e) {
      // a read that fails as read(2) does (a directory, a closed or failing descriptor)
      const code = (e as { fsError?: { code?: string } }).fsError?.code;
      if (code === undefined) throw e;
      return { ok: false, error: fsError(code as FsErrorCode, (e as Error).message) };
    }
    if (chunk === null) break;
    total += chunk.length;
    if (total > maxBytes) return { ok: false, error: fsError('EINVAL', DETAIL.tooLarge) };
    // readers may reuse their chunk for the next read
    parts.push(Uint8Array.prototype.slice.call(chunk));
  }
  return { ok: true, value: Buffer.concat(parts, total) };
}

