// tr: translate, squeeze and/or delete bytes from standard input (GNU coreutils 9.1, C locale:
// every byte is a character). Operand parsing is in spec.ts, validation and tables in sets.ts;
// stream.ts the streaming filter; this file handles options and operand counts.

import type { CallContext } from '../types.js';
import { encode } from '../../lib/io/encoding.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { readFailure } from '../internal/inputs.js';
import { parseSpec, type Element } from './spec.js';
import { buildTables } from './sets.js';
import { filter } from './stream.js';
import { TR_USAGE } from './usage.js';

// long options in GNU tr's table order
const FLAGS = {
  complement: flag.boolean('-c -C --complement'),
  delete: flag.boolean('-d --delete'),
  squeeze: flag.boolean('-s --squeeze-repeats'),
  truncate: flag.boolean('-t --truncate-set1'),
};

async function writeErr(ctx: CallContext, text: string): Promise<number> {
  const p = ctx.stderr.writeString(text);
  if (p) await p;
  return 1;
}

async function run(ctx: CallContext, { flags: o, operands, args }: CommandLine<typeof FLAGS>): Promise<number> {
  const minOperands = 1 + (o.delete === o.squeeze ? 1 : 0);
  const maxOperands = 1 + (!o.delete || o.squeeze ? 1 : 0);
  if (operands.length < minOperands) {
    if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
    const why = o.squeeze
      ? 'Two strings must be given when both deleting and squeezing repeats.'
      : 'Two strings must be given when translating.';
    return writeUsageError(ctx, `missing operand after ${quote(args[args.length - 1]!)}\n${why}`, 1);
  }
  if (operands.length > maxOperands) {
    const extra = `extra operand ${quote(operands[maxOperands]!)}`;
    const why = operands.length === 2 ? '\nOnly one string may be given when deleting without squeezing repeats.' : '';
    return writeUsageError(ctx, extra + why, 1);
  }

  const warnings: string[] = [];
  const sets: Element[][] = [];
  for (const operand of operands) {
    const parsed = parseSpec(encode(operand), warnings);
    if (!parsed.ok) {
      for (const w of warnings) await writeErr(ctx, w);
      return writeErr(ctx, parsed.error);
    }
    sets.push(parsed.elements);
  }
  for (const w of warnings) await writeErr(ctx, w);
  const built = buildTables(sets[0]!, sets[1], o); // a set per operand, one at least
  if (!built.ok) return writeErr(ctx, built.error);
  try {
    await filter(ctx, built.tables);
  } catch (e) {
    // stdin that fails on read(2) (a directory): GNU's wording, status 1
    const failure = readFailure(e);
    if (failure === undefined) throw e;
    return writeErr(ctx, `tr: read error: ${failure.message}\n`);
  }
  return 0;
}

export const tr = defineCommand({
  name: 'tr',
  summary: 'translate, squeeze, and/or delete characters',
  help: TR_USAGE,
  flags: FLAGS,
  // GNU tr's optstring starts with '+': options end at the first operand
  stopAtFirstOperand: true,
  run,
});
