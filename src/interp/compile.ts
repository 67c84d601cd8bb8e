// Compile once, run many: the AST becomes a tree of closures. Each closure takes the Shell and
// returns a Status (a number when it finished synchronously). Loop bodies run their closures
// directly, with no re-dispatch on node types. Control flow (break/continue/return/exit) is a flag
// on the shell checked after every statement, never an exception.

import type {
  BinaryCmd, CaseClause, Command, ForClause, IfClause, Stmt, WhileClause, CStyleLoop, WordIter,
  ArithmCmd, LetClause, TimeClause, Subshell, FuncDecl, ArithmExpr, Word,
} from '../syntax/ast.js';
import { CTL, type Exec, type Shell, type Status } from './shell.js';
import { andThen } from './status.js';
import { ExpansionError, AssignError, Suspend } from './interp-errors.js';
import { BadFdError } from '../io/pipe.js';
import { compileWordString, isStaticWord, expandString, expandPattern, needsTape, withTape } from './expand.js';
import { expandForWords, type LazyWords } from './word-split.js';
import { assignScalar } from './var-access.js';
import { arithEvalCmd, compileArithCmd } from './arith-bridge.js';
import { matchPattern } from './pattern.js';
import { compileCall, compileRedirOnly } from './call.js';
import { withRedirects } from './redirect.js';
import { compilePipeline } from './pipeline.js';
import { compileTest } from './test-clause.js';
import { compileDecl } from './decl.js';
import { runTrap } from './traps.js';
import { braceExpandWords } from './brace-bridge.js';
import { info } from './source-info.js';
import { printFunction } from './printer.js';
import { monotonicMs } from './clock.js';
import { isLetHelp, showHelp } from './core-builtins/help-option.js';

// ---------------------------------------------------------------- errors inside a statement

/** turn an error thrown by a command into its status (messages printed); rethrow the rest */
export function statusOfError(sh: Shell, e: unknown): number {
  if (e instanceof ExpansionError) {
    if (e.message) sh.error(e.message);
    if (e.exit || e.fatal) {
      sh.ctl = e.exit ? CTL.exit : CTL.abort;
      sh.status = e.status;
    }
    return e.status;
  }
  if (e instanceof AssignError) {
    // `r=2` with r readonly abandons the current top-level command
    sh.error(e.message);
    sh.ctl = CTL.abort;
    sh.status = e.status;
    return e.status;
  }
  if (e instanceof Suspend) {
    // a waiting command substitution reached outside any expansion (builtin-evaluated text)
    e.promise.catch(() => undefined);
    sh.error('command substitution inside an evaluated subscript is not supported here');
    return 1;
  }
  if (e instanceof BadFdError) {
    sh.error(`write error: Bad file descriptor`);
    return 1;
  }
  throw e;
}

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
// now and then: rt.check() yields to the event loop every 40 ms). Each asynchronous
// continuation lives in a small `…Later` function of its own (issue 7).

function runSeq(sh: Shell, execs: Exec[], i: number, st: number): Status {
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
  let body: Exec;
  if (!cmd) body = compileRedirOnly(st.Redirs);
  else if (cmd.type === 'CallExpr') body = compileCall(cmd, st.Redirs);
  else {
    body = compileCommand(cmd);
    if (st.Redirs.length) body = withRedirects(st.Redirs, body);
  }
  const negated = st.Negated;
  const setsPipeStatus = cmd === null || LEAF_COMMANDS.has(cmd.type);
  const checked =
    cmd === null ||
    !(NO_ERREXIT_CHECK.has(cmd.type) || (cmd.type === 'BinaryCmd' && (cmd.Op === '&&' || cmd.Op === '||')));

  const finish = (sh: Shell, s: number, errexitAtStart: boolean): Status => {
    if (setsPipeStatus) sh.pipeStatus = null;
    if (negated) {
      if (errexitAtStart) sh.noErrexit--;
      else sh.noErrTrap--;
      if (sh.ctl !== CTL.exit && sh.ctl !== CTL.return && sh.ctl !== CTL.abort) s = s === 0 ? 1 : 0;
      sh.status = s;
      return s;
    }
    sh.status = s;
    if (s !== 0 && checked && sh.noErrexit === 0 && !sh.ctl) return afterFailure(sh, s);
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
    if (setsPipeStatus) sh.pipeStatus = null;
    sh.status = r;
    if (r !== 0 && checked && sh.noErrexit === 0 && !sh.ctl) return afterFailure(sh, r);
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
function afterFailure(sh: Shell, s: number): Status {
  if (sh.traps.has('ERR') && sh.noErrTrap === 0 && (sh.callDepth === 0 || sh.opt('errtrace'))) {
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
function asCondition(sh: Shell, cond: Exec, next: (sh: Shell, s: number) => Status): Status {
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

function conditionLater(sh: Shell, r: Promise<number>, next: (sh: Shell, s: number) => Status): Promise<number> {
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
      return andThen(runTrap(sub, 'EXIT'), () => st);
    }
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

// ---------------------------------------------------------------- loops

/** iteration outcomes: ≥ 0 keep looping (body status); STOP: end with the last status */
const STOP = -1;
/** end the loop with status s */
function stopWith(s: number): number {
  return -2 - s;
}

/** after a body ran: consume break/continue aimed at this loop */
function afterBody(sh: Shell, s: number): number {
  const c = sh.ctl;
  if (c === CTL.none) return s;
  if (c === CTL.break) {
    if (--sh.ctlCount <= 0) sh.ctl = CTL.none;
    return stopWith(s);
  }
  if (c === CTL.continue) {
    if (--sh.ctlCount <= 0) {
      sh.ctl = CTL.none;
      return s;
    }
    return stopWith(s);
  }
  return stopWith(s);
}

type Iter = (sh: Shell) => number | Promise<number>;

function drive(sh: Shell, iter: Iter, last: number): Status {
  for (;;) {
    sh.rt.countLoop();
    const y = sh.rt.check();
    if (y) return driveAfterYield(sh, iter, last, y);
    const r = iter(sh);
    if (typeof r !== 'number') return stepLater(sh, iter, last, r);
    if (r < 0) return r === STOP ? last : -2 - r;
    last = r;
  }
}

function driveAfterYield(sh: Shell, iter: Iter, last: number, y: Promise<void>): Promise<number> {
  return y.then(() => driveStep(sh, iter, last));
}

function stepLater(sh: Shell, iter: Iter, last: number, r: Promise<number>): Promise<number> {
  return r.then((v) => resolveStep(sh, iter, v, last));
}

function driveStep(sh: Shell, iter: Iter, last: number): Status {
  const r = iter(sh);
  if (typeof r !== 'number') return stepLater(sh, iter, last, r);
  return resolveStep(sh, iter, r, last);
}

/** the body's status, once it settled, through afterBody */
function afterBodyLater(sh: Shell, b: Promise<number>): Promise<number> {
  return b.then((bs) => afterBody(sh, bs));
}

function resolveStep(sh: Shell, iter: Iter, v: number, last: number): Status {
  if (v < 0) return v === STOP ? last : -2 - v;
  return drive(sh, iter, v);
}

function loopScope(sh: Shell, run: () => Status): Status {
  sh.loopDepth++;
  let r: Status;
  try {
    r = run();
  } catch (e) {
    sh.loopDepth--;
    throw e;
  }
  if (typeof r === 'number') {
    sh.loopDepth--;
    return r;
  }
  return r.then(
    (v) => {
      sh.loopDepth--;
      return v;
    },
    (e) => {
      sh.loopDepth--;
      throw e;
    },
  );
}

function compileWhile(cmd: WhileClause): Exec {
  const cond = compileStmts(cmd.Cond);
  const body = compileStmts(cmd.Do);
  const until = cmd.Until;
  const afterCond = (sh: Shell, cs: number): Status => {
    if (sh.ctl) return afterBody(sh, cs);
    if ((cs === 0) === until) return STOP;
    const b = body(sh);
    if (typeof b === 'number') return afterBody(sh, b);
    return afterBodyLater(sh, b);
  };
  const iter: Iter = (sh) => asCondition(sh, cond, afterCond);
  return (sh) => loopScope(sh, () => drive(sh, iter, 0));
}

function compileFor(cmd: ForClause): Exec {
  const body = compileStmts(cmd.Do);
  if (cmd.Loop.type === 'CStyleLoop') return compileCFor(cmd.Loop, body);
  const loop = cmd.Loop as WordIter;
  const name = loop.Name.Value;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    return (sh) => {
      sh.error(`\`${name}': not a valid identifier`);
      return 1;
    };
  }
  const items = loop.InPos < 0 ? null : braceExpandWords(loop.Items);
  return (sh) => {
    const words = items === null ? sh.positional.slice() : withTape(sh, () => expandForWords(sh, items), items);
    const start = (list: string[] | LazyWords): Status => {
      let i = 0;
      const iter: Iter = (s2) => {
        let w: string | undefined;
        if (Array.isArray(list)) {
          if (i >= list.length) return STOP;
          w = list[i++]!;
        } else {
          w = list.next();
          if (w === undefined) return STOP;
        }
        assignScalar(s2, name, w);
        const b = body(s2);
        if (typeof b === 'number') return afterBody(s2, b);
        return afterBodyLater(s2, b);
      };
      return loopScope(sh, () => drive(sh, iter, 0));
    };
    if (words instanceof Promise) return words.then(start);
    return start(words);
  };
}

function compileCFor(loop: CStyleLoop, body: Exec): Exec {
  const init = loop.Init;
  const cond = loop.Cond;
  const post = loop.Post;
  // without command substitutions inside, evaluate directly (no closure per iteration); decided
  // once per expression, not per evaluation
  const evaluator = (x: ArithmExpr | null): ((sh: Shell) => number | bigint) | null => {
    if (x === null) return null;
    if (needsTape(x)) return (sh) => withTapeSync(sh, () => arithEvalCmd(sh, x, '((: '), x);
    return compileArithCmd(x, '((: ');
  };
  const evInit = evaluator(init);
  const evCond = evaluator(cond);
  const evPost = evaluator(post);
  return (sh) => {
    if (evInit) evInit(sh);
    let first = true;
    const iter: Iter = (s2) => {
      if (!first && evPost) evPost(s2);
      first = false;
      if (evCond) {
        const v = evCond(s2);
        if (v === 0 || v === 0n) return STOP;
      }
      const b = body(s2);
      if (typeof b === 'number') return afterBody(s2, b);
      return afterBodyLater(s2, b);
    };
    return loopScope(sh, () => drive(sh, iter, 0));
  };
}

/** arithmetic with command substitutions inside `(( ))` must complete synchronously here */
function withTapeSync<T>(sh: Shell, f: () => T, node?: unknown): T {
  const r = withTape(sh, f, node);
  if (r instanceof Promise) {
    throw new ExpansionError('command substitution inside (( )) must not wait', 1, false);
  }
  return r;
}

// ---------------------------------------------------------------- case

type CaseItem = { patterns: Word[]; matchers: CaseMatcher[]; body: Exec; op: string };

function compileCase(cmd: CaseClause): Exec {
  const items: CaseItem[] = cmd.Items.map((it) => ({
    patterns: it.Patterns,
    matchers: it.Patterns.map(compileCasePattern),
    body: compileStmts(it.Stmts),
    op: it.Op,
  }));
  const word = cmd.Word;
  // a command substitution that may wait: expand everything up front under the tape
  if (needsTape(cmd)) return compileTapedCase(cmd, items);
  // otherwise patterns are expanded lazily, item by item, as bash does
  const subjectOf = compileWordString(word, 'string');
  const literal = literalCaseTable(items);
  return (sh) => {
    const subject = subjectOf(sh);
    const nocase = sh.shopt('nocasematch');
    if (literal !== null && !nocase) {
      const first = literal.firstMatch(sh, subject);
      return first < 0 ? 0 : runCaseFrom(sh, items, NO_MORE_TESTS, first, true, 0);
    }
    const opts = { extglob: sh.shopt('extglob'), nocase };
    const matches = (i: number): boolean => {
      const ms = items[i]!.matchers;
      for (let k = 0; k < ms.length; k++) if (ms[k]!(sh, subject, opts)) return true;
      return false;
    };
    return runCaseFrom(sh, items, matches, 0, false, 0);
  };
}

/** for a case whose items never test a later pattern after a match (no `;;&`) */
const NO_MORE_TESTS = (): boolean => false;

/** characters that can make a pattern more than its literal text (as in pattern.ts) */
const MAYBE_SPECIAL = /[\\*?[(]/;

/**
 * `case $x in a) …;; b|c) …;; *) …;; esac`: when every pattern is fixed text without glob
 * characters, or `*`, the first matching item is found with one Map lookup instead of a pattern
 * test per item (issue 7). Built at the first run (expanding a pattern needs the shell), and only
 * for cases without `;;&`, which goes on testing patterns after a match.
 */
function literalCaseTable(items: CaseItem[]): { firstMatch(sh: Shell, subject: string): number } | null {
  if (items.some((it) => it.op === ';;&' || !it.patterns.every(isStaticWord))) return null;
  let byText: Map<string, number> | null = null;
  let star = -1;
  let usable = true;
  const build = (sh: Shell): void => {
    byText = new Map();
    items.forEach((it, i) => {
      for (const w of it.patterns) {
        const p = expandPattern(sh, w);
        if (p === '*') {
          if (star < 0) star = i;
        } else if (MAYBE_SPECIAL.test(p)) usable = false;
        else if (!byText!.has(p)) byText!.set(p, i);
      }
    });
  };
  return {
    firstMatch(sh, subject) {
      if (byText === null) build(sh);
      if (!usable) return firstMatchByPatterns(sh, items, subject);
      const i = byText!.get(subject);
      return i === undefined ? star : star >= 0 && star < i ? star : i;
    },
  };
}

/** the first item whose pattern matches (nocasematch off): the table's fallback */
function firstMatchByPatterns(sh: Shell, items: CaseItem[], subject: string): number {
  const opts = { extglob: sh.shopt('extglob'), nocase: false };
  for (let i = 0; i < items.length; i++) {
    const ms = items[i]!.matchers;
    for (let k = 0; k < ms.length; k++) if (ms[k]!(sh, subject, opts)) return i;
  }
  return -1;
}

/** from item i on: run the first matching body, then follow its `;&` / `;;&` */
function runCaseFrom(sh: Shell, items: CaseItem[], matches: (i: number) => boolean, i: number, falling: boolean, last: number): Status {
  for (; i < items.length; i++) {
    if (!falling && !matches(i)) continue;
    const r = items[i]!.body(sh);
    if (typeof r === 'number') return afterCaseItem(sh, items, matches, i, r);
    return caseItemLater(sh, items, matches, i, r);
  }
  return last;
}

function afterCaseItem(sh: Shell, items: CaseItem[], matches: (i: number) => boolean, idx: number, s: number): Status {
  if (sh.ctl) return s;
  const op = items[idx]!.op;
  if (op === ';&') return idx + 1 < items.length ? runCaseFrom(sh, items, matches, idx + 1, true, s) : s;
  if (op === ';;&') return runCaseFrom(sh, items, matches, idx + 1, false, s);
  return s;
}

function caseItemLater(sh: Shell, items: CaseItem[], matches: (i: number) => boolean, idx: number, r: Promise<number>): Promise<number> {
  return r.then((s) => afterCaseItem(sh, items, matches, idx, s));
}

function compileTapedCase(cmd: CaseClause, items: CaseItem[]): Exec {
  const word = cmd.Word;
  return (sh) => {
    const v = withTape(sh, () => {
      const subject = expandString(sh, word);
      // patterns are expanded lazily in bash; here all at once, which differs only for side effects
      const pats = items.map((it) => it.patterns.map((p) => expandPattern(sh, p)));
      return { subject, pats };
    }, cmd);
    const go = ({ subject, pats }: { subject: string; pats: string[][] }): Status => {
      const opts = { extglob: sh.shopt('extglob'), nocase: sh.shopt('nocasematch') };
      return runCaseFrom(sh, items, (i) => pats[i]!.some((p) => matchPattern(subject, p, opts)), 0, false, 0);
    };
    return v instanceof Promise ? v.then(go) : go(v);
  };
}

type CaseMatcher = (sh: Shell, subject: string, opts: { extglob: boolean; nocase: boolean }) => boolean;

function compileCasePattern(w: Word): CaseMatcher {
  if (!isStaticWord(w)) return (sh, subject, opts) => matchPattern(subject, expandPattern(sh, w), opts);
  let pattern: string | null = null;
  return (sh, subject, opts) => {
    pattern ??= expandPattern(sh, w);
    return matchPattern(subject, pattern, opts);
  };
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
    sh.funcs.set(name, { name, body, text });
    return 0;
  };
}

function compileArithStatement(cmd: ArithmCmd): Exec {
  const x = cmd.X;
  if (!needsTape(x)) {
    const evaluate = compileArithCmd(x, '((: ');
    return (sh) => {
      const v = evaluate(sh);
      return v === 0 || v === 0n ? 1 : 0;
    };
  }
  return (sh) => {
    const r = withTape(sh, () => arithEvalCmd(sh, x, '((: '), x);
    const fin = (v: number | bigint): number => (v === 0 || v === 0n ? 1 : 0);
    return r instanceof Promise ? r.then(fin) : fin(r);
  };
}

function compileLet(cmd: LetClause): Exec {
  if (isLetHelp(cmd)) return (sh) => showHelp(sh, 'let');
  const exprs = cmd.Exprs;
  return (sh) => {
    const r = withTape(sh, () => {
      let last: number | bigint = 0;
      for (const x of exprs) last = arithEvalCmd(sh, x, 'let: ');
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
