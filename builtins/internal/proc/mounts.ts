// The mount table (<proc>/self/mountinfo) and statfs(2) on mount points, for df. statfs and stat
// of a mount point are the only filesystem calls here that take a path from the table rather
// than from the fixed list: they return sizes and a device number, never contents.

import * as fs from 'node:fs';
import type { ProcReader } from './reader.js';

export const MAX_MOUNTS = 100_000;

export interface Mount {
  devName: string;
  mountDir: string;
  fsType: string;
  /** "major:minor" of the mounted filesystem */
  devId: string;
  options: string;
}

/** mountinfo escapes space, tab, newline and backslash as \ooo */
function unescapeField(s: string): string {
  return s.replace(/\\([0-7]{3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8)));
}

/** "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue" */
export function parseMountinfo(text: string): Mount[] {
  const out: Mount[] = [];
  for (const line of text.split('\n')) {
    if (out.length >= MAX_MOUNTS) break;
    const f = line.split(' ');
    const dash = f.indexOf('-', 6);
    if (f.length < 10 || dash < 0 || dash + 3 > f.length) continue;
    out.push({
      devId: f[2] ?? '',
      mountDir: unescapeField(f[4] ?? ''),
      options: f[5] ?? '',
      fsType: unescapeField(f[dash + 1] ?? ''),
      devName: unescapeField(f[dash + 2] ?? ''),
    });
  }
  return out;
}

export function readMounts(proc: ProcReader): Mount[] | undefined {
  const text = proc.read('self/mountinfo');
  return text === undefined ? undefined : parseMountinfo(text);
}

export interface FsUsage {
  /** fragment size (bytes per block) */
  blockSize: number;
  blocks: number;
  bfree: number;
  bavail: number;
  files: number;
  ffree: number;
}

/** statfs(2) on a mount point; undefined (errno text in `error`) when it fails */
export function statfsOf(dir: string): FsUsage | { error: string } {
  try {
    const s = fs.statfsSync(dir);
    return { blockSize: s.bsize, blocks: s.blocks, bfree: s.bfree, bavail: s.bavail, files: s.files, ffree: s.ffree };
  } catch (e) {
    return { error: errnoText((e as NodeJS.ErrnoException).code) };
  }
}

/** st_dev of a mount point (df's duplicate detection), undefined when it cannot be reached */
export function deviceOf(dir: string): number | undefined {
  try {
    return fs.statSync(dir).dev;
  } catch {
    return undefined;
  }
}

function errnoText(code: string | undefined): string {
  const texts: Record<string, string> = {
    ENOENT: 'No such file or directory', EACCES: 'Permission denied', ENOTDIR: 'Not a directory',
    ELOOP: 'Too many levels of symbolic links', EIO: 'Input/output error', ENOTCONN: 'Transport endpoint is not connected',
  };
  return texts[code ?? ''] ?? 'Input/output error';
}
