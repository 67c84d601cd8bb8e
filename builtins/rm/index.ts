// rm: remove files and directories (GNU coreutils 9.1 wording), remediation mode only.
// Removal goes through the sandbox (`:rw` roots); links are unlinked, never followed while
// recursing; a per-run entry budget bounds what one script can delete. rshell cannot prompt, so
// -i, -I and --interactive other than `never` are refused; --no-preserve-root is refused too.

import type { CallContext, Command } from '../types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineFlags, flagBool, parseFlags, versionText, writeUsageError, type Occurrence } from '../internal/flags.js';
import { quote, quoteaf, quotef } from '../internal/quote.js';
import { remediationRefusal, runCounter } from '../internal/remediation.js';
import { printAndExit, say } from '../internal/print.js';
import { BUDGET_MESSAGE, Remover, type RemoveOptions } from './remove.js';
import { RM_USAGE } from './usage.js';

/** entries (files, links, directories) one run may remove */
export const RM_ENTRY_BUDGET = 10_000;

// long options in GNU rm's table order
const SPEC = defineFlags({
  flags: [
    { name: 'force', short: 'f', long: 'force', kind: 'boolean' },
    { name: 'i', short: 'i', kind: 'boolean' },
    { name: 'I', short: 'I', kind: 'boolean' },
    { name: 'interactive', long: 'interactive', kind: 'optional' },
    { name: 'oneFileSystem', long: 'one-file-system', kind: 'boolean' },
    { name: 'noPreserveRoot', long: 'no-preserve-root', kind: 'boolean' },
    { name: 'preserveRoot', long: 'preserve-root', kind: 'optional' },
    // GNU's hidden option (for its tests; it only changes prompting, which rshell refuses): listed
    // so that `---` and the ambiguity list match
    { name: 'presumeInputTty', long: '-presume-input-tty', kind: 'boolean' },
    { name: 'recursive', short: 'rR', long: 'recursive', kind: 'boolean' },
    { name: 'dir', short: 'd', long: 'dir', kind: 'boolean' },
    { name: 'verbose', short: 'v', long: 'verbose', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
});

const INTERACTIVE_MEANING: Record<string, string> = { never: 'never', no: 'never', none: 'never', always: 'always', yes: 'always', once: 'once' };
const INTERACTIVE_WORDS = Object.keys(INTERACTIVE_MEANING);

/** rm's option loop acts in order: -f and -i cancel each other, the last one wins */
function refusal(order: readonly Occurrence[]): string | undefined {
  let prompting: string | undefined;
  for (const o of order) {
    if (o.name === 'force') prompting = undefined;
    else if (o.name === 'i' || o.name === 'I') prompting = o.spelled;
    else if (o.name === 'interactive') {
      const v = o.value;
      if (v !== undefined) {
        const matches = INTERACTIVE_WORDS.filter((w) => w.startsWith(v));
        const exact = INTERACTIVE_WORDS.includes(v);
        // gnulib argmatch takes a prefix whose matches all mean the same (`n`: never/no/none);
        // '' is a prefix of every word, so it is ambiguous, not invalid
        const meanings = new Set(matches.map((w) => INTERACTIVE_MEANING[w]));
        if (!exact && meanings.size !== 1) {
          const kind = matches.length === 0 ? 'invalid' : 'ambiguous';
          return (
            `rm: ${kind} argument ${quote(v)} for '--interactive'\nValid arguments are:\n` +
            "  - 'never', 'no', 'none'\n  - 'once'\n  - 'always', 'yes'\nTry 'rm --help' for more information.\n"
          );
        }
        const word = exact ? v : matches[0]!;
        if (INTERACTIVE_MEANING[word] === 'never') {
          prompting = undefined;
          continue;
        }
      }
      prompting = '--interactive';
    } else if (o.name === 'noPreserveRoot') {
      return 'rm: --no-preserve-root is refused: rshell never removes /\n';
    } else if (o.name === 'preserveRoot' && o.value !== undefined && o.value !== 'all') {
      return `rm: unrecognized --preserve-root argument: ${quoteaf(o.value)}\n`;
    }
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

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  if (!r.ok) {
    // GNU's option loop dies of a bad --interactive or --preserve-root word before it meets the
    // bad option (rshell's own refusals are not GNU errors: those give way to the bad option)
    const early = refusal(r.order);
    if (early !== undefined && !early.includes(' is refused: ')) {
      await say(ctx.stderr, early);
      return 1;
    }
    await say(ctx.stderr, `rm: ${r.message}\n${leadingHyphenHint(ctx, args)}`);
    return writeUsageError(ctx, '', 1);
  }
  if (flagBool(r.flags, 'help')) return printAndExit(ctx, RM_USAGE);
  if (flagBool(r.flags, 'version')) return printAndExit(ctx, versionText('rm'));
  const refused = refusal(r.order);
  if (refused !== undefined) {
    await say(ctx.stderr, refused);
    return 1;
  }
  const force = flagBool(r.flags, 'force') && !r.order.some((o, i) => (o.name === 'i' || o.name === 'I') && i > lastIndex(r.order, 'force'));
  if (r.operands.length === 0) {
    if (force) return 0;
    return writeUsageError(ctx, 'missing operand', 1);
  }
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }

  const opts: RemoveOptions = {
    recursive: flagBool(r.flags, 'recursive'),
    emptyDirs: flagBool(r.flags, 'dir'),
    force,
    verbose: flagBool(r.flags, 'verbose'),
    oneFileSystem: flagBool(r.flags, 'oneFileSystem'),
  };
  const counter = runCounter(ctx, 'rm.entries');
  const remover = new Remover(ctx, opts, {
    remaining: () => RM_ENTRY_BUDGET - counter.value,
    spend: () => counter.add(1),
  });

  let status = 0;
  for (const path of r.operands) {
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

function lastIndex(order: readonly Occurrence[], name: string): number {
  for (let i = order.length - 1; i >= 0; i--) if (order[i]!.name === name) return i;
  return -1;
}

export const rm: Command = {
  name: 'rm',
  summary: 'remove files or directories',
  usage: RM_USAGE,
  run,
};
