// gnulib xstrtoumax / xdectoumax as coreutils 9.1 uses them for counts (`head -n 5K`,
// `tail -c +1MiB`, `strings -n`): leading whitespace, an optional '+', decimal digits, then one
// optional multiplier suffix from `validSuffixes`. A bare suffix ("k") means 1 of it. When
// `validSuffixes` contains '0', the power suffixes also accept "B"/"D" (powers of 1000) and "iB"
// (powers of 1024). Values are unsigned 64-bit: larger ones are an overflow, which GNU reports as
// "Value too large for defined data type".

export type UintParse =
  | { kind: 'ok'; value: bigint }
  | { kind: 'invalid' }
  /** the number (or number × suffix) does not fit in 64 bits */
  | { kind: 'overflow' };

export const UINTMAX_MAX = (1n << 64n) - 1n;

const POWER: Record<string, number> = { k: 1, K: 1, m: 2, M: 2, G: 3, T: 4, P: 5, E: 6, Z: 7, Y: 8 };
const FIXED: Record<string, bigint> = { b: 512n, c: 1n, w: 2n, B: 1024n };

function isSpace(ch: string): boolean {
  return ch === ' ' || (ch >= '\t' && ch <= '\r');
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** xstrtoumax(s, NULL, 10, &n, validSuffixes) */
export function parseUintmax(s: string, validSuffixes: string): UintParse {
  let i = 0;
  while (i < s.length && isSpace(s[i]!)) i++;
  if (s[i] === '-') return { kind: 'invalid' };
  // strtoumax: optional sign, then digits
  let j = i;
  if (s[j] === '+') j++;
  let value = 0n;
  let overflow = false;
  const digitsStart = j;
  while (isDigit(s[j])) j++;
  if (j > digitsStart) {
    value = BigInt(s.slice(digitsStart, j));
    if (value > UINTMAX_MAX) {
      value = UINTMAX_MAX;
      overflow = true;
    }
  } else {
    // no number: only a suffix letter at the very start stands for 1
    if (s.length > 0 && validSuffixes.includes(s[0]!) && s[0] !== '0') {
      value = 1n;
      j = 0;
    } else {
      return { kind: 'invalid' };
    }
  }
  if (j >= s.length) return overflow ? { kind: 'overflow' } : { kind: 'ok', value };

  const suffix = s[j]!;
  if (!validSuffixes.includes(suffix) || suffix === '0') return { kind: 'invalid' };
  let consumed = 1;
  let multiplier: bigint;
  const power = POWER[suffix];
  if (power !== undefined) {
    let base = 1024n;
    if (validSuffixes.includes('0')) {
      if (s[j + 1] === 'i' && s[j + 2] === 'B') consumed = 3;
      else if (s[j + 1] === 'B' || s[j + 1] === 'D') {
        base = 1000n;
        consumed = 2;
      }
    }
    multiplier = base ** BigInt(power);
  } else {
    const fixed = FIXED[suffix];
    if (fixed === undefined) return { kind: 'invalid' };
    multiplier = fixed;
  }
  value *= multiplier;
  if (value > UINTMAX_MAX) {
    value = UINTMAX_MAX;
    overflow = true;
  }
  if (j + consumed < s.length) return { kind: 'invalid' };
  return overflow ? { kind: 'overflow' } : { kind: 'ok', value };
}

/**
 * The message xdectoumax prints for a bad value: `invalid number of lines: '5x'`, with
 * `: Value too large for defined data type` appended for an overflow. `quoted` is quote(arg).
 */
export function numberErrorText(what: string, quoted: string, r: UintParse): string {
  return r.kind === 'overflow' ? `${what}: ${quoted}: Value too large for defined data type` : `${what}: ${quoted}`;
}

/** clamp a 64-bit count to a JS number (no input can reach 2^53 lines or bytes) */
export function clampCount(v: bigint): number {
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);
}
