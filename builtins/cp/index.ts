// cp: copy files and directories (GNU coreutils 9.1 wording), remediation mode only. Reads go
// through the sandbox like any read; writes only into `:rw` roots, never through a symlink or
// into a hard-linked file. rshell creates no links (-l, -s refused; a symlink met under -P is
// skipped with a message), makes no backups (-b, -S), never prompts (-i) and sets no SELinux
// context (-Z). -p keeps timestamps and modes (set-ID bits excepted: see modes.ts), not owners.

import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, writeUsageError, type CommandLine, type Reject } from '../internal/command.js';
import { argmatch, argmatchMessage } from '../internal/argmatch.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { Copier, type CopyOptions } from './copy.js';
import { multipleTargetDirectories, resolveTargets, stripTrailingSlashes } from '../internal/copy-targets.js';
import { CP_USAGE } from './usage.js';

// the words GNU checks with argmatch in its option loop (argmatch_die: status 1)
const SPARSE = { never: 'never', auto: 'auto', always: 'always' } as const;
const REFLINK = { auto: 'auto', always: 'always', never: 'never' } as const;
const PRESERVE = {
  mode: 'mode', timestamps: 'timestamps', ownership: 'ownership', links: 'links', context: 'context', xattr: 'xattr', all: 'all',
} as const;
type Attribute = (typeof PRESERVE)[keyof typeof PRESERVE];
/** --preserve given bare: GNU's mode,ownership,timestamps */
const PRESERVE_DEFAULT: readonly Attribute[] = ['mode', 'ownership', 'timestamps'];

/** --preserve=LIST, --no-preserve=LIST: comma-separated words, each checked (decode_preserve_arg) */
function attributes(option: string): (text: string) => readonly Attribute[] | Reject {
  return (text) => {
    const out: Attribute[] = [];
    for (const word of text.split(',')) {
      const m = argmatch(PRESERVE, word);
      if (!m.ok) return reject(argmatchMessage(m.kind, word, option, PRESERVE), { usage: true, status: 1 });
      out.push(m.value);
    }
    return out;
  };
}

// long options in GNU cp's table order
const FLAGS = {
  archive: flag.boolean('-a --archive'),
  attributesOnly: flag.boolean('--attributes-only'),
  backup: flag.optional('--backup'),
  b: flag.boolean('-b'),
  copyContents: flag.boolean('--copy-contents'),
  d: flag.boolean('-d'),
  dereference: flag.boolean('-L --dereference'),
  force: flag.boolean('-f --force'),
  H: flag.boolean('-H'),
  interactive: flag.boolean('-i --interactive'),
  link: flag.boolean('-l --link'),
  noClobber: flag.boolean('-n --no-clobber'),
  noDereference: flag.boolean('-P --no-dereference'),
  noPreserve: flag.value('--no-preserve', attributes('--no-preserve')),
  noTargetDirectory: flag.boolean('-T --no-target-directory'),
  oneFileSystem: flag.boolean('-x --one-file-system'),
  parents: flag.boolean('--parents --path'),
  p: flag.boolean('-p'),
  preserve: flag.value('--preserve', attributes('--preserve'), { bare: PRESERVE_DEFAULT }),
  recursive: flag.boolean('-r -R --recursive'),
  removeDestination: flag.boolean('--remove-destination'),
  sparse: flag.choice('--sparse', SPARSE),
  reflink: flag.choice('--reflink', REFLINK, { bare: 'always' }),
  stripTrailingSlashes: flag.boolean('--strip-trailing-slashes'),
  suffix: flag.string('-S --suffix'),
  symbolicLink: flag.boolean('-s --symbolic-link'),
  targetDirectory: flag.string('-t --target-directory'),
  update: flag.boolean('-u --update'),
  verbose: flag.boolean('-v --verbose'),
  context: flag.optional('-Z --context', { shortBare: true }),
};

const REFUSED: Partial<Record<keyof typeof FLAGS, string>> = {
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

async function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  const second = multipleTargetDirectories('cp', order);
  if (second !== undefined) {
    await say(ctx.stderr, second);
    return 1;
  }

  let clobber: 'force' | 'noClobber' | 'interactive' = 'force';
  let dereference: CopyOptions['dereference'] | undefined;
  let preserveTimes = false;
  let preserveMode = false;
  let noPreserveMode = false;
  for (const o of order) {
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
    } else if (o.name === 'preserve' || o.name === 'noPreserve') {
      // decode_preserve_arg: each word turns its attribute on (--preserve) or off (--no-preserve)
      const on = o.name === 'preserve';
      for (const a of o.value) {
        if (a === 'timestamps' || a === 'all') preserveTimes = on;
        if (a === 'mode' || a === 'all') [preserveMode, noPreserveMode] = [on, !on];
      }
    }
  }
  const recursive = flags.recursive || flags.archive;
  const targets = resolveTargets(ctx, 'cp', operands, flags.targetDirectory, flags.noTargetDirectory);
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
    noClobber: clobber === 'noClobber' || flags.noClobber,
    update: flags.update,
    verbose: flags.verbose,
    preserveTimes,
    preserveMode,
    noPreserveMode,
    removeDestination: flags.removeDestination,
  });
  // GNU's do_copy strips the sources it copies into a directory, and nothing else
  const strip = flags.stripTrailingSlashes && targets.intoDir;
  for (const [src, dst] of targets.pairs) await copier.copy(strip ? stripTrailingSlashes(src) : src, dst, true);
  return copier.failed ? 1 : 0;
}

export const cp = defineCommand({
  name: 'cp',
  summary: 'copy files and directories',
  help: CP_USAGE,
  flags: FLAGS,
  // GNU's option loop dies at a second -t, before a later bad option or value
  checkBefore(ctx, before) {
    const second = multipleTargetDirectories('cp', before);
    return second === undefined ? undefined : say(ctx.stderr, second).then(() => 1);
  },
  run,
});
