// caller [expr] — the context of a function call, read from the call-stack arrays the core keeps
// (FUNCNAME, BASH_SOURCE, BASH_LINENO), following bash's caller.def:
//   no EXPR:  "${BASH_LINENO[0]} ${BASH_SOURCE[1]}" (NULL for a missing element)
//   EXPR = N: "${BASH_LINENO[N]} ${FUNCNAME[N+1]} ${BASH_SOURCE[N+1]}", status 1 past the stack
// Status 1 at once when BASH_LINENO or BASH_SOURCE is empty (the top level of a script given as
// text, like `bash -c`), before its options are looked at, as bash does.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { writeBuiltinHelp } from '../help/texts-index.js';
import { complain, emit } from './io.js';
import { invalidNumberMessage } from './options.js';
import { legalNumber } from '../../../lib/text/legal-number.js';

const USAGE_LINE = 'caller: usage: caller [expr]';

function usage(ctx: ShellContext, message: string): number {
  complain(ctx.stderr, `caller: ${message}`);
  complain(ctx.stderr, USAGE_LINE);
  return 2;
}

export const caller: ShellBuiltin = {
  name: 'caller',
  summary: 'return the context of the current subroutine call',
  // `--help` and `help caller` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: 'caller: caller [expr]\n',
  run(ctx, args) {
    if (args[0] === '--help') return writeBuiltinHelp(ctx.stdout, 'caller');
    const lineno = ctx.vars.getArray('BASH_LINENO') ?? [];
    const source = ctx.vars.getArray('BASH_SOURCE') ?? [];
    if (lineno.length === 0 || source.length === 0) return 1;
    // no options (bash's internal_getopt with ""): `--` is skipped, `-x` is an invalid option
    let operands = args;
    if (args[0] === '--') operands = args.slice(1);
    else if (args[0] !== undefined && args[0].length > 1 && args[0][0] === '-') return usage(ctx, `-${args[0][1]}: invalid option`);
    if (operands.length === 0) return emit(ctx.stdout, `${lineno[0] ?? 'NULL'} ${source[1] ?? 'NULL'}\n`);
    // bash also returns 1 here when FUNCNAME is empty; with BASH_LINENO and BASH_SOURCE set it
    // never is (at the top level of a script file it still holds a hidden `main`)
    const funcname = ctx.vars.getArray('FUNCNAME') ?? [];
    const n = legalNumber(operands[0]!);
    if (n === null) return usage(ctx, invalidNumberMessage(operands[0]!));
    // a negative frame reads past the start of the arrays: nothing there
    const k = n < 0n || n > BigInt(Number.MAX_SAFE_INTEGER) ? -1 : Number(n);
    const line = k < 0 ? undefined : lineno[k];
    const file = k < 0 ? undefined : source[k + 1];
    const func = k < 0 ? undefined : funcname[k + 1];
    if (line === undefined || file === undefined || func === undefined) return 1;
    return emit(ctx.stdout, `${line} ${func} ${file}\n`);
  },
};
