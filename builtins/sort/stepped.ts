// Sorting that the deadline can interrupt. Array.prototype.sort is one synchronous call: 2,000,000
// lines took 3-5 s in it, past any --timeout, with the host's event loop blocked. Large arrays are
// sorted instead in runs of RUN elements (native, stable TimSort each), then merged pairwise; the
// run's state is looked at between runs and every STEP merged elements. Runs that fit the CPU's
// caches and sequential merges cost about what one native sort of the whole array does (measured
// on 1,000,000 shuffled numeric lines: 0.84 s both, by CPU time).

import type { Pacer } from '../internal/budget.js';

/** elements per natively sorted run */
const RUN = 1 << 15;
/** merged elements between looks at the deadline */
const STEP = 1 << 14;

export type Compare<T> = (a: T, b: T) => number;

/**
 * `items` sorted stably by `cmp` (or by JS string order when `cmp` is undefined, as
 * `Array.prototype.sort()` does on strings). May sort `items` in place and return another array.
 */
export async function sortInSteps<T>(items: T[], cmp: Compare<T> | undefined, pace: Pacer): Promise<T[]> {
  if (items.length <= RUN) return cmp === undefined ? items.sort() : items.sort(cmp);
  let runs: T[][] = [];
  for (let s = 0; s < items.length; s += RUN) {
    const run = items.slice(s, s + RUN);
    runs.push(cmp === undefined ? run.sort() : run.sort(cmp));
    const w = pace.step();
    if (w) await w;
  }
  while (runs.length > 1) {
    const next: T[][] = [];
    for (let r = 0; r + 1 < runs.length; r += 2) next.push(await merge(runs[r]!, runs[r + 1]!, cmp, pace));
    if (runs.length % 2 === 1) next.push(runs[runs.length - 1]!);
    runs = next;
  }
  return runs[0] ?? [];
}

/** `items.map(f)`, looking at the run's state every STEP items (keys parsed for millions of lines) */
export async function mapInSteps<T, U>(items: readonly T[], f: (item: T) => U, pace: Pacer): Promise<U[]> {
  const out: U[] = new Array<U>(items.length);
  for (let i = 0; i < items.length; i++) {
    if ((i & (STEP - 1)) === STEP - 1) {
      const w = pace.step();
      if (w) await w;
    }
    out[i] = f(items[i]!); // i < items.length
  }
  return out;
}

/** every STEP units of work: whether to call `pace.step()` (for loops that count their own units) */
export const stepDue = (i: number): boolean => (i & (STEP - 1)) === STEP - 1;

interface Cursor {
  i: number;
  j: number;
}

async function merge<T>(a: T[], b: T[], cmp: Compare<T> | undefined, pace: Pacer): Promise<T[]> {
  const out: T[] = [];
  const at: Cursor = { i: 0, j: 0 };
  for (;;) {
    const done =
      cmp === undefined ? mergeStrings(a as unknown as string[], b as unknown as string[], out as unknown as string[], at) : mergeWith(a, b, out, at, cmp);
    if (done) return out;
    const w = pace.step();
    if (w) await w;
  }
}

/**
 * Up to STEP elements of the merge; true when both inputs are used up. Ties take `a` (stable).
 * The `!` reads are in bounds: i < a.length and j < b.length in each branch that reads.
 */
function mergeStrings(a: string[], b: string[], out: string[], at: Cursor): boolean {
  let { i, j } = at;
  const stop = Math.min(a.length + b.length, i + j + STEP);
  while (i + j < stop) {
    if (i === a.length) out.push(b[j++]!);
    else if (j === b.length) out.push(a[i++]!);
    else {
      const x = a[i]!;
      const y = b[j]!;
      if (y < x) {
        out.push(y);
        j++;
      } else {
        out.push(x);
        i++;
      }
    }
  }
  at.i = i;
  at.j = j;
  return i === a.length && j === b.length;
}

function mergeWith<T>(a: T[], b: T[], out: T[], at: Cursor, cmp: Compare<T>): boolean {
  let { i, j } = at;
  const stop = Math.min(a.length + b.length, i + j + STEP);
  while (i + j < stop) {
    if (i === a.length) out.push(b[j++]!);
    else if (j === b.length) out.push(a[i++]!);
    else {
      const x = a[i]!;
      const y = b[j]!;
      if (cmp(y, x) < 0) {
        out.push(y);
        j++;
      } else {
        out.push(x);
        i++;
      }
    }
  }
  at.i = i;
  at.j = j;
  return i === a.length && j === b.length;
}
