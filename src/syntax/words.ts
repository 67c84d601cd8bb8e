// Words and their parts: literals, quotes, parameter expansions, command and arithmetic
// substitutions, extended globs, and here-document bodies.

import type {
  ArithmExp, ArithmExpr, CmdSubst, DblQuoted, ExtGlob, GlobOperator, Lit, ParamExp,ProcOperator, ProcSubst, Redirect, SglQuoted, Stmt, Word, WordPart,
} from './ast.js';
import {
  ESC_NEWL, EOF_RUNE, Lexer, NONE, Q, type ScanState,
} from './lexer.js';
import { Tok, TOK_STR, goQuote, quoteTok } from './tokens.js';
import { finishStmt, finishWord } from './ends.js';
import { STOP_RBRACE } from './stops.js';
import { dparenIsArith } from './dparen.js';
import { lineCol } from './positions.js';

/** The lexer state saved around a nested construct: quote state and buried here-docs, packed in one number. */
export type SaveState = number;
const QUOTE_SPAN = 1 << 20;

/** Where a word part starts (mvdan's Pos() of each part type). */
export function partPos(p: WordPart): number {
  switch (p.type) {
    case 'Lit': return p.ValuePos;
    case 'SglQuoted': case 'DblQuoted': case 'CmdSubst': case 'ArithmExp': return p.Left;
    case 'ParamExp': return p.Dollar;
    case 'ProcSubst': case 'ExtGlob': return p.OpPos;
    default: return p.Pos;
  }
}

export function wordPos(w: Word): number {
  return w.Parts.length > 0 ? partPos(w.Parts[0]!) : w.Pos;
}

export function isLitTok(t: Tok): boolean {
  return t === Tok.Lit || t === Tok.LitWord || t === Tok.LitRedir;
}

export abstract class WordParser extends Lexer {
  protected maxDepth = 500;

  /** Parses statements up to a stop word or closing token; the trailing comments go to lastComs. */
  protected abstract stmtList(stops?: readonly string[]): Stmt[];
  protected abstract arithmExpr(compact: boolean): ArithmExpr | null;
  protected abstract followArithm(ftok: Tok, fpos: number): ArithmExpr | null;
  protected abstract eitherIndex(): ArithmExpr | null;
  protected abstract arithmEnd(ltok: Tok, lpos: number, old: SaveState): number;
  protected abstract arithmMatchingErr(pos: number, left: Tok, right: Tok): void;

  // ------------------------------------------------------------------ helpers

  protected enterNode(): void {
    this.openNodes++;
    if (this.openNodes > this.maxDepth) this.curErr(`nesting too deep (more than ${this.maxDepth} levels)`);
    // each node costs the interpreter about a kilobyte once compiled: 200,000 lines of `:` took 540 MB
    if (++this.nodesSeen > this.maxNodes) this.curErr(`script too large: more than ${this.maxNodes} syntax nodes`);
  }

  protected leaveNode(): void {
    this.openNodes--;
  }

  protected lit(pos: number, val: string): Lit {
    const end = this.nextPos();
    return { type: 'Lit', Pos: pos, End: end, ValuePos: pos, ValueEnd: end, Value: val };
  }

  protected word(parts: WordPart[]): Word {
    return finishWord({ type: 'Word', Pos: 0, End: 0, Parts: parts });
  }

  protected preNested(quote: number): SaveState {
    const s = this.quote + this.buriedHdocs * QUOTE_SPAN;
    this.buriedHdocs = this.heredocs.length;
    this.quote = quote;
    return s;
  }

  protected postNested(s: SaveState): void {
    this.quote = s % QUOTE_SPAN;
    this.buriedHdocs = Math.floor(s / QUOTE_SPAN);
  }

  /**
   * At a `((` or `$((` token: true when bash reads nested parentheses there rather than arithmetic
   * (see dparen.ts). The lexer then steps back onto the second `(`, and the token becomes `(` or
   * `$(`.
   */
  protected splitDblParen(): boolean {
    if (!this.compat) return false;
    const second = this.pos + (this.tok === Tok.dollDblParen ? 2 : 1);
    if (this.src.charCodeAt(second) !== 40 || this.src.charCodeAt(second - 1) !== 40) return false;
    if (dparenIsArith(this.src, second + 1) !== false) return false;
    this.i = second + 1;
    this.r = 40;
    this.w = 1;
    this.tok = this.tok === Tok.dollDblParen ? Tok.dollParen : Tok.leftParen;
    return true;
  }

  protected got(t: Tok): boolean {
    if (this.tok === t) {
      this.next();
      return true;
    }
    return false;
  }

  /** Consumes reserved word `val` if it is the current token; returns its position or -1. */
  protected gotRsrv(val: string): number {
    const pos = this.pos;
    if (this.tok === Tok.LitWord && this.val === val) {
      this.next();
      return pos;
    }
    return -1;
  }

  protected followErr(pos: number, left: string, right: string): void {
    this.posErr(pos, `${left} must be followed by ${right}`);
  }

  protected followErrExp(pos: number, left: string): void {
    this.followErr(pos, left, 'an expression');
  }

  protected quoteErr(lpos: number, quote: Tok): void {
    this.posErr(lpos, `reached ${quoteTok(this.tok)} without closing quote ${quoteTok(quote)}`, quote);
  }

  protected matchingErr(lpos: number, left: Tok, right: Tok): void {
    this.posErr(lpos, `reached ${quoteTok(this.tok)} without matching ${quoteTok(left)} with ${quoteTok(right)}`, left);
  }

  protected matched(lpos: number, left: Tok, right: Tok): number {
    const pos = this.pos;
    if (!this.got(right)) this.matchingErr(lpos, left, right);
    return pos;
  }

  /** mvdan's LangError for features of other shells: `<feature> is a <lang> feature; …`. */
  protected langErr(pos: number, feature: string, langs: string): void {
    const verb = feature.endsWith('s') ? 'are' : 'is';
    this.posErr(pos, `${feature} ${verb} a ${langs} feature; tried parsing as bash`);
  }

  // ------------------------------------------------------------------ words

  protected getWord(): Word | null {
    const parts = this.wordParts();
    if (parts.length > 0 && this.err === null) return this.word(parts);
    return null;
  }

  protected wordAnyNumber(): Word {
    return this.word(this.wordParts());
  }

  protected getLit(): Lit | null {
    if (isLitTok(this.tok)) {
      const l = this.lit(this.pos, this.val);
      this.next();
      return l;
    }
    return null;
  }

  protected followWordTok(t: Tok, pos: number): Word | null {
    const w = this.getWord();
    if (w === null) this.followErr(pos, quoteTok(t), 'a word');
    return w;
  }

  protected wordParts(): WordPart[] {
    const mark = this.top;
    const wasNoState = this.quote === Q.noState;
    if (wasNoState) this.quote = Q.unquotedWordCont;
    for (;;) {
      this.enterNode();
      const n = this.wordPart();
      this.leaveNode();
      if (n === null) break;
      this.spush(n);
      if (this.spaced) break;
    }
    if (wasNoState) this.quote = Q.noState;
    return this.collect<WordPart>(mark);
  }

  /**
   * mvdan/sh rejects every expansion in a here-doc delimiter; bash takes its text literally
   * (`cat <<${a}` ends at a line `${a}`). The compat pass accepts `$a`, `${…}`, `$(…)`, `$((…))`
   * and `$[…]` there (`dollar`), as bash does; backquotes and process substitutions still fail.
   */
  private ensureNoNested(pos: number, dollar = true): void {
    if (this.forbidNested && (dollar || !this.compat)) this.posErr(pos, 'expansions not allowed in heredoc words');
  }

  protected wordPart(): WordPart | null {
    switch (this.tok) {
      case Tok.Lit: case Tok.LitWord: case Tok.LitRedir: {
        const l = this.lit(this.pos, this.val);
        this.next();
        return l;
      }
      case Tok.dollBrace:
        this.ensureNoNested(this.pos, false);
        if (this.r === 124 || this.r === 32 || this.r === 9 || this.r === 10) return this.braceCmdSubst();
        return this.paramExp();
      case Tok.dollDblParen: case Tok.dollBrack:
        this.ensureNoNested(this.pos, false);
        if (this.tok === Tok.dollDblParen && this.splitDblParen()) return this.cmdSubst();
        return this.arithmExp();
      case Tok.dollParen:
        this.ensureNoNested(this.pos, false);
        return this.cmdSubst();
      case Tok.dollar: {
        const pe = this.paramExp();
        if (pe === null) {
          // not actually a parameter expansion, like "foo$"
          const l = this.lit(this.pos, '$');
          this.next();
          return l;
        }
        this.ensureNoNested(pe.Dollar, false);
        return pe;
      }
      case Tok.assgnParen:
        this.langErr(this.pos, '`=(` process substitutions', 'zsh');
        return this.procSubst();
      case Tok.cmdIn: case Tok.cmdOut:
        this.ensureNoNested(this.pos);
        return this.procSubst();
      case Tok.sglQuote: case Tok.dollSglQuote:
        return this.sglQuoted();
      case Tok.dblQuote: case Tok.dollDblQuote:
        if (this.quote === Q.dblQuotes) return null; // the closing quote
        return this.dblQuoted();
      case Tok.bckQuote:
        if (this.backquoteEnd()) return null;
        this.ensureNoNested(this.pos);
        return this.backquoted();
      case Tok.globQuest: case Tok.globStar: case Tok.globPlus: case Tok.globAt: case Tok.globExcl:
        return this.extGlob();
      default:
        return null;
    }
  }

  private newCmdSubst(left: number): CmdSubst {
    return {
      type: 'CmdSubst', Pos: left, End: 0, Left: left, Right: 0, Stmts: NONE, Last: NONE,
      Backquotes: false, TempFile: false, ReplyVar: false,
    };
  }

  /** `${ cmds;}` and `${| cmds;}` (bash 5.3), accepted by mvdan/sh for bash. */
  private braceCmdSubst(): CmdSubst {
    const cs = this.newCmdSubst(this.pos);
    cs.TempFile = this.r !== 124;
    cs.ReplyVar = this.r === 124;
    const old = this.preNested(Q.subCmd);
    this.rune(); // don't tokenize '|'
    this.next();
    cs.Stmts = this.stmtList(STOP_RBRACE);
    cs.Last = this.lastComs;
    this.postNested(old);
    const pos = this.gotRsrv('}');
    if (pos < 0) this.matchingErr(cs.Left, Tok.dollBrace, Tok.rightBrace);
    cs.Right = pos;
    cs.End = pos + 1;
    return cs;
  }

  protected cmdSubst(): CmdSubst {
    const cs = this.newCmdSubst(this.pos);
    const old = this.preNested(Q.subCmd);
    this.next();
    cs.Stmts = this.stmtList();
    cs.Last = this.lastComs;
    this.postNested(old);
    cs.Right = this.matched(cs.Left, Tok.dollParen, Tok.rightParen);
    cs.End = cs.Right + 1;
    return cs;
  }

  private backquoted(): CmdSubst {
    const cs = this.newCmdSubst(this.pos);
    cs.Backquotes = true;
    const old = this.preNested(Q.subCmdBckquo);
    this.openBquotes++;
    this.rune(); // the lexer left the backquote for us, to count nesting first
    this.next();
    cs.Stmts = this.stmtList();
    cs.Last = this.lastComs;
    if (this.tok === Tok.bckQuote && this.lastBquoteEsc < this.openBquotes - 1) {
      // found ` before the nested backquote \` was closed
      this.tok = Tok.EOF;
      this.quoteErr(cs.Left, Tok.bckQuote);
    }
    this.postNested(old);
    this.openBquotes--;
    cs.Right = this.pos;
    this.rune();
    if (!this.got(Tok.bckQuote)) this.quoteErr(cs.Left, Tok.bckQuote);
    cs.End = cs.Right + 1;
    return cs;
  }

  private procSubst(): ProcSubst {
    const op = TOK_STR[this.tok] as ProcOperator;
    const ps: ProcSubst = { type: 'ProcSubst', Pos: this.pos, End: 0, OpPos: this.pos, Rparen: 0, Op: op, Stmts: NONE, Last: NONE };
    const opTok = this.tok;
    const old = this.preNested(Q.subCmd);
    this.next();
    ps.Stmts = this.stmtList();
    ps.Last = this.lastComs;
    this.postNested(old);
    ps.Rparen = this.matched(ps.OpPos, opTok, Tok.rightParen);
    ps.End = ps.Rparen + 1;
    return ps;
  }

  private arithmExp(): ArithmExp {
    if (!this.compat) return this.arithmExpStrict();
    // bash parses `$((5 +))` and reports the error when it evaluates it
    const st = this.saveState();
    const ar = this.arithmExpStrict();
    if (this.err !== null && this.canDefer()) return this.deferredArithmExp(st, ar);
    return ar;
  }

  protected abstract canDefer(): boolean;
  protected abstract deferredArithmExp(st: ScanState, failed: ArithmExp): ArithmExp;

  private arithmExpStrict(): ArithmExp {
    const left = this.tok;
    const ar: ArithmExp = {
      type: 'ArithmExp', Pos: this.pos, End: 0, Left: this.pos, Right: 0, Bracket: left === Tok.dollBrack,
      Unsigned: false, X: null,
    };
    const old = this.preNested(Q.arithmExpr);
    this.next();
    if (this.got(Tok.hash)) this.langErr(ar.Left, 'unsigned expressions', 'mksh');
    ar.X = this.followArithm(left, ar.Left);
    if (ar.Bracket) {
      if (this.tok !== Tok.rightBrack) this.arithmMatchingErr(ar.Left, Tok.dollBrack, Tok.rightBrack);
      this.postNested(old);
      ar.Right = this.pos;
      this.next();
    } else {
      ar.Right = this.arithmEnd(Tok.dollDblParen, ar.Left, old);
    }
    ar.End = ar.Right + (ar.Bracket ? 1 : 2);
    return ar;
  }

  private sglQuoted(): SglQuoted | null {
    const sq: SglQuoted = {
      type: 'SglQuoted', Pos: this.pos, End: 0, Left: this.pos, Right: 0, Dollar: this.tok === Tok.dollSglQuote, Value: '',
    };
    let r = this.r;
    for (this.newLit(r); ; r = this.rune()) {
      switch (r) {
        case 92:
          if (sq.Dollar) this.rune();
          break;
        case 39:
          sq.Right = this.nextPos();
          sq.Value = this.endLit();
          sq.End = sq.Right + 1;
          this.rune();
          this.next();
          return sq;
        case ESC_NEWL:
          this.litAppend('\\\n');
          break;
        case EOF_RUNE:
          this.tok = Tok.EOF;
          this.quoteErr(sq.Left, Tok.sglQuote);
          return null;
      }
    }
  }

  private dblQuoted(): DblQuoted {
    const q: DblQuoted = {
      type: 'DblQuoted', Pos: this.pos, End: 0, Left: this.pos, Right: 0, Dollar: this.tok === Tok.dollDblQuote, Parts: NONE,
    };
    const old = this.quote;
    this.quote = Q.dblQuotes;
    this.next();
    q.Parts = this.wordParts();
    this.quote = old;
    q.Right = this.pos;
    q.End = q.Right + 1;
    if (!this.got(Tok.dblQuote)) this.quoteErr(q.Left, Tok.dblQuote);
    return q;
  }

  private extGlob(): ExtGlob {
    const opTok = this.tok;
    const eg: ExtGlob = {
      type: 'ExtGlob', Pos: this.pos, End: 0, OpPos: this.pos, Op: TOK_STR[opTok] as GlobOperator,
      Pattern: null as unknown as Lit,
    };
    let lparens = 1;
    let r = this.r;
    for (this.newLit(r); ; r = this.rune()) {
      if (r === EOF_RUNE) break;
      if (r === 40) lparens++;
      else if (r === 41 && --lparens === 0) break;
    }
    eg.Pattern = this.lit(eg.OpPos + 2, this.endLit());
    eg.End = eg.Pattern.End + 1;
    this.rune();
    this.next();
    if (lparens !== 0) this.matchingErr(eg.OpPos, opTok, Tok.rightParen);
    return eg;
  }

  /** `$name`, `${…}`; null when a lone `$` is just a literal dollar. */
  protected abstract paramExp(): ParamExp | null;

  // ------------------------------------------------------------------ here-documents

  /** The delimiter text of a here-doc word, and whether any part of it was quoted. */
  private unquotedWordBytes(w: Word): [string, boolean] {
    let buf = '';
    let quoted = false;
    for (const wp of w.Parts) {
      // as in mvdan/sh, only the last part decides whether the word counts as quoted
      [buf, quoted] = unquotedWordPart(this.src, buf, wp, false);
    }
    // A delimiter with an expansion in it (bash only) is taken as its raw text; the body is an
    // ordinary unquoted one, expanded like bash does (the closing line is matched by raw text).
    return [buf, quoted];
  }

  /**
   * A here-doc whose delimiter line never came (compat pass, `heredocsToEOF`): bash takes the
   * rest of the script as its body and warns (docs/PARSER_DIVERGENCES.md).
   */
  private hdocToEOF(r: Redirect, stop: string, quoted: boolean, start: number): void {
    if (quoted && r.Hdoc === null && start < this.src.length) {
      // quotedHdocWord gives up at the end of the input: the body is the text as written
      let body = this.src.slice(start);
      if (r.Op === '<<-') body = body.replace(/^\t+/gm, '');
      r.Hdoc = this.word([{ type: 'Lit', Pos: start, End: this.src.length, ValuePos: start, ValueEnd: this.src.length, Value: body }]);
    }
    const line = lineCol(this.src, r.OpPos).line;
    r.Warning = `warning: here-document at line ${line} delimited by end-of-file (wanted \`${stop}')`;
  }

  protected doHeredocs(): void {
    const hdocs = this.heredocs.slice(this.buriedHdocs);
    if (hdocs.length === 0) return;
    // a newline inside a here-doc word still being read (`<<a${x:` then a line break, which the
    // compat pass reads on as bash does): the bodies start after the line where that word ends
    // (parser.ts reads them then); its Word is not set before
    if (hdocs.some((r) => r.Word === null)) return;
    const owners = this.hdocOwners.slice(this.buriedHdocs);
    this.rune(); // consume the '\n'
    const old = this.quote;
    this.heredocs.length = this.buriedHdocs;
    this.hdocOwners.length = this.buriedHdocs;
    for (let i = 0; i < hdocs.length; i++) {
      const r = hdocs[i]!;
      if (this.err !== null) break;
      this.quote = r.Op === '<<-' ? Q.hdocBodyTabs : Q.hdocBody;
      const [stop, quoted] = this.unquotedWordBytes(r.Word);
      this.hdocStops.push(stop);
      if (i > 0 && this.r === 10) this.rune();
      const start = this.nextPos();
      if (quoted) {
        const l = this.quotedHdocWord();
        r.Hdoc = l === null ? null : this.word([l]);
      } else {
        this.next();
        r.Hdoc = this.getWord();
      }
      if (this.hdocStops[this.hdocStops.length - 1] !== null) {
        if (this.compat && this.heredocsToEOF) this.hdocToEOF(r, stop, quoted, start);
        else this.posErr(redirPos(r), `unclosed here-document ${goQuote(stop)}`);
      }
      if (r.Hdoc !== null) {
        r.End = r.Hdoc.End; // the body extends its redirection, and maybe its statement
        const owner = owners[i]!; // parser.ts pushes each heredoc with its owner
        if (owner.Redirs[owner.Redirs.length - 1] === r) finishStmt(owner);
      }
      this.hdocStops.pop();
    }
    this.quote = old;
  }
}

export function redirPos(r: Redirect): number {
  return r.N !== null ? r.N.ValuePos : r.OpPos;
}

function unquotedWordPart(src: string, buf: string, wp: WordPart, quotes: boolean): [string, boolean] {
  let quoted = false;
  switch (wp.type) {
    case 'Lit': {
      const v = wp.Value;
      for (let i = 0; i < v.length; i++) {
        const c = v[i];
        if (c === '\\' && !quotes) {
          if (++i < v.length) buf += v[i];
          quoted = true;
        } else buf += c;
      }
      break;
    }
    case 'SglQuoted':
      buf += wp.Value;
      quoted = true;
      break;
    case 'DblQuoted':
      for (const p of wp.Parts) [buf] = unquotedWordPart(src, buf, p, true);
      quoted = true;
      break;
    default:
      // an expansion (bash, not mvdan/sh, accepts them here): its text, unexpanded
      buf += src.slice(wp.Pos, wp.End);
  }
  return [buf, quoted];
}
