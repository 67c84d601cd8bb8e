// Arithmetic expressions ($(( )), (( )), let, subscripts and slices), with bash's precedence
// levels (named after bash's expr.c, as mvdan/sh does) and mvdan/sh's error texts.

import type { ArithmExpr, BinAritOperator, BinaryArithm, ParamExp, UnAritOperator, UnaryArithm, Word } from './ast.js';
import { ALL_ARITHM, Q, validName } from './lexer.js';
import { Tok, TOK_STR, goQuote, quoteTok } from './tokens.js';
import type { SaveState } from './words.js';
import { ParamParser } from './params.js';

const ASSIGN_OPS = new Set<Tok>([
  Tok.addAssgn, Tok.subAssgn, Tok.mulAssgn, Tok.quoAssgn, Tok.remAssgn, Tok.andAssgn,
  Tok.orAssgn, Tok.xorAssgn, Tok.shlAssgn, Tok.shrAssgn, Tok.assgn,
]);

function isArithName(x: ArithmExpr | null): boolean {
  if (x === null || x.type !== 'Word' || x.Parts.length !== 1) return false;
  const p = x.Parts[0]!;
  if (p.type === 'Lit') return validName(p.Value);
  if (p.type === 'ParamExp') return p.Short && p.Index !== null;
  return false;
}

/** A word with an expansion in it (`x$foo`): bash expands it in the text before parsing. */
function isDynamicWord(x: ArithmExpr | null): boolean {
  return x !== null && x.type === 'Word' && x.Parts.some((p) => p.type !== 'Lit');
}

// Precedence of the left-associative binary operators (higher binds tighter), from bash's expr.c.
// One precedence-climbing function handles them all, which keeps the JS stack shallow per nesting level.
const BIN_PREC = new Map<Tok, number>([
  [Tok.orOr, 1], [Tok.andAnd, 2], [Tok.or, 3], [Tok.caret, 4], [Tok.and, 5],
  [Tok.equal, 6], [Tok.nequal, 6],
  [Tok.rdrIn, 7], [Tok.rdrOut, 7], [Tok.lequal, 7], [Tok.gequal, 7],
  [Tok.hdoc, 8], [Tok.appOut, 8],
  [Tok.plus, 9], [Tok.minus, 9],
  [Tok.star, 10], [Tok.slash, 10], [Tok.perc, 10],
]);

export abstract class ArithParser extends ParamParser {
  protected arithmExpr(compact: boolean): ArithmExpr | null {
    this.enterNode();
    const openNodes = this.openNodes;
    let value = this.arithmExprAssign(compact);
    while (this.tok === Tok.comma && !(compact && this.spaced)) {
      if (value === null) this.curErr(`${quoteTok(Tok.comma)} must follow an expression`);
      this.enterNode();
      const pos = this.pos;
      this.nextArithOp(compact);
      const y = this.arithmExprAssign(compact);
      if (y === null) this.followErrExp(pos, quoteTok(Tok.comma));
      value = this.binary(pos, Tok.comma, value, y);
      if (this.err !== null) break;
    }
    this.openNodes = openNodes;
    this.leaveNode();
    return value;
  }

  private binary(pos: number, op: Tok, x: ArithmExpr | null, y: ArithmExpr | null): BinaryArithm {
    return {
      type: 'BinaryArithm', Pos: x !== null ? x.Pos : pos, End: y !== null ? y.End : pos + 1, OpPos: pos,
      Op: TOK_STR[op] as BinAritOperator, X: x as ArithmExpr, Y: y as ArithmExpr,
    };
  }

  private arithmExprAssign(compact: boolean): ArithmExpr | null {
    // right-associative, and only after a name
    const value = this.arithmExprTernary(compact);
    if (!ASSIGN_OPS.has(this.tok)) return value;
    if (compact && this.spaced) return value;
    if (!isArithName(value) && !(this.compat && isDynamicWord(value))) {
      this.posErr(this.pos, `${quoteTok(this.tok)} must follow a name`);
    }
    const pos = this.pos;
    const tok = this.tok;
    this.nextArithOp(compact);
    this.enterNode();
    const y =
      this.compat && compact && (tok === Tok.assgn || tok === Tok.addAssgn) && this.tok === Tok.leftParen
        ? this.letArrayLikeParens()
        : this.arithmExprAssign(compact);
    this.leaveNode();
    if (y === null) this.followErrExp(pos, quoteTok(tok));
    return this.binary(pos, tok, value, y);
  }

  /**
   * `let x=( 1 + 2 )`: bash reads `name=( … )` as one word (the shape of an array assignment),
   * so blanks inside those parentheses do not end the expression. mvdan/sh rejects it (see
   * docs/PARSER_DIVERGENCES.md).
   */
  private letArrayLikeParens(): ArithmExpr | null {
    const lparen = this.pos;
    this.nextArith(false);
    const inner = this.followArithm(Tok.leftParen, lparen);
    const rparen = this.matched(lparen, Tok.leftParen, Tok.rightParen);
    return { type: 'ParenArithm', Pos: lparen, End: rparen + 1, Lparen: lparen, Rparen: rparen, X: inner as ArithmExpr };
  }

  private arithmExprTernary(compact: boolean): ArithmExpr | null {
    const value = this.arithmExprBinary(compact, 1);
    if (this.tok !== Tok.quest || (compact && this.spaced)) return value;
    if (value === null) this.curErr(`${quoteTok(this.tok)} must follow an expression`);
    const questPos = this.pos;
    this.nextArithOp(compact);
    if ((this.tok as Tok) === Tok.colon) this.followErrExp(questPos, quoteTok(Tok.quest));
    const trueExpr = this.arithmExpr(compact);
    if (trueExpr === null) this.followErrExp(questPos, quoteTok(Tok.quest));
    if ((this.tok as Tok) !== Tok.colon) {
      this.posErr(questPos, `ternary operator missing ${quoteTok(Tok.colon)} after ${quoteTok(Tok.quest)}`);
    }
    const colonPos = this.pos;
    this.nextArithOp(compact);
    this.enterNode();
    const falseExpr = this.arithmExprTernary(compact);
    this.leaveNode();
    if (falseExpr === null) this.followErrExp(colonPos, quoteTok(Tok.colon));
    return this.binary(questPos, Tok.quest, value, this.binary(colonPos, Tok.colon, trueExpr, falseExpr));
  }

  /** Left-associative binary operators of precedence >= minPrec, by precedence climbing. */
  private arithmExprBinary(compact: boolean, minPrec: number): ArithmExpr | null {
    const openNodes = this.openNodes;
    let value = this.arithmExprPower(compact);
    for (;;) {
      const t = this.tok;
      const prec = BIN_PREC.get(t);
      if (prec === undefined || prec < minPrec || (compact && this.spaced) || this.err !== null) {
        this.openNodes = openNodes;
        return value;
      }
      if (value === null) this.curErr(`${quoteTok(t)} must follow an expression`);
      this.enterNode(); // each operator in a chain nests the tree one level deeper
      const pos = this.pos;
      this.nextArithOp(compact);
      const y = this.arithmExprBinary(compact, prec + 1);
      if (y === null) this.followErrExp(pos, quoteTok(t));
      value = this.binary(pos, t, value, y);
    }
  }

  private arithmExprPower(compact: boolean): ArithmExpr | null {
    // right-associative
    const value = this.arithmExprUnary(compact);
    if (this.tok !== Tok.power || (compact && this.spaced)) return value;
    if (value === null) this.curErr(`${quoteTok(this.tok)} must follow an expression`);
    const pos = this.pos;
    this.nextArithOp(compact);
    this.enterNode();
    const y = this.arithmExprPower(compact);
    this.leaveNode();
    if (y === null) this.followErrExp(pos, quoteTok(Tok.power));
    return this.binary(pos, Tok.power, value, y);
  }

  private unary(pos: number, op: Tok, post: boolean, x: ArithmExpr | null): UnaryArithm {
    const opEnd = pos + TOK_STR[op]!.length;
    const xPos = x !== null ? x.Pos : pos;
    const xEnd = x !== null ? x.End : opEnd;
    return {
      type: 'UnaryArithm', Pos: post ? xPos : pos, End: post ? opEnd : xEnd, OpPos: pos,
      Op: TOK_STR[op] as UnAritOperator, Post: post, X: x as ArithmExpr,
    };
  }

  private arithmExprUnary(compact: boolean): ArithmExpr | null {
    if (!compact) this.got(Tok.Newl);
    switch (this.tok) {
      case Tok.exclMark: case Tok.tilde: case Tok.plus: case Tok.minus: {
        const pos = this.pos;
        const op = this.tok;
        this.nextArithOp(compact);
        this.enterNode();
        const x = this.arithmExprUnary(compact);
        this.leaveNode();
        if (x === null) this.followErrExp(pos, quoteTok(op));
        return this.unary(pos, op, false, x);
      }
    }
    return this.arithmExprValue(compact);
  }

  private arithmExprValue(compact: boolean): ArithmExpr | null {
    let x: ArithmExpr | null = null;
    switch (this.tok) {
      case Tok.addAdd: case Tok.subSub: {
        const pos = this.pos;
        const op = this.tok;
        this.nextArith(compact);
        if ((this.tok as Tok) !== Tok.LitWord) this.followErr(pos, quoteTok(op), 'a literal');
        return this.unary(pos, op, false, this.arithmExprValue(compact));
      }
      case Tok.leftParen: {
        const lparen = this.pos;
        this.nextArithOp(compact);
        const inner = this.followArithm(Tok.leftParen, lparen);
        const rparen = this.matched(lparen, Tok.leftParen, Tok.rightParen);
        x = { type: 'ParenArithm', Pos: lparen, End: rparen + 1, Lparen: lparen, Rparen: rparen, X: inner as ArithmExpr };
        break;
      }
      case Tok.leftBrack:
        this.curErr(`${quoteTok(this.tok)} must follow a name like a[i]`);
        break;
      case Tok.colon:
        this.curErr(`ternary operator missing ${quoteTok(Tok.quest)} before ${quoteTok(Tok.colon)}`);
        break;
      case Tok.LitWord: {
        const l = this.getLit()!;
        if ((this.tok as Tok) !== Tok.leftBrack) {
          x = this.word([l]);
          break;
        }
        const pe: ParamExp = {
          type: 'ParamExp', Pos: l.ValuePos, End: 0, Dollar: l.ValuePos, Rbrace: -1, Short: true, Excl: false,
          Length: false, Width: false, Param: l, Index: null, Slice: null, Repl: null, Names: null, Exp: null,
        };
        pe.Index = this.eitherIndex();
        pe.End = pe.Index !== null ? pe.Index.End + 1 : l.End;
        x = this.word([pe]);
        break;
      }
      default: {
        if (this.tok === Tok.bckQuote && this.quote === Q.arithmExprLet && this.openBquotes > 0) return null;
        const w = this.getWord();
        if (w === null) return null;
        if (this.compat && (this.tok as Tok) === Tok.leftBrack && !this.spaced && isDynamicWord(w)) this.dynamicIndex(w);
        x = w;
      }
    }
    if (compact && this.spaced) return x;
    if (!compact) this.got(Tok.Newl);
    if ((this.tok as Tok) === Tok.addAdd || (this.tok as Tok) === Tok.subSub) {
      if (!isArithName(x) && !(this.compat && isDynamicWord(x))) this.curErr(`${quoteTok(this.tok)} must follow a name`);
      const u = this.unary(this.pos, this.tok, true, x);
      this.nextArith(compact);
      return u;
    }
    return x;
  }

  /**
   * `x$foo[5]` (compat pass): bash expands `x$foo` in the expression text, then reads `xbar[5]`.
   * The subscript is checked as arithmetic and kept as written, as a last Lit of the word, so the
   * word's text is the whole `x$foo[5]` (docs/PARSER_DIVERGENCES.md).
   */
  private dynamicIndex(w: Word): void {
    const lbrack = this.pos;
    const old = this.quote;
    this.quote = Q.paramExpArithm;
    this.next();
    this.followArithm(Tok.leftBrack, lbrack);
    this.quote = old;
    const end = this.pos + 1;
    if (!this.got(Tok.rightBrack)) this.arithmMatchingErr(lbrack, Tok.leftBrack, Tok.rightBrack);
    w.Parts.push({ type: 'Lit', Pos: lbrack, End: end, ValuePos: lbrack, ValueEnd: end, Value: this.src.slice(lbrack, end) });
    w.End = end;
  }

  /** Consumes a token; true if compact and the next token follows a space. */
  private nextArith(compact: boolean): boolean {
    this.next();
    if (compact && this.spaced) return true;
    if (!compact) this.got(Tok.Newl);
    return false;
  }

  private nextArithOp(compact: boolean): void {
    const pos = this.pos;
    const tok = this.tok;
    if (this.nextArith(compact)) this.followErrExp(pos, quoteTok(tok));
  }

  protected followArithm(ftok: Tok, fpos: number): ArithmExpr | null {
    const x = this.arithmExpr(false);
    if (x === null) this.followErrExp(fpos, quoteTok(ftok));
    return x;
  }

  /** `[i]` of `${a[i]}` and `a[i]=`; `@` and `*` become plain words. */
  protected eitherIndex(): ArithmExpr | null {
    if (!this.compat) return this.eitherIndexStrict();
    // bash takes `m[a.b-c]`, `${m[two words]}`, `a[]` as text (an associative array's key, or
    // arithmetic that fails only when evaluated)
    const from = this.nextPos();
    const st = this.saveState();
    const x = this.eitherIndexStrict();
    if (this.err !== null && this.canDefer()) return this.deferredSubscript(st, from) ?? x;
    return x;
  }

  private eitherIndexStrict(): ArithmExpr | null {
    const old = this.quote;
    const lpos = this.pos;
    this.quote = Q.paramExpArithm;
    this.next();
    if (this.tok === Tok.star || this.tok === Tok.at) {
      this.val = TOK_STR[this.tok]!;
      this.tok = Tok.LitWord;
    }
    const expr = this.followArithm(Tok.leftBrack, lpos);
    this.quote = old;
    if (!this.got(Tok.rightBrack)) this.arithmMatchingErr(lpos, Tok.leftBrack, Tok.rightBrack);
    return expr;
  }

  protected arithmMatchingErr(pos: number, left: Tok, right: Tok): void {
    switch (this.tok) {
      case Tok.Lit: case Tok.LitWord:
        this.curErr(`not a valid arithmetic operator: ${goQuote(this.val)}`);
        break;
      case Tok.leftBrack:
        this.curErr(`${quoteTok(Tok.leftBrack)} must follow a name like a[i]`);
        break;
      case Tok.colon:
        this.curErr(`ternary operator missing ${quoteTok(Tok.quest)} before ${quoteTok(Tok.colon)}`);
        break;
      case Tok.rightParen: case Tok.EOF:
        this.matchingErr(pos, left, right);
        break;
      case Tok.period:
        this.langErr(this.pos, 'floating point arithmetic', 'zsh');
        break;
      default:
        if ((this.quote & ALL_ARITHM) !== 0) {
          this.curErr(`not a valid arithmetic operator: ${quoteTok(this.tok)}`);
        }
        this.matchingErr(pos, left, right);
    }
  }

  protected arithmEnd(ltok: Tok, lpos: number, old: SaveState): number {
    if (!(this.tok === Tok.rightParen && this.r === 41)) this.arithmMatchingErr(lpos, ltok, Tok.dblRightParen);
    this.rune();
    this.postNested(old);
    const pos = this.pos;
    this.next();
    return pos;
  }

  /** For `parseArith`: the whole input must be one expression. */
  protected parseArithmInput(): ArithmExpr | null {
    this.rune();
    this.quote = Q.arithmExpr;
    this.next();
    const x = this.arithmExpr(false);
    if (this.err === null && this.tok !== Tok.EOF) {
      if (this.tok === Tok.Lit || this.tok === Tok.LitWord) this.curErr(`not a valid arithmetic operator: ${goQuote(this.val)}`);
      else this.curErr(`not a valid arithmetic operator: ${quoteTok(this.tok)}`);
    }
    return x;
  }
}
