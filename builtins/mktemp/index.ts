// mktemp: create a temporary file or directory (GNU coreutils 9.1), in remediation mode only and
// through the sandbox (`:rw` roots): a file with an exclusive create (mode 0600), a directory
// with mkdir (0700), retried with new names while the name exists. TMPDIR comes from the shell's
// exported variables. -u only prints a name, and so works in read-only mode too. The names'
// random letters come from Math.random: unpredictable enough for names inside the sandbox, not a
// secret.

import type { CallContext } from '../types.js';
import type { FsError } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { MKTEMP_USAGE } from './usage.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DEFAULT_TEMPLATE = 'tmp.XXXXXXXXXX';
/** names tried before giving up (gnulib tempname tries many more; a sandbox has few names) */
const MAX_TRIES = 100;

// long options in GNU mktemp's table order
const FLAGS = {
  directory: flag.boolean('-d --directory'),
  quiet: flag.boolean('-q --quiet'),
  dryRun: flag.boolean('-u --dry-run'),
  suffix: flag.string('--suffix'),
  // GNU's `-p DIR, --tmpdir[=DIR]` is one option: its short form takes an argument, its long
  // form an optional one
  tmpdir: flag.optional('--tmpdir'),
  p: flag.string('-p'),
  t: flag.boolean('-t'),
};

async function fail(ctx: CallContext, text: string): Promise<number> {
  await say(ctx.stderr, text);
  return 1;
}

async function run(ctx: CallContext, { flags, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  if (operands.length > 1) return writeUsageError(ctx, 'too many templates', 1);
  let template = operands[0];
  let useDir = flags.tmpdir !== undefined || flags.p !== undefined || flags.t;
  if (template === undefined) {
    template = DEFAULT_TEMPLATE;
    useDir = true;
  }
  let suffix = '';
  let stem = template;
  if (flags.suffix !== undefined) {
    if (flags.suffix.includes('/')) return fail(ctx, `mktemp: invalid suffix ${quote(flags.suffix)}, contains directory separator\n`);
    if (!template.endsWith('X')) return fail(ctx, `mktemp: with --suffix, template ${quote(template)} must end in X\n`);
    suffix = flags.suffix;
  } else {
    const lastX = template.lastIndexOf('X');
    suffix = lastX < 0 ? '' : template.slice(lastX + 1);
    stem = lastX < 0 ? template : template.slice(0, lastX + 1);
  }
  const xs = /X*$/.exec(stem)![0].length; // the regex always matches (possibly empty)
  if (xs < 3) return fail(ctx, `mktemp: too few X's in template ${quote(template + (flags.suffix ?? ''))}\n`);
  let dir: string | undefined;
  if (useDir) {
    if (template.includes('/')) return fail(ctx, `mktemp: invalid template, ${quote(template)}, contains directory separator\n`);
    const env = ctx.getEnv('TMPDIR');
    const long = typeof flags.tmpdir === 'string' && flags.tmpdir !== '' ? flags.tmpdir : undefined;
    const given = flags.p !== undefined && flags.p !== '' ? flags.p : long;
    // -t prefers TMPDIR over -p's directory; -p prefers its own
    dir = flags.t ? (env || given || '/tmp') : (given ?? (env || '/tmp'));
  }
  const base = stem.slice(0, stem.length - xs);
  const nameWith = (): string => {
    let r = '';
    for (let i = 0; i < xs; i++) r += LETTERS[Math.floor(Math.random() * LETTERS.length)];
    const leaf = base + r + suffix;
    return dir === undefined ? leaf : dir.endsWith('/') ? dir + leaf : `${dir}/${leaf}`;
  };
  const shown = dir === undefined ? template + (flags.suffix ?? '') : `${dir.endsWith('/') ? dir : `${dir}/`}${template}${flags.suffix ?? ''}`;
  if (flags.dryRun) {
    await say(ctx.stdout, `${nameWith()}\n`);
    return 0;
  }
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) return fail(ctx, notAllowed);
  let last: FsError | undefined;
  for (let i = 0; i < MAX_TRIES; i++) {
    const name = nameWith();
    let err: FsError | undefined;
    if (flags.directory) {
      const r = ctx.fs.mkdir(name, { mode: 0o700 });
      if (!r.ok) err = r.error;
    } else {
      const r = ctx.fs.openWrite(name, { create: true, exclusive: true, mode: 0o600 });
      if (r.ok) r.value.close();
      else err = r.error;
    }
    if (err === undefined) {
      await say(ctx.stdout, `${name}\n`);
      return 0;
    }
    last = err;
    if (err.code !== 'EEXIST') break;
  }
  if (flags.quiet) return 1;
  const what = flags.directory ? 'directory' : 'file';
  return fail(ctx, `mktemp: failed to create ${what} via template ${quote(shown)}: ${last === undefined ? 'File exists' : errorText(last)}\n`);
}

export const mktemp = defineCommand({
  name: 'mktemp',
  summary: 'create a temporary file or directory',
  help: MKTEMP_USAGE,
  flags: FLAGS,
  run,
});
