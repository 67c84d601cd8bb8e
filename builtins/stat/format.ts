// stat's %-directives (coreutils 9.1, files only): printf-style flags, width and precision as
// GNU applies them — numbers take '-' and '0', strings are cut by the precision, and the
// precision of %X/%Y/%Z/%W selects sub-second digits. Times print in UTC (builtins never read
// the host TZ); sub-second digits are as precise as the sandbox's stat (about a microsecond).

import type { FileInfo, SandboxFS } from '../../allowedpaths/types.js';
import { groupName, modeString, userName } from '../internal/file-fields.js';
import { quoteaf } from '../internal/quote.js';
import { formatCNumber } from '../../lib/printf/format.js';

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

/**
 * A directive's value. Integers are printed by printf's own C conversion (formatCNumber), as
 * GNU's out_int ('d': %s), out_uint ('u'), out_uint_o ('o') and out_uint_x ('x') do; epoch
 * times as GNU's out_epoch_sec (formatEpoch); strings are cut by the precision.
 */
type Value = { int: number; conv: 'd' | 'u' | 'o' | 'x' } | { epochMs: number } | { str: string };

function linkText(t: StatTarget): string {
  if (t.info.type !== 'symlink') return quoteaf(t.name);
  const r = t.fs.readlink(t.name);
  return r.ok ? `${quoteaf(t.name)} -> ${quoteaf(r.value)}` : quoteaf(t.name);
}

const hex = (v: number): Value => ({ int: v, conv: 'x' });


const hasBirth = (i: FileInfo): boolean => i.birthtimeMs > 0;

/** one directive's value; undefined for an unknown letter (GNU prints '?') */
function directive(t: StatTarget, d: string): Value | undefined {
  const i = t.info;
  const n = (v: number): Value => ({ int: v, conv: 'u' });
  const s = (v: string): Value => ({ str: v });
  switch (d) {
    case 'a': return { int: i.mode & 0o7777, conv: 'o' };
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
    case 's': return { int: i.size, conv: 'd' };
    case 'r': return n(i.rdev);
    case 'R': return hex(i.rdev);
    case 't': return hex(major(i.rdev));
    case 'T': return hex(minor(i.rdev));
    case 'u': return n(i.uid);
    case 'U': return s(userName(i.uid));
    case 'w': return s(hasBirth(i) ? humanTime(i.birthtimeMs) : '-');
    case 'W': return { epochMs: hasBirth(i) ? i.birthtimeMs : 0 };
    case 'x': return s(humanTime(i.atimeMs));
    case 'X': return { epochMs: i.atimeMs };
    case 'y': return s(humanTime(i.mtimeMs));
    case 'Y': return { epochMs: i.mtimeMs };
    case 'z': return s(humanTime(i.ctimeMs));
    case 'Z': return { epochMs: i.ctimeMs };
    default: return undefined;
  }
}


export type Refusal = { refused: string };

/** render FORMAT for one file; `escapes` for --printf */
export function renderFormat(fmt: string, t: StatTarget, escapes: boolean, warnings: string[]): string | Refusal {
  let out = '';
  for (let i = 0; i < fmt.length; i++) {
    const ch = fmt[i]!;
    if (ch === '\\' && escapes) {
      const r = formatEscape(fmt, i, warnings);
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
    let bareDot = false;
    if (fmt[j] === '.') {
      j++;
      let p = '';
      while (j < fmt.length && /[0-9]/.test(fmt[j]!)) p += fmt[j++];
      bareDot = p === '';
      precision = bareDot ? 0 : Math.min(Number(p), 0x7fffffff);
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
      const v: Value = { int: d === 'H' ? major(which) : minor(which), conv: 'u' };
      out += applyWidth(v, flags, width, precision);
      i = j + 1;
      continue;
    }
    if (d === 'm') return { refused: '%m (mount point) is not supported by rshell' };
    if (d === 'C') return { refused: '%C (SELinux context) is not supported by rshell' };
    const v = directive(t, d);
    if (v === undefined) {
      out += '?';
      i = j;
      continue;
    }
    // a bare '.' asks the times for all nine sub-second digits (GNU's out_epoch_sec); elsewhere it is C's precision 0
    out += applyWidth(v, flags, width, bareDot && 'epochMs' in v ? 9 : precision);
    i = j;
  }
  return out;
}

function applyWidth(v: Value, flags: string, width: string, precision: number | undefined): string {
  const w = width === '' ? 0 : Number(width);
  if ('int' in v) return formatCNumber(v.int, v.conv, flags, w, precision);
  const left = flags.includes('-');
  if ('str' in v) {
    const s = precision === undefined ? v.str : v.str.slice(0, precision);
    return s.length >= w ? s : left ? s.padEnd(w) : s.padStart(w);
  }
  return formatEpoch(v.epochMs, flags, width, precision);
}

/**
 * GNU's out_epoch_sec: seconds as a signed integer, then `precision` sub-second digits (zeros
 * past nine). A width counts the whole: the seconds get what the point and the digits leave
 * (all of it with '-', which goes to the fraction's side instead), and GNU's own arithmetic
 * pads after the digits when the seconds outgrow their share (`%12.3Y` ends in two spaces).
 */
function formatEpoch(ms: number, flags: string, widthText: string, precision: number | undefined): string {
  let secs = Math.floor(ms / 1000);
  const ns = Math.min(999_999_999, Math.round((ms - secs * 1000) * 1e6));
  if (precision === undefined) return formatCNumber(secs, 'd', flags, widthText === '' ? 0 : Number(widthText), undefined);
  const width = widthText === '' ? 0 : Number(widthText);
  let secFlags = flags;
  let secWidth = width;
  let fracLeft = false;
  if (precision > 0 && width > 1) {
    const w = width - 1 - precision;
    fracLeft = w > 1 && flags.includes('-');
    if (fracLeft) secFlags = flags.replaceAll('-', '');
    secWidth = w > 1 && !fracLeft ? w : 0;
  }
  const divisor = 10 ** Math.max(0, 9 - precision);
  let frac = Math.floor(ns / divisor);
  let minusZero = false;
  if (secs < 0 && ns !== 0) {
    // tv_sec/tv_nsec of a time before 1970 print as one negative decimal
    frac = 1e9 / divisor - frac - (ns % divisor !== 0 ? 1 : 0);
    if (frac !== 0) secs += 1;
    minusZero = secs === 0;
  }
  const secText = minusZero ? signedZero(secFlags, secWidth) : formatCNumber(secs, 'd', secFlags, secWidth, undefined);
  if (precision === 0) return secText;
  const prec = Math.min(precision, 9);
  const ilen = secText.length;
  const trailing = ilen < width && 1 < width - ilen ? width - ilen - 1 - prec : 0;
  return `${secText}.${String(frac).padStart(prec, '0')}${'0'.repeat(precision - prec).padEnd(Math.abs(trailing))}`;
}

/** C's %.0f of -0.25 under `flags` and `width`: a time between -1 and 0 seconds */
function signedZero(flags: string, width: number): string {
  if (flags.includes('-')) return '-0'.padEnd(width);
  return flags.includes('0') ? '-' + '0'.repeat(Math.max(1, width - 1)) : '-0'.padStart(width);
}

const ESC: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '"': '"', '\\': '\\' };

/** --printf backslash escapes: letters, \0NNN octal, \xHH */
function formatEscape(fmt: string, i: number, warnings: string[]): { text: string; end: number } {
  const next = fmt[i + 1];
  if (next === undefined) {
    warnings.push('backslash at end of format');
    return { text: '\\', end: i + 1 };
  }
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
