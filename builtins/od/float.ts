// Floating-point fields as GNU od prints them: gnulib's ftoastr, i.e. printf "%.*g" with the
// smallest precision (from FLT_DIG/DBL_DIG/LDBL_DIG, or 1 below the smallest normal) whose text
// reads back as the same value. float and double go through JS numbers (the round-trip test
// rejects any tie that JS and glibc would round differently, so the chosen text is the same);
// x86 80-bit long double is converted exactly with BigInt.

/** C's %g layout from `digits` (precision P significant digits, already rounded) and exponent X */
export function gLayout(negative: boolean, digits: string, exponent: number): string {
  const p = digits.length;
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= p) {
    const rest = digits.slice(1).replace(/0+$/, '');
    const e = Math.abs(exponent);
    return `${sign}${digits[0]}${rest === '' ? '' : '.' + rest}e${exponent < 0 ? '-' : '+'}${e < 10 ? '0' + e : e}`;
  }
  if (exponent >= 0) {
    const int = digits.slice(0, exponent + 1);
    const frac = digits.slice(exponent + 1).replace(/0+$/, '');
    return sign + int + (frac === '' ? '' : '.' + frac);
  }
  const frac = ('0'.repeat(-exponent - 1) + digits).replace(/0+$/, '');
  return `${sign}0.${frac}`;
}

function specialText(negative: boolean, isNan: boolean): string {
  return (negative ? '-' : '') + (isNan ? 'nan' : 'inf');
}

/**
 * %.{p}g of a finite JS number. toExponential rounds a tie away from zero where glibc rounds it
 * to even, so when the digit after the last kept one is a 5 the exact path decides.
 */
function gOfNumber(x: number, p: number): string {
  const negative = x < 0 || Object.is(x, -0);
  const abs = Math.abs(x);
  const probe = abs.toExponential(Math.min(100, p));
  if (probe[p === 1 ? 2 : p + 1] === '5' && abs !== 0) {
    const { mantissa, exp2 } = decomposeDouble(abs);
    const exact = exactDigits(scaled2(mantissa, exp2), mantissa, exp2, p);
    return gLayout(negative, exact.digits.toString(), exact.exponent);
  }
  const text = abs.toExponential(p - 1);
  const eAt = text.indexOf('e');
  const digits = text.slice(0, eAt).replace('.', '');
  return gLayout(negative, digits, Number(text.slice(eAt + 1)));
}

const F64 = new DataView(new ArrayBuffer(8));

/** a positive finite double as mantissa * 2^exp2 */
function decomposeDouble(x: number): { mantissa: bigint; exp2: number } {
  F64.setFloat64(0, x);
  const bits = F64.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  return biased === 0 ? { mantissa: fraction, exp2: -1074 } : { mantissa: fraction | (1n << 52n), exp2: biased - 1075 };
}

const FLT_MIN = 2 ** -126;
const DBL_MIN = 2 ** -1022;

export function formatFloat32(view: DataView, at: number, little: boolean): string {
  const x = view.getFloat32(at, little);
  const negative = (view.getUint8(at + (little ? 3 : 0)) & 0x80) !== 0;
  if (!Number.isFinite(x)) return specialText(negative, Number.isNaN(x));
  for (let p = Math.abs(x) < FLT_MIN ? 1 : 6; ; p++) {
    const s = gOfNumber(x, p);
    if (p >= 9 || Math.fround(Number(s)) === x) return s;
  }
}

export function formatFloat64(view: DataView, at: number, little: boolean): string {
  const x = view.getFloat64(at, little);
  const negative = (view.getUint8(at + (little ? 7 : 0)) & 0x80) !== 0;
  if (!Number.isFinite(x)) return specialText(negative, Number.isNaN(x));
  for (let p = Math.abs(x) < DBL_MIN ? 1 : 15; ; p++) {
    const s = gOfNumber(x, p);
    if (p >= 17 || Number(s) === x) return s;
  }
}

interface Fraction {
  n: bigint;
  d: bigint;
}

/** m * 2^e as a fraction */
function scaled2(m: bigint, e: number): Fraction {
  return e >= 0 ? { n: m << BigInt(e), d: 1n } : { n: m, d: 1n << BigInt(-e) };
}

function compare(a: Fraction, b: Fraction): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

function add(a: Fraction, b: Fraction): Fraction {
  return { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}

function sub(a: Fraction, b: Fraction): Fraction {
  return { n: a.n * b.d - b.n * a.d, d: a.d * b.d };
}

/** round-half-even of a positive fraction to an integer */
function roundEven(f: Fraction): bigint {
  const q = f.n / f.d;
  const r2 = (f.n % f.d) * 2n;
  if (r2 > f.d || (r2 === f.d && (q & 1n) === 1n)) return q + 1n;
  return q;
}

const POW10 = new Map<number, bigint>();

/** 10^k, remembered: long doubles reach 10^4951, costly to rebuild for every field */
function pow10(k: number): bigint {
  let v = POW10.get(k);
  if (v === undefined) {
    v = 10n ** BigInt(k);
    if (POW10.size < 20000) POW10.set(k, v);
  }
  return v;
}

function tenPow(k: number): Fraction {
  return k >= 0 ? { n: pow10(k), d: 1n } : { n: 1n, d: pow10(-k) };
}

/** the decimal exponent of a positive value mantissa * 2^exp2 */
function decimalExponent(value: Fraction, mantissa: bigint, exp2: number): number {
  let x = Math.floor((exp2 + mantissa.toString(2).length - 1) * Math.log10(2));
  while (compare(value, tenPow(x)) < 0) x--;
  while (compare(value, tenPow(x + 1)) >= 0) x++;
  return x;
}

/** p significant digits of a positive value, rounded half to even, and their decimal exponent */
function exactDigits(value: Fraction, mantissa: bigint, exp2: number, p: number, x = decimalExponent(value, mantissa, exp2)): { digits: bigint; exponent: number } {
  const shift = p - 1 - x;
  const scaledValue = shift >= 0 ? { n: value.n * pow10(shift), d: value.d } : { n: value.n, d: value.d * pow10(-shift) };
  let digits = roundEven(scaledValue);
  let exponent = x;
  if (digits === pow10(p)) {
    digits = pow10(p - 1);
    exponent++;
  }
  return { digits, exponent };
}

/** the x86 80-bit extended value in the first 10 bytes (the rest of the 16 is padding); 16 bytes from `at` */
export function formatFloat80(bytes: Uint8Array, at: number, little: boolean): string {
  // bring the 10 value bytes into little-endian order (with --endian=big all 16 are reversed)
  const le = new Uint8Array(10);
  for (let i = 0; i < 10; i++) le[i] = little ? bytes[at + i]! : bytes[at + 15 - i]!;
  let mantissa = 0n;
  for (let i = 7; i >= 0; i--) mantissa = (mantissa << 8n) | BigInt(le[i]!);
  const top = le[9]! * 256 + le[8]!;
  const negative = (top & 0x8000) !== 0;
  const biased = top & 0x7fff;
  const integerBit = (mantissa >> 63n) & 1n;
  if (biased === 0x7fff) {
    const fractionZero = (mantissa & ((1n << 63n) - 1n)) === 0n;
    return specialText(negative, !(fractionZero && integerBit === 1n));
  }
  // an unnormal (integer bit clear with a nonzero exponent) is an invalid operand: glibc says nan
  if (biased !== 0 && integerBit === 0n) return specialText(negative, true);
  if (mantissa === 0n) return negative ? '-0' : '0';
  // a pseudo-denormal (integer bit set, exponent 0): glibc's printf drops the integer bit, and
  // the text never reads back as the same encoding, so it gets the full 21 digits
  const pseudoDenormal = biased === 0 && integerBit === 1n;
  if (pseudoDenormal) mantissa &= (1n << 63n) - 1n;
  const exp2 = (biased === 0 ? 1 : biased) - 16383 - 63;
  const value = scaled2(mantissa, exp2);
  const normal = biased !== 0;
  const gapBelow = normal && mantissa === 1n << 63n && biased > 1 ? scaled2(1n, exp2 - 1) : scaled2(1n, exp2);
  const gapAbove = scaled2(1n, exp2);
  const half = (f: Fraction): Fraction => ({ n: f.n, d: f.d * 2n });
  const low = sub(value, half(gapBelow));
  const high = add(value, half(gapAbove));
  const inclusive = (mantissa & 1n) === 0n;
  const x = decimalExponent(value, mantissa, exp2);
  for (let p = normal ? 18 : 1; ; p++) {
    const { digits, exponent } = exactDigits(value, mantissa, exp2, p, x);
    const k = exponent - p + 1;
    const decimal = k >= 0 ? { n: digits * pow10(k), d: 1n } : { n: digits, d: pow10(-k) };
    const lo = compare(decimal, low);
    const hi = compare(decimal, high);
    const roundTrips = !pseudoDenormal && (inclusive ? lo >= 0 && hi <= 0 : lo > 0 && hi < 0);
    if (p >= 21 || roundTrips) return gLayout(negative, digits.toString(), exponent);
  }
}
