// glibc regcomp's POSIX grammar (RE_SYNTAX_POSIX_BASIC / _EXTENDED), as opposed to the GNU grep
// dialect parse.ts reads (GNU dfa, with glibc's RE_SYNTAX_GREP/EGREP errors), where `a{1`, a
// leading `\{`, a lone ERE `)` or `*` are literal or ignored. GNU sed compiles with these syntaxes
// and bash's `[[ =~ ]]` with regcomp(REG_EXTENDED), which reject them. This pass walks a pattern
// with glibc's tokenizer and grammar (peek_token, parse_reg_exp, parse_expression, parse_dup_op)
// and reports the errors glibc reports, in glibc's left-to-right order. Under sed --posix it also
// rewrites the GNU operators then disabled (RE_NO_GNU_OPS: \w \s \b \< …; in a BRE
// RE_LIMITED_OPS: \+ \? \|) into the literal characters glibc reads there, so parse.ts matches
// what glibc matches. What it cannot judge (a bad bracket expression, a trailing backslash) it
// leaves to parse.ts, which reports those in the same words.

import { RE_DUP_MAX } from './ast.js';
import { parseBracket } from './bracket.js';
import type { CompileStep } from './compile-meter.js';

export interface GlibcSyntax {
  extended: boolean;
  /** --posix (GNU's POSIXLY_BASIC): no GNU operators, and in a BRE no \+ \? \| */
  posixBasic: boolean;
  /**
   * RE_UNMATCHED_RIGHT_PAREN_ORD: an unmatched `)` (ERE) or `\)` (BRE) is a literal (regcomp's
   * REG_EXTENDED has it; GNU sed clears it unless --posix or POSIXLY_CORRECT)
   */
  unmatchedParenOrd: boolean;
}

export type SyntaxResult = { ok: true; pattern: string } | { ok: false; message: string };

const BADRPT = 'Invalid preceding regular expression';
const BADBR = 'Invalid content of \\{\\}';
const EBRACE = 'Unmatched \\{';

type TokType =
  | 'char' | 'atom' | 'backref' | 'anchor' | 'open' | 'close' | 'alt' | 'star' | 'dup' | 'openDup' | 'closeDup' | 'end';

interface Token {
  type: TokType;
  /** the character glibc's opr.c holds (the escaped one for `\x`) */
  c: string;
  end: number;
  /** what lib/regex is given for this token when it differs from the source text */
  text?: string;
  group?: number;
}

class Stop {
  constructor(readonly message: string | null) {}
}

const WORD_OPS = 'wWsS';
const ANCHOR_OPS = '<>bB`\'';

class GlibcGrammar {
  private pos = 0;
  private tok: Token = { type: 'end', c: '', end: 0 };
  private out = '';
  private groups = 0;
  private readonly completed = new Set<number>();

  constructor(
    private readonly p: string,
    private readonly s: GlibcSyntax,
    /** the caller's deadline check, per token (compile-meter.ts) */
    private readonly step: CompileStep | undefined,
  ) {}

  run(): SyntaxResult {
    try {
      this.fetch(true, false);
      this.parseRegExp(0);
      return { ok: true, pattern: this.out };
    } catch (e) {
      if (!(e instanceof Stop)) throw e;
      if (e.message !== null) return { ok: false, message: e.message };
      // lib/regex judges the rest
      return { ok: true, pattern: this.out + this.p.slice(this.pos) };
    }
  }

  /** consume the current token (its text goes to the output) and read the next one */
  private fetch(caretHere: boolean, inInterval: boolean): void {
    this.step?.();
    if (this.tok.end > this.pos) {
      this.out += this.tok.text ?? this.p.slice(this.pos, this.tok.end);
      this.pos = this.tok.end;
    }
    this.tok = this.peek(this.pos, caretHere, inInterval);
  }

  /** the current token (read through a call: fetch() replaces it) */
  private cur(): Token {
    return this.tok;
  }

  private type(): TokType {
    return this.tok.type;
  }

  private peek(i: number, caretHere: boolean, inInterval: boolean): Token {
    const p = this.p;
    const { extended: ere, posixBasic } = this.s;
    if (i >= p.length) return { type: 'end', c: '', end: i };
    const c = p[i]!;
    const one = (type: TokType): Token => ({ type, c, end: i + 1 });
    if (c === '\\') {
      if (i + 1 >= p.length) throw new Stop(null);
      const e = p[i + 1]!;
      const two = (type: TokType, text?: string): Token => ({ type, c: e, end: i + 2, text });
      if (!ere) {
        if (e === '(') return two('open');
        if (e === ')') return two('close');
        if (e === '{') return two('openDup');
        if (e === '}') return two('closeDup');
        if (e === '|' || e === '+' || e === '?') return posixBasic ? two('char', e) : two(e === '|' ? 'alt' : 'dup');
      }
      if (e >= '1' && e <= '9') return { ...two('backref'), group: e.charCodeAt(0) - 0x30 };
      if (WORD_OPS.includes(e)) return posixBasic ? two('char', e) : two('atom');
      if (ANCHOR_OPS.includes(e)) return posixBasic ? two('char', e) : two('anchor');
      return two('char');
    }
    if (c === '*') return one('star');
    if (c === '[' && !inInterval) {
      const r = parseBracket(p, i + 1);
      if (!r.ok) throw new Stop(null);
      return { type: 'atom', c, end: r.next };
    }
    if (c === '.') return one('atom');
    if (ere) {
      switch (c) {
        case '|':
          return one('alt');
        case '+':
        case '?':
          return one('dup');
        case '{':
          return one('openDup');
        case '}':
          return one('closeDup');
        case '(':
          return one('open');
        case ')':
          return one('close');
        case '^':
        case '$':
          return one('anchor');
      }
      return one('char');
    }
    // BRE: `^` anchors at the start, after \( and after \|; `$` at the end, before \) and \|
    if (c === '^' && (i === 0 || caretHere)) return one('anchor');
    if (c === '$') {
      if (i + 1 === p.length) return one('anchor');
      const next = this.peek(i + 1, false, false);
      if (next.type === 'alt' || next.type === 'close') return one('anchor');
    }
    return one('char');
  }

  private parseRegExp(nest: number): void {
    this.parseBranch(nest);
    while (this.type() === 'alt') {
      this.fetch(true, false);
      if (this.type() !== 'alt' && this.type() !== 'end' && (nest === 0 || this.type() !== 'close')) this.parseBranch(nest);
    }
  }

  private parseBranch(nest: number): void {
    this.parseExpression(nest);
    while (this.type() !== 'alt' && this.type() !== 'end' && (nest === 0 || this.type() !== 'close')) this.parseExpression(nest);
  }

  private parseExpression(nest: number): void {
    const t = this.cur();
    switch (t.type) {
      case 'char':
      case 'atom':
      case 'closeDup':
        break;
      case 'backref':
        // peek() makes every 'backref' token with its group
        if (!this.completed.has(t.group!)) throw new Stop('Invalid back reference');
        break;
      case 'open': {
        const group = ++this.groups;
        this.fetch(true, false);
        if (this.type() !== 'close') {
          this.parseRegExp(nest + 1);
          if (this.type() !== 'close') throw new Stop('Unmatched ( or \\(');
        }
        this.completed.add(group);
        break;
      }
      case 'close':
        if (!this.s.unmatchedParenOrd) throw new Stop('Unmatched ) or \\)');
        // a literal `)`: lib/regex would take a lone BRE `\)` for an error
        if (!this.s.extended) t.text = ')';
        break;
      case 'anchor':
        // glibc: an anchor is never repeated; a `*` after it starts the next expression
        this.fetch(false, false);
        return;
      case 'alt':
      case 'end':
        return;
      case 'openDup':
        // an interval with nothing to repeat (BRE: RE_CONTEXT_INVALID_DUP; ERE: as `*` below)
        throw new Stop(BADRPT);
      case 'star':
      case 'dup':
        // nothing to repeat: an error in an ERE, a literal in a BRE (also right after an anchor,
        // where lib/regex would repeat the anchor: `a\b*` is a, \b, `*`)
        if (this.s.extended) throw new Stop(BADRPT);
        t.text = t.type === 'star' ? '\\*' : t.c;
        break;
    }
    this.fetch(false, false);
    while (this.type() === 'star' || this.type() === 'dup' || this.type() === 'openDup') {
      this.parseDupOp();
      // BRE: no `*` or \{ right after another repetition
      if (!this.s.extended && (this.type() === 'star' || this.type() === 'openDup')) throw new Stop(BADRPT);
    }
  }

  private parseDupOp(): void {
    if (this.type() === 'openDup') {
      let start = this.fetchNumber();
      if (start === -1) {
        if (this.cur().c !== ',') throw new Stop(BADBR);
        start = 0; // {,m} is {0,m}
      }
      let end = 0;
      if (start !== -2) end = this.type() === 'closeDup' ? start : this.cur().c === ',' ? this.fetchNumber() : -2;
      if (start === -2 || end === -2) throw new Stop(this.type() === 'end' ? EBRACE : BADBR);
      if ((end !== -1 && start > end) || this.type() !== 'closeDup') throw new Stop(BADBR);
      if ((end === -1 ? start : end) > RE_DUP_MAX) throw new Stop('Regular expression too big');
    }
    this.fetch(false, false);
  }

  /** glibc fetch_number: -1 no digits, -2 something else (or the end), else the number */
  private fetchNumber(): number {
    let num = -1;
    for (;;) {
      this.fetch(false, true);
      const t = this.cur();
      if (t.type === 'end') return -2;
      if (t.type === 'closeDup' || t.c === ',') return num;
      const d = t.c.charCodeAt(0) - 0x30;
      num = t.type !== 'char' || d < 0 || d > 9 || num === -2 ? -2 : num === -1 ? d : Math.min(RE_DUP_MAX + 1, num * 10 + d);
    }
  }
}

/** glibc's verdict on `pattern` (sed: escapes already converted), and the pattern to give parse.ts */
export function checkGlibcSyntax(pattern: string, syntax: GlibcSyntax, step?: CompileStep): SyntaxResult {
  return new GlibcGrammar(pattern, syntax, step).run();
}
