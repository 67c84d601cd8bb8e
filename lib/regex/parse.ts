// POSIX BRE/ERE parser with GNU extensions, C locale, GNU grep's error texts.
//
// BRE: \( \) \{ \} \| \+ \? are operators; `*` is literal at the start of an expression; `^` is an
// anchor only at the start (of the pattern, after \( or \|), `$` only at the end (of the pattern,
// before \) or \|). ERE: ( ) { } | + ? * are operators; a quantifier with nothing to repeat is
// ignored with GNU's "warning: * at start of expression" (after a leading anchor, GNU grep's dfa
// reading applies it to the anchor: ParseOptions.dfa; glibc's regcomp reading drops it and takes a
// `)` after it literally: ParseOptions.regcomp); `{` that does not start a valid interval is
// literal; an unmatched `)` is literal. Errors are glibc regcomp's, which GNU grep reports before
// its dfa runs. Both: \1–\9, \w \W \s \S \b \B \< \> \` \', other escaped characters stand
// for themselves.

import { type ByteSet, type Node, RE_DUP_MAX, newByteSet } from './ast.js';
import type { CompileStep } from './compile-meter.js';
import { parseBracket } from './bracket.js';
import { classBytes } from './bracket.js';

export type Syntax = 'basic' | 'extended';

export interface ParsedPattern {
  root: Node;
  groups: number;
  hasBackrefs: boolean;
  warnings: string[];
  /**
   * (ParseOptions.dfa) an error only GNU grep's dfa reports, after glibc accepted the pattern
   * (`{32768}` with nothing to repeat: glibc reads it literally, dfa as an interval too big),
   * with the number of warnings dfa printed before it
   */
  dfaError?: { message: string; warnings: number };
}

export type ParseResult = { ok: true; value: ParsedPattern } | { ok: false; message: string };

class ParseError {
  constructor(readonly message: string) {}
}

function complement(s: ByteSet): ByteSet {
  const out = newByteSet();
  for (let b = 0; b < 256; b++) out[b] = s[b] ? 0 : 1;
  return out;
}

/** \w \W \s \S, made at the first pattern that uses one (not at every CLI start, issue #7) */
let escapeSets: Record<string, ByteSet> | null = null;

function escapeSet(e: string): ByteSet | undefined {
  if (escapeSets === null) {
    // classes classBytes knows
    const word = classBytes('alnum')!;
    word[0x5f] = 1;
    const space = classBytes('space')!;
    escapeSets = { w: word, W: complement(word), s: space, S: complement(space) };
  }
  return escapeSets[e];
}

const ESCAPE_ASSERTS: Record<string, Node> = {
  b: { type: 'assert', kind: 'word-boundary' },
  B: { type: 'assert', kind: 'not-word-boundary' },
  '<': { type: 'assert', kind: 'word-start' },
  '>': { type: 'assert', kind: 'word-end' },
  '`': { type: 'assert', kind: 'bol', buffer: true },
  "'": { type: 'assert', kind: 'eol', buffer: true },
};

class Parser {
  private i = 0;
  private groupCount = 0;
  private closedGroups = new Set<number>();
  private depth = 0;
  /**
   * ERE: `)` that glibc's regcomp (which GNU grep runs first, for the errors) reads as a literal
   * while the dfa matcher closes a group with it, not yet balanced by an unmatched `)` (see
   * noteGlibcSkip); left over at the end, glibc's "Unmatched ( or \(" is the error
   */
  private glibcOpen = 0;
  hasBackrefs = false;
  warnings: string[] = [];
  dfaError: { message: string; warnings: number } | undefined;

  constructor(
    private readonly p: string,
    private readonly ere: boolean,
    /** ERE read as glibc's regcomp reads it (see ParseOptions.regcomp) */
    private readonly regcomp = false,
    /** ERE read as GNU grep's dfa matcher reads it (see ParseOptions.dfa) */
    private readonly dfa = false,
    /** the caller's deadline check, per atom */
    private readonly step: CompileStep | undefined = undefined,
  ) {}

  parseAll(): ParsedPattern {
    const root = this.parseAlternation();
    if (this.i < this.p.length) {
      // only an unmatched close paren stops parseAlternation early
      throw new ParseError('Unmatched ) or \\)');
    }
    if (this.glibcOpen > 0) throw new ParseError('Unmatched ( or \\(');
    const parsed: ParsedPattern = { root, groups: this.groupCount, hasBackrefs: this.hasBackrefs, warnings: this.warnings };
    if (this.dfaError !== undefined) parsed.dfaError = this.dfaError;
    return parsed;
  }

  private atAlternation(): boolean {
    if (this.ere) return this.p[this.i] === '|';
    return this.p[this.i] === '\\' && this.p[this.i + 1] === '|';
  }

  private atGroupClose(): boolean {
    if (this.depth === 0) return false;
    if (this.ere) return this.p[this.i] === ')';
    return this.p[this.i] === '\\' && this.p[this.i + 1] === ')';
  }

  private parseAlternation(): Node {
    // glibc: a back-reference may only name a group completed in its own alternative (or
    // before the alternation), so each branch starts from the groups known at the start
    const initial = new Set(this.closedGroups);
    const alternatives: Node[] = [this.parseBranch()];
    while (this.i < this.p.length && this.atAlternation()) {
      this.i += this.ere ? 1 : 2;
      const accumulated = this.closedGroups;
      this.closedGroups = new Set(initial);
      alternatives.push(this.parseBranch());
      for (const g of accumulated) this.closedGroups.add(g);
    }
    return alternatives.length === 1 ? alternatives[0]! : { type: 'alt', alternatives };
  }

  private parseBranch(): Node {
    const items: Node[] = [];
    const branchStart = this.i;
    if (this.ere) this.noteGlibcSkip();
    while (this.i < this.p.length && !this.atAlternation() && !this.atGroupClose()) {
      if (!this.ere && this.p[this.i] === '\\' && this.p[this.i + 1] === ')') {
        throw new ParseError('Unmatched ) or \\)');
      }
      if (this.regcomp && this.ere && '*+?{'.includes(this.p[this.i]!) && (items.length === 0 || items[items.length - 1]!.type === 'assert')) {
        // glibc: nothing to repeat (an anchor takes no quantifier): the quantifier character is
        // skipped and what follows read anew, a `)` as a literal (`^*a` is `^a`, `(a|*))` is `(a|\))`)
        this.i++;
        while (this.i < this.p.length && '*+?'.includes(this.p[this.i]!)) this.i++;
        if (this.p[this.i] === ')') {
          this.i++;
          items.push(this.parseQuantifiers({ type: 'literal', byte: 0x29 }));
        }
        continue;
      }
      this.step?.();
      const atom = this.parseAtom(items, branchStart);
      if (atom === null) continue;
      // GNU dfa's "laststart": while only anchors/word assertions have been seen in this branch,
      // a quantifier has nothing to repeat. BRE: it is literal. ERE: it warns, and applies to the
      // assertion before it, if any (`^*a` is `(^)*a`: an `a` anywhere), else to nothing (the
      // dfa reading; otherwise, as glibc, it is dropped: `^a`). A quantified assertion is just
      // the assertion (min > 0) or nothing (collapsed).
      if (atom.type === 'assert' && (this.quantifierStart(items) || this.regcomp)) {
        if (this.ere) this.noteGlibcSkip();
        if (!this.ere || !this.dfa) {
          items.push(atom);
          continue;
        }
        const q = this.parseQuantifiers(atom, true);
        if (q.type !== 'concat' || q.items.length > 0) items.push(q);
        continue;
      }
      if (this.ere && atom.type === 'assert') this.noteGlibcSkip();
      items.push(this.parseQuantifiers(atom));
    }
    return items.length === 1 ? items[0]! : { type: 'concat', items };
  }

  /** Is the quantifier at this.i one that has nothing to repeat? */
  private quantifierStart(items: Node[]): boolean {
    return items.every((n) => n.type === 'assert');
  }

  /** parseBranch calls this only while this.i < p.length */
  private parseAtom(items: Node[], branchStart: number): Node | null {
    const p = this.p;
    const c = p[this.i]!;
    if (this.ere) {
      switch (c) {
        case '(':
          return this.parseGroup(1);
        case ')':
          // unmatched: literal (for glibc too, which may close with it a group it left open)
          if (this.glibcOpen > 0) this.glibcOpen--;
          this.i++;
          return { type: 'literal', byte: 0x29 };
        case '*':
        case '+':
        case '?':
          if (this.quantifierStart(items)) {
            this.warnings.push(`${c} at start of expression`);
            this.i++;
            return null;
          }
          break;
        case '{': {
          const end = this.quantifierStart(items) ? this.intervalAhead(this.i + 1) : null;
          if (end !== null) {
            this.startInterval(end.max);
            this.i = end.next;
            return null;
          }
          this.i++;
          return { type: 'literal', byte: 0x7b };
        }
        case '^':
          this.i++;
          return { type: 'assert', kind: 'bol' };
        case '$':
          this.i++;
          return { type: 'assert', kind: 'eol' };
      }
    } else {
      if (c === '*' && (this.i === branchStart || this.quantifierStartBre(items))) {
        this.i++;
        return { type: 'literal', byte: 0x2a };
      }
      if (c === '^' && this.i === branchStart) {
        this.i++;
        return { type: 'assert', kind: 'bol' };
      }
      if (c === '$' && this.atBreEnd(this.i + 1)) {
        this.i++;
        return { type: 'assert', kind: 'eol' };
      }
      if (c === '\\' && p[this.i + 1] === '(') return this.parseGroup(2);
      if (c === '\\' && p[this.i + 1] === '{' && this.quantifierStartBre(items)) {
        // nothing to repeat: GNU takes \{ literally here
        this.i += 2;
        return { type: 'literal', byte: 0x7b };
      }
    }
    switch (c) {
      case '.':
        this.i++;
        return { type: 'any' };
      case '[': {
        const r = parseBracket(p, this.i + 1);
        if (!r.ok) throw new ParseError(r.message);
        this.i = r.next;
        return { type: 'set', bytes: r.bytes, negated: r.negated };
      }
      case '\\':
        return this.parseEscape();
      default:
        this.i++;
        return { type: 'literal', byte: c.charCodeAt(0) };
    }
  }

  /**
   * glibc's regcomp (ERE) skips a quantifier with nothing before it to repeat (at the start of a
   * branch, or after an anchor, which takes no quantifier there) and parses what follows as a
   * new expression: a `)` there is a literal character, so its group stays open (`(*)`,
   * `(a^*)`: "Unmatched ( or \("), though GNU dfa closes the group with it. Called where such
   * a skip can start.
   */
  private noteGlibcSkip(): void {
    if (this.regcomp) return; // that parse takes the `)` as a literal itself
    let j = this.i;
    while (j < this.p.length && '*+?{'.includes(this.p[j]!)) j++;
    if (j > this.i && this.p[j] === ')' && this.depth > 0) this.glibcOpen++;
  }

  private quantifierStartBre(items: Node[]): boolean {
    return items.every((n) => n.type === 'assert');
  }

  private atBreEnd(j: number): boolean {
    if (j >= this.p.length) return true;
    return this.p[j] === '\\' && (this.p[j + 1] === ')' || this.p[j + 1] === '|');
  }

  private parseGroup(openLen: number): Node {
    this.i += openLen;
    const index = ++this.groupCount;
    this.depth++;
    const body = this.parseAlternation();
    this.depth--;
    if (this.i >= this.p.length) throw new ParseError('Unmatched ( or \\(');
    this.i += this.ere ? 1 : 2;
    this.closedGroups.add(index);
    return { type: 'group', index, body };
  }

  private parseEscape(): Node {
    const p = this.p;
    if (this.i + 1 >= p.length) throw new ParseError('Trailing backslash');
    const e = p[this.i + 1]!;
    this.i += 2;
    if (e >= '1' && e <= '9') {
      const n = e.charCodeAt(0) - 0x30;
      if (!this.closedGroups.has(n)) throw new ParseError('Invalid back reference');
      this.hasBackrefs = true;
      return { type: 'backref', group: n };
    }
    const set = escapeSet(e);
    if (set !== undefined) return { type: 'set', bytes: set };
    const assertion = ESCAPE_ASSERTS[e];
    if (assertion !== undefined) return assertion;
    return { type: 'literal', byte: e.charCodeAt(0) };
  }

  /** ERE: the interval starting at j (after `{`) as GNU dfa reads one with nothing to repeat, or null when `{` is literal there. */
  private intervalAhead(j: number): { min: number; max: number; next: number } | null {
    const close = this.p.indexOf('}', j);
    if (close < 0) return null;
    const m = /^(\d*)(,(\d*))?$/.exec(this.p.slice(j, close));
    if (m === null || (m[1] === '' && m[2] === undefined)) return null;
    // dfa's lex stops counting at RE_DUP_MAX + 1 (`{40000,32768}` is an interval, too big)
    const min = m[1] === '' ? 0 : Math.min(RE_DUP_MAX + 1, Number(m[1]));
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Math.min(RE_DUP_MAX + 1, Number(m[3]));
    // GNU dfa: `{2,1}` is no interval, so a literal `{` (`^{2,1}a` matches "{2,1}a")
    if (min > max) return null;
    return { min, max, next: close + 1 };
  }

  /**
   * An ERE interval with nothing to repeat, read as GNU dfa reads it: a warning, then (only its
   * upper bound counts: `{32768,}` passes) dfa's own lower-case "too big" error, which comes
   * after every glibc error (glibc took the `{` for a literal).
   */
  private startInterval(max: number): void {
    this.warnings.push('{...} at start of expression');
    if (this.dfa && max !== Infinity && max > RE_DUP_MAX && this.dfaError === undefined) {
      this.dfaError = { message: 'regular expression too big', warnings: this.warnings.length };
    }
  }

  /**
   * ERE `{` after an atom, as glibc's parse_dup_op reads it: the interval; null when it is not
   * one and `{` is a literal (grep's RE_INVALID_INTERVAL_ORD: `a{1`, `a{x}`, `a{1,x}`); an error
   * for `a{}` and `a{1,2,3}` (numbers there, but no interval).
   */
  private ereInterval(j: number): { min: number; max: number; next: number } | null {
    const p = this.p;
    // glibc fetch_number: digits up to `,` or `}`; -1 none, -2 anything else (or the end)
    const num = (k: number): { n: number; at: number } => {
      let n = -1;
      for (; k < p.length; k++) {
        const c = p[k]!;
        if (c === ',' || c === '}') return { n, at: k };
        n = c < '0' || c > '9' || n === -2 ? -2 : Math.min(RE_DUP_MAX + 1, (n === -1 ? 0 : n * 10) + (c.charCodeAt(0) - 0x30));
      }
      return { n: -2, at: k };
    };
    const a = num(j);
    let min = a.n;
    if (min === -1) {
      if (p[a.at] !== ',') throw new ParseError('Invalid content of \\{\\}');
      min = 0;
    }
    if (min === -2) return null;
    const b = p[a.at] === ',' ? num(a.at + 1) : { n: min, at: a.at };
    if (b.n === -2) return null;
    if ((b.n !== -1 && min > b.n) || p[b.at] !== '}') throw new ParseError('Invalid content of \\{\\}');
    return { min, max: b.n === -1 ? Infinity : b.n, next: b.at + 1 };
  }

  /** `atStart`: the quantifiers follow only assertions (ERE): each warns as GNU dfa does */
  private parseQuantifiers(atom: Node, atStart = false): Node {
    const node = this.parseQuantifierChain(atom, atStart);
    return collapseRepeatedAssertion(node);
  }

  private parseQuantifierChain(atom: Node, atStart: boolean): Node {
    let node = atom;
    const p = this.p;
    for (;;) {
      const c = p[this.i];
      if (atStart && (c === '*' || c === '+' || c === '?')) this.warnings.push(`${c} at start of expression`);
      if (c === '*') {
        this.i++;
        node = { type: 'repeat', min: 0, max: Infinity, body: node };
      } else if (this.ere && (c === '+' || c === '?')) {
        this.i++;
        node = { type: 'repeat', min: c === '+' ? 1 : 0, max: c === '+' ? Infinity : 1, body: node };
      } else if (!this.ere && c === '\\' && (p[this.i + 1] === '+' || p[this.i + 1] === '?')) {
        const plus = p[this.i + 1] === '+';
        this.i += 2;
        node = { type: 'repeat', min: plus ? 1 : 0, max: plus ? Infinity : 1, body: node };
      } else if (this.ere && c === '{') {
        const iv = atStart ? this.intervalAhead(this.i + 1) : this.ereInterval(this.i + 1);
        if (iv === null) return node;
        if (atStart) this.startInterval(iv.max);
        else this.checkInterval(iv.min, iv.max);
        this.i = iv.next;
        node = { type: 'repeat', min: iv.min, max: iv.max, body: node };
      } else if (!this.ere && c === '\\' && p[this.i + 1] === '{') {
        const close = p.indexOf('\\}', this.i + 2);
        if (close < 0) throw new ParseError('Unmatched \\{');
        const m = /^(\d*)(,(\d*))?$/.exec(p.slice(this.i + 2, close));
        if (m === null || (m[1] === '' && m[2] === undefined)) throw new ParseError('Invalid content of \\{\\}');
        const min = m[1] === '' ? 0 : Number(m[1]);
        const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        this.checkInterval(min, max);
        this.i = close + 2;
        node = { type: 'repeat', min, max, body: node };
      } else {
        return node;
      }
    }
  }

  private checkInterval(min: number, max: number): void {
    if (max < min) throw new ParseError('Invalid content of \\{\\}');
    if (min > RE_DUP_MAX || (max !== Infinity && max > RE_DUP_MAX)) throw new ParseError('Regular expression too big');
  }
}

/**
 * Simplify stacked repeats: a repeated zero-width assertion is the assertion itself (min > 0) or
 * nothing (min = 0); `x**`, `x+*`, `x*+`, `x?*`, `x+{2,}`… are one repeat. Besides being
 * simpler, this removes nested repetition that would otherwise force a refusal next to a
 * back-reference or lookaround.
 */
function collapseRepeatedAssertion(n: Node): Node {
  if (n.type !== 'repeat') return n;
  const body = collapseRepeatedAssertion(n.body);
  if (body.type === 'assert' || (body.type === 'concat' && body.items.length === 0)) {
    return n.min > 0 ? body : { type: 'concat', items: [] };
  }
  if (body.type === 'repeat' && n.max === Infinity && body.min <= 1 && (body.max === Infinity || (body.min === 0 && body.max === 1))) {
    return { type: 'repeat', min: n.min * body.min, max: Infinity, body: body.body };
  }
  // x{a,b}{c,d} = x{a*c,b*d} when the counts it allows have no gaps (b*k+1 >= a*(k+1) for k in [c,d))
  if (body.type === 'repeat' && n.max !== Infinity && body.max !== Infinity) {
    let contiguous = true;
    for (let k = Math.max(n.min, 1); k < n.max && contiguous; k++) contiguous = body.max * k + 1 >= body.min * (k + 1);
    if (contiguous && (n.min > 0 || body.min === 0) && body.max * n.max <= RE_DUP_MAX) {
      return { type: 'repeat', min: body.min * n.min, max: body.max * n.max, body: body.body };
    }
  }
  return body === n.body ? n : { ...n, body };
}

export interface ParseOptions {
  /**
   * ERE as glibc's regcomp reads it where that differs from GNU grep's dfa matcher: a quantifier
   * with nothing to repeat is dropped (`^*a` is `^a`, not `(^)*a`). GNU grep selects lines with
   * dfa but finds the matches it prints (-o, --color) with regcomp's regex.
   */
  regcomp?: boolean;
  /**
   * ERE as GNU grep's dfa matcher reads it, which decides which lines GNU grep selects: a
   * quantifier right after a leading anchor repeats the anchor (`^*a` is `(^)*a`, an `a`
   * anywhere). Without it (and without `regcomp`) that quantifier is dropped with its warning,
   * as glibc does, which the other users of POSIX regexes (sed, find, [[ =~ ]]) have.
   */
  dfa?: boolean;
  /** called per atom: the caller's deadline check (compile-meter.ts) */
  step?: CompileStep;
}

export function parsePosix(pattern: string, syntax: Syntax, opts: ParseOptions = {}): ParseResult {
  const parser = new Parser(pattern, syntax === 'extended', opts.regcomp === true, opts.dfa === true && opts.regcomp !== true, opts.step);
  try {
    return { ok: true, value: parser.parseAll() };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, message: e.message };
    throw e;
  }
}
