// rmdir: remove empty directories (GNU coreutils 9.1), in remediation mode only, through the
// sandbox's rmdir (`:rw` roots). -p then removes each parent named in the operand.

import type { CallContext } from '../types.js';
import type { FsError } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { quoteaf } from '../internal/quote.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { RMDIR_USAGE } from './usage.js';

// long options in GNU rmdir's table order
const FLAGS = {
  ignoreFailOnNonEmpty: flag.boolean('--ignore-fail-on-non-empty'),
  parents: flag.boolean('-p --parents'),
  verbose: flag.boolean('-v --verbose'),
};

async function run(ctx: CallContext, { flags, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }
  const ignorable = (e: FsError): boolean => flags.ignoreFailOnNonEmpty && (e.code === 'ENOTEMPTY' || e.code === 'EEXIST');
  let status = 0;
  for (const dir of operands) {
    ctx.checkAbort();
    if (flags.verbose) await say(ctx.stdout, `rmdir: removing directory, ${quoteaf(dir)}\n`);
    const r = ctx.fs.rmdir(dir);
    if (!r.ok) {
      if (ignorable(r.error)) continue;
      await say(ctx.stderr, `rmdir: failed to remove ${quoteaf(dir)}: ${errorText(r.error)}\n`);
      status = 1;
      continue;
    }
    if (!flags.parents) continue;
    // the parents named in the operand, innermost first
    let path = dir.replace(/\/+$/, '');
    for (;;) {
      const slash = path.lastIndexOf('/');
      if (slash <= 0) break;
      path = path.slice(0, slash).replace(/\/+$/, '');
      if (path === '') break;
      if (flags.verbose) await say(ctx.stdout, `rmdir: removing directory, ${quoteaf(path)}\n`);
      const p = ctx.fs.rmdir(path);
      if (!p.ok) {
        if (!ignorable(p.error)) {
          await say(ctx.stderr, `rmdir: failed to remove directory ${quoteaf(path)}: ${errorText(p.error)}\n`);
          status = 1;
        }
        break;
      }
    }
  }
  return status;
}

export const rmdir = defineCommand({
  name: 'rmdir',
  summary: 'remove empty directories',
  help: RMDIR_USAGE,
  flags: FLAGS,
  run,
});
