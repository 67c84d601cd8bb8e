// An exact emulation of x86-64 `long double` (64-bit mantissa, round to nearest even) for seq.
// GNU seq computes FIRST + i*INCREMENT in long double and prints with printf("%Lg"/"%.NLf"/…), so
// where a double would print 0.1 and long double prints 0.2 (`seq -f %.1f 0.15 0.1 0.35`), only
// the same arithmetic gives the same bytes. Values are m * 2^e with BigInt m; formatting is exact
// decimal arithmetic, as glibc's printf is.

export type LD =
  | { kind: 'finite'; neg: boolean; m: bigint; e: number }
  | { kind: 'inf'; neg: boolean }
  | { kind: 'nan' };

const TWO63 = 1n << 63n;
const TWO64 = 1n << 64n;
/** beyond this binary exponent a long double overflows (LDBL_MAX ≈ 1.19e4932) */
const MAX_EXP = 16384;
const MIN_EXP = -16445;

export const ZERO: LD = { kind: 'finite', neg: false, m: 0n, e: 0 };

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** num/den (both > 0) rounded to a 64-bit mantissa, ties to even */
export function fromRational(neg: boolean, num: bigint, den: bigint): LD {
  if (num === 0n) return { kind: 'finite', neg, m: 0n, e: 0 };
  let s = 64 - (bitLength(num) - bitLength(den));
  for (;;) {
    const n = s >= 0 ? num << BigInt(s) : num;
    const d = s >= 0 ? den : den << BigInt(-s);
    let q = n / d;
    if (q >= TWO64) {
      s--;
      continue;
    }
    if (q < TWO63) {
      s++;
      continue;
    }
    const r2 = (n - q * d) * 2n;
    if (r2 > d || (r2 === d && (q & 1n) === 1n)) q++;
    let e = -s;
    if (q === TWO64) {
      q = TWO63;
      e++;
    }
    if (e + 64 > MAX_EXP) return { kind: 'inf', neg };
    if (e + 64 < MIN_EXP) return { kind: 'finite', neg, m: 0n, e: 0 };
    return { kind: 'finite', neg, m: q, e };
  }
}

function fromScaled(neg: boolean, m: bigint, e: number): LD {
  // exact value m * 2^e, rounded
  if (m === 0n) return { kind: 'finite', neg, m: 0n, e: 0 };
  return e >= 0 ? fromRational(neg, m << BigInt(e), 1n) : fromRational(neg, m, 1n << BigInt(-e));
}

export function fromInteger(n: bigint): LD {
  return n < 0n ? fromRational(true, -n, 1n) : fromRational(false, n, 1n);
}

export function isZero(x: LD): boolean {
  return x.kind === 'finite' && x.m === 0n;
}

export function add(a: LD, b: LD): LD {
  if (a.kind === 'nan' || b.kind === 'nan') return { kind: 'nan' };
  if (a.kind === 'inf' || b.kind === 'inf') {
    if (a.kind === 'inf' && b.kind === 'inf' && a.neg !== b.neg) return { kind: 'nan' };
    return a.kind === 'inf' ? a : b;
  }
  if (a.m === 0n) return b.m === 0n ? { kind: 'finite', neg: a.neg && b.neg, m: 0n, e: 0 } : b;
  if (b.m === 0n) return a;
  const e = Math.min(a.e, b.e);
  const am = a.m << BigInt(a.e - e);
  const bm = b.m << BigInt(b.e - e);
  const sum = (a.neg ? -am : am) + (b.neg ? -bm : bm);
  if (sum === 0n) return ZERO;
  return sum < 0n ? fromScaled(true, -sum, e) : fromScaled(false, sum, e);
}

export function mul(a: LD, b: LD): LD {
  if (a.kind === 'nan' || b.kind === 'nan') return { kind: 'nan' };
  const neg = a.neg !== b.neg;
  if (a.kind === 'inf' || b.kind === 'inf') {
    if (isZero(a) || isZero(b)) return { kind: 'nan' };
    return { kind: 'inf', neg };
  }
  if (a.m === 0n || b.m === 0n) return { kind: 'finite', neg, m: 0n, e: 0 };
  return fromScaled(neg, a.m * b.m, a.e + b.e);
}

/** -1, 0, 1 (NaN compares as 0: callers reject NaN first) */
export function compare(a: LD, b: LD): number {
  const sign = (x: LD): number => (x.kind === 'nan' ? 0 : x.kind === 'inf' ? (x.neg ? -1 : 1) : x.m === 0n ? 0 : x.neg ? -1 : 1);
  if (a.kind === 'inf' || b.kind === 'inf') {
    const va = a.kind === 'inf' ? (a.neg ? -2 : 2) : sign(a);
    const vb = b.kind === 'inf' ? (b.neg ? -2 : 2) : sign(b);
    return Math.sign(va - vb);
  }
  if (a.kind !== 'finite' || b.kind !== 'finite') return 0;
  const sa = sign(a);
  const sb = sign(b);
  if (sa !== sb) return Math.sign(sa - sb);
  if (sa === 0) return 0;
  const e = Math.min(a.e, b.e);
  const am = a.m << BigInt(a.e - e);
  const bm = b.m << BigInt(b.e - e);
  const c = am === bm ? 0 : am > bm ? 1 : -1;
  return sa < 0 ? -c : c;
}

const WS = /^[ \t\n\v\f\r]*/;

/** strtold over the whole string (xstrtold with no end pointer): undefined when invalid */
export function parseLD(text: string): LD | undefined {
  let s = text.replace(WS, '');
  let neg = false;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  const lower = s.toLowerCase();
  if (lower === 'inf' || lower === 'infinity') return { kind: 'inf', neg };
  if (/^nan(\([0-9a-z_]*\))?$/.test(lower)) return { kind: 'nan' };
  const hex = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/.exec(s);
  if (hex !== null) {
    const intPart = hex[1] ?? '';
    const frac = hex[2] ?? '';
    if (intPart === '' && frac === '') return undefined;
    const m = BigInt('0x' + ((intPart + frac) || '0'));
    const exp = clampExp(hex[3] === undefined ? 0 : Number(hex[3])) - 4 * frac.length;
    return fromScaled(neg, m, exp);
  }
  const dec = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (dec === null) return undefined;
  const intPart = dec[1] ?? '';
  const frac = dec[2] ?? '';
  if (intPart === '' && frac === '') return undefined;
  const digits = BigInt((intPart + frac) || '0');
  const exp10 = clampExp(dec[3] === undefined ? 0 : Number(dec[3])) - frac.length;
  if (digits === 0n) return { kind: 'finite', neg, m: 0n, e: 0 };
  if (exp10 > 6000) return { kind: 'inf', neg };
  if (exp10 < -6000) return { kind: 'finite', neg, m: 0n, e: 0 };
  return exp10 >= 0 ? fromRational(neg, digits * 10n ** BigInt(exp10), 1n) : fromRational(neg, digits, 10n ** BigInt(-exp10));
}

function clampExp(n: number): number {
  return Math.max(-100000, Math.min(100000, Number.isFinite(n) ? n : 0));
}

// ---- printf formatting (glibc semantics: exact value, round half to even) ----

export interface Conversion {
  flags: string;
  width: number | undefined;
  precision: number | undefined;
  conv: string; // one of efgaEFGA
}

/** v = num / den exactly, with num >= 0 */
function exact(x: LD & { kind: 'finite' }): { num: bigint; den: bigint } {
  return x.e >= 0 ? { num: x.m << BigInt(x.e), den: 1n } : { num: x.m, den: 1n << BigInt(-x.e) };
}

function roundDiv(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r2 = (num - q * den) * 2n;
  return r2 > den || (r2 === den && (q & 1n) === 1n) ? q + 1n : q;
}

function fixedDigits(x: LD & { kind: 'finite' }, prec: number): string {
  const { num, den } = exact(x);
  const scaled = roundDiv(num * 10n ** BigInt(prec), den).toString();
  if (prec === 0) return scaled;
  const padded = scaled.padStart(prec + 1, '0');
  return padded.slice(0, padded.length - prec) + '.' + padded.slice(padded.length - prec);
}

/** digits (prec+1 of them) and decimal exponent of x rounded to prec+1 significant digits */
function expDigits(x: LD & { kind: 'finite' }, prec: number): { digits: string; exp: number } {
  if (x.m === 0n) return { digits: '0'.repeat(prec + 1), exp: 0 };
  const { num, den } = exact(x);
  let exp = Math.floor((bitLength(x.m) - 1 + x.e) * Math.LOG10E * Math.LN2);
  for (;;) {
    const shift = prec - exp;
    const q = shift >= 0 ? roundDiv(num * 10n ** BigInt(shift), den) : roundDiv(num, den * 10n ** BigInt(-shift));
    const s = q.toString();
    if (s.length > prec + 1) {
      exp++;
      continue;
    }
    if (s.length < prec + 1) {
      exp--;
      continue;
    }
    return { digits: s, exp };
  }
}

function expText(digits: string, exp: number, alt: boolean, upper: boolean): string {
  const mant = digits.length > 1 || alt ? digits[0] + '.' + digits.slice(1) : digits;
  const sign = exp < 0 ? '-' : '+';
  const e = String(Math.abs(exp)).padStart(2, '0');
  return mant + (upper ? 'E' : 'e') + sign + e;
}

function stripZeros(s: string): string {
  if (!s.includes('.')) return s;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}

function hexText(x: LD & { kind: 'finite' }, prec: number | undefined, upper: boolean): string {
  if (x.m === 0n) {
    const zeroFrac = prec !== undefined && prec > 0 ? '.' + '0'.repeat(prec) : '';
    return upper ? `0X0${zeroFrac}P+0` : `0x0${zeroFrac}p+0`;
  }
  // glibc prints a long double with the top 4 mantissa bits as the leading digit
  let m = x.m;
  let exp = x.e + 60;
  let fracDigits = 15;
  if (prec !== undefined && prec < 15) {
    const drop = BigInt(4 * (15 - prec));
    m = roundDiv(m, 1n << drop);
    fracDigits = prec;
    if (m >> BigInt(4 * prec) >= 16n) {
      m >>= 1n;
      exp++;
    }
  }
  const all = m.toString(16).padStart(fracDigits + 1, '0');
  const lead = all.slice(0, all.length - fracDigits);
  let frac = all.slice(all.length - fracDigits);
  if (prec === undefined) frac = frac.replace(/0+$/, '');
  else if (prec > fracDigits) frac = frac.padEnd(prec, '0');
  const text = `0x${lead}${frac === '' ? '' : '.' + frac}p${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
  return upper ? text.toUpperCase() : text;
}

export function formatLD(x: LD, c: Conversion): string {
  const upper = c.conv === 'E' || c.conv === 'F' || c.conv === 'G' || c.conv === 'A';
  const alt = c.flags.includes('#');
  let body: string;
  let neg = false;
  let numeric = true;
  if (x.kind === 'nan') {
    body = upper ? 'NAN' : 'nan';
    numeric = false;
  } else if (x.kind === 'inf') {
    body = upper ? 'INF' : 'inf';
    neg = x.neg;
    numeric = false;
  } else {
    neg = x.neg;
    const conv = c.conv.toLowerCase();
    const prec = c.precision;
    if (conv === 'f') {
      body = fixedDigits(x, prec ?? 6);
      if (alt && !body.includes('.')) body += '.';
    } else if (conv === 'e') {
      const p = prec ?? 6;
      const d = expDigits(x, p);
      body = expText(d.digits, d.exp, alt, upper);
    } else if (conv === 'g') {
      const p = prec === undefined ? 6 : prec === 0 ? 1 : prec;
      const d = expDigits(x, p - 1);
      const exp = x.m === 0n ? 0 : d.exp;
      if (p > exp && exp >= -4) {
        body = fixedDigits(x, p - 1 - exp);
        if (alt && !body.includes('.')) body += '.';
      } else {
        body = expText(d.digits, exp, alt, upper);
      }
      if (!alt) {
        if (body.includes('e') || body.includes('E')) {
          const at = body.search(/[eE]/);
          body = stripZeros(body.slice(0, at)) + body.slice(at);
        } else {
          body = stripZeros(body);
        }
      }
    } else {
      body = hexText(x, prec, upper);
    }
  }
  const sign = neg ? '-' : c.flags.includes('+') ? '+' : c.flags.includes(' ') ? ' ' : '';
  const width = c.width ?? 0;
  const len = sign.length + body.length;
  if (len >= width) return sign + body;
  if (c.flags.includes('-')) return sign + body + ' '.repeat(width - len);
  if (c.flags.includes('0') && numeric) {
    // zeros go after the sign (and after 0x for %a)
    if (c.conv === 'a' || c.conv === 'A') return sign + body.slice(0, 2) + '0'.repeat(width - len) + body.slice(2);
    return sign + '0'.repeat(width - len) + body;
  }
  return ' '.repeat(width - len) + sign + body;
}
