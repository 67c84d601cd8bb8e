// Sorting that the deadline can interrupt. Array.prototype.sort is one synchronous call: 1,500,000
// lines took 4.8-20 s in it, past any --timeout, with the host's event loop blocked. Large arrays
// are sorted with a comparator that counts its calls and looks at the deadline (by the clock)
// every CHECK_EVERY of them: an exception thrown there ends the sort. Smaller ones are sorted as
// before, in one call short enough not to matter.
//
// Measured alternatives (600,000 lines, CPU time): native runs of 32K merged pairwise in JS, or
// merged by sorting each concatenated pair (TimSort finds the two runs), cost 1.6-2.2x one native
// sort on partly ordered input, where TimSort's own merges gallop; the counting comparator costs
// ~1.4x on such input and ~1.15x on shuffled input, and nothing where a comparator ran anyway.

import type { Pacer } from '../internal/budget.js';

/** arrays up to this long are sorted in one native call without looking at the clock (~100 ms) */
const NATIVE_MAX = 1 << 18;
/** comparisons between looks at the deadline (~10-20 ms of them) */
const CHECK_EVERY = 1 << 16;
/** elements between looks at the run's state in linear loops (key parsing, splitting) */
export const STEP = 1 << 14;

export type Compare<T> = (a: T, b: T) => number;

/**
 * `items` sorted stably by `cmp` (or by JS string order when `cmp` is undefined, as
 * `Array.prototype.sort()` does on strings), in place. The deadline can stop it midway (the
 * run's abort error is thrown); the event loop gets a turn after it.
 */
export async function sortInSteps<T>(items: T[], cmp: Compare<T> | undefined, pace: Pacer): Promise<T[]> {
  if (items.length <= NATIVE_MAX) {
    if (cmp === undefined) items.sort();
    else items.sort(cmp);
  } else {
    let left = CHECK_EVERY;
    const deadline = (): void => {
      left = CHECK_EVERY;
      pace.deadline();
    };
    if (cmp === undefined) {
      const strings = items as unknown as string[];
      strings.sort((a, b) => {
        if (--left === 0) deadline();
        return a < b ? -1 : a > b ? 1 : 0;
      });
    } else {
      items.sort((a, b) => {
        if (--left === 0) deadline();
        return cmp(a, b);
      });
    }
  }
  const w = pace.step();
  if (w) await w;
  return items;
}

/** `items.map(f)`, looking at the run's state every STEP items (keys parsed for millions of lines) */
export async function mapInSteps<T, U>(items: readonly T[], f: (item: T) => U, pace: Pacer): Promise<U[]> {
  const out: U[] = new Array<U>(items.length);
  for (let from = 0; from < items.length; from += STEP) {
    mapRange(items, f, out, from, Math.min(items.length, from + STEP));
    const w = pace.step();
    if (w) await w;
  }
  return out;
}

/** out[i] = f(items[i]) over [from, to): a synchronous loop (no context-allocated locals) */
function mapRange<T, U>(items: readonly T[], f: (item: T) => U, out: U[], from: number, to: number): void {
  for (let i = from; i < to; i++) out[i] = f(items[i]!); // i < to <= items.length
}

/** every STEP units of work: whether to call `pace.step()` (for loops that count their own units) */
export const stepDue = (i: number): boolean => (i & (STEP - 1)) === STEP - 1;
