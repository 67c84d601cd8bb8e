// tr: translate, squeeze and/or delete bytes from standard input (GNU coreutils 9.1, C locale:
// every byte is a character). Operand parsing is in spec.ts, validation and tables in sets.ts;
// stream.ts the streaming filter; this file handles options and operand counts.

import type { CallContext, Command } from '../types.js';
import { writeThen } from '../internal/print.js';
import { encode } from '../../lib/io/encoding.js';
import { defineFlags, flagBool, parseFlags, versionText, writeUsageError } from '../internal/flags.js';
import { quote } from '../internal/quote.js';
import { readFailure } from '../internal/inputs.js';
import { parseSpec, type Element } from './spec.js';
import { buildTables } from './sets.js';
import { filter } from './stream.js';
import { TR_USAGE } from './usage.js';

const SPEC = defineFlags({
  flags: [
    { name: 'complement', short: 'cC', long: 'complement', kind: 'boolean' },
    { name: 'delete', short: 'd', long: 'delete', kind: 'boolean' },
    { name: 'squeeze', short: 's', long: 'squeeze-repeats', kind: 'boolean' },
    { name: 'truncate', short: 't', long: 'truncate-set1', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
  // GNU tr's optstring starts with '+': options end at the first operand
  stopAtFirstOperand: true,
});

async function writeErr(ctx: CallContext, text: string): Promise<number> {
  const p = ctx.stderr.writeString(text);
  if (p) await p;
  return 1;
}

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  if (!r.ok) return writeUsageError(ctx, r.message, 1);
  const f = r.flags;
  if (flagBool(f, 'help')) return writeThen(ctx.stdout, TR_USAGE, 0);
  if (flagBool(f, 'version')) return writeThen(ctx.stdout, versionText('tr'), 0);
  const o = {
    complement: flagBool(f, 'complement'),
    delete: flagBool(f, 'delete'),
    squeeze: flagBool(f, 'squeeze'),
    truncate: flagBool(f, 'truncate'),
  };
  const operands = r.operands;
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
  const built = buildTables(sets[0]!, sets[1], o);
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

export const tr: Command = {
  name: 'tr',
  summary: 'translate, squeeze, and/or delete characters',
  usage: TR_USAGE,
  run,
};
