// printf [-v var] format [arguments] — the engine is ../printf-format.ts; this file handles the
// options, bash's usage errors (status 2) and `-v` assignment.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { formatPrintf } from '../../../lib/printf/format.js';
import { assignmentError, assignTarget, isAssignTarget } from '../state/assign-target.js';
import { writeBuiltinHelp } from '../help/texts-index.js';
import { complain, emit } from './io.js';

const USAGE_LINE = 'printf: usage: printf [-v var] format [arguments]';

function usageError(ctx: ShellContext, msg?: string): number {
  if (msg) complain(ctx.stderr, `printf: ${msg}`);
  complain(ctx.stderr, USAGE_LINE);
  return 2;
}

export const printf: ShellBuiltin = {
  name: 'printf',
  summary: 'format and print arguments',
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: 'printf: printf [-v var] format [arguments]\n',
  run(ctx, args) {
    let i = 0;
    let target: string | undefined;
    while (i < args.length) {
      const a = args[i]!;
      if (a === '--') {
        i++;
        break;
      }
      if (a === '--help') return writeBuiltinHelp(ctx.stdout, 'printf');
      if (a.length < 2 || a[0] !== '-') break;
      if (a[1] !== 'v') return usageError(ctx, `${a.slice(0, 2)}: invalid option`);
      if (a.length > 2) target = a.slice(2);
      else if (i + 1 < args.length) target = args[++i];
      else return usageError(ctx, '-v: option requires an argument');
      // checked as the option is read, as bash does: before a missing FORMAT is reported
      if (!isAssignTarget(target!)) {
        complain(ctx.stderr, `printf: \`${target}': not a valid identifier`);
        return 2;
      }
      i++;
    }
    if (i >= args.length) return usageError(ctx);
    const r = formatPrintf(args[i]!, args.slice(i + 1), { tz: ctx.getEnv('TZ') });
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
