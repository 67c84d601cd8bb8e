// The builtin contract. A builtin sees only its CallContext: byte streams, the sandbox view, a
// read-only view of exported variables, limits, the run's signal, and `exec` for running other
// builtins (xargs, find -exec) through the same policy checks. No builtin imports node:fs or reads
// process.env.

import type { ByteReader, ByteWriter } from '../lib/io/streams.js';
import type { SandboxFS } from '../allowedpaths/types.js';

export interface Limits {
  /** bytes a single builtin may hold in memory for one line/record (GNU has no limit; we do) */
  maxLineBytes: number;
  /** lines/bytes `sort` may hold */
  maxSortBytes: number;
  /** whole-file reads */
  maxFileBytes: number;
}

export interface ExecIO {
  stdin?: ByteReader;
  stdout?: ByteWriter;
  stderr?: ByteWriter;
  /** working directory for the command (absolute, or relative to the caller's cwd): find -execdir */
  cwd?: string;
  /**
   * how the caller reports a command that does not exist (execvp's ENOENT): GNU xargs says
   * `xargs: NAME: No such file or directory`, find `find: 'NAME': …`. Without it the shell's own
   * `NAME: command not found` is printed. Either way the status is 127.
   */
  notFoundMessage?: (name: string) => string;
  /** the child's environment as `env` changes it (exec only; `shell` children start from it too) */
  env?: ExecEnv;
}

/** `env -i -u NAME NAME=VALUE cmd`: what the child's environment loses and gains, in that order */
export interface ExecEnv {
  /** -i: start from an empty environment */
  clear?: boolean;
  /** -u NAME */
  unset?: readonly string[];
  /** NAME=VALUE, exported to the child */
  set?: ReadonlyArray<readonly [string, string]>;
}

export interface CallContext {
  /** the command name as invoked (argv[0]) */
  readonly name: string;
  readonly stdin: ByteReader;
  readonly stdout: ByteWriter;
  readonly stderr: ByteWriter;
  /** the shell's working directory (absolute) */
  readonly cwd: string;
  /** the sandbox, bound to cwd */
  readonly fs: SandboxFS;
  /** exported shell variables (read-only) */
  getEnv(name: string): string | undefined;
  /** the exported variables with their values, in the order bash passes them to a child (env) */
  exportedEnv(): Array<[string, string]>;
  readonly signal: AbortSignal;
  readonly limits: Limits;
  readonly mode: 'read-only' | 'remediation';
  /** the proc root for system builtins (default /proc) */
  readonly procPath: string;
  /** run another command (builtin) with the same policy checks; returns its exit status */
  exec(argv: string[], io?: ExecIO): Promise<number>;
  /**
   * run a command string as `sh -c TEXT` would (awk's system(), `print | "cmd"`, `"cmd" |
   * getline`): parsed and run by rshell in a fresh child shell that sees only the exported
   * variables, under the same policy, sandbox, budgets and deadline; returns its exit status
   */
  runShellText(script: string, io?: ExecIO): Promise<number>;
  /** throws the run's abort error if the deadline passed or the run was cancelled */
  checkAbort(): void;
}

export interface Command {
  name: string;
  /** one line for `help` */
  summary: string;
  /** the full --help text (stdout, exit 0) */
  usage: string;
  /** args exclude argv[0]; returns the exit status (sync fast path, or a promise) */
  run(ctx: CallContext, args: string[]): number | Promise<number>;
}
