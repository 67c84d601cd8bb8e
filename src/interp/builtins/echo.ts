// echo [-neE] [arg ...] — bash's builtin: options only while an argument is entirely made of
// n, e, E letters after one dash (`-nx` and `--` are printed); -e decodes escapes, \c stops output.
import type { ShellBuiltin } from '../state/shell-api.js';
import { decodeEcho } from '../../../lib/text/escapes.js';
import { emit } from './io.js';
import { defineOptions, scanOptions } from './options.js';

/** echo.def's own scan: a word is options only when each letter after its one `-` is one of these */
const OPTIONS = defineOptions({ name: 'echo', style: 'echo', letters: 'neE' });

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
  options: OPTIONS,
  run(ctx, args) {
    let newline = true;
    // `shopt -s xpg_echo` makes -e the default (-E still turns it off)
    let escapes = ctx.options.shopt.get('xpg_echo') === true;
    // the style never ends the command: a number, the count of option words
    const i = scanOptions(ctx, OPTIONS, args) as number;
    for (let k = 0; k < i; k++) {
      const w = args[k]!;
      for (let j = 1; j < w.length; j++) {
        if (w[j] === 'n') newline = false;
        else escapes = w[j] === 'e';
      }
    }
    const words = i === 0 ? args : args.slice(i);
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
