// The public Runner API types (the library agents embed). Implementation: src/interp/runner.ts.

/**
 * Anything with a Node-style write(); process.stdout and fs.WriteStream qualify.
 *
 * The run fails closed on a sink that misbehaves:
 * - a write() that throws, or a Node stream that emits 'close' or 'error' while the run waits for
 *   'drain', is a closed stdout (as a pipe whose reader left): the command writing gets status 141
 *   (bash's SIGPIPE) and, as bash itself dies of SIGPIPE when it writes there, a write at the top
 *   level ends the run with exit code 141, silently. Output is buffered (~64 KiB), so a sink that
 *   fails at the last flush also ends the run with 141. The sink's own error message is not shown;
 * - a sink that stops accepting writes (never calls back, never emits 'drain') is waited for only
 *   until the run's timeout or the caller's signal: the run then ends with exit code 124 and
 *   `timedOut` or `cancelled`, as any timeout or cancellation. Without a timeout or a signal,
 *   nothing ends that wait.
 */
export interface WritableLike {
  write(chunk: Uint8Array, cb?: (err?: Error | null) => void): boolean | void;
  once?(event: 'drain', listener: () => void): unknown;
  /**
   * Node streams have these: a sink that errors or closes while a write waits for 'drain' ends
   * the wait (later writes fail like a closed pipe) instead of hanging the run.
   */
  removeListener?(event: 'drain' | 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
}

/**
 * The script's standard input. An async iterable (a Node Readable, an async generator) is read
 * lazily, at the script's first read, and bounded by the run: its reads end at the timeout or the
 * signal, and a source that is always ready still lets timers and signals run (the event loop gets
 * a turn every 16 MiB or 20 ms). A source that throws or rejects, or yields a chunk that is neither
 * a Uint8Array nor a string, is a read error (EIO): each command reports it as the GNU tool does
 * (`cat: -: Input/output error`, status 1), later reads fail the same way, and the script goes on.
 * The source's own error message is not shown. Empty chunks are skipped.
 */
export type StdinSource = string | Uint8Array | AsyncIterable<Uint8Array | string>;

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
}

export interface RunnerOptions {
  /** 'PATH' (read-only), 'PATH:ro' or 'PATH:rw' */
  allowedPaths?: string[];
  /** ['rshell:cat', …] or 'all'; default: none */
  allowedCommands?: string[] | 'all';
  /** the script's initial (exported) variables; the host environment is never visible */
  env?: Record<string, string>;
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
}

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
}
