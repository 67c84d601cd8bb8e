// The pieces of an `ls -l` line, as GNU coreutils 9.1 prints them in the C locale: the mode
// string, owner/group names, human-readable sizes (gnulib human.c, rounding up), and dates
// (recent: "Nov 30 15:56", older than six months or in the future: "Jan  2  2020").

import { userInfo } from 'node:os';
import type { FileInfo, FileType } from '../../allowedpaths/types.js';

const TYPE_CHAR: Record<FileType, string> = { file: '-', dir: 'd', symlink: 'l', fifo: 'p', char: 'c', block: 'b', socket: 's' };

export function modeString(info: FileInfo): string {
  const m = info.mode;
  const rwx = (shift: number, special: number, on: string, off: string): string =>
    ((m >> shift) & 4 ? 'r' : '-') +
    ((m >> shift) & 2 ? 'w' : '-') +
    (m & special ? ((m >> shift) & 1 ? on : off) : (m >> shift) & 1 ? 'x' : '-');
  return TYPE_CHAR[info.type] + rwx(6, 0o4000, 's', 'S') + rwx(3, 0o2000, 's', 'S') + rwx(0, 0o1000, 't', 'T');
}

// Names come from what the process knows without reading files: uid/gid 0 are root on every
// Linux system, and the current user's name comes from the OS. Other ids print as numbers
// (the password and group databases lie outside the sandbox).
let me: { uid: number; name: string } | null | undefined;
function currentUser(): { uid: number; name: string } | null {
  if (me !== undefined) return me;
  try {
    const u = userInfo();
    me = { uid: u.uid, name: u.username };
  } catch {
    me = null;
  }
  return me;
}

export function userName(uid: number): string {
  if (uid === 0) return 'root';
  const u = currentUser();
  return u !== null && u.uid === uid ? u.name : String(uid);
}

export function groupName(gid: number): string {
  return gid === 0 ? 'root' : String(gid);
}

/** gnulib human_readable with human_ceiling | human_autoscale | human_SI (| base 1024) */
export function humanSize(n: number, base: 1024 | 1000): string {
  if (n < base) return String(n);
  const letters = base === 1024 ? 'KMGTPEZY' : 'kMGTPEZY';
  let amt = Math.floor(n);
  let tenths = 0;
  let rounding = 0;
  let exponent = 0;
  do {
    const r10 = (amt % base) * 10 + tenths;
    const r2 = (r10 % base) * 2 + (rounding >> 1);
    amt = Math.floor(amt / base);
    tenths = Math.floor(r10 / base);
    rounding = r2 < base ? (r2 + rounding !== 0 ? 1 : 0) : 2 + (base < r2 + rounding ? 1 : 0);
    exponent++;
  } while (base <= amt && exponent < 8);
  let fraction = '';
  if (amt < 10) {
    if (rounding > 0) {
      tenths++;
      rounding = 0;
      if (tenths === 10) {
        amt++;
        tenths = 0;
      }
    }
    if (amt < 10) {
      fraction = `.${tenths}`;
      tenths = 0;
      rounding = 0;
    }
  }
  if (tenths + rounding > 0) {
    amt++;
    if (amt === base && exponent < 8) {
      exponent++;
      fraction = '.0';
      amt = 1;
    }
  }
  return `${amt}${fraction}${letters[exponent - 1]}`;
}

/** blocks of 1024 bytes, rounded up, from 512-byte st_blocks */
export function kilobytes(blocks512: number): number {
  return Math.ceil(blocks512 / 2);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SIX_MONTHS_MS = (31556952 / 2) * 1000;
const pad2 = (n: number): string => String(n).padStart(2, '0');

function zoneOffset(d: Date): string {
  const off = -d.getTimezoneOffset();
  const sign = off < 0 ? '-' : '+';
  const a = Math.abs(off);
  return `${sign}${pad2(Math.floor(a / 60))}${pad2(a % 60)}`;
}

/** the date column for a time stamp (ms since the epoch) */
export function dateColumn(ms: number, nowMs: number, style: 'locale' | 'full-iso' | 'long-iso' | 'iso'): string {
  const d = new Date(Math.floor(ms));
  const ymd = `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  const hm = `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
  const recent = ms > nowMs - SIX_MONTHS_MS && ms <= nowMs;
  switch (style) {
    case 'full-iso': {
      // nanoseconds as far as the stat gave them (milliseconds with a fraction)
      const frac = Math.round((ms - Math.floor(ms / 1000) * 1000) * 1e6);
      return `${ymd} ${hm}:${pad2(d.getSeconds())}.${String(frac).padStart(9, '0')} ${zoneOffset(d)}`;
    }
    case 'long-iso':
      return `${ymd} ${hm}`;
    case 'iso':
      return recent ? `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${hm}` : `${ymd} `;
    default: {
      const day = String(d.getDate()).padStart(2, ' ');
      return recent ? `${MONTHS[d.getMonth()]} ${day} ${hm}` : `${MONTHS[d.getMonth()]} ${day}  ${d.getFullYear()}`;
    }
  }
}
