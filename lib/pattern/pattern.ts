// Bash pattern matching (case, [[ == ]], ${x#p}, ${x/p/r}, and the per-component test of globs).
//
//   compilePattern(p, opts) → { test(s), regex, matchAt(s, i, longest) }   (LRU-cached)
//   matchPattern(s, p, opts) → boolean
//   removePrefix(s, p, longest, opts) / removeSuffix(s, p, longest, opts)    ${x#p} ${x##p} ${x%p} ${x%%p}
//   replacePattern(s, p, rep, mode, opts)                                    ${x/p/r} ${x//p/r} ${x/#p/r} ${x/%p/r}
//   hasGlobChars(p, extglob?) / unescapePattern(p)
//
// Input convention: a quoted character is preceded by a backslash (the expander escapes what was
// quoted in the source), so `\*` is a literal star and `\\` a literal backslash. The replacement of
// replacePattern follows the same convention: with patsub_replacement (on by default in bash 5.2)
// an unescaped `&` stands for the matched text and `\&` is a literal `&`; other backslashes escape.
//
// Patterns become JS regexes run with V8's linear-time fallback enabled. That engine supports
// neither the `u` nor the `i` flag, so we use neither: `?` matches one UTF-16 code unit, and
// nocase folds ASCII letters in both pattern and subject (C locale). `!(…)` needs lookbehind-like power and goes to a memoized backtracking matcher
// (pattern-match.ts) instead. For regexes without extglob, greedy stars give bash's longest match
// and lazy stars its shortest; with extglob alternation we try lengths explicitly, as bash does.

import { enableLinearFallback } from '../regex/engine.js';
import { hasExt, hasNegation, parsePattern, toRegexSource } from './parse.js';
import { makeNegationMatcher } from './negation-match.js';
import { asciiLower, fromByteString, isAscii, toByteString } from '../text/bytes.js';
import { literalShape, removePrefixLiteral, removeSuffixLiteral, spliceLiteral } from './literal.js';
import { NO_METER, type WorkMeter } from '../io/meter.js';

/**
 * The meter of the call in progress (each entry point below sets it from its `meter` argument):
 * the loops that try a match at each start, or each length from a start, report to it, so that
 * a run's deadline and memory budget hold inside a quadratic replacement over a long string.
 */
let meter: WorkMeter = NO_METER;
/**
 * Units spent per regex or test call over a long text, whose own cost is unknown (a sticky match
 * that may scan to the end and back): the clock is read about every 64 such calls (WorkMeter:
 * ~a byte a unit, a look every 2^20), a few nanoseconds a call, whatever each call costs.
 */
const CALL_UNITS = 1 << 14;

/** what a call over `n` characters counts: it scans no more than them, but may scan them often */
function units(n: number): number {
  return n < CALL_UNITS ? n + 1 : CALL_UNITS;
}
/** subjects shorter than this are replaced without a report per match (at most ~1M steps) */
const SHORT = 1024;
/** the result of a replacement is checked against the memory budget every this many bytes */
const GROWTH_CHECK = 1 << 20;

export interface PatternOptions {
  extglob?: boolean;
  nocase?: boolean;
  /** accepted for symmetry with glob options; leading-dot rules live in glob.ts */
  dotglob?: boolean;
  /** `*`, `?` and brackets do not match `/` */
  pathname?: boolean;
}

export interface CompiledPattern {
  test(s: string): boolean;
  /** the anchored regex (`^…$`); null for patterns with `!(…)`, which no JS regex expresses */
  regex: RegExp | null;
  /** end index of the longest (or shortest) match starting exactly at i, or -1 */
  matchAt(s: string, i: number, longest: boolean): number;
  /**
   * start of the longest (or shortest) suffix that matches, or -1, found by one regex search;
   * absent where the pattern has no plain regex (then each start is tried: quadratic)
   */
  suffixAt?(s: string, longest: boolean): number;
}

const CACHE_SIZE = 256;
/**
 * One cache per option combination (extglob | nocase | pathname as bits), keyed by the pattern
 * text. Oldest-first eviction: a hit costs one Map lookup (loops look the same pattern up on every
 * iteration); a hot pattern evicted among hundreds of others is merely compiled again.
 */
const caches: Map<string, CompiledPattern>[] = Array.from({ length: 8 }, () => new Map());

export function compilePattern(p: string, opts: PatternOptions = {}): CompiledPattern {
  const cache = caches[(opts.extglob ? 1 : 0) | (opts.nocase ? 2 : 0) | (opts.pathname ? 4 : 0)]!;
  const hit = cache.get(p);
  if (hit) return hit;
  const compiled = build(p, opts);
  cache.set(p, compiled);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return compiled;
}

function build(p: string, opts: PatternOptions): CompiledPattern {
  enableLinearFallback();
  const pathname = !!opts.pathname;
  const nocase = !!opts.nocase;
  const fold = nocase ? asciiLower : (s: string) => s;
  const nodes = parsePattern(p, { extglob: opts.extglob, pathname, nocase });
  if (hasNegation(nodes)) {
    const neg = makeNegationMatcher(nodes, { nocase: false, pathname });
    const test = (s: string) => neg(fold(s));
    return { test, regex: null, matchAt: (s, i, longest) => matchAtByTrying(test, s, i, longest) };
  }
  const greedy = toRegexSource(nodes, pathname, false);
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${greedy})$`);
    // V8 compiles at the first match: make it happen here, where a failure has a way out
    if (greedy.length > 4096) regex.test('');
  } catch (e) {
    // too large for V8 (`Regular expression too large`, from a few tens of kilobytes of
    // pattern): the backtracking matcher takes any pattern, as bash's own matcher does
    if (!(e instanceof SyntaxError)) throw e;
    const slow = makeNegationMatcher(nodes, { nocase: false, pathname });
    const test = (s: string) => slow(fold(s));
    return { test, regex: null, matchAt: (s, i, longest) => matchAtByTrying(test, s, i, longest) };
  }
  const test = (s: string) => regex.test(fold(s));
  if (hasExt(nodes)) {
    return { test, regex, matchAt: (s, i, longest) => matchAtByTrying(test, s, i, longest) };
  }
  const stickyGreedy = new RegExp(`(?:${greedy})`, 'y');
  const stickyLazy = new RegExp(`(?:${toRegexSource(nodes, pathname, true)})`, 'y');
  const matchAt = (s: string, i: number, longest: boolean) => {
    const re = longest ? stickyGreedy : stickyLazy;
    re.lastIndex = i;
    const m = re.exec(fold(s));
    return m ? i + m[0].length : -1;
  };
  // the leftmost start of a match that ends at the end is the longest suffix; behind the longest
  // prefix that lets one end there, the shortest. One search each, which V8 moves to its linear
  // engine when it backtracks too much (`${x%%*(a)}` over 100,000 zeros tried each start: 13 s)
  // (made at the first suffix removal: most patterns are only ever tested whole)
  let longestSuffix: RegExp | undefined;
  let shortestSuffix: RegExp | undefined;
  const suffixAt = (s: string, longest: boolean): number => {
    const t = fold(s);
    if (longest) {
      const m = (longestSuffix ??= new RegExp(`(?:${greedy})$`)).exec(t);
      return m ? m.index : -1;
    }
    const m = (shortestSuffix ??= new RegExp(`^[^]*((?:${greedy}))$`)).exec(t);
    return m ? t.length - m[1]!.length : -1;
  };
  return { test, regex, matchAt, suffixAt };
}

/** next index after the code point at i */
function nextIndex(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? i + 2 : i + 1;
}

function matchAtByTrying(test: (s: string) => boolean, s: string, i: number, longest: boolean): number {
  const m = meter;
  if (longest) {
    for (let j = s.length; j >= i; j--) {
      m.spend(units(j - i));
      if (test(s.slice(i, j))) return j;
    }
    return -1;
  }
  for (let j = i; j <= s.length; j = j < s.length ? nextIndex(s, j) : j + 1) {
    m.spend(units(j - i));
    if (test(s.slice(i, j))) return j;
  }
  return -1;
}

/** characters that can make a pattern more than its literal text (with or without extglob) */
const MAYBE_SPECIAL = /[\\*?[(]/;

export function matchPattern(s: string, p: string, opts: PatternOptions = {}, m: WorkMeter = NO_METER): boolean {
  meter = m;
  // a pattern without any special character matches exactly its text (`case $x in start)`)
  if (!opts.nocase && !MAYBE_SPECIAL.test(p)) return s === p;
  if (!isAscii(s) || !isAscii(p)) return compilePattern(toByteString(p), opts).test(toByteString(s));
  return compilePattern(p, opts).test(s);
}

/** `${x#p}` (shortest) and `${x##p}` (longest) */
export function removePrefix(s: string, p: string, longest: boolean, opts: PatternOptions = {}, m: WorkMeter = NO_METER): string {
  meter = m;
  const shape = opts.nocase ? null : literalShape(p);
  if (shape) return removePrefixLiteral(s, shape, longest);
  if (!isAscii(s) || !isAscii(p)) return fromByteString(removePrefixAscii(toByteString(s), toByteString(p), longest, opts));
  return removePrefixAscii(s, p, longest, opts);
}

function removePrefixAscii(s: string, p: string, longest: boolean, opts: PatternOptions): string {
  const end = compilePattern(p, opts).matchAt(s, 0, longest);
  return end < 0 ? s : s.slice(end);
}

/** `${x%p}` (shortest) and `${x%%p}` (longest) */
export function removeSuffix(s: string, p: string, longest: boolean, opts: PatternOptions = {}, m: WorkMeter = NO_METER): string {
  meter = m;
  const shape = opts.nocase ? null : literalShape(p);
  if (shape) return removeSuffixLiteral(s, shape, longest);
  if (!isAscii(s) || !isAscii(p)) return fromByteString(removeSuffixAscii(toByteString(s), toByteString(p), longest, opts));
  return removeSuffixAscii(s, p, longest, opts);
}

function removeSuffixAscii(s: string, p: string, longest: boolean, opts: PatternOptions): string {
  const start = matchingSuffix(s, p, longest, opts);
  return start < 0 ? s : s.slice(0, start);
}

/** where the longest (or shortest) suffix of s that matches p starts, or -1 */
function matchingSuffix(s: string, p: string, longest: boolean, opts: PatternOptions): number {
  return leadingStar(p, opts) ? suffixAfterStar(s, p, longest, opts) : suffixStart(compilePattern(p, opts), s, longest);
}

/** does the pattern start with a plain `*` (not extglob's `*(…)`) */
function leadingStar(p: string, opts: PatternOptions): boolean {
  return p[0] === '*' && !(opts.extglob && p[1] === '(');
}

/**
 * A suffix of `*X`: some suffix matches exactly when the whole string does (the `*` takes what
 * lies before), so the longest is all of it; the shortest is X's shortest. No search over every
 * start, which regex engines do in quadratic time here (`${x%%*(a)}` over 100,000 bytes: 13 s).
 */
function suffixAfterStar(s: string, p: string, longest: boolean, opts: PatternOptions): number {
  if (longest) return compilePattern(p, opts).test(s) ? 0 : -1;
  let i = 0;
  while (leadingStar(p.slice(i), opts)) i++;
  const rest = p.slice(i);
  return rest === '' ? s.length : suffixStart(compilePattern(rest, opts), s, false);
}

/** where the shortest/longest matching suffix starts, or -1 */
function suffixStart(c: CompiledPattern, s: string, longest: boolean): number {
  if (c.suffixAt !== undefined) return c.suffixAt(s, longest);
  const m = meter;
  if (longest) {
    for (let i = 0; i <= s.length; i = i < s.length ? nextIndex(s, i) : i + 1) {
      m.spend(units(s.length - i));
      if (c.test(s.slice(i))) return i;
    }
    return -1;
  }
  for (let i = s.length; i >= 0; i--) {
    m.spend(units(s.length - i));
    if (c.test(s.slice(i))) return i;
  }
  return -1;
}

export type ReplaceMode = 'first' | 'all' | 'prefix' | 'suffix';

export interface ReplaceOptions extends PatternOptions {
  /** bash's patsub_replacement (default on in 5.2): `&` in the replacement is the match */
  patsubReplacement?: boolean;
}

/** the replacement text for one match (handles `&` and the backslash convention) */
function expandReplacement(rep: string, matched: string, ampersand: boolean): string {
  if (rep.indexOf('\\') < 0 && (!ampersand || rep.indexOf('&') < 0)) return rep;
  let out = '';
  for (let i = 0; i < rep.length; i++) {
    const c = rep[i]!;
    if (c === '\\' && i + 1 < rep.length) out += rep[++i];
    else if (c === '&' && ampersand) out += matched;
    else out += c;
  }
  return out;
}

/** `${x/p/r}` and friends; `rep` uses the pattern escaping convention (see top of file) */
export function replacePattern(s: string, p: string, rep: string, mode: ReplaceMode, opts: ReplaceOptions = {}, m: WorkMeter = NO_METER): string {
  meter = m;
  if ((mode === 'first' || mode === 'all') && !opts.nocase) {
    const shape = literalShape(p);
    if (shape?.kind === 'exact') {
      // no closure per call: the replacement of a literal match is fixed (the match is the literal)
      const i = s.indexOf(shape.lit);
      if (i < 0) return s;
      const text = expandReplacement(rep, shape.lit, opts.patsubReplacement !== false);
      return spliceLiteral(s, shape.lit, mode === 'all', text, i, m);
    }
  }
  if (!isAscii(s) || !isAscii(p)) {
    const bytes = replaceAscii(toByteString(s), toByteString(p), toByteString(rep), mode, opts);
    return fromByteString(bytes);
  }
  return replaceAscii(s, p, rep, mode, opts);
}

function replaceAscii(s: string, p: string, rep: string, mode: ReplaceMode, opts: ReplaceOptions): string {
  const m = meter;
  const amp = opts.patsubReplacement !== false;
  const c = compilePattern(p, opts);
  // bash (match_pattern_char): at the end of the subject only a pattern starting with `*` may match
  // the empty string, so `s=; ${s//?(a)/X}` stays empty while `${s//*(a)/X}` gives X
  const emptyOk = p[0] === '*';
  if (mode === 'prefix') {
    if (s === '' && p !== '' && !emptyOk) return s;
    const end = c.matchAt(s, 0, true);
    return end < 0 ? s : expandReplacement(rep, s.slice(0, end), amp) + s.slice(end);
  }
  if (mode === 'suffix') {
    const start = matchingSuffix(s, p, true, opts);
    return start < 0 ? s : s.slice(0, start) + expandReplacement(rep, s.slice(start), amp);
  }
  if (p === '') return s; // bash: an empty pattern replaces nothing
  if (s === '') return emptyOk && c.test('') ? expandReplacement(rep, '', amp) : s;
  let out = '';
  let i = 0;
  // `*X` matching nowhere from i matches nowhere after i either (its * would take the difference):
  // stop there instead of trying each later start (quadratic: `${x//*(a)/}` over 100,000 bytes)
  const starFirst = leadingStar(p, opts);
  let checkAt = GROWTH_CHECK;
  // a short subject costs at most its length squared: one report for all of it, not one a match
  const short = s.length < SHORT;
  if (short) m.spend(s.length);
  while (i < s.length) {
    if (!short) m.spend(units(s.length - i));
    if (out.length > checkAt) {
      // what is made so far and what is left to copy must fit (a `&` replacement grows fast)
      m.fits(out.length + s.length - i);
      checkAt = out.length + GROWTH_CHECK;
    }
    const end = c.matchAt(s, i, true);
    if (end < 0 && starFirst) {
      out += s.slice(i);
      break;
    }
    if (end < 0) {
      const next = nextIndex(s, i);
      out += s.slice(i, next);
      i = next;
      continue;
    }
    out += expandReplacement(rep, s.slice(i, end), amp);
    if (end === i) {
      // an empty match: keep one character and move on (bash: X before each char, not at the end)
      const next = nextIndex(s, i);
      out += s.slice(i, next);
      i = next;
    } else i = end;
    if (mode === 'first') return out + s.slice(i);
  }
  return out;
}

// ---------------------------------------------------------------- C-locale bytes
// bash runs with LANG=C here, where patterns see bytes: `?` does not match `μ` (two bytes) and `??`
// does. A subject or pattern with non-ASCII text is matched as a byte string (one UTF-16 unit per
// byte, U+0000–U+00FF) and the result decoded back; surrogateescape keeps split characters intact.

const GLOB_CHARS = /[*?[]/;
const EXTGLOB_START = /[?*+@!]\(/;

/** does the (escaped-convention) pattern contain an unescaped glob metacharacter */
export function hasGlobChars(p: string, extglob = false): boolean {
  if (!GLOB_CHARS.test(p) && !(extglob && EXTGLOB_START.test(p))) return false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '*' || c === '?') return true;
    if (c === '[' && p.indexOf(']', i + 2) > 0) return true;
    if (extglob && '+@!'.includes(c) && p[i + 1] === '(') return true;
  }
  return false;
}

/** quote removal for a pattern word that stays literal: `\x` → `x` */
export function unescapePattern(p: string): string {
  if (p.indexOf('\\') < 0) return p;
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\' && i + 1 < p.length) out += p[++i];
    else out += c;
  }
  return out;
}
