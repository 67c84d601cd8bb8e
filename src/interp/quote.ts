// Quoting values for reuse as shell input: ${x@Q}, `set` listings, `declare -p`, xtrace.

import { encode } from '../io/encoding.js';

/**
 * Does bash's ansic_shouldquote hold: a byte that is not printable in the C locale (controls, DEL,
 * and every byte of 0x80 or more: a non-ASCII character's UTF-8 bytes, or a raw byte)?
 */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c >= 0x7f) return true;
  }
  return false;
}

const ANSI: Record<string, string> = {
  '\x07': '\\a', '\b': '\\b', '\x1b': '\\E', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t',
  '\v': '\\v', '\\': '\\\\', "'": "\\'",
};

/** $'…' form for strings with control characters */
export function ansiQuote(s: string): string {
  let out = "$'";
  for (const ch of s) {
    const m = ANSI[ch];
    if (m) out += m;
    else {
      const c = ch.charCodeAt(0);
      if (c < 0x20 || c === 0x7f) out += '\\' + c.toString(8).padStart(3, '0');
      // C locale: every byte of 0x80 or more (a character's UTF-8 bytes, a raw byte) in octal
      else if (c > 0x7f) for (const b of encode(ch)) out += '\\' + b.toString(8).padStart(3, '0');
      else out += ch;
    }
  }
  return out + "'";
}

/** bash's ${x@Q} */
export function quoteForReuse(s: string): string {
  if (hasControl(s)) return ansiQuote(s);
  return singleQuote(s);
}

/** in single quotes, each `'` as `'\''` (what bash's sh_single_quote makes) */
export function singleQuote(s: string): string {
  return "'" + s.replace(/'/g, "'\\''") + "'";
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** a word shown bare in listings and traces: no character the shell would read specially */
export function isSafeWord(s: string): boolean {
  return SAFE.test(s);
}

/** `set` listing / xtrace style: bare when safe, else single-quoted */
export function quoteIfNeeded(s: string): string {
  if (s === '') return "''";
  if (SAFE.test(s)) return s;
  return quoteForReuse(s);
}

/** `declare -p` style: double quotes with \ " $ ` escaped */
export function declareQuote(s: string): string {
  if (hasControl(s)) return ansiQuote(s);
  return '"' + s.replace(/(["\\$`])/g, '\\$1') + '"';
}
