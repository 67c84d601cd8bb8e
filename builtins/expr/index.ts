// expr: evaluate an expression given as separate arguments (GNU coreutils 9.1). Exit status 0
// when the result is neither null nor 0, 1 when it is, 2 for an invalid expression (GNU's status
// for every error expr can meet here; 3 is for failures such as running out of memory).

import type { CallContext } from '../types.js';
import { writeThen } from '../internal/print.js';
import { defineCommand, writeUsageError } from '../internal/command.js';
import { encode } from '../../lib/io/encoding.js';
import { toLatin1 } from '../../lib/regex/index.js';
import { Evaluator, ExprError, isNull } from './evaluate.js';
import { EXPR_USAGE } from './usage.js';

async function evaluate(ctx: CallContext, args: string[]): Promise<number> {
  // GNU handles a leading `--` itself, after parse_long_options (helpVersion: 'alone')
  const tokens = args[0] === '--' ? args.slice(1) : args;
  if (tokens.length === 0) return writeUsageError(ctx, 'missing operand', 2);
  // byte strings: one char per byte, as the C locale sees them
  const bytes = tokens.map((t) => toLatin1(encode(t)));
  let result: ReturnType<Evaluator['run']>;
  try {
    result = new Evaluator(bytes, () => ctx.checkAbort()).run();
  } catch (e) {
    if (!(e instanceof ExprError)) throw e;
    return writeThen(ctx.stderr, `expr: ${e.message}\n`, 2);
  }
  const text = typeof result === 'bigint' ? result.toString() : result;
  const p = ctx.stdout.write(Buffer.from(text + '\n', 'latin1'));
  if (p) await p;
  return isNull(result) ? 1 : 0;
}

export const expr = defineCommand({
  name: 'expr',
  summary: 'evaluate expressions',
  help: EXPR_USAGE,
  // no options: --help or --version only as the one argument (prefixes count), every other
  // argument an operand (`expr -1 + 1`, `expr --help 1`)
  helpVersion: 'alone',
  flags: {},
  run: (ctx, { operands }) => evaluate(ctx, operands),
});
