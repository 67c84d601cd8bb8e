// C-locale byte view of shell strings. Words are JS strings (UTF-8 decoded with surrogateescape),
// but bash under LANG=C matches patterns and splits on IFS byte by byte. A "byte string" holds one
// UTF-16 unit per byte (U+0000–U+00FF); converting back decodes, so a split character comes back as
// surrogate-escaped bytes and still round-trips to the same output bytes.

import { decode, encode } from '../io/encoding.js';

const NON_ASCII = /[^\x00-\x7f]/;

export function isAscii(s: string): boolean {
  return !NON_ASCII.test(s);
}

export function toByteString(s: string): string {
  if (isAscii(s)) return s;
  const bytes = encode(s);
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

export function fromByteString(s: string): string {
  if (isAscii(s)) return s;
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return decode(bytes);
}

/**
 * Case mapping of the C locale: A-Z ↔ a-z only (bash's ${x^^}, declare -u, nocase matching).
 * Other characters stay as they are, so lengths and match offsets stay valid.
 */
export function asciiLower(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

export function asciiUpper(s: string): string {
  return /[a-z]/.test(s) ? s.replace(/[a-z]+/g, (m) => m.toUpperCase()) : s;
}
