// readlink: print a symbolic link's target, or with -f/-e/-m the canonical name (GNU coreutils
// 9.1), through the sandbox (builtins/internal/canonicalize.ts). Errors are silent unless -v.

import type { CallContext } from '../types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { canonicalize, type CanMode } from '../internal/canonicalize.js';
import { quotef } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { READLINK_USAGE } from './usage.js';

// long options in GNU readlink's table order
const FLAGS = {
  canonicalize: flag.boolean('-f --canonicalize'),
  existing: flag.boolean('-e --canonicalize-existing'),
  missing: flag.boolean('-m --canonicalize-missing'),
  noNewline: flag.boolean('-n --no-newline'),
  quiet: flag.boolean('-q --quiet'),
  silent: flag.boolean('-s --silent'),
  verbose: flag.boolean('-v --verbose'),
  zero: flag.boolean('-z --zero'),
};

async function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
  let mode: CanMode | undefined;
  let verbose = false;
  for (const o of order) {
    if (o.name === 'canonicalize') mode = 'all-but-last';
    else if (o.name === 'existing') mode = 'existing';
    else if (o.name === 'missing') mode = 'missing';
    else if (o.name === 'verbose') verbose = true;
    else if (o.name === 'quiet' || o.name === 'silent') verbose = false;
  }
  let noNewline = flags.noNewline;
  if (noNewline && operands.length > 1) {
    await say(ctx.stderr, 'readlink: ignoring --no-newline with multiple arguments\n');
    noNewline = false;
  }
  const end = noNewline ? '' : flags.zero ? '\0' : '\n';
  let status = 0;
  for (const name of operands) {
    ctx.checkAbort();
    let value: string | undefined;
    let failure: string | undefined;
    if (mode === undefined) {
      const r = ctx.fs.readlink(name);
      if (r.ok) value = r.value;
      else failure = errorText(r.error);
    } else {
      const r = canonicalize(ctx.fs, name, mode);
      if (r.ok) value = r.path;
      else failure = r.message;
    }
    if (value !== undefined) {
      const p = ctx.stdout.writeString(value + end);
      if (p) await p;
    } else {
      status = 1;
      if (verbose) await say(ctx.stderr, `readlink: ${quotef(name)}: ${failure}\n`);
    }
  }
  return status;
}

export const readlink = defineCommand({
  name: 'readlink',
  summary: 'print resolved symbolic links or canonical file names',
  help: READLINK_USAGE,
  flags: FLAGS,
  run,
});
