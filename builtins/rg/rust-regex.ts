// Rust's regex syntax (regex 1.x, what ripgrep 13 uses) translated to a byte-level JS RegExp
// source over latin1-style byte strings. Unicode classes and non-ASCII literals become UTF-8 byte
// sequences (utf8.ts), case folding is spelled out per character (never the `i` flag), so the
// result runs without the `u` and `i` flags: V8's linear-time engine can take it over when it
// backtracks too much (lib/regex/engine.ts), as Rust's regex never backtracks at all.
// What Rust refuses (look-around, back-references) is refused with regex-syntax's message and
// span; `\b` is ASCII's word boundary here (Rust's is Unicode's: differs only next to non-ASCII
// letters).

import { bytePattern, byteLiteral, intersect, negate, normalize, rangesOf, type Ranges } from './utf8.js';

export interface RustRegex {
  source: string;
  /** capture groups in the source (the user's, numbered as in Rust) */
  groups: number;
  names: Map<string, number>;
  /** a literal upper-case character (ripgrep's smart case looks at these) */
  hasUpper: boolean;
}

export interface RegexError {
  message: string;
  start: number;
  end: number;
}

interface Flags {
  i: boolean;
  s: boolean;
  x: boolean;
  U: boolean;
  u: boolean;
  m: boolean;
}

/** `\b`/`\B` in Unicode mode; see unicodeBoundaries */
export const WORD_BOUNDARY = '\uE000';
export const NOT_WORD_BOUNDARY = '\uE001';

/**
 * The source with Unicode word boundaries, spelled with look-around over the UTF-8 of `\w`, and
 * with ASCII's `\b` (the same on ASCII text, and runnable by V8's linear-time engine); null when
 * the pattern has none.
 */
export function boundarySources(source: string): { ascii: string; unicode: string } | null {
  if (!source.includes(WORD_BOUNDARY) && !source.includes(NOT_WORD_BOUNDARY)) return null;
  const w = bytePattern(rangesOf(WORD) ?? []);
  const at = `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;
  const notAt = `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w}))`;
  return {
    ascii: source.replaceAll(WORD_BOUNDARY, '\\b').replaceAll(NOT_WORD_BOUNDARY, '\\B'),
    unicode: source.replaceAll(WORD_BOUNDARY, at).replaceAll(NOT_WORD_BOUNDARY, notAt),
  };
}

class Fail {
  constructor(readonly err: RegexError) {}
}

const WORD = '[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]';
const UNI_PERL: Record<string, string> = { d: '\\p{Nd}', s: '\\p{White_Space}', w: WORD };
const ASCII_PERL: Record<string, Ranges> = {
  d: [[0x30, 0x39]],
  s: [[9, 13], [32, 32]],
  w: [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]],
};
const POSIX: Record<string, Ranges> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  ascii: [[0, 0x7f]],
  blank: [[9, 9], [32, 32]],
  cntrl: [[0, 0x1f], [0x7f, 0x7f]],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[9, 13], [32, 32]],
  upper: [[0x41, 0x5a]],
  word: [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]],
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
};
const META = new Set('\\.+*?()|[]{}^$#&-~'.split(''));
const SIMPLE_ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, v: 11, a: 7 };

/** the Unicode property a `\p` name stands for, as a `u` class V8 knows, or null */
function propertyClass(name: string): string | null {
  const clean = name.replace(/[\s_-]/g, '');
  const eq = clean.indexOf('=');
  const candidates: string[] = [];
  const title = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
  if (eq >= 0) {
    const key = clean.slice(0, eq).toLowerCase();
    const value = clean.slice(eq + 1);
    const keyName = key === 'sc' || key === 'script' ? 'Script' : key === 'scx' ? 'Script_Extensions' : key === 'gc' || key === 'generalcategory' ? 'General_Category' : null;
    if (keyName !== null) candidates.push(`${keyName}=${value}`, `${keyName}=${title(value)}`, `${keyName}=${value.toUpperCase()}`);
  } else {
    const known = PROPERTY_NAMES.get(clean.toLowerCase());
    if (known !== undefined) candidates.push(known);
    candidates.push(clean, title(clean), `Script=${title(clean)}`, clean.toUpperCase());
  }
  for (const c of candidates) {
    try {
      new RegExp(`\\p{${c}}`, 'u');
      return `\\p{${c}}`;
    } catch {
      // try the next spelling
    }
  }
  return null;
}

/** loose names V8 spells otherwise (Rust matches names ignoring case, spaces, `_` and `-`) */
const PROPERTY_NAMES = new Map<string, string>([
  ['any', 'Any'], ['ascii', 'ASCII'], ['assigned', 'Assigned'], ['l', 'L'], ['lu', 'Lu'], ['ll', 'Ll'], ['lt', 'Lt'],
  ['lm', 'Lm'], ['lo', 'Lo'], ['m', 'M'], ['n', 'N'], ['nd', 'Nd'], ['p', 'P'], ['s', 'S'], ['z', 'Z'], ['c', 'C'],
  ['letter', 'Letter'], ['uppercaseletter', 'Uppercase_Letter'], ['lowercaseletter', 'Lowercase_Letter'],
  ['number', 'Number'], ['digit', 'Nd'], ['punctuation', 'Punctuation'], ['symbol', 'Symbol'], ['separator', 'Separator'],
  ['whitespace', 'White_Space'], ['alphabetic', 'Alphabetic'], ['uppercase', 'Uppercase'], ['lowercase', 'Lowercase'],
  ['emoji', 'Emoji'], ['han', 'Script=Han'], ['greek', 'Script=Greek'], ['latin', 'Script=Latin'], ['cyrillic', 'Script=Cyrillic'],
]);

/** the simple case variants of each code point in the set (Rust's (?i)) */
function foldRanges(ranges: Ranges): Ranges {
  const out: Ranges = [...ranges];
  for (const [s, e] of ranges) {
    if (e - s > 5000) {
      // a large range: the ASCII letters it covers, other-cased; the rest is large anyway
      for (const [a, b, d] of [[0x41, 0x5a, 32], [0x61, 0x7a, -32]] as const) {
        const lo = Math.max(s, a);
        const hi = Math.min(e, b);
        if (lo <= hi) out.push([lo + d, hi + d]);
      }
      continue;
    }
    for (let c = s; c <= e; c++) for (const v of caseVariants(c)) if (v !== c) out.push([v, v]);
  }
  return normalize(out);
}

const SPECIAL_FOLDS: Record<number, number[]> = { 0x6b: [0x212a], 0x4b: [0x212a], 0x212a: [0x6b, 0x4b], 0x73: [0x17f], 0x53: [0x17f], 0x17f: [0x73, 0x53], 0xe5: [0x212b], 0xc5: [0x212b], 0x212b: [0xe5, 0xc5] };

function caseVariants(c: number): number[] {
  if (c >= 0xd800 && c <= 0xdfff) return [c];
  const ch = String.fromCodePoint(c);
  const set = new Set<number>([c]);
  for (const v of [ch.toLowerCase(), ch.toUpperCase()]) {
    const cp = v.codePointAt(0);
    if (cp !== undefined && String.fromCodePoint(cp) === v) {
      set.add(cp);
      const back = String.fromCodePoint(cp).toLowerCase().codePointAt(0);
      if (back !== undefined) set.add(back);
    }
  }
  for (const v of SPECIAL_FOLDS[c] ?? []) set.add(v);
  return [...set];
}

const hasUpperCase = (c: number): boolean => {
  const ch = String.fromCodePoint(c);
  return ch !== ch.toLowerCase();
};

class Parser {
  private i = 0;
  private groups = 0;
  private readonly names = new Map<string, number>();
  hasUpper = false;
  private readonly chars: string[];

  constructor(pattern: string) {
    this.chars = [...pattern];
  }

  fail(message: string, start: number, end = start + 1): never {
    throw new Fail({ message, start, end });
  }

  peek(k = 0): string | undefined {
    return this.chars[this.i + k];
  }

  parse(flags: Flags): RustRegex {
    const source = this.alternation({ ...flags }, 0);
    if (this.i < this.chars.length) this.fail('unopened group', this.i);
    return { source, groups: this.groups, names: this.names, hasUpper: this.hasUpper };
  }

  private skipSpace(flags: Flags): void {
    if (!flags.x) return;
    for (;;) {
      const c = this.peek();
      if (c === undefined) return;
      if (c === '#') {
        while (this.peek() !== undefined && this.peek() !== '\n') this.i++;
      } else if (/\s/.test(c)) this.i++;
      else return;
    }
  }

  private alternation(flags: Flags, depth: number): string {
    const branches: string[] = [this.concat(flags, depth)];
    while (this.peek() === '|') {
      this.i++;
      branches.push(this.concat(flags, depth));
    }
    return branches.join('|');
  }

  private concat(flags: Flags, depth: number): string {
    let out = '';
    /** the last atom, and what repeats it so far */
    let last: string | null = null;
    let repeated = '';
    let lastStart = 0;
    for (;;) {
      this.skipSpace(flags);
      const c = this.peek();
      if (c === undefined || c === '|') break;
      if (c === ')') {
        if (depth === 0) this.fail('unopened group', this.i);
        break;
      }
      if (c === '*' || c === '+' || c === '?' || c === '{') {
        if (last === null) this.fail('repetition operator missing expression', this.i);
        const q = this.quantifier(flags);
        // Rust accepts a repetition of a repetition (`x**`): JS needs a group for it
        repeated = repeated === '' && isUnit(last) ? last + q : `(?:${repeated === '' ? last : repeated})${q}`;
        out = out.slice(0, lastStart) + repeated;
        continue;
      }
      const atom = this.atom(flags, depth);
      if (atom === null) continue; // a flag group: it changed `flags`
      lastStart = out.length;
      out += atom;
      last = atom;
      repeated = '';
    }
    return out;
  }

  private quantifier(flags: Flags): string {
    const start = this.i;
    const c = this.peek()!; // the caller saw it
    this.i++;
    let q: string;
    if (c === '{') {
      this.skipSpace(flags);
      const min = this.decimal(start);
      this.skipSpace(flags);
      let max: number | null = min;
      if (this.peek() === ',') {
        this.i++;
        this.skipSpace(flags);
        max = this.peek() === '}' ? null : this.decimal(start);
        this.skipSpace(flags);
      }
      if (this.peek() !== '}') this.fail('unclosed counted repetition', start, this.i);
      this.i++;
      if (max !== null && min > max) this.fail('invalid repetition count range, the start must be <= the end', start, this.i);
      q = max === min ? `{${min}}` : `{${min},${max ?? ''}}`;
    } else q = c;
    let lazy = flags.U;
    if (this.peek() === '?') {
      this.i++;
      lazy = !lazy;
    }
    return lazy ? q + '?' : q;
  }

  private decimal(braceAt: number): number {
    const from = this.i;
    while (/[0-9]/.test(this.peek() ?? '')) this.i++;
    if (from === this.i) {
      if (this.peek() === undefined) this.fail('unclosed counted repetition', braceAt, this.i);
      this.fail('repetition quantifier expects a valid decimal', this.i);
    }
    return Number(this.chars.slice(from, this.i).join(''));
  }

  private atom(flags: Flags, depth: number): string | null {
    const start = this.i;
    const c = this.peek()!; // the caller saw it
    this.i++;
    switch (c) {
      case '(':
        return this.group(flags, depth, start);
      case '[':
        return this.classAtom(flags, start);
      case '.':
        if (!flags.u) return flags.s ? '[^]' : '[^\\n]';
        return bytePattern(flags.s ? [[0, 0x10ffff]] : [[0, 9], [11, 0x10ffff]]);
      case '^':
        return flags.m ? '(?:^|(?<=\\n))' : '^';
      case '$':
        return flags.m ? '(?:$|(?=\\n))' : '$';
      case '\\':
        return this.escape(flags, start);
      default:
        return this.literal(c.codePointAt(0)!, flags); // one code point from the array
    }
  }

  literal(cp: number, flags: Flags): string {
    if (hasUpperCase(cp)) this.hasUpper = true;
    if (flags.i) {
      const variants = caseVariants(cp);
      if (variants.length > 1) return this.setPattern(variants.map((v) => [v, v]), flags, false);
    }
    if (cp < 0x80) {
      const ch = String.fromCharCode(cp);
      return /[\\^$.*+?()[\]{}|/]/.test(ch) ? '\\' + ch : cp < 0x20 || cp === 0x7f ? byteLiteral(cp) : ch;
    }
    if (!flags.u && cp <= 0xff) return byteLiteral(cp).slice(0, 4);
    return byteLiteral(cp);
  }

  /** a set of code points (bytes when (?-u)) as a pattern; folded under (?i) unless done */
  private setPattern(ranges: Ranges, flags: Flags, fold: boolean): string {
    let r = normalize(ranges);
    if (fold && flags.i) r = foldRanges(r);
    if (!flags.u) {
      const parts = r.filter(([s]) => s <= 0xff).map(([s, e]) => {
        const hi = Math.min(e, 0xff);
        const h = (b: number): string => '\\x' + b.toString(16).padStart(2, '0');
        return s === hi ? h(s) : `${h(s)}-${h(hi)}`;
      });
      return parts.length === 0 ? '[^\\s\\S]' : `[${parts.join('')}]`;
    }
    return bytePattern(r);
  }

  private group(flags: Flags, depth: number, start: number): string | null {
    let capture: number | null = null;
    const inner = { ...flags };
    if (this.peek() === '?') {
      this.i++;
      const c = this.peek();
      if (c === '=' || c === '!') this.fail('look-around, including look-ahead and look-behind, is not supported', start, this.i + 1);
      if (c === '<' && (this.peek(1) === '=' || this.peek(1) === '!')) this.fail('look-around, including look-ahead and look-behind, is not supported', start, this.i + 2);
      if (c === 'P' && this.peek(1) === '<') {
        this.i += 2;
        const nameStart = this.i;
        while (this.peek() !== undefined && this.peek() !== '>') {
          const ch = this.peek()!;
          const ok = this.i === nameStart ? /[A-Za-z_]/.test(ch) : /[A-Za-z0-9_.[\]]/.test(ch);
          if (!ok) this.fail('invalid capture group character', this.i);
          this.i++;
        }
        if (this.peek() === undefined) this.fail('unclosed capture group name', nameStart, this.i);
        const name = this.chars.slice(nameStart, this.i).join('');
        if (name === '') this.fail('empty capture group name', this.i);
        if (this.names.has(name)) this.fail('duplicate capture group name', nameStart, this.i);
        this.i++;
        capture = ++this.groups;
        this.names.set(name, capture);
      } else {
        // flags: (?flags) for the rest of this group, (?flags:…) for a group of its own
        let negate = false;
        for (;;) {
          const f = this.peek();
          if (f === undefined) this.fail('expected flag but got end of regex', this.i);
          this.i++;
          if (f === ')') {
            Object.assign(flags, inner);
            return null;
          }
          if (f === ':') break;
          if (f === '-') {
            if (negate) this.fail('unrecognized flag', this.i - 1);
            negate = true;
            continue;
          }
          if (!'isxUum'.includes(f)) this.fail('unrecognized flag', this.i - 1);
          inner[f as keyof Flags] = !negate;
        }
      }
    } else capture = ++this.groups;
    const body = this.alternation(inner, depth + 1);
    if (this.peek() !== ')') this.fail('unclosed group', start);
    this.i++;
    return capture === null ? `(?:${body})` : `(${body})`;
  }

  private escape(flags: Flags, start: number): string {
    const c = this.peek();
    if (c === undefined) this.fail('incomplete escape sequence, reached end of pattern prematurely', start);
    this.i++;
    if (/[1-9]/.test(c) || c === '0') this.fail('backreferences are not supported', start, this.i);
    switch (c) {
      // Unicode word boundaries when (?u) is on: placeholders the matcher spells two ways
      case 'b': return flags.u ? WORD_BOUNDARY : '\\b';
      case 'B': return flags.u ? NOT_WORD_BOUNDARY : '\\B';
      case 'A': return '^';
      case 'z': return '$';
      case 'd': case 's': case 'w': case 'D': case 'S': case 'W':
      case 'p': case 'P':
        return this.setPattern(this.classEscape(c, flags, start), flags, c === 'p' || c === 'P');
      default:
    }
    const cp = this.escapedCodePoint(c, flags, start);
    return this.literal(cp, flags);
  }

  /** a literal escape (`\n`, `\x41`, `\.`); fails on what Rust does not know */
  private escapedCodePoint(c: string, _flags: Flags, start: number): number {
    if (META.has(c) || c === ' ') return c.charCodeAt(0);
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) return simple;
    if (c === 'x' || c === 'u' || c === 'U') {
      const width = c === 'x' ? 2 : c === 'u' ? 4 : 8;
      if (this.peek() === '{') {
        const open = this.i;
        this.i++;
        const from = this.i;
        while (this.peek() !== undefined && this.peek() !== '}') this.i++;
        if (this.peek() === undefined) this.fail('unclosed hexadecimal literal', open, this.i);
        const digits = this.chars.slice(from, this.i).join('');
        this.i++;
        if (!/^[0-9a-fA-F]{1,8}$/.test(digits)) this.fail('hexadecimal literal empty', from, this.i - 1);
        const v = parseInt(digits, 16);
        if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) this.fail('hexadecimal literal is not a Unicode scalar value', from, this.i - 1);
        return v;
      }
      const from = this.i;
      for (let k = 0; k < width; k++) {
        const d = this.peek();
        if (d === undefined) this.fail('incomplete escape sequence, reached end of pattern prematurely', this.i);
        if (!/[0-9a-fA-F]/.test(d)) this.fail('invalid hexadecimal digit', this.i);
        this.i++;
      }
      return parseInt(this.chars.slice(from, this.i).join(''), 16);
    }
    return this.fail('unrecognized escape sequence', start, this.i);
  }

  /** `\d \w \s \p{…}` and their negations, as code point ranges (bytes under (?-u)) */
  private classEscape(c: string, flags: Flags, start: number): Ranges {
    const lower = c.toLowerCase();
    let ranges: Ranges;
    if (lower === 'p') {
      let name: string;
      if (this.peek() === '{') {
        const from = this.i + 1;
        while (this.peek() !== undefined && this.peek() !== '}') this.i++;
        if (this.peek() === undefined) this.fail('unclosed Unicode class literal', start, this.i);
        name = this.chars.slice(from, this.i).join('');
        this.i++;
      } else {
        const n = this.peek();
        if (n === undefined) this.fail('incomplete escape sequence, reached end of pattern prematurely', this.i);
        name = n;
        this.i++;
      }
      const cls = propertyClass(name);
      const r = cls === null ? null : rangesOf(cls);
      if (r === null) this.fail('Unicode property not found', start, this.i);
      ranges = r;
    } else if (flags.u) {
      ranges = rangesOf(UNI_PERL[lower]!) ?? []; // d, s, w: in the table
    } else ranges = ASCII_PERL[lower]!;
    if (c !== lower) ranges = flags.u ? negate(ranges) : negate(ranges).filter(([s]) => s <= 0xff);
    return ranges;
  }

  private classAtom(flags: Flags, start: number): string {
    const ranges = this.classBody(flags, start);
    if (ranges.length === 0) this.fail('empty character classes are not allowed', start, this.i);
    return this.setPattern(ranges, flags, true);
  }

  /** after `[`: the set up to its `]` (nested classes, `&&`, `--`, `~~`) */
  private classBody(flags: Flags, start: number): Ranges {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    let acc: Ranges = [];
    let op: string | null = null;
    let lhs: Ranges | null = null;
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail('unclosed character class', start, this.i);
      if (c === ']' && !first) {
        this.i++;
        break;
      }
      first = false;
      const two = c + (this.peek(1) ?? '');
      if (two === '&&' || two === '--' || two === '~~') {
        this.i += 2;
        lhs = lhs === null ? acc : combine(lhs, acc, op);
        op = two;
        acc = [];
        continue;
      }
      acc.push(...this.classItem(flags));
    }
    let set = lhs === null ? acc : combine(lhs, acc, op);
    set = normalize(set);
    if (flags.i) set = foldRanges(set);
    if (negated) set = flags.u ? negate(set) : negate(set).filter(([s]) => s <= 0xff);
    return set;
  }

  private classItem(flags: Flags): Ranges {
    const itemStart = this.i;
    const c = this.peek()!; // the caller saw it
    if (c === '[') {
      if (this.peek(1) === ':') {
        const close = this.chars.indexOf(']', this.i + 2);
        const body = close < 0 ? '' : this.chars.slice(this.i + 2, close).join('');
        const m = /^(\^?)([a-z]+):$/.exec(body);
        const cls = m === null ? undefined : POSIX[m[2]!];
        if (m !== null && cls !== undefined) {
          this.i = close + 1;
          return m[1] === '^' ? negate(cls) : cls;
        }
      }
      this.i++;
      return this.classBody(flags, itemStart);
    }
    const lo = this.classChar(flags);
    if (typeof lo !== 'number') return lo;
    if (this.peek() === '-' && this.peek(1) !== undefined && this.peek(1) !== ']') {
      this.i++;
      const hi = this.classChar(flags);
      if (typeof hi !== 'number') this.fail('invalid range boundary, must be a literal', this.i - 2, this.i);
      if (hi < lo) this.fail('invalid character class range, the start must be <= the end', itemStart, this.i);
      return [[lo, hi]];
    }
    return [[lo, lo]];
  }

  /** one class member: a code point, or a set for `\d`, `\p{…}` */
  private classChar(flags: Flags): number | Ranges {
    const start = this.i;
    const c = this.peek()!; // the caller saw it
    this.i++;
    if (c !== '\\') {
      const cp = c.codePointAt(0)!; // one code point from the array
      if (hasUpperCase(cp)) this.hasUpper = true;
      return cp;
    }
    const e = this.peek();
    if (e === undefined) this.fail('incomplete escape sequence, reached end of pattern prematurely', start);
    this.i++;
    if ('dswDSWpP'.includes(e)) {
      const r = this.classEscape(e, flags, start);
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) this.fail('invalid range boundary, must be a literal', start, this.i);
      return r;
    }
    if (/[0-9]/.test(e)) this.fail('backreferences are not supported', start, this.i);
    if (e === 'b' || e === 'B' || e === 'A' || e === 'z') this.fail('unrecognized escape sequence', start, this.i);
    return this.escapedCodePoint(e, flags, start);
  }
}

/** one atom a quantifier may follow without a group: a class, a group, one byte */
function isUnit(src: string): boolean {
  if (src === WORD_BOUNDARY || src === NOT_WORD_BOUNDARY) return false;
  if (/^(?:\\x[0-9a-f]{2}|\\.|[^\\])$/s.test(src)) return src !== '^' && src !== '$' && src !== '\\b' && src !== '\\B';
  if (src.startsWith('[') && src.endsWith(']') && src.indexOf(']') === src.length - 1) return true;
  return src.startsWith('(') && balancedGroup(src);
}

/** `(…)` that closes only at its last character */
function balancedGroup(src: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let k = 0; k < src.length; k++) {
    const ch = src[k];
    if (ch === '\\') {
      k++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth === 0 && k !== src.length - 1) return false;
    }
  }
  return depth === 0;
}

function combine(lhs: Ranges, rhs: Ranges, op: string | null): Ranges {
  if (op === '&&') return intersect(lhs, rhs);
  if (op === '--') return intersect(lhs, negate(rhs));
  // symmetric difference
  return normalize([...intersect(lhs, negate(rhs)), ...intersect(rhs, negate(lhs))]);
}

export interface TranslateOptions {
  icase: boolean;
  /** -U: `^`/`$` at line ends inside the buffer */
  multiline?: boolean;
  dotall?: boolean;
}

/** a Rust pattern as JS source, or the parse error regex-syntax reports */
export function translateRust(pattern: string, opts: TranslateOptions): { ok: true; regex: RustRegex } | { ok: false; error: RegexError } {
  try {
    const parser = new Parser(pattern);
    const regex = parser.parse({ i: opts.icase, s: opts.dotall === true, x: false, U: false, u: true, m: opts.multiline === true });
    return { ok: true, regex };
  } catch (e) {
    if (e instanceof Fail) return { ok: false, error: e.err };
    throw e;
  }
}

/** `regex parse error:` as ripgrep prints it: the pattern, carets under the span, the message */
export function formatRegexError(pattern: string, err: RegexError): string {
  const lines = pattern.split('\n');
  if (lines.length === 1) {
    const width = Math.max(1, err.end - err.start);
    return `regex parse error:\n    ${pattern}\n    ${' '.repeat(err.start)}${'^'.repeat(width)}\nerror: ${err.message}\n`;
  }
  return `regex parse error:\n${lines.map((l, k) => `${String(k + 1).padStart(1)}: ${l}`).join('\n')}\nerror: ${err.message}\n`;
}

/** a literal string (-F) as JS source over bytes */
export function literalSource(text: string, icase: boolean): string {
  const parser = new Parser('');
  let out = '';
  for (const ch of text) out += parser.literal(ch.codePointAt(0)!, { i: icase, s: false, x: false, U: false, u: true, m: false });
  return out;
}
