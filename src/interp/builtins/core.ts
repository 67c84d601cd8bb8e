// Table entries for the builtins that work on the interpreter's own state: control flow (exit,
// return, break, continue, shift), running code (eval, source, exec, trap, command, builtin,
// let, wait) and variables, scopes and options (set, shopt, unset, declare and its kin). Their
// bodies (control.ts, set-unset.ts) take the Shell itself. bash's help texts serve `NAME --help`
// and `help NAME`; they stay off `help`'s list of commands (no summary), as before.

import type { ShellBuiltin } from '../state/shell-api.js';
import type { CoreBuiltin } from './core-types.js';
import * as C from './control.js';
import * as S from './set-unset.js';

/**
 * `always`: available whatever the command policy. exit, break and continue are not: like Go
 * rshell's, they run only when allowed.
 */
function entry(name: string, body: CoreBuiltin, always = true): ShellBuiltin {
  return { name, summary: '', usage: '', always, run: (ctx, args) => body(ctx.shell, args) };
}

export const exitBuiltin = entry('exit', C.exit, false);
export const returnBuiltin = entry('return', C.returnB);
export const breakBuiltin = entry('break', C.breakB, false);
export const continueBuiltin = entry('continue', C.continueB, false);
export const shiftBuiltin = entry('shift', C.shift);
export const evalBuiltin = entry('eval', C.evalB);
export const sourceBuiltin = entry('source', C.source);
export const dotBuiltin = entry('.', C.dot);
export const execBuiltin = entry('exec', C.execB);
export const waitBuiltin = entry('wait', C.wait);
export const trapBuiltin = entry('trap', C.trap);
export const commandBuiltin = entry('command', C.command);
export const builtinBuiltin = entry('builtin', C.builtin);
export const letBuiltin = entry('let', C.let_);
export const setBuiltin = entry('set', S.set);
export const shoptBuiltin = entry('shopt', S.shopt);
export const unsetBuiltin = entry('unset', S.unset);
export const declareBuiltin = entry('declare', S.declareB);
export const typesetBuiltin = entry('typeset', S.typesetB);
export const localBuiltin = entry('local', S.localB);
export const exportBuiltin = entry('export', S.exportB);
export const readonlyBuiltin = entry('readonly', S.readonlyB);
