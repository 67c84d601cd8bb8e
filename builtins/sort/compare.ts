// The ordering functions of GNU sort 9.1 in the C locale, on latin1-style strings (one char per
// byte): -n (strnumcmp), -g (strtold), -h (unit suffix then -n), -M (month names), -V
// (gnulib filevercmp), plain byte order. Each kind has a `prepare` (run once per line and key)
// and a `compare` of prepared values, so sorting does not re-parse numbers at every comparison.

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
// GNU's blanks table is field_sep(): isblank or newline (a newline is only inside a -z record)
const isBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a;

function skipBlanks(s: string, i: number, end: number): number {
  while (i < end && isBlank(s.charCodeAt(i))) i++;
  return i;
}

// ---- -n: strnumcmp (no thousands separator in the C locale) ----

export interface DecimalNumber {
  /** the value as a double: rounding is monotonic, so different doubles already give the order */
  approx: number;
  negative: boolean;
  /** integer digits without leading zeros */
  int: string;
  /** fraction digits without trailing zeros */
  frac: string;
}

export function parseDecimal(s: string, start: number, end: number): DecimalNumber {
  let i = skipBlanks(s, start, end);
  let negative = false;
  if (i < end && s.charCodeAt(i) === 0x2d) {
    negative = true;
    i++;
  }
  const intStart = i;
  while (i < end && isDigit(s.charCodeAt(i))) i++;
  let int = s.slice(intStart, i);
  let frac = '';
  if (i < end && s.charCodeAt(i) === 0x2e) {
    const f = ++i;
    while (i < end && isDigit(s.charCodeAt(i))) i++;
    frac = s.slice(f, i);
  }
  let z = 0;
  while (z < int.length && int.charCodeAt(z) === 0x30) z++;
  int = int.slice(z);
  let e = frac.length;
  while (e > 0 && frac.charCodeAt(e - 1) === 0x30) e--;
  frac = frac.slice(0, e);
  if (int === '' && frac === '') negative = false; // -0 == 0
  const magnitude = int === '' && frac === '' ? 0 : Number((int === '' ? '0' : int) + (frac === '' ? '' : '.' + frac));
  return { approx: negative ? -magnitude : magnitude, negative, int, frac };
}

function compareMagnitude(a: DecimalNumber, b: DecimalNumber): number {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1;
  if (a.int !== b.int) return a.int < b.int ? -1 : 1;
  if (a.frac !== b.frac) return a.frac < b.frac ? -1 : 1;
  return 0;
}

export function compareDecimal(a: DecimalNumber, b: DecimalNumber): number {
  if (a.approx !== b.approx) return a.approx < b.approx ? -1 : 1;
  if (a.negative !== b.negative) return a.negative ? -1 : 1;
  const m = compareMagnitude(a, b);
  return a.negative ? -m : m;
}

// ---- -h: unit order first, then the number ----

const UNIT_ORDER: Record<string, number> = { K: 1, k: 1, M: 2, G: 3, T: 4, P: 5, E: 6, Z: 7, Y: 8 };

export interface HumanNumber {
  order: number;
  value: DecimalNumber;
}

export function parseHuman(s: string, start: number, end: number): HumanNumber {
  const i = skipBlanks(s, start, end);
  const minus = i < end && s.charCodeAt(i) === 0x2d;
  let p = minus ? i + 1 : i;
  let nonzero = false;
  // (no `||=` here: it would skip the p++ once nonzero is set)
  for (; p < end && isDigit(s.charCodeAt(p)); p++) if (s.charCodeAt(p) !== 0x30) nonzero = true;
  if (p < end && s.charCodeAt(p) === 0x2e) {
    for (p++; p < end && isDigit(s.charCodeAt(p)); p++) if (s.charCodeAt(p) !== 0x30) nonzero = true;
  }
  let order = 0;
  if (nonzero && p < end) {
    const u = UNIT_ORDER[s[p]!] ?? 0;
    order = minus ? -u : u;
  }
  return { order, value: parseDecimal(s, i, end) };
}

export function compareHuman(a: HumanNumber, b: HumanNumber): number {
  return a.order !== b.order ? (a.order < b.order ? -1 : 1) : compareDecimal(a.value, b.value);
}

// ---- -g: strtold; conversion failures first, then NaNs, then numbers ----

/** undefined = not a number at all; NaN stays NaN */
export type GeneralNumber = number | undefined;

const FLOAT_RE = /^[ \t\n\v\f\r]*([+-]?)(?:(inf(?:inity)?)|(nan)(?:\([0-9A-Za-z_]*\))?|0[xX]((?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+))(?:[pP]([+-]?[0-9]+))?|((?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?))/i;

export function parseGeneral(s: string, start: number, end: number): GeneralNumber {
  const m = FLOAT_RE.exec(s.slice(start, end));
  if (m === null) return undefined;
  const sign = m[1] === '-' ? -1 : 1;
  if (m[2] !== undefined) return sign * Infinity;
  if (m[3] !== undefined) return NaN;
  if (m[4] !== undefined) {
    const [ip = '', fp = ''] = m[4].split('.');
    let v = ip === '' ? 0 : parseInt(ip, 16);
    for (let k = 0; k < fp.length; k++) v += parseInt(fp[k]!, 16) / 16 ** (k + 1);
    const exp = m[5] !== undefined ? Number(m[5]) : 0;
    return sign * v * 2 ** exp;
  }
  return sign * Number(m[6]);
}

export function compareGeneral(a: GeneralNumber, b: GeneralNumber): number {
  if (a === undefined) return b === undefined ? 0 : -1;
  if (b === undefined) return 1;
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  return 1;
}

// ---- -M: month names ----

const MONTHS: Record<string, number> = {
  JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, OCT: 10, NOV: 11, DEC: 12,
};

export function parseMonth(s: string, start: number, end: number): number {
  const i = skipBlanks(s, start, end);
  if (end - i < 3) return 0;
  return MONTHS[s.slice(i, i + 3).toUpperCase()] ?? 0;
}

// ---- -V: gnulib filevercmp, shared with ls -v (../internal/filevercmp.ts) ----

export { filevercmp } from '../internal/filevercmp.js';

// ---- plain byte order ----

export function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** a seeded 53-bit string hash for -R (equal keys hash equal, so they stay grouped) */
export function randomHash(s: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
