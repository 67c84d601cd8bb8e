// `--help` for the core builtins, as bash: the builtin prints its help text (bash's own, loaded
// lazily by ../builtin-help) on stdout, does nothing else, and returns 2. Builtins without options
// look at their first argument only (`exit --help`, but `exit -- --help` is a numeric error);
// builtins that parse options (internal_getopt) find it anywhere among the leading options, after
// any earlier invalid option has been reported (`unset -v --help` helps, `unset -x --help` errs).

import type { LetClause } from '../../syntax/ast.js';
import type { Shell } from '../state/shell.js';
import { writeBuiltinHelp } from './texts-index.js';

export const HELP = '--help';

/** print bash's help for `name`; the builtin returns this as its status (2) */
export function showHelp(sh: Shell, name: string): Promise<number> {
  return writeBuiltinHelp(sh.stdout, name);
}

/**
 * Does bash's option scan reach `--help` before an operand, `--`, or an option letter not in
 * `letters`? `withArg` holds the letters whose argument is the next word when they end a cluster
 * (an optional one, like set's -o, only when that word does not start with - or +). `plus`: `+x`
 * words are options too (set, declare).
 */
export function helpAmongOptions(
  args: readonly string[],
  letters: string,
  opts: { withArg?: string; optionalArg?: string; plus?: boolean } = {},
): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === HELP) return true;
    if (a === '--' || a.length < 2 || !(a[0] === '-' || (opts.plus === true && a[0] === '+'))) return false;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (!letters.includes(c)) return false;
      const takes = opts.withArg?.includes(c) === true;
      const optional = opts.optionalArg?.includes(c) === true;
      if (!takes && !optional) continue;
      if (k + 1 < a.length) break; // the rest of the cluster is the argument
      const next = args[i + 1];
      if (takes || (next !== undefined && next[0] !== '-' && next[0] !== '+')) i++;
      break;
    }
  }
  return false;
}

/**
 * `let --help` as the parser sees it: the arithmetic `--help` (pre-decrement of `help`), written
 * as one word. bash checks the word before evaluating anything, so the compiler asks this first.
 */
export function isLetHelp(cmd: LetClause): boolean {
  const x = cmd.Exprs[0];
  if (x?.type !== 'UnaryArithm' || x.Op !== '--' || x.Post || x.X.type !== 'Word') return false;
  const part = x.X.Parts.length === 1 ? x.X.Parts[0] : undefined;
  return part?.type === 'Lit' && part.Value === 'help' && part.ValuePos === x.OpPos + 2;
}
