// The contract of the shell builtins (src/interp/builtins/: echo, printf, test/[, read, cd,
// set, declare, eval…), the one kind of builtin that needs the shell's own state. A shell
// builtin is a Command whose context is a ShellContext: a CallContext plus the shell's variables
// and options. Builtins that change control flow or scopes (return, break, exit, eval, source,
// declare/local…) reach the interpreter's state itself through `shell`.

import type { CallContext, Command } from '../../../builtins/types.js';
import type { Shell } from './shell.js';

export interface ShellVars {
  /** scalar value ($name; element 0 of an indexed array; '0' is $0); undefined when unset */
  get(name: string): string | undefined;
  /** assign a scalar; returns an error message (`name: readonly variable`) or undefined */
  set(name: string, value: string): string | undefined;
  /** replace with an indexed array (read -a, mapfile); an associative one is refused */
  setArray(name: string, values: string[]): string | undefined;
  /** Optional: is `name` an associative array (mapfile -O refuses one) */
  isAssoc?(name: string): boolean;
  /** elements of an indexed array in index order (a scalar is a one-element array) */
  getArray(name: string): string[] | undefined;
  unset(name: string): string | undefined;
  isSet(name: string): boolean;
  isReadonly(name: string): boolean;
  /** $1 … $N */
  positional(): readonly string[];
  /** is `name` a function (for `type`, `command -v`) */
  isFunction(name: string): boolean;
  /** is `name` a shell keyword / a shell builtin / an allowed command (for `type`) */
  commandKind(name: string): 'keyword' | 'function' | 'builtin' | 'command' | undefined;
  /**
   * Optional: assign one element (`printf -v 'a[1]'`, `read 'a[k]'`); the index is the raw subscript
   * text, evaluated as the array kind requires. Returns an error message or undefined.
   */
  setElement?(name: string, index: string, value: string): string | undefined;
  /** Optional: every kind `name` has, in lookup order (function before builtin), for `type -a` */
  commandKinds?(name: string): ('keyword' | 'function' | 'builtin' | 'command')[];
  /** Optional: a function's definition as `declare -f` prints it, for `type NAME` */
  functionText?(name: string): string | undefined;
}

export interface ShellOptions {
  /** `set -o` names → on/off (errexit, nounset, noglob, pipefail, xtrace, noclobber, …) */
  readonly set: ReadonlyMap<string, boolean>;
  /** `shopt` names → on/off (extglob, nullglob, …) */
  readonly shopt: ReadonlyMap<string, boolean>;
}

export interface ShellContext extends CallContext {
  /**
   * the interpreter's own state, for the builtins that change control flow, scopes, options or
   * run code (exit, return, break, set, declare, eval, source, trap…); the others use the views
   * below
   */
  readonly shell: Shell;
  readonly vars: ShellVars;
  readonly options: ShellOptions;
  /** change the shell's working directory (already resolved and checked by the sandbox) */
  chdir(absPath: string): void;
  /** names of allowed commands and shell builtins, for `help` */
  listCommands(): { name: string; summary: string }[];
  /** the --help text of a command, for `help NAME` */
  commandUsage(name: string): string | undefined;
  /**
   * The shell's descriptor `n` (`read -u 3`, `mapfile -u 3`): its reader and/or writer, or
   * undefined when it is not open. Optional (added by the interpreter core).
   */
  fd?(n: number): { reader?: import('../../../lib/io/streams.js').ByteReader; writer?: import('../../../lib/io/streams.js').ByteWriter } | undefined;
  /**
   * Optional: the run's memory budget (maxMemoryBytes), for a builtin that collects data before
   * storing it (mapfile): what is left, and the stop with the limit's message when it is passed
   */
  readonly memory?: ShellMemory;
}

export interface ShellMemory {
  /** bytes the budget has left */
  room(): number;
  /** stop the run: `memory limit exceeded (maxMemoryBytes N)` */
  over(): never;
}

export interface ShellBuiltin extends Omit<Command, 'run'> {
  /**
   * available whatever the command policy allows: the builtins that only read or change the
   * shell's own state (set, local, eval, getopts…). The others need `rshell:NAME` as commands do.
   */
  readonly always?: boolean;
  /**
   * Optional: the builtin's options as it declares them (an OptionTable of ../help/option.ts):
   * how bash reads its option words (`getopt` with bash's optstring `letters`, `help` for a first
   * `--help` only, echo's own, or `none`) and whether `+x` words are options
   */
  readonly options?: { readonly style: 'getopt' | 'help' | 'echo' | 'none'; readonly letters: string; readonly plus: boolean };
  run(ctx: ShellContext, args: string[]): number | Promise<number>;
}
