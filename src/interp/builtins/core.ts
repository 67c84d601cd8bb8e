// Table entries for the builtins that work on the interpreter's own state: control flow (exit,
// return, break, continue, shift), running code (eval, source, exec, trap, command, builtin,
// let, wait) and variables, scopes and options (set, shopt, unset, declare and its kin). Their
// bodies (control.ts, set-unset.ts) take the Shell itself. bash's help texts serve `NAME --help`
// and `help NAME`; they stay off `help`'s list of commands (no summary), as before.

import type { ShellBuiltin } from '../state/shell-api.js';
import type { CoreBuiltin } from './core-types.js';
import * as C from './control.js';
import * as S from './set-unset.js';
import { DECLARE_OPTIONS } from '../exec/declare.js';
import type { OptionTable } from './options.js';

/**
 * `always`: available whatever the command policy. exit, break and continue are not: like Go
 * rshell's, they run only when allowed; nor are source and `.`, which read files. `options`: the table the body scans its words with.
 */
function entry(name: string, body: CoreBuiltin, options: OptionTable, always = true): ShellBuiltin {
  return { name, summary: '', usage: '', always, options, run: (ctx, args) => body(ctx.shell, args) };
}

const O = { ...C.OPTIONS, ...S.OPTIONS, ...DECLARE_OPTIONS };

export const exitBuiltin = entry('exit', C.exit, O.exit, false);
export const returnBuiltin = entry('return', C.returnB, O.return);
export const breakBuiltin = entry('break', C.breakB, O.break, false);
export const continueBuiltin = entry('continue', C.continueB, O.continue, false);
export const shiftBuiltin = entry('shift', C.shift, O.shift);
export const evalBuiltin = entry('eval', C.evalB, O.eval);
// source and `.` read a file of the roots: gated by the command policy, as read and mapfile are
export const sourceBuiltin = entry('source', C.source, O.source, false);
export const dotBuiltin = entry('.', C.dot, O['.'], false);
export const execBuiltin = entry('exec', C.execB, O.exec);
export const waitBuiltin = entry('wait', C.wait, O.wait);
export const trapBuiltin = entry('trap', C.trap, O.trap);
export const commandBuiltin = entry('command', C.command, O.command);
export const builtinBuiltin = entry('builtin', C.builtin, O.builtin);
export const letBuiltin = entry('let', C.let_, O.let);
export const setBuiltin = entry('set', S.set, O.set);
export const shoptBuiltin = entry('shopt', S.shopt, O.shopt);
export const unsetBuiltin = entry('unset', S.unset, O.unset);
export const declareBuiltin = entry('declare', S.declareB, O.declare);
export const typesetBuiltin = entry('typeset', S.typesetB, O.typeset);
export const localBuiltin = entry('local', S.localB, O.local);
export const exportBuiltin = entry('export', S.exportB, O.export);
export const readonlyBuiltin = entry('readonly', S.readonlyB, O.readonly);
