// caller [expr] — the context of a function call, read from the call-stack arrays the core keeps
// (FUNCNAME, BASH_SOURCE, BASH_LINENO), following bash's caller.def:
//   no EXPR:  "${BASH_LINENO[0]} ${BASH_SOURCE[1]}" (NULL for a missing element)
//   EXPR = N: "${BASH_LINENO[N]} ${FUNCNAME[N+1]} ${BASH_SOURCE[N+1]}", status 1 past the stack
// Status 1 at once when BASH_LINENO or BASH_SOURCE is empty (the top level of a script given as
// text, like `bash -c`), before its options are looked at, as bash does.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { emit } from './io.js';
import { defineOptions, Ended, helpFirst, invalidNumberMessage, scanOptions, usageError } from './options.js';
import { legalNumber } from '../../../lib/text/legal-number.js';

/** no options (bash's no_options), after a first --help is answered (CHECK_HELPOPT) */
const OPTIONS = defineOptions({ name: 'caller', synopsis: 'caller [expr]' });

function usage(ctx: ShellContext, message: string): number {
  return usageError(ctx, OPTIONS, message);
}

export const caller: ShellBuiltin = {
  name: 'caller',
  summary: 'return the context of the current subroutine call',
  // `--help` and `help caller` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: 'caller: caller [expr]\n',
  options: OPTIONS,
  run(ctx, args) {
    const help = helpFirst(ctx, OPTIONS, args);
    if (help !== undefined) return help;
    const lineno = ctx.vars.getArray('BASH_LINENO') ?? [];
    const source = ctx.vars.getArray('BASH_SOURCE') ?? [];
    if (lineno.length === 0 || source.length === 0) return 1;
    const at = scanOptions(ctx, OPTIONS, args);
    if (at instanceof Ended) return at.status;
    const operands = at === 0 ? args : args.slice(at);
    const frame = operands[0];
    if (frame === undefined) return emit(ctx.stdout, `${lineno[0] ?? 'NULL'} ${source[1] ?? 'NULL'}\n`);
    // bash also returns 1 here when FUNCNAME is empty; with BASH_LINENO and BASH_SOURCE set it
    // never is (at the top level of a script file it still holds a hidden `main`)
    const funcname = ctx.vars.getArray('FUNCNAME') ?? [];
    const n = legalNumber(frame);
    if (n === null) return usage(ctx, invalidNumberMessage(frame));
    // a negative frame reads past the start of the arrays: nothing there
    const k = n < 0n || n > BigInt(Number.MAX_SAFE_INTEGER) ? -1 : Number(n);
    const line = k < 0 ? undefined : lineno[k];
    const file = k < 0 ? undefined : source[k + 1];
    const func = k < 0 ? undefined : funcname[k + 1];
    if (line === undefined || file === undefined || func === undefined) return 1;
    return emit(ctx.stdout, `${line} ${func} ${file}\n`);
  },
};
