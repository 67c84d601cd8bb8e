// `sort -n` without per-line objects: when every key is a decimal with at most 15 significant
// digits, its double is exact enough — different decimals get different doubles, in the same
// order (correct rounding is monotonic) — so keys compare as plain numbers. One Float64Array
// of values instead of one parsed object (with digit strings) per line, which was mostly GC.
// Any key with more digits sends the whole sort back to the general comparator.

import type { Pacer } from '../internal/budget.js';
import { STEP, sortInSteps } from './stepped.js';

const MAX_EXACT_DIGITS = 15;
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * strnumcmp's reading of s[start, end) (blanks, optional '-', digits, optional '.digits'; no
 * '+', no thousands separator in the C locale) as a double, or NaN when it has too many
 * significant digits to compare exactly as a double.
 */
export function exactDecimal(s: string, start: number, end: number): number {
  let i = start;
  for (; i < end; i++) {
    const c = s.charCodeAt(i);
    // GNU's blanks: isblank or newline (inside a -z record)
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a) break;
  }
  let negative = false;
  if (i < end && s.charCodeAt(i) === 0x2d) {
    negative = true;
    i++;
  }
  while (i < end && s.charCodeAt(i) === 0x30) i++; // leading zeros are not significant
  let intValue = 0;
  let digits = 0;
  for (; i < end; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) break;
    intValue = intValue * 10 + d;
    digits++;
  }
  let fracValue = 0;
  let fracDigits = 0;
  if (i < end && s.charCodeAt(i) === 0x2e) {
    // trailing zeros are not significant: count digits up to the last non-zero one
    let k = i + 1;
    let lastNonZero = i;
    for (; k < end; k++) {
      const c = s.charCodeAt(k);
      if (c < 0x30 || c > 0x39) break;
      if (c !== 0x30) lastNonZero = k;
    }
    fracDigits = lastNonZero - i;
    if (digits + fracDigits > MAX_EXACT_DIGITS) return NaN;
    for (let p = i + 1; p <= lastNonZero; p++) fracValue = fracValue * 10 + (s.charCodeAt(p) - 0x30);
  }
  if (digits + fracDigits > MAX_EXACT_DIGITS) return NaN;
  // intValue * 10^f + fracValue is an exact integer below 10^15; one division rounds correctly
  // (fracDigits <= MAX_EXACT_DIGITS, POW10's last index)
  const magnitude = fracDigits === 0 ? intValue : (intValue * POW10[fracDigits]! + fracValue) / POW10[fracDigits]!;
  if (magnitude === 0) return 0; // -0 == 0
  return negative ? -magnitude : magnitude;
}

interface NumberedLine {
  line: string;
  value: number;
}

export interface NumericSortSpec {
  /** the key's own -r */
  keyReverse: boolean;
  /** compare whole lines when keys tie (no -s, no -u) */
  lastResort: boolean;
  /** the global -r, which reverses the last-resort comparison */
  reverse: boolean;
  unique: boolean;
}

/** sort by one numeric key; null when some key is not exact as a double */
export async function sortByExactNumbers(
  lines: readonly string[],
  keyOf: (line: string) => number,
  spec: NumericSortSpec,
  pace: Pacer,
): Promise<string[] | null> {
  const records: NumberedLine[] = new Array(lines.length);
  for (let from = 0; from < lines.length; from += STEP) {
    if (!numberRange(lines, keyOf, records, from, Math.min(lines.length, from + STEP))) return null;
    const w = pace.step();
    if (w) await w;
  }
  const kd = spec.keyReverse ? -1 : 1;
  const ld = spec.reverse ? -1 : 1;
  const lastResort = spec.lastResort;
  const sorted = await sortInSteps(records, (x, y) => {
    if (x.value !== y.value) return x.value < y.value ? -kd : kd;
    if (!lastResort) return 0;
    return x.line < y.line ? -ld : x.line > y.line ? ld : 0;
  }, pace);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (spec.unique && i > 0 && sorted[i]!.value === sorted[i - 1]!.value) continue;
    out.push(sorted[i]!.line);
  }
  return out;
}

/** records[i] for lines [from, to); false at a key that is not exact as a double */
function numberRange(lines: readonly string[], keyOf: (line: string) => number, records: NumberedLine[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const line = lines[i]!; // i < to <= lines.length
    const value = keyOf(line);
    if (value !== value) return false;
    records[i] = { line, value };
  }
  return true;
}
