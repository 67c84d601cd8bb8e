// Errors internal to the interpreter. They unwind one command (never a loop iteration's normal
// path): an expansion error stops the command, and in bash a non-interactive shell then exits.

import type { Shell } from './shell.js';

/**
 * A failed expansion: `x: unbound variable`, `x: parameter null or not set`, arithmetic errors,
 * `bad substitution`. As in bash running a script file:
 *  - `exit` errors (unbound variable, ${x:?}) end the (sub)shell;
 *  - other `fatal` errors abandon the current top-level command (the rest of that line, the
 *    enclosing loop, the function that was running) and the script goes on with the next one;
 *  - non-fatal errors fail only the current command.
 */
export class ExpansionError extends Error {
  constructor(
    message: string,
    readonly status = 1,
    readonly fatal = true,
    readonly exit = false,
    /** printed by bash's report_error: the shell exits under `set -e` (error-status.ts) */
    readonly reported = false,
  ) {
    super(message);
    this.name = 'ExpansionError';
  }
}

/**
 * Thrown by a synchronous expansion when a command substitution needs to wait. The caller awaits
 * `promise`, records the result on the shell's tape and re-runs the expansion, which replays every
 * taped result instead of re-evaluating it (see expand.ts).
 */
export class Suspend {
  constructor(readonly promise: Promise<unknown>) {}
}

/** An assignment failed (`x: readonly variable`): bash aborts the current command list. */
export class AssignError extends Error {
  constructor(
    message: string,
    readonly status = 1,
    /** bash prints it without the builtin's name (`declare a[-9]=x` → `a[-9]: bad array subscript`) */
    readonly bare = false,
  ) {
    super(message);
    this.name = 'AssignError';
  }
}

/**
 * A negative subscript past the start of an indexed array, named as bash names it: by the
 * subscript as written (`b[x-4]: bad array subscript`), not by its value.
 */
export function namedSubscriptError(e: unknown, name: string, text: string): unknown {
  if (e instanceof AssignError && e.message.endsWith(': bad array subscript') && e.message.startsWith(`${name}[-`)) {
    return new AssignError(`${name}[${text}]: bad array subscript`, e.status, true);
  }
  return e;
}

/**
 * Print a message the way bash's report_error does: under `set -e` the shell then exits with
 * status 1 (readonly variables, bad subscripts, bad substitutions), whatever the command was
 * part of (`if r=2`, `f || …`).
 */
export function reportError(sh: Shell, message: string): void {
  sh.error(message);
  if (reportExits(sh)) throw new ExpansionError('', 1, true, true);
}

/** whether report_error exits now: `set -e`, unless inside an eval run as a condition */
export function reportExits(sh: Shell): boolean {
  return sh.setOpts.errexit && sh.quietReports === 0;
}

/**
 * A syntax error's lines as bash prints them: under `set -e` its parser_error exits the shell
 * (status 2) right after the first one, so the offending line is not quoted.
 */
export function firstUnderErrexit(sh: Shell, message: string, errexit = sh.setOpts.errexit): string {
  if (!errexit) return message;
  const nl = message.indexOf('\n');
  return nl < 0 ? message : message.slice(0, nl);
}
