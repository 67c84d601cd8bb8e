// Key extraction (GNU begfield/limfield) and the full comparison: keys in order, each with its own
// ordering and -r, then — unless -s or -u — the last-resort byte comparison of whole lines,
// reversed by a global -r. Values are prepared once per line so sorting compares ready numbers.

import type { Key } from './options.js';
import {
  compareBytes, compareDecimal, compareGeneral, compareHuman, filevercmp, parseDecimal, parseGeneral, parseHuman,
  parseMonth, randomHash, type DecimalNumber, type GeneralNumber, type HumanNumber,
} from './compare.js';
import { exactDecimal, sortByExactNumbers } from './exact-numbers.js';
import { sortByTextKey } from './text-key.js';
import { mapInSteps, sortInSteps, stepDue } from './stepped.js';
import type { Pacer } from '../internal/budget.js';

/** a key compared as bytes, untransformed (prepare() would return a slice of the line) */
function isPlainText(k: Key): boolean {
  return !k.numeric && !k.general && !k.human && !k.month && !k.version && !k.random && k.ignore === 'none' && !k.translate;
}

export interface SortPlan {
  keys: Key[];
  tab: number | undefined;
  stable: boolean;
  unique: boolean;
  reverse: boolean;
  eol: number;
  seed: number;
}

// GNU's blanks table is field_sep(): isblank or newline (a newline is only inside a -z record)
const isBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a;

function begField(s: string, key: Key, tab: number | undefined): number {
  const lim = s.length;
  let p = 0;
  let sword = key.sword;
  if (tab !== undefined) {
    while (p < lim && sword-- > 0) {
      while (p < lim && s.charCodeAt(p) !== tab) p++;
      if (p < lim) p++;
    }
  } else {
    while (p < lim && sword-- > 0) {
      while (p < lim && isBlank(s.charCodeAt(p))) p++;
      while (p < lim && !isBlank(s.charCodeAt(p))) p++;
    }
  }
  if (key.skipsblanks) while (p < lim && isBlank(s.charCodeAt(p))) p++;
  return Math.min(lim, p + key.schar);
}

function limField(s: string, key: Key, tab: number | undefined): number {
  const lim = s.length;
  let p = 0;
  let eword = key.eword;
  const echar = key.echar;
  if (echar === 0) eword++;
  if (tab !== undefined) {
    while (p < lim && eword-- > 0) {
      while (p < lim && s.charCodeAt(p) !== tab) p++;
      if (p < lim && (eword > 0 || echar !== 0)) p++;
    }
  } else {
    while (p < lim && eword-- > 0) {
      while (p < lim && isBlank(s.charCodeAt(p))) p++;
      while (p < lim && !isBlank(s.charCodeAt(p))) p++;
    }
  }
  if (echar !== 0) {
    if (key.skipeblanks) while (p < lim && isBlank(s.charCodeAt(p))) p++;
    p = Math.min(lim, p + echar);
  }
  return p;
}

function keyBounds(s: string, key: Key, tab: number | undefined): [number, number] {
  const lim = key.eword === -1 ? s.length : limField(s, key, tab);
  let start: number;
  if (key.sword !== -1) start = begField(s, key, tab);
  else {
    start = 0;
    if (key.skipsblanks) while (start < lim && isBlank(s.charCodeAt(start))) start++;
  }
  return [start, Math.max(start, lim)];
}

type Prepared = DecimalNumber | GeneralNumber | HumanNumber | number | string | [number, string];

const isPrint = (c: number): boolean => c >= 0x20 && c < 0x7f;
const isDictionary = (c: number): boolean =>
  isBlank(c) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

function transformText(s: string, start: number, end: number, key: Key): string {
  if (key.ignore === 'none' && !key.translate) return s.slice(start, end);
  let out = '';
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (key.ignore === 'dictionary' && !isDictionary(c)) continue;
    if (key.ignore === 'nonprinting' && !isPrint(c)) continue;
    out += String.fromCharCode(key.translate && c >= 0x61 && c <= 0x7a ? c - 0x20 : c);
  }
  return out;
}

function prepare(s: string, key: Key, plan: SortPlan): Prepared {
  const [a, b] = keyBounds(s, key, plan.tab);
  if (key.numeric) return parseDecimal(s, a, b);
  if (key.general) return parseGeneral(s, a, b);
  if (key.human) return parseHuman(s, a, b);
  if (key.month) return parseMonth(s, a, b);
  // GNU compares copies with -d/-i/-f applied, so version order sees the filtered text
  if (key.version) return transformText(s, a, b, key);
  if (key.random) {
    const t = transformText(s, a, b, key);
    return [randomHash(t, plan.seed), t];
  }
  return transformText(s, a, b, key);
}

function compareKey(key: Key, x: Prepared, y: Prepared): number {
  let d: number;
  if (key.numeric) d = compareDecimal(x as DecimalNumber, y as DecimalNumber);
  else if (key.general) d = compareGeneral(x as GeneralNumber, y as GeneralNumber);
  else if (key.human) d = compareHuman(x as HumanNumber, y as HumanNumber);
  else if (key.month) d = (x as number) - (y as number);
  else if (key.version) d = filevercmp(x as string, y as string);
  else if (key.random) {
    const [hx, tx] = x as [number, string];
    const [hy, ty] = y as [number, string];
    d = hx !== hy ? (hx < hy ? -1 : 1) : compareBytes(tx, ty);
  } else d = compareBytes(x as string, y as string);
  return key.reverse ? -d : d;
}

export interface Comparator {
  /** full comparison of lines[i] and lines[j] (for -c; two indices of lines) */
  compare(i: number, j: number, lines: string[]): number;
  /** sorted lines; `pace` is stepped between runs and merges so the deadline can act */
  sort(lines: string[], pace: Pacer): Promise<string[]>;
  merge(files: string[][], pace: Pacer): Promise<string[]>;
}

export function buildComparator(plan: SortPlan): Comparator {
  const keys = plan.keys;
  const lastResort = !plan.stable && !plan.unique;
  const prepareAll = (line: string): Prepared[] => keys.map((k) => prepare(line, k, plan));
  // pa, pb: prepareAll's, one entry per key
  const keyDiff = (pa: Prepared[], pb: Prepared[]): number => {
    for (let k = 0; k < keys.length; k++) {
      const d = compareKey(keys[k]!, pa[k]!, pb[k]!);
      if (d !== 0) return d;
    }
    return 0;
  };
  const full = (la: string, pa: Prepared[], lb: string, pb: Prepared[], withLastResort: boolean): number => {
    if (keys.length > 0) {
      const d = keyDiff(pa, pb);
      if (d !== 0 || plan.unique || plan.stable) return d;
    }
    if (!withLastResort && keys.length > 0) return 0;
    const d = compareBytes(la, lb);
    return plan.reverse ? -d : d;
  };
  return {
    compare(i, j, lines) {
      const a = lines[i]!;
      const b = lines[j]!;
      return full(a, prepareAll(a), b, prepareAll(b), lastResort);
    },
    async sort(lines, pace) {
      if (keys.length === 0) {
        const out = await sortInSteps(lines.slice(), undefined, pace);
        if (plan.reverse) out.reverse();
        return plan.unique ? dedupe(out, (a, b) => a === b) : out;
      }
      if (keys.length === 1 && keys[0]!.numeric) {
        const key = keys[0]!;
        const fast = await sortByExactNumbers(
          lines,
          (line) => {
            const [a, b] = keyBounds(line, key, plan.tab);
            return exactDecimal(line, a, b);
          },
          { keyReverse: key.reverse, lastResort: !plan.unique && !plan.stable, reverse: plan.reverse, unique: plan.unique },
          pace,
        );
        if (fast !== null) return fast;
      }
      if (keys.length === 1 && isPlainText(keys[0]!)) {
        const key = keys[0]!;
        return sortByTextKey(lines, (line) => keyBounds(line, key, plan.tab), {
          keyReverse: key.reverse, lastResort: !plan.unique && !plan.stable, reverse: plan.reverse, unique: plan.unique,
        }, pace);
      }
      // records rather than indices: one indirection less in the hot comparator
      const records = await mapInSteps(lines, (line) => ({ line, keys: prepareAll(line) }), pace);
      const sorted = await sortInSteps(records, (x, y) => full(x.line, x.keys, y.line, y.keys, lastResort), pace);
      if (!plan.unique) return sorted.map((r) => r.line);
      const out: string[] = [];
      let last: Prepared[] | undefined;
      for (const r of sorted) {
        if (last !== undefined && keyDiff(last, r.keys) === 0) continue;
        out.push(r.line);
        last = r.keys;
      }
      return out;
    },
    async merge(files, pace) {
      // a cursor per file: its lines, their keys (one per line), the index of the next one
      const cursors: { lines: string[]; keys: Prepared[][]; at: number }[] = [];
      for (const lines of files) cursors.push({ lines, keys: await mapInSteps(lines, prepareAll, pace), at: 0 });
      const out: string[] = [];
      let lastLine = '';
      let lastPrep: Prepared[] | undefined;
      let taken = 0;
      for (;;) {
        let best: (typeof cursors)[number] | undefined;
        let line = '';
        let prep: Prepared[] = [];
        for (const c of cursors) {
          const l = c.lines[c.at];
          if (l === undefined) continue; // this file is done
          const p = c.keys[c.at]!;
          if (best === undefined || full(l, p, line, prep, lastResort) < 0) {
            best = c;
            line = l;
            prep = p;
          }
        }
        if (best === undefined) break;
        best.at++;
        if (stepDue(++taken)) {
          const w = pace.step();
          if (w) await w;
        }
        if (plan.unique && lastPrep !== undefined && full(lastLine, lastPrep, line, prep, false) === 0) continue;
        out.push(line);
        lastLine = line;
        lastPrep = prep;
      }
      return out;
    },
  };
}

function dedupe(lines: string[], same: (a: string, b: string) => boolean): string[] {
  const out: string[] = [];
  for (const l of lines) if (out.length === 0 || !same(out[out.length - 1]!, l)) out.push(l);
  return out;
}
