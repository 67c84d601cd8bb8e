// The interpreter's Runner, in the calling thread: validates options once, then runs scripts, each
// from the same initial state. The public Runner (src/isolation/runner.ts) uses it directly
// (isolation 'none') or inside a worker thread.
// Invariant: no internal exception escapes run(); it always ends with a status and a message.

import type { RunEndReason, RunLimits, RunnerOptions, RunOptions, RunResult } from '../api.js';
import { createSandbox } from '../../allowedpaths/index.js';
import type { Sandbox } from '../../allowedpaths/types.js';
import type { Command } from '../../builtins/types.js';
import { KEYWORDS } from './state/keywords.js';
import { lineCol, parse, ParseError, type File } from '../syntax/index.js';
import { commandsBefore } from '../syntax/chunks.js';
import { checkScript } from '../check/index.js';
import { PipeClosedError, RunAbortedError } from '../../lib/io/errors.js';
import { BufferedStreamWriter, CollectingWriter, OutputBudget, stdinReader } from '../../lib/io/pipe.js';
import { HostStdinReader } from '../../lib/io/host-stdin.js';
import { runInputError } from './run-inputs.js';
import type { ByteWriter } from '../../lib/io/streams.js';
import { resolveLimits } from './state/limits.js';
import { type Policy, Runtime } from './state/runtime.js';
import { Rules } from './state/rules.js';
import { InProcessSession, type SessionState } from './session.js';
import { previewScript, type PreviewReport } from '../check/preview.js';
import { CTL, Shell } from './state/shell.js';
import { ATTR, newVariable } from './state/vars.js';
import { BASH_VERSINFO, BASH_VERSION_TEXT } from './state/bash-version.js';
import { compileStmts, runInSubshell } from './exec/compile.js';
import { SHELL_BUILTINS } from './builtins/index.js';
import type { Seam } from './state/seam.js';
import { info, registerSource } from './state/source-info.js';
import { groupByLine } from './exec/eval-support.js';
import { runTrap } from './exec/traps.js';
import { monotonicMs } from './state/clock.js';
import { extglobSyntaxMessage, inArrayLiteral, firstExtGlob, mayHoldExtGlob } from './exec/extglob-syntax.js';
import { isOutOfMemory } from './exec/dispatch.js';
import { firstUnderErrexit } from './state/errors.js';
import { CANCELLED_MESSAGE, timeoutMessage, truncatedMessage } from './run-messages.js';
import { encode } from '../../lib/io/encoding.js';

/** what the layers below exec/ reach up for (state/seam.ts): the same for every run */
export const SEAM: Seam = { compileStmts, runInSubshell, builtins: SHELL_BUILTINS };

const MODES = new Set(['read-only', 'remediation']);

interface Resolved {
  allowedPaths: string[];
  allowed: ReadonlySet<string> | 'all';
  env: Record<string, string>;
  cwd: string | undefined;
  timeoutMs: number;
  mode: 'read-only' | 'remediation';
  procPath: string;
  limits: RunLimits;
  policy: Policy | null;
  customCommands: ReadonlyMap<string, Command> | null;
}

function parseAllowedCommands(list: RunnerOptions['allowedCommands']): ReadonlySet<string> | 'all' {
  if (list === undefined) return new Set();
  if (list === 'all') return 'all';
  if (!Array.isArray(list)) throw new Error('AllowedCommands: expected an array of "rshell:<command>" or "all"');
  const out = new Set<string>();
  for (const e of list) {
    if (typeof e !== 'string' || e === '') throw new Error('AllowedCommands: empty entry');
    const i = e.indexOf(':');
    if (i < 0) throw new Error(`AllowedCommands: "${e}" missing namespace prefix (expected "rshell:<command>")`);
    const ns = e.slice(0, i);
    const name = e.slice(i + 1);
    if (name.includes(':')) throw new Error(`AllowedCommands: "${e}" has too many colons (expected "rshell:<command>")`);
    if (ns !== 'rshell') throw new Error(`AllowedCommands: "${e}" has unknown namespace "${ns}" (expected "rshell:<command>")`);
    if (name === '') throw new Error(`AllowedCommands: "${e}" has an empty command name`);
    out.add(name);
  }
  return out;
}

function resolveOptions(opts: RunnerOptions): Resolved {
  const timeoutMs = opts.timeoutMs ?? 0;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs < 0) {
    throw new Error('MaxExecutionTime: duration must be >= 0');
  }
  const mode = opts.mode ?? 'read-only';
  if (!MODES.has(mode)) throw new Error(`Mode: unknown mode "${String(mode)}" (expected "read-only" or "remediation")`);
  const limits = resolveLimits(opts.limits);
  if (typeof limits === 'string') throw new Error(limits);
  const paths = opts.allowedPaths ?? [];
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
    throw new Error('AllowedPaths: expected an array of path strings');
  }
  const given = opts.env ?? {};
  for (const [k, v] of Object.entries(given)) {
    if (typeof v !== 'string') throw new Error(`Env: value of "${k}" must be a string`);
  }
  const env = { ...inheritedEnv(opts.inheritEnv), ...given };
  return {
    allowedPaths: paths,
    allowed: parseAllowedCommands(opts.allowedCommands),
    env,
    cwd: opts.cwd,
    timeoutMs,
    mode,
    procPath: opts.procPath ?? '/proc',
    limits,
    policy: resolvePolicy(opts),
    customCommands: resolveCommands(opts.commands),
  };
}

/** the host variables RunnerOptions.inheritEnv names (those that are set), read once, here */
function inheritedEnv(names: RunnerOptions['inheritEnv']): Record<string, string> {
  if (names === undefined) return {};
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || !VALID_NAME.test(n))) {
    throw new Error('InheritEnv: expected a list of variable names');
  }
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = process.env[n];
    if (v !== undefined) out[n] = v;
  }
  return out;
}

/** RunnerOptions.commands as a name → command table, each named by its key */
function resolveCommands(commands: RunnerOptions['commands']): ReadonlyMap<string, Command> | null {
  if (commands === undefined) return null;
  if (commands === null || typeof commands !== 'object' || Array.isArray(commands)) {
    throw new Error('Commands: expected an object of name: command (defineCommand)');
  }
  const out = new Map<string, Command>();
  for (const [name, cmd] of Object.entries(commands)) {
    if (!/^[^\s/=$`'"\\;&|<>()]+$/.test(name) || KEYWORDS.has(name)) throw new Error(`Commands: "${name}" is not a usable command name`);
    if (SEAM.builtins.has(name)) throw new Error(`Commands: "${name}" is a shell builtin and cannot be replaced`);
    if (cmd === null || typeof cmd !== 'object' || typeof cmd.run !== 'function') {
      throw new Error(`Commands: "${name}" must be a command (defineCommand(...), or { name, summary, usage, run })`);
    }
    out.set(name, cmd.name === name ? cmd : { ...cmd, name, run: cmd.run.bind(cmd) });
  }
  return out.size === 0 ? null : out;
}

/** rules, approver and audit hook; null when none is set, so commands pay one null check */
function resolvePolicy(opts: RunnerOptions): Policy | null {
  const { rules, approve, onCommand } = opts;
  if (rules === undefined && approve === undefined && onCommand === undefined) return null;
  if (rules !== undefined && !Array.isArray(rules)) throw new Error('Rules: expected an array of rules');
  if (approve !== undefined && typeof approve !== 'function') throw new Error('Approve: expected a function');
  if (onCommand !== undefined && typeof onCommand !== 'function') throw new Error('OnCommand: expected a function');
  const approvalTimeoutMs = opts.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
  if (typeof approvalTimeoutMs !== 'number' || !Number.isFinite(approvalTimeoutMs) || approvalTimeoutMs <= 0) {
    throw new Error('ApprovalTimeoutMs: must be a positive number of milliseconds');
  }
  return {
    rules: rules === undefined || rules.length === 0 ? null : new Rules(rules),
    approve: approve ?? null,
    approvalTimeoutMs,
    onCommand: onCommand ?? null,
  };
}

/** how long an approver may take before its silence counts as a refusal */
const DEFAULT_APPROVAL_TIMEOUT_MS = 60_000;

const VALID_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class InProcessRunner {
  readonly warnings: string[] = [];
  private readonly cfg: Resolved;
  private readonly onWarning?: (m: string) => void;

  constructor(opts: RunnerOptions = {}) {
    this.cfg = resolveOptions(opts);
    this.onWarning = opts.onWarning;
    // open the roots once now, so skipped-root warnings surface at construction; each run opens
    // its own sandbox again, lazily (on the first file access), and starts in the first root
    const sb = this.openSandbox(true);
    this.rootPaths = sb.roots.map((r) => r.path);
    this.rootSpecs = sb.roots.map((r) => ({ path: r.path, writable: r.mode === 'rw' }));
    sb.close();
  }

  /** the usable roots as resolved at construction (ALLOWED_PATHS, the default cwd) */
  private readonly rootPaths: readonly string[];
  private readonly rootSpecs: readonly { path: string; writable: boolean }[];

  /**
   * The static preview (src/check/preview.ts): each command the script names with its decision
   * under this runner's policy, the literal paths it would touch, and what needs remediation.
   * Nothing runs.
   */
  check(script: string): PreviewReport {
    if (typeof script !== 'string') throw new TypeError('check: script must be a string');
    const parsed = parseScript(script, this.cfg.limits);
    if (parsed instanceof ParseError) return { error: parsed.bashMessage() || parsed.message, commands: [], needsRemediation: false };
    const cfg = this.cfg;
    const rules = cfg.policy?.rules ?? null;
    return previewScript(parsed.file, script, {
      cwd: cfg.cwd ?? this.rootPaths[0] ?? '/',
      roots: this.rootSpecs,
      mode: cfg.mode,
      allowed: (name) => SEAM.builtins.get(name)?.always === true || cfg.allowed === 'all' || cfg.allowed.has(name),
      judge: (argv, cwd) => {
        const v = rules === null ? null : rules.judge(argv, cwd);
        return v === null ? null : v.rule.reason === undefined ? { action: v.action } : { action: v.action, reason: v.rule.reason };
      },
    });
  }

  private openSandbox(report: boolean): Sandbox {
    return createSandbox(this.cfg.allowedPaths, {
      mode: this.cfg.mode,
      onWarning: report
        ? (m) => {
            this.warnings.push(m);
            this.onWarning?.(m);
          }
        : () => undefined,
    });
  }

  /** a shell whose state lasts from one run() to the next (session.ts) */
  session(): InProcessSession {
    return new InProcessSession(this);
  }

  async run(script: string, opts: RunOptions = {}, session: SessionState | null = null): Promise<RunResult> {
    const bad = runInputError(script, opts);
    if (bad) throw bad;
    const t0 = monotonicMs();
    const cfg = this.cfg;
    const outBudget = new OutputBudget(cfg.limits.maxOutputBytes);
    const errBudget = new OutputBudget(cfg.limits.maxOutputBytes);
    const stdout: ByteWriter = opts.stdout ? new BufferedStreamWriter(opts.stdout, outBudget) : new CollectingWriter(Infinity, outBudget);
    const stderr: ByteWriter = opts.stderr ? new BufferedStreamWriter(opts.stderr, errBudget) : new CollectingWriter(Infinity, errBudget);
    if (stdout instanceof BufferedStreamWriter && stderr instanceof BufferedStreamWriter) {
      stdout.peer = stderr;
      stderr.peer = stdout;
    }
    let exitCode = 0;
    let timedOut = false;
    let cancelled = false;
    let reason: RunEndReason | undefined;
    let sandbox: Sandbox | null = null;
    let rt: Runtime | null = null;
    const say = (msg: string): void => {
      try {
        const r = stderr.writeString(msg.endsWith('\n') ? msg : msg + '\n');
        if (r) r.catch(() => undefined);
      } catch {
        // nothing more we can do
      }
    };
    try {
      exitCode = await this.execute(script, opts, stdout, stderr, say, (s, r) => {
        sandbox = s;
        rt = r;
      }, (r) => {
        reason = r;
      }, session);
      if (rt) {
        // the last output reaches the caller's streams while the deadline and signal still bound a wait
        const f1 = stdout.flush();
        if (f1) await f1;
        const f2 = stderr.flush();
        if (f2) await f2;
      }
    } catch (e) {
      // the run is over: the final message must get through the writers
      for (const w of [stdout, stderr]) {
        if (w instanceof CollectingWriter || w instanceof BufferedStreamWriter) w.abort = null;
      }
      if (e instanceof RunAbortedError) {
        if (e.kind === 'timeout') {
          timedOut = true;
          exitCode = 124;
          reason = 'timeout';
          say(timeoutMessage(cfg.timeoutMs));
        } else if (e.kind === 'cancelled') {
          cancelled = true;
          exitCode = 124;
          reason = 'cancelled';
          say(CANCELLED_MESSAGE);
        } else {
          say(e.message);
          exitCode = 1;
          // (a budget of memory may come with a kind of its own)
          reason = (e.kind as string) === 'memory' ? 'memory' : limitReason(e.message);
        }
      } else if (e instanceof PipeClosedError) {
        // the caller's stdout/stderr went away: bash dies of SIGPIPE, silently, status 141
        exitCode = 141;
      } else if (isOutOfMemory(e)) {
        // an expansion past what a string holds (`${big//0/$big}`): bash's xmalloc failure, fatal
        say('rshell: memory exhausted');
        exitCode = 1;
        reason = 'memory';
      } else if (e instanceof Error && e.message.includes('Maximum call stack size exceeded')) {
        // (a RangeError, or another error made while the stack was spent: a regex compiled there
        // fails with a SyntaxError that says so)
        // nesting deeper than the JS stack allows (eval/source/subshell chains): a clean stop
        say('rshell: maximum nesting depth exceeded');
        exitCode = 1;
        reason = 'limit';
      } else {
        say(`rshell: internal error: ${e instanceof Error ? e.message : String(e)}`);
        exitCode = 1;
        reason = 'internal-error';
      }
    } finally {
      (rt as Runtime | null)?.dispose();
      // a session's sandbox stays open for its next call (closed by its close())
      if (session === null) (sandbox as Sandbox | null)?.close();
    }
    // what is left (a final message) is handed over without waiting: nothing bounds a wait now, and
    // a broken caller stream does not change the result
    if (stdout instanceof BufferedStreamWriter) stdout.handOver();
    if (stderr instanceof BufferedStreamWriter) stderr.handOver();
    const truncated = outBudget.truncated || errBudget.truncated;
    // the notice goes past the budget it reports on, after everything else
    const notice = truncated ? encode(truncatedMessage(cfg.limits.maxOutputBytes) + '\n') : null;
    if (notice && opts.stderr) {
      try {
        opts.stderr.write(notice);
      } catch {
        // the caller's stream is gone; the result says it all the same
      }
    }
    const result: RunResult = {
      exitCode,
      truncated,
      durationMs: monotonicMs() - t0,
      timedOut,
      cancelled,
    };
    reason ??= truncated ? 'output-limit' : undefined;
    if (reason) result.reason = reason;
    if (!opts.stdout) {
      const b = (stdout as CollectingWriter).bytes();
      result.stdoutBytes = b;
      result.stdout = new TextDecoder().decode(b);
    }
    if (!opts.stderr) {
      let b = (stderr as CollectingWriter).bytes();
      if (notice) b = concatBytes(b, notice);
      result.stderrBytes = b;
      result.stderr = new TextDecoder().decode(b);
    }
    return result;
  }

  private async execute(
    script: string,
    opts: RunOptions,
    stdout: ByteWriter,
    stderr: ByteWriter,
    say: (m: string) => void,
    own: (s: Sandbox, r: Runtime) => void,
    stoppedBy: (r: RunEndReason) => void,
    session: SessionState | null,
  ): Promise<number> {
    const cfg = this.cfg;
    if (script.length > cfg.limits.maxScriptBytes) {
      say(`script size limit exceeded (maxScriptBytes ${cfg.limits.maxScriptBytes})`);
      stoppedBy('limit');
      return 2;
    }
    const parsed = parseScript(script, cfg.limits);
    if (parsed instanceof ParseError) {
      // bash's words, without its `NAME: ` prefix (empty for `[[ ]]`, which bash ends silently)
      const msg = parsed.bashMessage();
      if (msg !== '') say(msg);
      // rshell's own limits on the script (too many nodes, nested too deep) are limits, not syntax
      if (/^(script too large|nesting too deep)/.test(parsed.message)) stoppedBy('limit');
      return parsed.bash.status;
    }
    const { file, syntaxError } = parsed;
    const issue = checkScript(file);
    if (issue) {
      say(issue.message);
      return 2;
    }
    const sandbox = session?.sandbox ?? this.openSandbox(false);
    if (session !== null) session.sandbox = sandbox;
    const rt = new Runtime({
      limits: cfg.limits,
      sandbox,
      allowed: cfg.allowed,
      mode: cfg.mode,
      procPath: cfg.procPath,
      timeoutMs: cfg.timeoutMs,
      signal: opts.signal,
      seam: SEAM,
      policy: cfg.policy,
      customCommands: cfg.customCommands,
      pid: session?.shell?.rt.pid,
    });
    own(sandbox, rt);
    for (const w of [stdout, stderr]) {
      if (w instanceof CollectingWriter || w instanceof BufferedStreamWriter) w.abort = rt;
    }
    rt.flushers.push(() => stdout.flush(), () => stderr.flush());
    const resumed = session?.shell ?? null;
    const sh = resumed ?? new Shell(rt);
    if (session !== null) session.shell = sh;
    if (resumed !== null) resumed.rebind(rt);
    // no stdin at all reads as /dev/null does, and is one (`[ -c /dev/stdin ]`, as bash run with
    // stdin from /dev/null); a string or a stream is a pipe
    const stdinFd = opts.stdin === undefined ? { reader: stdinReader(undefined, rt), path: '/dev/null' } : { reader: stdinReader(opts.stdin, rt) };
    // a caller's stream is listened to for 'error' from now on (host-stdin.ts): until the run ends
    if (stdinFd.reader instanceof HostStdinReader) rt.lingering.push(stdinFd.reader);
    // a session's call gets its own streams; descriptors past 2 that the script opened stay
    const kept = resumed === null ? [] : resumed.fds.slice(3);
    sh.fds = [stdinFd, { writer: stdout }, { writer: stderr }, ...kept];
    if (resumed === null) {
      sh.arg0 = opts.name ?? 'rshell';
      sh.mainFile = opts.sourceFile ?? null;
      sh.positional = (opts.args ?? []).slice();
      const roots = this.rootPaths;
      sh.cwd = cfg.cwd ?? roots[0] ?? '/';
      this.initVars(sh, roots);
    }

    registerSource(file, script);
    // top-level command lines one by one: as bash reads a script, an expansion error abandons
    // the line it happens in (`a; b` on one line is one unit) and the script goes on
    const groups = groupByLine(file.Stmts);
    const execs = groups.map((group) => compileStmts(group));
    const lines = script.split('\n');
    const checkExtGlob = mayHoldExtGlob(script);
    rt.checkAbort();
    // a session's empty line keeps $? (its close() hands it to the EXIT trap)
    let status = resumed === null ? 0 : resumed.status;
    for (let g = 0; g < execs.length; g++) {
      if (sh.opt('verbose')) {
        // set -v: echo each input line as it is read
        const group = groups[g]!;
        const from = info.lineOf(group[0]!);
        const to = info.endLineOf(group[group.length - 1]!);
        sh.error(lines.slice(from - 1, to).join('\n'));
      }
      const badGlob = !checkExtGlob || sh.shopt('extglob') ? null : firstExtGlob(groups[g]);
      if (badGlob) {
        // bash reads this line with extglob off: a syntax error that ends the script
        const line = lineCol(script, badGlob.Pos).line;
        sh.error(firstUnderErrexit(sh, extglobSyntaxMessage(line, lines[line - 1] ?? '')));
        if (inArrayLiteral(groups[g], badGlob.Pos) && !sh.setOpts.errexit) {
          status = 1;
          sh.status = 1;
          continue;
        }
        status = 2;
        sh.ctl = CTL.exit;
        sh.status = 2;
        break;
      }
      const r = execs[g]!(sh);
      status = typeof r === 'number' ? r : await r;
      if (sh.ctl === CTL.abort) {
        sh.ctl = CTL.none;
        status = sh.status;
      }
      if (sh.ctl !== CTL.none) break;
    }
    if (syntaxError !== null && sh.ctl === CTL.none) {
      // the commands before the error have run (see parseScript): now bash meets it
      if (sh.opt('verbose')) sh.error(lines.slice(lineCol(script, file.End).line - 1, syntaxError.line).join('\n'));
      const msg = firstUnderErrexit(sh, syntaxError.bashMessage());
      if (msg !== '') sh.error(msg);
      status = sh.setOpts.errexit ? 2 : syntaxError.bash.status;
    }
    const exited = sh.ctl === CTL.exit;
    if (exited) status = sh.status;
    sh.ctl = CTL.none;
    sh.status = status;
    // a session's shell goes on after a call that did not exit: its EXIT trap waits for the end
    if (session !== null && !exited && !session.closing) return status;
    if (session !== null) session.exited = true;
    if (sh.traps.has('EXIT')) {
      await runTrap(sh, 'EXIT');
      if (sh.ctl === CTL.exit) status = sh.status;
    }
    return status;
  }

  private initVars(sh: Shell, roots: readonly string[]): void {
    const set = (name: string, value: string, attrs = 0): void => {
      sh.vars.frames[0]!.set(name, newVariable(value, attrs));
    };
    set('IFS', ' \t\n');
    set('OPTIND', '1');
    set('PS4', '+ ');
    set('PPID', String(sh.rt.pid - 1));
    const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
    set('UID', String(uid), ATTR.readonly | ATTR.integer);
    set('EUID', String(uid), ATTR.readonly | ATTR.integer);
    set('BASH_VERSION', BASH_VERSION_TEXT);
    sh.vars.frames[0]!.set('BASH_VERSINFO', newVariable([...BASH_VERSINFO], ATTR.readonly | ATTR.indexed));
    if (roots.length) set('ALLOWED_PATHS', roots.join(':'));
    for (const [k, v] of Object.entries(this.cfg.env)) {
      if (VALID_NAME.test(k)) set(k, v, ATTR.export);
    }
    set('PWD', sh.cwd, ATTR.export);
  }
}

/**
 * The script's AST. On a syntax error, that of the complete commands before the failing one, which
 * bash runs before it meets the error (chunks.ts), with the error to report after them; just the
 * error when nothing comes before it, or it is one of rshell's own limits (those stop a script
 * unstarted).
 */
function parseScript(script: string, limits: RunLimits): { file: File; syntaxError: ParseError | null } | ParseError {
  const opts = { maxBytes: limits.maxScriptBytes, maxNodes: limits.maxScriptNodes, heredocsToEOF: true };
  try {
    return { file: parse(script, opts), syntaxError: null };
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    const before = commandsBefore(script, e);
    if (!before) return e;
    try {
      return { file: parse(before, opts), syntaxError: e };
    } catch {
      return e;
    }
  }
}

/** a budget's message → the reason the run gives: the memory budgets are worth telling apart */
export function limitReason(message: string): RunEndReason {
  return message.startsWith('memory limit exceeded') ? 'memory' : 'limit';
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
