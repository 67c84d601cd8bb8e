// The public Runner API types (the library agents embed). Implementation: src/isolation/runner.ts
// (the worker pool) over src/interp/runner.ts (the interpreter, in-process).

export type { WritableLike, StdinSource } from '../lib/io/host-types.js';
import type { StdinSource, WritableLike } from '../lib/io/host-types.js';
import type { Command } from '../builtins/types.js';

export interface RunLimits {
  /** bytes of stdout (and separately of stderr) kept/forwarded per run; the rest is dropped, truncated=true */
  maxOutputBytes: number;
  /** bytes captured by one $(…) */
  maxCmdSubstBytes: number;
  /** bytes of one here-document */
  maxHeredocBytes: number;
  /** bytes of the script text */
  maxScriptBytes: number;
  /**
   * syntax nodes of the script (about one per simple command, more for compound ones), and of
   * each eval/source text: each costs about a kilobyte once compiled
   */
  maxScriptNodes: number;
  /** bytes of one variable's value */
  maxVarBytes: number;
  /** iterations of all loops together */
  maxLoopIterations: number;
  /** nested function calls */
  maxCallDepth: number;
  /** entries one glob may produce / readdir calls per run */
  maxGlobEntries: number;
  /** stages in one pipeline */
  maxPipelineStages: number;
  /** nested subshells / command substitutions / eval / source */
  maxSubshellDepth: number;
  /**
   * bytes of script-visible data one run may hold: what all variables hold (each array element
   * or associative entry counted with a fixed overhead besides its text), and any single value
   * being made (an expansion's words, a pattern replacement's result, a brace expansion, the lines
   * `mapfile` collects) against what is left. Past it the run stops with
   * `memory limit exceeded (maxMemoryBytes N)`.
   */
  maxMemoryBytes: number;
}

export interface RunnerOptions {
  /** 'PATH' (read-only), 'PATH:ro' or 'PATH:rw' */
  allowedPaths?: string[];
  /** ['rshell:cat', …] or 'all'; default: none */
  allowedCommands?: string[] | 'all';
  /** the script's initial (exported) variables; the host environment is never visible */
  env?: Record<string, string>;
  /**
   * host variables copied into the script's environment by name (`['LANG', 'TZ']`), read when the
   * Runner is made; `env` wins over them. Nothing else of the host's environment is visible.
   */
  inheritEnv?: string[];
  /** working directory; default: the first root */
  cwd?: string;
  /** wall-clock limit per run; 0 or absent = none */
  timeoutMs?: number;
  mode?: 'read-only' | 'remediation';
  /** proc root for the system builtins; default /proc */
  procPath?: string;
  limits?: Partial<RunLimits>;
  /** receives warnings such as skipped roots; default: none (they are kept in runner.warnings) */
  onWarning?: (message: string) => void;
  /**
   * 'worker': each run() runs in a worker thread of its own (a warm one from the Runner's pool),
   * with a heap cap (maxHeapMiB) and a hard deadline: a script that exhausts its heap or blocks in
   * synchronous code ends with a result (reason 'memory' / 'timeout'), never takes the host down,
   * and concurrent runs share the cores through the operating system. 'none': in the host's own
   * thread (no start-up or copying cost; for trusted scripts and hot paths). Default: 'none'
   * (docs/SECURITY.md says when to choose which); the CLI runs its scripts in a worker.
   */
  isolation?: 'worker' | 'none';
  /** worker mode: the heap cap of each worker, MiB (V8's old generation); default 512 */
  maxHeapMiB?: number;
  /**
   * worker mode: how many runs may have a worker at once; more wait in a queue. Default: as many
   * heaps of maxHeapMiB as half the machine's memory holds, at least 1
   */
  maxWorkers?: number;
  /**
   * rules finer than a command name, judged on the words after expansion where each command is
   * dispatched (so wrappers cannot hide one): the strictest matching rule wins (deny > ask >
   * allow); a command no rule matches is left to `allowedCommands`. See docs/SECURITY.md.
   */
  rules?: Rule[];
  /**
   * asked for each command an `ask` rule matches, while the script waits (its deadline keeps
   * running): true lets the command run. Without it, `ask` refuses.
   */
  approve?: (request: ApprovalRequest) => boolean | Promise<boolean>;
  /** how long an approval may take before it counts as a refusal, ms; default 60000 */
  approvalTimeoutMs?: number;
  /** one event per command dispatched (builtins, commands and functions), refused ones included */
  onCommand?: (event: CommandEvent) => void;
  /**
   * the embedder's own commands, by name (`defineCommand` from the package root): each gets the
   * context a builtin gets (streams, env, cwd, the sandbox, the deadline and signal) and nothing
   * else, is gated by `allowedCommands` and `rules` like any command, appears in `help` and
   * `type`, and may be async. A name may replace one of rshell's commands, not a shell builtin.
   */
  commands?: Record<string, Command>;
}

export type RuleAction = 'allow' | 'ask' | 'deny';

export interface Rule {
  /**
   * blank-separated shell patterns: the first matches the command name, each further one a later
   * argument, in order, with any arguments around them (`git push` matches `git -C r push -f`)
   */
  match: string;
  action: RuleAction;
  /** said in the refusal: `git push: refused by policy (REASON)` */
  reason?: string;
  /** only when an operand lies inside one of these absolute directories (resolved lexically) */
  under?: string[];
}

export interface ApprovalRequest {
  /** the command's words after expansion */
  argv: string[];
  cwd: string;
  /** the `ask` rule that matched */
  rule: Rule;
}

export type CommandDecision = 'allowed' | 'approved' | 'denied' | 'not-approved' | 'not-allowed';

export interface CommandEvent {
  argv: string[];
  cwd: string;
  kind: 'builtin' | 'command' | 'function' | 'unknown';
  decision: CommandDecision;
  /** the rule that decided, when one matched */
  rule?: Rule;
  /** wall-clock start (ms since the epoch) and duration */
  startMs: number;
  durationMs: number;
  exitCode: number;
  stdoutBytes: number;
  stderrBytes: number;
  /** absolute paths the command opened for reading and for writing, through the sandbox */
  read: string[];
  written: string[];
}

/**
 * Why a run ended early (RunResult.reason; undefined for a run that ended on its own):
 * - 'timeout': timeoutMs passed (exit status 124)
 * - 'cancelled': the caller's signal (124)
 * - 'memory': a memory budget, or a worker's heap cap (1)
 * - 'limit': another budget (loops, call depth, sizes…; 1 or 2)
 * - 'output-limit': the run ended on its own, but stdout or stderr was cut at maxOutputBytes
 * - 'internal-error': a fault of rshell's own (1)
 * The run's stderr ends with the same one-line message the CLI shows.
 */
export type RunEndReason = 'timeout' | 'cancelled' | 'memory' | 'limit' | 'output-limit' | 'internal-error';

/**
 * What a run needs of a cancellation signal. An AbortSignal is one; so is any object with these
 * three members (the CLI's CancelSwitch: Node's AbortController module costs ~0.6 ms to load, a
 * real share of a short CLI run). `abort` listeners are called once, when it is cancelled.
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * Checked before anything runs: a wrong value rejects run()'s promise with a TypeError naming the
 * option (`stdin: expected a string, a Uint8Array or an async iterable …`, `script: expected a
 * string`, `args: expected an array of strings`, `signal: expected an AbortSignal …`). An absent
 * option is `undefined`; `null` is a wrong value.
 */
export interface RunOptions {
  stdin?: StdinSource;
  /** when given, output streams there and RunResult.stdout is absent */
  stdout?: WritableLike;
  stderr?: WritableLike;
  /** cancels the run (exit status 124, RunResult.cancelled): an AbortSignal or any CancelSignal */
  signal?: AbortSignal | CancelSignal;
  /** script name for messages ($0); default 'rshell' */
  name?: string;
  /**
   * the file the script was read from, for BASH_SOURCE (the CLI sets it when it runs a file);
   * absent, the script is text as with `bash -c`: BASH_SOURCE has no entry for it
   */
  sourceFile?: string;
  /** positional parameters $1… */
  args?: string[];
}

export interface RunResult {
  exitCode: number;
  /** buffered output (decoded UTF-8, invalid bytes replaced) when no stream was given */
  stdout?: string;
  stderr?: string;
  /** raw buffered bytes when no stream was given */
  stdoutBytes?: Uint8Array;
  stderrBytes?: Uint8Array;
  /** output was cut at maxOutputBytes */
  truncated: boolean;
  durationMs: number;
  /** the run ended on its deadline (exitCode 124) */
  timedOut: boolean;
  /** the run was cancelled through the signal (exitCode 124) */
  cancelled: boolean;
  /** why the run ended early; absent when it ended on its own with all its output */
  reason?: RunEndReason;
}
