// Simple commands: expand the command name, check the policy, expand the rest, open redirections,
// apply inline assignments, and dispatch to a function, a shell builtin (the run's builtin table)
// or a command (COMMANDS).

import type { Assign, CallExpr, Redirect, Word } from '../../syntax/ast.js';
import type { Exec, Shell, Status } from '../state/shell.js';
import { compileWordFields, compileWordString, plainLiteral, scalarParamOf, expandAssignValue, expandAssocElementValue, expandString, expandWordFields, needsTape, withTape } from '../expand/expand.js';
import { assignArray, assignElement, assignScalar, callRedirects, isAssocName, isDynamic, type ArrayItem } from '../expand/var-access.js';
import { indexKey } from '../expand/arith-shell.js';
import { compileDirectArith, writeNum, type DirectArith } from '../expand/arith-direct.js';
import { ATTR, cloneVariable, newVariable, type Frame } from '../state/vars.js';
import { applyPermanent, applyRedirects, restoreRedirects, type RedirState } from './redirect.js';
import { runReporting } from '../state/error-status.js';
import { settleProcSubsts } from '../expand/subst.js';
import { AssignError, namedSubscriptError, reportError } from '../state/errors.js';
import { andThen, ensure } from '../state/status.js';
import { braceExpandWords } from '../expand/brace-words.js';
import { dispatch, isAlwaysAvailable } from './dispatch.js';
import { quoteForReuse } from '../state/quote.js';
import { trace, traceQuote } from '../expand/xtrace.js';
import { tracedAssign, traceOutsideTempScope } from '../expand/assign-trace.js';
import { info } from '../state/source-info.js';
import type { ByteWriter } from '../../../lib/io/streams.js';
import { compileQuickTest, QUICK_UNSURE, quickTestArgv, testFormOf, TEST_NONE } from './test-fast.js';
import { auditNotAllowed } from './policy.js';

// ---------------------------------------------------------------- assignments

export type AssignFn = (sh: Shell) => void;

export function compileAssign(a: Assign): AssignFn {
  const name = a.Name?.Value ?? '';
  const append = a.Append;
  if (a.Array) {
    const elems = a.Array.Elems;
    return (sh) => {
      const assoc = isAssocName(sh, name);
      assignArray(sh, name, arrayItems(sh, elems, assoc), append, assoc);
    };
  }
  const value = a.Value;
  const index = a.Index;
  if (index) {
    // `a[]=v` (bash-compat parse): bash's `bad array subscript`, known at compile time
    if (isEmptySubscript(index)) {
      return () => { throw new AssignError(`${name}[]: bad array subscript`); };
    }
    return (sh) => {
      const key = indexKey(sh, name, index);
      // an associative array takes no empty key: bash names the subscript as written
      if (key === '' && isAssocName(sh, name)) throw new AssignError(`${name}[${info.textOf(index)}]: bad array subscript`);
      const v = expandAssignValue(sh, value);
      try {
        assignElement(sh, name, key, v, append);
      } catch (e) {
        throw namedSubscriptError(e, name, info.textOf(index));
      }
    };
  }
  const text = plainLiteral(value);
  // `s+=x`, `n=0`: the text itself, not a call for it
  if (text !== null) return (sh) => assignScalar(sh, name, text, append);
  const arith = !append && value !== null && !isDynamic(name) ? directArithValue(value) : null;
  if (arith !== null) {
    // `n=$((n+1))`: the number stored as arithmetic stores it (with its reading, for the next
    // `$((n+1))`); any other case goes the way of every assignment
    const valueText = compileWordString(value, 'assign');
    return (sh) => {
      if (sh.tape === null) {
        const n = arith(sh);
        if (n === n && writeNum(sh, name, n)) return;
        if (n === n) return assignScalar(sh, name, String(n), false);
      }
      assignScalar(sh, name, valueText(sh), false);
    };
  }
  const read = value !== null ? scalarParamOf(value) : null;
  if (read !== null) {
    // `r=$1`, `a=${s%.*}`: the parameter's reader, without the word's layer around it
    return (sh) => {
      const v = read(sh);
      assignScalar(sh, name, v !== undefined ? v : expandAssignValue(sh, value), append);
    };
  }
  const valueText = compileWordString(value, 'assign');
  return (sh) => assignScalar(sh, name, valueText(sh), append);
}

/** the direct arithmetic (arith-direct.ts) of a value that is one `$((…))`, else null */
function directArithValue(w: Word): DirectArith | null {
  const p = w.Parts.length === 1 ? w.Parts[0]! : null;
  if (p === null || p.type !== 'ArithmExp' || p.X === null || needsTape(p)) return null;
  return compileDirectArith(p.X);
}

/** `[]` (bash-compat parse: an Unparsed word with nothing in it) */
function isEmptySubscript(index: import('../../syntax/ast.js').ArithmExpr): boolean {
  return index.type === 'Word' && index.Unparsed === true && index.Parts.length === 0;
}

/** the items of `(a b [k]=v)`: unindexed values split and globbed; assoc `(k v k v)` pairs */
export function arrayItems(
  sh: Shell,
  elems: readonly { Index: import('../../syntax/ast.js').ArithmExpr | null; Value: Word | null; Append?: boolean }[],
  assoc: boolean,
  /** through declare/local: bash words a bad element as declare re-quotes it (`['']='v'`) */
  declared = false,
): ArrayItem[] {
  const items: ArrayItem[] = [];
  const loose: string[] = [];
  for (const e of elems) {
    if (e.Index && isEmptySubscript(e.Index)) {
      // `([]=v)`: bash reports the element, skips it (it takes no index) and goes on
      const v = expandAssignValue(sh, e.Value);
      sh.error(assoc && declared ? `['']=${quoteForReuse(v)}: bad array subscript` : `[]${e.Append ? '+=' : '='}${v}: bad array subscript`);
    } else if (e.Index && !assoc) {
      const index = e.Index;
      // `[i]+=v` (bash-compat parse) appends to that element
      items.push({ keyOf: () => indexKey(sh, '\0indexed', index), value: expandAssignValue(sh, e.Value), append: e.Append === true });
    } else if (e.Index) {
      const key = e.Index.type === 'Word' ? expandString(sh, e.Index) : indexKey(sh, '\0assoc', e.Index);
      const value = expandAssocElementValue(sh, e.Value);
      if (key !== '') items.push({ key, value });
      else if (declared) sh.error(`['']=${quoteForReuse(value)}: bad array subscript`);
      else sh.error(`[${info.textOf(e.Index)}]=${e.Value ? info.textOf(e.Value) : ''}: bad array subscript`);
    } else if (e.Value) {
      const fields: string[] = [];
      for (const w of braceExpandWords([e.Value])) expandWordFields(sh, w, fields);
      // one at a time: a spread of a million fields overflows the stack
      if (assoc) for (const f of fields) loose.push(f);
      else {
        for (let i = 0; i < fields.length; i++) {
          items.push({ value: fields[i]! });
          // a copy of a big array (`a+=("${a[@]}")`) is work the deadline must see
          if ((i & 0xffff) === 0xffff) sh.rt.spend(0x10000 * 16);
        }
      }
    }
  }
  if (assoc && loose.length) {
    for (let i = 0; i < loose.length; i += 2) items.push({ key: loose[i]!, value: loose[i + 1] ?? '' });
  }
  return items;
}

// ---------------------------------------------------------------- the command

/** POSIX special builtins: in posix mode their prefix assignments persist */
const POSIX_SPECIAL = new Set([':', '.', 'break', 'continue', 'eval', 'exec', 'exit', 'export', 'readonly', 'return', 'set', 'shift', 'source', 'times', 'trap', 'unset']);

interface Expanded {
  argv: string[];
  denied?: string;
}

export function compileCall(node: CallExpr, redirs: readonly Redirect[]): Exec {
  const assigns = node.Assigns.map(compileAssign);
  const assignTexts = node.Assigns.map((a) => a);
  const assignNames = node.Assigns.map((a) => a.Name?.Value ?? '');
  const words = braceExpandWords(node.Args);
  const call = commandNode(node, redirs);
  if (words.length === 0) return compileAssignOnly(assigns, redirs, assignTexts, true, call);
  const bracedFns = words.map(compileWordFields);
  // `set +B` turns brace expansion off: keep the unexpanded words too when they differ
  const rawFns = words.length !== node.Args.length || words.some((w, i) => w !== node.Args[i])
    ? node.Args.map(compileWordFields)
    : bracedFns;

  /** expand the words into argv; returns the command name when the policy denies it */
  const expandInto = (sh: Shell, argv: string[]): string | undefined => {
    const wordFns = rawFns === bracedFns || sh.opt('braceexpand') ? bracedFns : rawFns;
    const nWords = wordFns.length;
    let i = 0;
    // the command name first: the policy is checked before the other words are expanded
    for (; i < nWords && argv.length === 0; i++) wordFns[i]!(sh, argv);
    if (argv.length > 0) {
      const name = argv[0]!;
      if (!sh.rt.isAllowed(name) && !isAlwaysAvailable(sh, name) && !sh.funcs.has(name)) return name;
    }
    for (; i < nWords; i++) wordFns[i]!(sh, argv);
    return undefined;
  };
  const expand = (sh: Shell): Expanded => {
    const argv: string[] = [];
    const denied = expandInto(sh, argv);
    return denied === undefined ? { argv } : { argv, denied };
  };

  const wordsNeedTape = needsTape(words);
  const plain = redirs.length === 0 && assigns.length === 0;
  const testForm = testFormOf(words[0]!); // no words returned above
  if (plain && !wordsNeedTape) {
    // the hot path: no substitutions, redirections or inline assignments
    // (not with braces in the words: `set +B` would make them other words)
    const quickTest = rawFns === bracedFns ? compileQuickTest(words) : null;
    // The argv array of the last synchronous run, emptied, for the next one: a command in a loop
    // then allocates no array (a fresh `[]` costs ~150 bytes at its first push). Taken (null)
    // while in use, so a nested run of this command (recursion) gets its own. Only synchronous
    // runs hand it back, after dispatch: builtins and functions see copies (argv.slice(1)).
    let spare: string[] | null = [];
    return (sh) => {
      sh.lastSubstStatus = -1;
      sh.currentCall = call;
      if (quickTest !== null) {
        const q = quickTest(sh);
        if (q !== QUICK_UNSURE) return q;
      }
      let argv = spare;
      if (argv === null) argv = [];
      else spare = null;
      const denied = expandInto(sh, argv);
      if (denied !== undefined) return run(sh, { argv, denied });
      if (argv.length === 0 || argv[0] === 'exec') return run(sh, { argv });
      if (sh.setOpts.xtrace) xtrace(sh, argv);
      const last = argv[argv.length - 1]!;
      if (testForm !== TEST_NONE) {
        const q = quickTestArgv(sh, argv, testForm);
        if (q !== QUICK_UNSURE) {
          sh.lastArg = last;
          while (argv.length !== 0) argv.pop();
          spare = argv;
          return q;
        }
      }
      const r = dispatch(sh, argv);
      if (typeof r === 'number') {
        sh.lastArg = last;
        // pop, not `length = 0`, which would drop the array's storage
        while (argv.length !== 0) argv.pop();
        spare = argv;
        return r;
      }
      return setLastArgLater(sh, r, last);
    };
  }
  return (sh) => {
    sh.lastSubstStatus = -1;
    const mark = sh.procSubsts ? sh.procSubsts.length : 0;
    const r = wordsNeedTape ? expandTaped(sh, expand, words) : expand(sh);
    const res = r instanceof Promise ? runLater(sh, r, run) : run(sh, r);
    if (sh.procSubsts === null || sh.procSubsts.length <= mark) return res;
    return settleLater(sh, res, mark);
  };

  function run(sh: Shell, e: Expanded): Status {
    sh.currentCall = call;
    if (e.denied !== undefined) {
      sh.error(`${e.denied}: command not allowed`);
      if (sh.rt.policy !== null) auditNotAllowed(sh, e.argv);
      return 127;
    }
    const argv = e.argv;
    if (argv[0] === 'exec' && !sh.funcs.has('exec')) {
      if (argv.length === 1) return redirs.length ? applyPermanent(sh, redirs) : 0;
      // bash makes exec's redirections permanent before exec reads its words: they stay after
      // `exec -c >f` and after a usage error alike (the builtin refuses to run a command)
      if (redirs.length && !assigns.length) {
        if (sh.setOpts.xtrace) xtrace(sh, argv);
        return andThen(applyPermanent(sh, redirs), (st) => (st !== 0 ? st : dispatch(sh, argv)));
      }
    }
    if (argv.length === 0) {
      // every word expanded to nothing: like an assignment-only command
      return compileAssignOnly(assigns, redirs, assignTexts, false)(sh);
    }
    const last = argv[argv.length - 1]!;
    if (assigns.length && sh.opt('posix') && POSIX_SPECIAL.has(argv[0]!) && !sh.funcs.has(argv[0]!)) {
      // POSIX mode: assignments before a special builtin stay after it
      const a = withTape(sh, () => {
        for (const f of assigns) f(sh);
      }, node.Assigns);
      const go = (): Status => withRedirsAndAssigns(sh, redirs, [], [], [], (s2) => dispatch(s2, argv));
      return a instanceof Promise ? a.then(go) : go();
    }
    // bash traces the command before opening its redirections: `cmd 2>f` is traced to the old stderr
    const traceTo = sh.fds[2]?.writer;
    const r = withRedirsAndAssigns(sh, redirs, assigns, assignNames, node.Assigns, (s2) => {
      // the inline assignments were traced as they were made (assign-trace.ts)
      if (s2.opt('xtrace')) {
        const text = argv.map(traceQuote).join(' ');
        if (assigns.length) traceOutsideTempScope(s2, text, traceTo);
        else trace(s2, text, traceTo);
      }
      return dispatch(s2, argv);
    });
    if (typeof r === 'number') {
      sh.lastArg = last;
      return r;
    }
    return setLastArgLater(sh, r, last);
  }
}

// the general path's continuations, apart so that its closure allocates nothing when all is sync

function expandTaped(sh: Shell, expand: (sh: Shell) => Expanded, words: Word[]): Expanded | Promise<Expanded> {
  return withTape(sh, () => expand(sh), words);
}

function runLater(sh: Shell, r: Promise<Expanded>, run: (sh: Shell, e: Expanded) => Status): Promise<number> {
  return r.then((e) => run(sh, e));
}

/** process substitutions opened by the command: wait for them once it is done */
function settleLater(sh: Shell, res: Status, mark: number): Status {
  return andThen(res, (s) => {
    const w = settleProcSubsts(sh, mark);
    return w ? w.then(() => s) : s;
  });
}

/** $_ once the command settled (a function of its own: see runSeqLater in compile.ts) */
function setLastArgLater(sh: Shell, r: Promise<number>, last: string): Promise<number> {
  return r.then((v) => {
    sh.lastArg = last;
    return v;
  });
}

function xtrace(sh: Shell, argv: string[], to?: ByteWriter): void {
  trace(sh, argv.map(traceQuote).join(' '), to);
}

/**
 * push inline assignments as a temporary scope, open redirections, run, undo. bash expands the
 * assignments before it opens the redirections: `x=$(echo hi >&2) cmd 2>/dev/null` prints hi.
 */
function withRedirsAndAssigns(
  sh: Shell,
  redirs: readonly Redirect[],
  assigns: AssignFn[],
  names: string[],
  assignNodes: readonly Assign[], // the node of each assigns[i] (both mapped from node.Assigns)
  body: Exec,
): Status {
  if (!assigns.length) return redirs.length ? redirected(sh, redirs, body) : body(sh);
  const frame = sh.vars.pushFrame(true);
  const run = (): Status => (redirs.length ? redirected(sh, redirs, body, frame) : body(sh));
  for (const n of names) {
    const outer = sh.vars.lookup(n);
    sh.vars.add(frame, n, outer ? cloneVariable(outer) : newVariable(undefined, 0));
  }
  const pop = (): void => sh.vars.removeFrame(frame);
  return ensure(() => {
    const a = withTape(
      sh,
      () => {
        for (let i = 0; i < assigns.length; i++) {
          try {
            if (sh.setOpts.xtrace) tracedAssign(sh, assignNodes[i]!, assigns[i]!, false);
            else assigns[i]!(sh);
          } catch (e) {
            // `r=2 cmd` with r readonly: bash reports it and still runs the command
            if (!(e instanceof AssignError)) throw e;
            reportError(sh, e.message);
          }
        }
        for (const v of frame.values()) v.attrs |= ATTR.export;
      },
      assignNodes,
    );
    // inline assignments go to the temporary frame: make them local to it
    return a instanceof Promise ? a.then(run) : run();
  }, pop);
}

/**
 * run `body` with `redirs` in effect, its errors reported inside them (reportingErrors).
 * `hidden`: the frame of the command's inline assignments, out of sight while the redirections'
 * words expand (`x=bar cmd > $x` writes to the old $x, as in bash)
 */
function redirected(sh: Shell, redirs: readonly Redirect[], body: Exec, hidden?: Frame): Status {
  const frames = sh.vars.frames;
  const at = hidden === undefined ? -1 : frames.lastIndexOf(hidden); // at >= 0: hidden is set
  if (at >= 0) frames.splice(at, 1);
  let st: RedirState | number | Promise<RedirState | number>;
  try {
    st = applyRedirects(sh, redirs);
  } catch (e) {
    if (at >= 0) frames.splice(at, 0, hidden!);
    throw e;
  }
  const after = (rs: RedirState | number): Status => {
    if (at >= 0) frames.splice(at, 0, hidden!);
    return typeof rs === 'number' ? rs : ensure(() => runReporting(sh, body), () => restoreRedirects(sh, rs));
  };
  return st instanceof Promise
    ? st.then(after, (e: unknown) => {
      if (at >= 0) frames.splice(at, 0, hidden!);
      throw e;
    })
    : after(st);
}

/**
 * `a=1 b=$(cmd)`: assignments persist; the status is the last command substitution's, else 0.
 * Inline assignments are stored in the temporary frame; for an assignment-only command that frame
 * does not exist, so they go straight to the variables.
 */
/** nodes[i] is the node of assigns[i] */
function compileAssignOnly(assigns: AssignFn[], redirs: readonly Redirect[], nodes: Assign[], fresh = true, call: CallExpr | null = null): Exec {
  if (redirs.length === 0 && !needsTape(nodes)) {
    const n = assigns.length;
    if (n === 1 && fresh) {
      // `n=$((n+1))`, `s+=x`: one assignment, no loop around it
      const assign = assigns[0]!;
      const node = nodes[0]!;
      return (sh) => {
        sh.lastSubstStatus = -1;
        sh.currentCall = call;
        if (sh.setOpts.xtrace) tracedAssign(sh, node, assign, true);
        else assign(sh);
        sh.lastArg = ''; // an assignment-only command has no last word: bash empties $_
        return Math.max(sh.lastSubstStatus, 0);
      };
    }
    return (sh) => {
      if (fresh) sh.lastSubstStatus = -1;
      if (call !== null) sh.currentCall = call;
      for (let i = 0; i < n; i++) {
        if (sh.setOpts.xtrace) tracedAssign(sh, nodes[i]!, assigns[i]!, true);
        else assigns[i]!(sh);
      }
      sh.lastArg = ''; // an assignment-only command has no last word: bash empties $_
      return Math.max(sh.lastSubstStatus, 0);
    };
  }
  return (sh) => {
    if (fresh) sh.lastSubstStatus = -1;
    if (call !== null) sh.currentCall = call;
    const doAssign = (): Status => {
      const r = withTape(sh, () => {
        for (let i = 0; i < assigns.length; i++) {
          if (sh.opt('xtrace')) tracedAssign(sh, nodes[i]!, assigns[i]!, true);
          else assigns[i]!(sh);
        }
      }, nodes);
      const fin = (): number => {
        sh.lastArg = '';
        return Math.max(sh.lastSubstStatus, 0);
      };
      return r instanceof Promise ? r.then(fin) : fin();
    };
    if (!redirs.length) return doAssign();
    // bash opens and closes the redirections first, then assigns (even when they failed: status
    // 1), so `w=$(echo x >&2) 2>/dev/null` prints x
    const st = applyRedirects(sh, redirs);
    const after = (rs: RedirState | number): Status => {
      if (typeof rs !== 'number') restoreRedirects(sh, rs);
      const r = doAssign();
      return typeof rs === 'number' ? andThen(r, () => rs) : r;
    };
    return st instanceof Promise ? st.then(after) : after(st);
  };
}

/** the command BASH_COMMAND shows: the node, with its statement's redirections recorded */
function commandNode(node: CallExpr, redirs: readonly Redirect[]): CallExpr {
  if (redirs.length > 0) callRedirects.set(node, redirs);
  return node;
}

/** a statement of redirections only (`> f`, `exec`-less): open and close them */
export function compileRedirOnly(redirs: readonly Redirect[]): Exec {
  return compileAssignOnly([], redirs, []);
}
