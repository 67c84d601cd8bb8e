// od's byte counts (-j, -N, -S, offsets): gnulib xstrtoimax with base 0 (0x… hex, 0… octal) and
// the multiplier suffixes "bEGKkMmPTYZ0", negative values rejected; and the traditional
// `[+]OFFSET[.][b]` operands.

export const INTMAX_MAX = (1n << 63n) - 1n;

export type CountParse =
  | { kind: 'ok'; value: bigint }
  | { kind: 'invalid' }
  | { kind: 'suffix' }
  | { kind: 'overflow' };

const POWER: Record<string, number> = { k: 1, K: 1, m: 2, M: 2, G: 3, T: 4, P: 5, E: 6, Z: 7, Y: 8 };
const FIXED: Record<string, bigint> = { b: 512n, B: 1024n, c: 1n, w: 2n };
export const OD_SUFFIXES = 'bEGKkMmPTYZ0';

function digitValue(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return 99;
}

/** strtoimax(s, &end, base) for base 0, 8, 10 or 16: the value (unbounded) and where it stopped */
function strtoimax(s: string, base: number): { value: bigint; negative: boolean; end: number } | null {
  let i = 0;
  while (i < s.length && (s[i] === ' ' || (s[i]! >= '\t' && s[i]! <= '\r'))) i++;
  let negative = false;
  if (s[i] === '+' || s[i] === '-') {
    negative = s[i] === '-';
    i++;
  }
  let radix = base;
  if ((radix === 0 || radix === 16) && s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X') && digitValue(s[i + 2] ?? 'z') < 16) {
    radix = 16;
    i += 2;
  } else if (radix === 0) radix = s[i] === '0' ? 8 : 10;
  const start = i;
  let value = 0n;
  const big = BigInt(radix);
  while (i < s.length && digitValue(s[i]!) < radix) {
    value = value * big + BigInt(digitValue(s[i]!));
    i++;
  }
  if (i === start) return null;
  return { value, negative, end: i };
}

/** xstrtoimax(s, NULL, base, &v, suffixes), negative values refused */
export function parseCount(s: string, base: number, suffixes: string): CountParse {
  const r = strtoimax(s, base);
  let value: bigint;
  let end: number;
  if (r === null) {
    // no digits: a suffix letter alone stands for 1 of it
    if (s.length > 0 && suffixes.includes(s[0]!) && s[0] !== '0') {
      value = 1n;
      end = 0;
    } else return { kind: 'invalid' };
  } else {
    // xstrtoumax refuses any minus sign, even on 0 (`od -j -0`)
    if (r.negative) return { kind: 'invalid' };
    value = r.value;
    end = r.end;
  }
  let overflow = value > INTMAX_MAX;
  if (end < s.length) {
    const suffix = s[end]!;
    if (!suffixes.includes(suffix) || suffix === '0') return overflow ? { kind: 'overflow' } : { kind: 'suffix' };
    let consumed = 1;
    let base1000 = false;
    if (suffixes.includes('0')) {
      if (s[end + 1] === 'i' && s[end + 2] === 'B') consumed = 3;
      else if (s[end + 1] === 'B' || s[end + 1] === 'D') {
        base1000 = true;
        consumed = 2;
      }
    }
    const power = POWER[suffix];
    const multiplier = power !== undefined ? (base1000 ? 1000n : 1024n) ** BigInt(power) : FIXED[suffix];
    if (multiplier === undefined) return { kind: 'suffix' };
    value *= multiplier;
    if (value > INTMAX_MAX) overflow = true;
    if (end + consumed < s.length) return overflow ? { kind: 'overflow' } : { kind: 'suffix' };
  }
  return overflow ? { kind: 'overflow' } : { kind: 'ok', value };
}

/**
 * parse_old_offset as coreutils 9.1 has it: `[+]OFFSET[b]`, hex with 0x, octal otherwise. A '.'
 * selects decimal but is itself then an invalid suffix, so `8.` is never an offset in 9.1 (the
 * help text promises otherwise; the oracle is the program). Null means "not an offset".
 */
export function parseOldOffset(str: string): bigint | null {
  if (str === '') return null;
  const s = str[0] === '+' ? str.slice(1) : str;
  const radix = s.includes('.') ? 10 : s[0] === '0' && (s[1] === 'x' || s[1] === 'X') ? 16 : 8;
  const r = parseCount(s, radix, 'bB');
  return r.kind === 'ok' ? r.value : null;
}
