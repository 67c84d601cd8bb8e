// awk's conversions between strings and numbers, as gawk 5.2 does them (node.c: r_force_number,
// r_format_val; builtin.c: do_strtonum, nondec2awknum, get_numbase), in the C locale.
//
// NaN's sign: gawk prints "-nan" or "+nan" from the sign bit of its double, and x86's default NaN
// (0/0, log(-1), sqrt(-1), inf-inf) has the sign bit set, so gawk's computed NaNs print "-nan".
// V8 does not keep the sign bit of a NaN reliably (a constant-folded 0/0 is positive, Math.log(-1)
// is positive). The evaluator must therefore make NaNs with NEG_NAN / POS_NAN (or negate them with
// negateNaN) where gawk's arithmetic makes them, and keep them in the double it stores; this module
// reads the sign bit when it prints.

import { formatDouble } from './cformat.js';

const scratch = new DataView(new ArrayBuffer(8));

/** the NaN x86 produces for an invalid operation: gawk prints it "-nan" */
export const NEG_NAN: number = (() => {
  scratch.setUint32(0, 0xfff80000);
  scratch.setUint32(4, 0);
  return scratch.getFloat64(0);
})();

/** "+nan" (strtod of "+nan", -(-nan)) */
export const POS_NAN: number = (() => {
  scratch.setUint32(0, 0x7ff80000);
  scratch.setUint32(4, 0);
  return scratch.getFloat64(0);
})();

/** the sign bit of a double, NaN included */
export function signBit(x: number): boolean {
  scratch.setFloat64(0, x);
  return scratch.getUint32(0) >>> 31 === 1;
}

/** -x with the sign bit of a NaN flipped, as C's unary minus */
export function negateNaN(x: number): number {
  if (x === x) return -x;
  return signBit(x) ? POS_NAN : NEG_NAN;
}

/** gawk's format_nan_inf: "+inf" "-inf" "+nan" "-nan" (upper case for %E %G %F %A …) */
export function nanInfText(x: number, upper: boolean): string {
  const s = x !== x ? (signBit(x) ? '-nan' : '+nan') : x < 0 ? '-inf' : '+inf';
  return upper ? s.toUpperCase() : s;
}


/** small integers, as gawk's values[] table and then some: the hot case of numToStr */
const SMALL: string[] = Array.from({ length: 1024 }, (_, i) => String(i));

/**
 * A number as a string under CONVFMT or OFMT (`fmt`), gawk's r_format_val: NaN and infinities as
 * "+inf"/"-nan"…; an integral value strictly inside (LONG_MIN, LONG_MAX) as "%d" (-0 is "0");
 * an integral value outside that range as "%.0f" (all its digits: 1e30 is
 * 1000000000000000019884624838656); anything else through sprintf(fmt, n). A CONVFMT that
 * needs more arguments than one throws AwkFatalError, as gawk exits there.
 */
export function numToStr(n: number, fmt: string): string {
  if (n !== n || n === Infinity || n === -Infinity) return nanInfText(n, false);
  const t = Math.trunc(n);
  if (t === n) {
    if (n >= 0 && n < 1024) return SMALL[n]!; // in range: proven by the test
    if (n > -9007199254740992 && n < 9007199254740992) return String(n); // below 2^53 JS prints every digit
    // gawk: %ld inside (LONG_MIN, LONG_MAX), %.0f outside (±2^63 and past): the same digits
    return BigInt(n).toString();
  }
  if (fmt === '%.6g') return formatDouble('g', n, 6, {});
  return sprintfOne(fmt, n);
}

/** set by sprintf.ts: numToStr's general case without an import cycle */
let sprintfOne: (fmt: string, n: number) => string = () => '';
export function setSprintfOne(f: (fmt: string, n: number) => string): void {
  sprintfOne = f;
}

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

interface Scan {
  value: number;
  /** the whole trimmed text was the number: a strnum's "looks numeric" */
  whole: boolean;
}

/** "+inf" "-inf" "+nan" "-nan" in any case at position i */
function magicAt(s: string, i: number): boolean {
  const sign = s.charCodeAt(i);
  if (sign !== 43 && sign !== 45) return false;
  const w = s.slice(i + 1, i + 4).toLowerCase();
  return w === 'inf' || w === 'nan';
}

/**
 * strtod's decimal syntax from position i: [+-] digits [. digits] [e [+-] digits]. Returns the
 * end of the longest valid prefix (i when there is none). Hex and inf/nan never get here.
 */
function decimalEnd(s: string, i: number, end: number): number {
  let j = i;
  const c0 = s.charCodeAt(j);
  if (c0 === 43 || c0 === 45) j++;
  let digits = 0;
  while (j < end && isDigit(s.charCodeAt(j))) {
    j++;
    digits++;
  }
  if (j < end && s.charCodeAt(j) === 46) {
    j++;
    while (j < end && isDigit(s.charCodeAt(j))) {
      j++;
      digits++;
    }
  }
  if (digits === 0) return i;
  if (j < end && (s.charCodeAt(j) | 32) === 101) {
    let k = j + 1;
    const c = s.charCodeAt(k);
    if (c === 43 || c === 45) k++;
    if (k < end && isDigit(s.charCodeAt(k))) {
      while (k < end && isDigit(s.charCodeAt(k))) k++;
      j = k;
    }
  }
  return j;
}

/** strtod of s[i, j): JS's Number() reads the same decimal syntax with the same rounding */
function strtodRange(s: string, i: number, j: number): number {
  if (j === i) return 0;
  let t = s.slice(i, j);
  // Number() rejects "5." and ".e3"-like forms strtod takes: "5." is fine in JS; "+.5" too
  if (t.charCodeAt(t.length - 1) === 46) t += '0';
  const v = Number(t);
  return v === v ? v : 0;
}

/** r_force_number without --non-decimal-data and without --posix */
function scan(s: string): Scan {
  let i = 0;
  let end = s.length;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  if (i === end) return { value: 0, whole: false };
  while (isSpace(s.charCodeAt(end - 1))) end--;
  const c = s.charCodeAt(i);
  if (isAlpha(c)) return { value: 0, whole: false };
  if (magicAt(s, i)) {
    if (end !== i + 4) return { value: 0, whole: false };
    const inf = (s.charCodeAt(i + 1) | 32) === 105;
    const neg = c === 45;
    return { value: inf ? (neg ? -Infinity : Infinity) : neg ? NEG_NAN : POS_NAN, whole: true };
  }
  // 0x… (after an optional sign) is not a number without --non-decimal-data
  let h = i;
  if (c === 43 || c === 45) h++;
  if (h + 1 < end && s.charCodeAt(h) === 48 && (s.charCodeAt(h + 1) | 32) === 120) return { value: 0, whole: false };
  if (end - i === 1) return isDigit(c) ? { value: c - 48, whole: true } : { value: 0, whole: false };
  const j = decimalEnd(s, i, end);
  const v = strtodRange(s, i, j);
  return { value: v === 0 && s.charCodeAt(i) === 45 && j > i ? -0 : v, whole: j === end };
}

/** awk's numeric value of a string: its longest numeric prefix after blanks, else 0 */
export function strToNum(s: string): number {
  // the common case: a plain small integer
  const len = s.length;
  if (len > 0 && len < 10) {
    let v = 0;
    let k = 0;
    for (; k < len; k++) {
      const d = s.charCodeAt(k) - 48;
      if (d < 0 || d > 9) break;
      v = v * 10 + d;
    }
    if (k === len) return v;
  }
  return scan(s).value;
}

/**
 * Does input-derived text (a field, getline var, FS-split element, ARGV, ENVIRON, -v value) look
 * numeric, making it a strnum? Blanks around are allowed; "+inf" "-nan" (any case, with the sign)
 * count; "inf", "nan", "0x1A", "1e", "." and "" do not.
 */
export function looksNumeric(s: string): boolean {
  return scan(s).whole;
}

/**
 * strtonum() of a string value (the caller passes a number or a strnum that looks numeric straight
 * through, as gawk does: strtonum of the field "017" is 17 but of the constant "017" is 15):
 * 0x/0X hex (stops at the first non-hex digit), leading-0 octal (8 or 9 makes it decimal, a
 * '.' or 'e' decimal too), else the decimal prefix.
 */
export function strtonum(s: string): number {
  const len = s.length;
  if (len < 2 || s.charCodeAt(0) !== 48) return strToNum(s);
  if ((s.charCodeAt(1) | 32) === 120) {
    let v = 0;
    for (let i = 2; i < len; i++) {
      const c = s.charCodeAt(i);
      let d: number;
      if (c >= 48 && c <= 57) d = c - 48;
      else if (c >= 97 && c <= 102) d = c - 87;
      else if (c >= 65 && c <= 70) d = c - 55;
      else break;
      v = v * 16 + d;
    }
    return v;
  }
  // get_numbase: a '.', 'e' or 'E' among the leading digits makes it decimal
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c === 46 || c === 101 || c === 69) return strToNum(s);
    if (!isDigit(c)) break;
  }
  const c1 = s.charCodeAt(1);
  if (!isDigit(c1) || c1 === 56 || c1 === 57) return strToNum(s);
  let v = 0;
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return v;
    // 8 or 9 later on: the whole text is read as decimal by strtod
    if (c === 56 || c === 57) return strtodRange(s, 0, decimalEnd(s, 0, len));
    v = v * 8 + (c - 48);
  }
  return v;
}
