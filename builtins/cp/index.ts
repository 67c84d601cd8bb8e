// cp: copy files and directories (GNU coreutils 9.1 wording), remediation mode only. Reads go
// through the sandbox like any read; writes only into `:rw` roots, never through a symlink or
// into a hard-linked file. rshell creates no links (-l, -s refused; a symlink met under -P is
// skipped with a message), makes no backups (-b, -S), never prompts (-i) and sets no SELinux
// context (-Z). -p keeps timestamps and modes (set-ID bits excepted: see modes.ts), not owners.

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, flagString, writeUsageError, type Occurrence } from '../internal/flags.js';
import { argmatch, argmatchFailure } from '../internal/argmatch.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { Copier, type CopyOptions } from './copy.js';
import { resolveTargets, stripTrailingSlashes } from '../internal/copy-targets.js';
import { CP_USAGE } from './usage.js';
import { parseGnuArgs } from '../internal/command.js';

// long options in GNU cp's table order
const SPEC = defineFlags({
  flags: [
    { name: 'archive', short: 'a', long: 'archive', kind: 'boolean' },
    { name: 'attributesOnly', long: 'attributes-only', kind: 'boolean' },
    { name: 'backup', long: 'backup', kind: 'optional' },
    { name: 'b', short: 'b', kind: 'boolean' },
    { name: 'copyContents', long: 'copy-contents', kind: 'boolean' },
    { name: 'd', short: 'd', kind: 'boolean' },
    { name: 'dereference', short: 'L', long: 'dereference', kind: 'boolean' },
    { name: 'force', short: 'f', long: 'force', kind: 'boolean' },
    { name: 'H', short: 'H', kind: 'boolean' },
    { name: 'interactive', short: 'i', long: 'interactive', kind: 'boolean' },
    { name: 'link', short: 'l', long: 'link', kind: 'boolean' },
    { name: 'noClobber', short: 'n', long: 'no-clobber', kind: 'boolean' },
    { name: 'noDereference', short: 'P', long: 'no-dereference', kind: 'boolean' },
    { name: 'noPreserve', long: 'no-preserve', kind: 'string' },
    { name: 'noTargetDirectory', short: 'T', long: 'no-target-directory', kind: 'boolean' },
    { name: 'oneFileSystem', short: 'x', long: 'one-file-system', kind: 'boolean' },
    { name: 'parents', long: ['parents', 'path'], kind: 'boolean' },
    { name: 'p', short: 'p', kind: 'boolean' },
    { name: 'preserve', long: 'preserve', kind: 'optional' },
    { name: 'recursive', short: 'rR', long: 'recursive', kind: 'boolean' },
    { name: 'removeDestination', long: 'remove-destination', kind: 'boolean' },
    { name: 'sparse', long: 'sparse', kind: 'string' },
    { name: 'reflink', long: 'reflink', kind: 'optional' },
    { name: 'stripTrailingSlashes', long: 'strip-trailing-slashes', kind: 'boolean' },
    { name: 'suffix', short: 'S', long: 'suffix', kind: 'string' },
    { name: 'symbolicLink', short: 's', long: 'symbolic-link', kind: 'boolean' },
    { name: 'targetDirectory', short: 't', long: 'target-directory', kind: 'string' },
    { name: 'update', short: 'u', long: 'update', kind: 'boolean' },
    { name: 'verbose', short: 'v', long: 'verbose', kind: 'boolean' },
    { name: 'context', short: 'Z', long: 'context', kind: 'optional', shortBare: true },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
});

const REFUSED: Record<string, string> = {
  interactive: '-i/--interactive is refused: rshell cannot prompt for confirmation (use -n or -f)',
  backup: '-b/--backup is refused: rshell does not make backup files',
  b: '-b/--backup is refused: rshell does not make backup files',
  suffix: '-S/--suffix is refused: rshell does not make backup files',
  link: '-l/--link is refused: rshell does not create links',
  symbolicLink: '-s/--symbolic-link is refused: rshell does not create links',
  context: '-Z/--context is refused: rshell does not set security contexts',
  parents: '--parents is refused: not supported by rshell (mkdir -p, then cp)',
  attributesOnly: '--attributes-only is refused: not supported by rshell',
  copyContents: '--copy-contents is refused: rshell does not copy special files',
};

const SPARSE = { never: 'never', auto: 'auto', always: 'always' };
const REFLINK = { auto: 'auto', always: 'always', never: 'never' };
const PRESERVE = { mode: 1, timestamps: 2, ownership: 3, links: 4, context: 5, xattr: 6, all: 7 };

// the options whose words GNU checks with argmatch (a list: comma-separated words)
const WORD_OPTIONS: Record<string, { table: Record<string, unknown>; option: string; list: boolean }> = {
  sparse: { table: SPARSE, option: '--sparse', list: false },
  reflink: { table: REFLINK, option: '--reflink', list: false },
  preserve: { table: PRESERVE, option: '--preserve', list: true },
  noPreserve: { table: PRESERVE, option: '--no-preserve', list: true },
};

/** what GNU's getopt loop dies of as it goes: a bad word for one of WORD_OPTIONS, a second -t */
function optionLoopError(order: readonly Occurrence[]): string | undefined {
  let target = false;
  for (const o of order) {
    if (o.name === 'targetDirectory') {
      if (target) return 'cp: multiple target directories specified\n';
      target = true;
    }
    const w = WORD_OPTIONS[o.name];
    if (w === undefined || o.value === undefined) continue;
    for (const word of w.list ? o.value.split(',') : [o.value]) {
      const m = argmatch(w.table, word);
      if (!m.ok) return argmatchFailure('cp', m.kind, word, w.option, w.table);
    }
  }
  return undefined;
}

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const r = await parseGnuArgs(ctx, SPEC, args, {
    name: 'cp',
    help: CP_USAGE,
    checkBefore: (order) => {
      const bad = optionLoopError(order);
      return bad === undefined ? undefined : say(ctx.stderr, bad).then(() => 1);
    },
  });
  if (typeof r === 'number') return r;
  const bad = optionLoopError(r.order);
  if (bad !== undefined) {
    await say(ctx.stderr, bad);
    return 1;
  }

  let clobber: 'force' | 'noClobber' | 'interactive' = 'force';
  let dereference: CopyOptions['dereference'] | undefined;
  let preserveTimes = false;
  let preserveMode = false;
  let noPreserveMode = false;
  for (const o of r.order) {
    const refused = REFUSED[o.name];
    if (refused !== undefined) {
      await say(ctx.stderr, `cp: ${refused}\n`);
      return 1;
    }
    if (o.name === 'force' || o.name === 'noClobber' || o.name === 'interactive') clobber = o.name;
    else if (o.name === 'dereference') dereference = 'always';
    else if (o.name === 'H') dereference = 'command-line';
    else if (o.name === 'noDereference' || o.name === 'd') dereference = 'never';
    else if (o.name === 'archive') {
      dereference = 'never';
      preserveTimes = preserveMode = true;
      noPreserveMode = false;
    } else if (o.name === 'p') {
      preserveTimes = preserveMode = true;
      noPreserveMode = false;
    } else if (o.name === 'preserve') {
      preserveTimes ||= o.value === undefined || /(^|,)(timestamps|all)(,|$)/.test(o.value);
      if (o.value === undefined || /(^|,)(mode|all)(,|$)/.test(o.value)) [preserveMode, noPreserveMode] = [true, false];
    } else if (o.name === 'noPreserve' && /(^|,)(mode|all)(,|$)/.test(o.value ?? '')) [preserveMode, noPreserveMode] = [false, true];
  }
  const recursive = flagBool(r.flags, 'recursive') || flagBool(r.flags, 'archive');
  const targets = resolveTargets(ctx, 'cp', r.operands, flagString(r.flags, 'targetDirectory'), flagBool(r.flags, 'noTargetDirectory'));
  if (!targets.ok) {
    if (targets.usage !== undefined) return writeUsageError(ctx, targets.usage, 1);
    await say(ctx.stderr, targets.plain ?? '');
    return 1;
  }
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }
  const copier = new Copier(ctx, {
    recursive,
    dereference: dereference ?? (recursive ? 'never' : 'always'),
    // GNU cp: -f does not cancel -n (unlike mv)
    noClobber: clobber === 'noClobber' || flagBool(r.flags, 'noClobber'),
    update: flagBool(r.flags, 'update'),
    verbose: flagBool(r.flags, 'verbose'),
    preserveTimes,
    preserveMode,
    noPreserveMode,
    removeDestination: flagBool(r.flags, 'removeDestination'),
  });
  // GNU's do_copy strips the sources it copies into a directory, and nothing else
  const strip = flagBool(r.flags, 'stripTrailingSlashes') && targets.intoDir;
  for (const [src, dst] of targets.pairs) await copier.copy(strip ? stripTrailingSlashes(src) : src, dst, true);
  return copier.failed ? 1 : 0;
}

export const cp: Command = {
  name: 'cp',
  summary: 'copy files and directories',
  usage: CP_USAGE,
  run,
};
