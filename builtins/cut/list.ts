// cut's LIST syntax, following coreutils 9.1 set_fields(): ranges `N`, `N-`, `N-M`, `-M`
// separated by commas or blanks, with GNU's exact error texts. Ranges are sorted and overlapping
// ones merged (adjacent ones are not: `1-2,3-4` keeps its two ranges, which matters for
// --output-delimiter in byte mode).

import { quote as quoteValue } from '../internal/quote.js';

export interface Range {
  lo: number; // 1-based
  hi: number; // inclusive; Infinity = to the end of the line
}

export type ListResult = { ok: true; ranges: Range[] } | { ok: false; message: string };

const UINTMAX_MAX = (1n << 64n) - 1n;

export function parseList(spec: string, positions: boolean): ListResult {
  const fromOne = positions ? 'byte/character positions are numbered from 1' : 'fields are numbered from 1';
  const ranges: Range[] = [];
  let initial = 1n;
  let value = 0n;
  let lhs = false;
  let rhs = false;
  let dash = false;
  let numStart = -1;
  let inDigits = false;
  const fail = (message: string): ListResult => ({ ok: false, message });
  for (let i = 0; ; i++) {
    const c = i < spec.length ? spec[i]! : '\0';
    if (c === '-') {
      inDigits = false;
      if (dash) return fail(positions ? 'invalid byte or character range' : 'invalid field range');
      dash = true;
      if (lhs && value === 0n) return fail(fromOne);
      initial = lhs ? value : 1n;
      value = 0n;
    } else if (c === ',' || c === ' ' || c === '\t' || c === '\0') {
      inDigits = false;
      if (dash) {
        dash = false;
        if (!lhs && !rhs) return fail('invalid range with no endpoint: -');
        if (!rhs) ranges.push({ lo: toNumber(initial), hi: Infinity });
        else {
          if (value < initial) return fail('invalid decreasing range');
          ranges.push({ lo: toNumber(initial), hi: toNumber(value) });
        }
        value = 0n;
      } else {
        if (value === 0n) return fail(fromOne);
        ranges.push({ lo: toNumber(value), hi: toNumber(value) });
        value = 0n;
      }
      if (i >= spec.length) break;
      lhs = false;
      rhs = false;
    } else if (c >= '0' && c <= '9') {
      if (!inDigits) numStart = i;
      inDigits = true;
      if (dash) rhs = true;
      else lhs = true;
      value = value * 10n + BigInt(c.charCodeAt(0) - 0x30);
      if (value >= UINTMAX_MAX) {
        let end = numStart;
        while (end < spec.length && spec[end]! >= '0' && spec[end]! <= '9') end++;
        const bad = quoteValue(spec.slice(numStart, end));
        return fail(positions ? `byte/character offset ${bad} is too large` : `field number ${bad} is too large`);
      }
    } else {
      const rest = quoteValue(spec.slice(i));
      return fail(positions ? `invalid byte/character position ${rest}` : `invalid field value ${rest}`);
    }
  }
  if (ranges.length === 0) return fail(positions ? 'missing list of byte/character positions' : 'missing list of fields');
  return { ok: true, ranges: mergeRanges(ranges) };
}

/** positions beyond 2^53 behave like "to the end" for any line we can hold */
function toNumber(v: bigint): number {
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);
}

function mergeRanges(input: Range[]): Range[] {
  const sorted = input.slice().sort((a, b) => a.lo - b.lo || a.hi - b.hi);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && r.lo <= last.hi) last.hi = Math.max(last.hi, r.hi);
    else out.push({ ...r });
  }
  return out;
}

export function complementRanges(ranges: Range[]): Range[] {
  const out: Range[] = [];
  let start = 1;
  for (const r of ranges) {
    if (r.lo > start) out.push({ lo: start, hi: r.lo - 1 });
    start = r.hi === Infinity ? Infinity : r.hi + 1;
  }
  if (start !== Infinity) out.push({ lo: start, hi: Infinity });
  return out;
}
