// Assignment of a builtin's result to a shell variable named by the script: `NAME` or `NAME[SUB]`
// (printf -v, read). Elements go through ShellVars.setElement when the core provides it.
import type { ShellContext } from './shell-api.js';

const TARGET = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.+)\])?$/s;

/** is this a valid assignment target (`name` or `name[subscript]`) */
export function isAssignTarget(s: string): boolean {
  return TARGET.test(s);
}

/** assign; returns bash's error message (`x: readonly variable`) or undefined */
export function assignTarget(ctx: ShellContext, target: string, value: string): string | undefined {
  const m = TARGET.exec(target);
  if (m && m[2] !== undefined && ctx.vars.setElement) return ctx.vars.setElement(m[1]!, m[2], value);
  return ctx.vars.set(target, value);
}

/** how a builtin reports a failed assignment: bash words a readonly one without the builtin's name */
export function assignmentError(builtin: string, err: string): string {
  return err.endsWith(': readonly variable') ? err : `${builtin}: ${err}`;
}
