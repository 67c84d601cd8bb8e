// GNU message helpers shared by the text builtins: how coreutils quotes names and values in
// diagnostics (gnulib quotearg, C locale), and the `cmd: name: strerror` file-error line.
//
//   quoteName('a b')   → "'a b'"      coreutils' quotef(): file names in errors (shell-escape style)
//   quoteValue("it's") → "'it\\'s'"   coreutils' quote(): option values ("invalid number of lines")
//   fileErrorLine('cut', 'nosuch', err) → "cut: nosuch: No such file or directory\n"
//
// grep does not quote file names (it prints them raw); pass `raw: true` there.

import type { FsError } from '../../allowedpaths/types.js';
import { encode } from '../../src/io/encoding.js';

const NAMED_ESCAPES: Record<number, string> = {
  0x07: 'a', 0x08: 'b', 0x0c: 'f', 0x0a: 'n', 0x0d: 'r', 0x09: 't', 0x0b: 'v',
};

function isSafeUnquoted(b: number, index: number): boolean {
  if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)) return true;
  switch (b) {
    case 0x25: case 0x2b: case 0x2c: case 0x2d: case 0x2e: case 0x2f: // % + , - . /
    case 0x40: case 0x5d: case 0x5f: case 0x7b: case 0x7d: //            @ ] _ { }
      return true;
    case 0x23: case 0x7e: // # ~ are special only at the start of a word
      return index > 0;
    default:
      return false;
  }
}

const isPrintableAscii = (b: number): boolean => b >= 0x20 && b < 0x7f;

function octal(b: number): string {
  return '\\' + b.toString(8).padStart(3, '0');
}

function escapeByte(b: number): string {
  const named = NAMED_ESCAPES[b];
  return named !== undefined ? '\\' + named : octal(b);
}

/** gnulib shell_escape_quoting_style, as coreutils prints file names (C locale). */
export function quoteName(name: string): string {
  const bytes = encode(name);
  if (bytes.length === 0) return "''";
  let plain = true;
  let hasSingle = false;
  let doubleOk = true;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (!isSafeUnquoted(b, i)) plain = false;
    if (b === 0x27) hasSingle = true;
    else if (!isPrintableAscii(b) || b === 0x24 || b === 0x60 || b === 0x22 || b === 0x5c || b === 0x21) doubleOk = false;
  }
  if (plain) return String.fromCharCode(...bytes);
  if (hasSingle && doubleOk) return '"' + String.fromCharCode(...bytes) + '"';
  let out = "'";
  let inEscape = false;
  for (const b of bytes) {
    if (isPrintableAscii(b)) {
      if (inEscape) {
        out += "''";
        inEscape = false;
      }
      out += b === 0x27 ? "'\\''" : String.fromCharCode(b);
    } else {
      if (!inEscape) {
        out += "'$'";
        inEscape = true;
      }
      out += escapeByte(b);
    }
  }
  return out + "'";
}

/** gnulib locale_quoting_style in the C locale: 'value' with C escapes, as coreutils' quote(). */
export function quoteValue(value: string): string {
  let out = "'";
  for (const b of encode(value)) {
    if (b === 0x27) out += "\\'";
    else if (b === 0x5c) out += '\\\\';
    else if (isPrintableAscii(b)) out += String.fromCharCode(b);
    else out += escapeByte(b);
  }
  return out + "'";
}

/** `cmd: name: message\n` for a failed open/read. */
export function fileErrorLine(cmd: string, name: string, err: FsError, opts: { raw?: boolean } = {}): string {
  const shown = opts.raw === true ? name : quoteName(name);
  return `${cmd}: ${shown}: ${err.detail ?? err.message}\n`;
}

/** The error a FileReader.read() throws carries an FsError when the sandbox knows it. */
export function fsErrorOf(e: unknown): FsError | undefined {
  if (typeof e === 'object' && e !== null && 'fsError' in e) {
    const fe = (e as { fsError: unknown }).fsError;
    if (typeof fe === 'object' && fe !== null && 'code' in fe && 'message' in fe) return fe as FsError;
  }
  if (typeof e === 'object' && e !== null && 'code' in e && 'message' in e) {
    const code = (e as { code: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return e as FsError;
  }
  return undefined;
}
