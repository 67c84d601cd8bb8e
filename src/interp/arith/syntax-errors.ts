// bash's wording for arithmetic *syntax* errors. Our parser (mvdan/sh's grammar) reports its own
// messages; bash reports these at run time, with an "error token" that is the rest of the text from
// the last token its lexer read. This module re-reads the text the way bash's expr.c does, only to
// find the first error:
//
//   arithSyntaxError(text) → `3 4: syntax error in expression (error token is "4")`, or null
//
// The grammar (lowest precedence first): `,`  assignment  `?:`  `||`  `&&`  `|`  `^`  `&`  `== !=`
// `< > <= >=`  `<< >>`  `+ -`  `* / %`  `**`  unary `! ~ - + ++ --`  postfix `++ --`  primaries.

import { parseIntLiteral } from './literal.js';

type Tok =
  | { k: 'num' | 'id' | 'op' | 'eof'; s: string; at: number }
  | { k: 'bad'; s: string; at: number; msg: string };

const OPS = [
  '<<=', '>>=', '**', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||',
  '*=', '/=', '%=', '+=', '-=', '&=', '^=', '|=',
  '=', '<', '>', '!', '~', '+', '-', '*', '/', '%', '&', '^', '|', '?', ':', ',', '(', ')',
];
const INVALID_OPERATOR = 'syntax error: invalid arithmetic operator';
const ASSIGN = new Set(['=', '*=', '/=', '%=', '+=', '-=', '<<=', '>>=', '&=', '^=', '|=']);
const LEVELS: string[][] = [
  ['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<=', '>=', '<', '>'], ['<<', '>>'], ['+', '-'], ['*', '/', '%'],
];

class SyntaxFailure {
  constructor(
    readonly msg: string,
    readonly at: number,
    /** a bad literal: bash cuts the text and the token at its end */
    readonly end?: number,
  ) {}
}

class Reader {
  private i = 0;
  tok: Tok = { k: 'eof', s: '', at: 0 };
  /** start of the last real token read: bash's error token starts there */
  last = 0;
  /** tokens read so far */
  count = 0;

  constructor(private readonly text: string) {
    this.next();
  }

  next(): void {
    const t = this.text;
    while (this.i < t.length && ' \t\n'.includes(t[this.i]!)) this.i++;
    const at = this.i;
    if (at >= t.length) {
      this.tok = { k: 'eof', s: '', at };
      return;
    }
    this.last = at;
    const c = t[at]!;
    let tok: Tok;
    if (/[0-9]/.test(c)) {
      const m = /^[0-9][0-9A-Za-z#@_]*/.exec(t.slice(at))![0];
      // bash's lexer converts a number as it reads it (strlong): a bad one fails before the grammar
      // goes on (`08 + 1 2` is "value too great for base", not a syntax error)
      const lit = parseIntLiteral(m);
      if (!lit.ok) throw new SyntaxFailure(lit.msg, at, at + m.length);
      tok = { k: 'num', s: m, at };
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(t.slice(at))![0];
      const close = t[at + m.length] === '[' ? t.indexOf(']', at + m.length) : at + m.length - 1;
      tok = close < 0 ? { k: 'bad', s: t.slice(at), at, msg: 'bad array subscript' } : { k: 'id', s: t.slice(at, close + 1), at };
    } else {
      let op = OPS.find((o) => t.startsWith(o, at));
      // `++x` is an increment only before a name; `5++` is `5 + +…`; after a name it is postfix
      if ((op === '++' || op === '--') && this.tok.k !== 'id') {
        const rest = t.slice(at + 2).replace(/^[ \t\n]*/, '');
        if (!/^[A-Za-z_]/.test(rest)) op = op[0];
      }
      // bash's lexer fails on a character that is no operator as soon as it reads it (before the
      // grammar sees it): "operand expected" after nothing or an operator, else "invalid operator"
      if (!op) throw new SyntaxFailure(this.tok.k === 'op' || this.tok.k === 'eof' ? 'syntax error: operand expected' : INVALID_OPERATOR, at);
      tok = { k: 'op', s: op, at };
    }
    this.tok = tok;
    this.count++;
    this.i = at + tok.s.length;
  }

  atEof(): boolean {
    return this.tok.k === 'eof';
  }

  is(s: string): boolean {
    return this.tok.k === 'op' && this.tok.s === s;
  }

  fail(msg: string): never {
    throw new SyntaxFailure(msg, this.last);
  }
}

function comma(r: Reader): void {
  assign(r);
  while (r.is(',')) {
    r.next();
    assign(r);
  }
}

function assign(r: Reader): void {
  const start = r.count;
  let lhsIsName = r.tok.k === 'id';
  cond(r);
  // only a lone name takes a value: `n++ = 2`, `a << n = 1` are not assignments for bash
  if (r.count !== start + 1) lhsIsName = false;
  if (r.tok.k === 'op' && ASSIGN.has(r.tok.s)) {
    if (!lhsIsName) r.fail('attempted assignment to non-variable');
    r.next();
    assign(r);
  }
}

function cond(r: Reader): void {
  level(r, 0);
  if (!r.is('?')) return;
  r.next();
  // bash's expcond: nothing, or `:` at once, after `?` (and nothing after `:`) is its own error
  if (r.atEof() || r.is(':')) r.fail('expression expected');
  comma(r);
  if (!r.is(':')) r.fail("`:' expected for conditional expression");
  r.next();
  if (r.atEof()) r.fail('expression expected');
  cond(r);
}

function level(r: Reader, n: number): void {
  if (n === LEVELS.length) {
    power(r);
    return;
  }
  level(r, n + 1);
  while (r.tok.k === 'op' && LEVELS[n]!.includes(r.tok.s)) {
    r.next();
    level(r, n + 1);
  }
}

function power(r: Reader): void {
  unary(r);
  if (r.is('**')) {
    r.next();
    power(r);
  }
}

function unary(r: Reader): void {
  if (r.tok.k === 'op' && ['!', '~', '-', '+'].includes(r.tok.s)) {
    r.next();
    unary(r);
    return;
  }
  primary(r);
}

function primary(r: Reader): void {
  const t = r.tok;
  // a character that is no operator, where an operand should be, is bash's "operand expected"
  if (t.k === 'bad') throw new SyntaxFailure(t.msg === INVALID_OPERATOR ? 'syntax error: operand expected' : t.msg, t.at);
  if (t.k === 'op' && (t.s === '++' || t.s === '--')) {
    r.next();
    if (r.tok.k !== 'id') r.fail('syntax error: operand expected');
    r.next();
    return;
  }
  if (t.k === 'op' && t.s === '(') {
    r.next();
    comma(r);
    if (!r.is(')')) r.fail("missing `)'");
    r.next();
    return;
  }
  if (t.k === 'num') {
    r.next();
    return;
  }
  if (t.k === 'id') {
    r.next();
    if (r.is('++') || r.is('--')) r.next();
    return;
  }
  r.fail('syntax error: operand expected');
}

/** bash's message for a syntax error in `text`, or null when bash would parse it */
export function arithSyntaxError(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const r = new Reader(text);
    comma(r);
    if (r.tok.k === 'bad') throw new SyntaxFailure(r.tok.msg, r.tok.at);
    if (r.tok.k !== 'eof') r.fail('syntax error in expression');
    return null;
  } catch (e) {
    if (!(e instanceof SyntaxFailure)) throw e;
    if (e.end !== undefined) return `${text.slice(0, e.end)}: ${e.msg} (error token is "${text.slice(e.at, e.end)}")`;
    return `${text}: ${e.msg} (error token is "${text.slice(e.at)}")`;
  }
}

/**
 * The text re-spaced the way bash's lexer reads it: one space between tokens. `+++x` is `+ ++x`
 * and `---x` is `- --x` there (`++` is an increment only before a name), which a grammar that
 * takes `++` greedily rejects; null when a token is bad.
 */
export function bashTokenSpacing(text: string): string | null {
  const out: string[] = [];
  try {
    const r = new Reader(text);
    while (r.tok.k !== 'eof') {
      if (r.tok.k === 'bad') return null;
      out.push(r.tok.s);
      r.next();
    }
  } catch (e) {
    if (e instanceof SyntaxFailure) return null;
    throw e;
  }
  return out.join(' ');
}
