// Statements, pipelines, simple commands, assignments and redirections; the entry points.

import type {
  ArrayElem, ArrayExpr, Assign, BinCmdOperator, BinaryCmd, CallExpr, File, RedirOperator, Redirect,
  Stmt, Word,
} from './ast.js';
import { newStmt } from './clauses.js';
import { CompatClauseParser } from './compat-clauses.js';
import { NONE, Q, append, validName } from './lexer.js';
import { internSlice } from './intern.js';
import { NO_STOPS } from './stops.js';
import { Tok, TOK_STR, quoteTok, goQuote } from './tokens.js';
import { isLitTok, wordPos } from './words.js';
import { finishAssign, finishStmt, finishWord, lastEnd } from './ends.js';

const STOP_CALL = tokTable([
  Tok.EOF, Tok.Newl, Tok.semicolon, Tok.and, Tok.or, Tok.andAnd, Tok.orOr, Tok.orAnd,
  Tok.dblSemicolon, Tok.semiAnd, Tok.dblSemiAnd, Tok.semiOr,
]);

const WORD_START = tokTable([
  Tok.dollBrace, Tok.dollDblParen, Tok.dollParen, Tok.dollar, Tok.cmdIn, Tok.assgnParen, Tok.cmdOut,
  Tok.sglQuote, Tok.dollSglQuote, Tok.dblQuote, Tok.dollDblQuote, Tok.dollBrack,
  Tok.globQuest, Tok.globStar, Tok.globPlus, Tok.globAt, Tok.globExcl,
]);

const REDIR_TOKS = tokTable([
  Tok.LitRedir, Tok.rdrOut, Tok.appOut, Tok.rdrIn, Tok.rdrInOut, Tok.dplIn, Tok.dplOut, Tok.clbOut,
  Tok.hdoc, Tok.dashHdoc, Tok.wordHdoc, Tok.rdrAll, Tok.appAll, Tok.appClob, Tok.rdrAllClob, Tok.appAllClob,
]);

/** A lookup table indexed by token: one array read instead of a Set lookup. */
function tokTable(toks: Tok[]): Uint8Array {
  const t = new Uint8Array(256);
  for (const x of toks) t[x] = 1;
  return t;
}

const DECL_WORDS = new Set(['declare', 'local', 'export', 'readonly', 'typeset', 'nameref']);

/** Words that start (or misplace) a clause; anything else is a simple command. */
const CLAUSE_WORDS = new Set([
  '{', 'if', 'while', 'until', 'for', 'case', '}', 'then', 'elif', 'else', 'fi', 'do', 'done', 'esac', '!', '[[', ']]',
  'let', 'function', 'time', 'coproc', 'select', ...DECL_WORDS,
]);

export class Parser extends CompatClauseParser {
  /** Parses a whole script; errors are left in `this.err`. */
  parseFile(src: string, name: string, maxDepth: number, compat = false, heredocsToEOF = false, maxNodes = Infinity): File {
    this.resetLexer(src);
    this.maxNodes = maxNodes;
    this.sawElseCommand = false;
    this.sawSimpleFuncBody = false;
    this.compat = compat;
    this.heredocsToEOF = heredocsToEOF;
    this.maxDepth = maxDepth;
    this.rune();
    this.next();
    const stmts = this.stmtList();
    const last = this.lastComs;
    if (this.err === null) this.doHeredocs(); // EOF right after a here-doc word: no newline triggered it
    return { type: 'File', Pos: 0, End: src.length, Name: name, Stmts: stmts, Last: last, Lines: [] };
  }

  parseArithSource(src: string, maxDepth: number) {
    this.resetLexer(src);
    this.maxNodes = Infinity;
    this.compat = false;
    this.maxDepth = maxDepth;
    return this.parseArithmInput();
  }

  /** Forgets the last script (the error, if any, stays readable). */
  release(): void {
    this.releaseInput();
  }

  get error() {
    return this.err;
  }

  // ------------------------------------------------------------------ statement lists

  protected stmtList(stops: readonly string[] = NO_STOPS): Stmt[] {
    const mark = this.top;
    let gotEnd = true;
    loop: while (this.tok !== Tok.EOF) {
      const newLine = this.got(Tok.Newl);
      switch (this.tok) {
        case Tok.LitWord:
          if (stops.includes(this.val)) break loop;
          if (this.val === '}') this.curErr(`${quoteTok(Tok.rightBrace)} can only be used to close a block`);
          break;
        case Tok.rightParen:
          if (this.quote === Q.subCmd) break loop;
          break;
        case Tok.bckQuote:
          if (this.backquoteEnd()) break loop;
          break;
        case Tok.dblSemicolon: case Tok.semiAnd: case Tok.dblSemiAnd: case Tok.semiOr:
          if (this.quote === Q.switchCase) break loop;
          this.curErr(`${quoteTok(this.tok)} can only be used in a case clause`);
          break;
      }
      if (!newLine && !gotEnd) this.curErr('statements must be separated by &, ; or a newline');
      if ((this.tok as Tok) === Tok.EOF) break;
      const s = this.getStmt(true, false, false);
      if (s === null) {
        this.invalidStmtStart();
        break;
      }
      gotEnd = s.Semicolon >= 0;
      this.spush(s);
    }
    this.lastComs = this.takeComs();
    return this.collect<Stmt>(mark);
  }

  private invalidStmtStart(): void {
    switch (this.tok) {
      case Tok.semicolon: case Tok.and: case Tok.or: case Tok.andAnd: case Tok.orOr:
        this.curErr(`${quoteTok(this.tok)} can only immediately follow a statement`);
        break;
      case Tok.rightParen:
        this.curErr(`${quoteTok(this.tok)} can only be used to close a subshell`);
        break;
      default:
        this.curErr(`${quoteTok(this.tok)} is not a valid start for a statement`);
    }
  }

  protected getStmt(readEnd: boolean, binCmd: boolean, fnBody: boolean): Stmt | null {
    const openNodes = this.openNodes;
    this.enterNode();
    const pos = this.pos;
    const negated = this.gotRsrv('!') >= 0;
    let s: Stmt | null = newStmt(pos);
    if (negated) {
      s.Negated = true;
      if (this.stopToken()) this.posErr(pos, `${quoteTok(Tok.exclMark)} cannot form a statement alone`);
      // bash (compat pass): each `!` inverts the status again, so `! ! cmd` is `cmd`
      while (this.compat && this.tok === Tok.LitWord && this.val === '!') {
        this.next();
        s.Negated = !s.Negated;
        if (this.stopToken()) this.posErr(pos, `${quoteTok(Tok.exclMark)} cannot form a statement alone`);
      }
      if (this.gotRsrv('!') >= 0) this.posErr(pos, 'cannot negate a command multiple times');
    }
    s = this.gotStmtPipe(s, false);
    if (s === null || this.err !== null) {
      this.openNodes = openNodes;
      return null;
    }
    // iterate instead of recursing: a && b || c nests to the left
    while (this.tok === Tok.andAnd || this.tok === Tok.orOr) {
      if (binCmd) {
        this.openNodes = openNodes;
        return s;
      }
      this.enterNode();
      const b: BinaryCmd = { type: 'BinaryCmd', Pos: 0, End: 0, OpPos: this.pos, Op: TOK_STR[this.tok] as BinCmdOperator, X: s, Y: null as never };
      this.next();
      this.got(Tok.Newl);
      const y = this.getStmt(false, true, false);
      if (y === null || this.err !== null) {
        this.followErr(b.OpPos, goQuote(b.Op), 'a statement');
        this.openNodes = openNodes;
        return null;
      }
      b.Y = y;
      b.Pos = s.Pos;
      b.End = y.End;
      const outer = newStmt(s.Position);
      outer.Cmd = b;
      outer.Comments = s.Comments;
      s.Comments = NONE;
      s = outer;
      finishStmt(s);
    }
    if (readEnd) {
      switch (this.tok) {
        case Tok.semicolon:
          s.Semicolon = this.pos;
          this.next();
          break;
        case Tok.and:
          s.Semicolon = this.pos;
          this.next();
          s.Background = true;
          break;
        case Tok.orAnd:
          s.Semicolon = this.pos;
          this.next();
          s.Coprocess = true;
          break;
      }
      if (s.Semicolon >= 0) s.End = s.Semicolon + 1;
    }
    if (this.accComs.length > 0 && !binCmd && !fnBody) {
      const c = this.accComs[0]!;
      if (!this.src.slice(s.Position, c.Pos).includes('\n')) {
        s.Comments = append(s.Comments, c);
        this.accComs.shift();
      }
    }
    this.openNodes = openNodes;
    return s;
  }

  protected gotStmtPipe(s: Stmt, binCmd: boolean): Stmt | null {
    s.Comments = this.takeComs();
    while (this.peekRedir()) this.doRedirect(s);
    const redirsStart = s.Redirs.length;
    switch (this.tok) {
      case Tok.LitWord:
        this.keywordCommand(s);
        if (s.Cmd !== null || this.err !== null) break;
        if (this.hasValidIdent()) {
          this.callExpr(s, null, true);
          break;
        }
        {
          const name = this.lit(this.pos, this.val);
          this.next();
          if ((this.tok as Tok) === Tok.leftParen) {
            this.next();
            this.follow(name.ValuePos, 'foo(', Tok.rightParen);
            this.funcDecl(s, name.ValuePos, false, true, name);
          } else {
            this.callExpr(s, this.word([name]), false);
          }
        }
        break;
      case Tok.bckQuote:
        if (this.backquoteEnd()) break;
        this.wordCommand(s);
        break;
      case Tok.Lit:
        this.wordCommand(s);
        break;
      case Tok.leftParen:
        if (this.r === 41) {
          this.rune();
          const fpos = this.pos;
          this.next();
          if ((this.tok as Tok) === Tok.LitWord && this.val === '{') this.langErr(fpos, 'anonymous functions', 'zsh');
          this.funcDecl(s, fpos, false, true, null);
          break;
        }
        this.subshell(s);
        break;
      case Tok.dblLeftParen:
        if (this.splitDblParen()) this.subshell(s);
        else this.arithmExpCmd(s);
        break;
      default:
        if (WORD_START[this.tok] === 1) this.wordCommand(s);
    }
    if (s.Cmd === null && s.Redirs.length === 0) return null;
    if (redirsStart > 0 && s.Cmd !== null && s.Cmd.type !== 'CallExpr') {
      this.langErr(s.Position, 'redirects before compound commands', 'zsh');
    }
    while (this.peekRedir()) this.doRedirect(s);
    finishStmt(s);
    const openNodes = this.openNodes;
    while (this.tok === Tok.or || this.tok === Tok.orAnd) {
      if (binCmd) break;
      this.enterNode();
      const b: BinaryCmd = { type: 'BinaryCmd', Pos: 0, End: 0, OpPos: this.pos, Op: TOK_STR[this.tok] as BinCmdOperator, X: s, Y: null as never };
      this.next();
      this.got(Tok.Newl);
      const y = this.gotStmtPipe(newStmt(this.pos), true);
      if (y === null || this.err !== null) {
        this.followErr(b.OpPos, goQuote(b.Op), 'a statement');
        break;
      }
      b.Y = y;
      const outer = newStmt(s.Position);
      outer.Cmd = b;
      outer.Comments = s.Comments;
      s.Comments = NONE;
      // in "! x | y", the bang applies to the whole pipeline
      outer.Negated = s.Negated;
      s.Negated = false;
      finishStmt(s);
      b.Pos = s.Pos;
      b.End = y.End;
      s = outer;
      finishStmt(s);
    }
    this.openNodes = openNodes;
    return s;
  }

  /** Commands introduced by a reserved word; leaves s.Cmd null for anything else. */
  private keywordCommand(s: Stmt): void {
    if (!CLAUSE_WORDS.has(this.val)) return;
    switch (this.val) {
      case '{': this.block(s); return;
      case 'if': this.ifClause(s); return;
      case 'while': case 'until': this.whileClause(s, this.val === 'until'); return;
      case 'for': this.forClause(s); return;
      case 'case': this.caseClause(s); return;
      case '}': this.curErr(`${quoteTok(Tok.rightBrace)} can only be used to close a block`); return;
      case 'then': case 'elif': this.curErr(`${goQuote(this.val)} can only be used in an \`if\``); return;
      case 'else': this.misplacedElse(); return; // pass 1: a command named `else`, as mvdan/sh
      case 'fi': this.curErr(`${goQuote(this.val)} can only be used to end an \`if\``); return;
      case 'do': this.curErr(`${goQuote(this.val)} can only be used in a loop`); return;
      case 'done': this.curErr(`${goQuote(this.val)} can only be used to end a loop`); return;
      case 'esac': this.curErr(`${goQuote(this.val)} can only be used to end a \`case\``); return;
      case '!':
        if (!s.Negated) this.curErr(`${quoteTok(Tok.exclMark)} can only be used in full statements`);
        return;
      case '[[': this.testClause(s); return;
      case ']]': this.curErr(`${quoteTok(Tok.dblRightBrack)} can only be used to close a test`); return;
      case 'let':
        if (this.compat) this.letOrCall(s);
        else this.letClause(s);
        return;
      case 'function': this.bashFuncDecl(s); return;
      case 'time': this.timeClause(s); return;
      case 'coproc': this.coprocClause(s); return;
      case 'select': this.selectClause(s); return;
    }
    if (DECL_WORDS.has(this.val)) this.declClause(s);
  }

  private wordCommand(s: Stmt): void {
    if (this.hasValidIdent()) {
      this.callExpr(s, null, true);
      return;
    }
    const w = this.wordAnyNumber();
    if (this.got(Tok.leftParen)) this.posErr(wordPos(w), 'invalid func name');
    this.callExpr(s, w, false);
  }

  // ------------------------------------------------------------------ simple commands

  private unexpectedInCallExpr(): void {
    this.curErr(`a command can only contain words and redirects; encountered ${quoteTok(this.tok)}`);
  }

  protected callExpr(s: Stmt, w: Word | null, assign: boolean): void {
    const ce: CallExpr = { type: 'CallExpr', Pos: 0, End: 0, Assigns: NONE, Args: NONE };
    const mark = this.top; // the arguments collect above it
    if (w !== null) this.spush(w);
    if (assign) {
      const a = this.getAssign(true);
      if (a !== null) ce.Assigns = append(ce.Assigns, a);
    }
    loop: for (;;) {
      const t = this.tok;
      if (STOP_CALL[t] === 1) break;
      switch (t) {
        case Tok.LitWord: {
          if (this.top === mark && this.hasValidIdent()) {
            const a = this.getAssign(true);
            if (a !== null) ce.Assigns = append(ce.Assigns, a);
            break;
          }
          const lw = this.word([this.lit(this.pos, this.val)]);
          this.next();
          this.spush(lw);
          break;
        }
        case Tok.Lit:
          if (this.top === mark && this.hasValidIdent()) {
            const a = this.getAssign(true);
            if (a !== null) ce.Assigns = append(ce.Assigns, a);
            break;
          }
          this.spush(this.wordAnyNumber());
          break;
        case Tok.bckQuote:
          if (this.backquoteEnd()) break loop;
          this.spush(this.wordAnyNumber());
          break;
        case Tok.dblLeftParen:
          this.curErr(`${quoteTok(t)} can only be used to open an arithmetic cmd`);
          break;
        case Tok.leftParen:
          this.unexpectedInCallExpr();
          break;
        case Tok.rightParen:
          if (this.quote === Q.subCmd) break loop;
          this.unexpectedInCallExpr();
          break;
        default:
          if (WORD_START[t] === 1) {
            this.spush(this.wordAnyNumber());
          } else if (this.peekRedir()) {
            this.doRedirect(s);
          } else {
            this.unexpectedInCallExpr();
          }
      }
    }
    ce.Args = this.collect<Word>(mark);
    ce.Pos = ce.Assigns.length > 0 ? ce.Assigns[0]!.Pos : ce.Args.length > 0 ? ce.Args[0]!.Pos : 0;
    ce.End = ce.Args.length > 0 ? lastEnd(ce.Args, 0) : lastEnd(ce.Assigns, 0);
    if (ce.Args.length > 0) {
      for (const a of ce.Assigns) {
        if (a.Index !== null || a.Array !== null) this.posErr(assignPos(a), 'inline variables cannot be arrays');
      }
    }
    s.Cmd = ce;
  }

  protected hasValidIdent(): boolean {
    if (!isLitTok(this.tok)) return false;
    if (this.eqlOffs > 0) {
      let end = this.eqlOffs;
      if (this.val.charCodeAt(end - 1) === 43) end--; // a+=x
      if (validName(this.val.slice(0, end))) return true;
    } else if (!validName(this.val)) {
      return false; // *[i]=x
    }
    return this.r === 91; // a[i]=x
  }

  protected getAssign(needEqual: boolean): Assign | null {
    const a = this.assignBody(needEqual);
    return a !== null ? finishAssign(a) : null;
  }

  private assignBody(needEqual: boolean): Assign | null {
    const as: Assign = { type: 'Assign', Pos: 0, End: 0, Append: false, Naked: false, Name: null, Index: null, Value: null, Array: null };
    if (this.eqlOffs > 0) {
      // foo=bar
      let nameEnd = this.eqlOffs;
      if (this.val.charCodeAt(nameEnd - 1) === 43) {
        as.Append = true;
        nameEnd--;
      }
      const pos = this.pos;
      as.Name = { type: 'Lit', Pos: pos, End: pos + nameEnd, ValuePos: pos, ValueEnd: pos + nameEnd, Value: internSlice(this.val, 0, nameEnd) };
      const rest = internSlice(this.val, this.eqlOffs + 1, this.val.length);
      if (rest !== '') {
        const left = this.lit(pos + 1 + this.eqlOffs, rest);
        as.Value = this.word([left]);
      }
      this.next();
    } else {
      // foo[x]=bar
      as.Name = this.lit(this.pos, this.val);
      this.rune(); // '[', which hasValidIdent saw
      this.pos += 1;
      as.Index = this.eitherIndex();
      if (this.spaced || this.stopToken()) {
        if (needEqual) {
          this.followErr(as.Name.ValuePos, '`a[b]`', quoteTok(Tok.assgn));
        } else {
          as.Naked = true;
          return as;
        }
      }
      if (this.tok === Tok.assgnParen) {
        this.curErr('arrays cannot be nested');
        return null;
      }
      if (this.val.length > 0 && this.val.charCodeAt(0) === 43) {
        as.Append = true;
        this.val = this.val.slice(1);
        this.pos += 1;
      }
      if (this.val.length < 1 || this.val.charCodeAt(0) !== 61) {
        this.followErr(as.Name.ValuePos, as.Append ? '`a[b]+`' : '`a[b]`', quoteTok(Tok.assgn));
        return null;
      }
      this.pos += 1;
      this.val = this.val.slice(1);
      if (this.val === '') this.next();
    }
    if (this.spaced || this.stopToken()) return as;
    if (as.Value === null && this.tok === Tok.leftParen) {
      as.Array = this.arrayExpr();
    } else {
      const w = this.getWord();
      if (w !== null) {
        if (as.Value === null) as.Value = w;
        else {
          as.Value.Parts.push(...w.Parts);
          finishWord(as.Value);
        }
      }
    }
    return as;
  }

  private arrayExpr(): ArrayExpr | null {
    const arr: ArrayExpr = { type: 'ArrayExpr', Pos: this.pos, End: 0, Lparen: this.pos, Rparen: 0, Elems: NONE, Last: NONE };
    const old = this.preNested(Q.arrayElems);
    this.next();
    this.got(Tok.Newl);
    const mark = this.top;
    while (this.tok !== Tok.EOF && this.tok !== Tok.rightParen) {
      const ae: ArrayElem = { type: 'ArrayElem', Pos: 0, End: 0, Index: null, Value: null, Comments: this.takeComs() };
      if (this.tok === Tok.leftBrack) {
        const left = this.pos;
        ae.Index = this.eitherIndex();
        if ((this.tok as Tok) === Tok.assgnParen) {
          this.curErr('arrays cannot be nested');
          this.top = mark;
          return null;
        }
        if (this.gotElemAppend()) ae.Append = true;
        else this.follow(left, '[x]', Tok.assgn);
      }
      // `[k]= v`: an empty value, then a word of its own (bash)
      const emptyValue = this.compat && ae.Index !== null && this.spaced;
      ae.Value = emptyValue ? null : this.getWord();
      if (ae.Value === null && !emptyValue) {
        switch (this.tok as Tok) {
          case Tok.Newl: case Tok.rightParen: case Tok.leftBrack:
            break;
          default:
            this.curErr('array element values must be words');
            this.top = mark;
            return null;
        }
      }
      ae.Pos = ae.Index !== null ? ae.Index.Pos - 1 : ae.Value !== null ? ae.Value.Pos : arr.Lparen;
      ae.End = ae.Value !== null ? ae.Value.End : ae.Index !== null ? ae.Index.End + (ae.Append === true ? 3 : 2) : ae.Pos;
      this.spush(ae);
      this.got(Tok.Newl);
    }
    arr.Elems = this.collect<ArrayElem>(mark);
    arr.Last = this.takeComs();
    this.postNested(old);
    arr.Rparen = this.matched(arr.Lparen, Tok.leftParen, Tok.rightParen);
    arr.End = arr.Rparen + 1;
    return arr;
  }

  /**
   * `[k]+=v` in an array literal (bash appends to that element; mvdan/sh rejects it, see
   * docs/PARSER_DIVERGENCES.md): consumes the `+=`, as assignBody does for `a[k]+=v`.
   */
  private gotElemAppend(): boolean {
    if (!this.compat || this.spaced || !isLitTok(this.tok) || this.val.charCodeAt(0) !== 43 || this.val.charCodeAt(1) !== 61) return false;
    this.val = this.val.slice(2);
    this.pos += 2;
    if (this.val === '') this.next();
    return true;
  }

  // ------------------------------------------------------------------ redirections

  protected peekRedir(): boolean {
    return REDIR_TOKS[this.tok] === 1;
  }

  private doRedirect(s: Stmt): void {
    const n = this.getLit();
    const r: Redirect = {
      type: 'Redirect', Pos: n !== null ? n.Pos : this.pos, End: 0, OpPos: this.pos, Op: TOK_STR[this.tok] as RedirOperator, N: n,
      Word: null as never, Hdoc: null,
    };
    s.Redirs = append(s.Redirs, r);
    const opTok = this.tok;
    if (opTok === Tok.appClob || opTok === Tok.rdrAllClob || opTok === Tok.appAllClob) {
      this.langErr(this.pos, `${quoteTok(opTok)} redirects`, 'zsh');
    }
    this.next();
    if (opTok === Tok.hdoc || opTok === Tok.dashHdoc) {
      const old = this.quote;
      this.quote = Q.hdocWord;
      this.forbidNested = true;
      this.heredocs.push(r);
      this.hdocOwners.push(s);
      r.Word = this.followWordTok(opTok, r.OpPos) as Word;
      if (r.Word !== null) r.End = r.Word.End;
      this.quote = old;
      this.forbidNested = false;
      if (this.tok === Tok.Newl) this.doHeredocs();
    } else {
      r.Word = this.followWordTok(opTok, r.OpPos) as Word;
    }
    if (r.Word === null) r.Word = this.word([]);
    if (r.Hdoc === null) r.End = r.Word.End;
  }
}

export function assignPos(a: Assign): number {
  if (a.Name !== null) return a.Name.ValuePos;
  return a.Value !== null ? wordPos(a.Value) : a.Pos;
}

