// Fast paths for the pattern shapes scripts use most in ${x#p} ${x%p} ${x/p/r}: a literal (`o`),
// a literal then `*` (`.*`), `*` then a literal (`*/`). These are string searches; no regex is built
// or run. Anything else returns null and takes the general matcher in pattern.ts.
//
// Only ASCII literals qualify: on a UTF-8 subject an ASCII byte sequence matches exactly where the
// same characters stand in the JS string, so the C-locale byte semantics are kept without
// converting the subject.

import { NO_METER, type WorkMeter } from '../io/meter.js';

/** characters that make pattern text more than a literal (any glob or extglob syntax, escapes) */
const NOT_LITERAL = /[\\*?[\]()|!@+^{}&]|[^\x00-\x7f]/;

export type LiteralShape =
  | { kind: 'exact'; lit: string }
  | { kind: 'litStar'; lit: string }
  | { kind: 'starLit'; lit: string };

const shapes = new Map<string, LiteralShape | null>();
const SHAPE_CACHE_LIMIT = 512;

/** the pattern as one of the literal shapes (non-empty literal), or null */
export function literalShape(p: string): LiteralShape | null {
  let shape = shapes.get(p);
  if (shape !== undefined) return shape;
  shape = classify(p);
  if (shapes.size >= SHAPE_CACHE_LIMIT) shapes.clear();
  shapes.set(p, shape);
  return shape;
}

function classify(p: string): LiteralShape | null {
  if (p.length === 0) return null;
  if (!NOT_LITERAL.test(p)) return { kind: 'exact', lit: p };
  if (p.length > 1 && p.endsWith('*')) {
    const lit = p.slice(0, -1);
    if (!NOT_LITERAL.test(lit)) return { kind: 'litStar', lit };
  }
  if (p.length > 1 && p.startsWith('*')) {
    const lit = p.slice(1);
    if (!NOT_LITERAL.test(lit)) return { kind: 'starLit', lit };
  }
  return null;
}

/** `${s#p}` / `${s##p}` for a literal shape */
export function removePrefixLiteral(s: string, shape: LiteralShape, longest: boolean): string {
  const lit = shape.lit;
  switch (shape.kind) {
    case 'exact':
      return s.startsWith(lit) ? s.slice(lit.length) : s;
    case 'litStar':
      if (!s.startsWith(lit)) return s;
      return longest ? '' : s.slice(lit.length);
    case 'starLit': {
      const i = longest ? s.lastIndexOf(lit) : s.indexOf(lit);
      return i < 0 ? s : s.slice(i + lit.length);
    }
  }
}

/** `${s%p}` / `${s%%p}` for a literal shape */
export function removeSuffixLiteral(s: string, shape: LiteralShape, longest: boolean): string {
  const lit = shape.lit;
  switch (shape.kind) {
    case 'exact':
      return s.endsWith(lit) ? s.slice(0, s.length - lit.length) : s;
    case 'starLit':
      if (!s.endsWith(lit)) return s;
      return longest ? '' : s.slice(0, s.length - lit.length);
    case 'litStar': {
      const i = longest ? s.indexOf(lit) : s.lastIndexOf(lit);
      return i < 0 ? s : s.slice(0, i);
    }
  }
}

/** `${s/lit/r}` (first) and `${s//lit/r}` (all) for an exact literal whose first match is at i (i ≥ 0) */
export function spliceLiteral(s: string, lit: string, all: boolean, rep: string, i: number, m: WorkMeter = NO_METER): string {
  if (!all) return s.slice(0, i) + rep + s.slice(i + lit.length);
  // a longer replacement: the result's size from the number of matches, before it is made
  if (rep.length > lit.length && s.length > 4096) m.fits(s.length + countOf(s, lit, i) * (rep.length - lit.length));
  // (a literal that long matches a few times at most: the loop below does it)
  if (s.length >= CHUNK && lit.length < CHUNK / 2) return spliceChunks(s, lit, rep, i, m);
  let out = '';
  let from = 0;
  let n = 0;
  while (i >= 0) {
    out += s.slice(from, i) + rep;
    from = i + lit.length;
    i = s.indexOf(lit, from);
    // a match costs up to half a microsecond here (a million of them: half a second), so the
    // deadline is looked at every 4,096 (WorkMeter: ~a nanosecond a unit)
    if ((++n & 0xfff) === 0) m.spend(0x1000 * 256);
  }
  return out + s.slice(from);
}

/** the matches of `lit` in s from the first one, at i */
function countOf(s: string, lit: string, i: number): number {
  let n = 0;
  for (; i >= 0; i = s.indexOf(lit, i + lit.length)) n++;
  return n;
}

/** what spliceChunks splits at once */
const CHUNK = 1 << 16;

/**
 * spliceLiteral's replace-all over a long string, a chunk at a time: split and join, natively,
 * so a million matches make a few flat strings and not a million-link chain (whose garbage cost
 * a 100 ms collection each megabyte), and the meter sees each chunk. A chunk ends after its last
 * match; with none in it, just before where a match could straddle its end. Either way the
 * next search starts where the whole-string search would (matches never overlap).
 */
function spliceChunks(s: string, lit: string, rep: string, first: number, m: WorkMeter): string {
  let out = s.slice(0, first);
  let from = first;
  while (from < s.length) {
    m.spend(CHUNK);
    const end = from + CHUNK;
    if (end >= s.length) return out + s.slice(from).split(lit).join(rep);
    const parts = s.slice(from, end).split(lit);
    const last = parts.length - 1;
    if (last === 0) {
      const safe = end - lit.length + 1;
      out += s.slice(from, safe);
      from = safe;
      continue;
    }
    const tail = parts[last]!.length; // last >= 1
    parts.length = last;
    out += parts.join(rep) + rep;
    from = end - tail;
  }
  return out;
}
