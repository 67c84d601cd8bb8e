// node Stats → the contract's FileInfo, and the permission check `access` needs.

import type * as fs from 'node:fs';
import type { FileInfo, FileType } from './types.js';

const S_IFMT = 0o170000;
const TYPE_BY_FORMAT: ReadonlyMap<number, FileType> = new Map([
  [0o100000, 'file'],
  [0o040000, 'dir'],
  [0o120000, 'symlink'],
  [0o010000, 'fifo'],
  [0o020000, 'char'],
  [0o060000, 'block'],
  [0o140000, 'socket'],
]);

export function fileTypeOfMode(mode: number): FileType {
  return TYPE_BY_FORMAT.get(mode & S_IFMT) ?? 'file';
}

export function toInfo(s: fs.Stats): FileInfo {
  return {
    type: fileTypeOfMode(s.mode),
    size: s.size,
    mode: s.mode,
    nlink: s.nlink,
    uid: s.uid,
    gid: s.gid,
    ino: s.ino,
    dev: s.dev,
    rdev: s.rdev,
    blocks: s.blocks,
    blksize: s.blksize,
    atimeMs: s.atimeMs,
    mtimeMs: s.mtimeMs,
    ctimeMs: s.ctimeMs,
    birthtimeMs: s.birthtimeMs,
  };
}

const MODE_BITS = { r: 4, w: 2, x: 1 } as const;

/** what access(2) would answer for this process, from the stat bits (no second lookup, no race) */
export function permits(info: FileInfo, want: 'r' | 'w' | 'x'): boolean {
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  const bit = MODE_BITS[want];
  if (uid === 0) {
    // root reads and writes anything; executes when some x bit is set (or searches a directory)
    return want !== 'x' || info.type === 'dir' || (info.mode & 0o111) !== 0;
  }
  if (uid === info.uid) return ((info.mode >> 6) & bit) !== 0;
  const groups = typeof process.getgroups === 'function' ? process.getgroups() : [];
  const gid = typeof process.getgid === 'function' ? process.getgid() : -1;
  if (gid === info.gid || groups.includes(info.gid)) return ((info.mode >> 3) & bit) !== 0;
  return (info.mode & bit) !== 0;
}
