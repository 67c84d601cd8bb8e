// The table of core builtins: the ones that need the interpreter's internals (control flow,
// variables and scopes, options, eval/source, traps).
import type { CoreBuiltin } from './types.js';
import * as C from './control.js';
import * as S from './state.js';

export const CORE_BUILTINS: ReadonlyMap<string, CoreBuiltin> = new Map<string, CoreBuiltin>([
  ['exit', C.exit],
  ['return', C.returnB],
  ['break', C.breakB],
  ['continue', C.continueB],
  ['shift', C.shift],
  [':', C.colon],
  ['eval', C.evalB],
  ['source', C.source],
  ['.', C.dot],
  ['exec', C.execB],
  ['wait', C.wait],
  ['trap', C.trap],
  ['command', C.command],
  ['builtin', C.builtin],
  ['let', C.let_],
  ['set', S.set],
  ['shopt', S.shopt],
  ['unset', S.unset],
  ['declare', S.declareB],
  ['typeset', S.typesetB],
  ['local', S.localB],
  ['export', S.exportB],
  ['readonly', S.readonlyB],
]);

export type { CoreBuiltin };
