// basename: strip directory and suffix from file names (GNU coreutils 9.1). Pure string work on
// the operands' bytes: no file is looked at. getopt stops at the first operand ("+as:z"), so in
// `basename NAME -s x` the `-s` is a SUFFIX operand, as in GNU.

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, flagString, parseFlags, versionText, writeUsageError } from '../internal/flags.js';
import { quote } from '../internal/quote.js';
import { writeThen } from '../internal/print.js';
import { encode } from '../../lib/io/encoding.js';
import { baseName, removeSuffix } from '../internal/path-names.js';
import { writeRecords } from '../internal/records.js';
import { BASENAME_USAGE } from './usage.js';

// long options in GNU's longopts order (the ambiguity message follows it)
const SPEC = defineFlags({
  flags: [
    { name: 'multiple', short: 'a', long: 'multiple', kind: 'boolean' },
    { name: 'suffix', short: 's', long: 'suffix', kind: 'string' },
    { name: 'zero', short: 'z', long: 'zero', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
  stopAtFirstOperand: true,
});

function run(ctx: CallContext, args: string[]): number | Promise<number> {
  const r = parseFlags(SPEC, args);
  if (!r.ok) return writeUsageError(ctx, r.message, 1);
  if (flagBool(r.flags, 'help')) return writeThen(ctx.stdout, BASENAME_USAGE, 0);
  if (flagBool(r.flags, 'version')) return writeThen(ctx.stdout, versionText('basename'), 0);
  const optionSuffix = flagString(r.flags, 'suffix');
  const multiple = flagBool(r.flags, 'multiple') || optionSuffix !== undefined;
  const names = r.operands;
  if (names.length === 0) return writeUsageError(ctx, 'missing operand', 1);
  if (!multiple && names.length > 2) return writeUsageError(ctx, `extra operand ${quote(names[2]!)}`, 1);

  // NAME SUFFIX form: the second operand is the suffix, only one name
  const suffixText = multiple ? optionSuffix : names[1];
  const suffix = suffixText === undefined ? undefined : encode(suffixText);
  const results = (multiple ? names : names.slice(0, 1)).map((name) => {
    const base = baseName(encode(name));
    return suffix === undefined ? base : removeSuffix(base, suffix);
  });
  return writeRecords(ctx, results, flagBool(r.flags, 'zero'));
}

export const basename: Command = {
  name: 'basename',
  summary: 'strip directory and suffix from file names',
  usage: BASENAME_USAGE,
  run,
};
