// The bashCompat pass's readings of whole commands that bash parses and mvdan/sh's grammar does
// not (docs/PARSER_DIVERGENCES.md): `(( ))` and `for (( ))` whose arithmetic fails only when
// they run, `let` with words that are not expressions, and the other way round, `else` where no
// `if` is open. The constructs inside words are in deferred.ts. In the first pass each method
// here is mvdan/sh's reading.

import type { ArithmCmd, CallExpr, CStyleLoop, Stmt, Word } from './ast.js';
import { ClauseParser } from './clauses.js';
import { Tok } from './tokens.js';

export abstract class CompatClauseParser extends ClauseParser {
  /** Set by the first pass when it read a command named `else` (misplacedElse). */
  sawElseCommand = false;

  protected abstract callExpr(s: Stmt, w: Word | null, assign: boolean): void;

  protected override arithmExpCmd(s: Stmt): void {
    if (!this.compat) {
      super.arithmExpCmd(s);
      return;
    }
    // bash parses `(( ))`, `(( 1 ? 2 ))` and reports the error when the command runs
    const st = this.saveState();
    super.arithmExpCmd(s);
    if (this.err !== null && this.canDefer()) s.Cmd = this.deferredArithmCmd(st, s.Cmd as ArithmCmd);
  }

  protected override cStyleLoop(): CStyleLoop {
    if (!this.compat) return super.cStyleLoop();
    // bash parses `for ((i=0; i<2 +; i++))` and reports the error when the loop runs
    const st = this.saveState();
    const cl = super.cStyleLoop();
    if (this.err === null || !this.canDefer()) return cl;
    const raw = this.deferredCStyleLoop(st);
    if (raw === null) return cl;
    this.got(Tok.semicolon);
    this.got(Tok.Newl);
    return raw;
  }

  /**
   * `let` in the compat pass: when mvdan/sh's grammar cannot read the arguments as expressions
   * (`let`, `let v = 3`), they are ordinary words for the `let` builtin, as in bash, which
   * evaluates each one and reports `let: expression expected` or the arithmetic error.
   */
  protected letOrCall(s: Stmt): void {
    const st = this.saveState();
    this.letClause(s);
    if (this.err === null && (this.stopToken() || this.peekRedir())) return;
    if (!this.canDefer()) {
      if (this.err === null) this.curErr('statements must be separated by &, ; or a newline');
      return;
    }
    // null when the clause read well but stopped short of the end (`let +(a) =`): the words
    // below are then all there is to check
    const err = this.err;
    this.restoreState(st);
    s.Cmd = null;
    const name = this.lit(this.pos, this.val);
    this.next();
    this.callExpr(s, this.word([name]), false);
    // bash reads `+(` as an extended glob only with extglob on, which a script sets too late
    // for its own parse: `let x=1+( 2 )` stays a syntax error
    const call = s.Cmd as CallExpr | null;
    if (err !== null && this.err === null && call?.Args.some((w) => w.Parts.some((p) => p.type === 'ExtGlob'))) this.fail(err);
  }

  /**
   * `else` where no `if` is open: mvdan/sh reads a command named `else`; bash refuses the script.
   * The first pass keeps mvdan/sh's reading (and notes it: parse() then runs the compat pass,
   * which refuses it). mvdan/sh has no text for it, so the error is bash's: its two lines, the
   * token, then the line it is on.
   */
  protected misplacedElse(): void {
    if (!this.compat) {
      this.sawElseCommand = true;
      return;
    }
    const start = this.src.lastIndexOf('\n', this.pos - 1) + 1;
    let end = this.src.indexOf('\n', this.pos);
    if (end < 0) end = this.src.length;
    this.curErr(`syntax error near unexpected token \`else'\n\`${this.src.slice(start, end)}'`);
  }
}
