// Compile once, run many: the AST becomes a tree of closures. Each closure takes the Shell and
// returns a Status (a number when it finished synchronously). Loop bodies run their closures
// directly, with no re-dispatch on node types. Control flow (break/continue/return/exit) is a flag
// on the shell checked after every statement, never an exception.

import { traceArith } from '../expand/xtrace.js';
import type {
  BinaryCmd, Command, IfClause, Stmt, ArithmCmd, LetClause, TimeClause, Subshell, FuncDecl,
} from '../../syntax/ast.js';
import { CTL, type Exec, type Shell, type Status } from '../state/shell.js';
import { andThen } from '../state/status.js';
import { reportingErrors, statusOfError } from '../state/error-status.js';
import { needsTape, withTape } from '../expand/expand.js';
import { arithEvalCmd, compileArithCmdGeneral, letArgText } from '../expand/arith-shell.js';
import { compileDirectArith } from '../expand/arith-direct.js';
import { compileFor, compileWhile } from './loops.js';
import { compileCase } from './case-clause.js';
import { compileCall, compileRedirOnly } from './call.js';
import { withRedirects } from './redirect.js';
import { compilePipeline } from './pipeline.js';
import { compileTest } from './test-clause.js';
import { compileDecl } from './decl.js';
import { runTrap } from './traps.js';
import { info } from '../state/source-info.js';
import { printFunction } from '../state/printer.js';
import { monotonicMs } from '../state/clock.js';
import { isLetHelp, letExpressions, showHelp } from '../help/option.js';

// ---------------------------------------------------------------- errors inside a statement



// ---------------------------------------------------------------- statements

/** commands after which PIPESTATUS is just [$?] */
const LEAF_COMMANDS = new Set(['CallExpr', 'TestClause', 'ArithmCmd', 'LetClause', 'DeclClause', 'Subshell']);

const NO_ERREXIT_CHECK = new Set(['Block', 'IfClause', 'WhileClause', 'ForClause', 'CaseClause', 'FuncDecl']);

export function compileStmts(stmts: readonly Stmt[]): Exec {
  const execs = stmts.map(compileStmt);
  if (execs.length === 0) return () => 0;
  if (execs.length === 1) return execs[0]!;
  return (sh) => runSeq(sh, execs, 0, 0);
}

// Hot functions below create no closure themselves: a function holding one makes V8 allocate a
// context on every call, even when the branch with the closure is not taken (and it is taken
// now and then: rt.check() yields to the event loop). Each asynchronous
// continuation lives in a small `…Later` function of its own (issue 7).

/** run execs in order until one sets a control transfer (break, return, exit, abort…) */
export function runSeq(sh: Shell, execs: Exec[], i: number, st: number): Status {
  for (; i < execs.length; i++) {
    const r = execs[i]!(sh);
    if (typeof r !== 'number') return runSeqLater(sh, execs, i + 1, r);
    st = r;
    if (sh.ctl) return st;
  }
  return st;
}

function runSeqLater(sh: Shell, execs: Exec[], next: number, r: Promise<number>): Promise<number> {
  return r.then((s) => (sh.ctl ? s : runSeq(sh, execs, next, s)));
}

export function compileStmt(st: Stmt): Exec {
  const line = info.lineOf(st);
  const cmd = st.Cmd;
  if (cmd !== null && cmd.type === 'Block' && cmd.Stmts.length > 0 && !st.Negated && st.Redirs.length === 0) {
    // `{ …; }` (a function's body): the statements inside do all a statement does (line, checks,
    // status, errors), and a block is not subject to errexit itself; one wrapper less per call
    return compileStmts(cmd.Stmts);
  }
  let body: Exec;
  if (!cmd) body = compileRedirOnly(st.Redirs);
  else if (cmd.type === 'CallExpr') body = compileCall(cmd, st.Redirs);
  else {
    body = compileCommand(cmd);
    if (st.Redirs.length) body = withRedirects(st.Redirs, reportingErrors(body));
  }
  const negated = st.Negated;
  const setsPipeStatus = cmd === null || LEAF_COMMANDS.has(cmd.type);
  const checked =
    cmd === null ||
    !(NO_ERREXIT_CHECK.has(cmd.type) || (cmd.type === 'BinaryCmd' && (cmd.Op === '&&' || cmd.Op === '||')));

  const finish = (sh: Shell, s: number, errexitAtStart: boolean): Status => {
    if (setsPipeStatus) {
      sh.pipeStatus = null;
      sh.leafStatus = s;
    }
    if (negated) {
      if (errexitAtStart) sh.noErrexit--;
      else sh.noErrTrap--;
      if (sh.ctl !== CTL.exit && sh.ctl !== CTL.return && sh.ctl !== CTL.abort) s = s === 0 ? 1 : 0;
      sh.status = s;
      return s;
    }
    sh.status = s;
    if (s !== 0 && checked && sh.noErrexit === 0) return afterFailure(sh, s, line);
    return s;
  };

  const run = (sh: Shell): Status => {
    // which counter `!` raises: errexit is ignored under `!` only if it was on when `!` began
    const errexitAtStart = negated && sh.opt('errexit');
    if (negated) {
      if (errexitAtStart) sh.noErrexit++;
      else sh.noErrTrap++;
    }
    let r: Status;
    try {
      r = body(sh);
    } catch (e) {
      r = statusOfError(sh, e);
    }
    if (typeof r === 'number') return finish(sh, r, errexitAtStart);
    return finishLater(sh, r, errexitAtStart, finish);
  };

  if (negated) {
    return (sh) => {
      sh.lineno = line;
      const y = sh.rt.check();
      if (y) return runAfterYield(sh, y, run);
      return run(sh);
    };
  }
  // the common statement, with run and finish folded in: one call per statement, not three
  return (sh) => {
    sh.lineno = line;
    const y = sh.rt.check();
    if (y) return runAfterYield(sh, y, run);
    let r: Status;
    try {
      r = body(sh);
    } catch (e) {
      r = statusOfError(sh, e);
    }
    if (typeof r !== 'number') return finishLater(sh, r, false, finish);
    if (setsPipeStatus) {
      sh.pipeStatus = null;
      sh.leafStatus = r;
    }
    sh.status = r;
    if (r !== 0 && checked && sh.noErrexit === 0) return afterFailure(sh, r, line);
    return r;
  };
}

type Finish = (sh: Shell, s: number, errexitAtStart: boolean) => Status;

function finishLater(sh: Shell, r: Promise<number>, errexitAtStart: boolean, finish: Finish): Promise<number> {
  return r.then(
    (s) => finish(sh, s, errexitAtStart),
    (e) => finish(sh, statusOfError(sh, e), errexitAtStart),
  );
}

function runAfterYield(sh: Shell, y: Promise<void>, run: Exec): Promise<number> {
  return y.then(() => run(sh));
}

/** a failed command outside any condition: the ERR trap, then errexit */
function afterFailure(sh: Shell, s: number, line: number): Status {
  if (sh.ctl) {
    // `break 0` fails and leaves its loops: bash's errexit ends the shell there, with no ERR trap;
    // a failing `return`/`exit` is no failure of a command
    if ((sh.ctl === CTL.break || sh.ctl === CTL.continue) && sh.opt('errexit')) sh.ctl = CTL.exit;
    return s;
  }
  if (sh.traps.has('ERR') && sh.noErrTrap === 0 && (sh.callDepth === 0 || sh.opt('errtrace'))) {
    // the handler's $LINENO is the failed statement's line (a function call's, not its last line's)
    sh.lineno = line;
    return andThen(runTrap(sh, 'ERR'), () => {
      sh.status = s;
      if (sh.opt('errexit')) sh.ctl = CTL.exit;
      return s;
    });
  }
  if (sh.opt('errexit')) sh.ctl = CTL.exit;
  return s;
}

// ---------------------------------------------------------------- commands

function compileCommand(cmd: Command): Exec {
  switch (cmd.type) {
    case 'CallExpr':
      return compileCall(cmd, []);
    case 'BinaryCmd':
      return compileBinary(cmd);
    case 'Block':
      return compileStmts(cmd.Stmts);
    case 'Subshell':
      return compileSubshell(cmd);
    case 'IfClause':
      return compileIf(cmd);
    case 'WhileClause':
      return compileWhile(cmd);
    case 'ForClause':
      return compileFor(cmd);
    case 'CaseClause':
      return compileCase(cmd);
    case 'FuncDecl':
      return compileFuncDecl(cmd);
    case 'ArithmCmd':
      return compileArithStatement(cmd);
    case 'LetClause':
      return compileLet(cmd);
    case 'TestClause':
      return compileTest(cmd);
    case 'DeclClause':
      return compileDecl(cmd);
    case 'TimeClause':
      return compileTime(cmd);
    case 'CoprocClause':
      return (sh) => {
        sh.error('coprocesses are not supported');
        sh.ctl = CTL.exit;
        sh.status = 2;
        return 2;
      };
  }
}

function compileBinary(cmd: BinaryCmd): Exec {
  if (cmd.Op === '|' || cmd.Op === '|&') return compilePipeline(cmd);
  const x = compileStmt(cmd.X);
  const y = compileStmt(cmd.Y);
  const wantZero = cmd.Op === '&&';
  const next = (sh: Shell, s: number): Status => {
    if (sh.ctl) return s;
    if ((s === 0) === wantZero) return y(sh);
    return s;
  };
  return (sh) => asCondition(sh, x, next);
}

/**
 * Run a condition (the left side of && / ||, an if or while test) with errexit suspended, as bash
 * does, then continue with `next` and its status.
 */
export function asCondition(sh: Shell, cond: Exec, next: (sh: Shell, s: number) => Status): Status {
  sh.noErrexit++;
  let r: Status;
  try {
    r = cond(sh);
  } catch (e) {
    sh.noErrexit--;
    throw e;
  }
  if (typeof r === 'number') {
    // the synchronous case allocates no continuation (loop conditions run this every iteration)
    sh.noErrexit--;
    return next(sh, r);
  }
  return conditionLater(sh, r, next);
}

/** asCondition's continuation once the condition settled (loops.ts inlines asCondition) */
export function conditionLater(sh: Shell, r: Promise<number>, next: (sh: Shell, s: number) => Status): Promise<number> {
  return r.then((s) => {
    sh.noErrexit--;
    return next(sh, s);
  });
}

/** run `body` in a copy of the shell; nothing leaks back */
export function runInSubshell(sh: Shell, body: Exec, setup?: (sub: Shell) => void): Status {
  if (sh.subshellDepth >= sh.rt.limits.maxSubshellDepth) {
    sh.rt.breach(`subshell nesting limit exceeded (maxSubshellDepth ${sh.rt.limits.maxSubshellDepth})`);
  }
  const sub = sh.subshell();
  if (setup) setup(sub);
  return finishSubshell(sub, body);
}

export function finishSubshell(sub: Shell, body: Exec): Status {
  let r: Status;
  try {
    r = body(sub);
  } catch (e) {
    r = statusOfError(sub, e);
  }
  const done = (s: number): Status => {
    // in a subshell an abandoned command ends the subshell, as bash's child process does
    const st = sub.ctl === CTL.exit || sub.ctl === CTL.abort ? sub.status : s;
    if (sub.traps.has('EXIT')) {
      sub.ctl = CTL.none;
      return andThen(runTrap(sub, 'EXIT'), () => {
        sub.vars.drop();
        return st;
      });
    }
    // its variables are gone: what they held goes back to the memory budget
    sub.vars.drop();
    return st;
  };
  if (typeof r === 'number') return done(r);
  return r.then(done, (e) => done(statusOfError(sub, e)));
}

function compileSubshell(cmd: Subshell): Exec {
  const body = compileStmts(cmd.Stmts);
  return (sh) => runInSubshell(sh, body);
}

function compileIf(cmd: IfClause): Exec {
  const cond = compileStmts(cmd.Cond);
  const thenB = compileStmts(cmd.Then);
  const elseC = cmd.Else ? (cmd.Else.Cond.length ? compileIf(cmd.Else) : compileStmts(cmd.Else.Then)) : null;
  const next = (sh: Shell, s: number): Status => {
    if (sh.ctl) return s;
    if (s === 0) return thenB(sh);
    return elseC ? elseC(sh) : 0;
  };
  return (sh) => asCondition(sh, cond, next);
}

// ---------------------------------------------------------------- functions, arithmetic, time

function compileFuncDecl(cmd: FuncDecl): Exec {
  const name = cmd.Name.Value;
  let text: string | null = null;
  let body: Exec | null = null;
  return (sh) => {
    if (sh.readonlyFuncs.has(name)) {
      sh.error(`${name}: readonly function`);
      return 1;
    }
    if (!body) body = compileStmt(cmd.Body);
    text ??= printFunction(cmd);
    sh.funcs.set(name, { name, body, text, file: sh.currentFile() });
    return 0;
  };
}

/** set -x: `(( … ))` is traced before it runs (checked inside each form: no wrapper call) */
function traceArithCmd(sh: Shell, cmd: ArithmCmd): void {
  traceArith(sh, info.textOf(cmd).slice(2, -2), () => letArgText(sh, cmd.X));
}

function compileArithStatement(cmd: ArithmCmd): Exec {
  const x = cmd.X;
  if (!needsTape(x)) {
    const general = compileArithCmdGeneral(x, '((: ');
    const direct = compileDirectArith(x);
    if (direct !== null) {
      // `((i++))`, `((i<n))` in a loop: the direct form, called from here (one call less per run)
      return (sh) => {
        if (sh.setOpts.xtrace) traceArithCmd(sh, cmd);
        const d = direct(sh);
        const v = d === d ? d : general(sh);
        return v === 0 || v === 0n ? 1 : 0;
      };
    }
    return (sh) => {
      if (sh.setOpts.xtrace) traceArithCmd(sh, cmd);
      const v = general(sh);
      return v === 0 || v === 0n ? 1 : 0;
    };
  }
  return (sh) => {
    if (sh.setOpts.xtrace) traceArithCmd(sh, cmd);
    const r = withTape(sh, () => arithEvalCmd(sh, x, '((: '), x);
    const fin = (v: number | bigint): number => (v === 0 || v === 0n ? 1 : 0);
    return r instanceof Promise ? r.then(fin) : fin(r);
  };
}

function compileLet(cmd: LetClause): Exec {
  if (isLetHelp(cmd)) return (sh) => showHelp(sh, 'let');
  const exprs = letExpressions(cmd);
  return (sh) => {
    const r = withTape(sh, () => {
      let last: number | bigint = 0;
      for (const x of exprs) last = arithEvalCmd(sh, x, 'let: ');
      if (exprs.length > 0) sh.lastArg = letArgText(sh, exprs[exprs.length - 1]!);
      return last;
    }, exprs);
    const fin = (v: number | bigint): number => (v === 0 || v === 0n ? 1 : 0);
    return r instanceof Promise ? r.then(fin) : fin(r);
  };
}

function compileTime(cmd: TimeClause): Exec {
  const inner = cmd.Stmt ? compileStmt(cmd.Stmt) : null;
  const posix = cmd.PosixFormat;
  return (sh) => {
    const t0 = monotonicMs();
    const r = inner ? inner(sh) : 0;
    return andThen(r, (s) => {
      const secs = (monotonicMs() - t0) / 1000;
      const fmt = (x: number): string =>
        posix ? x.toFixed(2) : `${Math.floor(x / 60)}m${(x % 60).toFixed(3)}s`;
      const text = posix
        ? `real ${fmt(secs)}\nuser ${fmt(0)}\nsys ${fmt(0)}\n`
        : `\nreal\t${fmt(secs)}\nuser\t${fmt(0)}\nsys\t${fmt(0)}\n`;
      const w = sh.stderr.writeString(text);
      return w ? w.then(() => s) : s;
    });
  };
}
