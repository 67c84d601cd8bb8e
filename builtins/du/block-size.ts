// du -B/--block-size as coreutils 9.1 reads it: gnulib's humblock (human.c) over xstrtoumax
// (xstrtol.c) with the suffixes "eEgGkKmMpPtTYZ0".
//   'SPEC        a leading quote asks for digit grouping (none in the C locale: ignored)
//   human-readable, si (or an unambiguous prefix: h, s)  as -h, --si
//   N[UNIT]      N read as strtoumax base 0 reads it (blanks, +, 0x hex, 0 octal); UNIT one of
//                k K m M g G t T P E Z Y, then iB (powers of 1024), B or D (powers of 1000)
//   UNIT alone   N is 1, and the sizes carry the unit: 8K, 9kB, 8KiB (human_SI output)

export type Units = { kind: 'blocks'; size: number; suffix: string } | { kind: 'human'; base: 1024 | 1000 };

/** xstrtol_fatal's three messages */
export type BlockSizeError = 'invalid' | 'suffix' | 'overflow';

const VALID_SUFFIXES = 'eEgGkKmMpPtTYZ0';
/** the letters xstrtol's switch scales by (e and p pass the valid list, then fall to its default) */
const POWERS: Record<string, number> = { E: 6, G: 3, g: 3, k: 1, K: 1, M: 2, m: 2, P: 5, T: 4, t: 4, Y: 8, Z: 7 };
const UINTMAX_MAX = 2n ** 64n - 1n;
const BLANKS = ' \t\n\v\f\r';

export function parseBlockSize(text: string): Units | BlockSizeError {
  const spec = text.startsWith("'") ? text.slice(1) : text;
  // ARGMATCH: an exact name or a prefix of one only ('' is a prefix of both: ambiguous)
  if (spec !== '' && 'human-readable'.startsWith(spec)) return { kind: 'human', base: 1024 };
  if (spec !== '' && 'si'.startsWith(spec)) return { kind: 'human', base: 1000 };
  const r = xstrtoumax(spec);
  // human_options: a block size of 0 is invalid, whatever else xstrtoumax said (08: 0, then 8)
  if (r.value === 0n) return 'invalid';
  if (r.suffix) return 'suffix';
  if (r.overflow) return 'overflow';
  const size = Number(r.value);
  // humblock: no digit before the end of the number (a unit alone) prints the unit with the sizes
  if (/[0-9]/.test(spec)) return { kind: 'blocks', size, suffix: '' };
  const bytes = spec.endsWith('B');
  const base1024 = !bytes || spec[spec.length - 2] === 'i';
  return { kind: 'blocks', size, suffix: unitSuffix(size, base1024, bytes) };
}

/** human_readable's suffix for a fixed block size (human_SI without autoscale) */
function unitSuffix(size: number, base1024: boolean, bytes: boolean): string {
  const base = base1024 ? 1024 : 1000;
  let exponent = 0;
  for (let power = 1; power < size; power *= base) if (++exponent === 8) break;
  let s = exponent === 0 ? '' : !base1024 && exponent === 1 ? 'k' : 'KMGTPEZY'.charAt(exponent - 1);
  if (bytes) s += (base1024 && exponent > 0 ? 'i' : '') + 'B';
  return s;
}

interface Parsed {
  value: bigint;
  /** LONGINT_INVALID_SUFFIX_CHAR (with or without an overflow: its message wins) */
  suffix: boolean;
  overflow: boolean;
}

const INVALID: Parsed = { value: 0n, suffix: false, overflow: false };

function xstrtoumax(s: string): Parsed {
  let i = 0;
  while (i < s.length && BLANKS.includes(s.charAt(i))) i++;
  if (s[i] === '-') return INVALID;
  if (s[i] === '+') i++;
  // strtoumax base 0: 0x and a hex digit is hex, another leading 0 is octal (that 0 a digit)
  let radix = 10n;
  if (s[i] === '0') {
    radix = 8n;
    if ((s[i + 1] === 'x' || s[i + 1] === 'X') && digit(s.charAt(i + 2)) < 16) {
      radix = 16n;
      i += 2;
    }
  }
  let value = 0n;
  let overflow = false;
  const start = i;
  for (let d = digit(s.charAt(i)); BigInt(d) < radix; d = digit(s.charAt(++i))) {
    value = value * radix + BigInt(d);
    if (value > UINTMAX_MAX) {
      value = UINTMAX_MAX;
      overflow = true;
    }
  }
  let end = i;
  if (i === start) {
    // no number: a valid suffix first stands for 1 (the text's very first character, blanks included)
    if (s === '' || !VALID_SUFFIXES.includes(s.charAt(0))) return INVALID;
    value = 1n;
    end = 0;
  }
  if (end === s.length) return { value, suffix: false, overflow };
  const c = s.charAt(end);
  const power = VALID_SUFFIXES.includes(c) ? POWERS[c] : undefined;
  if (power === undefined) return { value, suffix: true, overflow };
  let base = 1024n;
  let width = 1;
  if (s[end + 1] === 'i' && s[end + 2] === 'B') width = 3;
  else if (s[end + 1] === 'B' || s[end + 1] === 'D') {
    base = 1000n;
    width = 2;
  }
  value *= base ** BigInt(power);
  if (value > UINTMAX_MAX) {
    value = UINTMAX_MAX;
    overflow = true;
  }
  return { value, suffix: end + width < s.length, overflow };
}

/** a character's value as a digit (up to f), else 99 */
function digit(c: string): number {
  const d = '0123456789abcdef'.indexOf(c.toLowerCase());
  return c === '' || d < 0 ? 99 : d;
}
