// awk's grammar, as gawk 5.2 reads it: recursive descent over lexer.ts's tokens, with gawk's
// precedence table (awkgram.y): ?: < || < && < in < ~ !~ < relational (non-associative) <
// concatenation < + - < * / % < unary ! - + < ^ ** (right) < ++ -- < $ < grouping. Concatenation
// never takes an operand that starts with + or - (`1 " " -1` is `1 (" " - 1)`, as gawk prints it).
// Inside print's and printf's unparenthesized arguments `>` is the output redirection;
// `cmd | getline` takes a concatenation on its left; `getline < file` takes a + - level operand.

import type { Expr, FuncDef, Pattern, Program, Redirect, Rule, Stmt } from './ast.js';
import { LexError, T, tokenize, type Token } from './lexer.js';

export class AwkSyntaxError {
  constructor(
    readonly pos: number,
    readonly message: string,
    /** gawk's `error:` form (no source line, no caret), printed `times` times */
    readonly plain = false,
    readonly times = 1,
  ) {}
}

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '^=', '**=']);
const REL_OPS = new Set(['<', '<=', '>', '>=', '==', '!=']);

/** the value of a constant divisor gawk folds (a number, maybe under ! - + or parentheses) */
function constValue(e: Expr): number | undefined {
  switch (e.k) {
    case 'num': return e.v;
    case 'paren': return constValue(e.e);
    case 'not': {
      const v = constValue(e.e);
      return v === undefined ? undefined : v === 0 ? 1 : 0;
    }
    case 'neg': {
      const v = constValue(e.e);
      return v === undefined ? undefined : -v;
    }
    case 'plus': return constValue(e.e);
    default: return undefined;
  }
}

function isLvalue(e: Expr): boolean {
  return e.k === 'var' || e.k === 'index' || e.k === 'field';
}

class Parser {
  private i = 0;
  /** inside print's arguments, outside any parentheses: `>` redirects */
  private noGt = false;
  /** `in` not allowed (the init part of `for (x in a)` is looked ahead for separately) */
  private funcs = new Map<string, FuncDef>();
  private inFunction = false;
  private loopDepth = 0;
  /** the special pattern of the rule being read ('' for a main rule or a function) */
  private ruleKind = '';

  constructor(private readonly toks: Token[]) {}

  private get tok(): Token {
    return this.toks[this.i] ?? this.toks[this.toks.length - 1]!; // the EOF token is always last
  }

  private peek(k = 1): Token {
    return this.toks[Math.min(this.i + k, this.toks.length - 1)]!; // clamped to the EOF token
  }

  private is(s: string): boolean {
    const t = this.tok;
    return (t.t === T.PUNCT || t.t === T.KEYWORD) && t.s === s;
  }

  private fail(): never {
    const t = this.tok;
    throw new AwkSyntaxError(t.pos, t.t === T.NEWLINE || t.t === T.EOF ? 'unexpected newline or end of string' : 'syntax error');
  }

  private expect(s: string): void {
    if (!this.is(s)) this.fail();
    this.i++;
  }

  private skipNewlines(): void {
    while (this.tok.t === T.NEWLINE) this.i++;
  }

  /** statement separators between rules and statements: newlines and semicolons */
  private skipTerminators(): void {
    while (this.tok.t === T.NEWLINE || this.is(';')) this.i++;
  }

  program(): Program {
    const rules: Rule[] = [];
    this.skipTerminators();
    while (this.tok.t !== T.EOF) {
      if (this.is('function')) this.functionDef();
      else {
        const pos = this.tok.pos;
        const r = this.rule();
        r.pos = pos;
        rules.push(r);
      }
      this.skipTerminators();
    }
    return { rules, funcs: this.funcs };
  }

  private functionDef(): void {
    this.i++;
    const nameTok = this.tok;
    if (nameTok.t !== T.NAME && nameTok.t !== T.FUNC_NAME) this.fail();
    this.i++;
    this.expect('(');
    const params: string[] = [];
    while (!this.is(')')) {
      if (this.tok.t !== T.NAME) this.fail();
      params.push(this.tok.s);
      this.i++;
      if (this.is(',')) {
        this.i++;
        this.skipNewlines();
      } else if (!this.is(')')) this.fail();
    }
    this.i++;
    this.skipNewlines();
    this.inFunction = true;
    const body = this.block();
    this.inFunction = false;
    if (this.funcs.has(nameTok.s)) throw new AwkSyntaxError(nameTok.pos, `function name \`${nameTok.s}' previously defined`, true);
    this.funcs.set(nameTok.s, { name: nameTok.s, params, body });
  }

  private rule(): Rule {
    const t = this.tok;
    if (t.t === T.KEYWORD && (t.s === 'BEGIN' || t.s === 'END' || t.s === 'BEGINFILE' || t.s === 'ENDFILE')) {
      this.i++;
      this.skipNewlines();
      if (!this.is('{')) this.fail();
      this.ruleKind = t.s;
      const action = this.block();
      this.ruleKind = '';
      return { pattern: { k: t.s }, action };
    }
    let pattern: Pattern = { k: 'all' };
    if (!this.is('{')) {
      const from = this.expr();
      if (this.is(',')) {
        this.i++;
        this.skipNewlines();
        pattern = { k: 'range', from, to: this.expr() };
      } else pattern = { k: 'expr', e: from };
    }
    if (this.is('{')) return { pattern, action: this.block() };
    if (this.tok.t !== T.NEWLINE && this.tok.t !== T.EOF && !this.is(';')) this.fail();
    return { pattern, action: null };
  }

  private block(): Stmt[] {
    this.expect('{');
    const body: Stmt[] = [];
    this.skipTerminators();
    while (!this.is('}')) {
      if (this.tok.t === T.EOF) this.fail();
      body.push(this.statement());
      this.skipTerminators();
    }
    this.i++;
    return body;
  }

  /** the end of a simple statement: `;`, a newline, or (not consumed) `}` or the end */
  private endSimple(): void {
    if (this.is(';') || this.tok.t === T.NEWLINE) {
      this.i++;
      return;
    }
    if (this.is('}') || this.tok.t === T.EOF) return;
    this.fail();
  }

  /** a statement as the body of if/while/for: newlines before it are allowed */
  private body(): Stmt {
    this.skipNewlines();
    if (this.is(';')) {
      this.i++;
      return { k: 'block', body: [] };
    }
    return this.statement();
  }

  private statement(): Stmt {
    const t = this.tok;
    if (t.t === T.PUNCT && t.s === '{') return { k: 'block', body: this.block() };
    if (t.t === T.PUNCT && t.s === ';') {
      this.i++;
      return { k: 'block', body: [] };
    }
    if (t.t === T.KEYWORD) {
      switch (t.s) {
        case 'if': {
          this.i++;
          this.expect('(');
          const c = this.expr();
          this.expect(')');
          const a = this.body();
          // `if (c) s; else t`: s took its own terminator; only newlines may come before else
          const save = this.i;
          this.skipNewlines();
          if (this.is('else')) {
            this.i++;
            return { k: 'if', c, a, b: this.body() };
          }
          this.i = save;
          return { k: 'if', c, a, b: null };
        }
        case 'while': {
          this.i++;
          this.expect('(');
          const c = this.expr();
          this.expect(')');
          if (this.is(';')) {
            this.i++;
            return { k: 'while', c, body: { k: 'block', body: [] } };
          }
          return { k: 'while', c, body: this.loopBody() };
        }
        case 'do': {
          this.i++;
          const body = this.loopBody();
          this.skipTerminators();
          this.expect('while');
          this.expect('(');
          const c = this.expr();
          this.expect(')');
          this.endSimple();
          return { k: 'do', body, c };
        }
        case 'for':
          return this.forStatement();
        case 'break':
        case 'continue':
          this.i++;
          if (this.loopDepth === 0) {
            const what = t.s === 'break' ? 'a loop or switch' : 'a loop';
            throw new AwkSyntaxError(t.pos, `\`${t.s}' is not allowed outside ${what}`, true, 2);
          }
          this.endSimple();
          return { k: t.s };
        case 'next':
        case 'nextfile':
          if (this.ruleKind !== '' && !(t.s === 'nextfile' && this.ruleKind === 'BEGINFILE')) {
            throw new AwkSyntaxError(t.pos, `\`${t.s}' used in ${this.ruleKind} action`, true);
          }
          this.i++;
          this.endSimple();
          return { k: t.s };
        case 'exit': {
          this.i++;
          const e = this.atSimpleEnd() ? null : this.expr();
          this.endSimple();
          return { k: 'exit', e };
        }
        case 'return': {
          this.i++;
          if (!this.inFunction) throw new AwkSyntaxError(t.pos, '`return\' used outside function context');
          const e = this.atSimpleEnd() ? null : this.expr();
          this.endSimple();
          return { k: 'return', e };
        }
        case 'delete': {
          this.i++;
          let paren = false;
          if (this.is('(')) {
            paren = true;
            this.i++;
          }
          if (this.tok.t !== T.NAME) this.fail();
          const name = this.tok.s;
          this.i++;
          let subs: Expr[] | null = null;
          if (this.is('[')) {
            this.i++;
            subs = this.exprList(']');
          }
          if (paren) this.expect(')');
          this.endSimple();
          return { k: 'delete', name, subs };
        }
        case 'print':
        case 'printf':
          return this.printStatement(t.s);
        default:
          break;
      }
    }
    const e = this.expr();
    this.endSimple();
    return { k: 'expr', e };
  }

  private loopBody(): Stmt {
    this.loopDepth++;
    try {
      return this.body();
    } finally {
      this.loopDepth--;
    }
  }

  private atSimpleEnd(): boolean {
    return this.is(';') || this.is('}') || this.tok.t === T.NEWLINE || this.tok.t === T.EOF;
  }

  private forStatement(): Stmt {
    this.i++;
    this.expect('(');
    // for (name in array) / for ((name) in array)
    const t0 = this.tok;
    if (t0.t === T.NAME && this.peek().t === T.KEYWORD && this.peek().s === 'in' && this.peek(2).t === T.NAME && this.peek(3).s === ')') {
      const arr = this.peek(2).s;
      this.i += 4;
      return { k: 'forin', v: { k: 'var', name: t0.s }, arr, body: this.loopBody() };
    }
    const init = this.is(';') ? null : this.simpleStatement();
    this.expect(';');
    this.skipNewlines();
    const c = this.is(';') ? null : this.expr();
    this.expect(';');
    this.skipNewlines();
    const step = this.is(')') ? null : this.simpleStatement();
    this.expect(')');
    if (this.is(';')) {
      this.i++;
      return { k: 'for', init, c, step, body: { k: 'block', body: [] } };
    }
    return { k: 'for', init, c, step, body: this.loopBody() };
  }

  private simpleStatement(): Stmt {
    return { k: 'expr', e: this.expr() };
  }

  private printStatement(kind: 'print' | 'printf'): Stmt {
    this.i++;
    let args: Expr[] = [];
    const saved = this.noGt;
    this.noGt = true;
    try {
      if (!this.atSimpleEnd() && !this.is('>') && !this.is('>>') && !this.is('|')) {
        const first = this.expr();
        if (first.k === 'group') {
          args = first.items;
        } else {
          args.push(first);
          while (this.is(',')) {
            this.i++;
            this.skipNewlines();
            args.push(this.expr());
          }
        }
      }
      let redir: Redirect = null;
      if (this.is('>') || this.is('>>') || this.is('|')) {
        const mode = this.tok.s as '>' | '>>' | '|';
        this.i++;
        redir = { mode, target: this.concatenation() };
      }
      if (kind === 'printf' && args.length === 0) this.fail();
      this.endSimple();
      return { k: kind, args, redir };
    } finally {
      this.noGt = saved;
    }
  }

  /** a call's arguments after `(`: none, or a list up to `)` */
  private argList(): Expr[] {
    if (this.is(')')) {
      this.i++;
      return [];
    }
    return this.exprList(')');
  }

  private exprList(close: string): Expr[] {
    const saved = this.noGt;
    this.noGt = false;
    const out: Expr[] = [];
    out.push(this.expr());
    for (;;) {
      if (this.is(',')) {
        this.i++;
        this.skipNewlines();
        out.push(this.expr());
        continue;
      }
      break;
    }
    this.expect(close);
    this.noGt = saved;
    return out;
  }

  // ---- expressions ----

  expr(): Expr {
    const lhs = this.ternary();
    const t = this.tok;
    if (t.t === T.PUNCT && ASSIGN_OPS.has(t.s)) {
      if (!isLvalue(lhs)) this.fail();
      this.i++;
      this.skipNewlines();
      return { k: 'assign', op: t.s, lhs, rhs: this.expr() };
    }
    return lhs;
  }

  /**
   * the right operand of && || ~ and the comparisons: gawk's grammar (exp: variable ASSIGNOP exp)
   * lets it be an assignment, so `y >= x += 1` is `y >= (x += 1)`
   */
  private rhsAssign(b: Expr): Expr {
    const t = this.tok;
    if (t.t !== T.PUNCT || !ASSIGN_OPS.has(t.s) || !isLvalue(b)) return b;
    this.i++;
    this.skipNewlines();
    return { k: 'assign', op: t.s, lhs: b, rhs: this.expr() };
  }

  private ternary(): Expr {
    const c = this.or();
    if (!this.is('?')) return c;
    this.i++;
    this.skipNewlines();
    const a = this.expr();
    this.skipNewlines();
    this.expect(':');
    this.skipNewlines();
    return { k: 'cond', c, a, b: this.expr() };
  }

  private or(): Expr {
    let a = this.and();
    while (this.is('||')) {
      this.i++;
      a = { k: 'or', a, b: this.rhsAssign(this.and()) };
    }
    return a;
  }

  private and(): Expr {
    let a = this.inExpr();
    while (this.is('&&')) {
      this.i++;
      a = { k: 'and', a, b: this.rhsAssign(this.inExpr()) };
    }
    return a;
  }

  private inExpr(): Expr {
    let a = this.matchExpr();
    while (this.is('in')) {
      this.i++;
      const arr = this.arrayName();
      a = { k: 'in', subs: a.k === 'group' ? a.items : [a], arr };
      // `1 in a == 1`: the test is an operand of what follows
      for (;;) {
        const t = this.tok;
        if (t.t === T.PUNCT && REL_OPS.has(t.s) && !(this.noGt && t.s === '>')) {
          this.i++;
          a = { k: 'cmp', op: t.s, a, b: this.concatenation() };
        } else if (this.is('~') || this.is('!~')) {
          this.i++;
          a = { k: 'match', neg: t.s === '!~', a, re: this.relational() };
        } else break;
      }
    }
    return a;
  }

  private arrayName(): string {
    if (this.tok.t !== T.NAME) this.fail();
    return this.toks[this.i++]!.s; // checked just above
  }

  private matchExpr(): Expr {
    let a = this.relational();
    while (this.is('~') || this.is('!~')) {
      const neg = this.tok.s === '!~';
      this.i++;
      a = { k: 'match', neg, a, re: this.rhsAssign(this.relational()) };
    }
    return a;
  }

  private relational(): Expr {
    const a = this.concatenation();
    const t = this.tok;
    if (t.t === T.PUNCT && REL_OPS.has(t.s) && !(this.noGt && t.s === '>')) {
      this.i++;
      const b = this.rhsAssign(this.concatenation());
      const n = this.tok;
      if (n.t === T.PUNCT && REL_OPS.has(n.s) && !(this.noGt && n.s === '>')) this.fail();
      return { k: 'cmp', op: t.s, a, b };
    }
    return a;
  }

  private startsConcatOperand(): boolean {
    const t = this.tok;
    switch (t.t) {
      case T.NUMBER:
      case T.STRING:
      case T.ERE:
      case T.NAME:
      case T.FUNC_NAME:
      case T.BUILTIN:
        return true;
      case T.PUNCT:
        return t.s === '$' || t.s === '!' || t.s === '(' || t.s === '++' || t.s === '--';
      case T.KEYWORD:
        return false;
      default:
        return false;
    }
  }

  private concatenation(): Expr {
    let a = this.additive();
    let items: Expr[] | null = null;
    for (;;) {
      if (this.is('|') && this.peek().t === T.KEYWORD && this.peek().s === 'getline') {
        this.i += 2;
        const lv = this.optLvalue();
        const left: Expr = items === null ? a : { k: 'concat', items: [...items, a] };
        items = null;
        a = { k: 'getline', lv, src: 'cmd', from: left };
        continue;
      }
      if (!this.startsConcatOperand()) break;
      (items ??= []).push(a);
      a = this.additive();
    }
    if (items === null) return a;
    items.push(a);
    return { k: 'concat', items };
  }

  private additive(): Expr {
    let a = this.multiplicative();
    while (this.is('+') || this.is('-')) {
      const op = this.tok.s;
      this.i++;
      a = { k: 'bin', op, a, b: this.multiplicative() };
    }
    return a;
  }

  private multiplicative(): Expr {
    let a = this.unary();
    while (this.is('*') || this.is('/') || this.is('%')) {
      const op = this.tok.s;
      const at = this.tok.pos;
      this.i++;
      const b = this.unary();
      // gawk folds constant divisors at parse time
      if (op !== '*' && constValue(b) === 0) throw new AwkSyntaxError(at, 'division by zero attempted', true);
      a = { k: 'bin', op, a, b };
    }
    return a;
  }

  private unary(): Expr {
    if (this.is('!')) {
      this.i++;
      return { k: 'not', e: this.unary() };
    }
    if (this.is('-')) {
      this.i++;
      return { k: 'neg', e: this.unary() };
    }
    if (this.is('+')) {
      this.i++;
      return { k: 'plus', e: this.unary() };
    }
    return this.power();
  }

  private power(): Expr {
    const base = this.incdec();
    if (this.is('^') || this.is('**')) {
      this.i++;
      // right-associative, and the exponent may carry its own sign: 2^-1, 2^3^2
      return { k: 'bin', op: '^', a: base, b: this.powerRhs() };
    }
    return base;
  }

  private powerRhs(): Expr {
    if (this.is('-')) {
      this.i++;
      return { k: 'neg', e: this.powerRhs() };
    }
    if (this.is('+')) {
      this.i++;
      return { k: 'plus', e: this.powerRhs() };
    }
    if (this.is('!')) {
      this.i++;
      return { k: 'not', e: this.powerRhs() };
    }
    return this.power();
  }

  private incdec(): Expr {
    if (this.is('++') || this.is('--')) {
      const delta = this.tok.s === '++' ? 1 : -1;
      this.i++;
      const lv = this.dollar();
      if (!isLvalue(lv)) this.fail();
      return { k: 'incdec', pre: true, delta, lv };
    }
    const e = this.dollar();
    if ((this.is('++') || this.is('--')) && isLvalue(e)) {
      const delta = this.tok.s === '++' ? 1 : -1;
      this.i++;
      return { k: 'incdec', pre: false, delta, lv: e };
    }
    return e;
  }

  private dollar(): Expr {
    if (!this.is('$')) return this.primary();
    this.i++;
    if (this.is('++') || this.is('--')) {
      const delta = this.tok.s === '++' ? 1 : -1;
      this.i++;
      const lv = this.dollar();
      if (!isLvalue(lv)) this.fail();
      return { k: 'field', e: { k: 'incdec', pre: true, delta, lv } };
    }
    if (this.is('-')) {
      this.i++;
      return { k: 'field', e: { k: 'neg', e: this.dollar() } };
    }
    if (this.is('+')) {
      this.i++;
      return { k: 'field', e: { k: 'plus', e: this.dollar() } };
    }
    if (this.is('!')) {
      this.i++;
      return { k: 'field', e: { k: 'not', e: this.dollar() } };
    }
    return { k: 'field', e: this.dollar() };
  }

  /** getline's optional variable: a name, an element or a field */
  private optLvalue(): Expr | null {
    const t = this.tok;
    if (t.t === T.NAME) {
      this.i++;
      if (this.is('[')) {
        this.i++;
        return { k: 'index', name: t.s, subs: this.exprList(']') };
      }
      return { k: 'var', name: t.s };
    }
    if (this.is('$')) return this.dollar();
    return null;
  }

  private primary(): Expr {
    const t = this.tok;
    switch (t.t) {
      case T.NUMBER:
        this.i++;
        return { k: 'num', v: t.n };
      case T.STRING:
        this.i++;
        return { k: 'str', v: t.s };
      case T.ERE:
        this.i++;
        return { k: 'regex', src: t.s };
      case T.NAME:
        this.i++;
        if (this.is('[')) {
          this.i++;
          return { k: 'index', name: t.s, subs: this.exprList(']') };
        }
        return { k: 'var', name: t.s };
      case T.FUNC_NAME: {
        this.i += 2;
        const args = this.argList();
        return { k: 'call', name: t.s, args, pos: t.pos };
      }
      case T.BUILTIN: {
        this.i++;
        if (this.is('(')) {
          this.i++;
          const args = this.argList();
          return { k: 'builtin', name: t.s, args, pos: t.pos };
        }
        if (t.s === 'length') return { k: 'builtin', name: t.s, args: [], pos: t.pos };
        this.fail();
        break;
      }
      case T.KEYWORD:
        if (t.s === 'getline') {
          this.i++;
          const lv = this.optLvalue();
          if (this.is('<')) {
            this.i++;
            return { k: 'getline', lv, src: 'file', from: this.incdecOrDollar() };
          }
          return { k: 'getline', lv, src: 'plain', from: null };
        }
        break;
      case T.PUNCT:
        if (t.s === '(') {
          this.i++;
          const items = this.exprList(')');
          if (items.length === 1) return { k: 'paren', e: items[0]! }; // one item: exprList returns at least one
          if (this.is('in') || this.noGt) return { k: 'group', items };
          this.fail();
        }
        if (t.s === '-' || t.s === '+' || t.s === '!') return this.unary();
        break;
      default:
        break;
    }
    this.fail();
  }

  /** the target of `getline < target`: gawk reads a primary with its $ and ++ (not a concatenation) */
  private incdecOrDollar(): Expr {
    return this.incdec();
  }
}

export interface SourcePart {
  /** 'cmd. line' or the -f file's name */
  name: string;
  text: string;
}

export type ParseResult = { ok: true; program: Program; warnings: string } | { ok: false; error: string; warnings: string };

/** the diagnostic gawk prints for a syntax error: the line, then a caret under the token */
function errorText(cmd: string, parts: SourcePart[], starts: number[], pos: number, message: string): string {
  let p = parts.length - 1;
  while (p > 0 && starts[p]! > pos) p--;
  const part = parts[p]!; // p stays within parts
  const text = part.text;
  let off = pos - starts[p]!;
  if (off > text.length) off = text.length;
  let ls = text.lastIndexOf('\n', off - 1) + 1;
  if (text[off] === '\n' && off > 0 && ls === off) {
    // the error is at a newline that ends an empty tail: gawk shows the line before it
  }
  let le = text.indexOf('\n', off);
  if (le < 0) le = text.length;
  if (ls > off) ls = off;
  const lineNo = text.slice(0, ls).split('\n').length;
  const prefix = `${cmd}: ${part.name}:${lineNo}: `;
  return `${prefix}${text.slice(ls, le)}\n${prefix}${' '.repeat(off - ls)}^ ${message}\n`;
}

/** `NAME:LINE: ` of a position in the joined sources */
export function locate(parts: SourcePart[], starts: number[], pos: number): string {
  let p = parts.length - 1;
  while (p > 0 && starts[p]! > pos) p--;
  const text = parts[p]!.text; // p stays within parts
  const off = Math.min(pos - starts[p]!, text.length);
  return `${parts[p]!.name}:${text.slice(0, off).split('\n').length}: `;
}

/** where each source part starts in the joined program text */
export function sourceStarts(parts: SourcePart[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const part of parts) {
    starts.push(at);
    at += part.text.length + 1;
  }
  return starts;
}

export function parseProgram(cmd: string, parts: SourcePart[]): ParseResult {
  const starts = sourceStarts(parts);
  const src = parts.map((p) => `${p.text}\n`).join('');
  const found: { pos: number; message: string }[] = [];
  const toks = tokenize(src, found);
  const warnings = found.map((w) => `${cmd}: ${locate(parts, starts, w.pos)}warning: ${w.message}\n`).join('');
  if (toks instanceof LexError) {
    return { ok: false, error: errorText(cmd, parts, starts, toks.pos, toks.message), warnings };
  }
  try {
    return { ok: true, program: new Parser(toks).program(), warnings };
  } catch (e) {
    if (e instanceof AwkSyntaxError) {
      const error = e.plain
        ? `${cmd}: ${locate(parts, starts, e.pos)}error: ${e.message}\n`.repeat(e.times)
        : errorText(cmd, parts, starts, e.pos, e.message);
      return { ok: false, error, warnings };
    }
    throw e;
  }
}
