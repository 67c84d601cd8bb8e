// Number parsing and formatting for printf (printf-format.ts).
//
// Integers follow bash's strtoimax rules (base prefixes, char constants `'A`, clamping with a
// "Numerical result out of range" warning). Floating-point arguments are handled as bash does:
// strtold rounds the text to an x87 long double (64-bit mantissa), and glibc prints the exact
// decimal expansion of that value. We do the same with BigInt: the argument becomes an exact
// decimal (digits × 10^exp) of the nearest long double, so `%.20f 0.1` gives
// 0.10000000000000000000, `%.3f 999.9995` gives 999.999 and `%f 1e100` gives bash's digits.
// Rounding at print time is half to even on the exact value, as glibc's.

import { encode } from '../io/encoding.js';

export interface ParsedInt {
  value: bigint;
  /** bash's complaint (`invalid number`, `invalid octal number`, …) — status 1 */
  error?: string;
  /** a warning that does not change the status (`Numerical result out of range`) */
  warning?: string;
}

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const UINT64_MAX = (1n << 64n) - 1n;

/** the numeric value of a `'c` / `"c` constant: the first byte (C locale) */
function charConstant(rest: string): bigint {
  if (rest === '') return 0n;
  const bytes = encode(String.fromCodePoint(rest.codePointAt(0)!));
  return BigInt(bytes[0] ?? 0);
}

/**
 * bash's sh_invalidnum: the wording looks at the text's first two characters only (`012a` is an
 * invalid octal number, `0x1g` and `0x` invalid hex numbers, ` 0x` and `0X1g` invalid numbers)
 */
export function invalidNumberMessage(s: string): string {
  if (s[0] === '0' && s[1] !== undefined && s[1] >= '0' && s[1] <= '9') return `${s}: invalid octal number`;
  if (s[0] === '0' && s[1] === 'x') return `${s}: invalid hex number`;
  return `${s}: invalid number`;
}

const INT_RE = /^[ \t\n\v\f\r]*([+-]?)(0[xX][0-9a-fA-F]*|0[0-7]*|[1-9][0-9]*)/;

/** bash's getintmax / getuintmax */
export function parseIntArg(s: string, unsigned = false): ParsedInt {
  if (s === '') return { value: 0n };
  if (s[0] === "'" || s[0] === '"') return { value: charConstant(s.slice(1)) };
  const m = INT_RE.exec(s);
  if (!m) return { value: 0n, error: invalidNumberMessage(s) };
  const body = m[2]!;
  let v: bigint;
  if (body.length >= 2 && (body[1] === 'x' || body[1] === 'X')) v = body.length > 2 ? BigInt('0x' + body.slice(2)) : 0n;
  else if (body.length > 1 && body[0] === '0') v = BigInt('0o' + body.slice(1));
  else v = BigInt(body);
  if (m[1] === '-') v = -v;
  const r: ParsedInt = { value: v };
  if (m[0].length < s.length || (body.length === 2 && (body[1] === 'x' || body[1] === 'X'))) r.error = invalidNumberMessage(s);
  const max = unsigned ? UINT64_MAX : INT64_MAX;
  const min = unsigned ? -UINT64_MAX : INT64_MIN;
  if (v > max || v < min) {
    r.value = v > max ? max : unsigned ? 0n : min;
    if (unsigned && v < min) r.value = UINT64_MAX;
    // bash reports a range error only for text that is a whole number (`if (*ep) … else if (errno == ERANGE)`)
    if (r.error === undefined) r.warning = `warning: ${s}: Numerical result out of range`;
  }
  return r;
}

// ---------------------------------------------------------------- floats

/** an exact decimal: value = (neg ? -1 : 1) × digits × 10^exp, or a special value */
export type Decimal =
  | { kind: 'num'; neg: boolean; digits: bigint; exp: number }
  | { kind: 'inf' | 'nan'; neg: boolean };

export interface ParsedFloat {
  value: Decimal;
  error?: string;
  /** past long double's range: inf or 0 with bash's warning, the status unchanged */
  warning?: string;
}

const DEC_RE = /^[ \t\n\v\f\r]*([+-]?)(?:(inf(?:inity)?|nan)|0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?|(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?)/i;

const ZERO: Decimal = { kind: 'num', neg: false, digits: 0n, exp: 0 };

export function parseFloatArg(s: string): ParsedFloat {
  if (s === '') return { value: ZERO };
  if (s[0] === "'" || s[0] === '"') return { value: { kind: 'num', neg: false, digits: charConstant(s.slice(1)), exp: 0 } };
  const m = DEC_RE.exec(s);
  const consumed = m ? m[0].length : 0;
  let value: Decimal = ZERO;
  let valid = false;
  if (m) {
    const neg = m[1] === '-';
    if (m[2]) {
      value = { kind: m[2].toLowerCase().startsWith('inf') ? 'inf' : 'nan', neg };
      valid = true;
    } else if (m[3] !== undefined) {
      const int = m[3] ?? '';
      const frac = m[4] ?? '';
      valid = int.length + frac.length > 0;
      if (valid) value = toLongDouble(hexToDecimal(neg, int + frac, clampExp(Number(m[5] ?? 0)) - 4 * frac.length));
    } else {
      const int = m[6] ?? '';
      const frac = m[7] ?? '';
      valid = int.length + frac.length > 0;
      if (valid) value = toLongDouble({ kind: 'num', neg, digits: BigInt(int + frac || '0'), exp: clampExp(Number(m[8] ?? 0)) - frac.length });
    }
  }
  if (!valid) return { value: ZERO, error: invalidNumberMessage(s) };
  if (consumed < s.length) return { value, error: invalidNumberMessage(s) };
  if (value === OUT_OF_RANGE_ZERO || value.kind === 'inf' && !m?.[2]) {
    return { value: value === OUT_OF_RANGE_ZERO ? ZERO : value, warning: `warning: ${s}: Numerical result out of range` };
  }
  return { value };
}

/** an exponent far past any range stays a small number (1e999999999 must not build 10^999999999) */
function clampExp(e: number): number {
  return Math.max(-100_000, Math.min(100_000, e));
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

const MANTISSA_BITS = 64;
const TWO64 = 1n << 64n;

/** the exact decimal of m × 2^e */
/** a double's exact value (for C printf conversions of a computed number: find's %S) */
export function decimalOfDouble(x: number): Decimal {
  if (Number.isNaN(x)) return { kind: 'nan', neg: false };
  const neg = x < 0 || Object.is(x, -0);
  if (!Number.isFinite(x)) return { kind: 'inf', neg };
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, Math.abs(x));
  const bits = v.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const frac = bits & ((1n << 52n) - 1n);
  // subnormal: no implicit bit, the smallest exponent
  return biased === 0 ? binaryToDecimal(neg, frac, -1074) : binaryToDecimal(neg, frac | (1n << 52n), biased - 1075);
}

function binaryToDecimal(neg: boolean, m: bigint, e: number): Decimal {
  if (e >= 0) return { kind: 'num', neg, digits: m << BigInt(e), exp: 0 };
  const k = -e;
  return { kind: 'num', neg, digits: m * 5n ** BigInt(k), exp: -k };
}

/** round an exact decimal to the nearest x87 long double (ties to even), as strtold does */
/** what strtold gives below long double's smallest value (bash warns; the number is 0) */
const OUT_OF_RANGE_ZERO: Decimal = { kind: 'num', neg: false, digits: 0n, exp: 0 };
/** long double's exponent range (of the value's leading bit): 2^16383 overflows, below 2^-16382 is subnormal */
const LD_MAX_EXP = 16383;
const LD_MIN_EXP = -16382;

function toLongDouble(d: Decimal): Decimal {
  if (d.kind !== 'num' || d.digits === 0n) return d;
  // decimal magnitudes far outside the range, decided before any power of ten is built
  const magnitude = d.exp + digitCount(d.digits);
  if (magnitude > 4940) return { kind: 'inf', neg: d.neg };
  if (magnitude < -4960) return OUT_OF_RANGE_ZERO;
  let num = d.digits;
  let den = 1n;
  if (d.exp >= 0) num *= 10n ** BigInt(d.exp);
  else den = 10n ** BigInt(-d.exp);
  const lead = bitLength(num) - bitLength(den);
  if (lead > LD_MAX_EXP + 1) return { kind: 'inf', neg: d.neg };
  // subnormal or smaller: glibc's strtold reports ERANGE there; rshell gives 0 (bash prints the
  // subnormal, which no script needs)
  if (lead < LD_MIN_EXP) return OUT_OF_RANGE_ZERO;
  const { m, k } = significand64(num, den);
  // the leading bit's exponent is 63 - k
  if (63 - k > LD_MAX_EXP) return { kind: 'inf', neg: d.neg };
  if (63 - k < LD_MIN_EXP) return OUT_OF_RANGE_ZERO;
  return binaryToDecimal(d.neg, m, -k);
}

/**
 * num/den (both positive) as a long double's 64-bit significand: m in [2^63, 2^64), rounded half
 * to even, with num/den ≈ m × 2^-k
 */
function significand64(num: bigint, den: bigint): { m: bigint; k: number } {
  let k = MANTISSA_BITS - (bitLength(num) - bitLength(den));
  const scaled = (kk: number): [bigint, bigint] => (kk >= 0 ? [num << BigInt(kk), den] : [num, den << BigInt(-kk)]);
  let [n, q] = scaled(k);
  while (n / q >= TWO64) [n, q] = scaled(--k);
  while (n / q < TWO64 >> 1n) [n, q] = scaled(++k);
  let m = roundHalfEven(n / q, n % q, q);
  if (m === TWO64) {
    m >>= 1n;
    k -= 1;
  }
  return { m, k };
}

function hexToDecimal(neg: boolean, hexDigits: string, binExp: number): Decimal {
  const mant = BigInt('0x' + hexDigits);
  if (binExp >= 0) return { kind: 'num', neg, digits: mant << BigInt(binExp), exp: 0 };
  // m / 2^k = m × 5^k / 10^k
  const k = -binExp;
  return { kind: 'num', neg, digits: mant * 5n ** BigInt(k), exp: -k };
}

/** round digits × 10^exp to an integer count of 10^-places, half to even */
function roundScaled(digits: bigint, exp: number, places: number): bigint {
  const shift = exp + places;
  if (shift >= 0) return digits * 10n ** BigInt(shift);
  const div = 10n ** BigInt(-shift);
  return roundHalfEven(digits / div, digits % div, div);
}

function digitCount(n: bigint): number {
  return n === 0n ? 1 : n.toString().length;
}

function special(d: Decimal, upper: boolean): string | null {
  if (d.kind === 'num') return null;
  const s = d.kind === 'inf' ? 'inf' : 'nan';
  return upper ? s.toUpperCase() : s;
}

/** %f: [-]ddd.ddd without the sign (the caller adds sign and padding) */
export function formatFixed(d: Decimal, prec: number, alt: boolean, upper: boolean): string {
  const sp = special(d, upper);
  if (sp !== null || d.kind !== 'num') return sp!;
  const n = roundScaled(d.digits, d.exp, prec).toString().padStart(prec + 1, '0');
  if (prec === 0) return n + (alt ? '.' : '');
  return n.slice(0, n.length - prec) + '.' + n.slice(n.length - prec);
}

/** decimal exponent of the leading digit, after rounding to `sig` significant digits */
function roundSignificant(d: { digits: bigint; exp: number }, sig: number): { n: bigint; x: number } {
  if (d.digits === 0n) return { n: 0n, x: 0 };
  let x = digitCount(d.digits) - 1 + d.exp;
  let n = roundScaled(d.digits, d.exp, sig - 1 - x);
  if (digitCount(n) > sig) {
    x += 1;
    n /= 10n;
  }
  return { n, x };
}

function expSuffix(x: number, upper: boolean): string {
  const sign = x < 0 ? '-' : '+';
  return (upper ? 'E' : 'e') + sign + String(Math.abs(x)).padStart(2, '0');
}

/** %e without the sign */
export function formatExp(d: Decimal, prec: number, alt: boolean, upper: boolean): string {
  const sp = special(d, upper);
  if (sp !== null || d.kind !== 'num') return sp!;
  const { n, x } = roundSignificant(d, prec + 1);
  const s = n.toString().padEnd(prec + 1, '0');
  const mant = prec === 0 ? s[0]! + (alt ? '.' : '') : s[0] + '.' + s.slice(1);
  return mant + expSuffix(x, upper);
}

function stripZeros(s: string): string {
  if (s.indexOf('.') < 0) return s;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}

/** %g without the sign */
export function formatGeneral(d: Decimal, prec: number, alt: boolean, upper: boolean): string {
  const sp = special(d, upper);
  if (sp !== null || d.kind !== 'num') return sp!;
  const p = prec === 0 ? 1 : prec;
  const { x } = roundSignificant(d, p);
  const unrounded = d.digits === 0n ? 0 : digitCount(d.digits) - 1 + d.exp;
  if (unrounded < p && x >= p) {
    // glibc: the fixed style was chosen before rounding carried into a new digit (999.6 → 1000),
    // and it prints the exponential form with the fixed style's zero fraction digits: 1.e+03
    const s = formatExp(d, 0, alt, upper);
    return s;
  }
  if (p > x && x >= -4) {
    const s = formatFixed(d, p - 1 - x, alt, upper);
    return alt ? s : stripZeros(s);
  }
  const s = formatExp(d, p - 1, alt, upper);
  if (alt) return s;
  const e = s.search(/[eE]/);
  return stripZeros(s.slice(0, e)) + s.slice(e);
}

/**
 * %a as bash prints it: glibc's long double (a 64-bit significand), leading hex digit 8..f, so
 * 1 → 0x8p-3 and 0.1 → 0xc.ccccccccccccccdp-7. Worked out exactly with BigInt from the decimal
 * digits (a double both loses the last digits and overflows at 1e309, where this looped forever);
 * precision rounds half to even, and a carry out of the lead digit gives glibc's 0x1p+N.
 */
export function formatHexFloat(d: Decimal, prec: number | undefined, upper: boolean, alt = false): string {
  const sp = special(d, upper);
  if (sp !== null || d.kind !== 'num') return sp!;
  const out = hexFloatBody(d.digits, d.exp, prec, alt);
  return upper ? out.toUpperCase() : out;
}

/** decimal magnitudes past long double's range: inf above, zero below (bash warns for both) */
const LONG_DOUBLE_MAX_DIGITS = 4933;
const LONG_DOUBLE_MIN_DIGITS = -4951;

function hexFloatBody(digits: bigint, exp: number, prec: number | undefined, alt: boolean): string {
  const point = (frac: string): string => (frac !== '' ? '.' + frac : alt ? '.' : '');
  const magnitude = exp + digits.toString().length;
  if (digits === 0n || magnitude < LONG_DOUBLE_MIN_DIGITS) return '0x0' + point('0'.repeat(prec ?? 0)) + 'p+0';
  if (magnitude > LONG_DOUBLE_MAX_DIGITS) return 'inf';
  let num = digits;
  let den = 1n;
  if (exp >= 0) num *= 10n ** BigInt(exp);
  else den = 10n ** BigInt(-exp);
  // the value is q × 2^-shift, q's leading bit 2^63: glibc's lead hex digit holds 4 bits of it
  const { m: q, k: shift } = significand64(num, den);
  let e = 63 - shift - 3;
  let hex = q.toString(16);
  if (prec !== undefined && prec < 15) {
    const drop = BigInt(4 * (15 - prec));
    const kept = roundHalfEven(q >> drop, q & ((1n << drop) - 1n), 1n << drop);
    hex = kept.toString(16);
    if (hex.length > prec + 1) {
      // f.ff… rounded up: glibc starts again at 0x1
      hex = '1' + '0'.repeat(prec);
      e += 4;
    }
  }
  let frac = hex.slice(1);
  if (prec === undefined) frac = frac.replace(/0+$/, '');
  else if (prec > 15) frac += '0'.repeat(prec - 15);
  return '0x' + hex[0] + point(frac) + 'p' + (e < 0 ? '-' : '+') + Math.abs(e);
}

/** q + 1 when the remainder r (of a division by d) is over half, or exactly half and q is odd */
function roundHalfEven(q: bigint, r: bigint, d: bigint): bigint {
  const twice = 2n * r;
  return twice > d || (twice === d && (q & 1n) === 1n) ? q + 1n : q;
}

/** glibc prints the sign of -0 too */
export function isNegative(d: Decimal): boolean {
  return d.neg;
}
