// `declare -a "x=(1 2 3)"`: with -a or -A, bash reads a quoted argument's `(…)` value as a
// compound assignment, parsing and expanding its words at run time. The value is re-parsed
// here; one containing a command or process substitution is left a plain string (those run
// through the substitution tape, which only knows the script's own nodes).

import type { ArrayExpr } from '../../syntax/ast.js';
import { parse } from '../../syntax/index.js';
import type { Shell } from '../state/shell.js';
import { arrayItems } from './call.js';
import type { ArrayItem } from '../expand/var-access.js';

const SUBSTITUTION = /\$\(|`|[<>]\(/;

/** the items of `(…)` text, or null when it is not one compound value we can expand here */
export function dynamicArrayItems(sh: Shell, text: string, assoc: boolean): ArrayItem[] | null {
  if (text.length < 2 || text[0] !== '(' || text[text.length - 1] !== ')' || SUBSTITUTION.test(text)) return null;
  const arr = parseArray(text);
  return arr ? arrayItems(sh, arr.Elems, assoc, true) : null;
}

function parseArray(text: string): ArrayExpr | null {
  try {
    const file = parse(`x=${text}`);
    const cmd = file.Stmts.length === 1 ? file.Stmts[0]!.Cmd : null;
    if (cmd?.type !== 'CallExpr' || cmd.Args.length !== 0 || cmd.Assigns.length !== 1) return null;
    return cmd.Assigns[0]!.Array ?? null;
  } catch {
    return null;
  }
}
