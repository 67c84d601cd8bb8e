// pwd [-LP] — print the working directory: logical (as reached through symlinks, default) or
// physical (-P, symlinks resolved through the sandbox). Extra operands are ignored, as in bash.
import type { ShellBuiltin } from '../state/shell-api.js';
import { complain, emit } from './io.js';
import { defineOptions, Ended, parseOptions } from './options.js';

const SYNOPSIS = 'pwd [-LP]';
const OPTIONS = defineOptions({ name: 'pwd', letters: 'LP', synopsis: SYNOPSIS });

export const pwd: ShellBuiltin = {
  name: 'pwd',
  summary: 'print the name of the current working directory',
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `pwd: ${SYNOPSIS}\n`,
  options: OPTIONS,
  run(ctx, args) {
    const p = parseOptions(ctx, OPTIONS, args);
    if (p instanceof Ended) return p.status;
    const physical = p.order.lastIndexOf('P') > p.order.lastIndexOf('L');
    // an ancestor of a root has no symlinks (roots are canonical) and cannot be resolved itself
    if (!physical || ctx.fs.traversable?.(ctx.cwd, true)) return emit(ctx.stdout, ctx.cwd + '\n');
    const real = ctx.fs.realpath(ctx.cwd);
    if (!real.ok) {
      complain(ctx.stderr, `pwd: error retrieving current directory: ${real.error.message}`);
      return 1;
    }
    return emit(ctx.stdout, real.value + '\n');
  },
};
