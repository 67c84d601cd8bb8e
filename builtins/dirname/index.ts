// dirname: strip the last component from file names (GNU coreutils 9.1). Pure string work on the
// operands' bytes: no file is looked at. Options may follow operands (getopt permutes) unless
// POSIXLY_CORRECT is exported.

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, parseFlags, versionText, writeUsageError } from '../internal/flags.js';
import { writeThen } from '../internal/print.js';
import { encode } from '../../lib/io/encoding.js';
import { dirName } from '../internal/path-names.js';
import { writeRecords } from '../internal/records.js';
import { DIRNAME_USAGE } from './usage.js';

const SPEC = defineFlags({
  flags: [
    { name: 'zero', short: 'z', long: 'zero', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
});

function run(ctx: CallContext, args: string[]): number | Promise<number> {
  const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  if (!r.ok) return writeUsageError(ctx, r.message, 1);
  if (flagBool(r.flags, 'help')) return writeThen(ctx.stdout, DIRNAME_USAGE, 0);
  if (flagBool(r.flags, 'version')) return writeThen(ctx.stdout, versionText('dirname'), 0);
  if (r.operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
  return writeRecords(ctx, r.operands.map((name) => dirName(encode(name))), flagBool(r.flags, 'zero'));
}

export const dirname: Command = {
  name: 'dirname',
  summary: 'strip the last component from file name',
  usage: DIRNAME_USAGE,
  run,
};
