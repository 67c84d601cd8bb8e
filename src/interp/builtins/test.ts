// test EXPR and [ EXPR ] — evaluation in ./test-eval.ts. Syntax errors print `test: msg` (or
// `[: msg`) and return 2.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { complain } from './io.js';
import { TestEvaluator } from '../exec/test-eval.js';
import { defineOptions } from './options.js';

const DESCRIPTION = `    Evaluate a conditional expression; exit status 0 (true), 1 (false) or 2 (error).

    File operators: -a -e (exists) -f (regular) -d (directory) -h -L (symlink)
      -b -c -p -S (device, fifo, socket) -s (not empty) -r -w -x (permissions)
      -u -g -k (mode bits) -O -G (owner) -N (modified since read)
      F1 -nt F2, F1 -ot F2 (newer/older), F1 -ef F2 (same file)
    Strings: -z S, -n S, S, S1 = S2, S1 == S2, S1 != S2, S1 < S2, S1 > S2
    Integers: N1 -eq -ne -lt -le -gt -ge N2
    Other: -v VAR (variable is set), -o OPTION (shell option is on), -t FD
    Combine with ! EXPR, ( EXPR ), EXPR1 -a EXPR2, EXPR1 -o EXPR2.
`;

function run(ctx: ShellContext, name: string, args: string[]): number {
  if (name === '[') {
    if (args[args.length - 1] !== ']') {
      complain(ctx.stderr, "[: missing `]'");
      return 2;
    }
    args = args.slice(0, -1);
  }
  const r = new TestEvaluator(ctx, name === '[').evaluate(args);
  if (r.status === 2) complain(ctx.stderr, `${name}: ${r.message}`);
  return r.status;
}

export const test: ShellBuiltin = {
  name: 'test',
  summary: 'evaluate a conditional expression',
  // every word is the expression's: `test -x` tests, `test --help` is a non-empty string
  options: defineOptions({ name: 'test', style: 'none' }),
  usage: 'test: test [expr]\n' + DESCRIPTION,
  run: (ctx, args) => run(ctx, 'test', args),
};

export const bracket: ShellBuiltin = {
  name: '[',
  summary: 'evaluate a conditional expression (like test; the last argument must be ])',
  options: defineOptions({ name: '[', style: 'none' }),
  usage: '[: [ arg... ]\n' + DESCRIPTION,
  run: (ctx, args) => run(ctx, '[', args),
};
