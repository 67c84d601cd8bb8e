// -printf FORMAT: GNU find's escapes and %-directives, compiled once into pieces. Every directive
// yields a string that takes the `-` flag, a width and a precision as printf's %s would (that is
// what GNU does: `%5.2s` on 4096 prints "   40"). Times are UTC (builtins never read the host
// TZ) with the sub-second digits the sandbox's stat gives (milliseconds and a fraction).

import { formatCNumber } from '../../lib/printf/format.js';
import type { FileInfo, FileType, SandboxFS } from '../../allowedpaths/types.js';
import { groupName, modeString, userName } from '../internal/file-fields.js';
import { strftime } from '../../lib/time/strftime.js';
import type { Entry } from './types.js';

export interface PrintfEnv {
  readonly fs: SandboxFS;
  /** stat following links (for %Y) */
  statFollow(path: string): FileInfo | undefined;
  warn(text: string): void;
}

type Render = (e: Entry, env: PrintfEnv) => string;
/** a literal, or a directive; `stop` ends the output (\c) */
type Piece =
  | { text: string }
  | { render: Render; left: boolean; width: number; precision: number | undefined }
  | { number: NumRender; conv: 'd' | 'o' | 'g'; flags: string; width: number; precision: number | undefined }
  | { stop: true };

/** a directive GNU prints with a numeric conversion (not %s): its value, or undefined for '' */
type NumRender = (e: Entry) => number | undefined;

/**
 * findutils gives %d to printf as `%d`, %m as `%o` and %S as `%g`, so their flags act as C
 * printf's ('+', ' ', '#', '0', precision as a digit count); every other directive is a `%s`.
 */
const NUMERIC: Record<string, { conv: 'd' | 'o' | 'g'; value: NumRender }> = {
  d: { conv: 'd', value: (e) => e.depth },
  m: { conv: 'o', value: (e) => (e.info === undefined ? undefined : e.info.mode & 0o7777) },
  S: { conv: 'g', value: (e) => (e.info === undefined ? undefined : e.info.size === 0 ? 1 : (e.info.blocks * 512) / e.info.size) },
};


const ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

const TYPE_LETTER: Record<FileType, string> = { file: 'f', dir: 'd', symlink: 'l', fifo: 'p', char: 'c', block: 'b', socket: 's' };

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, w: number, c = '0'): string => String(n).padStart(w, c);

/** ms since the epoch → seconds and a 10-digit fraction as GNU prints (%09ld then a '0') */
function splitTime(ms: number): { secs: number; frac: string } {
  const secs = Math.floor(ms / 1000);
  const ns = Math.min(999_999_999, Math.round((ms - secs * 1000) * 1e6));
  return { secs, frac: pad(ns, 9) + '0' };
}

function ctimeText(ms: number): string {
  const { secs, frac } = splitTime(ms);
  const d = new Date(secs * 1000);
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate(), 2, ' ')} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${frac} ${d.getUTCFullYear()}`;
}

function timeField(ms: number, k: string): string {
  const { secs, frac } = splitTime(ms);
  switch (k) {
    case '@':
      return `${secs}.${frac}`;
    case 'S':
      return `${strftime('%S', secs)}.${frac}`;
    case 'T':
      return `${strftime('%T', secs)}.${frac}`;
    case '+':
      return `${strftime('%Y-%m-%d+%T', secs)}.${frac}`;
    default:
      return strftime('%' + k, secs);
  }
}

type TimeOf = (i: FileInfo) => number;
const TIMES: Record<string, TimeOf> = { A: (i) => i.atimeMs, C: (i) => i.ctimeMs, T: (i) => i.mtimeMs };
const TIME_LETTERS = '@HIklMprSTXZaAbBcdDFhjmUwWxyYGgVuT+';

export function baseName(path: string): string {
  if (/^\/+$/.test(path)) return '/';
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  const slash = path.lastIndexOf('/', end - 1);
  return path.slice(slash + 1);
}

export function dirName(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '.' : path.slice(0, i);
}

const num = (f: (i: FileInfo) => number): Render => (e) => (e.info === undefined ? '' : String(f(e.info)));

/** %P: the path below the starting point */
function relativeToStart(e: Entry): string {
  if (e.depth === 0) return '';
  const rest = e.path.slice(e.start.length);
  return rest.startsWith('/') ? rest.slice(1) : rest;
}

function followType(e: Entry, env: PrintfEnv): string {
  if (e.info === undefined) return '?';
  if (e.info.type !== 'symlink') return TYPE_LETTER[e.info.type];
  const r = env.fs.stat(e.path);
  if (r.ok) return TYPE_LETTER[r.value.type];
  return r.error.code === 'ELOOP' ? 'L' : r.error.code === 'ENOENT' ? 'N' : '?';
}

const DIRECTIVES: Record<string, Render> = {
  p: (e) => e.path,
  f: (e) => baseName(e.path),
  h: (e) => dirName(e.path),
  H: (e) => e.start,
  P: relativeToStart,
  d: (e) => String(e.depth),
  s: num((i) => i.size),
  b: num((i) => i.blocks),
  k: num((i) => Math.ceil(i.blocks / 2)),
  i: num((i) => i.ino),
  n: num((i) => i.nlink),
  D: num((i) => i.dev),
  U: num((i) => i.uid),
  G: num((i) => i.gid),
  u: (e) => (e.info === undefined ? '' : userName(e.info.uid)),
  g: (e) => (e.info === undefined ? '' : groupName(e.info.gid)),
  m: (e) => (e.info === undefined ? '' : (e.info.mode & 0o7777).toString(8)),
  M: (e) => (e.info === undefined ? '' : modeString(e.info)),
  y: (e) => (e.info === undefined ? '' : TYPE_LETTER[e.info.type]),
  Y: followType,
  l: (e, env) => {
    if (e.info?.type !== 'symlink') return '';
    const r = env.fs.readlink(e.path);
    return r.ok ? r.value : '';
  },
  S: (e) => {
    const i = e.info;
    if (i === undefined) return '';
    return i.size === 0 ? '1' : String(Number(((i.blocks * 512) / i.size).toPrecision(6)));
  },
  // the file system type needs statfs, which the sandbox does not offer
  F: () => 'unknown',
  a: (e) => (e.info === undefined ? '' : ctimeText(e.info.atimeMs)),
  c: (e) => (e.info === undefined ? '' : ctimeText(e.info.ctimeMs)),
  t: (e) => (e.info === undefined ? '' : ctimeText(e.info.mtimeMs)),
};

export type PrintfResult = { ok: true; render: (e: Entry, env: PrintfEnv) => string } | { ok: false; message: string };

export function compilePrintf(fmt: string, warn: (text: string) => void): PrintfResult {
  const pieces: Piece[] = [];
  let lit = '';
  const flushLit = (): void => {
    if (lit !== '') pieces.push({ text: lit });
    lit = '';
  };
  let i = 0;
  while (i < fmt.length) {
    const ch = fmt[i]!;
    if (ch === '\\') {
      const next = fmt[i + 1];
      if (next === undefined) {
        lit += '\\';
        i++;
        continue;
      }
      if (next === 'c') {
        flushLit();
        pieces.push({ stop: true });
        i += 2;
        continue;
      }
      if (next >= '0' && next <= '7') {
        let j = i + 1;
        let v = 0;
        while (j < fmt.length && j < i + 4 && fmt[j]! >= '0' && fmt[j]! <= '7') v = v * 8 + Number(fmt[j++]);
        lit += String.fromCharCode(v & 0xff);
        i = j;
        continue;
      }
      const esc = ESCAPES[next];
      if (esc === undefined) {
        warn(`warning: unrecognized escape \`\\${next}'`);
        lit += '\\' + next;
      } else lit += esc;
      i += 2;
      continue;
    }
    if (ch !== '%') {
      lit += ch;
      i++;
      continue;
    }
    if (i + 1 >= fmt.length) return { ok: false, message: 'error: % at end of format string' };
    if (fmt[i + 1] === '%') {
      lit += '%';
      i += 2;
      continue;
    }
    let j = i + 1;
    let left = false;
    let flags = '';
    while (j < fmt.length && '-+ #0'.includes(fmt[j]!)) {
      if (fmt[j] === '-') left = true;
      flags += fmt[j];
      j++;
    }
    let width = 0;
    while (j < fmt.length && fmt[j]! >= '0' && fmt[j]! <= '9') width = width * 10 + Number(fmt[j++]);
    let precision: number | undefined;
    if (fmt[j] === '.') {
      j++;
      precision = 0;
      while (j < fmt.length && fmt[j]! >= '0' && fmt[j]! <= '9') precision = precision * 10 + Number(fmt[j++]);
    }
    const d = fmt[j];
    if (d === undefined) return { ok: false, message: 'error: % at end of format string' };
    const timeOf = TIMES[d];
    let render: Render | undefined;
    if (timeOf !== undefined) {
      const k = fmt[j + 1];
      if (k === undefined || !TIME_LETTERS.includes(k)) {
        return { ok: false, message: `error: the format directive \`%${d}' ${k === undefined ? 'is missing a time specifier' : `has an invalid time specifier \`${k}'`}` };
      }
      render = (e) => (e.info === undefined ? '' : timeField(timeOf(e.info), k));
      j++;
    } else {
      render = DIRECTIVES[d];
    }
    if (render === undefined) {
      warn(`warning: unrecognized format directive \`%${d}'`);
      lit += fmt.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    flushLit();
    const numeric = NUMERIC[d];
    if (numeric !== undefined) pieces.push({ number: numeric.value, conv: numeric.conv, flags, width, precision });
    else pieces.push({ render, left, width, precision });
    i = j + 1;
  }
  flushLit();
  return {
    ok: true,
    render: (e, env) => {
      let out = '';
      for (const p of pieces) {
        if ('text' in p) out += p.text;
        else if ('stop' in p) break;
        else if ('number' in p) {
          const v = p.number(e);
          const s = v === undefined ? '' : formatCNumber(v, p.conv, p.flags, p.width, p.precision);
          out += s.length < p.width ? s.padStart(p.width) : s;
        } else {
          let s = p.render(e, env);
          if (p.precision !== undefined) s = s.slice(0, p.precision);
          if (s.length < p.width) s = p.left ? s.padEnd(p.width) : s.padStart(p.width);
          out += s;
        }
      }
      return out;
    },
  };
}

/** the -ls line: `find -ls` / `-fls` format (1 KiB blocks, numeric ids where no name is known) */
export function lsLine(e: Entry, env: PrintfEnv, nowMs: number, dateColumn: (ms: number, now: number) => string): string {
  const i = e.info;
  if (i === undefined) return '';
  const size = i.type === 'char' || i.type === 'block' ? `${(i.rdev >> 8) & 0xfff}, ${i.rdev & 0xff}`.padStart(8) : String(i.size).padStart(8);
  let line =
    `${String(i.ino).padStart(9)} ${String(Math.ceil(i.blocks / 2)).padStart(6)} ${modeString(i)} ${String(i.nlink).padStart(3)} ` +
    `${userName(i.uid).padEnd(8)} ${groupName(i.gid).padEnd(8)} ${size} ${dateColumn(i.mtimeMs, nowMs)} ${e.path}`;
  if (i.type === 'symlink') {
    const r = env.fs.readlink(e.path);
    if (r.ok) line += ` -> ${r.value}`;
  }
  return line + '\n';
}
