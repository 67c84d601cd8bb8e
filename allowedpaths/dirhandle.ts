// A directory held open for walking it (find). Its entries are listed, stat'ed and entered
// relative to the open descriptor, one name at a time, the same way the path walk steps through a
// component (walk.ts): a name never contains '/' and is never '.' or '..', and a subdirectory is
// opened with O_NOFOLLOW, so a handle can only ever reach what lies below the directory it came
// from — which the path walk already proved to be inside a root. What this saves is the
// re-resolution of every entry's full path from the working directory.

import * as fs from 'node:fs';
import { errnoOf, fail, fromNode, fsError, ok } from './errors.js';
import { toInfo } from './info.js';
import { listDirectory } from './listing.js';
import type { Native } from './native.js';
import { joinPhysical } from './paths.js';
import type { DirEntry, DirHandle, FileInfo, Result } from './types.js';
import { closeQuietly } from './walk.js';

/** a plain entry name: not empty, not '.' or '..', no '/' and no NUL */
function isEntryName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\0');
}

export class FdDirHandle implements DirHandle {
  constructor(
    private readonly nat: Native,
    /** an owned descriptor of the directory (O_PATH where available) */
    public fd: number,
    /** its physical absolute path (for the portable fallback's path strings) */
    readonly path: string,
    /** true once the sandbox is closed: the handle refuses everything from then on */
    private readonly disabled: () => boolean,
  ) {}

  private usable(): boolean {
    return this.fd >= 0 && !this.disabled();
  }

  list(opts: { maxEntries?: number } = {}): Result<DirEntry[]> {
    if (!this.usable()) return fail('EACCES');
    const limit = opts.maxEntries === undefined ? Infinity : Math.max(0, opts.maxEntries) + 1;
    return listDirectory(this.nat, this, limit);
  }

  lstat(name: string): Result<FileInfo> {
    if (!this.usable()) return fail('EACCES');
    if (!isEntryName(name)) return fail('EINVAL');
    try {
      return ok(toInfo(fs.lstatSync(this.nat.child(this, name))));
    } catch (e) {
      return { ok: false, error: fromNode(e) };
    }
  }

  stat(): Result<FileInfo> {
    if (!this.usable()) return fail('EACCES');
    try {
      // fstat works on an O_PATH descriptor (Linux 3.6 on)
      return ok(toInfo(fs.fstatSync(this.fd)));
    } catch (e) {
      return { ok: false, error: fromNode(e) };
    }
  }

  openDir(name: string): Result<DirHandle> {
    if (!this.usable()) return fail('EACCES');
    if (!isEntryName(name)) return fail('EINVAL');
    let fd: number;
    try {
      fd = this.nat.openDir(this, name);
    } catch (e) {
      // a symlink (ELOOP under O_NOFOLLOW) is not entered: it is not a directory here
      return errnoOf(e) === 'ELOOP' ? { ok: false, error: fsError('ENOTDIR') } : { ok: false, error: fromNode(e) };
    }
    return ok(new FdDirHandle(this.nat, fd, joinPhysical(this.path, name), this.disabled));
  }

  close(): void {
    if (this.fd < 0) return;
    closeQuietly(this.fd);
    this.fd = -1;
  }
}
