// Compound commands and keyword-led clauses: { }, ( ), (( )), if, while/until, for/select, case,
// [[ ]], declare & co, let, time, coproc, function declarations.

import type {
  ArithmCmd, ArithmExpr, Assign, Block, BinTestOperator, CaseClause, CaseItem, CaseOperator, CoprocClause,
  CStyleLoop, DeclClause, ForClause, FuncDecl, IfClause, LetClause, Lit, Stmt, Subshell, TestClause, TestExpr,
  TimeClause, UnTestOperator, WhileClause, Word, WordIter,
} from './ast.js';
import { ArithParser } from './arith.js';
import { NONE, Q, append, validName } from './lexer.js';
import { Tok, TOK_STR, goQuote, quoteTok } from './tokens.js';
import { isLitTok, wordPos } from './words.js';
import { finishStmt, lastEnd } from './ends.js';
import { STOP_DO, STOP_DONE, STOP_ESAC, STOP_FI, STOP_RBRACE, STOP_THEN, STOP_THEN_BODY } from './stops.js';
import { wordEnd } from './bash-cond-errors.js';

const UNARY_TEST: Record<string, UnTestOperator> = {
  '!': '!', '-e': '-e', '-a': '-e', '-f': '-f', '-d': '-d', '-c': '-c', '-b': '-b', '-p': '-p', '-S': '-S',
  '-L': '-L', '-h': '-L', '-k': '-k', '-g': '-g', '-u': '-u', '-G': '-G', '-O': '-O', '-N': '-N', '-r': '-r',
  '-w': '-w', '-x': '-x', '-s': '-s', '-t': '-t', '-z': '-z', '-n': '-n', '-o': '-o', '-v': '-v', '-R': '-R',
};

const BINARY_TEST: Record<string, BinTestOperator> = {
  '=': '=', '==': '==', '!=': '!=', '=~': '=~', '-nt': '-nt', '-ot': '-ot', '-ef': '-ef', '-eq': '-eq',
  '-ne': '-ne', '-le': '-le', '-ge': '-ge', '-lt': '-lt', '-gt': '-gt',
};

const BASH_COMPOUND = new Set([
  '{', 'if', 'while', 'until', 'for', 'case', '[[', 'coproc', 'let', 'function', 'declare', 'local',
  'export', 'readonly', 'typeset', 'nameref',
]);

/** the commands bash takes as a function's body */
const COMPOUND_BODIES = new Set(['Block', 'Subshell', 'IfClause', 'WhileClause', 'ForClause', 'CaseClause', 'ArithmCmd', 'TestClause']);

export function isBashCompoundCommand(tok: Tok, val: string): boolean {
  if (tok === Tok.leftParen || tok === Tok.dblLeftParen) return true;
  return tok === Tok.LitWord && BASH_COMPOUND.has(val);
}

export function newStmt(pos: number): Stmt {
  return {
    type: 'Stmt', Pos: pos, End: 0, Comments: NONE, Cmd: null, Position: pos, Semicolon: -1, Negated: false,
    Background: false, Coprocess: false, Redirs: NONE,
  };
}

export abstract class ClauseParser extends ArithParser {
  /** the first pass met a function whose body is no compound command (bash refuses it) */
  sawSimpleFuncBody = false;

  protected abstract getStmt(readEnd: boolean, binCmd: boolean, fnBody: boolean): Stmt | null;
  protected abstract gotStmtPipe(s: Stmt, binCmd: boolean): Stmt | null;
  protected abstract getAssign(needEqual: boolean): Assign | null;
  protected abstract peekRedir(): boolean;

  protected follow(lpos: number, left: string, t: Tok): void {
    if (!this.got(t)) this.followErr(lpos, goQuote(left), quoteTok(t));
  }

  protected followRsrv(lpos: number, left: string, val: string): number {
    const pos = this.gotRsrv(val);
    if (pos < 0) this.followErr(lpos, goQuote(left), goQuote(val));
    return pos;
  }

  /** stmtList() that must not be empty; its trailing comments are left in lastComs. */
  protected followStmts(left: string, lpos: number, stops?: readonly string[]): Stmt[] {
    if (this.tok === Tok.semicolon) {
      // reported on the `;` itself (not consumed): bash names it, `near unexpected token \`;'`
      this.followErr(lpos, goQuote(left), 'a statement list');
      this.lastComs = NONE;
      return NONE;
    }
    const stmts = this.stmtList(stops);
    if (stmts.length < 1) this.followErr(lpos, goQuote(left), 'a statement list');
    return stmts;
  }

  protected stmtEndRsrv(nodePos: number, start: string, end: string): number {
    const pos = this.gotRsrv(end);
    if (pos < 0) this.posErr(nodePos, `${goQuote(start)} statement must end with ${goQuote(end)}`);
    return pos;
  }

  protected subshell(s: Stmt): void {
    const sub: Subshell = { type: 'Subshell', Pos: this.pos, End: 0, Lparen: this.pos, Rparen: 0, Stmts: NONE, Last: NONE };
    const old = this.preNested(Q.subCmd);
    this.next();
    sub.Stmts = this.followStmts('(', sub.Lparen);
    sub.Last = this.lastComs;
    this.postNested(old);
    sub.Rparen = this.matched(sub.Lparen, Tok.leftParen, Tok.rightParen);
    sub.End = sub.Rparen + 1;
    s.Cmd = sub;
  }

  protected arithmExpCmd(s: Stmt): void {
    const ar: ArithmCmd = { type: 'ArithmCmd', Pos: this.pos, End: 0, Left: this.pos, Right: 0, Unsigned: false, X: null as never };
    const old = this.preNested(Q.arithmExprCmd);
    this.next();
    if (this.got(Tok.hash)) this.langErr(ar.Left, 'unsigned expressions', 'mksh');
    ar.X = this.followArithm(Tok.dblLeftParen, ar.Left) as never;
    ar.Right = this.arithmEnd(Tok.dblLeftParen, ar.Left, old);
    ar.End = ar.Right + 2;
    s.Cmd = ar;
  }

  protected block(s: Stmt): void {
    const b: Block = { type: 'Block', Pos: this.pos, End: 0, Lbrace: this.pos, Rbrace: 0, Stmts: NONE, Last: NONE };
    this.next();
    b.Stmts = this.followStmts('{', b.Lbrace, STOP_RBRACE);
    b.Last = this.lastComs;
    const pos = this.gotRsrv('}');
    if (pos >= 0) b.Rbrace = pos;
    else this.matchingErr(b.Lbrace, Tok.leftBrace, Tok.rightBrace);
    b.End = b.Rbrace + 1;
    s.Cmd = b;
  }

  private newIf(pos: number): IfClause {
    return {
      type: 'IfClause', Pos: pos, End: 0, Position: pos, ThenPos: -1, FiPos: 0, Cond: NONE, CondLast: NONE,
      Then: NONE, ThenLast: NONE, Else: null, Last: NONE,
    };
  }

  protected ifClause(s: Stmt): void {
    const rootIf = this.newIf(this.pos);
    this.next();
    rootIf.Cond = this.followStmts('if', rootIf.Position, STOP_THEN);
    rootIf.CondLast = this.lastComs;
    rootIf.ThenPos = this.followRsrv(rootIf.Position, 'if <cond>', 'then');
    rootIf.Then = this.followStmts('then', rootIf.ThenPos, STOP_THEN_BODY);
    rootIf.ThenLast = this.lastComs;
    let curIf = rootIf;
    const openNodes = this.openNodes;
    while (this.tok === Tok.LitWord && this.val === 'elif') {
      this.enterNode(); // each elif nests the tree one level deeper
      const elf = this.newIf(this.pos);
      curIf.Last = this.takeComs();
      this.next();
      elf.Cond = this.followStmts('elif', elf.Position, STOP_THEN);
      elf.CondLast = this.lastComs;
      elf.ThenPos = this.followRsrv(elf.Position, 'elif <cond>', 'then');
      elf.Then = this.followStmts('then', elf.ThenPos, STOP_THEN_BODY);
      elf.ThenLast = this.lastComs;
      curIf.Else = elf;
      curIf = elf;
    }
    const elsePos = this.gotRsrv('else');
    if (elsePos >= 0) {
      curIf.Last = this.takeComs();
      const els = this.newIf(elsePos);
      els.Then = this.followStmts('else', els.Position, STOP_FI);
      els.ThenLast = this.lastComs;
      curIf.Else = els;
      curIf = els;
    }
    curIf.Last = this.takeComs();
    rootIf.FiPos = this.stmtEndRsrv(rootIf.Position, 'if', 'fi');
    rootIf.End = rootIf.FiPos + 2;
    for (let els = rootIf.Else; els !== null; els = els.Else) {
      els.FiPos = rootIf.FiPos;
      els.End = rootIf.End;
    }
    this.openNodes = openNodes;
    s.Cmd = rootIf;
  }

  protected whileClause(s: Stmt, until: boolean): void {
    const wc: WhileClause = {
      type: 'WhileClause', Pos: this.pos, End: 0, WhilePos: this.pos, DoPos: 0, DonePos: 0, Until: until,
      Cond: NONE, CondLast: NONE, Do: NONE, DoLast: NONE,
    };
    const rsrv = until ? 'until' : 'while';
    this.next();
    wc.Cond = this.followStmts(rsrv, wc.WhilePos, STOP_DO);
    wc.CondLast = this.lastComs;
    wc.DoPos = this.followRsrv(wc.WhilePos, `${rsrv} <cond>`, 'do');
    wc.Do = this.followStmts('do', wc.DoPos, STOP_DONE);
    wc.DoLast = this.lastComs;
    wc.DonePos = this.stmtEndRsrv(wc.WhilePos, rsrv, 'done');
    wc.End = wc.DonePos + 4;
    s.Cmd = wc;
  }

  private newFor(pos: number, select: boolean): ForClause {
    return {
      type: 'ForClause', Pos: pos, End: 0, ForPos: pos, DoPos: 0, DonePos: 0, Select: select, Braces: false,
      Loop: null as never, Do: NONE, DoLast: NONE,
    };
  }

  protected forClause(s: Stmt): void {
    const fc = this.newFor(this.pos, false);
    this.next();
    fc.Loop = this.loop(fc.ForPos);
    let start = 'do';
    let end = 'done';
    const bracePos = this.gotRsrv('{');
    if (bracePos >= 0) {
      fc.DoPos = bracePos;
      fc.Braces = true;
      start = '{';
      end = '}';
    } else {
      fc.DoPos = this.followRsrv(fc.ForPos, 'for foo [in words]', start);
    }
    if (this.accComs.length > 0) s.Comments = s.Comments.concat(this.takeComs());
    fc.Do = this.followStmts(start, fc.DoPos, end === 'done' ? STOP_DONE : STOP_RBRACE);
    fc.DoLast = this.lastComs;
    fc.DonePos = this.stmtEndRsrv(fc.ForPos, 'for', end);
    fc.End = fc.DonePos + 4; // even for `for … { }`, as mvdan/sh does
    s.Cmd = fc;
  }

  private loop(fpos: number): WordIter | CStyleLoop {
    if (this.tok !== Tok.dblLeftParen) return this.wordIter('for', fpos);
    return this.cStyleLoop();
  }

  protected cStyleLoop(): CStyleLoop {
    const cl: CStyleLoop = { type: 'CStyleLoop', Pos: this.pos, End: 0, Lparen: this.pos, Rparen: 0, Init: null, Cond: null, Post: null };
    const old = this.preNested(Q.arithmExprCmd);
    this.next();
    cl.Init = this.arithmExpr(false);
    if (!this.got(Tok.dblSemicolon)) {
      this.follow(this.pos, 'expr', Tok.semicolon);
      cl.Cond = this.arithmExpr(false);
      this.follow(this.pos, 'expr', Tok.semicolon);
    }
    cl.Post = this.arithmExpr(false);
    cl.Rparen = this.arithmEnd(Tok.dblLeftParen, cl.Lparen, old);
    cl.End = cl.Rparen + 2;
    this.got(Tok.semicolon);
    this.got(Tok.Newl);
    return cl;
  }

  private wordIter(ftok: string, fpos: number): WordIter {
    const wi: WordIter = { type: 'WordIter', Pos: 0, End: 0, Name: null as never, InPos: -1, Items: NONE };
    const name = this.getLit();
    if (name === null) this.followErr(fpos, goQuote(ftok), 'a literal');
    else wi.Name = name;
    if (this.got(Tok.semicolon)) {
      this.got(Tok.Newl);
      return wi;
    }
    this.got(Tok.Newl);
    const inPos = this.gotRsrv('in');
    if (inPos >= 0) {
      wi.InPos = inPos;
      const mark = this.top;
      while (!this.stopToken()) {
        const w = this.getWord();
        if (w === null) this.curErr('word list can only contain words');
        else this.spush(w);
      }
      wi.Items = this.collect<Word>(mark);
      this.got(Tok.semicolon);
      this.got(Tok.Newl);
    } else if (this.tok === Tok.LitWord && this.val === 'do') {
      // for i do …
    } else {
      this.followErr(fpos, goQuote(`${ftok} foo`), '`in`, `do`, `;`, or a newline');
    }
    if (wi.Name !== null) {
      wi.Pos = wi.Name.Pos;
      wi.End = wi.Items.length > 0 ? lastEnd(wi.Items, 0) : wi.InPos >= 0 ? wi.InPos + 2 : wi.Name.End;
    }
    return wi;
  }

  protected selectClause(s: Stmt): void {
    const fc = this.newFor(this.pos, true);
    this.next();
    fc.Loop = this.wordIter('select', fc.ForPos);
    fc.DoPos = this.followRsrv(fc.ForPos, 'select foo [in words]', 'do');
    fc.Do = this.followStmts('do', fc.DoPos, STOP_DONE);
    fc.DoLast = this.lastComs;
    fc.DonePos = this.stmtEndRsrv(fc.ForPos, 'select', 'done');
    fc.End = fc.DonePos + 4;
    s.Cmd = fc;
  }

  protected caseClause(s: Stmt): void {
    const cc: CaseClause = {
      type: 'CaseClause', Pos: this.pos, End: 0, Case: this.pos, In: 0, Esac: 0, Word: null as never, Items: NONE, Last: NONE,
    };
    this.next();
    const w = this.getWord();
    if (w === null) this.followErr(cc.Case, '`case`', 'a word');
    else cc.Word = w;
    this.got(Tok.Newl);
    if (this.gotRsrv('{') >= 0) {
      this.langErr(cc.Case, '`case i {`', 'mksh');
    } else {
      cc.In = this.followRsrv(cc.Case, 'case x', 'in');
    }
    cc.Items = this.caseItems('esac');
    cc.Last = this.takeComs();
    cc.Esac = this.stmtEndRsrv(cc.Case, 'case', 'esac');
    cc.End = cc.Esac + 4;
    s.Cmd = cc;
  }

  private caseItems(stop: string): CaseItem[] {
    let items: CaseItem[] = NONE;
    this.got(Tok.Newl);
    while (this.tok !== Tok.EOF && !(this.tok === Tok.LitWord && this.val === stop)) {
      const ci: CaseItem = { type: 'CaseItem', Pos: 0, End: 0, Op: ';;', OpPos: -1, Comments: this.accComs, Patterns: NONE, Stmts: NONE, Last: NONE };
      this.accComs = [];
      this.got(Tok.leftParen);
      const mark = this.top;
      while ((this.tok as Tok) !== Tok.EOF) {
        const w = this.getWord();
        if (w === null) this.curErr('case patterns must consist of words');
        else this.spush(w);
        if (this.tok === Tok.rightParen) break;
        if (!this.got(Tok.or)) this.curErr(`case patterns must be separated with ${quoteTok(Tok.or)}`);
      }
      ci.Patterns = this.collect<Word>(mark);
      const old = this.preNested(Q.switchCase);
      this.next();
      ci.Stmts = this.stmtList(stop === 'esac' ? STOP_ESAC : [stop]);
      ci.Last = this.lastComs;
      this.postNested(old);
      switch (this.tok as Tok) {
        case Tok.dblSemicolon: case Tok.semiAnd: case Tok.dblSemiAnd: case Tok.semiOr:
          break;
        default:
          ci.Pos = ci.Patterns.length > 0 ? ci.Patterns[0]!.Pos : 0;
          ci.End = lastEnd(ci.Stmts, lastEnd(ci.Patterns, 0) + 1);
          items = append(items, ci);
          return items;
      }
      if (this.accComs.length > 0) ci.Last = ci.Last.concat(this.takeComs());
      ci.OpPos = this.pos;
      ci.Op = TOK_STR[this.tok] as CaseOperator;
      ci.Pos = ci.Patterns.length > 0 ? ci.Patterns[0]!.Pos : 0;
      ci.End = ci.OpPos + ci.Op.length;
      this.next();
      this.got(Tok.Newl);
      items = append(items, ci);
    }
    return items;
  }

  // ------------------------------------------------------------------ [[ ]]
  //
  // Unlike mvdan/sh (which nests `a && b || c` to the right), operators get bash's precedence:
  // `||` loosest, then `&&`, then `!`, then the comparisons. Error texts stay mvdan's.

  protected testClause(s: Stmt): void {
    const tc: TestClause = { type: 'TestClause', Pos: this.pos, End: 0, Left: this.pos, Right: 0, X: null as never };
    const old = this.preNested(Q.testExpr);
    const oldCond = this.condStart;
    this.condStart = tc.Left;
    this.next();
    const x = this.testExprOr();
    if (x === null) this.followErrExp(tc.Left, quoteTok(Tok.dblLeftBrack));
    else tc.X = x;
    tc.Right = this.pos;
    if (this.gotRsrv(']]') < 0) this.matchingErr(tc.Left, Tok.dblLeftBrack, Tok.dblRightBrack);
    this.condStart = oldCond;
    this.postNested(old);
    tc.End = tc.Right + 2;
    s.Cmd = tc;
  }

  private testExprOr(): TestExpr | null {
    this.enterNode();
    let left = this.testExprAnd();
    while (left !== null && this.err === null && (this.got(Tok.Newl) || true) && this.tok === Tok.orOr) {
      const opPos = this.pos;
      this.next();
      const y = this.testExprAnd();
      if (y === null) this.followErrExp(opPos, quoteTok(Tok.orOr));
      left = { type: 'BinaryTest', Pos: left.Pos, End: y !== null ? y.End : opPos + 2, OpPos: opPos, Op: '||', X: left, Y: y as TestExpr };
    }
    this.leaveNode();
    return left;
  }

  private testExprAnd(): TestExpr | null {
    let left = this.testExprCmp();
    while (left !== null && this.err === null && (this.got(Tok.Newl) || true) && this.tok === Tok.andAnd) {
      const opPos = this.pos;
      this.next();
      const y = this.testExprCmp();
      if (y === null) this.followErrExp(opPos, quoteTok(Tok.andAnd));
      left = { type: 'BinaryTest', Pos: left.Pos, End: y !== null ? y.End : opPos + 2, OpPos: opPos, Op: '&&', X: left, Y: y as TestExpr };
    }
    return left;
  }

  /** A unary term, optionally followed by binary comparison operators (only one is valid). */
  private testExprCmp(): TestExpr | null {
    this.got(Tok.Newl);
    let left = this.testExprUnary();
    if (left === null) return null;
    for (;;) {
      this.got(Tok.Newl);
      let op: BinTestOperator;
      switch (this.tok as Tok) {
        case Tok.andAnd: case Tok.orOr: case Tok.EOF: case Tok.rightParen:
          return left;
        case Tok.LitWord: {
          if (this.val === ']]') return left;
          const o = BINARY_TEST[this.val];
          if (o === undefined) {
            this.curErr(`not a valid test operator: ${goQuote(this.val)}`);
            return left;
          }
          op = o;
          break;
        }
        case Tok.rdrIn: op = '<'; break;
        case Tok.rdrOut: op = '>'; break;
        case Tok.Lit:
          this.curErr('test operator words must consist of a single literal');
          return left;
        default:
          this.curErr(`not a valid test operator: ${quoteTok(this.tok)}`);
          return left;
      }
      const opPos = this.pos;
      if (op === '=~') {
        this.rxOpenParens = 0;
        this.rxFirstPart = true;
        this.quote = Q.testExprRegexp;
      }
      if (left.type !== 'Word') {
        this.posErr(opPos, `expected ${quoteTok(Tok.andAnd)}, ${quoteTok(Tok.orOr)} or ${quoteTok(Tok.dblRightBrack)} after complex expr`);
        return left;
      }
      this.next();
      const y = this.getWord();
      if (y === null) this.followErr(opPos, goQuote(op), 'a word');
      left = { type: 'BinaryTest', Pos: left.Pos, End: y !== null ? y.End : opPos + op.length, OpPos: opPos, Op: op, X: left, Y: y as TestExpr };
      if (this.err !== null) return left;
    }
  }

  private testExprUnary(): TestExpr | null {
    switch (this.tok) {
      case Tok.EOF: case Tok.rightParen:
        return null;
      case Tok.leftParen: {
        const lparen = this.pos;
        this.next();
        const x = this.testExprOr();
        if (x === null) this.followErrExp(lparen, quoteTok(Tok.leftParen));
        const rparen = this.matched(lparen, Tok.leftParen, Tok.rightParen);
        return { type: 'ParenTest', Pos: lparen, End: rparen + 1, Lparen: lparen, Rparen: rparen, X: x as TestExpr };
      }
      case Tok.LitWord: {
        if (this.val === ']]') return null;
        const op = UNARY_TEST[this.val];
        if (op === undefined) break;
        const opPos = this.pos;
        this.next();
        if (op === '!') {
          this.enterNode();
          const x = this.testExprCmp();
          this.leaveNode();
          if (x === null) this.followErrExp(opPos, quoteTok(Tok.exclMark));
          return { type: 'UnaryTest', Pos: opPos, End: x !== null ? x.End : opPos + 1, OpPos: opPos, Op: '!', X: x as TestExpr };
        }
        const w = this.getWord();
        if (w === null) this.followErr(opPos, goQuote(op), 'a word');
        return { type: 'UnaryTest', Pos: opPos, End: w !== null ? w.End : opPos + op.length, OpPos: opPos, Op: op, X: w as TestExpr };
      }
    }
    return this.getWord();
  }

  // ------------------------------------------------------------------ builtins with syntax

  protected declClause(s: Stmt): void {
    const ds: DeclClause = { type: 'DeclClause', Pos: this.pos, End: 0, Variant: this.lit(this.pos, this.val), Args: NONE };
    this.next();
    const mark = this.top;
    while (!this.stopToken() && !this.peekRedir()) {
      if (this.hasValidIdent()) {
        const a = this.getAssign(false);
        if (a !== null) this.spush(a);
      } else if (isLitTok(this.tok) && this.eqlOffs > 0 && !this.val.slice(0, this.eqlOffs).includes('{')) {
        // bash passes `9x=1` on to the builtin, which says `not a valid identifier` (status 1)
        if (!this.compat) this.curErr('invalid var name');
        else {
          const w = this.getWord();
          if (w !== null) this.spush(this.nakedAssign(null, w));
        }
      } else if (this.tok === Tok.LitWord && validName(this.val)) {
        const name = this.getLit()!; // a LitWord: getLit returns it
        this.spush(this.nakedAssign(name, null));
      } else {
        const w = this.getWord();
        if (w !== null) this.spush(this.nakedAssign(null, w));
        else this.followErr(this.pos, goQuote(ds.Variant.Value), 'names or assignments');
      }
    }
    ds.Args = this.collect<Assign>(mark);
    ds.End = lastEnd(ds.Args, ds.Variant.End);
    s.Cmd = ds;
  }

  /** one of name and value, the other null */
  protected nakedAssign(name: Lit | null, value: Word | null): Assign {
    const n = name ?? value!;
    return { type: 'Assign', Pos: n.Pos, End: n.End, Append: false, Naked: true, Name: name, Index: null, Value: value, Array: null };
  }

  protected abstract hasValidIdent(): boolean;

  protected timeClause(s: Stmt): void {
    const tc: TimeClause = { type: 'TimeClause', Pos: this.pos, End: 0, Time: this.pos, PosixFormat: false, Stmt: null };
    this.next();
    if (this.gotRsrv('-p') >= 0) tc.PosixFormat = true;
    this.enterNode();
    tc.Stmt = this.gotStmtPipe(newStmt(this.pos), false);
    this.leaveNode();
    tc.End = tc.Stmt !== null ? tc.Stmt.End : tc.Time + 4;
    s.Cmd = tc;
  }

  protected coprocClause(s: Stmt): void {
    const cc: CoprocClause = { type: 'CoprocClause', Pos: this.pos, End: 0, Coproc: this.pos, Name: null, Stmt: null as never };
    this.enterNode();
    this.next();
    if (isBashCompoundCommand(this.tok, this.val)) {
      cc.Stmt = this.gotStmtPipe(newStmt(this.pos), false) as Stmt;
      if (cc.Stmt !== null) cc.End = cc.Stmt.End;
      s.Cmd = cc;
      this.leaveNode();
      return;
    }
    cc.Name = this.getWord();
    const st = this.gotStmtPipe(newStmt(this.pos), false);
    if (st === null) {
      if (cc.Name === null) {
        this.posErr(cc.Coproc, 'coproc clause requires a command');
        this.leaveNode();
        return;
      }
      // the name was in fact the command
      const call = newStmt(wordPos(cc.Name));
      call.Cmd = { type: 'CallExpr', Pos: cc.Name.Pos, End: cc.Name.End, Assigns: NONE, Args: [cc.Name] };
      finishStmt(call);
      cc.Stmt = call;
      cc.Name = null;
    } else {
      cc.Stmt = st;
      if (cc.Name !== null && st.Cmd !== null && st.Cmd.type === 'CallExpr') {
        // the name was in fact the start of a call
        st.Cmd.Args = [cc.Name, ...st.Cmd.Args];
        st.Cmd.Pos = cc.Name.Pos;
        cc.Name = null;
      }
    }
    this.leaveNode();
    cc.End = cc.Stmt.End;
    s.Cmd = cc;
  }

  protected letClause(s: Stmt): void {
    const lc: LetClause = { type: 'LetClause', Pos: this.pos, End: 0, Let: this.pos, Exprs: NONE };
    const old = this.preNested(Q.arithmExprLet);
    this.next();
    const mark = this.top;
    while (!this.stopToken() && !this.peekRedir()) {
      const x = this.arithmExpr(true);
      if (x === null) break;
      this.spush(x);
    }
    lc.Exprs = this.collect<ArithmExpr>(mark);
    if (lc.Exprs.length === 0) this.followErrExp(lc.Let, goQuote('let'));
    this.postNested(old);
    lc.End = lastEnd(lc.Exprs, lc.Let + 3);
    s.Cmd = lc;
  }

  protected bashFuncDecl(s: Stmt): void {
    const fpos = this.pos;
    this.next();
    const names: Lit[] = [];
    while (this.tok === Tok.LitWord && this.val !== '{') {
      names.push(this.lit(this.pos, this.val));
      this.next();
    }
    const hasParens = this.got(Tok.leftParen);
    if (names.length === 0) {
      if (hasParens || (this.tok === Tok.LitWord && this.val === '{')) this.langErr(fpos, 'anonymous functions', 'zsh');
      else this.followErr(fpos, goQuote('function'), 'a name');
    } else if (names.length > 1) {
      this.posErrNear(fpos, 'multi-name functions are a zsh feature; tried parsing as bash', names[1]!.ValuePos, names[1]!.Value);
    }
    if (hasParens) this.follow(fpos, 'function foo(', Tok.rightParen);
    this.funcDecl(s, fpos, true, hasParens, names[0] ?? null);
  }

  protected funcDecl(s: Stmt, pos: number, long: boolean, withParens: boolean, name: Lit | null): void {
    const fd: FuncDecl = {
      type: 'FuncDecl', Pos: pos, End: 0, Position: pos, RsrvWord: long, Parens: withParens,
      Name: name ?? { type: 'Lit', Pos: pos, End: pos, ValuePos: pos, ValueEnd: pos, Value: '' },
      Body: null as never,
    };
    this.got(Tok.Newl);
    const body = this.getStmt(false, false, true);
    if (body === null) this.followErr(fd.Position, goQuote('foo()'), 'a statement');
    else if (body.Cmd !== null && !COMPOUND_BODIES.has(body.Cmd.type) && this.compat) {
      // bash takes only a compound command as a body (`f() echo hi` is an error near `echo`)
      const first = body.Cmd.Pos;
      this.posErrNear(fd.Position, 'a function body must be a compound command', first, this.src.slice(first, wordEnd(this.src, first)));
    } else {
      // the first pass only notes it: the bash-compat pass then refuses it (index.ts)
      if (body.Cmd !== null && !COMPOUND_BODIES.has(body.Cmd.type)) this.sawSimpleFuncBody = true;
      fd.Body = body;
      fd.End = body.End;
    }
    s.Cmd = fd;
  }
}
