// mkdir: make directories (GNU coreutils 9.1 wording), remediation mode only, `:rw` roots only.
// -p creates each missing parent in turn (each through the sandbox's checks), -v reports each one,
// -m MODE accepts octal and symbolic modes: the directory is made with MODE (the umask applies, as
// mkdir(2) does) and then set to exactly MODE through the sandbox's chmod, as GNU does; with -p
// only the last directory gets MODE, and one that already exists keeps its mode.

import type { CallContext } from '../types.js';
import type { FsError } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { quote, quoteaf } from '../internal/quote.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { parseMode } from '../internal/mode-change.js';
import { MKDIR_USAGE } from './usage.js';

const FLAGS = {
  context: flag.optional('-Z --context', { shortBare: true }),
  mode: flag.string('-m --mode'),
  parents: flag.boolean('-p --parents'),
  verbose: flag.boolean('-v --verbose'),
};

/** the umask GNU mkdir combines with symbolic modes that name no `who` (the usual 022) */
const ASSUMED_UMASK = 0o022;

interface MkdirJob {
  ctx: CallContext;
  mode: number | undefined;
  /** the bits -m sets (gnulib mode_adjust's mode_bits): the others keep what the umask left */
  modeBits: number;
  verbose: boolean;
}

async function run(ctx: CallContext, { flags, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);

  let mode: number | undefined;
  let modeBits = 0;
  const modeText = flags.mode;
  if (modeText !== undefined) {
    const change = parseMode(modeText, ASSUMED_UMASK);
    if (change === null) {
      await say(ctx.stderr, `mkdir: invalid mode ${quote(modeText)}\n`);
      return 1;
    }
    ({ mode, bits: modeBits } = change(0o777, true));
  }
  if (flags.context !== undefined) {
    await say(ctx.stderr, 'mkdir: -Z/--context is refused: rshell does not set security contexts\n');
    return 1;
  }
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }

  const job: MkdirJob = { ctx, mode, modeBits, verbose: flags.verbose };
  let status = 0;
  for (const path of operands) {
    ctx.checkAbort();
    const ok = flags.parents ? await makeParents(job, path) : await makeOne(job, path, path, mode);
    if (!ok) status = 1;
  }
  return status;
}

async function makeOne(job: MkdirJob, path: string, shown: string, mode: number | undefined): Promise<boolean> {
  const made = job.ctx.fs.mkdir(path, mode === undefined ? {} : { mode });
  if (!made.ok) return fail(job, shown, made.error);
  if (job.verbose) await say(job.ctx.stdout, `mkdir: created directory ${quoteaf(shown)}\n`);
  return setMode(job, path, shown, mode);
}

/**
 * -m: the bits the umask took away (and set-ID bits mkdir(2) drops) are given back. A plain MODE
 * is exactly what GNU gets (it sets the umask to make it); with set-ID or sticky bits GNU makes the
 * directory under the umask and then, as gnulib's dirchownmod, changes only the bits MODE sets, and
 * only when they differ (`-m +t` stays 1755, `-m u+s` becomes 4777)
 */
async function setMode(job: MkdirJob, path: string, shown: string, mode: number | undefined): Promise<boolean> {
  if (mode === undefined) return true;
  let target = mode;
  if ((job.modeBits & 0o6000) !== 0 || (mode & 0o1000) !== 0) {
    const st = job.ctx.fs.stat(path);
    const made = st.ok ? st.value.mode & 0o7777 : 0;
    if (st.ok && ((made ^ mode) & job.modeBits) === 0) return true;
    target = mode | (made & ~job.modeBits);
  }
  const set = job.ctx.fs.chmod?.(path, target) ?? { ok: false, error: { code: 'EPERM', message: 'Operation not permitted' } };
  if (set.ok) return true;
  await say(job.ctx.stderr, `mkdir: cannot change permissions of ${quote(shown)}: ${errorText(set.error)}\n`);
  return false;
}

/** mkdir -p: every missing component in turn; existing directories (or links to them) are fine */
async function makeParents(job: MkdirJob, path: string): Promise<boolean> {
  if (path === '') return fail(job, path, { code: 'ENOENT', message: 'No such file or directory' });
  const parts = path.split('/');
  let lastReal = parts.length - 1;
  while (lastReal > 0 && (parts[lastReal] === '' || parts[lastReal] === '.' || parts[lastReal] === '..')) lastReal--;
  let prefix = path.startsWith('/') ? '/' : '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    const parent = prefix;
    prefix = prefix === '' || prefix.endsWith('/') ? prefix + part : `${prefix}/${part}`;
    if (part === '.' || part === '..') continue;
    const last = i >= lastReal;
    const shown = last ? path : prefix;
    const st = job.ctx.fs.stat(prefix);
    if (st.ok) {
      if (st.value.type === 'dir') continue;
      return fail(job, shown, { code: last ? 'EEXIST' : 'ENOTDIR', message: last ? 'File exists' : 'Not a directory' });
    }
    // GNU enters each directory it made or found (savewd): a parent it may not search is where
    // it fails, and the one it names
    if (st.error.code === 'EACCES' && parent !== '' && parent !== '/' && unsearchable(job.ctx, parent)) return fail(job, parent, st.error);
    if (st.error.code !== 'ENOENT') return fail(job, shown, st.error);
    const made = job.ctx.fs.mkdir(prefix, last && job.mode !== undefined ? { mode: job.mode } : {});
    if (!made.ok) {
      const again = job.ctx.fs.stat(prefix);
      if (made.error.code === 'EEXIST' && again.ok && again.value.type === 'dir') continue;
      return fail(job, shown, made.error);
    }
    if (job.verbose) await say(job.ctx.stdout, `mkdir: created directory ${quoteaf(shown)}\n`);
    if (last && !(await setMode(job, prefix, shown, job.mode))) return false;
  }
  return true;
}

function unsearchable(ctx: CallContext, dir: string): boolean {
  const st = ctx.fs.stat(dir);
  return st.ok && st.value.type === 'dir' && !ctx.fs.access(dir, 'x');
}

async function fail(job: MkdirJob, shown: string, err: FsError): Promise<false> {
  await say(job.ctx.stderr, `mkdir: cannot create directory ${quoteaf(shown)}: ${errorText(err)}\n`);
  return false;
}

export const mkdir = defineCommand({
  name: 'mkdir',
  summary: 'make directories',
  help: MKDIR_USAGE,
  flags: FLAGS,
  run,
});
