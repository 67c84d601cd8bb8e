// printf %q: bash's shell quoting in the C locale. Text with control characters or non-ASCII bytes
// becomes $'…' (named escapes, other bytes as \NNN octal); otherwise special characters get a
// backslash, and `#`/`~` only at the start of the word. The empty string is ''.

import { encode } from '../io/encoding.js';

const BACKSLASHED = new Set(' !"$&\'()*,;<>?[\\]^`{|}'.split(''));

const NAMED: Record<number, string> = {
  0x07: '\\a', 0x08: '\\b', 0x1b: '\\E', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v',
  0x5c: '\\\\', 0x27: "\\'",
};

function needsAnsiC(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c >= 0x7f) return true;
  }
  return false;
}

export function shellQuote(s: string): string {
  if (s === '') return "''";
  if (needsAnsiC(s)) {
    let out = "$'";
    for (const b of encode(s)) {
      if (NAMED[b] !== undefined) out += NAMED[b];
      else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
      else out += '\\' + b.toString(8).padStart(3, '0');
    }
    return out + "'";
  }
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (BACKSLASHED.has(c) || (i === 0 && (c === '#' || c === '~'))) out += '\\';
    out += c;
  }
  return out;
}
