// Sorting by one plain text key (`-k2`, `-t: -k3,3`): the key stays a range of the line, compared
// char by char in place. Slicing the key out instead gives V8 "sliced" strings, whose
// comparisons measured several times slower than this loop over the flat line strings.

import type { Pacer } from '../internal/budget.js';
import { mapInSteps, sortInSteps } from './stepped.js';

interface KeyedLine {
  line: string;
  start: number;
  end: number;
}

export interface TextSortSpec {
  keyReverse: boolean;
  lastResort: boolean;
  reverse: boolean;
  unique: boolean;
}

function compareRanges(x: KeyedLine, y: KeyedLine): number {
  const a = x.line;
  const b = y.line;
  const na = x.end - x.start;
  const nb = y.end - y.start;
  const n = Math.min(na , nb);
  for (let k = 0; k < n; k++) {
    const d = a.charCodeAt(x.start + k) - b.charCodeAt(y.start + k);
    if (d !== 0) return d;
  }
  return na - nb;
}

export async function sortByTextKey(
  lines: readonly string[],
  bounds: (line: string) => [number, number],
  spec: TextSortSpec,
  pace: Pacer,
): Promise<string[]> {
  const records = await mapInSteps(lines, (line): KeyedLine => {
    const [start, end] = bounds(line);
    return { line, start, end };
  }, pace);
  const kd = spec.keyReverse ? -1 : 1;
  const ld = spec.reverse ? -1 : 1;
  const lastResort = spec.lastResort;
  const sorted = await sortInSteps(records, (x, y) => {
    const d = compareRanges(x, y);
    if (d !== 0) return d < 0 ? -kd : kd;
    if (!lastResort) return 0;
    return x.line < y.line ? -ld : x.line > y.line ? ld : 0;
  }, pace);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (spec.unique && i > 0 && compareRanges(sorted[i]!, sorted[i - 1]!) === 0) continue;
    out.push(sorted[i]!.line);
  }
  return out;
}
