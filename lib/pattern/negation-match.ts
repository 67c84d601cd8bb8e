// A memoized backtracking matcher for patterns containing `!(…)`, which a JS regex without
// lookbehind/backreferences cannot express. Whole-string match only; memoization on
// (sequence, node, start, end) keeps it polynomial.

import type { PatNode } from './parse.js';

export interface MatchOptions {
  nocase: boolean;
  pathname: boolean;
}

export function makeNegationMatcher(nodes: PatNode[], opts: MatchOptions): (s: string) => boolean {
  const setCache = new Map<string, RegExp>();
  const setRe = (cls: string) => {
    let re = setCache.get(cls);
    if (!re) {
      re = new RegExp('^' + cls + '$', opts.nocase ? 'i' : '');
      setCache.set(cls, re);
    }
    return re;
  };
  const seqIds = new Map<PatNode[], number>();
  const idOf = (seq: PatNode[]) => {
    let id = seqIds.get(seq);
    if (id === undefined) {
      id = seqIds.size;
      seqIds.set(seq, id);
    }
    return id;
  };

  return (s: string) => {
    const chars = Array.from(s); // code points
    const n = chars.length;
    const memo = new Map<string, boolean>();
    const eq = opts.nocase
      ? (a: string, b: string) => a === b || a.toLowerCase() === b.toLowerCase()
      : (a: string, b: string) => a === b;

    /** does seq[k..] match chars[i..end) exactly */
    const seqMatch = (seq: PatNode[], k: number, i: number, end: number): boolean => {
      if (k === seq.length) return i === end;
      const key = `${idOf(seq)},${k},${i},${end}`;
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      const r = step(seq, k, i, end);
      memo.set(key, r);
      return r;
    };

    const anyAlt = (alts: PatNode[][], i: number, j: number) => alts.some((a) => seqMatch(a, 0, i, j));

    // reached through seqMatch only, so k < seq.length; and end <= n on every call
    const step = (seq: PatNode[], k: number, i: number, end: number): boolean => {
      const node = seq[k]!;
      switch (node.t) {
        case 'lit': {
          const lit = Array.from(node.s);
          if (i + lit.length > end) return false;
          for (let q = 0; q < lit.length; q++) if (!eq(chars[i + q]!, lit[q]!)) return false;
          return seqMatch(seq, k + 1, i + lit.length, end);
        }
        case 'any':
          if (i >= end || (opts.pathname && chars[i] === '/')) return false;
          return seqMatch(seq, k + 1, i + 1, end);
        case 'set':
          return i < end && setRe(node.cls).test(chars[i]!) && seqMatch(seq, k + 1, i + 1, end);
        case 'star':
          for (let j = i; j <= end; j++) {
            if (j > i && opts.pathname && chars[j - 1] === '/') return false;
            if (seqMatch(seq, k + 1, j, end)) return true;
          }
          return false;
        case 'ext':
          return extStep(node.op, node.alts, seq, k, i, end);
      }
    };

    const extStep = (op: string, alts: PatNode[][], seq: PatNode[], k: number, i: number, end: number): boolean => {
      switch (op) {
        case '@':
        case '?':
          if (op === '?' && seqMatch(seq, k + 1, i, end)) return true;
          for (let j = i; j <= end; j++) if (anyAlt(alts, i, j) && seqMatch(seq, k + 1, j, end)) return true;
          return false;
        case '!':
          for (let j = i; j <= end; j++) if (!anyAlt(alts, i, j) && seqMatch(seq, k + 1, j, end)) return true;
          return false;
        default: {
          // '*' (zero or more) and '+' (one or more): repetitions of non-empty pieces
          const reps = (from: number, started: boolean): boolean => {
            const key = `r${idOf(seq)},${k},${from},${end},${started}`;
            const hit = memo.get(key);
            if (hit !== undefined) return hit;
            let r = (op === '*' || started) && seqMatch(seq, k + 1, from, end);
            for (let j = from + 1; !r && j <= end; j++) r = anyAlt(alts, from, j) && reps(j, true);
            if (!r && op === '+' && !started) r = anyAlt(alts, from, from) && seqMatch(seq, k + 1, from, end);
            memo.set(key, r);
            return r;
          };
          return reps(i, false);
        }
      }
    };

    return seqMatch(nodes, 0, 0, n);
  };
}
