// SandboxFS: the sandbox bound to a working directory. Each method is a walk (walk.ts) plus one
// final operation on the last component, done relative to the directory the walk holds open.

import * as fs from 'node:fs';
import { decode } from '../lib/io/encoding.js';
import type { SandboxCore } from './core.js';
import { deviceRule, isGenuineDevice, type DeviceRule } from './devices.js';
import { DETAIL, errnoOf, fail, fromNode, fsError, ok, OK_VOID } from './errors.js';
import { permits, toInfo } from './info.js';
import { absolutePath, joinPhysical, normalizeKeepDots } from './paths.js';
import { FdReader } from './reader.js';
import { listDirectory } from './listing.js';
import { compsOf, isAncestorOfRoot } from './roots.js';
import { FdDirHandle } from './dirhandle.js';
import type {
  DirEntry, DirHandle, FileInfo, FileReadWriter, FileWriter, FsError, FsErrorCode, OpenReadOptions, OpenWriteOptions,
  Result, SandboxFS,
} from './types.js';
import type { Cursor, FinalStep } from './walk.js';
import { FdWriter } from './writer.js';
import { setModeAt, setTimesAt } from './meta.js';
import { readWriterOf, StreamReadWriter } from './readwriter.js';

const C = fs.constants;
const READ_FLAGS = C.O_RDONLY | C.O_NONBLOCK | C.O_NOCTTY;

const done = <T>(value: T): FinalStep<T> => ({ kind: 'done', value });
const stop = <T>(error: FsError): FinalStep<T> => ({ kind: 'error', error });
const stopCode = <T>(code: FsErrorCode, detail?: string): FinalStep<T> => stop(fsError(code, detail));
const SYMLINK = { kind: 'symlink' } as const;

/** the last segment is '.', '..' or nothing: write ops cannot name an entry there */
function dotTail(path: string): boolean {
  const trimmed = path.replace(/\/+$/, '');
  const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return last === '' || last === '.' || last === '..';
}

const hasTrailingSlash = (path: string): boolean => path.length > 1 && path.endsWith('/');

export class SandboxView implements SandboxFS {
  constructor(
    private readonly core: SandboxCore,
    readonly cwd: string,
    /** called before each read and write of what this view opens (Sandbox.at) */
    private readonly pace?: () => void | Promise<void>,
  ) {}

  abs(path: string): string {
    return absolutePath(this.cwd, path);
  }

  private start = (): Result<Cursor> => this.core.cwdCursor(this.cwd);

  /** is the cwd outside every root (decided once: a view's cwd never changes) */
  private cwdOutside: boolean | undefined;

  /**
   * A relative path from a cwd that lies outside every root (the CLI run from elsewhere with
   * `-p some/dir`) is walked as the absolute path cwd/path: the outside part is only passed
   * through lexically, as for any absolute path, and the walk enters a root or is refused.
   */
  private route(path: string): string {
    if (path === '' || path.startsWith('/')) return path;
    if (this.cwdOutside === undefined) {
      const r = this.core.cwdCursor(this.cwd);
      if (r.ok) r.value.release();
      this.cwdOutside = !r.ok && r.error.code === 'EACCES';
    }
    return this.cwdOutside ? `${this.cwd.replace(/\/+$/, '')}/${path}` : path;
  }

  private child(dir: Cursor, name: string): string | Buffer {
    return this.core.nat.child(dir, name);
  }

  // ---- reads -------------------------------------------------------------------------------

  stat(path: string): Result<FileInfo> {
    return this.core.walker.resolve(this.route(path), this.start, (dir, name) => this.statFinal(dir, name, true), (p) => deviceStat(p));
  }

  lstat(path: string): Result<FileInfo> {
    return this.core.walker.resolve(this.route(path), this.start, (dir, name) => this.statFinal(dir, name, false), (p) => deviceStat(p));
  }

  private statFinal(dir: Cursor, name: string, follow: boolean): FinalStep<FileInfo> {
    try {
      const st = name === '' ? fs.fstatSync(dir.fd) : fs.lstatSync(this.child(dir, name));
      if (follow && st.isSymbolicLink()) return SYMLINK;
      return done(toInfo(st));
    } catch (e) {
      return stop(fromNode(e));
    }
  }

  readdir(path: string, opts: { maxEntries?: number } = {}): Result<DirEntry[]> {
    const limit = opts.maxEntries === undefined ? Infinity : Math.max(0, opts.maxEntries) + 1;
    return this.core.walker.resolve<DirEntry[]>(
      this.route(path),
      this.start,
      (dir, name) => {
        if (name === '') return this.list(dir, limit);
        let fd: number;
        try {
          fd = this.core.nat.openDir(dir, name);
        } catch (e) {
          const code = errnoOf(e);
          if (code !== 'ELOOP' && code !== 'ENOTDIR') return stop(fromNode(e));
          return this.isSymlink(dir, name) ? SYMLINK : stopCode('ENOTDIR');
        }
        try {
          return this.list({ fd, path: joinPhysical(dir.path, name) }, limit);
        } finally {
          fs.closeSync(fd);
        }
      },
      (p) => (deviceRule(p) ? fail('ENOTDIR') : null),
    );
  }

  openDir(path: string): Result<DirHandle> {
    const nat = this.core.nat;
    const disabled = (): boolean => this.core.walker.disabled;
    return this.core.walker.resolve<DirHandle>(
      this.route(path),
      this.start,
      (dir, name) => {
        let fd: number;
        try {
          // '' is the directory the walk holds (borrowed, maybe): open our own descriptor of it
          fd = name === '' ? nat.openFile(dir, '', nat.dirFlags | C.O_DIRECTORY) : nat.openDir(dir, name);
        } catch (e) {
          const code = errnoOf(e);
          if (name === '' || (code !== 'ELOOP' && code !== 'ENOTDIR')) return stop(fromNode(e));
          return this.isSymlink(dir, name) ? SYMLINK : stopCode('ENOTDIR');
        }
        return done(new FdDirHandle(nat, fd, name === '' ? dir.path : joinPhysical(dir.path, name), disabled));
      },
      (p) => (deviceRule(p) ? fail('ENOTDIR') : null),
    );
  }

  /** list an open directory; stops after `limit` entries (streaming, so a huge one is not loaded) */
  private list(dir: Pick<Cursor, 'fd' | 'path'>, limit: number): FinalStep<DirEntry[]> {
    const r = listDirectory(this.core.nat, dir, limit);
    return r.ok ? done(r.value) : stop(r.error);
  }

  private isSymlink(dir: Cursor, name: string): boolean {
    try {
      return fs.lstatSync(this.child(dir, name)).isSymbolicLink();
    } catch {
      return false;
    }
  }

  readlink(path: string): Result<string> {
    return this.core.walker.resolve<string>(
      this.route(path),
      this.start,
      (dir, name) => {
        if (name === '') return stopCode('EINVAL');
        try {
          return done(decode(fs.readlinkSync(this.child(dir, name), { encoding: 'buffer' })));
        } catch (e) {
          return stop(fromNode(e));
        }
      },
      (p) => (deviceRule(p) ? fail('EINVAL') : null),
    );
  }

  traversable(path: string, physical = false): boolean {
    return isAncestorOfRoot(this.core.roots, compsOf(this.abs(path)), physical);
  }

  realpath(path: string): Result<string> {
    return this.core.walker.resolve<string>(
      this.route(path),
      this.start,
      (dir, name) => {
        if (name === '') return done(dir.path);
        const st = this.statFinal(dir, name, true);
        return st.kind === 'done' ? done(joinPhysical(dir.path, name)) : st;
      },
      (p) => (deviceRule(p) ? ok(p) : null),
    );
  }

  access(path: string, mode: 'r' | 'w' | 'x'): boolean {
    const rule = path.startsWith('/') ? deviceRule(normalizeKeepDots(path)) : undefined;
    if (rule) return this.stat(path).ok && (mode === 'r' || (mode === 'w' && rule.writable));
    const st = this.stat(path);
    if (!st.ok || !permits(st.value, mode)) return false;
    return mode !== 'w' || this.writable(path);
  }

  open(path: string, opts?: OpenReadOptions): Result<FdReader> {
    const signal = opts?.signal;
    if (signal === undefined) return this.core.walker.resolve<FdReader>(this.route(path), this.start, this.openFinal, this.openDeviceFinal);
    return this.core.walker.resolve<FdReader>(
      this.route(path),
      this.start,
      (dir, name) => this.openAt(dir, name, signal),
      (p) => openDevice(p, 'r', (fd, st) => new FdReader(fd, toInfo(st), signal, this.pace)),
    );
  }

  /** open's final step without a signal, made once per view (`cat *` opens thousands through it) */
  private readonly openFinal = (dir: Cursor, name: string): FinalStep<FdReader> => this.openAt(dir, name, undefined);
  private readonly openDeviceFinal = (p: string): Result<FdReader> | null => openDevice(p, 'r', (fd, st) => new FdReader(fd, toInfo(st), undefined, this.pace));

  private openAt(dir: Cursor, name: string, signal: AbortSignal | undefined): FinalStep<FdReader> {
    let fd: number;
    try {
      fd = this.core.nat.openFile(dir, name, READ_FLAGS);
    } catch (e) {
      return errnoOf(e) === 'ELOOP' ? SYMLINK : stop(fromNode(e));
    }
    // no fstat here: the reader makes it when something needs the type or size (reader.ts)
    return done(new FdReader(fd, null, signal, this.pace));
  }

  readFile(path: string, maxBytes: number): Result<Uint8Array> {
    const r = this.open(path);
    if (!r.ok) return r;
    const reader = r.value;
    try {
      if (reader.info.type === 'dir') return fail('EISDIR');
      if (reader.info.type === 'file' && reader.info.size > maxBytes) return fail('EINVAL', DETAIL.tooLarge);
      const parts: Uint8Array[] = [];
      let total = 0;
      for (;;) {
        // bounded by maxBytes, so without the pace's turns of the event loop; a FIFO with nothing
        // ready: readFile is synchronous, so what is there is all there is
        const chunk = reader.readReady();
        if (chunk === null) break;
        total += chunk.length;
        if (total > maxBytes) return fail('EINVAL', DETAIL.tooLarge);
        parts.push(chunk);
      }
      if (reader.error) return { ok: false, error: reader.error };
      return ok(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
    } finally {
      reader.close();
    }
  }

  // ---- writes ------------------------------------------------------------------------------

  writable(path: string): boolean {
    if (this.core.mode !== 'remediation') return false;
    const r = this.core.walker.resolve<boolean>(
      this.route(path),
      this.start,
      (dir, name) => done(this.canWrite(dir, name)),
      // only a device path is answered here: any other absolute path walks on (null)
      (p) => {
        const rule = deviceRule(p);
        return rule ? ok(rule.writable) : null;
      },
      { parentMode: true },
    );
    return r.ok && r.value;
  }

  /**
   * Both the directory that holds the entry and the entry itself lie under a :rw root, and the
   * entry is not a root or an ancestor of one (roots are configuration: never renamed or removed).
   */
  private canWrite(dir: Cursor, name: string): boolean {
    if (!this.core.writablePhysical(dir.path)) return false;
    if (name === '') return true;
    const entry = joinPhysical(dir.path, name);
    return this.core.writablePhysical(entry) && !this.core.holdsRoot(entry);
  }

  /**
   * A write naming '.', '..' or a trailing slash names no entry: the kernel's error for it when the
   * path exists (EEXIST for mkdir, EISDIR for open…), the lookup error otherwise. Nothing changes.
   */
  private dotTailError<T>(path: string, code: FsErrorCode): Result<T> {
    if (this.core.mode !== 'remediation') return fail('EACCES');
    const st = this.stat(path);
    return st.ok ? fail(code) : st;
  }

  /** resolve for a write: parent mode, writability checked before the op touches anything */
  private writeOp<T>(path: string, op: (dir: Cursor, name: string) => FinalStep<T>, device?: (rule: DeviceRule) => Result<T>): Result<T> {
    return this.core.walker.resolve<T>(
      this.route(path),
      this.start,
      (dir, name) => {
        // '' is a directory reached itself (a root, or through '..'): never an entry we may edit
        if (name === '') return stopCode(dir.names.length === 0 ? 'EACCES' : 'EBUSY');
        return this.canWrite(dir, name) ? op(dir, name) : stopCode('EACCES');
      },
      (p) => {
        const rule = deviceRule(p);
        if (!rule) return null;
        return device ? device(rule) : fail('EACCES');
      },
      { parentMode: true },
    );
  }

  openWrite(path: string, opts: OpenWriteOptions = {}): Result<FileWriter> {
    const devOpen = (rule: DeviceRule): Result<FileWriter> =>
      openDevice(rule.path, 'w', (fd) => new FdWriter(fd, this.pace)) ?? fail('EACCES');
    if (this.core.mode !== 'remediation') {
      // read-only mode: only the writable devices (/dev/null)
      const rule = path.startsWith('/') ? deviceRule(normalizeKeepDots(path)) : undefined;
      return rule ? devOpen(rule) : fail('EACCES');
    }
    if (dotTail(path) || hasTrailingSlash(path)) {
      // open(O_CREAT) on 'x/' is EISDIR whether or not x exists
      const r = this.dotTailError<FileWriter>(path, 'EISDIR');
      return !r.ok && r.error.code === 'ENOENT' ? fail('EISDIR') : r;
    }
    let flags = C.O_WRONLY | C.O_NONBLOCK | C.O_NOCTTY;
    if (opts.create !== false) flags |= C.O_CREAT;
    if (opts.exclusive) flags |= C.O_CREAT | C.O_EXCL;
    if (opts.append) flags |= C.O_APPEND;
    // open(2)'s creation mode: permission bits only (set-ID bits come only through chmod, which
    // refuses them on files); the process umask removes bits as it does for GNU tools
    const mode = opts.mode === undefined ? undefined : opts.mode & 0o777;
    return this.writeOp<FileWriter>(
      path,
      (dir, name) => {
        const fd = this.openForWrite(dir, name, flags, mode);
        if (typeof fd !== 'number') return stop(fd);
        if (opts.truncate) {
          const t = truncateFd(fd, 0);
          if (t) {
            fs.closeSync(fd);
            return stop(t);
          }
        }
        return done(new FdWriter(fd, this.pace));
      },
      devOpen,
    );
  }

  /** `<>`: O_RDWR|O_CREAT (no truncation) under openWrite's checks; the handle is readwriter.ts's */
  openReadWrite(path: string): Result<FileReadWriter> {
    const devOpen = (rule: DeviceRule): Result<FileReadWriter> =>
      openDevice(rule.path, 'rw', (fd, st) => new StreamReadWriter(fd, toInfo(st), this.pace)) ?? fail('EACCES');
    if (this.core.mode !== 'remediation') {
      const rule = path.startsWith('/') ? deviceRule(normalizeKeepDots(path)) : undefined;
      return rule ? devOpen(rule) : fail('EACCES');
    }
    if (dotTail(path) || hasTrailingSlash(path)) {
      const r = this.dotTailError<FileReadWriter>(path, 'EISDIR');
      return !r.ok && r.error.code === 'ENOENT' ? fail('EISDIR') : r;
    }
    return this.writeOp<FileReadWriter>(
      path,
      (dir, name) => {
        const fd = this.openForWrite(dir, name, C.O_RDWR | C.O_CREAT | C.O_NONBLOCK | C.O_NOCTTY);
        if (typeof fd !== 'number') return stop(fd);
        const h = readWriterOf(fd, this.pace);
        return 'code' in h ? stop(h) : done(h);
      },
      devOpen,
    );
  }

  /** open without O_TRUNC, refuse symlinks and hard links, checked on the descriptor */
  private openForWrite(dir: Cursor, name: string, flags: number, mode?: number): number | FsError {
    let fd: number;
    try {
      fd = this.core.nat.openFile(dir, name, flags, mode);
    } catch (e) {
      const code = errnoOf(e);
      if (code === 'ELOOP') return fsError('EACCES', DETAIL.symlinkTarget);
      return fromNode(e);
    }
    try {
      const st = fs.fstatSync(fd);
      if (st.isFile() && st.nlink > 1) {
        fs.closeSync(fd);
        return fsError('EACCES', DETAIL.hardLinkTarget);
      }
    } catch (e) {
      fs.closeSync(fd);
      return fromNode(e);
    }
    return fd;
  }

  mkdir(path: string, opts: { recursive?: boolean; mode?: number } = {}): Result<void> {
    if (opts.recursive) return this.mkdirAll(path, opts.mode);
    if (dotTail(path)) return this.dotTailError(path, 'EEXIST');
    return this.writeOp<void>(path, (dir, name) => {
      try {
        fs.mkdirSync(this.child(dir, name), { mode: opts.mode ?? 0o777 });
        return done(undefined);
      } catch (e) {
        return stop(fromNode(e));
      }
    });
  }

  /** mkdir -p: each prefix in turn, each through the full checks; an existing directory is fine */
  private mkdirAll(path: string, mode?: number): Result<void> {
    const parts = path.split('/');
    let prefix = path.startsWith('/') ? '/' : '';
    let last: Result<void> = OK_VOID;
    for (const p of parts) {
      if (p === '') continue;
      prefix = prefix === '' || prefix.endsWith('/') ? prefix + p : `${prefix}/${p}`;
      if (p === '.' || p === '..') continue;
      last = this.mkdir(prefix, { mode });
      if (!last.ok && last.error.code === 'EEXIST') {
        const st = this.stat(prefix);
        if (!st.ok) return st;
        if (st.value.type === 'dir') last = OK_VOID;
      }
      if (!last.ok) return last;
    }
    return last;
  }

  unlink(path: string): Result<void> {
    if (dotTail(path)) return this.dotTailError(path, 'EISDIR');
    const slash = hasTrailingSlash(path);
    return this.writeOp<void>(path, (dir, name) => {
      try {
        if (slash) {
          const st = fs.lstatSync(this.child(dir, name));
          return stopCode(st.isDirectory() ? 'EISDIR' : 'ENOTDIR');
        }
        fs.unlinkSync(this.child(dir, name));
        return done(undefined);
      } catch (e) {
        return stop(fromNode(e));
      }
    });
  }

  rmdir(path: string): Result<void> {
    if (dotTail(path)) return this.dotTailError(path, /\.\.\/*$/.test(path) ? 'ENOTEMPTY' : 'EINVAL');
    return this.writeOp<void>(path, (dir, name) => {
      try {
        fs.rmdirSync(this.child(dir, name));
        return done(undefined);
      } catch (e) {
        return stop(fromNode(e));
      }
    });
  }

  rename(from: string, to: string): Result<void> {
    if (dotTail(from) || dotTail(to)) return this.dotTailError(dotTail(from) ? from : to, 'EBUSY');
    return this.writeOp<void>(from, (fromDir, fromName) => {
      const inner = this.writeOp<void>(to, (toDir, toName) => {
        try {
          fs.renameSync(this.child(fromDir, fromName), this.child(toDir, toName));
          return done(undefined);
        } catch (e) {
          return stop(fromNode(e));
        }
      });
      return inner.ok ? done(undefined) : stop(inner.error);
    });
  }

  /** set the size of an existing file (no create: the caller decides GNU truncate's -c) */
  truncate(path: string, size: number): Result<void> {
    if (!Number.isSafeInteger(size) || size < 0) return fail('EINVAL');
    if (dotTail(path) || hasTrailingSlash(path)) return this.dotTailError(path, 'EISDIR');
    return this.writeOp<void>(path, (dir, name) => {
      const fd = this.openForWrite(dir, name, C.O_WRONLY | C.O_NONBLOCK | C.O_NOCTTY);
      if (typeof fd !== 'number') return stop(fd);
      try {
        const t = truncateFd(fd, size);
        return t ? stop(t) : done(undefined);
      } finally {
        fs.closeSync(fd);
      }
    });
  }

  /**
   * touch's time update: follows symlinks (as touch does) to a target that must be writable. The
   * times are set through a descriptor of the target (meta.ts): O_PATH needs no read permission,
   * so a mode-000 file of one's own can be touched, as with GNU's utimensat on the path.
   */
  utimes(path: string, atimeMs: number, mtimeMs: number): Result<void> {
    return this.metaOp(path, (dir, name) => setTimesAt(this.core.nat, dir, name, atimeMs, mtimeMs), (rule) => (rule.writable ? OK_VOID : fail('EACCES')));
  }

  /** chmod: follows symlinks to a target that must be writable; see meta.ts for what is refused */
  chmod(path: string, mode: number): Result<void> {
    if (!Number.isInteger(mode) || mode < 0 || mode > 0o7777) return fail('EINVAL');
    return this.metaOp(path, (dir, name) => setModeAt(this.core.nat, dir, name, mode), () => fail('EACCES'));
  }

  /**
   * A metadata change (times, mode) of what `path` names, links followed inside the roots. Times
   * and permission bits are shared by every name of an inode, so they are guarded as content is:
   * the final target must lie under a :rw root and have one name. A root itself (name '') may be
   * changed when it is :rw (it is the script's to use; only its name is configuration).
   */
  private metaOp(path: string, op: (dir: Cursor, name: string) => FinalStep<void>, device: (rule: DeviceRule) => Result<void>): Result<void> {
    if (this.core.mode !== 'remediation') return fail('EACCES');
    return this.core.walker.resolve<void>(
      this.route(path),
      this.start,
      (dir, name) => (this.canWrite(dir, name) ? op(dir, name) : stopCode('EACCES')),
      (p) => {
        const rule = deviceRule(p);
        return rule ? device(rule) : null;
      },
    );
  }
}

function truncateFd(fd: number, size: number): FsError | null {
  try {
    if (fs.fstatSync(fd).isFile()) fs.ftruncateSync(fd, size);
    return null;
  } catch (e) {
    return fromNode(e);
  }
}

function deviceStat(p: string): Result<FileInfo> | null {
  const rule = deviceRule(p);
  if (!rule) return null;
  try {
    const st = fs.statSync(rule.path);
    return isGenuineDevice(rule, st) ? ok(toInfo(st)) : fail('EACCES');
  } catch (e) {
    return { ok: false, error: fromNode(e) };
  }
}

/** open's device hook without a signal, made once */

const DEVICE_ACCESS = { r: C.O_RDONLY, w: C.O_WRONLY, rw: C.O_RDWR } as const;

/** open a device exception by its fixed path and verify it is the genuine device (writing only a writable one) */
function openDevice<T>(p: string, access: keyof typeof DEVICE_ACCESS, wrap: (fd: number, st: fs.Stats) => T): Result<T> | null {
  const rule = deviceRule(p);
  if (!rule) return null;
  if (access !== 'r' && !rule.writable) return fail('EACCES');
  let fd: number;
  try {
    fd = fs.openSync(rule.path, DEVICE_ACCESS[access] | C.O_NOFOLLOW | C.O_NOCTTY | C.O_NONBLOCK);
  } catch (e) {
    return { ok: false, error: fromNode(e) };
  }
  let st: fs.Stats;
  try {
    st = fs.fstatSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    return { ok: false, error: fromNode(e) };
  }
  if (!isGenuineDevice(rule, st)) {
    fs.closeSync(fd);
    return fail('EACCES');
  }
  return ok(wrap(fd, st));
}
