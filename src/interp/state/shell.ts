// The interpreter's state. `Runtime` is shared by everything one run does (limits, deadline, sandbox,
// policy); `Shell` is the per-(sub)shell state that a subshell copies: variables, functions,
// positional parameters, options, cwd, file descriptors and the control-flow flag.

import type { CallExpr } from '../../syntax/ast.js';
import type { ByteReader, ByteWriter } from '../../../lib/io/streams.js';
import { CLOSED_READER } from '../../../lib/io/pipe.js';
import { VarStore } from './vars.js';
import type { Runtime } from './runtime.js';

/** Control flow in progress, checked after every statement (no exceptions for control flow). */
export const CTL = { none: 0, break: 1, continue: 2, return: 3, exit: 4, abort: 5 } as const;

export type Status = number | Promise<number>;
export type Exec = (sh: Shell) => Status;

export interface Fd {
  reader?: ByteReader;
  writer?: ByteWriter;
  /** for messages (`/dev/fd/N`) and to detect /dev/null */
  name?: string;
  /**
   * the absolute path a redirection opened for writing (a file, /dev/null): `[ -f /dev/stdout ]`
   * stats it. A reader from the sandbox knows its own `info`; anything else is a pipe (fs-view.ts)
   */
  path?: string;
}

/** a call frame: its FUNCNAME entry and the file it runs from (a FuncDef is one) */
export interface CallFrame {
  readonly name: string;
  readonly file: string;
}

export interface FuncDef {
  name: string;
  body: Exec;
  /** the source text of the definition, for `declare -f` / `type` */
  text: string;
  /** the file it was defined in (BASH_SOURCE): the script, a sourced file, or `environment` */
  file: string;
}

/** `set -o` option names bash shows, with their single-letter flags */
export const SET_OPTIONS: ReadonlyArray<[string, string]> = [
  ['allexport', 'a'], ['braceexpand', 'B'], ['emacs', ''], ['errexit', 'e'], ['errtrace', 'E'],
  ['functrace', 'T'], ['hashall', 'h'], ['histexpand', 'H'], ['history', ''], ['ignoreeof', ''],
  ['interactive-comments', ''], ['keyword', 'k'], ['monitor', 'm'], ['noclobber', 'C'], ['noexec', 'n'],
  ['noglob', 'f'], ['nolog', ''], ['notify', 'b'], ['nounset', 'u'], ['onecmd', 't'], ['physical', 'P'],
  ['pipefail', ''], ['posix', ''], ['privileged', 'p'], ['verbose', 'v'], ['vi', ''], ['xtrace', 'x'],
];

export const SHOPT_DEFAULTS: ReadonlyArray<[string, boolean]> = [
  ['autocd', false], ['assoc_expand_once', false], ['cdable_vars', false], ['cdspell', false],
  ['checkhash', false], ['checkjobs', false], ['checkwinsize', true], ['cmdhist', true],
  ['compat31', false], ['compat32', false], ['compat40', false], ['compat41', false],
  ['compat42', false], ['compat43', false], ['compat44', false], ['complete_fullquote', true],
  ['direxpand', false], ['dirspell', false], ['dotglob', false], ['execfail', false],
  ['expand_aliases', false], ['extdebug', false], ['extglob', false], ['extquote', true],
  ['failglob', false], ['force_fignore', true], ['globasciiranges', true], ['globskipdots', true],
  ['globstar', false], ['gnu_errfmt', false], ['histappend', false], ['histreedit', false],
  ['histverify', false], ['hostcomplete', true], ['huponexit', false], ['inherit_errexit', false],
  ['interactive_comments', true], ['lastpipe', false], ['lithist', false],
  ['localvar_inherit', false], ['localvar_unset', false], ['login_shell', false],
  ['mailwarn', false], ['no_empty_cmd_completion', false], ['nocaseglob', false],
  ['nocasematch', false], ['noexpand_translation', false], ['nullglob', false],
  ['patsub_replacement', true], ['progcomp', true], ['progcomp_alias', false],
  ['promptvars', true], ['restricted_shell', false], ['shift_verbose', false],
  ['sourcepath', true], ['varredir_close', false], ['xpg_echo', false],
];

/**
 * The `set -o` options: a Map (builtins read and write it as one) that also mirrors the options
 * the interpreter tests on every command into plain fields, since a Map lookup per command and
 * per assignment is a measurable share of a loop iteration (issue 7).
 */
export class OptionMap extends Map<string, boolean> {
  xtrace = false;
  allexport = false;
  nounset = false;
  errexit = false;
  noglob = false;

  constructor(entries?: Iterable<readonly [string, boolean]>) {
    super();
    // after super(): the fields above exist before the first set() mirrors into them
    if (entries) for (const [k, v] of entries) this.set(k, v);
  }

  override set(key: string, value: boolean): this {
    super.set(key, value);
    this.mirror(key, value === true);
    return this;
  }

  override delete(key: string): boolean {
    this.mirror(key, false);
    return super.delete(key);
  }

  override clear(): void {
    this.xtrace = this.allexport = this.nounset = this.errexit = this.noglob = false;
    super.clear();
  }

  private mirror(key: string, on: boolean): void {
    switch (key) {
      case 'xtrace': this.xtrace = on; break;
      case 'allexport': this.allexport = on; break;
      case 'nounset': this.nounset = on; break;
      case 'errexit': this.errexit = on; break;
      case 'noglob': this.noglob = on; break;
    }
  }
}

export class Shell {
  vars: VarStore;
  funcs: Map<string, FuncDef>;
  positional: string[];
  /** $0 */
  arg0: string;
  setOpts: OptionMap;
  shopts: Map<string, boolean>;
  cwd: string;
  /** $? */
  status = 0;
  ctl: number = CTL.none;
  /** levels left for break/continue N */
  ctlCount = 0;
  fds: (Fd | null)[];
  callDepth = 0;
  subshellDepth = 0;
  loopDepth = 0;
  /** > 0 while running a condition (if/while test, && || left side, !): errexit is off */
  noErrexit = 0;
  /**
   * > 0 inside eval or source run as a condition (`if eval …`): bash turns errexit off there
   * (execute_builtin), so its report_error messages and syntax errors do not exit either
   */
  quietReports = 0;
  /**
   * > 0 inside `! cmd` begun while errexit was off: the ERR trap stays quiet, but a `set -e` run
   * inside cmd still takes effect (bash only ignores errexit under `!` when it was already on).
   */
  noErrTrap = 0;
  /**
   * The call frames, innermost last: the function called (its FuncDef: name and defining file)
   * or a sourced file (`source`), and the line each was called from. FUNCNAME, BASH_SOURCE and
   * BASH_LINENO are read from them; a call pushes no object of its own.
   */
  frames: CallFrame[] = [];
  frameLines: number[] = [];
  /** per call frame, the lineOffset of its caller (a function runs at its definition's lines) */
  frameOffsets: number[] = [];
  /** the script's file (RunOptions.sourceFile); null for a script given as text, as bash -c */
  mainFile: string | null = null;
  traps: Map<string, string>;
  /** per call depth, the set options a `local -` saved for its function's return */
  localOptions: Map<number, [string, boolean][]> | null = null;
  /** the traps a subshell inherited for display only (`(trap -p)`); null once it sets its own */
  shownTraps: Map<string, string> | null = null;
  /** PIPESTATUS of the last pipeline; null: the last command was not a pipeline ([$?]) */
  pipeStatus: number[] | null = [];
  /**
   * the status of the last simple command, `[[ ]]`, `(( ))` or subshell, before `!`: PIPESTATUS
   * when pipeStatus is null (a compound command's own status is not it: `if false; then :; fi`)
   */
  leafStatus = 0;
  lineno = 0;
  /**
   * added to `lineno` for $LINENO inside a command substitution: bash numbers its lines from the
   * line of the command that runs it (subst.ts), where `lineno` is the statement's own line
   */
  lineOffset = 0;
  bashpid: number;
  /** word-expansion tape (see expand.ts: replay after an asynchronous command substitution) */
  tape: unknown[] | null = null;
  tapePos = 0;
  /** the status of the last command substitution during an assignment-only command */
  lastSubstStatus = -1;
  /** command substitutions this shell runs inside: xtrace repeats PS4's first character */
  traceDepth = 0;
  /** the simple command running (BASH_COMMAND), and the one a running trap was set off by */
  currentCall: CallExpr | null = null;
  trapCall: CallExpr | null = null;
  /** inside `[[ ! … ]]` under set -x: the traced test shows its `!` */
  traceNegated = false;
  /** the variables view builtins get (dispatch.ts): made once per shell, not once per call */
  varsView: unknown = null;
  /** true inside a subshell/cmd substitution/pipeline stage */
  isSubshell = false;
  /** nesting of `source` (return is allowed inside) and of eval */
  sourceDepth = 0;
  evalDepth = 0;
  /** traps currently running (a trap does not re-trigger itself) */
  inTrap = new Set<string>();
  /** process substitutions opened while expanding the current command */
  procSubsts: { close(): void; done: Promise<unknown> }[] | null = null;
  /** the arithmetic environment over this shell's variables (arith-bridge.ts) */
  arithEnv: unknown = null;
  /** functions made readonly (`readonly -f`) */
  readonlyFuncs: Set<string> = new Set();
  /** $_: the last argument of the previous simple command */
  lastArg = '';
  /** RANDOM generator state */
  randomState: number;
  /** the last $RANDOM value (bash never gives the same one twice in a row) */
  lastRandom = 0;

  constructor(
    /** the run's state; a session's shell moves to each call's runtime (rebind) */
    public rt: Runtime,
    init?: Shell,
  ) {
    if (init) {
      this.vars = init.vars.clone(rt);
      this.funcs = new Map(init.funcs);
      this.positional = init.positional.slice();
      this.arg0 = init.arg0;
      this.setOpts = new OptionMap(init.setOpts);
      this.shopts = new Map(init.shopts);
      this.cwd = init.cwd;
      this.status = init.status;
      this.fds = init.fds.slice();
      this.callDepth = init.callDepth;
      this.subshellDepth = init.subshellDepth + 1;
      this.loopDepth = 0;
      this.noErrexit = init.noErrexit;
      this.quietReports = init.quietReports;
      this.noErrTrap = init.noErrTrap;
      this.frames = init.frames.slice();
      this.frameLines = init.frameLines.slice();
      this.frameOffsets = init.frameOffsets.slice();
      this.lineOffset = init.lineOffset;
      this.mainFile = init.mainFile;
      // a subshell runs no inherited trap but ERR under errtrace (set -E); `trap -p` still lists
      // the parent's until the subshell sets or resets one (bash keeps their strings for display)
      this.traps = new Map();
      const err = init.traps.get('ERR');
      if (err !== undefined && init.opt('errtrace')) this.traps.set('ERR', err);
      this.shownTraps = init.traps.size > 0 ? new Map([...(init.shownTraps ?? []), ...init.traps]) : init.shownTraps;
      this.pipeStatus = init.pipeStatus ? init.pipeStatus.slice() : null;
      this.leafStatus = init.leafStatus;
      this.traceDepth = init.traceDepth;
      this.currentCall = init.currentCall;
      this.trapCall = init.trapCall;
      this.lineno = init.lineno;
      this.bashpid = rt.nextPid();
      this.isSubshell = true;
      this.randomState = init.randomState ^ this.bashpid;
      this.sourceDepth = init.sourceDepth;
      this.readonlyFuncs = new Set(init.readonlyFuncs);
    } else {
      this.vars = new VarStore(rt);
      this.funcs = new Map();
      this.positional = [];
      this.arg0 = 'rshell';
      this.setOpts = new OptionMap(SET_OPTIONS.map(([n]) => [n, false]));
      for (const n of ['braceexpand', 'hashall', 'interactive-comments']) this.setOpts.set(n, true);
      this.shopts = new Map(SHOPT_DEFAULTS);
      this.cwd = '/';
      this.fds = [];
      this.traps = new Map();
      this.bashpid = rt.pid;
      this.randomState = rt.pid * 2654435761;
    }
  }

  /**
   * A session's next call (Runner.session): the same shell under that call's runtime (deadline,
   * signal, budgets). After a call that was stopped midway (timeout, cancel), what it had changed
   * stays, as bash keeps it after an interrupt, and the call stack it was in is left.
   */
  rebind(rt: Runtime): void {
    this.rt = rt;
    this.vars.rebind(rt);
    this.vars.frames.length = 1;
    this.vars.tempFrames.clear();
    this.frames = [];
    this.frameLines = [];
    this.frameOffsets = [];
    this.lineOffset = 0;
    this.callDepth = 0;
    this.loopDepth = 0;
    this.evalDepth = 0;
    this.sourceDepth = 0;
    this.noErrexit = 0;
    this.quietReports = 0;
    this.ctl = CTL.none;
  }

  /** the file the running code comes from (where a function defined now is defined) */
  currentFile(): string {
    const n = this.frames.length;
    return n > 0 ? this.frames[n - 1]!.file : (this.mainFile ?? 'environment');
  }

  /** enter a call frame (a function's definition, or a sourced file); leaveFrame undoes it */
  enterFrame(frame: CallFrame): void {
    this.frames.push(frame);
    this.frameLines.push(this.lineno + this.lineOffset);
    this.frameOffsets.push(this.lineOffset);
    this.lineOffset = 0;
  }

  leaveFrame(): void {
    this.frames.pop();
    this.frameLines.pop();
    this.lineOffset = this.frameOffsets.pop() ?? 0;
  }

  /** a copy for a subshell, a command substitution or a pipeline stage */
  subshell(): Shell {
    return new Shell(this.rt, this);
  }

  opt(name: string): boolean {
    return this.setOpts.get(name) === true;
  }

  shopt(name: string): boolean {
    return this.shopts.get(name) === true;
  }

  get stdout(): ByteWriter {
    return this.fds[1]?.writer ?? this.rt.closedOut(1);
  }

  get stderr(): ByteWriter {
    return this.fds[2]?.writer ?? this.rt.closedOut(2);
  }

  get stdin(): ByteReader {
    return this.fds[0]?.reader ?? CLOSED_READER;
  }

  /** print a shell error line (bash's text without the `bash: line N: ` prefix) */
  error(msg: string): void {
    try {
      const r = this.stderr.writeString(msg + '\n');
      if (r) r.catch(() => undefined);
    } catch {
      // stderr closed: bash silently drops the message too
    }
  }
}
