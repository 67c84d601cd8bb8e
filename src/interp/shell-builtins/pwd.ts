// pwd [-LP] — print the working directory: logical (as reached through symlinks, default) or
// physical (-P, symlinks resolved through the sandbox). Extra operands are ignored, as in bash.
import type { ShellBuiltin } from '../shell-api.js';
import { complain, emit } from './io.js';
import { parseOptions } from './options.js';

const SYNOPSIS = 'pwd [-LP]';

export const pwd: ShellBuiltin = {
  name: 'pwd',
  summary: 'print the name of the current working directory',
  usage: `pwd: ${SYNOPSIS}
    Print the absolute name of the current working directory.

    Options:
      -L	print the logical directory, as reached through symlinks (default)
      -P	print the physical directory, without symbolic links
`,
  run(ctx, args) {
    const p = parseOptions(ctx, 'pwd', SYNOPSIS, pwd.usage, 'LP', args);
    if (typeof p === 'number') return p;
    const physical = p.order.lastIndexOf('P') > p.order.lastIndexOf('L');
    if (!physical) return emit(ctx.stdout, ctx.cwd + '\n');
    const real = ctx.fs.realpath(ctx.cwd);
    if (!real.ok) {
      complain(ctx.stderr, `pwd: error retrieving current directory: ${real.error.message}`);
      return 1;
    }
    return emit(ctx.stdout, real.value + '\n');
  },
};
