// rm: remove files and directories (GNU coreutils 9.1 wording), remediation mode only.
// Removal goes through the sandbox (`:rw` roots); links are unlinked, never followed while
// recursing; a per-run entry budget bounds what one script can delete. rshell cannot prompt, so
// -i, -I and --interactive other than `never` are refused; --no-preserve-root is refused too.

import type { CallContext } from '../types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, reject, writeUsageError, type CommandLine, type Reject } from '../internal/command.js';
import { quoteaf, quotef } from '../internal/quote.js';
import { remediationRefusal, runCounter } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { BUDGET_MESSAGE, Remover, type RemoveOptions } from './remove.js';
import { RM_USAGE } from './usage.js';

/** entries (files, links, directories) one run may remove */
export const RM_ENTRY_BUDGET = 10_000;

// interactive_args, in GNU's order (argmatch's error lists them so)
const INTERACTIVE = { never: 'never', no: 'never', none: 'never', once: 'once', always: 'always', yes: 'always' } as const;

/** --preserve-root[=all]: GNU dies of any other word in its option loop */
function preserveRoot(text: string): 'all' | Reject {
  return text === 'all' ? 'all' : reject(`unrecognized --preserve-root argument: ${quoteaf(text)}`);
}

// long options in GNU rm's table order
const FLAGS = {
  force: flag.boolean('-f --force'),
  i: flag.boolean('-i'),
  I: flag.boolean('-I'),
  interactive: flag.choice('--interactive', INTERACTIVE, { bare: 'always' }),
  oneFileSystem: flag.boolean('--one-file-system'),
  noPreserveRoot: flag.boolean('--no-preserve-root'),
  preserveRoot: flag.value('--preserve-root', preserveRoot, { bare: 'root' }),
  // GNU's hidden option (for its tests; it only changes prompting, which rshell refuses): listed
  // so that `---` and the ambiguity list match
  presumeInputTty: flag.boolean('---presume-input-tty'),
  recursive: flag.boolean('-r -R --recursive'),
  dir: flag.boolean('-d --dir'),
  verbose: flag.boolean('-v --verbose'),
};

type Order = CommandLine<typeof FLAGS>['order'];

/** rm's option loop acts in order: -f and -i cancel each other, the last one wins */
function refusal(flags: CommandLine<typeof FLAGS>['flags'], order: Order): string | undefined {
  if (flags.noPreserveRoot) return 'rm: --no-preserve-root is refused: rshell never removes /\n';
  let prompting: string | undefined;
  for (const o of order) {
    if (o.name === 'force') prompting = undefined;
    else if (o.name === 'i' || o.name === 'I') prompting = o.spelled;
    else if (o.name === 'interactive') prompting = o.value === 'never' ? undefined : '--interactive';
  }
  if (prompting !== undefined) return `rm: ${prompting} is refused: rshell cannot prompt for confirmation (use -f or no option)\n`;
  return undefined;
}

/** `.` or `..` as the last component (GNU refuses these with -r) */
function dotOperand(path: string): boolean {
  const trimmed = path.replace(/\/+$/, '');
  const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return last === '.' || last === '..';
}

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const refused = refusal(flags, order);
  if (refused !== undefined) {
    await say(ctx.stderr, refused);
    return 1;
  }
  // -f, unless a later -i or -I cancels it
  let force = false;
  for (const o of order) {
    if (o.name === 'force') force = true;
    else if (o.name === 'i' || o.name === 'I') force = false;
  }
  if (operands.length === 0) {
    if (force) return 0;
    return writeUsageError(ctx, 'missing operand', 1);
  }
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }

  const opts: RemoveOptions = {
    recursive: flags.recursive,
    emptyDirs: flags.dir,
    force,
    verbose: flags.verbose,
    oneFileSystem: flags.oneFileSystem,
  };
  const counter = runCounter(ctx, 'rm.entries');
  const remover = new Remover(ctx, opts, {
    remaining: () => RM_ENTRY_BUDGET - counter.value,
    spend: () => counter.add(1),
  });

  let status = 0;
  for (const path of operands) {
    ctx.checkAbort();
    if (!opts.recursive && opts.emptyDirs && dotOperand(path)) {
      // rmdir(".") fails; GNU rm reports the directory as not empty
      await say(ctx.stderr, `rm: cannot remove ${quoteaf(path)}: Directory not empty\n`);
      status = 1;
      continue;
    }
    if (opts.recursive && dotOperand(path)) {
      await say(ctx.stderr, `rm: refusing to remove '.' or '..' directory: skipping ${quoteaf(path)}\n`);
      status = 1;
      continue;
    }
    if (opts.recursive && ctx.fs.abs(path) === '/') {
      await say(ctx.stderr, "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n");
      status = 1;
      continue;
    }
    const st = ctx.fs.lstat(path);
    if (!st.ok) {
      // gnulib's ignorable_missing: -f is silent about ENOTDIR too (`rm -f file/`)
      if (force && (st.error.code === 'ENOENT' || st.error.code === 'ENOTDIR')) continue;
      await say(ctx.stderr, `rm: cannot remove ${quoteaf(path)}: ${errorText(st.error)}\n`);
      status = 1;
      continue;
    }
    const outcome = await remover.operand(path, st.value.type, st.value.dev);
    if (outcome === 'budget') {
      await say(ctx.stderr, BUDGET_MESSAGE(RM_ENTRY_BUDGET));
      return 1;
    }
    if (outcome === 'failed') status = 1;
  }
  return status;
}

/** GNU rm's diagnose_leading_hyphen: an existing file named like an option gets a hint */
function leadingHyphenHint(ctx: CallContext, args: readonly string[]): string {
  for (const arg of args) {
    if (arg.length < 2 || arg[0] !== '-') continue;
    if (ctx.fs.lstat(arg).ok) return `Try '${ctx.name} ./${quotef(arg)}' to remove the file ${quoteaf(arg)}.\n`;
  }
  return '';
}

export const rm = defineCommand({
  name: 'rm',
  summary: 'remove files or directories',
  help: RM_USAGE,
  flags: FLAGS,
  // GNU's diagnose_leading_hyphen between getopt's message and the Try line
  badOption: async (ctx, message, args) => {
    await say(ctx.stderr, `rm: ${message}\n${leadingHyphenHint(ctx, args)}`);
    return writeUsageError(ctx, '', 1);
  },
  run,
});
