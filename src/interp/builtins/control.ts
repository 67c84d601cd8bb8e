// Core builtins that change control flow or run code: exit return break continue shift : eval
// source . exec wait trap command builtin let.

import { singleQuote } from '../state/quote.js';
import { CTL, type Shell, type Status } from '../state/shell.js';
import type { CoreBuiltin } from './core-types.js';
import { runBuiltin, commandKind, isBuiltinName } from '../exec/dispatch.js';
import { andThen } from '../state/status.js';
import { arithTextCmd } from '../expand/arith-shell.js';
import { decode } from '../../../lib/io/encoding.js';
import { withTape } from '../expand/expand.js';
import { errorText } from '../../../allowedpaths/index.js';
import { readWhole } from '../state/fs-view.js';
import type { Result } from '../../../allowedpaths/types.js';
import { signalListing, signalName, signalNumber } from './signals.js';
import { defineOptions, Ended, parseOptions, scanOptions, usageError } from '../help/option.js';
import { legalNumber } from '../../../lib/text/legal-number.js';
import { isAssignTarget } from '../state/assign-target.js';
import { runText } from '../exec/run-text.js';
import { ATTR } from '../state/vars.js';
import { unsetVar } from '../expand/var-access.js';

/** each builtin's options, as bash's source declares them (../help/option.ts) */
export const OPTIONS = {
  // CHECK_HELPOPT: a first `--help`; every other word is a number or an expression (a leading
  // `--` is skipped by the builtin itself, as bash's get_numeric_arg and let do)
  exit: defineOptions({ name: 'exit', style: 'help' }),
  return: defineOptions({ name: 'return', style: 'help' }),
  break: defineOptions({ name: 'break', style: 'help' }),
  continue: defineOptions({ name: 'continue', style: 'help' }),
  shift: defineOptions({ name: 'shift', style: 'help' }),
  let: defineOptions({ name: 'let', style: 'help' }),
  // no_options: `-x` is an invalid option, `--` is skipped
  eval: defineOptions({ name: 'eval', synopsis: 'eval [arg ...]' }),
  source: defineOptions({ name: 'source', synopsis: 'source filename [arguments]' }),
  '.': defineOptions({ name: '.', synopsis: '. filename [arguments]' }),
  builtin: defineOptions({ name: 'builtin', synopsis: 'builtin [shell-builtin [arg ...]]' }),
  exec: defineOptions({ name: 'exec', letters: 'cla:', synopsis: 'exec [-cl] [-a name] [command [argument ...]] [redirection ...]' }),
  wait: defineOptions({ name: 'wait', letters: 'fnp:', synopsis: 'wait [-fn] [-p var] [id ...]' }),
  trap: defineOptions({ name: 'trap', letters: 'lp', synopsis: 'trap [-lp] [[arg] signal_spec ...]' }),
  command: defineOptions({ name: 'command', letters: 'pvV', synopsis: 'command [-pVv] command [arg ...]' }),
} as const;

/**
 * A special builtin's usage error (`shift 1 2`, `return 1 2`, `exit 1 2`, `break 1 2`): bash
 * reports it and abandons the current top-level command, with status 1.
 */
function tooManyArguments(sh: Shell, name: string): number {
  sh.error(`${name}: too many arguments`);
  sh.ctl = CTL.abort;
  sh.status = 1;
  return 1;
}

/**
 * bash's legal_number for a count or status: plain digits (`shift 2` in a loop) without making a
 * BigInt; anything else (blanks, a sign, a huge value) through legalNumber
 */
function numberArg(s: string): bigint | number | null {
  const n = s.length;
  if (n === 0 || n > 15) return legalNumber(s);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return legalNumber(s);
  }
  return +s;
}

/** where a numeric builtin's operands start: bash's get_numeric_arg skips one leading `--` */
function afterDashDash(args: readonly string[]): number {
  return args[0] === '--' ? 1 : 0;
}

/**
 * exit's and return's status argument (bash's get_exitstat: after an optional `--`, a
 * legal_number taken modulo 256): the status it gives, 2 with bash's message for one that is not
 * a number, the shell's last status without one; null when there are too many (reported: the
 * current command is abandoned)
 */
function statusArgument(sh: Shell, name: 'exit' | 'return', args: string[]): number | null {
  const at = afterDashDash(args);
  if (at >= args.length) return sh.status;
  const v = numberArg(args[at]!);
  if (v === null) {
    sh.error(`${name}: ${args[at]}: numeric argument required`);
    return 2;
  }
  if (args.length > at + 1) {
    tooManyArguments(sh, name);
    return null;
  }
  return typeof v === 'number' ? v & 255 : Number(BigInt.asUintN(8, v));
}

export const exit: CoreBuiltin = (sh, args) => {
  const h = scanOptions(sh, OPTIONS.exit, args);
  if (h instanceof Ended) return h.status;
  const st = statusArgument(sh, 'exit', args);
  if (st === null) return 1;
  sh.ctl = CTL.exit;
  sh.status = st;
  return st;
};

export const returnB: CoreBuiltin = (sh, args) => {
  const h = scanOptions(sh, OPTIONS.return, args);
  if (h instanceof Ended) return h.status;
  // the arguments are checked first: at top level `return x` says both things, as bash does
  const st = statusArgument(sh, 'return', args);
  if (st === null) return 1;
  if (sh.callDepth === 0 && sh.sourceDepth === 0) {
    sh.error("return: can only `return' from a function or sourced script");
    return 2;
  }
  sh.ctl = CTL.return;
  sh.status = st;
  return st;
};

function loopControl(kind: 'break' | 'continue'): CoreBuiltin {
  return (sh, args) => {
    // before the loop check: bash helps outside a loop too, and the loop goes on
    const h = scanOptions(sh, OPTIONS[kind], args);
    if (h instanceof Ended) return h.status;
    if (sh.loopDepth === 0) {
      sh.error(`${kind}: only meaningful in a \`for', \`while', or \`until' loop`);
      return 0;
    }
    let n = 1;
    const at = afterDashDash(args);
    if (at < args.length) {
      // bash's get_numeric_arg: the number is checked before the count of words
      const v = numberArg(args[at]!);
      if (v === null) {
        sh.error(`${kind}: ${args[at]}: numeric argument required`);
        sh.ctl = CTL.exit;
        sh.status = 128;
        return 128;
      }
      if (args.length > at + 1) return tooManyArguments(sh, kind);
      if (v < 1) {
        // bash reports it (naming the first word, a `--` too) and leaves every enclosing loop
        // (break_builtin: `breaking = loop_level`)
        sh.error(`${kind}: ${args[0]}: loop count out of range`);
        sh.ctl = CTL.break;
        sh.ctlCount = sh.loopDepth;
        return 1;
      }
      n = v > sh.loopDepth ? sh.loopDepth : Number(v);
    }
    sh.ctl = kind === 'break' ? CTL.break : CTL.continue;
    sh.ctlCount = Math.min(n, sh.loopDepth);
    return 0;
  };
}

export const breakB = loopControl('break');
export const continueB = loopControl('continue');

export const shift: CoreBuiltin = (sh, args) => {
  let n = 1;
  if (args.length !== 0) {
    const h = scanOptions(sh, OPTIONS.shift, args);
    if (h instanceof Ended) return h.status;
    const at = afterDashDash(args);
    if (at < args.length) {
      const v = numberArg(args[at]!);
      if (v === null) {
        sh.error(`shift: ${args[at]}: numeric argument required`);
        return 1;
      }
      if (args.length > at + 1) return tooManyArguments(sh, 'shift');
      if (v < 0) {
        // bash names the first word (a `--` too)
        sh.error(`shift: ${args[0]}: shift count out of range`);
        return 1;
      }
      n = v > sh.positional.length ? sh.positional.length + 1 : Number(v);
    }
  }
  if (n > sh.positional.length) {
    if (sh.shopt('shift_verbose')) sh.error(args.length ? `shift: ${args[0]}: shift count out of range` : 'shift: shift count out of range');
    return 1;
  }
  if (n !== 0) sh.positional = sh.positional.slice(n);
  return 0;
};

export const evalB: CoreBuiltin = (sh, args) => {
  const i = scanOptions(sh, OPTIONS.eval, args);
  if (i instanceof Ended) return i.status;
  if (i >= args.length) return 0;
  return runText(sh, (i === 0 ? args : args.slice(i)).join(' '), 'eval', sh.lineno - 1);
};

/** `source` and `.`: the same builtin under two names (bash's messages use the one called) */
function sourceAs(name: 'source' | '.'): CoreBuiltin {
  const table = OPTIONS[name];
  return (sh, args) => {
    const i = scanOptions(sh, table, args);
    if (i instanceof Ended) return i.status;
    if (i >= args.length) return usageError(sh, table, 'filename argument required');
    return runSource(sh, name, i === 0 ? args : args.slice(i));
  };
}

export const source = sourceAs('source');
export const dot = sourceAs('.');

/** `a`: the operands, the file name first (sourceAs reported an empty list) */
function runSource(sh: Shell, name: string, a: string[]): Status {
  const file = a[0]!;
  // /dev/stdin and /dev/fd/N (a pipe, a here-document, <(…)) are read to their end first
  const r = readWhole(sh, file, sh.rt.limits.maxScriptBytes);
  return r instanceof Promise ? r.then((x) => sourceContents(sh, name, a, file, x)) : sourceContents(sh, name, a, file, r);
}

function sourceContents(sh: Shell, name: string, a: string[], file: string, r: Result<Uint8Array>): Status {
  if (!r.ok) {
    // bash's own wording for a directory (`source: .: is a directory`); else the system's
    sh.error(r.error.code === 'EISDIR' ? `${name}: ${file}: is a directory` : `${file}: ${errorText(r.error)}`);
    return 1;
  }
  const text = decode(r.value);
  const savedPos = sh.positional;
  if (a.length > 1) sh.positional = a.slice(1);
  sh.sourceDepth++;
  sh.enterFrame({ name: 'source', file });
  const done = (s: number): number => {
    sh.sourceDepth--;
    sh.leaveFrame();
    if (a.length > 1) sh.positional = savedPos;
    if (sh.ctl === CTL.return) {
      sh.ctl = CTL.none;
      return sh.status;
    }
    return s;
  };
  let res: Status;
  try {
    res = runText(sh, text, file);
  } catch (e) {
    sh.sourceDepth--;
    sh.leaveFrame();
    if (a.length > 1) sh.positional = savedPos;
    throw e;
  }
  return andThen(res, done);
}

export const execB: CoreBuiltin = (sh, args) => {
  // `exec` with redirections only is handled by the simple-command code (they persist); options
  // without a command do nothing more, as in bash
  const i = scanOptions(sh, OPTIONS.exec, args);
  if (i instanceof Ended) return i.status;
  if (i >= args.length) return 0;
  sh.error(`exec: ${args[i]}: executing commands with exec is not supported`);
  return 2;
};

/** bash's pid_t: a pid past it is no pid at all */
const MAX_PID = 2n ** 31n - 1n;

/**
 * wait [-fn] [-p var] [id ...]: nothing runs in the background, so there is nothing to wait for;
 * each id is answered as bash answers one that is not its child (wait.def)
 */
export const wait: CoreBuiltin = (sh, args) => {
  const p = parseOptions(sh, OPTIONS.wait, args);
  if (p instanceof Ended) return p.status;
  const vname = p.opts.get('p');
  const ids = p.operands;
  if (vname !== undefined) {
    if (!isAssignTarget(vname)) {
      sh.error(`wait: \`${vname}': not a valid identifier`);
      return 1;
    }
    // bash unsets it first; with no job waited for, nothing sets it again
    const v = sh.vars.lookup(vname);
    if (v !== undefined && (v.attrs & ATTR.readonly) !== 0) {
      sh.error(`wait: ${vname}: cannot unset: readonly variable`);
      return 1;
    }
    if (v !== undefined) unsetVar(sh, vname);
  }
  // -n: each id must name a job of this shell; with none, bash's wait_for_any_job finds nothing
  if (p.opts.has('n')) {
    for (const w of ids) sh.error(`wait: ${w}: no such job`);
    return 127;
  }
  let status = 0;
  for (const w of ids) {
    const c = w.charCodeAt(0);
    if (c >= 0x30 && c <= 0x39) {
      const pid = legalNumber(w);
      if (pid === null || pid > MAX_PID) {
        sh.error(`wait: \`${w}': not a pid or valid job spec`);
        return 1;
      }
      sh.error(`wait: pid ${pid} is not a child of this shell`);
      status = 127;
    } else if (c === 0x25 /* % */) {
      sh.error(`wait: ${w}: no such job`);
      status = 127;
    } else {
      sh.error(`wait: \`${w}': not a pid or valid job spec`);
      status = 1;
    }
  }
  return status;
};

/** what a trap operand names: EXIT, ERR or a signal (SIGINT…); null when nothing */
function trapName(spec: string): string | null {
  const u = spec.toUpperCase();
  if (u === 'EXIT' || legalNumber(spec) === 0n) return 'EXIT';
  if (u === 'ERR') return 'ERR';
  const n = signalNumber(spec);
  return n === null ? null : signalName(n);
}

/** bash lists traps by signal number: EXIT (0) first, then the signals, ERR after them */
function trapOrder(name: string): number {
  if (name === 'EXIT') return 0;
  if (name === 'ERR') return 100;
  return signalNumber(name) ?? 99;
}

function trapLine(name: string, cmd: string): string {
  return `trap -- ${singleQuote(cmd)} ${name}\n`;
}

export const trap: CoreBuiltin = (sh, args) => {
  const p = parseOptions(sh, OPTIONS.trap, args);
  if (p instanceof Ended) return p.status;
  // -l lists the signals whatever follows; -p or no operand shows the traps
  if (p.opts.has('l')) {
    writeOut(sh, signalListing());
    return 0;
  }
  const a = p.operands;
  const shown = sh.shownTraps ? new Map([...sh.shownTraps, ...sh.traps]) : sh.traps;
  if (!a.length) {
    for (const [name, cmd] of [...shown].sort(([a], [b]) => trapOrder(a) - trapOrder(b))) writeOut(sh, trapLine(name, cmd));
    return 0;
  }
  if (p.opts.has('p')) {
    let st = 0;
    for (const n of a) {
      const name = trapName(n);
      if (!name) {
        sh.error(`trap: ${n}: invalid signal specification`);
        st = 1;
        continue;
      }
      const cmd = shown.get(name);
      if (cmd !== undefined) writeOut(sh, trapLine(name, cmd));
    }
    return st;
  }
  let action: string | null = a[0]!;
  let sigs = a.slice(1);
  if (sigs.length === 0 || /^[0-9]+$/.test(action)) {
    // `trap EXIT`, `trap 2 15`: reset (POSIX: a first operand that is a number is a condition);
    // one word that names no trap is a usage error
    if (sigs.length === 0 && trapName(action) === null) return usageError(sh, OPTIONS.trap, undefined);
    sigs = [action, ...sigs];
    action = null;
  }
  if (action === '-') action = null;
  sh.shownTraps = null;
  let st = 0;
  for (const s of sigs) {
    const name = trapName(s);
    if (!name) {
      // DEBUG and RETURN run at every command and every return in bash: not implemented
      if (/^(DEBUG|RETURN)$/i.test(s)) sh.error(`trap: ${s}: DEBUG and RETURN traps are not supported`);
      else sh.error(`trap: ${s}: invalid signal specification`);
      st = 1;
      continue;
    }
    if (action === null) sh.traps.delete(name);
    else sh.traps.set(name, action);
  }
  return st;
};

function writeOut(sh: Shell, s: string): void {
  const r = sh.stdout.writeString(s);
  if (r) r.catch(() => undefined);
}

export const command: CoreBuiltin = (sh, args) => {
  const p = parseOptions(sh, OPTIONS.command, args);
  if (p instanceof Ended) return p.status;
  // the last of -v and -V counts; -p (the standard PATH) changes nothing here: no PATH is searched
  let mode: '' | 'v' | 'V' = '';
  for (const c of p.order) if (c !== 'p') mode = c;
  const rest = p.operands as string[];
  if (!rest.length) return 0;
  if (mode) {
    // bash succeeds when any name is found
    let st = 1;
    for (const n of rest) {
      const k = commandKind(sh, n);
      if (!k) {
        if (mode === 'V') sh.error(`command: ${n}: not found`);
        continue;
      }
      st = 0;
      if (mode === 'v') writeOut(sh, `${n}\n`);
      else if (k === 'keyword') writeOut(sh, `${n} is a shell keyword\n`);
      // a 'function' kind: commandKind found n in sh.funcs
      else if (k === 'function') writeOut(sh, `${n} is a function\n${sh.funcs.get(n)!.text}\n`);
      // an rshell command is bash's "file"; its bare name stands for the path (see type.ts)
      else if (k === 'command') writeOut(sh, `${n} is ${n}\n`);
      else writeOut(sh, `${n} is a shell builtin\n`);
    }
    return st;
  }
  return runBuiltin(sh, rest, true);
};

export const builtin: CoreBuiltin = (sh, args) => {
  const i = scanOptions(sh, OPTIONS.builtin, args);
  if (i instanceof Ended) return i.status;
  if (i !== 0) args = args.slice(i);
  if (!args.length) return 0;
  const n = args[0]!;
  if (!isBuiltinName(sh, n)) {
    sh.error(`builtin: ${n}: not a shell builtin`);
    return 1;
  }
  return runBuiltin(sh, args, true);
};

export const let_: CoreBuiltin = (sh, args) => {
  const h = scanOptions(sh, OPTIONS.let, args);
  if (h instanceof Ended) return h.status;
  // bash skips one leading `--` (the parsed `let` never sees one: see ../exec/compile.ts)
  if (args[0] === '--') args = args.slice(1);
  if (!args.length) {
    sh.error('let: expression expected');
    return 1;
  }
  const r = withTape(sh, () => {
    let last: number | bigint = 0;
    // each argument evaluated from its text, which words its errors as bash does (`let: 1/0:
    // division by 0 (error token…`, a syntax error in bash's terms) and reads `+++x` as bash
    for (const a of args) last = arithTextCmd(sh, a, 'let: ');
    return last;
  });
  const fin = (v: number | bigint): number => (v === 0 || v === 0n ? 1 : 0);
  return r instanceof Promise ? r.then(fin) : fin(r);
};

