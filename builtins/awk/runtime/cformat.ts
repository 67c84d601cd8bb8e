// glibc's printf of one double for %e %E %f %F %g %G %a %A (what gawk's format_tree hands to
// snprintf), flags and width included. Digits are exact, rounded half to even on the double's
// exact value, as glibc does: JS's toFixed/toExponential round ties away from zero, so a result
// whose next digit is a 5 (the only place the two can differ) is redone exactly with BigInt
// (lib/printf/numbers.ts).

import { decimalOfDouble, formatExp, formatFixed } from '../../../lib/printf/numbers.js';

export interface CFlags {
  minus?: boolean;
  plus?: boolean;
  space?: boolean;
  alt?: boolean;
  zero?: boolean;
}

/** toFixed/toExponential are exact to 100 digits and below 1e21 */
const FAST_MAX_PREC = 90;

/*
 * A tie (the digits after the last kept one exactly 5000…) is only possible for a value with a
 * short binary fraction: rounding to `prec` decimals can tie only if a × 2^(prec+1) is an integer,
 * and then a has at most prec + 1 decimals, so toFixed(prec + 1) is exact and is rounded here half
 * to even. Every other value takes JS's rounding as is, which can only differ on a tie.
 */
function fixedBody(a: number, prec: number): string {
  if (a < 1e21 && prec <= FAST_MAX_PREC) {
    if (!Number.isInteger(a * 2 ** (prec + 1))) return a.toFixed(prec);
    const exact = a.toFixed(prec + 1);
    const last = exact.charCodeAt(exact.length - 1);
    if (last !== 53) return a.toFixed(prec);
    // exactly half: keep the even neighbour
    const kept = exact.slice(0, exact.length - 1);
    const lastKept = kept.charCodeAt(kept.length - 1) === 46 ? kept.charCodeAt(kept.length - 2) : kept.charCodeAt(kept.length - 1);
    const body = prec === 0 ? kept.slice(0, -1) : kept;
    return (lastKept - 48) % 2 === 0 ? body : a.toFixed(prec);
  }
  return formatFixed(decimalOfDouble(a), prec, false, false);
}

/** mantissa digits and exponent of a (≥ 0) with `prec` digits after the point */
function expParts(a: number, prec: number): { mant: string; exp: number } {
  let s: string;
  if (prec <= FAST_MAX_PREC) {
    s = a.toExponential(prec);
    const X = Number(s.slice(s.indexOf('e') + 1));
    // a tie needs a × 2^(prec - X + 1) integral (X may be one above the unrounded exponent); such
    // an a has at most prec + 3 significant digits, which toExponential(prec + 3) gives exactly
    const k = prec - X + 2;
    if (k < 1000 && Number.isInteger(a * 2 ** k)) s = roundExpHalfEven(a.toExponential(prec + 3), prec) ?? s;
  } else {
    s = expExact(a, prec);
  }
  const e = s.indexOf('e');
  return { mant: s.slice(0, e), exp: Number(s.slice(e + 1)) };
}

/** an exact d.ddd…e±X rounded half to even to prec digits after the point; null: not a tie */
function roundExpHalfEven(exact: string, prec: number): string | null {
  const e = exact.indexOf('e');
  const digits = exact[0]! + exact.slice(2, e);
  const rest = digits.slice(prec + 1);
  if (rest[0] !== '5' || !/^50*$/.test(rest)) return null;
  const keep = digits.slice(0, prec + 1);
  if ((keep.charCodeAt(keep.length - 1) - 48) % 2 === 0) {
    const exp = exact.slice(e + 1);
    return keep[0] + (prec > 0 ? '.' + keep.slice(1) : '') + 'e' + exp;
  }
  return null; // odd: JS's round-half-up gives the even neighbour already
}

/** an exact %e of a as JS's toExponential would spell it (1.5e+3) */
function expExact(a: number, prec: number): string {
  const s = formatExp(decimalOfDouble(a), prec, false, false);
  const e = s.indexOf('e');
  return s.slice(0, e) + 'e' + String(Number(s.slice(e + 1))).replace(/^(\d)/, '+$1');
}

/** the decimal exponent of a's leading digit before any rounding (21 digits cannot all be 9s) */
function unroundedExp(a: number): number {
  const s = a.toExponential(20);
  return Number(s.slice(s.indexOf('e') + 1));
}

function expSuffix(exp: number, upper: boolean): string {
  const a = Math.abs(exp);
  return (upper ? 'E' : 'e') + (exp < 0 ? '-' : '+') + (a < 10 ? '0' : '') + String(a);
}

function stripZeros(s: string): string {
  if (s.indexOf('.') < 0) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return s.slice(0, end);
}

/** the body (no sign) of %e %f %g %a for a ≥ 0, finite */
function body(conv: string, a: number, prec: number | undefined, alt: boolean): string {
  const lower = conv.toLowerCase();
  const upper = lower !== conv;
  if (lower === 'f') {
    const p = prec ?? 6;
    const s = fixedBody(a, p);
    return alt && p === 0 ? s + '.' : s;
  }
  if (lower === 'e') {
    const p = prec ?? 6;
    const { mant, exp } = expParts(a, p);
    return (alt && p === 0 ? mant + '.' : mant) + expSuffix(exp, upper);
  }
  if (lower === 'g') {
    const P = prec === undefined ? 6 : prec === 0 ? 1 : prec;
    const { mant, exp: X } = expParts(a, P - 1);
    if (X >= P && unroundedExp(a) < P) {
      // glibc picks the style before rounding: the fixed style's P - 1 - X digits (none) carried
      // into a new one, and it prints that in the exponent form: %#G of 999999.99 is 1.E+06
      const one = expParts(a, 0);
      return (alt ? one.mant + '.' : one.mant) + expSuffix(one.exp, upper);
    }
    if (P > X && X >= -4) {
      // the same P significant digits, placed: rounding to P - 1 - X decimals gives these digits
      const digits = mant.length > 1 ? mant[0] + mant.slice(2) : mant;
      const s = X >= 0 ? (X + 1 < digits.length ? digits.slice(0, X + 1) + '.' + digits.slice(X + 1) : digits) : '0.' + '0'.repeat(-X - 1) + digits;
      return alt ? (s.indexOf('.') < 0 ? s + '.' : s) : stripZeros(s);
    }
    const m = alt ? (mant.indexOf('.') < 0 ? mant + '.' : mant) : stripZeros(mant);
    return m + expSuffix(X, upper);
  }
  const s = hexFloat(a, prec, alt);
  return upper ? s.toUpperCase() : s;
}

/** glibc's %a of a double: 0x1.8p+1, subnormals 0x0.0000000000001p-1022 */
function hexFloat(a: number, prec: number | undefined, alt: boolean): string {
  if (a === 0) return '0x0' + (prec ? '.' + '0'.repeat(prec) : alt ? '.' : '') + 'p+0';
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, a);
  const bits = v.getBigUint64(0);
  const biased = Number(bits >> 52n);
  let mant = bits & ((1n << 52n) - 1n);
  let lead = biased === 0 ? 0n : 1n;
  const exp = biased === 0 ? -1022 : biased - 1023;
  let digits = 13;
  if (prec !== undefined && prec < 13) {
    // round the whole significand, lead digit included: 1.8p+3 with %.0a is 0x2p+3 (no renormalising)
    const full = (lead << 52n) | mant;
    const drop = BigInt(4 * (13 - prec));
    const q = full >> drop;
    const r = full & ((1n << drop) - 1n);
    const half = 1n << (drop - 1n);
    const rounded = r > half || (r === half && (q & 1n) === 1n) ? q + 1n : q;
    lead = rounded >> BigInt(4 * prec);
    mant = rounded & ((1n << BigInt(4 * prec)) - 1n);
    digits = prec;
  }
  let frac = digits === 0 ? '' : mant.toString(16).padStart(digits, '0');
  if (prec === undefined) frac = frac.replace(/0+$/, '');
  else if (prec > 13) frac += '0'.repeat(prec - 13);
  const point = frac !== '' ? '.' + frac : alt ? '.' : '';
  return '0x' + lead.toString(16) + point + 'p' + (exp < 0 ? '-' : '+') + String(Math.abs(exp));
}

/**
 * printf("%<flags><width>.<prec><conv>", x) as glibc prints a double. `prec` undefined means none
 * was given (6 for e/f/g, the exact shortest for a).
 */
export function formatDouble(conv: string, x: number, prec: number | undefined, flags: CFlags, width = 0): string {
  const neg = x < 0 || Object.is(x, -0) || (x !== x && signBitOf(x));
  let b: string;
  let numeric = true;
  if (x !== x || x === Infinity || x === -Infinity) {
    b = x !== x ? 'nan' : 'inf';
    if (conv !== conv.toLowerCase()) b = b.toUpperCase();
    numeric = false;
  } else {
    b = body(conv, Math.abs(x), prec, flags.alt === true);
  }
  const sign = neg ? '-' : flags.plus ? '+' : flags.space ? ' ' : '';
  const len = sign.length + b.length;
  if (width <= len) return sign + b;
  const pad = width - len;
  if (flags.minus) return sign + b + ' '.repeat(pad);
  if (flags.zero && numeric) {
    // zeros go after the sign, and after 0x for %a
    const hex = conv === 'a' || conv === 'A' ? 2 : 0;
    return sign + b.slice(0, hex) + '0'.repeat(pad) + b.slice(hex);
  }
  return ' '.repeat(pad) + sign + b;
}

const dv = new DataView(new ArrayBuffer(8));
function signBitOf(x: number): boolean {
  dv.setFloat64(0, x);
  return dv.getUint32(0) >>> 31 === 1;
}
