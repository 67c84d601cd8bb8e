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

const INT_RE = /^[ \t\n\v\f\r]*([+-]?)(0[xX][0-9a-fA-F]*|0[0-7]*|[1-9][0-9]*)/;

/** bash's getintmax / getuintmax */
export function parseIntArg(s: string, unsigned = false): ParsedInt {
  if (s === '') return { value: 0n };
  if (s[0] === "'" || s[0] === '"') return { value: charConstant(s.slice(1)) };
  const m = INT_RE.exec(s);
  if (!m) return { value: 0n, error: `${s}: invalid number` };
  const body = m[2]!;
  let v: bigint;
  if (body.length >= 2 && (body[1] === 'x' || body[1] === 'X')) v = body.length > 2 ? BigInt('0x' + body.slice(2)) : 0n;
  else if (body.length > 1 && body[0] === '0') v = BigInt('0o' + body.slice(1));
  else v = BigInt(body);
  if (m[1] === '-') v = -v;
  const r: ParsedInt = { value: v };
  if (m[0].length < s.length || (body.length === 2 && (body[1] === 'x' || body[1] === 'X'))) {
    const kind = /^0[xX]/.test(body) ? 'invalid hex number' : body[0] === '0' && /^[89]/.test(s.slice(m[0].length)) ? 'invalid octal number' : 'invalid number';
    r.error = `${s}: ${kind}`;
  }
  const max = unsigned ? UINT64_MAX : INT64_MAX;
  const min = unsigned ? -UINT64_MAX : INT64_MIN;
  if (v > max || v < min) {
    r.value = v > max ? max : unsigned ? 0n : min;
    if (unsigned && v < min) r.value = UINT64_MAX;
    r.warning = `warning: ${s}: Numerical result out of range`;
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
      if (valid) value = toLongDouble(hexToDecimal(neg, int + frac, Number(m[5] ?? 0) - 4 * frac.length));
    } else {
      const int = m[6] ?? '';
      const frac = m[7] ?? '';
      valid = int.length + frac.length > 0;
      if (valid) value = toLongDouble({ kind: 'num', neg, digits: BigInt(int + frac || '0'), exp: Number(m[8] ?? 0) - frac.length });
    }
  }
  if (!valid) return { value: ZERO, error: `${s}: invalid number` };
  if (consumed < s.length) return { value, error: `${s}: invalid number` };
  return { value };
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

const MANTISSA_BITS = 64;
const TWO64 = 1n << 64n;

/** the exact decimal of m × 2^e */
function binaryToDecimal(neg: boolean, m: bigint, e: number): Decimal {
  if (e >= 0) return { kind: 'num', neg, digits: m << BigInt(e), exp: 0 };
  const k = -e;
  return { kind: 'num', neg, digits: m * 5n ** BigInt(k), exp: -k };
}

/** round an exact decimal to the nearest x87 long double (ties to even), as strtold does */
function toLongDouble(d: Decimal): Decimal {
  if (d.kind !== 'num' || d.digits === 0n) return d;
  let num = d.digits;
  let den = 1n;
  if (d.exp >= 0) num *= 10n ** BigInt(d.exp);
  else den = 10n ** BigInt(-d.exp);
  if (bitLength(num) - bitLength(den) > 16400) return { kind: 'inf', neg: d.neg };
  // choose k so that num × 2^k / den lies in [2^63, 2^64)
  let k = MANTISSA_BITS - (bitLength(num) - bitLength(den));
  const scaled = (kk: number): [bigint, bigint] => (kk >= 0 ? [num << BigInt(kk), den] : [num, den << BigInt(-kk)]);
  let [n, q] = scaled(k);
  while (n / q >= TWO64) [n, q] = scaled(--k);
  while (n / q < TWO64 >> 1n) [n, q] = scaled(++k);
  let m = n / q;
  const twice = 2n * (n % q);
  if (twice > q || (twice === q && (m & 1n) === 1n)) m += 1n;
  if (m === TWO64) {
    m >>= 1n;
    k -= 1;
  }
  return binaryToDecimal(d.neg, m, -k);
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
  const q = digits / div;
  const r = digits % div;
  const twice = 2n * r;
  if (twice > div || (twice === div && q % 2n === 1n)) return q + 1n;
  return q;
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

/** %a in glibc's long-double style (leading hex digit 8..f): 1 → 0x8p-3 */
export function formatHexFloat(d: Decimal, prec: number | undefined, upper: boolean): string {
  const sp = special(d, upper);
  if (sp !== null || d.kind !== 'num') return sp!;
  let v = Number(d.digits) * 10 ** d.exp;
  let out: string;
  if (v === 0) out = '0x0p+0';
  else {
    let e = 0;
    while (v >= 16) { v /= 2; e++; }
    while (v < 8) { v *= 2; e--; }
    const lead = Math.floor(v);
    let frac = '';
    let f = v - lead;
    const maxDigits = prec ?? 15;
    while ((prec === undefined ? f > 0 : frac.length < prec) && frac.length < maxDigits) {
      f *= 16;
      const digit = Math.floor(f);
      frac += digit.toString(16);
      f -= digit;
    }
    out = '0x' + lead.toString(16) + (frac ? '.' + frac : '') + 'p' + (e < 0 ? '-' : '+') + Math.abs(e);
  }
  return upper ? out.toUpperCase() : out;
}

/** glibc prints the sign of -0 too */
export function isNegative(d: Decimal): boolean {
  return d.neg;
}
