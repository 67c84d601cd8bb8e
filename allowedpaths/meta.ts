// Metadata writes (times for `touch`, permission bits for `chmod`-like callers): the final step of
// a walk that follows symlinks, acting on one descriptor of the entry. The descriptor is opened
// relative to the directory the walk holds, with O_NOFOLLOW (O_PATH on Linux, so a file without
// read permission, a FIFO or a device is reached without being opened), checked with fstat, and
// only then changed, through that descriptor: nothing between the check and the change can swap
// the entry for a link to somewhere else.

import * as fs from 'node:fs';
import { DETAIL, errnoOf, fromNode, fsError } from './errors.js';
import type { Native } from './native.js';
import type { FsError } from './types.js';
import type { Cursor, FinalStep } from './walk.js';

const C = fs.constants;
const SYMLINK = { kind: 'symlink' } as const;
const DONE: FinalStep<void> = { kind: 'done', value: undefined };

/** the set-user-ID and set-group-ID bits */
const SET_ID = 0o6000;

type Change = (nat: Native, fd: number, st: fs.Stats) => FsError | null;

/**
 * Open `name` in `dir` (or use `dir` itself for '') for a metadata change and apply `change`.
 * A symlink is handed back to the walk (which follows it only inside the roots); a regular file
 * with more than one name is refused: its metadata is shared with a name the sandbox cannot see.
 */
function changeAt(nat: Native, dir: Cursor, name: string, change: Change): FinalStep<void> {
  let fd = dir.fd;
  if (name !== '') {
    try {
      fd = nat.openFile(dir, name, nat.metaFlags | C.O_NONBLOCK | C.O_NOCTTY);
    } catch (e) {
      // O_RDONLY|O_NOFOLLOW on a link (where O_PATH is not used): let the walk read and follow it
      return errnoOf(e) === 'ELOOP' ? SYMLINK : { kind: 'error', error: fromNode(e) };
    }
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isSymbolicLink()) return SYMLINK;
    if (st.isFile() && st.nlink > 1) return { kind: 'error', error: fsError('EACCES', DETAIL.hardLinkTarget) };
    const err = change(nat, fd, st);
    return err ? { kind: 'error', error: err } : DONE;
  } catch (e) {
    return { kind: 'error', error: fromNode(e) };
  } finally {
    if (name !== '') fs.closeSync(fd);
  }
}

/** utimes through the descriptor (times in ms since the epoch) */
export function setTimesAt(nat: Native, dir: Cursor, name: string, atimeMs: number, mtimeMs: number): FinalStep<void> {
  // Dates, not numbers: Node replaces a negative number of seconds (a time before 1970) by now
  const atime = new Date(atimeMs);
  const mtime = new Date(mtimeMs);
  return changeAt(nat, dir, name, (n, fd) => {
    const via = n.metaPath(fd);
    if (via === null) fs.futimesSync(fd, atime, mtime);
    else fs.utimesSync(via, atime, mtime);
    return null;
  });
}

/**
 * chmod through the descriptor. Only the bits 0o7777 are used. The set-user-ID and set-group-ID
 * bits are refused on anything but a directory (EPERM): a script running as root could otherwise
 * make a set-ID program out of bytes it wrote (on a directory, set-group-ID only decides the group
 * of new entries).
 */
export function setModeAt(nat: Native, dir: Cursor, name: string, mode: number): FinalStep<void> {
  const bits = mode & 0o7777;
  return changeAt(nat, dir, name, (n, fd, st) => {
    if ((bits & SET_ID) !== 0 && !st.isDirectory()) return fsError('EPERM', DETAIL.setIdBits);
    const via = n.metaPath(fd);
    if (via === null) fs.fchmodSync(fd, bits);
    else fs.chmodSync(via, bits);
    return null;
  });
}
