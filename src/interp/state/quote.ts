// Quoting values for reuse as shell input: ${x@Q}, `set` listings, `declare -p`, xtrace.

import { encode } from '../../../lib/io/encoding.js';
import { isAssocValue, keysOf, valuesOf, type VarValue } from './vars.js';

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

/** `declare -p` style: double quotes with \ " $ ` escaped */
export function declareQuote(s: string): string {
  if (hasControl(s)) return ansiQuote(s);
  return '"' + s.replace(/(["\\$`])/g, '\\$1') + '"';
}

const SHELL_METAS = new Set([...' \t\n\'"\\|&;()<>!{}*[?]^$`']);

/**
 * An associative key as `declare -p` prints it: bare unless bash's sh_contains_shell_metas finds a
 * character the shell would read specially (`~` only where tilde expansion happens, `#` first),
 * then double-quoted, or $'…' when it holds a byte the C locale cannot print (declareQuote).
 */
export function assocKeyText(k: string): string {
  for (let i = 0; i < k.length; i++) {
    const c = k[i]!;
    const special = SHELL_METAS.has(c) || (c === '~' && (i === 0 || k[i - 1] === '=' || k[i - 1] === ':')) || (c === '#' && i === 0);
    if (special || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) >= 0x7f) return declareQuote(k);
  }
  return k;
}

/**
 * An array as `declare -p` prints its value: `([0]="a" [1]=$'\t')`, an associative one with its
 * keys quoted as the shell would need them and a blank before the `)` (bash's own layout).
 */
export function arrayLiteral(val: Exclude<VarValue, string> | undefined): string {
  const ks = keysOf(val);
  const vs = valuesOf(val);
  const assoc = isAssocValue(val);
  // keysOf and valuesOf walk the same elements in the same order
  const body = ks.map((k, i) => `[${assoc ? assocKeyText(k) : k}]=${declareQuote(vs[i]!)}`).join(' ');
  return `(${body}${assoc && ks.length ? ' ' : ''})`;
}
