// echo [-neE] [arg ...] — bash's builtin: options only while an argument is entirely made of
// n, e, E letters after one dash (`-nx` and `--` are printed); -e decodes escapes, \c stops output.
import type { ShellBuiltin } from '../state/shell-api.js';
import { decodeEcho } from '../../../lib/text/escapes.js';
import { emit } from './io.js';

const OPTION = /^-[neE]+$/;

export const echo: ShellBuiltin = {
  name: 'echo',
  summary: 'write arguments to stdout',
  usage: `echo: echo [-neE] [arg ...]
    Write the arguments to standard output, separated by single spaces and
    followed by a newline.

    Options:
      -n	do not append a newline
      -e	interpret backslash escapes (\\n, \\t, \\c, \\0NNN, \\xHH, …)
      -E	do not interpret backslash escapes (the default, unless
    	\`shopt -s xpg_echo\` is set)

    \`--\` is printed like any other argument.
`,
  run(ctx, args) {
    let newline = true;
    // `shopt -s xpg_echo` makes -e the default (-E still turns it off)
    let escapes = ctx.options.shopt.get('xpg_echo') === true;
    let i = 0;
    for (; i < args.length && OPTION.test(args[i]!); i++) {
      for (const c of args[i]!.slice(1)) {
        if (c === 'n') newline = false;
        else escapes = c === 'e';
      }
    }
    const words = args.slice(i);
    if (!escapes) return emit(ctx.stdout, words.join(' ') + (newline ? '\n' : ''));
    let out = '';
    for (let k = 0; k < words.length; k++) {
      const d = decodeEcho(words[k]!);
      out += (k > 0 ? ' ' : '') + d.text;
      if (d.stopped) return emit(ctx.stdout, out);
    }
    return emit(ctx.stdout, out + (newline ? '\n' : ''));
  },
};
