// The -d LIST of GNU paste: its escapes, the cycle through it, and the message for a LIST that
// ends with a lone backslash.

import { encode } from '../../lib/io/encoding.js';

/** one entry of the cycle; `null` is GNU's EMPTY_DELIM (`\0`): nothing printed, the cycle moves on */
export type Delimiter = number | null;

export type DelimiterList = { ok: true; list: Delimiter[] } | { ok: false; message: string };

/** what follows a backslash in LIST (anything else stands for itself, backslash dropped) */
const ESCAPES: Record<number, Delimiter> = {
  0x30 /* 0 */: null,
  0x62 /* b */: 0x08,
  0x66 /* f */: 0x0c,
  0x6e /* n */: 0x0a,
  0x72 /* r */: 0x0d,
  0x74 /* t */: 0x09,
  0x76 /* v */: 0x0b,
  0x5c /* \ */: 0x5c,
};

/** GNU collapse_escapes(): an empty LIST means `\0` (no delimiter at all) */
export function parseDelimiters(arg: string): DelimiterList {
  const bytes = encode(arg.length === 0 ? '\\0' : arg);
  const list: Delimiter[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b !== 0x5c) {
      list.push(b);
      continue;
    }
    if (++i === bytes.length) {
      return { ok: false, message: `delimiter list ends with an unescaped backslash: ${quoteCMaybeColon(bytes)}` };
    }
    const e = bytes[i]!; // i < bytes.length: tested just above
    const escaped = ESCAPES[e]; // null for \0: no delimiter
    list.push(escaped === undefined ? e : escaped);
  }
  return { ok: true, list };
}

const C_NAMED: Record<number, string> = { 0x07: 'a', 0x08: 'b', 0x0c: 'f', 0x0a: 'n', 0x0d: 'r', 0x09: 't', 0x0b: 'v' };

/** a byte that makes gnulib's c_maybe style (with ':' to quote too) put the text in quotes */
const forcesQuotes = (b: number): boolean => b < 0x20 || b > 0x7e || b === 0x22 || b === 0x3a;

/**
 * gnulib quotearg_n_style_colon(c_maybe_quoting_style), C locale: the text as is unless a byte
 * needs escaping (non-printable, '"', ':'), else "..." with C escapes. A backslash alone does not
 * force the quotes (paste keeps them off so the message does not look doubled), but is doubled
 * inside them.
 */
export function quoteCMaybeColon(bytes: Uint8Array): string {
  if (!bytes.some(forcesQuotes)) return Buffer.from(bytes).toString('latin1');
  let out = '"';
  for (const b of bytes) {
    if (b === 0x5c || b === 0x22) out += '\\' + String.fromCharCode(b);
    else if (C_NAMED[b] !== undefined) out += '\\' + C_NAMED[b];
    else if (b < 0x20 || b > 0x7e) out += '\\' + b.toString(8).padStart(3, '0');
    else out += String.fromCharCode(b);
  }
  return out + '"';
}
