// chmod: change file mode bits (GNU coreutils 9.1), in remediation mode only, through the
// sandbox's chmod (`:rw` roots, one-name targets). Octal and symbolic modes (gnulib modechange,
// builtins/internal/mode-change.ts), `-R` (symlinks met while recursing are left alone, as GNU
// does), `--reference`, `-c -v -f`. The sandbox never sets a file's set-user-ID or set-group-ID
// bit: that change is reported with its reason and the status is 1.

import type { CallContext } from '../types.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { parseMode, type ModeChange } from '../internal/mode-change.js';
import { quote, quoteaf } from '../internal/quote.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { CHMOD_USAGE } from './usage.js';

/** the umask symbolic modes without `who` are filtered by (the usual 022, as mkdir assumes) */
const ASSUMED_UMASK = 0o022;

// long options in GNU chmod's table order
const FLAGS = {
  changes: flag.boolean('-c --changes'),
  noPreserveRoot: flag.boolean('--no-preserve-root'),
  preserveRoot: flag.boolean('--preserve-root'),
  quiet: flag.boolean('-f --silent --quiet'),
  reference: flag.string('--reference'),
  recursive: flag.boolean('-R --recursive'),
  verbose: flag.boolean('-v --verbose'),
  // `chmod -w FILE`: a mode spelled like options (a claim records it)
  modeOption: flag.list(''),
};

const MODE_OPTION = /^-[rwxXstugoa,+=0-7-]+$/;

function symbolic(mode: number): string {
  const r = (shift: number, special: number, on: string, off: string): string =>
    ((mode >> shift) & 4 ? 'r' : '-') + ((mode >> shift) & 2 ? 'w' : '-') +
    (mode & special ? ((mode >> shift) & 1 ? on : off) : (mode >> shift) & 1 ? 'x' : '-');
  return r(6, 0o4000, 's', 'S') + r(3, 0o2000, 's', 'S') + r(0, 0o1000, 't', 'T');
}

const octal = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, '0');

interface Job {
  ctx: CallContext;
  change: ModeChange;
  /** the same MODE without the umask: what `chmod -w` users expect (diagnose_surprises) */
  naive: ModeChange | undefined;
  verbose: boolean;
  changes: boolean;
  quiet: boolean;
  recursive: boolean;
  status: number;
}

async function run(ctx: CallContext, { flags, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  let modeText: string | undefined = flags.modeOption.length > 0 ? flags.modeOption.join(',') : undefined;
  const files = [...operands];
  if (flags.reference === undefined && modeText === undefined) modeText = files.shift();
  if (modeText === undefined && flags.reference === undefined) return writeUsageError(ctx, 'missing operand', 1);
  if (files.length === 0) {
    return writeUsageError(ctx, modeText === undefined || flags.modeOption.length > 0 ? 'missing operand' : `missing operand after ${quote(modeText)}`, 1);
  }
  let change: ModeChange;
  let naive: ModeChange | undefined;
  if (flags.reference !== undefined) {
    const st = ctx.fs.stat(flags.reference);
    if (!st.ok) {
      await say(ctx.stderr, `chmod: failed to get attributes of ${quoteaf(flags.reference)}: ${errorText(st.error)}\n`);
      return 1;
    }
    const m = st.value.mode & 0o7777;
    change = () => ({ mode: m, bits: 0o7777 });
  } else {
    const c = parseMode(modeText!, ASSUMED_UMASK); // modeText is set when there is no --reference
    if (c === null) return writeUsageError(ctx, `invalid mode: ${quote(modeText!)}`, 1);
    change = c;
    if (flags.modeOption.length > 0) naive = parseMode(modeText!, 0) ?? undefined;
  }
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }
  const job: Job = { ctx, change, naive, verbose: flags.verbose, changes: flags.changes, quiet: flags.quiet, recursive: flags.recursive, status: 0 };
  for (const file of files) {
    ctx.checkAbort();
    const st = ctx.fs.stat(file);
    if (!st.ok) {
      if (!job.quiet) await say(ctx.stderr, `chmod: cannot access ${quoteaf(file)}: ${errorText(st.error)}\n`);
      job.status = 1;
      continue;
    }
    await one(job, file, st.value);
  }
  return job.status;
}

async function one(job: Job, file: string, info: FileInfo): Promise<void> {
  const { ctx } = job;
  const isDir = info.type === 'dir';
  const old = info.mode & 0o7777;
  const next = job.change(old, isDir).mode & 0o7777;
  let ok = true;
  if (next !== old) {
    const r = ctx.fs.chmod?.(file, next);
    if (r === undefined || !r.ok) {
      ok = false;
      job.status = 1;
      if (!job.quiet) {
        const why = r === undefined ? 'Operation not permitted' : errorText(r.error);
        await say(ctx.stderr, `chmod: changing permissions of ${quoteaf(file)}: ${why}\n`);
      }
    }
  }
  if (job.verbose || (job.changes && ok && next !== old)) {
    const text = ok && next !== old
      ? `mode of ${quoteaf(file)} changed from ${octal(old)} (${symbolic(old)}) to ${octal(next)} (${symbolic(next)})\n`
      : !ok
        ? `failed to change mode of ${quoteaf(file)} from ${octal(old)} (${symbolic(old)}) to ${octal(next)} (${symbolic(next)})\n`
        : `mode of ${quoteaf(file)} retained as ${octal(old)} (${symbolic(old)})\n`;
    await say(ctx.stdout, text);
  }
  if (ok && job.naive !== undefined) {
    const expected = job.naive(old, isDir).mode & 0o7777;
    if ((next & ~expected & 0o7777) !== 0 || (expected & ~next & 0o777) !== 0) {
      await say(ctx.stderr, `chmod: ${file}: new permissions are ${symbolic(next)}, not ${symbolic(expected)}\n`);
      job.status = 1;
    }
  }
  if (job.recursive && isDir) {
    const list = ctx.fs.readdir(file);
    if (!list.ok) {
      if (!job.quiet) await say(ctx.stderr, `chmod: cannot read directory ${quoteaf(file)}: ${errorText(list.error)}\n`);
      job.status = 1;
      return;
    }
    for (const e of list.value) {
      ctx.checkAbort();
      const child = file.endsWith('/') ? file + e.name : `${file}/${e.name}`;
      const st = ctx.fs.lstat(child);
      if (!st.ok) {
        if (!job.quiet) await say(ctx.stderr, `chmod: cannot access ${quoteaf(child)}: ${errorText(st.error)}\n`);
        job.status = 1;
        continue;
      }
      // symlinks met while recursing are neither followed nor changed
      if (st.value.type === 'symlink') continue;
      await one(job, child, st.value);
    }
  }
}

export const chmod = defineCommand({
  name: 'chmod',
  summary: 'change file mode bits',
  help: CHMOD_USAGE,
  flags: FLAGS,
  claim() {
    return (args, i) => {
      const a = args[i]!;
      if (MODE_OPTION.test(a) && a !== '--') return { consumed: 1, occurrence: { name: 'modeOption', value: a.slice(0), spelled: a } };
      return undefined;
    };
  },
  run,
});
