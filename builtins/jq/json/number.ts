// Numbers as jq 1.7.1 prints them. A computed double goes through jq's dtoa (shortest digits that
// read back to the same double, then `jvp_dtoa_fmt`'s layout: plain up to 15 digits past the
// significant ones, `1e+17`, `1e-05`, exponents of at least two digits). A number read from JSON
// or the program is a decNumber in jq 1.7.1 and prints back in decNumber's canonical scientific
// form (`1.000`, `1E+2`, `1E+1000`, `-0.0`) until arithmetic turns it into a double.
import { LiteralNumber } from '../value.js';

const DBL_MAX = 1.7976931348623157e308;

/** jq 1.7.1's text of a double (`tostring`, `tojson`, output); NaN is `null` as jq prints it */
export function numberToString(n: number): string {
  if (Number.isInteger(n) && n < 1e16 && n > -1e16) {
    return n === 0 && 1 / n < 0 ? '-0' : String(n);
  }
  if (n !== n) return 'null';
  if (n > DBL_MAX) n = DBL_MAX;
  else if (n < -DBL_MAX) n = -DBL_MAX;
  // toExponential() without an argument gives the shortest round-trip digits, as dtoa mode 0
  const e = n.toExponential();
  const neg = e.charCodeAt(0) === 45;
  const ePos = e.indexOf('e');
  const mant = e.slice(neg ? 1 : 0, ePos);
  const digits = mant.length > 1 ? mant[0] + mant.slice(2) : mant;
  const decpt = Number(e.slice(ePos + 1)) + 1;
  let out: string;
  if (decpt <= -4 || decpt > digits.length + 15) {
    const x = decpt - 1;
    const ax = x < 0 ? -x : x;
    out = `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${x < 0 ? '-' : '+'}${ax < 10 ? '0' : ''}${ax}`;
  } else if (decpt <= 0) {
    out = `0.${'0'.repeat(-decpt)}${digits}`;
  } else if (decpt >= digits.length) {
    out = digits + '0'.repeat(decpt - digits.length);
  } else {
    out = `${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  }
  return neg ? `-${out}` : out;
}

// decNumber's limits in jq 1.7.1's context: an adjusted exponent past ±999999999 overflows to
// infinity (printed as a double, ±DBL_MAX) or underflows.
const EMAX = 999999999;

/** integers a double holds exactly and prints the same way as the literal */
const SIMPLE_INT = /^-?(?:0|[1-9]\d{0,14})$/;
const DEC = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;
const SPECIAL = /^([+-]?)(?:(inf|infinity)|(s?nan)\d*)$/i;

/**
 * A JSON/program number token as jq 1.7.1 reads it (decNumberFromString's grammar: `+1`, `.5`,
 * `1.`, `012`, `nan`, `Infinity` are numbers), or undefined when it is not a number ("Invalid
 * numeric literal"). A LiteralNumber only when its canonical text differs from the double's.
 */
export function parseNumberLiteral(tok: string): number | LiteralNumber | undefined {
  if (SIMPLE_INT.test(tok)) return Number(tok);
  const m = DEC.exec(tok);
  if (m === null) {
    const s = SPECIAL.exec(tok);
    if (s === null) return undefined;
    if (s[2] !== undefined) return s[1] === '-' ? -Infinity : Infinity;
    return Number.NaN;
  }
  const neg = m[1] === '-';
  const intPart = m[2] ?? '';
  const frac = m[3] ?? m[4] ?? '';
  let coef = (intPart + frac).replace(/^0+/, '');
  if (coef === '') coef = '0';
  const expText = m[5];
  let exp = -frac.length;
  if (expText !== undefined) {
    const x = Number(expText);
    if (!Number.isSafeInteger(x) || Math.abs(x) > 2 * EMAX) {
      if (x > 0 && coef !== '0') return neg ? -Infinity : Infinity;
      return neg ? -0 : 0;
    }
    exp += x;
  }
  const adjusted = exp + coef.length - 1;
  if (adjusted > EMAX && coef !== '0') return neg ? -Infinity : Infinity;
  const text = (neg ? '-' : '') + decToString(coef, exp);
  const value = toDouble(neg, coef, exp);
  if (numberToString(value) === text) return value;
  return new LiteralNumber(value, text);
}

/** decNumberToString: plain when the exponent is ≤ 0 and the adjusted exponent ≥ -6 */
function decToString(coef: string, exp: number): string {
  const adjusted = exp + coef.length - 1;
  if (exp <= 0 && adjusted >= -6) {
    if (exp === 0) return coef;
    const point = coef.length + exp;
    if (point > 0) return `${coef.slice(0, point)}.${coef.slice(point)}`;
    return `0.${'0'.repeat(-point)}${coef}`;
  }
  const rest = coef.length > 1 ? `.${coef.slice(1)}` : '';
  return `${coef[0]}${rest}E${adjusted < 0 ? '-' : '+'}${adjusted < 0 ? -adjusted : adjusted}`;
}

/**
 * jq 1.7.1 turns a decNumber into a double by rounding it to 17 digits (half even) and reading
 * that with strtod: a double rounding that differs from Number(text) only near ties.
 */
function toDouble(neg: boolean, coef: string, exp: number): number {
  let c = coef;
  let e = exp;
  if (c.length > 17) {
    const drop = c.length - 17;
    let head = c.slice(0, 17);
    const first = c.charCodeAt(17) - 48;
    const restNonZero = /[1-9]/.test(c.slice(18));
    const last = head.charCodeAt(16) - 48;
    const up = first > 5 || (first === 5 && (restNonZero || last % 2 === 1));
    if (up) head = (BigInt(head) + 1n).toString();
    c = head;
    e += drop;
  }
  const v = Number(`${c}e${e}`);
  return neg ? -v : v;
}
