// logrotate: Go rshell's remediation subset — truncate log files to zero bytes, optionally only
// those of at least SIZE bytes. No config files, renames, compression, state or scripts: the one
// write is the sandbox's truncate (`:rw` roots, no symlink, no hard link, checked on the fd).

import type { CallContext } from '../types.js';
import { DETAIL, errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { quote, quotef } from '../internal/quote.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { parseSize } from '../internal/size-arg.js';
import { LOGROTATE_USAGE } from './usage.js';

// Go rshell's options; the --size value is checked after the remediation and -s/-f checks, as there
const FLAGS = {
  size: flag.string('-s --size'),
  force: flag.boolean('-f --force'),
  dryRun: flag.boolean('-n --dry-run'),
  verbose: flag.boolean('-v --verbose'),
  help: flag.help('-h --help'),
  version: flag.version('--version'),
};

/** the threshold in bytes, or the error line */
function threshold(text: string): number | string {
  const parsed = parseSize(text, quote);
  if (!parsed.ok) return `logrotate: invalid size ${quote(text)}\n`;
  if (parsed.relation !== 'set') return `logrotate: invalid size ${quote(text)}: relative size operators not supported\n`;
  if (parsed.size > BigInt(Number.MAX_SAFE_INTEGER)) return `logrotate: invalid size ${quote(text)}\n`;
  return Number(parsed.size);
}

async function run(ctx: CallContext, { flags, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }
  const sizeText = flags.size;
  const force = flags.force;
  if (sizeText === undefined && !force) {
    await say(ctx.stderr, 'logrotate: you must specify --size or --force\n');
    return 1;
  }
  if (sizeText !== undefined && force) {
    await say(ctx.stderr, 'logrotate: --size and --force cannot be combined\n');
    return 1;
  }
  let min = 0;
  if (sizeText !== undefined) {
    const t = threshold(sizeText);
    if (typeof t === 'string') {
      await say(ctx.stderr, t);
      return 1;
    }
    min = t;
  }
  if (operands.length === 0) return writeUsageError(ctx, 'missing file operand', 1);

  const dryRun = flags.dryRun;
  const report = dryRun || flags.verbose;
  let status = 0;
  for (const file of operands) {
    ctx.checkAbort();
    const line = rotateOne(ctx, file, min, dryRun);
    if (line.error !== undefined) {
      await say(ctx.stderr, `logrotate: ${quotef(file)}: ${line.error}\n`);
      status = 1;
    } else if (report) {
      await say(ctx.stdout, line.report);
    }
  }
  return status;
}

function rotateOne(ctx: CallContext, file: string, min: number, dryRun: boolean): { error?: string; report: string } {
  const st = ctx.fs.lstat(file);
  if (!st.ok) return { error: errorText(st.error), report: '' };
  const info = st.value;
  if (info.type === 'symlink') return { error: DETAIL.symlinkTarget, report: '' };
  if (info.type === 'dir') return { error: 'Is a directory', report: '' };
  if (info.type !== 'file') return { error: 'not a regular file', report: '' };
  if (info.nlink > 1) return { error: DETAIL.hardLinkTarget, report: '' };
  if (!ctx.fs.writable(file)) return { error: 'Permission denied', report: '' };
  if (info.size < min) {
    const report = dryRun
      ? `logrotate: ${file}: would skip, ${info.size} bytes below threshold ${min}\n`
      : `logrotate: ${file}: ${info.size} bytes below threshold ${min}, skipping\n`;
    return { report };
  }
  if (dryRun) return { report: `logrotate: ${file}: would truncate ${info.size} bytes\n` };
  const done = ctx.fs.truncate(file, 0);
  if (!done.ok) return { error: errorText(done.error), report: '' };
  return { report: `logrotate: ${file}: truncated ${info.size} bytes\n` };
}

export const logrotate = defineCommand({
  name: 'logrotate',
  summary: 'truncate log files to zero bytes (rshell subset)',
  help: LOGROTATE_USAGE,
  flags: FLAGS,
  run,
});
