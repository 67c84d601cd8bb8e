// Errors internal to the interpreter. They unwind one command (never a loop iteration's normal
// path): an expansion error stops the command, and in bash a non-interactive shell then exits.

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
  ) {
    super(message);
    this.name = 'AssignError';
  }
}
