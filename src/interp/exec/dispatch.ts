// Command lookup and invocation: functions, shell builtins (the one table of builtins/index.ts,
// reached through the run's seam: that layer sits above this one) and commands (COMMANDS,
// CallContext). The policy (allowedCommands) gates everything but functions and the builtins
// that only touch the shell's own state (ShellBuiltin.always).

import type { CallContext, Command, ExecIO, Limits } from '../../../builtins/types.js';
import { COMMANDS } from '../../../builtins/commands.js';
import type { ShellContext, ShellMemory, ShellVars } from '../state/shell-api.js';
import { CTL, type FuncDef, type Shell, type Status } from '../state/shell.js';
import { shellFs } from '../state/fs-view.js';
import { applyExecEnv } from './child-process.js';
import { runShellCommand } from './sh-c.js';
import { type Audit, auditedCall, auditNotAllowed, policed } from './policy.js';
import { AssignError, reportError, reportExits } from '../state/errors.js';
import {
  assignArray, assignElement, assignScalar, exportedInOrder, getExported, isAssocName, keyFor, readScalar, readVar, unsetVar,
} from '../expand/var-access.js';
import { ATTR, valuesOf } from '../state/vars.js';
import { PipeClosedError } from '../../../lib/io/errors.js';
import { BadFdError } from '../../../lib/io/pipe.js';
import type { ByteReader, ByteWriter } from '../../../lib/io/streams.js';
import { KEYWORDS } from '../state/keywords.js';
import { ansiQuote } from '../state/quote.js';
import { isVarSet } from './test-clause.js';

/** a shell-state builtin, available whatever the policy */
export function isAlwaysAvailable(sh: Shell, name: string): boolean {
  return sh.rt.seam.builtins.get(name)?.always === true;
}

/** is there a builtin or command of this name (functions aside) */
export function commandExists(sh: Shell, name: string): boolean {
  return isBuiltinName(sh, name) || lookupCommand(sh, name) !== undefined;
}

/** the command NAME runs: the embedder's (RunnerOptions.commands) first, then rshell's */
function lookupCommand(sh: Shell, name: string): Command | undefined {
  const custom = sh.rt.customCommands;
  return (custom === null ? undefined : custom.get(name)) ?? COMMANDS.get(name);
}

export function isBuiltinName(sh: Shell, name: string): boolean {
  return sh.rt.seam.builtins.has(name);
}

function builtinKind(sh: Shell, name: string): boolean {
  const b = sh.rt.seam.builtins.get(name);
  return b !== undefined && (b.always === true || sh.rt.isAllowed(name));
}

export function commandKind(sh: Shell, name: string): 'keyword' | 'function' | 'builtin' | 'command' | undefined {
  if (KEYWORDS.has(name)) return 'keyword';
  if (sh.funcs.has(name)) return 'function';
  if (builtinKind(sh, name)) return 'builtin';
  if (lookupCommand(sh, name) !== undefined && sh.rt.isAllowed(name)) return 'command';
  return undefined;
}

/** every kind NAME has, in lookup order (`type -a`) */
export function commandKinds(sh: Shell, name: string): ('keyword' | 'function' | 'builtin' | 'command')[] {
  const out: ('keyword' | 'function' | 'builtin' | 'command')[] = [];
  if (KEYWORDS.has(name)) out.push('keyword');
  if (sh.funcs.has(name)) out.push('function');
  if (builtinKind(sh, name)) out.push('builtin');
  if (lookupCommand(sh, name) !== undefined && sh.rt.isAllowed(name)) out.push('command');
  return out;
}

/** argv[0] is the command's name: every caller has one (an empty argv runs nothing) */
export function dispatch(sh: Shell, argv: string[]): Status {
  const fn = sh.funcs.get(argv[0]!);
  if (fn) return sh.rt.policy === null || sh.rt.policy.onCommand === null ? callFunction(sh, fn, argv) : auditedCall(sh, argv, () => callFunction(sh, fn, argv));
  return runBuiltin(sh, argv, false);
}

/** run a non-function command (argv[0], as dispatch); `checkPolicy` for `command X`, `builtin X`, ctx.exec */
export function runBuiltin(sh: Shell, argv: string[], checkPolicy: boolean): Status {
  const name = argv[0]!;
  if (checkPolicy && !isAlwaysAvailable(sh, name) && !sh.rt.isAllowed(name)) {
    sh.error(`${name}: command not allowed`);
    auditNotAllowed(sh, argv);
    return 127;
  }
  if (sh.rt.policy !== null) return policed(sh, argv, kindOf(sh, name), (audit) => invokeReporting(sh, name, argv, audit));
  return invokeReporting(sh, name, argv, null);
}

function invokeReporting(sh: Shell, name: string, argv: string[], audit: Audit | null): Status {
  let r: Status;
  try {
    r = invoke(sh, name, argv, audit);
  } catch (e) {
    return writeError(sh, name, e);
  }
  if (typeof r === 'number') return r;
  return writeErrorLater(sh, name, r);
}

function kindOf(sh: Shell, name: string): 'builtin' | 'command' | 'unknown' {
  return isBuiltinName(sh, name) ? 'builtin' : lookupCommand(sh, name) !== undefined ? 'command' : 'unknown';
}

// asynchronous continuations live in functions of their own: a closure in a hot function makes
// V8 allocate a context on every call, the synchronous ones included (issue 7)
function writeErrorLater(sh: Shell, name: string, r: Promise<number>): Promise<number> {
  return r.catch((e) => writeError(sh, name, e));
}

function invoke(sh: Shell, name: string, argv: string[], audit: Audit | null): Status {
  const sb = sh.rt.seam.builtins.get(name);
  if (sb) return sb.run(new Context(sh, name, audit), argv.slice(1));
  const cmd = lookupCommand(sh, name);
  if (cmd) return cmd.run(new Context(sh, name, audit), argv.slice(1));
  // bash prints a name the C locale cannot print in $'…' form (printable_filename)
  sh.error(`${/[^\x20-\x7e]/.test(name) ? ansiQuote(name) : name}: command not found`);
  return 127;
}

/** a write to a closed descriptor: bash's `NAME: write error: Bad file descriptor`, status 1 */
function writeError(sh: Shell, name: string, e: unknown): number {
  if (e instanceof BadFdError) {
    sh.error(`${name}: write error: Bad file descriptor`);
    return 1;
  }
  // a result past what a JS string or buffer holds (`sed 'h;:a;G;h;ba'`): GNU's xalloc_die
  if (isOutOfMemory(e)) {
    sh.error(`${name}: memory exhausted`);
    return 1;
  }
  throw e;
}

/** the RangeErrors V8 raises for a string, array or buffer too large to make */
export function isOutOfMemory(e: unknown): boolean {
  // no regex here: this runs where the stack may be nearly spent, and a regex's own stack
  // overflow would turn a clean stop into an internal error
  if (!(e instanceof RangeError)) return false;
  const m = e.message;
  return m.includes('Invalid string length') || m.includes('Invalid array length') || m.includes('Array buffer allocation failed');
}

// ---------------------------------------------------------------- functions

export function callFunction(sh: Shell, fn: FuncDef, argv: string[]): Status {
  const limit = sh.rt.limits.maxCallDepth;
  if (sh.callDepth >= limit) {
    sh.rt.breach(`${fn.name}: maximum function nesting level exceeded (${limit})`);
  }
  const savedPos = sh.positional;
  const savedLoop = sh.loopDepth;
  sh.positional = argv.slice(1);
  sh.vars.pushFrame();
  const frameDepth = sh.vars.frames.length;
  sh.enterFrame(fn);
  sh.callDepth++;
  sh.loopDepth = 0;
  // no closures on the synchronous path: a call costs no allocation beyond its frame and $@
  let r: Status;
  try {
    r = fn.body(sh);
  } catch (e) {
    leaveFunction(sh, savedPos, savedLoop, frameDepth);
    if (e instanceof RangeError) sh.rt.breach(`${fn.name}: maximum function nesting level exceeded (${sh.callDepth})`);
    throw e;
  }
  if (typeof r === 'number') {
    leaveFunction(sh, savedPos, savedLoop, frameDepth);
    return functionStatus(sh, r);
  }
  return leaveFunctionLater(sh, r, savedPos, savedLoop, frameDepth);
}

function leaveFunctionLater(sh: Shell, r: Promise<number>, savedPos: string[], savedLoop: number, frameDepth: number): Promise<number> {
  return r.then(
    (s) => {
      leaveFunction(sh, savedPos, savedLoop, frameDepth);
      return functionStatus(sh, s);
    },
    (e) => {
      leaveFunction(sh, savedPos, savedLoop, frameDepth);
      throw e;
    },
  );
}

/** undo what callFunction set up */
function leaveFunction(sh: Shell, savedPos: string[], savedLoop: number, frameDepth: number): void {
  if (sh.localOptions !== null) restoreLocalOptions(sh, sh.localOptions);
  sh.callDepth--;
  sh.leaveFrame();
  while (sh.vars.frames.length >= frameDepth) sh.vars.popFrame();
  sh.positional = savedPos;
  sh.loopDepth = savedLoop;
}

/** `local -` in the function that returns: its set options as they were */
function restoreLocalOptions(sh: Shell, byDepth: Map<number, [string, boolean][]>): void {
  const saved = byDepth.get(sh.callDepth);
  if (saved === undefined) return;
  byDepth.delete(sh.callDepth);
  if (byDepth.size === 0) sh.localOptions = null;
  for (const [k, v] of saved) sh.setOpts.set(k, v);
}

/** the status of a finished call: `return N` consumed; break/continue do not leave a function */
function functionStatus(sh: Shell, s: number): number {
  if (sh.ctl === CTL.return) {
    sh.ctl = CTL.none;
    return sh.status;
  }
  if (sh.ctl === CTL.break || sh.ctl === CTL.continue) sh.ctl = CTL.none;
  return s;
}

// ---------------------------------------------------------------- contexts

const BUILTIN_LIMITS: Limits = {
  maxLineBytes: 1024 * 1024,
  maxSortBytes: 256 * 1024 * 1024,
  maxFileBytes: 256 * 1024 * 1024,
};
let smallerLimits: Limits = BUILTIN_LIMITS;

/** a command may hold at most what the whole run may (maxMemoryBytes), and 256 MiB at most */
function commandLimits(maxMemoryBytes: number): Limits {
  if (maxMemoryBytes >= BUILTIN_LIMITS.maxSortBytes) return BUILTIN_LIMITS;
  if (smallerLimits.maxSortBytes !== maxMemoryBytes) smallerLimits = { ...BUILTIN_LIMITS, maxSortBytes: maxMemoryBytes };
  return smallerLimits;
}

/**
 * Move a child run into `dir` (find -execdir). The directory goes through the sandbox like `cd`:
 * a path outside every root fails the stat. Only the working directory changes, not PWD, as for a
 * child process that chdir'd. Returns null on success, else the error text.
 */
function enterExecDir(sub: Shell, dir: string): string | null {
  const fs = shellFs(sub);
  const st = fs.stat(dir);
  if (!st.ok) return st.error.message;
  if (st.value.type !== 'dir') return 'Not a directory';
  sub.cwd = fs.abs(dir);
  return null;
}

async function execIn(sh: Shell, argv: string[], io?: ExecIO): Promise<number> {
  if (!argv.length) return 0;
  const sub = sh.subshell();
  try {
    return await execInSub(sh, sub, argv, io);
  } finally {
    // the copy's variables are gone: what they held goes back to the memory budget
    sub.vars.drop();
  }
}

async function execInSub(sh: Shell, sub: Shell, argv: string[], io?: ExecIO): Promise<number> {
  if (io?.cwd !== undefined) {
    const moved = enterExecDir(sub, io.cwd);
    if (moved !== null) {
      (io.stderr ?? sh.stderr).writeString(`${argv[0]}: ${io.cwd}: ${moved}\n`);
      return 126;
    }
  }
  if (io?.env) applyExecEnv(sub, io.env);
  if (io?.stdin) sub.fds[0] = { reader: io.stdin };
  if (io?.stdout) sub.fds[1] = { writer: io.stdout };
  if (io?.stderr) sub.fds[2] = { writer: io.stderr };
  const name = argv[0]!;
  if (io?.notFoundMessage && !commandExists(sh, name) && (isAlwaysAvailable(sh, name) || sh.rt.isAllowed(name))) {
    await (io.stderr ?? sh.stderr).writeString(io.notFoundMessage(name) + '\n');
    return 127;
  }
  try {
    return await runBuiltin(sub, argv, true);
  } catch (e) {
    if (e instanceof PipeClosedError) return 141;
    throw e;
  }
}

/** The context a builtin sees. A class (not an object literal) so creating one per call is cheap. */
class Context implements ShellContext {
  readonly stdin: ShellContext['stdin'];
  readonly stdout: ShellContext['stdout'];
  readonly stderr: ShellContext['stderr'];
  readonly cwd: string;
  private fsView: ReturnType<typeof shellFs> | null = null;
  private varsView: ShellVars | null = null;

  constructor(
    readonly shell: Shell,
    readonly name: string,
    /** the audit of this command (RunnerOptions.onCommand): its file accesses are recorded */
    private readonly audit: Audit | null = null,
  ) {
    this.stdin = shell.stdin;
    this.stdout = shell.stdout;
    this.stderr = shell.stderr;
    this.cwd = shell.cwd;
  }

  get fs(): ReturnType<typeof shellFs> {
    return (this.fsView ??= this.audit === null ? shellFs(this.shell) : this.audit.recordFs(shellFs(this.shell)));
  }
  get signal(): AbortSignal {
    return this.shell.rt.signal;
  }
  get limits(): Limits {
    return commandLimits(this.shell.rt.limits.maxMemoryBytes);
  }
  get memory(): ShellMemory {
    return this.shell.rt;
  }
  get mode(): 'read-only' | 'remediation' {
    return this.shell.rt.mode;
  }
  get procPath(): string {
    return this.shell.rt.procPath;
  }
  getEnv(n: string): string | undefined {
    return getExported(this.shell, n);
  }
  exportedEnv(): Array<[string, string]> {
    return exportedInOrder(this.shell);
  }
  exec(argv: string[], io?: ExecIO): Promise<number> {
    return execIn(this.shell, argv, io);
  }
  runShellText(script: string, io?: ExecIO): Promise<number> {
    return runShellCommand(this.shell, script, io);
  }
  checkAbort(): void {
    this.shell.rt.checkAbort();
  }
  get vars(): ShellVars {
    const sh = this.shell;
    return (this.varsView ??= (sh.varsView as ShellVars | null) ?? (sh.varsView = shellVars(sh)));
  }
  get options(): ShellContext['options'] {
    return { set: this.shell.setOpts, shopt: this.shell.shopts };
  }
  chdir(abs: string): void {
    const sh = this.shell;
    const old = sh.cwd;
    sh.cwd = abs;
    try {
      assignScalar(sh, 'OLDPWD', readScalar(sh, 'PWD') ?? old);
      assignScalar(sh, 'PWD', abs);
    } catch {
      // readonly PWD: bash still changes directory
    }
  }
  listCommands(): { name: string; summary: string }[] {
    return listCommands(this.shell);
  }
  commandUsage(n: string): string | undefined {
    return commandUsage(this.shell, n);
  }
  fd(n: number): { reader?: ByteReader; writer?: ByteWriter } | undefined {
    const e = this.shell.fds[n];
    return e ? { reader: e.reader, writer: e.writer } : undefined;
  }
}

export function callContext(sh: Shell, name: string): CallContext {
  return new Context(sh, name);
}

/** assign `name[index]` where index is raw subscript text (an assoc key or an arithmetic index) */
function setElementByText(sh: Shell, base: string, index: string, v: string): void {
  assignElement(sh, base, keyFor(sh, base, index), v);
}

function shellVars(sh: Shell): ShellVars {
  const guard = (f: () => void): string | undefined => {
    try {
      f();
      return undefined;
    } catch (e) {
      if (e instanceof AssignError) {
        // bash's report_error: under set -e the shell exits here (the builtin says nothing more)
        if (reportExits(sh)) reportError(sh, e.message);
        return e.message;
      }
      throw e;
    }
  };
  return {
    // $0 too (getopts words its errors with it)
    get: (n) => (n === '0' ? sh.arg0 : readScalar(sh, n)),
    set: (n, v) => guard(() => {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/s.exec(n);
      if (!m) return assignScalar(sh, n, v);
      // `printf -v 'a[1]'`, `read 'm[k]'`: an element
      setElementByText(sh, m[1]!, m[2]!, v);
    }),
    setElement: (n, index, v) => guard(() => setElementByText(sh, n, index, v)),
    setArray: (n, vs) => (isAssocName(sh, n) ? `${n}: not an indexed array` : guard(() => assignArray(sh, n, vs.map((value) => ({ value }))))),
    isAssoc: (n) => isAssocName(sh, n),
    getArray: (n) => {
      const v = readVar(sh, n);
      return v === undefined ? undefined : valuesOf(v);
    },
    unset: (n) => unsetVar(sh, n),
    isSet: (n) => isVarSet(sh, n),
    isReadonly: (n) => ((sh.vars.lookup(n)?.attrs ?? 0) & ATTR.readonly) !== 0,
    positional: () => sh.positional,
    isFunction: (n) => sh.funcs.has(n),
    commandKind: (n) => commandKind(sh, n),
    commandKinds: (n) => commandKinds(sh, n),
    functionText: (n) => sh.funcs.get(n)?.text,
  };
}

/** `help`'s list: builtins with a summary (not bash's special builtins) and commands, as allowed */
function listCommands(sh: Shell): { name: string; summary: string }[] {
  const out: { name: string; summary: string }[] = [];
  const add = (c: { name: string; summary: string }): void => {
    if (isAlwaysAvailable(sh, c.name) || sh.rt.isAllowed(c.name)) out.push({ name: c.name, summary: c.summary });
  };
  for (const c of sh.rt.seam.builtins.values()) if (c.summary !== '') add(c);
  for (const c of COMMANDS.values()) if (sh.rt.customCommands?.has(c.name) !== true) add(c as Command);
  if (sh.rt.customCommands !== null) for (const c of sh.rt.customCommands.values()) add(c);
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function commandUsage(sh: Shell, n: string): string | undefined {
  if (!isAlwaysAvailable(sh, n) && !sh.rt.isAllowed(n)) return undefined;
  const usage = sh.rt.seam.builtins.get(n)?.usage;
  return usage !== undefined && usage !== '' ? usage : lookupCommand(sh, n)?.usage;
}
