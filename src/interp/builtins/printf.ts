// printf [-v var] format [arguments] — the engine is ../printf-format.ts; this file handles the
// options, bash's usage errors (status 2) and `-v` assignment.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { formatPrintf } from '../../../lib/printf/format.js';
import { assignmentError, assignTarget, isAssignTarget } from '../state/assign-target.js';
import { complain, emit } from './io.js';
import { defineOptions, Ended, parseOptions, type ParsedOptions } from './options.js';

const OPTIONS = defineOptions({ name: 'printf', letters: 'v:', synopsis: 'printf [-v var] format [arguments]' });
const USAGE_LINE = `printf: usage: ${OPTIONS.synopsis}`;

function usageError(ctx: ShellContext, msg?: string): number {
  if (msg) complain(ctx.stderr, `printf: ${msg}`);
  complain(ctx.stderr, USAGE_LINE);
  return 2;
}

/** printf's options; -v's name is checked as the option is read, as bash does (before a missing FORMAT is reported) */
function printfOptions(ctx: ShellContext, args: readonly string[]): ParsedOptions<'v'> | Ended {
  return parseOptions(ctx, OPTIONS, args, (_c, name) => {
    if (isAssignTarget(name!)) return undefined; // -v, the one letter, takes an argument
    complain(ctx.stderr, `printf: \`${name}': not a valid identifier`);
    return 2;
  });
}

export const printf: ShellBuiltin = {
  name: 'printf',
  summary: 'format and print arguments',
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: 'printf: printf [-v var] format [arguments]\n',
  options: OPTIONS,
  run(ctx, args) {
    let words: readonly string[] = args;
    let target: string | undefined;
    const a0 = args[0];
    if (a0 !== undefined && a0.length > 1 && a0[0] === '-') {
      const p = printfOptions(ctx, args);
      if (p instanceof Ended) return p.status;
      words = p.operands;
      target = p.opts.get('v');
    }
    const [format, ...values] = words;
    if (format === undefined) return usageError(ctx);
    const r = formatPrintf(format, values, { tz: ctx.getEnv('TZ') });
    for (const e of r.errors) complain(ctx.stderr, `printf: ${e}`);
    for (const [name, value] of r.assignments) {
      const err = ctx.vars.set(name, value);
      if (err) complain(ctx.stderr, assignmentError('printf', err));
    }
    if (target !== undefined) {
      // bash builds the value as a C string: it ends at the first NUL byte
      const nul = r.output.indexOf('\0');
      const err = assignTarget(ctx, target, nul < 0 ? r.output : r.output.slice(0, nul));
      if (err) {
        complain(ctx.stderr, assignmentError('printf', err));
        return 1;
      }
      return r.status;
    }
    return emit(ctx.stdout, r.output, r.status);
  },
};
