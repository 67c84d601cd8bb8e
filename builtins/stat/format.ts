// stat's %-directives (coreutils 9.1, files only): printf-style flags, width and precision as
// GNU applies them — numbers take '-' and '0', strings are cut by the precision, and the
// precision of %X/%Y/%Z/%W selects sub-second digits. Times print in UTC (builtins never read
// the host TZ); sub-second digits are as precise as the sandbox's stat (about a microsecond).

import type { FileInfo, SandboxFS } from '../../allowedpaths/types.js';
import { groupName, modeString, userName } from '../ls/fields.js';
import { quoteaf } from '../internal/quote.js';

export interface StatTarget {
  name: string;
  info: FileInfo;
  fs: SandboxFS;
}

const FILE_TYPE: Record<FileInfo['type'], string> = {
  file: 'regular file', dir: 'directory', symlink: 'symbolic link', fifo: 'fifo', socket: 'socket',
  char: 'character special file', block: 'block special file',
};

export function fileTypeText(i: FileInfo): string {
  return i.type === 'file' && i.size === 0 ? 'regular empty file' : FILE_TYPE[i.type];
}

/** Linux's major/minor encoding of a dev_t */
export function major(d: number): number {
  const D = BigInt(Math.trunc(d));
  return Number(((D >> 8n) & 0xfffn) | ((D >> 32n) & ~0xfffn));
}
export function minor(d: number): number {
  const D = BigInt(Math.trunc(d));
  return Number((D & 0xffn) | ((D >> 12n) & ~0xffn));
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function splitNs(ms: number): { secs: number; ns: number } {
  const secs = Math.floor(ms / 1000);
  return { secs, ns: Math.min(999_999_999, Math.round((ms - secs * 1000) * 1e6)) };
}

export function humanTime(ms: number): string {
  const { secs, ns } = splitNs(ms);
  const d = new Date(secs * 1000);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}.${String(ns).padStart(9, '0')} +0000`;
}

function epochTime(ms: number, precision: number | undefined): string {
  const { secs, ns } = splitNs(ms);
  if (precision === undefined || precision === 0) return String(secs);
  const digits = String(ns).padStart(9, '0');
  return `${secs}.${precision <= 9 ? digits.slice(0, precision) : digits + '0'.repeat(precision - 9)}`;
}

/**
 * A directive's value. Numbers follow C printf as GNU's out_int/out_uint/out_uint_o/out_uint_x
 * print them: `signed` ones (%s and the epoch times) take '+' and ' ', `radix` selects what '#'
 * adds (a leading 0, or 0x), and a precision is a minimum digit count.
 */
type Value = { num: string; signed?: boolean; radix?: 'o' | 'x' } | { str: string };

function linkText(t: StatTarget): string {
  if (t.info.type !== 'symlink') return quoteaf(t.name);
  const r = t.fs.readlink(t.name);
  return r.ok ? `${quoteaf(t.name)} -> ${quoteaf(r.value)}` : quoteaf(t.name);
}

const hex = (v: number): Value => ({ num: v.toString(16), radix: 'x' });

const hasBirth = (i: FileInfo): boolean => i.birthtimeMs > 0;

/** one directive's value; undefined for an unknown letter (GNU prints '?') */
function directive(t: StatTarget, d: string, precision: number | undefined): Value | undefined {
  const i = t.info;
  const n = (v: number): Value => ({ num: String(v) });
  const s = (v: string): Value => ({ str: v });
  switch (d) {
    case 'a': return { num: (i.mode & 0o7777).toString(8), radix: 'o' };
    case 'A': return s(modeString(i));
    case 'b': return n(i.blocks);
    case 'B': return n(512);
    case 'd': return n(i.dev);
    case 'D': return hex(i.dev);
    case 'f': return hex(i.mode);
    case 'F': return s(fileTypeText(i));
    case 'g': return n(i.gid);
    case 'G': return s(groupName(i.gid));
    case 'h': return n(i.nlink);
    case 'i': return n(i.ino);
    case 'n': return s(t.name);
    case 'N': return s(linkText(t));
    case 'o': return n(i.blksize);
    case 's': return { num: String(i.size), signed: true };
    case 'r': return n(i.rdev);
    case 'R': return hex(i.rdev);
    case 't': return hex(major(i.rdev));
    case 'T': return hex(minor(i.rdev));
    case 'u': return n(i.uid);
    case 'U': return s(userName(i.uid));
    case 'w': return s(hasBirth(i) ? humanTime(i.birthtimeMs) : '-');
    case 'W': return { num: hasBirth(i) ? epochTime(i.birthtimeMs, precision) : '0', signed: true };
    case 'x': return s(humanTime(i.atimeMs));
    case 'X': return { num: epochTime(i.atimeMs, precision), signed: true };
    case 'y': return s(humanTime(i.mtimeMs));
    case 'Y': return { num: epochTime(i.mtimeMs, precision), signed: true };
    case 'z': return s(humanTime(i.ctimeMs));
    case 'Z': return { num: epochTime(i.ctimeMs, precision), signed: true };
    default: return undefined;
  }
}

const TIME_NUM = new Set(['W', 'X', 'Y', 'Z']);

export type Refusal = { refused: string };

/** render FORMAT for one file; `escapes` for --printf */
export function renderFormat(fmt: string, t: StatTarget, escapes: boolean, warnings: string[]): string | Refusal {
  let out = '';
  for (let i = 0; i < fmt.length; i++) {
    const ch = fmt[i]!;
    if (ch === '\\' && escapes) {
      const r = escape(fmt, i, warnings);
      out += r.text;
      i = r.end - 1;
      continue;
    }
    if (ch !== '%') {
      out += ch;
      continue;
    }
    let j = i + 1;
    let flags = '';
    while (j < fmt.length && "-+ #0'".includes(fmt[j]!)) flags += fmt[j++];
    let width = '';
    while (j < fmt.length && /[0-9]/.test(fmt[j]!)) width += fmt[j++];
    let precision: number | undefined;
    if (fmt[j] === '.') {
      j++;
      let p = '';
      while (j < fmt.length && /[0-9]/.test(fmt[j]!)) p += fmt[j++];
      precision = p === '' ? 0 : Number(p);
    }
    const d = fmt[j];
    if (d === undefined) {
      // a lone trailing '%' prints as is
      out += fmt.slice(i);
      break;
    }
    if (d === '%') {
      out += '%';
      i = j;
      continue;
    }
    if ((d === 'H' || d === 'L') && (fmt[j + 1] === 'd' || fmt[j + 1] === 'r')) {
      const which = fmt[j + 1] === 'd' ? t.info.dev : t.info.rdev;
      const v: Value = { num: String(d === 'H' ? major(which) : minor(which)) };
      out += applyWidth(v, flags, width, precision);
      i = j + 1;
      continue;
    }
    if (d === 'm') return { refused: '%m (mount point) is not supported by rshell' };
    if (d === 'C') return { refused: '%C (SELinux context) is not supported by rshell' };
    const v = directive(t, d, precision);
    if (v === undefined) {
      out += '?';
      i = j;
      continue;
    }
    out += applyWidth(v, flags, width, TIME_NUM.has(d) ? undefined : precision);
    i = j;
  }
  return out;
}

function applyWidth(v: Value, flags: string, width: string, precision: number | undefined): string {
  const w = width === '' ? 0 : Number(width);
  const left = flags.includes('-');
  if ('str' in v) {
    const s = precision === undefined ? v.str : v.str.slice(0, precision);
    return s.length >= w ? s : left ? s.padEnd(w) : s.padStart(w);
  }
  let digits = v.num;
  let sign = '';
  if (digits.startsWith('-')) {
    sign = '-';
    digits = digits.slice(1);
  } else if (v.signed === true) {
    sign = flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
  }
  // C printf: the precision is a minimum digit count, and a zero printed with precision 0 is empty
  if (precision !== undefined) digits = precision === 0 && digits === '0' ? '' : digits.padStart(precision, '0');
  let prefix = '';
  if (flags.includes('#')) {
    if (v.radix === 'o' && !digits.startsWith('0')) digits = '0' + digits;
    else if (v.radix === 'x' && v.num !== '0') prefix = '0x';
  }
  const body = sign + prefix + digits;
  if (body.length >= w) return body;
  if (left) return body.padEnd(w);
  // the 0 flag is ignored when a precision is given
  if (flags.includes('0') && precision === undefined) return sign + prefix + digits.padStart(w - sign.length - prefix.length, '0');
  return body.padStart(w);
}

const ESC: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '"': '"', '\\': '\\' };

/** --printf backslash escapes: letters, \0NNN octal, \xHH */
function escape(fmt: string, i: number, warnings: string[]): { text: string; end: number } {
  const next = fmt[i + 1];
  if (next === undefined) return { text: '\\', end: i + 1 };
  const e = ESC[next];
  if (e !== undefined) return { text: e, end: i + 2 };
  if (/[0-7]/.test(next)) {
    let j = i + 1;
    let v = 0;
    while (j < fmt.length && j < i + 4 && /[0-7]/.test(fmt[j]!)) v = v * 8 + Number(fmt[j++]);
    return { text: String.fromCharCode(v & 0xff), end: j };
  }
  if (next === 'x' && /[0-9a-fA-F]/.test(fmt[i + 2] ?? '')) {
    let j = i + 2;
    let v = 0;
    while (j < fmt.length && j < i + 4 && /[0-9a-fA-F]/.test(fmt[j]!)) v = v * 16 + parseInt(fmt[j++]!, 16);
    return { text: String.fromCharCode(v), end: j };
  }
  warnings.push(`unrecognized escape '\\${next}'`);
  return { text: next, end: i + 2 };
}
