// jq 1.7.1's grammar (src/parser.y) by precedence climbing. Binary operators, lowest first:
//   `|` (right), `,` (left), `//` (right), `= |= += -= *= /= %= //=` (nonassoc), `or`, `and`,
//   `== != < <= > >=` (nonassoc), `+ -`, `* / %`; then unary minus, postfix `?`, and terms.
// `def`, `Term as $x | body` and `label $x | body` take the whole pipe to their right.
// Errors are jq's compile errors: `syntax error, unexpected X` located as jq's locfile does.

import type { Ast, AssignOp, BinOp, FuncDef, Pattern } from './ast.js';
import { lexAt, skipSpace, tokenName, type Token } from './lexer.js';
import { parseJson } from './json/index.js';
import { LiteralNumber } from './value.js';
import type { Json } from './value.js';

/** one compile error: jq's message and the offset it points at */
export class JqSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const BINARY: Record<string, { prec: number; assoc: 'left' | 'right' | 'none' }> = {
  '|': { prec: 1, assoc: 'right' },
  ',': { prec: 2, assoc: 'left' },
  '//': { prec: 3, assoc: 'right' },
  '=': { prec: 4, assoc: 'none' },
  '|=': { prec: 4, assoc: 'none' },
  '+=': { prec: 4, assoc: 'none' },
  '-=': { prec: 4, assoc: 'none' },
  '*=': { prec: 4, assoc: 'none' },
  '/=': { prec: 4, assoc: 'none' },
  '%=': { prec: 4, assoc: 'none' },
  '//=': { prec: 4, assoc: 'none' },
  or: { prec: 5, assoc: 'left' },
  and: { prec: 6, assoc: 'left' },
  '==': { prec: 7, assoc: 'none' },
  '!=': { prec: 7, assoc: 'none' },
  '<': { prec: 7, assoc: 'none' },
  '<=': { prec: 7, assoc: 'none' },
  '>': { prec: 7, assoc: 'none' },
  '>=': { prec: 7, assoc: 'none' },
  '+': { prec: 8, assoc: 'left' },
  '-': { prec: 8, assoc: 'left' },
  '*': { prec: 9, assoc: 'left' },
  '/': { prec: 9, assoc: 'left' },
  '%': { prec: 9, assoc: 'left' },
};
const UNARY_MINUS_PREC = 8;

/** keywords that begin an expression (jq's Exp rules, not Terms) */
const EXP_KEYWORDS = new Set(['if', 'try', 'reduce', 'foreach', 'label', 'def']);

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', '/': '/', '"': '"' };

class Parser {
  private tok: Token;
  private lastStart = 0;
  constructor(private readonly src: string) {
    this.tok = this.lexFrom(0);
  }

  private lexFrom(i: number): Token {
    const t = lexAt(this.src, skipSpace(this.src, i));
    return t;
  }

  private advance(): Token {
    const t = this.tok;
    this.lastStart = t.start;
    this.tok = this.lexFrom(t.start + (t.kind === 'field' ? t.text.length + 1 : t.kind === 'binding' || t.kind === 'format' ? t.text.length + 1 : t.text.length));
    return t;
  }

  fail(t: Token = this.tok, expecting?: string): never {
    let at = t.start;
    if (t.kind === 'eof') at = /\s$/.test(this.src) ? this.src.length : this.lastStart;
    const exp = expecting === undefined ? '' : `, expecting ${expecting}`;
    throw new JqSyntaxError(`syntax error, unexpected ${tokenName(t)}${exp} (Unix shell quoting issues?)`, at);
  }

  /** the current token's kind (a method, so TypeScript does not narrow it across advance()) */
  private peekKind(): Token['kind'] {
    return this.tok.kind;
  }

  private is(text: string): boolean {
    return (this.tok.kind === 'op' || this.tok.kind === 'kw') && this.tok.text === text;
  }

  /** the next token must be `text`; `expecting` when bison names the one token it wanted */
  private expect(text: string, expecting?: string): void {
    if (!this.is(text)) this.fail(this.tok, expecting);
    this.advance();
  }

  parseProgram(): Ast {
    // a program of definitions only is the identity (jq: `def f: 1;` alone outputs its input)
    const e = this.parsePipe(true);
    if (this.tok.kind !== 'eof') this.fail(this.tok, 'end of file');
    return e;
  }

  /** Exp at the lowest precedence; `defsOnly` lets a program end right after its definitions */
  parsePipe(defsOnly = false): Ast {
    if (this.is('def')) {
      const def = this.parseDef();
      if (defsOnly && this.tok.kind === 'eof') return { k: 'def', def, body: { k: 'identity' } };
      return { k: 'def', def, body: this.parsePipe(defsOnly) };
    }
    return this.parseBinary(1);
  }

  private parseDef(): FuncDef {
    this.expect('def');
    const nameTok = this.tok;
    if (nameTok.kind !== 'ident' && nameTok.kind !== 'kw') this.fail(nameTok, 'IDENT or MODULE');
    this.advance();
    const params: string[] = [];
    if (this.is('(')) {
      this.advance();
      for (;;) {
        const p = this.tok;
        if (p.kind === 'binding') params.push(`$${p.text}`);
        else if (p.kind === 'ident' || p.kind === 'kw') params.push(p.text);
        else this.fail(p);
        this.advance();
        if (this.is(';')) {
          this.advance();
          continue;
        }
        this.expect(')');
        break;
      }
    }
    this.expect(':');
    const body = this.parsePipe();
    this.expect(';');
    return { name: nameTok.text, params, body };
  }

  private parseBinary(minPrec: number): Ast {
    let left = this.parseUnary();
    for (;;) {
      const t = this.tok;
      if (t.kind !== 'op' && t.kind !== 'kw') return left;
      const info = BINARY[t.text];
      if (info === undefined || info.prec < minPrec) return left;
      this.advance();
      if (t.text === '|' && this.is('def')) {
        left = { k: 'pipe', l: left, r: this.parsePipe() };
        continue;
      }
      const right = this.parseBinary(info.assoc === 'left' || info.assoc === 'none' ? info.prec + 1 : info.prec);
      left = this.combine(t.text, left, right);
      if (info.assoc === 'none') {
        const n = this.tok;
        const ni = (n.kind === 'op' || n.kind === 'kw') && BINARY[n.text];
        if (ni && ni.prec === info.prec) this.fail(n);
      }
    }
  }

  private combine(op: string, l: Ast, r: Ast): Ast {
    switch (op) {
      case '|':
        return { k: 'pipe', l, r };
      case ',':
        return { k: 'comma', l, r };
      case '//':
        return { k: 'alt', l, r };
      case 'and':
        return { k: 'and', l, r };
      case 'or':
        return { k: 'or', l, r };
      case '=':
      case '|=':
      case '+=':
      case '-=':
      case '*=':
      case '/=':
      case '%=':
      case '//=':
        return { k: 'assign', op: op as AssignOp, l, r };
      default:
        return { k: 'binop', op: op as BinOp, l, r };
    }
  }

  private parseUnary(): Ast {
    if (this.is('-')) {
      this.advance();
      return { k: 'neg', e: this.parseBinary(UNARY_MINUS_PREC + 1) };
    }
    if (this.is('def')) return this.parsePipe();
    if (this.tok.kind === 'kw' && EXP_KEYWORDS.has(this.tok.text)) return this.parseKeywordExp();
    const t = this.parsePostfix();
    if (this.is('as')) {
      this.advance();
      const pats = this.parsePatterns();
      this.expect('|');
      return { k: 'as', src: t, pats, body: this.parsePipe() };
    }
    return t;
  }

  private parsePatterns(): Pattern[] {
    const pats = [this.parsePattern()];
    while (this.is('?//')) {
      this.advance();
      pats.push(this.parsePattern());
    }
    return pats;
  }

  private parsePattern(): Pattern {
    const t = this.tok;
    if (t.kind === 'binding') {
      this.advance();
      return { k: 'var', name: t.text };
    }
    if (this.is('[')) {
      this.advance();
      const items: Pattern[] = [this.parsePattern()];
      while (this.is(',')) {
        this.advance();
        items.push(this.parsePattern());
      }
      this.expect(']');
      return { k: 'array', items };
    }
    if (this.is('{')) {
      this.advance();
      const entries: { key: Ast; bind?: string; pat?: Pattern }[] = [];
      for (;;) {
        const k = this.tok;
        if (k.kind === 'binding') {
          this.advance();
          const e: { key: Ast; bind?: string; pat?: Pattern } = { key: { k: 'literal', v: k.text }, bind: k.text };
          if (this.is(':')) {
            this.advance();
            e.pat = this.parsePattern();
          }
          entries.push(e);
        } else {
          let key: Ast;
          if (k.kind === 'ident' || k.kind === 'kw') {
            this.advance();
            key = { k: 'literal', v: k.text };
          } else if (k.kind === 'qq' || k.kind === 'format') key = this.parseStringTerm();
          else if (this.is('(')) {
            this.advance();
            key = this.parsePipe();
            this.expect(')');
          } else this.fail(k);
          this.expect(':');
          entries.push({ key, pat: this.parsePattern() });
        }
        if (this.is(',')) {
          this.advance();
          continue;
        }
        this.expect('}');
        return { k: 'object', entries };
      }
    }
    return this.fail(t);
  }

  /** a Term and its suffixes; `allowTry`: a bare `?` after it (jq's `Exp '?'`, not in object values) */
  private parsePostfix(allowTry = true): Ast {
    let t = this.parseTerm();
    for (;;) {
      const tok = this.tok;
      if (tok.kind === 'field') {
        this.advance();
        t = { k: 'index', target: t, key: { k: 'literal', v: tok.text }, opt: this.optMark() };
      } else if (this.is('.') && this.peekAfterDot()) {
        this.advance();
        if (this.tok.kind === 'qq') {
          const key = this.parseStringTerm();
          t = { k: 'index', target: t, key, opt: this.optMark() };
        } else t = this.parseBracket(t);
      } else if (this.is('[')) {
        t = this.parseBracket(t);
      } else if (this.is('?') && allowTry) {
        this.advance();
        t = { k: 'try', body: t, handler: null };
      } else return t;
    }
  }

  /** `.` followed by `[` or a string continues a path (`.a.[0]`, `.a."b"`) */
  private peekAfterDot(): boolean {
    const n = this.lexFrom(this.tok.start + 1);
    return n.kind === 'qq' || (n.kind === 'op' && n.text === '[');
  }

  private optMark(): boolean {
    if (this.is('?')) {
      this.advance();
      return true;
    }
    return false;
  }

  /** `[ ]`, `[e]`, `[e:e]` after a term */
  private parseBracket(target: Ast): Ast {
    this.expect('[');
    if (this.is(']')) {
      this.advance();
      return { k: 'iterate', target, opt: this.optMark() };
    }
    if (this.is(':')) {
      this.advance();
      const to = this.parsePipe();
      this.expect(']');
      return { k: 'slice', target, from: null, to, opt: this.optMark() };
    }
    const e = this.parsePipe();
    if (this.is(':')) {
      this.advance();
      if (this.is(']')) {
        this.advance();
        return { k: 'slice', target, from: e, to: null, opt: this.optMark() };
      }
      const to = this.parsePipe();
      this.expect(']');
      return { k: 'slice', target, from: e, to, opt: this.optMark() };
    }
    this.expect(']');
    return { k: 'index', target, key: e, opt: this.optMark() };
  }

  private parseTerm(): Ast {
    const t = this.tok;
    switch (t.kind) {
      case 'num': {
        this.advance();
        return { k: 'literal', v: numberLiteral(t.text) };
      }
      case 'qq':
        return this.parseStringTerm();
      case 'format': {
        this.advance();
        if (this.tok.kind === 'qq') return this.parseString(t.text);
        return { k: 'format', name: t.text };
      }
      case 'field':
        this.advance();
        return { k: 'index', target: { k: 'identity' }, key: { k: 'literal', v: t.text }, opt: this.optMark() };
      case 'binding':
        this.advance();
        return { k: 'var', name: t.text, at: t.start };
      case 'loc':
        this.advance();
        return { k: 'literal', v: new Map<string, Json>([['file', '<top-level>'], ['line', this.lineOf(t.start)]]) };
      case 'ident':
        return this.parseCall();
      case 'kw':
        return t.text === 'break' ? this.parseKeywordTerm(t) : this.fail(t);
      case 'op':
        break;
      default:
        return this.fail(t);
    }
    switch (t.text) {
      case '.': {
        this.advance();
        if (this.tok.kind === 'qq') {
          const key = this.parseStringTerm();
          return { k: 'index', target: { k: 'identity' }, key, opt: this.optMark() };
        }
        if (this.is('[')) return this.parseBracket({ k: 'identity' });
        return { k: 'identity' };
      }
      case '..':
        this.advance();
        return { k: 'recurse' };
      case '(': {
        this.advance();
        const e = this.parsePipe();
        this.expect(')');
        return e;
      }
      case '[': {
        this.advance();
        if (this.is(']')) {
          this.advance();
          return { k: 'array', body: null };
        }
        const e = this.parsePipe();
        this.expect(']');
        return { k: 'array', body: e };
      }
      case '{':
        return this.parseObject();
      default:
        return this.fail(t);
    }
  }

  private lineOf(offset: number): number {
    let n = 1;
    for (let i = 0; i < offset; i++) if (this.src.charCodeAt(i) === 10) n++;
    return n;
  }

  /** if/try/reduce/foreach/label/break start an Exp, not a Term: only `?` may follow them */
  private parseKeywordExp(): Ast {
    let e = this.parseKeywordTerm(this.tok);
    while (this.is('?')) {
      this.advance();
      e = { k: 'try', body: e, handler: null };
    }
    return e;
  }

  private parseKeywordTerm(t: Token): Ast {
    switch (t.text) {
      case 'if':
        return this.parseIf();
      case 'try': {
        this.advance();
        const body = this.parsePostTry();
        if (this.is('catch')) {
          this.advance();
          return { k: 'try', body, handler: this.parsePostTry() };
        }
        return { k: 'try', body, handler: null };
      }
      case 'reduce': {
        this.advance();
        const src = this.parsePostfix();
        this.expect('as');
        const pat = this.parsePatterns();
        this.expect('(', "'('");
        const init = this.parsePipe();
        this.expect(';');
        const update = this.parsePipe();
        this.expect(')');
        return { k: 'reduce', src, pat: mergePatterns(pat), init, update };
      }
      case 'foreach': {
        this.advance();
        const src = this.parsePostfix();
        this.expect('as');
        const pat = this.parsePatterns();
        this.expect('(', "'('");
        const init = this.parsePipe();
        this.expect(';');
        const update = this.parsePipe();
        let extract: Ast | null = null;
        if (this.is(';')) {
          this.advance();
          extract = this.parsePipe();
        }
        this.expect(')');
        return { k: 'foreach', src, pat: mergePatterns(pat), init, update, extract };
      }
      case 'label': {
        this.advance();
        const b = this.tok;
        if (b.kind !== 'binding') return this.fail(b);
        this.advance();
        this.expect('|');
        return { k: 'label', name: b.text, body: this.parsePipe() };
      }
      case 'break': {
        this.advance();
        const b = this.tok;
        if (b.kind !== 'binding') throw new JqSyntaxError('break requires a label to break to', t.start);
        this.advance();
        return { k: 'break', name: b.text, at: t.start };
      }
      case 'def':
        return this.parsePipe();
      default:
        return this.fail(t);
    }
  }

  /** the operand of `try`/`catch`: a postfix term (jq gives them the highest precedence) */
  private parsePostTry(): Ast {
    if (this.is('-')) {
      this.advance();
      return { k: 'neg', e: this.parsePostTry() };
    }
    if (this.tok.kind === 'kw' && EXP_KEYWORDS.has(this.tok.text)) return this.parseKeywordExp();
    return this.parsePostfix();
  }

  private parseIf(): Ast {
    this.advance();
    const cond = this.parsePipe();
    this.expect('then');
    const then = this.parsePipe();
    if (this.is('elif')) return { k: 'if', cond, then, else: this.parseIf() };
    if (this.is('else')) {
      this.advance();
      const e = this.parsePipe();
      this.expect('end');
      return { k: 'if', cond, then, else: e };
    }
    this.expect('end');
    return { k: 'if', cond, then, else: null };
  }

  private parseCall(): Ast {
    const t = this.advance();
    if (t.text === 'true') return { k: 'literal', v: true };
    if (t.text === 'false') return { k: 'literal', v: false };
    if (t.text === 'null') return { k: 'literal', v: null };
    const args: Ast[] = [];
    if (this.is('(')) {
      this.advance();
      for (;;) {
        args.push(this.parsePipe());
        if (this.is(';')) {
          this.advance();
          continue;
        }
        this.expect(')');
        break;
      }
    }
    return { k: 'call', name: t.text, args, at: t.start };
  }

  private parseObject(): Ast {
    this.expect('{');
    const entries: { key: Ast; value: Ast }[] = [];
    while (!this.is('}')) {
      const t = this.tok;
      let key: Ast;
      let value: Ast | null = null;
      if (t.kind === 'binding') {
        this.advance();
        if (this.is(':')) key = { k: 'var', name: t.text, at: t.start };
        else {
          key = { k: 'literal', v: t.text };
          value = { k: 'var', name: t.text, at: t.start };
        }
      } else if (t.kind === 'loc') {
        this.advance();
        key = { k: 'literal', v: '__loc__' };
        value = { k: 'literal', v: new Map<string, Json>([['file', '<top-level>'], ['line', this.lineOf(t.start)]]) };
      } else if (t.kind === 'ident' || t.kind === 'kw') {
        this.advance();
        key = { k: 'literal', v: t.text };
        if (!this.is(':')) value = { k: 'index', target: { k: 'identity' }, key, opt: false };
      } else if (t.kind === 'qq' || t.kind === 'format') {
        key = this.parseStringTerm();
        if (!this.is(':')) value = { k: 'index', target: { k: 'identity' }, key, opt: false };
      } else if (t.kind === 'num') {
        this.advance();
        if (this.is(':')) throw new JqSyntaxError('May need parentheses around object key expression', t.start);
        return this.fail(this.tok);
      } else if (this.is('(')) {
        this.advance();
        key = this.parsePipe();
        this.expect(')');
        if (key.k === 'literal' && typeof key.v !== 'string') {
          throw new JqSyntaxError(`Cannot use ${kindName(key.v)} (${String(key.v)}) as object key`, t.start);
        }
        if (!this.is(':')) this.fail(this.tok, "':'");
      } else return this.fail(t);
      if (value === null) {
        this.expect(':');
        value = this.parseObjectValue();
      }
      entries.push({ key, value });
      if (this.is(',')) {
        this.advance();
        continue;
      }
      if (!this.is('}')) this.fail(this.tok, "'}'");
    }
    this.advance();
    return { k: 'object', entries };
  }

  /** ExpD: terms joined by `|`, or a negation */
  private parseObjectValue(): Ast {
    let left: Ast;
    if (this.is('-')) {
      this.advance();
      left = { k: 'neg', e: this.parseObjectValue() };
      return left;
    }
    left = this.parsePostfix(false);
    while (this.is('|')) {
      this.advance();
      left = { k: 'pipe', l: left, r: this.is('-') ? this.parseObjectValue() : this.parsePostfix(false) };
    }
    return left;
  }

  private parseStringTerm(): Ast {
    if (this.tok.kind === 'format') {
      const f = this.advance();
      if (this.peekKind() !== 'qq') return { k: 'format', name: f.text };
      return this.parseString(f.text);
    }
    return this.parseString('text');
  }

  /** the string whose opening quote is the current token; `\(e)` nests an expression */
  private parseString(fmt: string): Ast {
    const src = this.src;
    let i = this.tok.start + 1;
    const parts: (string | Ast)[] = [];
    let text = '';
    for (;;) {
      if (i >= src.length) {
        this.tok = { kind: 'eof', text: '', start: src.length };
        this.lastStart = i - 1;
        this.fail(this.tok, 'QQSTRING_TEXT or QQSTRING_INTERP_START or QQSTRING_END');
      }
      const c = src[i] as string;
      if (c === '"') {
        i++;
        break;
      }
      if (c !== '\\') {
        text += c;
        i++;
        continue;
      }
      const e = src[i + 1] ?? '';
      if (e === '(') {
        if (text !== '') parts.push(text);
        text = '';
        this.tok = this.lexFrom(i + 2);
        const inner = this.parsePipe();
        if (!this.is(')')) this.fail(this.tok);
        parts.push(inner);
        i = this.tok.start + 1;
        continue;
      }
      if (e === 'u') {
        const hex = src.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JqSyntaxError(invalidEscape(src, i), i);
        text += String.fromCharCode(Number.parseInt(hex, 16));
        i += 6;
        continue;
      }
      const r = ESCAPES[e];
      if (r === undefined) throw new JqSyntaxError(invalidEscape(src, i), i);
      text += r;
      i += 2;
    }
    if (text !== '' || parts.length === 0) parts.push(text);
    this.lastStart = this.tok.start;
    this.tok = this.lexFrom(i);
    return { k: 'str', fmt, parts: parts.map((p) => (typeof p === 'string' ? fixSurrogates(p) : p)) };
  }
}

/** lone surrogates from `\uD800` escapes become U+FFFD, as jq's JSON parser makes them */
function fixSurrogates(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function invalidEscape(src: string, at: number): string {
  // jq passes the escape run to its JSON parser and reports that parser's message
  let j = at;
  while (j < src.length && src[j] === '\\' && src[j + 1] !== '(') j += 2;
  const run = src.slice(at, j);
  return `Invalid escape at line 1, column ${run.length + 2} (while parsing '"${run}"')`;
}

function kindName(v: Json): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Map) return 'object';
  return 'number';
}

function numberLiteral(text: string): Json {
  const v = parseJson(text.startsWith('.') ? `0${text}` : text.endsWith('.') ? `${text}0` : text);
  // jq 1.7.1 keeps every literal as a decimal: a big integer that a double happens to hold stays
  // a literal too, so that it compares as a decimal with other literals (2^53 vs 2^53+1)
  if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) >= 2 ** 53 && /^-?[0-9]+$/.test(text)) {
    return new LiteralNumber(v, text.replace(/^(-?)0+(?=[0-9])/, '$1'));
  }
  return v;
}

/** `?//` alternatives in reduce/foreach: jq binds every variable; we keep the first pattern */
function mergePatterns(pats: Pattern[]): Pattern {
  return pats[0] as Pattern; // parsePatterns returns at least one
}

export function parseProgram(src: string): Ast {
  return new Parser(src).parseProgram();
}

/** jq's `MSG at <top-level>, line N:\nLINE<spaces to the offset>` */
export function locate(src: string, message: string, offset: number): string {
  let lineStart = 0;
  let line = 1;
  for (let i = 0; i < offset && i < src.length; i++) {
    if (src.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  const nl = src.indexOf('\n', lineStart);
  const text = nl < 0 ? src.slice(lineStart) : src.slice(lineStart, nl + 1);
  return `jq: error: ${message} at <top-level>, line ${line}:\n${text}${' '.repeat(Math.max(0, offset - lineStart))}`;
}
