// grep -P: PCRE2 patterns as GNU grep 3.8 reads them in the C locale (bytes, no UTF mode),
// translated to V8 RegExp source over latin1-style byte strings. Look-around and back-references
// map directly; atomic groups `(?>X)` and possessive quantifiers `X*+` become `(?=(X))\N` (the
// look-ahead keeps only its first match); `\K` is an empty group whose index (the `d` flag) moves
// the reported start; `\Q…\E`, POSIX classes, `(?i)` (ASCII case, spelled out: never the `i`
// flag), `(?x)`, `(?s)` and named groups are rewritten. What V8 cannot do is refused with a
// message: recursion, conditionals, backtracking verbs, `\G`, and — since V8 cannot interrupt
// one backtracking run — a repetition of a repetition in a pattern that needs the backtracking
// engine (look-around, back-references, atomic groups): those could take exponential time past
// the run's deadline. A pattern without them runs with V8's linear-time fallback on.

import { newLinearRegExp, newRegExp } from '../../lib/regex/engine.js';
import type { ExecMatch, Match, Matcher } from '../../lib/regex/index.js';

export type PcreResult = { ok: true; matcher: Matcher } | { ok: false; message: string };

export interface PcreOptions {
  icase: boolean;
  wholeLine: boolean;
  wholeWord: boolean;
}

class PcreError {
  constructor(readonly message: string) {}
}

const OPEN = '\uE000';
const CLOSE = '\uE001';
const REF = '\uE002';
const REF_END = '\uE003';

const hex = (c: number): string => '\\x' + c.toString(16).padStart(2, '0');
const range = (a: number, b: number): string => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`);

/** byte sets of the C locale, as [from, to] ranges */
type Set8 = [number, number][];
const DIGIT: Set8 = [[0x30, 0x39]];
const WORD: Set8 = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
const SPACE: Set8 = [[9, 13], [32, 32]];
const HSPACE: Set8 = [[9, 9], [32, 32], [0xa0, 0xa0]];
const VSPACE: Set8 = [[10, 13], [0x85, 0x85]];
const POSIX: Record<string, Set8> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]], alpha: [[0x41, 0x5a], [0x61, 0x7a]], ascii: [[0, 0x7f]], blank: [[9, 9], [32, 32]],
  cntrl: [[0, 0x1f], [0x7f, 0x7f]], digit: DIGIT, graph: [[0x21, 0x7e]], lower: [[0x61, 0x7a]], print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]], space: SPACE, upper: [[0x41, 0x5a]], word: WORD,
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
};

function complement(set: Set8): Set8 {
  const sorted = [...set].sort((a, b) => a[0] - b[0]);
  const out: Set8 = [];
  let next = 0;
  for (const [a, b] of sorted) {
    if (a > next) out.push([next, a - 1]);
    next = Math.max(next, b + 1);
  }
  if (next <= 0xff) out.push([next, 0xff]);
  return out;
}

const setSource = (set: Set8): string => set.map(([a, b]) => range(a, b)).join('');

/** `\p{…}` over the 256 code points of PCRE2's 8-bit non-UTF mode */
function propertySet(name: string, negated: boolean): Set8 {
  let re: RegExp;
  try {
    re = new RegExp(`^\\p{${name.replace(/^\^/, '')}}$`, 'u');
  } catch {
    throw new PcreError('unknown property after \\P or \\p');
  }
  const out: Set8 = [];
  for (let c = 0; c <= 0xff; c++) if (re.test(String.fromCharCode(c))) out.push([c, c]);
  return negated !== name.startsWith('^') ? complement(out) : out;
}

interface Frame {
  flags: { i: boolean; x: boolean; s: boolean };
  hasQuantifier: boolean;
  hasAlternation: boolean;
  lookbehind: boolean;
}

class Translator {
  private i = 0;
  private ids = 0;
  /** user group number → capture id */
  private readonly userGroups: number[] = [];
  readonly names = new Map<string, number>();
  /** capture ids of \K marks */
  readonly kIds: number[] = [];
  backtracking = false;
  nested = false;
  private variableLookbehind = false;

  constructor(private readonly p: string) {}

  private peek(k = 0): string | undefined {
    return this.p[this.i + k];
  }

  private capture(body: string): { id: number; src: string } {
    const id = ++this.ids;
    return { id, src: `(${OPEN}${id}${CLOSE}${body})` };
  }

  run(icase: boolean): string {
    const src = this.alternation({ flags: { i: icase, x: false, s: false }, hasQuantifier: false, hasAlternation: false, lookbehind: false }, 0);
    if (this.i < this.p.length) throw new PcreError('unmatched closing parenthesis');
    return src;
  }

  private alternation(frame: Frame, depth: number): string {
    const parts = [this.sequence(frame, depth)];
    while (this.peek() === '|') {
      this.i++;
      frame.hasAlternation = true;
      parts.push(this.sequence(frame, depth));
    }
    return parts.join('|');
  }

  private skipExtended(frame: Frame): void {
    if (!frame.flags.x) return;
    for (;;) {
      const c = this.peek();
      if (c === '#') while (this.peek() !== undefined && this.peek() !== '\n') this.i++;
      else if (c !== undefined && ' \t\n\v\f\r'.includes(c)) this.i++;
      else return;
    }
  }

  private sequence(frame: Frame, depth: number): string {
    let out = '';
    /** the last atom: its source and whether it may be repeated, and its inner repetition */
    let last: { src: string; repeatable: boolean; inner: boolean } | null = null;
    for (;;) {
      this.skipExtended(frame);
      const c = this.peek();
      if (c === undefined || c === '|') break;
      if (c === ')') {
        if (depth === 0) throw new PcreError('unmatched closing parenthesis');
        break;
      }
      const q = this.quantifier();
      if (q !== null) {
        if (last === null || !last.repeatable) throw new PcreError('quantifier does not follow a repeatable item');
        frame.hasQuantifier = true;
        if (frame.lookbehind && !/^\{(\d+)\}$/.test(q.text)) this.variableLookbehind = true;
        if (last.inner) this.nested = true;
        let repeated: string = `(?:${last.src})${q.text}`;
        if (q.mode === 'lazy') repeated += '?';
        if (q.mode === 'possessive') {
          this.backtracking = true;
          const g = this.capture(repeated);
          repeated = `(?:(?=${g.src})${REF}${g.id}${REF_END})`;
        }
        out = out.slice(0, out.length - last.src.length) + repeated;
        last = { src: repeated, repeatable: false, inner: true };
        continue;
      }
      const atom = this.atom(frame, depth);
      if (atom === null) continue;
      out += atom.src;
      last = atom;
    }
    return out;
  }

  /** a quantifier at the current position, or null (a `{` that is no quantifier is a literal) */
  private quantifier(): { text: string; mode: 'greedy' | 'lazy' | 'possessive' } | null {
    const c = this.peek();
    let text: string;
    if (c === '*' || c === '+' || c === '?') {
      text = c;
      this.i++;
    } else if (c === '{') {
      // PCRE2 10.42: `{,n}` is no quantifier (a literal)
      const m = /^\{(\d+)(?:,(\d*))?\}/.exec(this.p.slice(this.i));
      if (m === null) return null;
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[2] === '' ? null : Number(m[2]);
      if (max !== null && max < min) throw new PcreError('numbers out of order in {} quantifier');
      text = max === min ? `{${min}}` : `{${min},${max ?? ''}}`;
      this.i += m[0].length;
    } else return null;
    const next = this.peek();
    if (next === '?') {
      this.i++;
      return { text, mode: 'lazy' };
    }
    if (next === '+') {
      this.i++;
      return { text, mode: 'possessive' };
    }
    return { text, mode: 'greedy' };
  }

  private literal(code: number, frame: Frame): string {
    if (frame.flags.i) {
      const ch = String.fromCharCode(code);
      if (/[A-Za-z]/.test(ch)) return `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
    }
    return hex(code);
  }

  private atom(frame: Frame, depth: number): { src: string; repeatable: boolean; inner: boolean } | null {
    const c = this.peek()!; // the caller saw it
    this.i++;
    switch (c) {
      case '(':
        return this.group(frame, depth);
      case '[':
        return { src: this.classAtom(frame), repeatable: true, inner: false };
      case '.':
        return { src: frame.flags.s ? '[^]' : '[^\\n]', repeatable: true, inner: false };
      case '^':
        return { src: '^', repeatable: false, inner: false };
      case '$':
        return { src: '$', repeatable: false, inner: false };
      case '\\':
        return this.escape(frame);
      default:
        return { src: this.literal(c.charCodeAt(0), frame), repeatable: true, inner: false };
    }
  }

  private group(frame: Frame, depth: number): { src: string; repeatable: boolean; inner: boolean } | null {
    const inner: Frame = { flags: { ...frame.flags }, hasQuantifier: false, hasAlternation: false, lookbehind: frame.lookbehind };
    let kind: 'capture' | 'plain' | 'atomic' | 'ahead' | 'notahead' | 'behind' | 'notbehind' = 'capture';
    let name: string | null = null;
    if (this.peek() === '*') throw new PcreError(`rshell: backtracking control verbs are not supported in -P patterns`);
    if (this.peek() === '?') {
      this.i++;
      const rest = this.p.slice(this.i);
      let m: RegExpExecArray | null;
      if (rest.startsWith('#')) {
        const end = this.p.indexOf(')', this.i);
        if (end < 0) throw new PcreError('missing ) after (?# comment');
        this.i = end + 1;
        return null;
      } else if (rest.startsWith(':')) {
        kind = 'plain';
        this.i++;
      } else if (rest.startsWith('>')) {
        kind = 'atomic';
        this.i++;
      } else if (rest.startsWith('=')) {
        kind = 'ahead';
        this.i++;
      } else if (rest.startsWith('!')) {
        kind = 'notahead';
        this.i++;
      } else if (rest.startsWith('<=')) {
        kind = 'behind';
        this.i += 2;
      } else if (rest.startsWith('<!')) {
        kind = 'notbehind';
        this.i += 2;
      } else if (/^(?:P?<|')\d/.test(rest)) {
        throw new PcreError('subpattern name must start with a non-digit');
      } else if ((m = /^(?:P?<([A-Za-z_][A-Za-z0-9_]*)>|'([A-Za-z_][A-Za-z0-9_]*)')/.exec(rest)) !== null) {
        name = m[1] ?? m[2] ?? '';
        this.i += m[0].length;
      } else if ((m = /^P=([A-Za-z_][A-Za-z0-9_]*)\)/.exec(rest)) !== null) {
        this.i += m[0].length;
        return { src: this.namedRef(m[1]!), repeatable: true, inner: false }; // the group matched
      } else if (/^(?:R|[+-]?\d|&|P>|\(|\||C)/.test(rest)) {
        throw new PcreError('rshell: recursion, conditionals, branch resets and callouts are not supported in -P patterns');
      } else {
        // flags: (?imsx-imsx) for the rest of the group, (?imsx-imsx:…) for a group of its own
        let on = true;
        for (;;) {
          const f = this.peek();
          if (f === undefined) throw new PcreError('missing closing parenthesis');
          this.i++;
          if (f === ')') {
            Object.assign(frame.flags, inner.flags);
            return null;
          }
          if (f === ':') {
            kind = 'plain';
            break;
          }
          if (f === '-' && on) on = false;
          else if (f === 'i' || f === 'x' || f === 's') inner.flags[f] = on;
          else if (f === 'm' || f === 'n' || f === 'U' || f === 'J') {
            if (f !== 'm') throw new PcreError(`rshell: the (?${f}) option is not supported in -P patterns`);
          } else throw new PcreError('unrecognized character after (? or (?-');
        }
      }
    }
    if (kind === 'behind' || kind === 'notbehind') inner.lookbehind = true;
    const outerVariable = this.variableLookbehind;
    this.variableLookbehind = false;
    let id: number | null = null;
    if (kind === 'capture') {
      id = ++this.ids;
      this.userGroups.push(id);
      if (name !== null) this.names.set(name, id);
    }
    const body = this.alternation(inner, depth + 1);
    if (this.peek() !== ')') throw new PcreError('missing closing parenthesis');
    this.i++;
    if (inner.lookbehind && !frame.lookbehind && this.variableLookbehind) throw new PcreError('lookbehind assertion is not fixed length');
    this.variableLookbehind = outerVariable || (frame.lookbehind && this.variableLookbehind);
    const innerRep = inner.hasQuantifier || inner.hasAlternation;
    if (innerRep) frame.hasQuantifier = frame.hasQuantifier || inner.hasQuantifier;
    switch (kind) {
      case 'capture':
        return { src: `(${OPEN}${id}${CLOSE}${body})`, repeatable: true, inner: innerRep };
      case 'plain':
        return { src: `(?:${body})`, repeatable: true, inner: innerRep };
      case 'atomic': {
        this.backtracking = true;
        const g = this.capture(body);
        return { src: `(?:(?=${g.src})${REF}${g.id}${REF_END})`, repeatable: true, inner: innerRep };
      }
      default:
        this.backtracking = true;
        return { src: `(?${{ ahead: '=', notahead: '!', behind: '<=', notbehind: '<!' }[kind]}${body})`, repeatable: kind === 'ahead' || kind === 'notahead', inner: innerRep };
    }
  }

  private namedRef(name: string): string {
    const id = this.names.get(name);
    if (id === undefined) throw new PcreError('reference to non-existent subpattern');
    this.backtracking = true;
    return `(?:${REF}${id}${REF_END})`;
  }

  private numberedRef(n: number): string {
    const id = this.userGroups[n - 1];
    if (id === undefined) throw new PcreError('reference to non-existent subpattern');
    this.backtracking = true;
    return `(?:${REF}${id}${REF_END})`;
  }

  /** one escape outside a class */
  private escape(frame: Frame): { src: string; repeatable: boolean; inner: boolean } | null {
    const c = this.peek();
    if (c === undefined) throw new PcreError('\\ at end of pattern');
    this.i++;
    const set = (s: Set8): { src: string; repeatable: boolean; inner: boolean } => ({ src: `[${setSource(s)}]`, repeatable: true, inner: false });
    switch (c) {
      case 'd': return set(DIGIT);
      case 'D': return set(complement(DIGIT));
      case 'w': return set(WORD);
      case 'W': return set(complement(WORD));
      case 's': return set(SPACE);
      case 'S': return set(complement(SPACE));
      case 'h': return set(HSPACE);
      case 'H': return set(complement(HSPACE));
      case 'v': return set(VSPACE);
      case 'V': return set(complement(VSPACE));
      case 'N': return set(complement([[10, 10]]));
      case 'R': return { src: '(?:\\r\\n|[\\n\\v\\f\\r\\x85])', repeatable: true, inner: false };
      case 'b': return { src: '\\b', repeatable: false, inner: false };
      case 'B': return { src: '\\B', repeatable: false, inner: false };
      case 'A': return { src: '^', repeatable: false, inner: false };
      case 'z': case 'Z': return { src: '$', repeatable: false, inner: false };
      case 'G': throw new PcreError('rshell: \\G is not supported in -P patterns');
      case 'K': {
        const g = this.capture('');
        this.kIds.push(g.id);
        return { src: g.src, repeatable: false, inner: false };
      }
      case 'Q': {
        const end = this.p.indexOf('\\E', this.i);
        const text = end < 0 ? this.p.slice(this.i) : this.p.slice(this.i, end);
        this.i = end < 0 ? this.p.length : end + 2;
        if (text === '') return null;
        return { src: `(?:${[...text].map((ch) => this.literal(ch.charCodeAt(0), frame)).join('')})`, repeatable: true, inner: false };
      }
      case 'E': return null;
      case 'p': case 'P': return set(this.property(c === 'P'));
      case 'k': case 'g': {
        const m = /^(?:\{(-?\d+|[A-Za-z_]\w*)\}|<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)'|(-?\d+))/.exec(this.p.slice(this.i));
        if (m === null) throw new PcreError(c === 'k' ? '\\k is not followed by a braced, angle-bracketed, or quoted name' : 'a numbered reference must not be zero');
        this.i += m[0].length;
        const ref = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
        if (/^-?\d+$/.test(ref)) {
          const n = Number(ref);
          return { src: this.numberedRef(n < 0 ? this.userGroups.length + 1 + n : n), repeatable: true, inner: false };
        }
        return { src: this.namedRef(ref), repeatable: true, inner: false };
      }
      default:
    }
    if (/[1-9]/.test(c)) {
      let digits = c;
      while (/[0-9]/.test(this.peek() ?? '')) digits += this.p[this.i++];
      const n = Number(digits);
      if (n <= this.userGroups.length || n < 10) return { src: this.numberedRef(n), repeatable: true, inner: false };
      // past the groups, `\101` is an octal character (up to three digits)
      const octal = /^[0-7]{1,3}/.exec(digits);
      if (octal === null) throw new PcreError('reference to non-existent subpattern');
      this.i -= digits.length - octal[0].length;
      return { src: this.literal(this.byteValue(parseInt(octal[0], 8)), frame), repeatable: true, inner: false };
    }
    return { src: this.literal(this.escapedCode(c), frame), repeatable: true, inner: false };
  }

  /** `\n`, `\x41`, `\x{41}`, `\0nn`, `\o{…}`, `\cX`, `\.` … as a byte */
  private escapedCode(c: string): number {
    const simple: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, a: 7, e: 27 };
    const s = simple[c];
    if (s !== undefined) return s;
    if (c === 'x') {
      if (this.peek() === '{') {
        const end = this.p.indexOf('}', this.i);
        const digits = end < 0 ? '' : this.p.slice(this.i + 1, end);
        if (!/^[0-9A-Fa-f]+$/.test(digits)) throw new PcreError('\\x{ is not followed by a hexadecimal number');
        this.i = end + 1;
        return this.byteValue(parseInt(digits, 16));
      }
      const m = /^[0-9A-Fa-f]{0,2}/.exec(this.p.slice(this.i))![0]; // matches the empty string at least
      this.i += m.length;
      return m === '' ? 0 : parseInt(m, 16);
    }
    if (c === 'o' && this.peek() === '{') {
      const end = this.p.indexOf('}', this.i);
      const digits = end < 0 ? '' : this.p.slice(this.i + 1, end);
      if (!/^[0-7]+$/.test(digits)) throw new PcreError('missing } after \\o{');
      this.i = end + 1;
      return this.byteValue(parseInt(digits, 8));
    }
    if (c === '0') {
      const m = /^[0-7]{0,2}/.exec(this.p.slice(this.i))![0]; // matches the empty string at least
      this.i += m.length;
      return parseInt('0' + m, 8);
    }
    if (c === 'c') {
      const x = this.peek();
      if (x === undefined) throw new PcreError('\\c at end of pattern');
      this.i++;
      return x.toUpperCase().charCodeAt(0) ^ 0x40;
    }
    if (/[A-Za-z]/.test(c)) throw new PcreError('unrecognized character follows \\');
    return c.charCodeAt(0);
  }

  private byteValue(v: number): number {
    if (v > 0xff) throw new PcreError('character code point value in \\x{} or \\o{} is too large');
    return v;
  }

  private property(negated: boolean): Set8 {
    if (this.peek() === '{') {
      const end = this.p.indexOf('}', this.i);
      if (end < 0) throw new PcreError('malformed \\P or \\p sequence');
      const name = this.p.slice(this.i + 1, end);
      this.i = end + 1;
      return propertySet(name, negated);
    }
    const n = this.peek();
    if (n === undefined) throw new PcreError('malformed \\P or \\p sequence');
    this.i++;
    return propertySet(n, negated);
  }

  /** after `[`: the class as JS source */
  private classAtom(frame: Frame): string {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    const set: Set8 = [];
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new PcreError('missing terminating ] for character class');
      if (c === ']' && !first) {
        this.i++;
        break;
      }
      first = false;
      if (c === '[' && (this.peek(1) === ':' || this.peek(1) === '.' || this.peek(1) === '=')) {
        const m = /^\[:(\^?)([a-z]+):\]/.exec(this.p.slice(this.i));
        if (m !== null) {
          const cls = POSIX[m[2]!];
          if (cls === undefined) throw new PcreError('unknown POSIX class name');
          set.push(...(m[1] === '^' ? complement(cls) : cls));
          this.i += m[0].length;
          continue;
        }
      }
      const lo = this.classMember();
      if (typeof lo !== 'number') {
        set.push(...lo);
        continue;
      }
      if (this.peek() === '-' && this.peek(1) !== undefined && this.peek(1) !== ']') {
        const save = this.i;
        this.i++;
        const hi = this.classMember();
        if (typeof hi !== 'number') {
          // `[a-\d]`: the `-` is a literal
          this.i = save;
          set.push([lo, lo]);
          continue;
        }
        if (hi < lo) throw new PcreError('range out of order in character class');
        set.push([lo, hi]);
        continue;
      }
      set.push([lo, lo]);
    }
    if (frame.flags.i) {
      for (const [a, b] of [...set]) {
        for (const [x, y, d] of [[0x41, 0x5a, 32], [0x61, 0x7a, -32]] as const) {
          const lo = Math.max(a, x);
          const hi = Math.min(b, y);
          if (lo <= hi) set.push([lo + d, hi + d]);
        }
      }
    }
    const final = negated ? complement(set) : set;
    return final.length === 0 ? '[^\\s\\S]' : `[${setSource(final)}]`;
  }

  /** one class member: a byte, or a set for `\d`, `\p{…}` … */
  private classMember(): number | Set8 {
    const c = this.peek()!; // the caller saw it
    this.i++;
    if (c !== '\\') return c.charCodeAt(0);
    const e = this.peek();
    if (e === undefined) throw new PcreError('\\ at end of pattern');
    this.i++;
    const sets: Record<string, Set8> = { d: DIGIT, w: WORD, s: SPACE, h: HSPACE, v: VSPACE };
    const lower = e.toLowerCase();
    const s = sets[lower];
    if (s !== undefined) return e === lower ? s : complement(s);
    if (e === 'p' || e === 'P') return this.property(e === 'P');
    if (e === 'b') return 8;
    if (e === 'Q' || e === 'E') return [];
    return this.escapedCode(e);
  }
}

/** the final source: capture ids numbered in order of their `(`, references to them rewritten */
function number(source: string): { source: string; numbers: Map<number, number> } {
  const numbers = new Map<number, number>();
  let n = 0;
  const opened = source.replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g'), (_m, id: string) => {
    numbers.set(Number(id), ++n);
    return '';
  });
  const final = opened.replace(new RegExp(`${REF}(\\d+)${REF_END}`, 'g'), (_m, id: string) => `\\${numbers.get(Number(id)) ?? 0}`);
  return { source: final, numbers };
}

export function compilePcre(patterns: readonly string[], opts: PcreOptions): PcreResult {
  if (patterns.length > 1) return { ok: false, message: 'the -P option only supports a single pattern' };
  const pattern = patterns[0] ?? '';
  const t = new Translator(pattern);
  let body: string;
  try {
    body = t.run(opts.icase);
  } catch (e) {
    if (e instanceof PcreError) return { ok: false, message: e.message };
    throw e;
  }
  // GNU grep's wrappers (pcresearch.c)
  let wrapped = body;
  if (opts.wholeLine) wrapped = `^(?:${body})$`;
  else if (opts.wholeWord) wrapped = `(?<![0-9A-Za-z_])(?:${body})(?![0-9A-Za-z_])`;
  const { source, numbers } = number(wrapped);
  // a nested repetition runs in time only on V8's linear-time engine (its fallback): refused when
  // that engine cannot take the pattern (look-around and back-references, -w's look-behind,
  // atomic groups, counts over 16)
  if (t.nested && ((t.backtracking || opts.wholeWord) || newLinearRegExp(source, 'g') === null)) {
    return { ok: false, message: 'rshell: a repetition of a repetition that V8\'s linear-time engine cannot run (look-around, back-references, atomic groups, counts over 16) could take exponential time; refused in -P patterns' };
  }
  const kGroups = t.kIds.map((id) => numbers.get(id) ?? 0);
  const made = newRegExp(source, kGroups.length > 0 ? 'gd' : 'g');
  if (!made.ok) return { ok: false, message: 'regular expression is too large' };
  return { ok: true, matcher: new PcreMatcher(made.re, kGroups) };
}

class PcreMatcher implements Matcher {
  readonly blockRegex = null;
  readonly literal = null;
  readonly lineDfa = null;
  readonly warnings: readonly string[] = [];

  constructor(
    private readonly re: RegExp,
    private readonly kGroups: readonly number[],
  ) {}

  test(record: string): boolean {
    this.re.lastIndex = 0;
    return this.re.test(record);
  }

  exec(record: string, from: number): ExecMatch | null {
    this.re.lastIndex = from;
    const m = this.re.exec(record);
    if (m === null) return null;
    let start = m.index;
    // \K: the match is reported from the last \K the match went through
    for (const g of this.kGroups) {
      const at = m.indices?.[g];
      if (at !== undefined) start = at[0];
    }
    return { start, end: m.index + m[0].length, groups: [...m] };
  }

  find(record: string, from: number): Match | null {
    const m = this.exec(record, from);
    return m === null ? null : { start: m.start, end: m.end };
  }
}
