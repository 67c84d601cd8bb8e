// Bash brace expansion on a Word.
//
//   expandBraces(word, limit?, maxBytes?) → Word[]   throws BraceLimitError past `limit` words,
//                                                     `maxBytes` of text or MAX_NESTING levels
//   hasBraces(word) → boolean                         cheap pre-check
//
// Internal shape: the word is flattened into one string of its unquoted text, with each other
// part (quotes, $x, $(…): never split, never brace-expanded) standing as one placeholder
// character, and a kind per character (plain, a backslash pair, a placeholder). Three passes,
// each linear in its input: the braces are matched (a stack walk), the word is read into a tree
// of alternatives whose words and bytes are counted from the counts of its parts, and only when
// those fit the budget are the words made, as runs of the text rebuilt into Words whose adjacent
// text merges back into Lit parts. (Words used to be made level by level, each level copying
// the one inside it: 60,000 `{a,b}` in a word took gigabytes before any count was checked.) We
// do not build mvdan/sh BraceExp nodes: the interpreter only needs the expanded words.
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

const DEFAULT_LIMIT = 100_000;
/**
 * the most text one word's expansion may make, all its words together, counted from the numbers
 * of words before any is made (60,000 `{a,b}` make only 100,000 words, each 300 KB long)
 */
export const MAX_BRACE_BYTES = 16 * 1024 * 1024;

export function hasBraces(w: Word): boolean {
  return w.Parts.some((p) => p.type === 'Lit' && p.Value.includes('{'));
}

export function expandBraces(w: Word, limit = DEFAULT_LIMIT, maxBytes = MAX_BRACE_BYTES): Word[] {
  if (!hasBraces(w)) return [w];
  const flat = flatten(w);
  const reader = new BraceReader(flat, limit, maxBytes);
  // counted first, with nothing made (every alternative counts at least one word, so once the
  // counts fit, so does the tree)
  if (!reader.count(0, flat.text.length, 0)) return [w];
  return generate(reader.read(0, flat.text.length, 0)).map((pieces) => rebuild(pieces, w));
}

// ---------------------------------------------------------------- the word as text

/** what each character of the flattened text is */
const PLAIN = 0;
/** a backslash and the character it escapes: both literal */
const ESCAPE = 1;
const ESCAPED = 2;
/** a placeholder for an opaque part */
const PART = 3;

interface Flat {
  text: string;
  kind: Uint8Array;
  /** source position of each character */
  pos: Int32Array;
  /** the opaque part at each PART character */
  parts: Map<number, WordPart>;
}

function flatten(w: Word): Flat {
  let n = 0;
  for (const p of w.Parts) n += p.type === 'Lit' ? p.Value.length : 1;
  const kind = new Uint8Array(n);
  const pos = new Int32Array(n);
  const parts = new Map<number, WordPart>();
  let text = '';
  let at = 0;
  for (const p of w.Parts) {
    if (p.type !== 'Lit') {
      kind[at] = PART;
      pos[at] = p.Pos;
      parts.set(at++, p);
      text += '\0';
      continue;
    }
    const v = p.Value;
    text += v;
    for (let i = 0; i < v.length; i++, at++) {
      pos[at] = p.ValuePos + i;
      if (v.charCodeAt(i) === 92 /* \ */ && i + 1 < v.length) {
        kind[at] = ESCAPE;
        kind[++at] = ESCAPED;
        pos[at] = p.ValuePos + ++i;
      }
    }
  }
  return { text, kind, pos, parts };
}

// ---------------------------------------------------------------- reading: a tree, measured

/** a run of the flattened text, kept as it is (shared by every word that holds it) */
interface LitSeg {
  kind: 'lit';
  pieces: Piece[];
}
/** the alternatives of `{a,b,…}`, each a word of its own */
interface AltSeg {
  kind: 'alt';
  alts: Node[];
}
/** the values of a sequence */
interface SeqSeg {
  kind: 'seq';
  values: Piece[];
}
type Seg = LitSeg | AltSeg | SeqSeg;

/** a word to expand: its segments in order; each of its words takes one choice from every segment */
interface Node {
  segs: Seg[];
}

/** a piece of a word made: text (with the source position of its first character) or a part */
type Piece = { text: string; pos: number; end: number } | { part: WordPart };

class BraceReader {
  /** for each `{`, the index of its `}` (-1: none) */
  private readonly close: Int32Array;
  /** for each `{` with any, its top-level commas */
  private readonly commas = new Map<number, number[]>();

  /** count()'s results: the words of the text counted last, and their bytes together */
  private words = 1;
  private bytes = 0;

  constructor(
    private readonly flat: Flat,
    private readonly limit: number,
    private readonly maxBytes: number,
  ) {
    // bash matches braces by depth, as a stack does: a `}` closes the innermost open `{`
    const { text, kind } = flat;
    this.close = new Int32Array(text.length).fill(-1);
    const open: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (kind[i] !== PLAIN) continue;
      const c = text.charCodeAt(i);
      if (c === 123 /* { */) open.push(i);
      else if (c === 125 /* } */) {
        const o = open.pop();
        if (o !== undefined) this.close[o] = i;
      } else if (c === 44 /* , */ && open.length) {
        const o = open[open.length - 1]!;
        let list = this.commas.get(o);
        if (!list) this.commas.set(o, (list = []));
        list.push(i);
      }
    }
  }

  private plain(i: number, code: number): boolean {
    return this.flat.kind[i] === PLAIN && this.flat.text.charCodeAt(i) === code;
  }

  /**
   * The words and bytes of text [from, to) (in `words`, `bytes`), read as read() does but
   * without making anything; throws as soon as either passes its limit (a part never counts more
   * than the whole). True when some brace in it expands.
   */
  count(from: number, to: number, depth: number): boolean {
    let words = 1;
    let bytes = 0;
    let expands = false;
    let i = from;
    let lit = from;
    // the product so far and one more segment of n choices making b bytes: each of its words
    // takes each choice (0 × Infinity is NaN: a zero stays zero)
    const add = (n: number, b: number): void => {
      bytes = (bytes === 0 ? 0 : bytes * n) + (b === 0 ? 0 : b * words);
      words *= n;
      if (words > this.limit) throw new BraceLimitError(this.limit);
      if (bytes > this.maxBytes) throw new BraceLimitError(this.limit, `brace expansion: more than ${this.maxBytes} bytes`);
    };
    while ((i = this.nextOpen(i, to)) < to) {
      const close = this.close[i]!; // nextOpen found its pair before `to`
      let n = 0;
      let b = 0;
      const commas = this.commas.get(i);
      if (commas !== undefined) {
        if (depth >= MAX_NESTING) throw new BraceLimitError(this.limit, `brace expansion: nesting too deep (more than ${MAX_NESTING} levels)`);
        let start = i + 1;
        for (let k = 0; k <= commas.length; k++) {
          const end = k < commas.length ? commas[k]! : close;
          this.count(start, end, depth + 1);
          n += this.words;
          b += this.bytes;
          start = end + 1;
        }
      } else {
        const values = this.sequence(i + 1, close);
        if (values === null) {
          i++;
          continue;
        }
        n = values.length;
        for (const v of values) b += pieceBytes(v);
      }
      expands = true;
      add(1, this.litBytes(lit, i));
      add(n, b);
      i = lit = close + 1;
    }
    add(1, this.litBytes(lit, to));
    this.words = words;
    this.bytes = bytes;
    return expands;
  }

  /**
   * From i, the next `{` in [i, to) whose pair closes before `to` (one that may expand), or `to`:
   * count() and read() walk the same braces
   */
  private nextOpen(i: number, to: number): number {
    while (i < to) {
      if (this.plain(i, 36 /* $ */) && i + 1 < to && this.plain(i + 1, 123)) {
        // `${…}` is no brace expansion
        const close = this.close[i + 1]!;
        i = close > 0 && close < to ? close + 1 : i + 1;
        continue;
      }
      const close = this.plain(i, 123) ? this.close[i]! : -1;
      if (close >= 0 && close < to) return i;
      i++;
    }
    return to;
  }

  /** the bytes of text [from, to) as it stands in a word */
  private litBytes(from: number, to: number): number {
    const { kind, parts } = this.flat;
    let b = 0;
    for (let i = from; i < to; i++) b += kind[i] === PART ? Math.max(1, parts.get(i)!.End - parts.get(i)!.Pos) : 1;
    return b;
  }

  /** text [from, to) as a tree: the first `{` that expands, the text before it, then the rest */
  read(from: number, to: number, depth: number): Node {
    const segs: Seg[] = [];
    let lit = from;
    let i = from;
    while ((i = this.nextOpen(i, to)) < to) {
      const close = this.close[i]!; // nextOpen found its pair before `to`
      let seg: Seg | null = null;
      const commas = this.commas.get(i);
      if (commas !== undefined) {
        if (depth >= MAX_NESTING) throw new BraceLimitError(this.limit, `brace expansion: nesting too deep (more than ${MAX_NESTING} levels)`);
        const alts: Node[] = [];
        let start = i + 1;
        for (const k of commas) {
          alts.push(this.read(start, k, depth + 1));
          start = k + 1;
        }
        alts.push(this.read(start, close, depth + 1));
        seg = { kind: 'alt', alts };
      } else {
        const values = this.sequence(i + 1, close);
        if (values !== null) seg = { kind: 'seq', values };
      }
      if (seg === null) {
        i++;
        continue;
      }
      if (i > lit) segs.push(this.lit(lit, i));
      segs.push(seg);
      i = lit = close + 1;
    }
    if (to > lit || segs.length === 0) segs.push(this.lit(lit, to));
    return { segs };
  }

  /** the text [from, to) as pieces: runs of text between the opaque parts */
  private lit(from: number, to: number): LitSeg {
    const { text, kind, pos, parts } = this.flat;
    const pieces: Piece[] = [];
    let start = from;
    for (let i = from; i <= to; i++) {
      if (i < to && kind[i] !== PART) continue;
      if (i > start) pieces.push({ text: text.slice(start, i), pos: pos[start]!, end: pos[i - 1]! + 1 });
      if (i < to) pieces.push({ part: parts.get(i)! });
      start = i + 1;
    }
    return { kind: 'lit', pieces };
  }

  /** `{x..y[..step]}` (the text between the braces) → one piece per element, or null when it is none */
  private sequence(from: number, to: number): Piece[] | null {
    const { text, kind } = this.flat;
    for (let j = from; j < to; j++) {
      // a sequence is written with these characters only: stopping at the first other one keeps
      // nested braces (`{{{…}}}`) linear
      if (kind[j] !== PLAIN || !SEQ_CHAR.test(text[j]!)) return null;
    }
    const body = text.slice(from, to);
    const values = numericSequence(body, this.limit) ?? charSequence(body, this.limit);
    if (!values) return null;
    const pos = this.flat.pos[from - 1]!; // the `{`
    // a `\` the range makes (`{Z..a}`) is a quote to bash's later quote removal: it leaves
    // nothing, but a word that is there (`Z [  ] ^`), so it becomes an empty quoted part
    return values.map((v) =>
      v === '\\'
        ? { part: { type: 'SglQuoted', Pos: pos, End: pos, Left: pos, Right: pos, Dollar: false, Value: '' } as WordPart }
        : { text: v, pos, end: pos + v.length },
    );
  }
}

/** what a piece adds to a word's text: its characters, or an opaque part's source length */
function pieceBytes(p: Piece): number {
  return 'text' in p ? p.text.length : Math.max(1, p.part.End - p.part.Pos);
}

// ---------------------------------------------------------------- making the words

/** the words of a node (counted, and found within the budget), each as its pieces */
function generate(node: Node): Piece[][] {
  let out: Piece[][] = [[]];
  for (const s of node.segs) {
    if (s.kind === 'lit') {
      if (s.pieces.length) for (const w of out) for (const p of s.pieces) w.push(p);
      continue;
    }
    const choices: Piece[][] = s.kind === 'seq' ? s.values.map((v) => [v]) : s.alts.flatMap(generate);
    const next: Piece[][] = [];
    for (const w of out) for (const c of choices) next.push(w.concat(c));
    out = next;
  }
  return out;
}

const SEQ_CHAR = /^[0-9A-Za-z+.-]$/;
const NAME_PREFIX = /^[A-Za-z0-9_]*/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A word made of its pieces: adjacent text joined into one Lit. bash expands braces on the raw
 * text, so in `$v{a,b}` the name goes on: `$va $vb`. Our parser has already cut `$v`; a short
 * `$name` followed by name characters can only come from an expansion, so we extend the
 * parameter's name with them.
 */
function rebuild(pieces: Piece[], w: Word): Word {
  const parts: WordPart[] = [];
  let lit: Lit | null = null;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    if ('part' in p) {
      lit = null;
      const pe = p.part;
      if (pe.type !== 'ParamExp' || !pe.Short || !IDENT.test(pe.Param.Value)) {
        parts.push(pe);
        continue;
      }
      // the name characters of the text that follows, up to the next part
      let extra = '';
      while (i + 1 < pieces.length) {
        const n = pieces[i + 1]!;
        if ('part' in n) break;
        const m = NAME_PREFIX.exec(n.text)![0];
        extra += m;
        if (m.length < n.text.length) {
          // only partly a name (`$x{-1..0}`, `$x{a,b}-`): the rest stays text
          pieces[i + 1] = { text: n.text.slice(m.length), pos: n.pos + m.length, end: n.end };
          break;
        }
        i++;
      }
      if (!extra) {
        parts.push(pe);
        continue;
      }
      const name = pe.Param.Value + extra;
      const Param: Lit = { ...pe.Param, Value: name, End: pe.Param.Pos + name.length, ValueEnd: pe.Param.Pos + name.length };
      parts.push({ ...pe, Param, End: Param.End });
      continue;
    }
    if (lit === null) {
      lit = { type: 'Lit', Pos: p.pos, End: p.end, ValuePos: p.pos, ValueEnd: p.end, Value: '' };
      parts.push(lit);
    }
    lit.Value += p.text;
    if (p.end > lit.End) lit.End = lit.ValueEnd = p.end;
  }
  return { type: 'Word', Pos: w.Pos, End: w.End, Parts: parts };
}

// ---------------------------------------------------------------- sequences

const NUM_SEQ = /^([+-]?\d+)\.\.([+-]?\d+)(?:\.\.([+-]?\d+))?$/;
const CHAR_SEQ = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.([+-]?\d+))?$/;

function stepOf(s: string | undefined): bigint {
  if (s === undefined) return 1n;
  const n = BigInt(s);
  const a = n < 0n ? -n : n;
  return a === 0n ? 1n : a;
}

function numericSequence(text: string, limit: number): string[] | null {
  const m = NUM_SEQ.exec(text);
  if (!m) return null;
  const a = BigInt(m[1]!);
  const b = BigInt(m[2]!);
  const step = stepOf(m[3]);
  // the count first: `{1..100000000}` is refused before a value is made
  if ((a <= b ? b - a : a - b) / step >= BigInt(limit)) throw new BraceLimitError(limit);
  const hasLeadingZero = (s: string) => /^[+-]?0\d/.test(s);
  const width = hasLeadingZero(m[1]!) || hasLeadingZero(m[2]!) ? Math.max(m[1]!.length, m[2]!.length) : 0;
  const out: string[] = [];
  const up = a <= b;
  for (let v = a; up ? v <= b : v >= b; v = up ? v + step : v - step) out.push(pad(v, width));
  return out;
}

function pad(v: bigint, width: number): string {
  if (width === 0) return v.toString();
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString();
  return neg ? '-' + digits.padStart(width - 1, '0') : digits.padStart(width, '0');
}

function charSequence(text: string, limit: number): string[] | null {
  const m = CHAR_SEQ.exec(text);
  if (!m) return null;
  const a = m[1]!.charCodeAt(0);
  const b = m[2]!.charCodeAt(0);
  const step = Number(stepOf(m[3]));
  const out: string[] = [];
  const up = a <= b;
  for (let v = a; up ? v <= b : v >= b; v = up ? v + step : v - step) {
    if (out.length >= limit) throw new BraceLimitError(limit);
    out.push(String.fromCharCode(v));
  }
  return out;
}
