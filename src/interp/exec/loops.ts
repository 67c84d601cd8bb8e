// Loops: while/until, for-in and for ((…)), driven by one synchronous driver (drive) that counts
// iterations against the budget, checks the deadline and only awaits a real promise. break and
// continue are flags on the shell (CTL), consumed by afterBody; no exceptions. As in compile.ts,
// asynchronous continuations live in small `…Later` functions, so the hot ones hold no closure.

import { trace, traceArith } from '../expand/xtrace.js';
import { info } from '../state/source-info.js';
import type { ArithmExpr, CStyleLoop, ForClause, WhileClause, WordIter } from '../../syntax/ast.js';
import { CTL, type Exec, type Shell, type Status } from '../state/shell.js';
import { AssignError, ExpansionError, reportError } from '../state/errors.js';
import { needsTape, withTape } from '../expand/expand.js';
import { expandForWords, type LazyWords } from '../expand/word-split.js';
import { assignScalar } from '../expand/var-access.js';
import { arithEvalCmd, compileArithCmdGeneral, letArgText } from '../expand/arith-shell.js';
import { compileDirectArith, type DirectArith } from '../expand/arith-direct.js';
import { braceExpandWords } from '../expand/brace-words.js';
import { compileStmts, conditionLater } from './compile.js';

/** iteration outcomes: ≥ 0 keep looping (body status); STOP: end with the last status */
const STOP = -1;
/** what an iteration returns to stop its loop with status 1 (drive's -2 - status) */
const ASSIGN_FAILED = -3;

/**
 * the loop variable takes the next word; false when it cannot (readonly): bash reports it and
 * the loop ends with status 1, and the command list goes on
 */
function bindLoopVar(sh: Shell, name: string, value: string): boolean {
  try {
    assignScalar(sh, name, value);
    return true;
  } catch (e) {
    if (!(e instanceof AssignError)) throw e;
    reportError(sh, e.message);
    return false;
  }
}
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
    const y = sh.rt.iteration();
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

export function compileWhile(cmd: WhileClause): Exec {
  const cond = compileStmts(cmd.Cond);
  const body = compileStmts(cmd.Do);
  const until = cmd.Until;
  const afterCond = (sh: Shell, cs: number): Status => {
    if (sh.ctl) return afterBody(sh, cs);
    if ((cs === 0) === until) return STOP;
    const b = body(sh);
    if (typeof b === 'number') return sh.ctl === CTL.none ? b : afterBody(sh, b);
    return afterBodyLater(sh, b);
  };
  // asCondition(sh, cond, afterCond), written out: two calls less per iteration, which a loop's
  // first (interpreted) iterations pay in full (issue 7: cold loops)
  const iter: Iter = (sh) => {
    sh.noErrexit++;
    let cs: Status;
    try {
      cs = cond(sh);
    } catch (e) {
      sh.noErrexit--;
      throw e;
    }
    if (typeof cs !== 'number') return conditionLater(sh, cs, afterCond);
    sh.noErrexit--;
    if (sh.ctl !== CTL.none) return afterBody(sh, cs);
    if ((cs === 0) === until) return STOP;
    const b = body(sh);
    if (typeof b === 'number') return sh.ctl === CTL.none ? b : afterBody(sh, b);
    return afterBodyLater(sh, b);
  };
  return (sh) => loopScope(sh, () => drive(sh, iter, 0));
}

export function compileFor(cmd: ForClause): Exec {
  const body = compileStmts(cmd.Do);
  if (cmd.Loop.type === 'CStyleLoop') return compileCFor(cmd.Loop, body, cStyleParts(cmd.Loop));
  const loop = cmd.Loop as WordIter;
  const name = loop.Name.Value;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    return (sh) => {
      sh.error(`\`${name}': not a valid identifier`);
      return 1;
    };
  }
  const items = loop.InPos < 0 ? null : braceExpandWords(loop.Items);
  // set -x: the loop's header as written, before each iteration (decided when the loop starts,
  // so an untraced loop pays nothing per iteration)
  const header = `for ${name} in ${loop.InPos < 0 ? '"$@"' : loop.Items.map((w) => info.textOf(w)).join(' ')}`;
  return (sh) => {
    const words = items === null ? sh.positional.slice() : withTape(sh, () => expandForWords(sh, items), items);
    const start = (list: string[] | LazyWords): Status => {
      let i = 0;
      const iter: Iter = sh.setOpts.xtrace
        ? (s2) => {
          const w = Array.isArray(list) ? (i < list.length ? list[i++] : undefined) : list.next();
          if (w === undefined) return STOP;
          trace(s2, header);
          if (!bindLoopVar(s2, name, w)) return ASSIGN_FAILED;
          const b = body(s2);
          if (typeof b === 'number') return s2.ctl === CTL.none ? b : afterBody(s2, b);
          return afterBodyLater(s2, b);
        }
        : Array.isArray(list)
        ? (s2) => {
          if (i >= list.length) return STOP;
          if (!bindLoopVar(s2, name, list[i++]!)) return ASSIGN_FAILED;
          const b = body(s2);
          if (typeof b === 'number') return s2.ctl === CTL.none ? b : afterBody(s2, b);
          return afterBodyLater(s2, b);
        }
        : (s2) => {
          const w = list.next();
          if (w === undefined) return STOP;
          if (!bindLoopVar(s2, name, w)) return ASSIGN_FAILED;
          const b = body(s2);
          if (typeof b === 'number') return s2.ctl === CTL.none ? b : afterBody(s2, b);
          return afterBodyLater(s2, b);
        };
      return loopScope(sh, () => drive(sh, iter, 0));
    };
    if (words instanceof Promise) return words.then(start);
    return start(words);
  };
}

/** the three parts of `for ((…;…;…))` as written (set -x shows them with their spaces) */
function cStyleParts(loop: CStyleLoop): string[] {
  const text = info.textOf(loop);
  // bash keeps a part's trailing spaces but not its leading ones
  return text.startsWith('((') ? text.slice(2, -2).split(';').map((p) => p.replace(/^\s+/, '')) : [];
}

export function compileCFor(loop: CStyleLoop, body: Exec, parts: string[] = []): Exec {
  const init = loop.Init;
  const cond = loop.Cond;
  const post = loop.Post;
  // without command substitutions inside, evaluate directly (no closure per iteration); decided
  // once per expression, not per evaluation
  const evaluator = (x: ArithmExpr | null): ((sh: Shell) => number | bigint) | null => {
    if (x === null) return null;
    if (needsTape(x)) return (sh) => withTapeSync(sh, () => arithEvalCmd(sh, x, '((: '), x);
    return compileArithCmdGeneral(x, '((: ');
  };
  // the direct forms (arith-direct.ts) of `i<n` and `i++`, tried first; NaN: use the evaluator
  const direct = (x: ArithmExpr | null): DirectArith => (x !== null && !needsTape(x) && compileDirectArith(x)) || NO_DIRECT;
  const evInit = evaluator(init);
  const evCond = evaluator(cond);
  const evPost = evaluator(post);
  const condDirect = direct(cond);
  const postDirect = direct(post);
  return (sh) => {
    if (sh.setOpts.xtrace) return tracedCFor(sh, loop, parts, evInit, evCond, evPost, body);
    if (evInit) evInit(sh);
    let first = true;
    const iter: Iter = (s2) => {
      if (first) first = false;
      else if (evPost !== null) {
        const p = postDirect(s2);
        if (p !== p) evPost(s2);
      }
      if (evCond !== null) {
        const d = condDirect(s2);
        const v = d === d ? d : evCond(s2);
        if (v === 0 || v === 0n) return STOP;
      }
      const b = body(s2);
      if (typeof b === 'number') return s2.ctl === CTL.none ? b : afterBody(s2, b);
      return afterBodyLater(s2, b);
    };
    return loopScope(sh, () => drive(sh, iter, 0));
  };
}

/** a C-style loop under set -x: each part traced before it is evaluated (`+ (( j<2 ))`) */
function tracedCFor(
  sh: Shell,
  loop: CStyleLoop,
  parts: string[],
  evInit: ((sh: Shell) => number | bigint) | null,
  evCond: ((sh: Shell) => number | bigint) | null,
  evPost: ((sh: Shell) => number | bigint) | null,
  body: Exec,
): Status {
  const exprs = [loop.Init, loop.Cond, loop.Post];
  // an empty part is traced as bash stores it: 1
  const traceAt = (s: Shell, k: number): void => {
    const x = exprs[k];
    if (x) traceArith(s, parts[k] ?? info.textOf(x), () => letArgText(s, x));
    else trace(s, '(( 1 ))');
  };
  traceAt(sh, 0);
  if (evInit) evInit(sh);
  let first = true;
  const iter: Iter = (s2) => {
    if (first) first = false;
    else {
      traceAt(s2, 2);
      if (evPost !== null) evPost(s2);
    }
    traceAt(s2, 1);
    if (evCond !== null) {
      const v = evCond(s2);
      if (v === 0 || v === 0n) return STOP;
    }
    const b = body(s2);
    if (typeof b === 'number') return s2.ctl === CTL.none ? b : afterBody(s2, b);
    return afterBodyLater(s2, b);
  };
  return loopScope(sh, () => drive(sh, iter, 0));
}

/** no direct form: always NaN, so the evaluator runs */
const NO_DIRECT: DirectArith = () => NaN;

/** arithmetic with command substitutions inside `(( ))` must complete synchronously here */
function withTapeSync<T>(sh: Shell, f: () => T, node?: unknown): T {
  const r = withTape(sh, f, node);
  if (r instanceof Promise) {
    throw new ExpansionError('command substitution inside (( )) must not wait', 1, false);
  }
  return r;
}
