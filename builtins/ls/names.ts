// How ls shows and orders names beyond plain byte order: the quoting styles GNU ls offers
// (-Q, -b, --quoting-style=literal|shell|shell-always|c|escape, C locale: only 0x20-0x7e are
// printable) and the -X / -v / --sort=width comparisons (ls.c's cmp_extension, cmp_version
// with gnulib's filevercmp, cmp_width). The comparisons take latin1-style byte strings (one char
// per byte, an entry's `key`); quoting takes the name itself.

import { encode } from '../../lib/io/encoding.js';

export type QuotingStyle = 'literal' | 'shell' | 'shell-always' | 'c' | 'escape';

const SAFE = new Uint8Array(256);
for (const ch of '%+,-./0123456789:ABCDEFGHIJKLMNOPQRSTUVWXYZ]_abcdefghijklmnopqrstuvwxyz') SAFE[ch.charCodeAt(0)] = 1;
const SHELL_SPECIAL = new Uint8Array(256);
for (const ch of '!"$&()*;<=>[^`|') SHELL_SPECIAL[ch.charCodeAt(0)] = 1;
const C_ESC: Record<number, string> = { 7: 'a', 8: 'b', 12: 'f', 10: 'n', 13: 'r', 9: 't', 11: 'v' };
const octal = (c: number): string => '\\' + c.toString(8).padStart(3, '0');

/**
 * c and escape styles (gnulib c_quoting_style / escape_quoting_style). ls adds ' ' to the escape
 * style's set for file names, and ':' to both for directory headers (`dir` here).
 */
function backslashQuote(s: string, c: boolean, dir: boolean): string {
  let out = c ? '"' : '';
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i);
    if (b >= 0x80) {
      // a non-ASCII character (or an escaped raw byte): its bytes, each in octal
      const cp = s.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      for (const byte of encode(ch)) out += octal(byte);
      i += ch.length - 1;
      continue;
    }
    const esc = C_ESC[b];
    if (esc !== undefined) out += '\\' + esc;
    else if (b === 0x5c) out += '\\\\';
    else if (c && b === 0x22) out += '\\"';
    else if (!c && !dir && b === 0x20) out += '\\ ';
    else if (dir && b === 0x3a) out += '\\:';
    else if (b < 0x20 || b >= 0x7f) out += octal(b);
    else out += s[i];
  }
  return c ? out + '"' : out;
}

/** does this byte make gnulib's shell style put the name in quotes */
function forcesQuotes(s: string, i: number, b: number): boolean {
  if (b === 0x27 || b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x3f || b === 0x5c) return true;
  if (SHELL_SPECIAL[b] === 1) return true;
  if (b === 0x23 || b === 0x7e) return i === 0;
  if (b === 0x7b || b === 0x7d) return s.length === 1;
  return false;
}

/** gnulib's c_and_shell_quote_compat for one byte: printable, and no special meaning here */
function compatible(s: string, i: number, b: number): boolean {
  if (b === 0x27 || b === 0x20 || SAFE[b] === 1) return true;
  if (b === 0x23 || b === 0x7e) return i === 0;
  if (b === 0x7b || b === 0x7d) return s.length === 1 && i === 0;
  if (SHELL_SPECIAL[b] === 1 || b === 0x3f || b === 0x5c) return false;
  return b > 0x20 && b < 0x7f;
}

/**
 * shell and shell-always (no backslash escapes): single quotes when needed (always for
 * shell-always), a quote inside as '\''; a name that holds a single quote and only bytes
 * "compatible" with both C and shell quoting is put in double quotes instead, as gnulib does.
 */
function shellQuote(s: string, always: boolean, dir: boolean): string {
  let needsQuotes = always || s === '';
  let singleQuote = false;
  let allCompatible = true;
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i);
    if (b === 0x27) singleQuote = true;
    if (!needsQuotes && (forcesQuotes(s, i, b) || (dir && b === 0x3a))) needsQuotes = true;
    if (allCompatible && !compatible(s, i, b)) allCompatible = false;
  }
  if (!needsQuotes) return s;
  if (singleQuote && allCompatible) return `"${s}"`;
  return `'${s.replaceAll("'", "'\\''")}'`;
}

/** the name as ls prints it; `hideControl` (-q) turns non-printable bytes into '?' first for the
 * styles without backslash escapes, as ls does */
export function quoteName(s: string, style: QuotingStyle, hideControl: boolean, dir = false): string {
  if (style === 'c') return backslashQuote(s, true, dir);
  if (style === 'escape') return backslashQuote(s, false, dir);
  const quoted = style === 'literal' ? s : shellQuote(s, style === 'shell-always', dir);
  return hideControl ? hideBytes(quoted) : quoted;
}

/** a directory's `NAME:` header: ls.c's dirname_quoting_options (the style, plus ':') */
export function quoteDirName(s: string, style: QuotingStyle, hideControl: boolean): string {
  return quoteName(s, style, hideControl, true);
}

/** -q: every non-printable byte (each byte of a non-ASCII character) becomes '?' */
function hideBytes(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return s;
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    out += c >= 0x20 && c <= 0x7e ? ch : c < 0x80 ? '?' : '?'.repeat(encode(ch).length);
  }
  return out;
}

/** ls.c cmp_extension: the text from the last '.', then the whole name (byte order) */
export function compareExtension(a: string, b: string): number {
  const ea = a.lastIndexOf('.');
  const eb = b.lastIndexOf('.');
  const xa = ea < 0 ? '' : a.slice(ea);
  const xb = eb < 0 ? '' : b.slice(eb);
  if (xa !== xb) return xa < xb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

import { filevercmp } from '../internal/filevercmp.js';

/** ls.c cmp_version: filevercmp, then byte order */
export function compareVersion(a: string, b: string): number {
  return filevercmp(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
