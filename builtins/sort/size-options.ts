// -S/--buffer-size, --batch-size and --parallel: rshell sorts in memory, so their values change
// nothing, but GNU validates them at option time (gnulib xstrtoumax + xstrtol_fatal, exit 2) and
// a script that passes a bad one must fail the same way.

import { reject, type Reject } from '../internal/command.js';
import { quote } from '../internal/quote.js';

const UINTMAX_MAX = (1n << 64n) - 1n;
const UINT_MAX = 4294967295n;

/** `end`: where parsing stopped (the offending character for 'suffix') */
type Strtol = { e: 'ok' | 'invalid' | 'suffix' | 'overflow'; n: bigint; end: number; overflow: boolean };

const POWERS: Record<string, number> = { k: 1, K: 1, m: 2, M: 2, g: 3, G: 3, t: 4, T: 4, P: 5, E: 6, Z: 7, Y: 8 };

/** gnulib xstrtoumax(s, &end, 10, &n, suffixes) for suffixes without '0' (powers of 1024 only) */
function xstrtoumax(s: string, suffixes: string): Strtol {
  let i = 0;
  while (i < s.length && ' \t\n\v\f\r'.includes(s[i]!)) i++;
  if (s[i] === '-') return { e: 'invalid', n: 0n, end: 0, overflow: false };
  let p = s[i] === '+' ? i + 1 : i;
  const start = p;
  while (p < s.length && s[p]! >= '0' && s[p]! <= '9') p++;
  let n = 1n;
  if (p === start) {
    // no number but a valid suffix: the number is 1 (`-S k`)
    if (s.length === 0 || !suffixes.includes(s[0]!)) return { e: 'invalid', n: 0n, end: 0, overflow: false };
    p = 0;
  } else n = BigInt(s.slice(start, p));
  let overflow = n > UINTMAX_MAX;
  const result = (e: Strtol['e']): Strtol => ({ e, n: overflow ? UINTMAX_MAX : n, end: p, overflow });
  if (p === s.length) return result(overflow ? 'overflow' : 'ok');
  const power = suffixes.includes(s[p]!) ? POWERS[s[p]!] : undefined;
  if (power === undefined) return result('suffix');
  n *= 1024n ** BigInt(power);
  overflow ||= n > UINTMAX_MAX;
  p++;
  if (p < s.length) return result('suffix');
  return result(overflow ? 'overflow' : 'ok');
}

/** xstrtol_fatal's three texts, for the option as spelled */
function fatal(e: 'invalid' | 'suffix' | 'overflow', s: string, spelled: string): Reject {
  // gnulib's xstrtol_fatal prints the argument raw between quotes (no quote())
  const arg = `'${s}'`;
  if (e === 'invalid') return reject(`invalid ${spelled} argument ${arg}`);
  if (e === 'suffix') return reject(`invalid suffix in ${spelled} argument ${arg}`);
  return reject(`${spelled} argument ${arg} too large`);
}

/** -S SIZE (sort.c specify_sort_size): the text, checked */
export function sortSize(s: string, spelled: string): string | Reject {
  const r = xstrtoumax(s, 'EgGkKmMPtTYZ');
  const afterDigit = r.end > 0 && s[r.end - 1]! >= '0' && s[r.end - 1]! <= '9';
  let e = r.e;
  // the default unit is KiB
  if (e === 'ok' && afterDigit && r.n > UINTMAX_MAX / 1024n) e = 'overflow';
  // 'b' (bytes) or '%' (of physical memory) right after the digits and last; the percentage of
  // memory is not checked against the machine's size here
  if (e === 'suffix' && !r.overflow && afterDigit && r.end === s.length - 1 && (s[r.end] === 'b' || s[r.end] === '%')) e = 'ok';
  return e === 'ok' ? s : fatal(e, s, spelled);
}

/**
 * --batch-size=N (specify_nmerge): at least 2. GNU's ceiling is the open-file rlimit minus 3;
 * rshell merges in memory and opens no files, so only unsigned int bounds it.
 */
export function batchSize(s: string, spelled: string): string | Reject {
  const r = xstrtoumax(s, '');
  if (r.e === 'ok' && r.n < 2n) return reject(`invalid --batch-size argument ${quote(s)}\nsort: minimum --batch-size argument is '2'`);
  if (r.e === 'overflow' || (r.e === 'ok' && r.n > UINT_MAX)) {
    return reject(`--batch-size argument ${quote(s)} too large\nsort: maximum --batch-size argument with current rlimit is ${UINT_MAX}`);
  }
  return r.e === 'ok' ? s : fatal(r.e, s, spelled);
}

/** --parallel=N (specify_nthreads): overflow saturates, 0 is refused */
export function parallel(s: string, spelled: string): string | Reject {
  const r = xstrtoumax(s, '');
  if (r.e === 'overflow') return s;
  if (r.e !== 'ok') return fatal(r.e, s, spelled);
  return r.n === 0n ? reject('number in parallel must be nonzero') : s;
}
