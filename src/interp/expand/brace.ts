// Bash brace expansion on a Word.
//
//   expandBraces(word, limit?) → Word[]       throws BraceLimitError past `limit` results
//   hasBraces(word) → boolean                 cheap pre-check
//
// Internal shape: the word is flattened into tokens — one per character of an unquoted Lit (a
// backslash and the character it escapes form one token), and one opaque token per other part
// (quotes, $x, $(…): never split, never brace-expanded). Expansion works on token lists; the
// results are rebuilt into Words whose adjacent characters merge back into Lit parts. We do not
// build mvdan/sh BraceExp nodes: the interpreter only needs the expanded words.
//
// Bash rules reproduced (bash 5.2): the first `{` with a matching `}` and a top-level comma or a
// valid sequence (`{1..10}`, `{a..e}`, `{01..10}`, `{1..10..2}`) expands; other braces are
// literal (`{a}`, `{}`); `${` is not a brace; quoted or escaped braces and commas are literal;
// a step of 0 is 1 and the step's sign is ignored; zero padding when an endpoint has a leading 0.

import type { Lit, Word, WordPart } from '../../syntax/ast.js';

export class BraceLimitError extends Error {
  constructor(readonly limit: number, message = `brace expansion: more than ${limit} words`) {
    super(message);
    this.name = 'BraceLimitError';
  }
}

/**
 * braces nested deeper than this are refused: each level copies the words of the one inside
 * (bash takes 10,000 levels; here they took 800 MB and the stack)
 */
const MAX_NESTING = 1000;

/** a character of unquoted text (`text` may be a backslash pair) or an opaque part */
type Token = { text: string; pos: number } | { part: WordPart };

const DEFAULT_LIMIT = 100_000;

export function hasBraces(w: Word): boolean {
  return w.Parts.some((p) => p.type === 'Lit' && p.Value.includes('{'));
}

export function expandBraces(w: Word, limit = DEFAULT_LIMIT): Word[] {
  if (!hasBraces(w)) return [w];
  const results = expandTokens(tokenize(w), { limit, depth: 0 });
  if (results.length === 1 && results[0]!.length === countTokens(w)) return [w];
  return results.map((toks) => rebuild(toks, w));
}

function countTokens(w: Word): number {
  return tokenize(w).length;
}

function tokenize(w: Word): Token[] {
  const out: Token[] = [];
  for (const p of w.Parts) {
    if (p.type !== 'Lit') {
      out.push({ part: p });
      continue;
    }
    const v = p.Value;
    for (let i = 0; i < v.length; i++) {
      if (v[i] === '\\' && i + 1 < v.length) {
        out.push({ text: v.slice(i, i + 2), pos: p.ValuePos + i });
        i++;
      } else out.push({ text: v[i]!, pos: p.ValuePos + i });
    }
  }
  return out;
}

const NAME_PREFIX = /^[A-Za-z0-9_]*/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * bash expands braces on the raw text, so in `$v{a,b}` the name goes on: `$va $vb`. Our parser has
 * already cut `$v`; a short `$name` followed by name characters can only come from an expansion,
 * so we extend the parameter's name with them.
 */
function mergeNames(toks: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (!('part' in t) || t.part.type !== 'ParamExp') {
      out.push(t);
      continue;
    }
    const pe = t.part;
    if (!pe.Short || !IDENT.test(pe.Param.Value)) {
      out.push(t);
      continue;
    }
    let extra = '';
    let rest: Token | null = null;
    while (i + 1 < toks.length) {
      const n = toks[i + 1]!;
      if ('part' in n) break;
      const m = NAME_PREFIX.exec(n.text)![0];
      extra += m;
      i++;
      if (m.length < n.text.length) {
        // a sequence value such as `1-` only partly continues the name
        rest = { text: n.text.slice(m.length), pos: n.pos + m.length };
        break;
      }
    }
    if (!extra) {
      out.push(t);
      if (rest) out.push(rest);
      continue;
    }
    const name = pe.Param.Value + extra;
    const Param: Lit = { ...pe.Param, Value: name, End: pe.Param.Pos + name.length, ValueEnd: pe.Param.Pos + name.length };
    out.push({ part: { ...pe, Param, End: Param.End } });
    if (rest) out.push(rest);
  }
  return out;
}

function rebuild(expanded: Token[], w: Word): Word {
  const toks = mergeNames(expanded);
  const parts: WordPart[] = [];
  let lit: Lit | null = null;
  for (const t of toks) {
    if ('part' in t) {
      lit = null;
      parts.push(t.part);
      continue;
    }
    if (lit === null) {
      lit = { type: 'Lit', Pos: t.pos, End: t.pos + t.text.length, ValuePos: t.pos, ValueEnd: t.pos + t.text.length, Value: '' };
      parts.push(lit);
    }
    lit.Value += t.text;
    lit.End = lit.ValueEnd = Math.max(lit.End, t.pos + t.text.length);
  }
  return { type: 'Word', Pos: w.Pos, End: w.End, Parts: parts };
}

const ch = (t: Token | undefined): string | undefined => (t && 'text' in t ? t.text : undefined);

interface Budget {
  /** words one level may make */
  limit: number;
  /** braces open around the tokens being expanded */
  depth: number;
}

/** index of the `}` matching the `{` at i, or -1 (nested braces count; `${…}` is skipped) */
function findClose(toks: Token[], i: number): number {
  let depth = 0;
  for (let j = i; j < toks.length; j++) {
    const c = ch(toks[j]);
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j;
  }
  return -1;
}

/** split toks[from..to) on top-level commas; null when there is none */
function splitCommas(toks: Token[], from: number, to: number): Token[][] | null {
  const alts: Token[][] = [];
  let depth = 0;
  let start = from;
  for (let j = from; j < to; j++) {
    const c = ch(toks[j]);
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      alts.push(toks.slice(start, j));
      start = j + 1;
    }
  }
  if (alts.length === 0) return null;
  alts.push(toks.slice(start, to));
  return alts;
}

function expandTokens(toks: Token[], budget: Budget): Token[][] {
  for (let i = 0; i < toks.length; i++) {
    const c = ch(toks[i]);
    if (c === '$' && ch(toks[i + 1]) === '{') {
      const close = findClose(toks, i + 1);
      if (close > 0) i = close;
      continue;
    }
    if (c !== '{') continue;
    const close = findClose(toks, i);
    if (close < 0) continue;
    const pre = toks.slice(0, i);
    const alts = splitCommas(toks, i + 1, close);
    let middles: Token[][];
    if (alts) {
      middles = [];
      const depth = budget.depth;
      if (depth >= MAX_NESTING) throw new BraceLimitError(budget.limit, `brace expansion: nesting too deep (more than ${MAX_NESTING} levels)`);
      budget.depth = depth + 1;
      for (const a of alts) for (const e of expandTokens(a, budget)) middles.push(e);
      budget.depth = depth;
    } else {
      const seq = sequence(toks, i + 1, close, budget);
      if (!seq) continue;
      middles = seq;
    }
    const posts = expandTokens(toks.slice(close + 1), budget);
    // the words of this level (not a running total over the levels: 2,000 nested braces make
    // 2,001 words, which a running total counted as two million)
    if (middles.length * posts.length > budget.limit) throw new BraceLimitError(budget.limit);
    const out: Token[][] = [];
    for (const m of middles) for (const p of posts) out.push(pre.concat(m, p));
    return out;
  }
  return [toks];
}

const NUM_SEQ = /^([+-]?\d+)\.\.([+-]?\d+)(?:\.\.([+-]?\d+))?$/;
const CHAR_SEQ = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.([+-]?\d+))?$/;

/** `{x..y[..step]}` → one token list per element, or null when not a valid sequence */
function sequence(toks: Token[], from: number, to: number, budget: Budget): Token[][] | null {
  let text = '';
  for (let j = from; j < to; j++) {
    const c = ch(toks[j]);
    if (c === undefined || c.length !== 1) return null;
    text += c;
  }
  const open = toks[from - 1]; // the `{`
  const pos = open !== undefined && 'pos' in open ? open.pos : 0;
  const values = numericSequence(text, budget) ?? charSequence(text, budget);
  if (!values) return null;
  // a `\` the range makes (`{Z..a}`) is a quote to bash's later quote removal: it leaves nothing,
  // but a word that is there (`Z [  ] ^`), so it becomes an empty quoted part
  return values.map((v) => [v === '\\' ? { part: { type: 'SglQuoted', Pos: pos, End: pos, Left: pos, Right: pos, Dollar: false, Value: '' } as WordPart } : { text: v, pos }]);
}

function stepOf(s: string | undefined): bigint {
  if (s === undefined) return 1n;
  const n = BigInt(s);
  const a = n < 0n ? -n : n;
  return a === 0n ? 1n : a;
}

function numericSequence(text: string, budget: Budget): string[] | null {
  const m = NUM_SEQ.exec(text);
  if (!m) return null;
  const a = BigInt(m[1]!);
  const b = BigInt(m[2]!);
  const step = stepOf(m[3]);
  const hasLeadingZero = (s: string) => /^[+-]?0\d/.test(s);
  const width = hasLeadingZero(m[1]!) || hasLeadingZero(m[2]!) ? Math.max(m[1]!.length, m[2]!.length) : 0;
  const out: string[] = [];
  const up = a <= b;
  for (let v = a; up ? v <= b : v >= b; v = up ? v + step : v - step) {
    if (out.length >= budget.limit) throw new BraceLimitError(budget.limit);
    out.push(pad(v, width));
  }
  return out;
}

function pad(v: bigint, width: number): string {
  if (width === 0) return v.toString();
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString();
  return neg ? '-' + digits.padStart(width - 1, '0') : digits.padStart(width, '0');
}

function charSequence(text: string, budget: Budget): string[] | null {
  const m = CHAR_SEQ.exec(text);
  if (!m) return null;
  const a = m[1]!.charCodeAt(0);
  const b = m[2]!.charCodeAt(0);
  const step = Number(stepOf(m[3]));
  const out: string[] = [];
  const up = a <= b;
  for (let v = a; up ? v <= b : v >= b; v = up ? v + step : v - step) {
    if (out.length >= budget.limit) throw new BraceLimitError(budget.limit);
    out.push(String.fromCharCode(v));
  }
  return out;
}
