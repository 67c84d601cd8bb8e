// The only place that turns "a name inside an already-open directory" into something node:fs can
// open. On Linux that is `/proc/self/fd/<dirfd>/<name>`: the kernel follows the magic link to the
// open directory itself (not to a path string), so each step is relative to a directory we already
// hold — openat(2) semantics without native bindings. Elsewhere we fall back to physical path
// strings plus an lstat/fstat identity check on every opened directory.

import * as fs from 'node:fs';
import { joinPhysical, nativePath } from './paths.js';

const C = fs.constants;

/** O_PATH is not exported by node; 0o10000000 on every Linux architecture node supports. */
const O_PATH_LINUX = 0o10000000;
const GENERIC_O_PATH_ARCHES = new Set(['x64', 'arm64', 'ia32', 'arm', 'riscv64', 'ppc64', 's390x', 'loong64']);

export interface DirRef {
  fd: number;
  /** the physical absolute path the walk reached (for the fallback and for realpath) */
  path: string;
}

export interface Native {
  /** true when /proc/self/fd gives openat semantics */
  readonly viaProc: boolean;
  /** flags for holding a directory only as a walking base (O_PATH when available) */
  readonly dirFlags: number;
  /** the path node:fs should use to reach `name` inside `dir` ('' = the directory itself) */
  child(dir: DirRef, name: string): string | Buffer;
  /** open `name` in `dir` as a directory, never following a symlink; throws node errors */
  openDir(dir: DirRef, name: string): number;
  /**
   * open `name` in `dir` with `flags` | O_NOFOLLOW; throws node errors (ELOOP for a symlink).
   * `mode` is open(2)'s creation mode (default 0o666; the process umask removes bits).
   */
  openFile(dir: DirRef, name: string, flags: number, mode?: number): number;
  /**
   * Flags for opening an entry only to change its metadata (times, mode): O_PATH where the walk
   * holds O_PATH descriptors (no read permission needed, as for utimensat/chmod on a path, and a
   * FIFO or device is not opened), else O_RDONLY. With O_NOFOLLOW an O_PATH open of a symlink
   * succeeds and yields the link itself: callers fstat the descriptor and never act on a link.
   */
  readonly metaFlags: number;
  /**
   * What node:fs must be given to change the metadata of an open descriptor: `/proc/self/fd/<fd>`
   * when descriptors are O_PATH (fchmod and futimens refuse them with EBADF, while the magic link
   * resolves to the very inode that was opened), or null when fchmod/futimes work on the fd.
   */
  metaPath(fd: number): string | null;
}

class ProcNative implements Native {
  readonly viaProc = true;
  readonly metaFlags: number;
  private readonly holdsPaths: boolean;
  constructor(readonly dirFlags: number) {
    this.holdsPaths = (dirFlags & O_PATH_LINUX) !== 0;
    this.metaFlags = this.holdsPaths ? O_PATH_LINUX : C.O_RDONLY;
  }

  metaPath(fd: number): string | null {
    return this.holdsPaths ? `/proc/self/fd/${fd}` : null;
  }

  child(dir: DirRef, name: string): string | Buffer {
    return nativePath(name === '' ? `/proc/self/fd/${dir.fd}` : `/proc/self/fd/${dir.fd}/${name}`);
  }

  openDir(dir: DirRef, name: string): number {
    return fs.openSync(this.child(dir, name), this.dirFlags | C.O_DIRECTORY | C.O_NOFOLLOW);
  }

  openFile(dir: DirRef, name: string, flags: number, mode?: number): number {
    // '' reopens the directory itself through its magic link (allowed even for an O_PATH fd)
    return fs.openSync(this.child(dir, name), name === '' ? flags : flags | C.O_NOFOLLOW, mode);
  }
}

/** Not Linux (or no /proc): path strings, and an identity check so a swapped component is caught. */
class PathNative implements Native {
  readonly viaProc = false;
  readonly dirFlags = C.O_RDONLY;
  readonly metaFlags = C.O_RDONLY;

  metaPath(): string | null {
    return null;
  }

  child(dir: DirRef, name: string): string | Buffer {
    return nativePath(name === '' ? dir.path : joinPhysical(dir.path, name));
  }

  openDir(dir: DirRef, name: string): number {
    return this.openChecked(dir, name, C.O_RDONLY | C.O_DIRECTORY);
  }

  openFile(dir: DirRef, name: string, flags: number, mode?: number): number {
    return this.openChecked(dir, name, flags, mode);
  }

  private openChecked(dir: DirRef, name: string, flags: number, mode?: number): number {
    const p = this.child(dir, name);
    this.expectSameDir(dir);
    const before = fs.lstatSync(p);
    if (before.isSymbolicLink()) throw Object.assign(new Error('symlink'), { code: 'ELOOP' });
    const fd = fs.openSync(p, flags | C.O_NOFOLLOW, mode);
    try {
      // the object changed between lstat and open: treat as a symlink race and re-resolve
      const after = fs.fstatSync(fd);
      if (after.dev !== before.dev || after.ino !== before.ino) throw Object.assign(new Error('raced'), { code: 'ELOOP' });
      this.expectSameDir(dir);
      // Once the directory is known to be ours again, the path must still name what was opened:
      // an intermediate component swapped for a link during the lstat and the open, then swapped
      // back before the check above, shows here (a race test saw one such read through). Each
      // round makes a swapper flip the component twice more between consecutive calls: with two,
      // it needed four flips, and a loaded CI run still saw one read through; with three, six.
      for (let round = 0; round < RECHECK_ROUNDS; round++) {
        const again = fs.lstatSync(p);
        if (again.dev !== after.dev || again.ino !== after.ino) throw Object.assign(new Error('raced'), { code: 'ELOOP' });
        this.expectSameDir(dir);
      }
    } catch (e) {
      fs.closeSync(fd);
      throw e;
    }
    return fd;
  }

  /**
   * The directory path still leads to the directory we hold. Checked before and after each open:
   * this narrows the window in which a swapped intermediate component goes unnoticed, but without
   * openat(2) it cannot close it (see docs/SECURITY.md).
   */
  private expectSameDir(dir: DirRef): void {
    const held = fs.fstatSync(dir.fd);
    const now = fs.statSync(nativePath(dir.path));
    if (held.dev !== now.dev || held.ino !== now.ino) throw Object.assign(new Error('raced'), { code: 'ENOENT' });
  }
}

/**
 * How many times the fallback checks again, after an open, that the path still leads to what was
 * opened (PathNative.openChecked). Only the fallback (no /proc) pays for it.
 */
const RECHECK_ROUNDS = 2;

function procWorks(dirFlags: number): boolean {
  if (process.platform !== 'linux') return false;
  let fd = -1;
  try {
    fd = fs.openSync('/', dirFlags | C.O_DIRECTORY);
    const viaFd = fs.statSync(`/proc/self/fd/${fd}`);
    const direct = fs.fstatSync(fd);
    return viaFd.dev === direct.dev && viaFd.ino === direct.ino;
  } catch {
    return false;
  } finally {
    if (fd >= 0) fs.closeSync(fd);
  }
}

let cached: Native | undefined;

/** the platform's Native, probed once */
export function native(): Native {
  if (cached) return cached;
  const usePath = process.platform === 'linux' && GENERIC_O_PATH_ARCHES.has(process.arch);
  const dirFlags = usePath ? O_PATH_LINUX : C.O_RDONLY;
  if (procWorks(dirFlags)) cached = new ProcNative(dirFlags);
  else if (procWorks(C.O_RDONLY)) cached = new ProcNative(C.O_RDONLY);
  else cached = new PathNative();
  return cached;
}

/** for tests: force the portable fallback */
export function pathNative(): Native {
  return new PathNative();
}
