// -name/-path patterns V8 cannot compile (a source past its size limit, a nesting past its
// stack: a pattern of 1 MB), matched as fnmatch does, which GNU find uses and which takes any
// size: `*` any run of characters, `?` one, `[...]` one of a set (the set alone goes through
// lib/pattern, so its syntax is the shell's), `\c` the character c.
//
// Cost: each token other than `*` takes exactly one character, so a pattern with more of them
// than the subject has characters fails at once; runs of `*` are one. What is left is the classic
// one-star-backtrack wildcard match, O(subject × tokens) with tokens ≤ 2 × subject + 1.

import { compilePattern } from '../../lib/pattern/pattern.js';

type Token = { kind: 'star' } | { kind: 'one'; test: (c: string) => boolean };

/** a matcher for the pattern, built only when compilePattern cannot take it */
export function hugeGlob(pattern: string, nocase: boolean): (s: string) => boolean {
  const tokens = tokenize(pattern, nocase);
  const needed = tokens.reduce((n, t) => n + (t.kind === 'one' ? 1 : 0), 0);
  return (s) => needed <= s.length && wildcard(tokens, s);
}

function tokenize(p: string, nocase: boolean): Token[] {
  const out: Token[] = [];
  const fold = (c: string): string => (nocase ? c.toLowerCase() : c);
  const literal = (ch: string): Token => {
    const want = fold(ch);
    return { kind: 'one', test: (c) => fold(c) === want };
  };
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '*') {
      if (out[out.length - 1]?.kind !== 'star') out.push({ kind: 'star' });
    } else if (c === '?') out.push({ kind: 'one', test: () => true });
    else if (c === '\\' && i + 1 < p.length) out.push(literal(p[++i]!));
    else if (c === '[') {
      const end = bracketEnd(p, i);
      if (end < 0) out.push(literal(c));
      else {
        const set = compilePattern(p.slice(i, end + 1), { nocase });
        out.push({ kind: 'one', test: (ch) => set.test(ch) });
        i = end;
      }
    } else out.push(literal(c));
  }
  return out;
}

/** the index of the `]` closing the bracket expression at i, or -1 (then `[` is literal) */
function bracketEnd(p: string, i: number): number {
  let j = i + 1;
  if (p[j] === '!' || p[j] === '^') j++;
  if (p[j] === ']') j++;
  for (; j < p.length; j++) {
    const c = p[j];
    if (c === ']') return j;
    if (c === '[' && (p[j + 1] === ':' || p[j + 1] === '.' || p[j + 1] === '=')) {
      const close = p.indexOf(p[j + 1]! + ']', j + 2);
      if (close < 0) return -1;
      j = close + 1;
    } else if (c === '\\') j++;
  }
  return -1;
}

function wildcard(tokens: readonly Token[], s: string): boolean {
  let t = 0;
  let i = 0;
  let starT = -1;
  let starI = 0;
  while (i < s.length) {
    const tok = tokens[t];
    if (tok?.kind === 'one' && tok.test(s[i]!)) {
      t++;
      i++;
    } else if (tok?.kind === 'star') {
      starT = t++;
      starI = i;
    } else if (starT >= 0) {
      t = starT + 1;
      i = ++starI;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}
