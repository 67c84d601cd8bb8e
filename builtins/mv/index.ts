// mv: rename files (GNU coreutils 9.1 wording), remediation mode only. Each move is one sandbox
// rename: source and destination entries must both lie under `:rw` roots. Across file systems
// (EXDEV) a regular file is copied and its source removed, as GNU mv does; a directory is not. Prompting (-i), backups (-b, -S)
// and SELinux contexts (-Z) are refused.

import type { CallContext } from '../types.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { quoteaf } from '../internal/quote.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { dirName, isInside, multipleTargetDirectories, resolveTargets, stripTrailingSlashes } from '../internal/copy-targets.js';
import { setMode } from '../internal/set-mode.js';
import { MV_USAGE } from './usage.js';

// long options in GNU mv's table order
const FLAGS = {
  backup: flag.optional('--backup'),
  b: flag.boolean('-b'),
  context: flag.boolean('-Z --context'),
  force: flag.boolean('-f --force'),
  interactive: flag.boolean('-i --interactive'),
  noClobber: flag.boolean('-n --no-clobber'),
  noTargetDirectory: flag.boolean('-T --no-target-directory'),
  stripTrailingSlashes: flag.boolean('--strip-trailing-slashes'),
  suffix: flag.string('-S --suffix'),
  targetDirectory: flag.string('-t --target-directory'),
  update: flag.boolean('-u --update'),
  verbose: flag.boolean('-v --verbose'),
};

const REFUSED: Partial<Record<keyof typeof FLAGS, string>> & { interactive: string } = {
  interactive: 'mv: -i/--interactive is refused: rshell cannot prompt for confirmation (use -n or -f)\n',
  backup: 'mv: -b/--backup is refused: rshell does not make backup files\n',
  b: 'mv: -b/--backup is refused: rshell does not make backup files\n',
  suffix: 'mv: -S/--suffix is refused: rshell does not make backup files\n',
  context: 'mv: -Z/--context is refused: rshell does not set security contexts\n',
};

interface MoveOptions {
  noClobber: boolean;
  update: boolean;
  verbose: boolean;
}

async function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  const second = multipleTargetDirectories('mv', order);
  if (second !== undefined) {
    await say(ctx.stderr, second);
    return 1;
  }
  // -f, -i and -n: the last one given wins, as in GNU's option loop
  let clobber: 'force' | 'noClobber' | 'interactive' = 'force';
  for (const o of order) {
    if (o.name === 'force' || o.name === 'noClobber' || o.name === 'interactive') clobber = o.name;
    else {
      const refused = REFUSED[o.name];
      if (refused === undefined) continue;
      await say(ctx.stderr, refused);
      return 1;
    }
  }
  if (clobber === 'interactive') {
    await say(ctx.stderr, REFUSED.interactive);
    return 1;
  }
  const notAllowed = remediationRefusal(ctx);
  const targets = resolveTargets(ctx, 'mv', operands, flags.targetDirectory, flags.noTargetDirectory);
  if (!targets.ok) {
    if (targets.usage !== undefined) return writeUsageError(ctx, targets.usage, 1);
    await say(ctx.stderr, targets.plain ?? '');
    return 1;
  }
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }
  const opts: MoveOptions = { noClobber: clobber === 'noClobber', update: flags.update, verbose: flags.verbose };
  let status = 0;
  // GNU's movefile strips the source only (the operands were counted and the target named as given)
  const strip = flags.stripTrailingSlashes;
  for (const [src, dst] of targets.pairs) {
    ctx.checkAbort();
    const stripped = strip ? stripTrailingSlashes(src) : src;
    // GNU 9.1 first tries renameat2 on the two operands as given: a file named with a slash
    // fails there (ENOTDIR), which it reports under the stripped name
    const early = stripped !== src && !targets.intoDir && ctx.fs.lstat(src);
    // (with -n an existing destination is EEXIST first: skipped)
    const enotdir = early && !early.ok && early.error.code === 'ENOTDIR';
    const line = !enotdir
      ? await moveOne(ctx, stripped, dst, opts)
      : opts.noClobber && ctx.fs.lstat(dst).ok
        ? undefined
        : `mv: cannot move ${quoteaf(stripped)} to ${quoteaf(dst)}: Not a directory\n`;
    if (line !== undefined) {
      await say(ctx.stderr, line);
      status = 1;
    }
  }
  return status;
}

const same = (a: FileInfo, b: FileInfo): boolean => a.dev === b.dev && a.ino === b.ino;

/** undefined on success (or a skip), else the error line */
async function moveOne(ctx: CallContext, src: string, dst: string, o: MoveOptions): Promise<string | undefined> {
  const s = ctx.fs.lstat(src);
  if (!s.ok) return `mv: cannot stat ${quoteaf(src)}: ${errorText(s.error)}\n`;
  const d = ctx.fs.lstat(dst);
  // -n: GNU's renameat2(RENAME_NOREPLACE) fails with EEXIST before the kernel looks at a
  // trailing slash, so an existing `file/` destination is skipped too
  if (o.noClobber && !d.ok && d.error.code === 'ENOTDIR' && /[^/]\/+$/.test(dst) && ctx.fs.lstat(dst.replace(/\/+$/, '')).ok) return undefined;
  // GNU stats the destination first: only "does not exist" goes on to the rename
  if (!d.ok && d.error.code !== 'ENOENT') return `mv: cannot stat ${quoteaf(dst)}: ${errorText(d.error)}\n`;
  // rename(2) to a missing `name/` works for a directory only
  if (!d.ok && dst.endsWith('/') && s.value.type !== 'dir') return `mv: cannot move ${quoteaf(src)} to ${quoteaf(dst)}: Not a directory\n`;
  if (d.ok) {
    // -n skips an existing destination before anything is compared (`mv -n f f` is silent)
    if (o.noClobber) return undefined;
    if (same(s.value, d.value)) return `mv: ${quoteaf(src)} and ${quoteaf(dst)} are the same file\n`;
    const srcDir = s.value.type === 'dir';
    const dstDir = d.value.type === 'dir';
    // -u: GNU skips an older file before it compares types, but not a directory onto a file
    if (srcDir && !dstDir) return `mv: cannot overwrite non-directory ${quoteaf(dst)} with directory ${quoteaf(src)}\n`;
    if (o.update && d.value.mtimeMs >= s.value.mtimeMs) return undefined;
    if (!srcDir && dstDir) return `mv: cannot overwrite directory ${quoteaf(dst)} with non-directory\n`;
  }
  if (s.value.type === 'dir' && isInside(ctx, src, dirName(dst))) {
    return `mv: cannot move ${quoteaf(src)} to a subdirectory of itself, ${quoteaf(dst)}\n`;
  }
  const moved = ctx.fs.rename(src, dst);
  if (!moved.ok) {
    // across file systems GNU mv copies then removes; rshell does so for regular files
    if (moved.error.code === 'EXDEV' && s.value.type === 'file') return copyThenRemove(ctx, src, dst, s.value, o);
    return `mv: cannot move ${quoteaf(src)} to ${quoteaf(dst)}: ${errorText(moved.error)}\n`;
  }
  if (o.verbose) await say(ctx.stdout, `renamed ${quoteaf(src)} -> ${quoteaf(dst)}\n`);
  return undefined;
}

/** EXDEV: copy the file's bytes, mode and times through the sandbox, then unlink the source */
async function copyThenRemove(ctx: CallContext, src: string, dst: string, info: FileInfo, o: MoveOptions): Promise<string | undefined> {
  const input = ctx.fs.open(src, { signal: ctx.signal });
  if (!input.ok) return `mv: cannot open ${quoteaf(src)} for reading: ${errorText(input.error)}\n`;
  const reader = input.value;
  let modeError: string | undefined;
  try {
    // GNU mv gives the copy exactly the source's mode: created with its bits less the umask, then
    // set through chmod before any byte is written (an existing file others may read never holds
    // a private source's bytes; the open descriptor still writes)
    const output = ctx.fs.openWrite(dst, { truncate: true, mode: info.mode & 0o777 });
    if (!output.ok) return `mv: cannot create regular file ${quoteaf(dst)}: ${errorText(output.error)}\n`;
    const writer = output.value;
    const modeErr = setMode(ctx.fs, dst, info.mode);
    if (modeErr !== undefined) modeError = `mv: preserving permissions for ${quoteaf(dst)}: ${errorText(modeErr)}\n`;
    try {
      for (;;) {
        ctx.checkAbort();
        let chunk = reader.read();
        if (chunk instanceof Promise) chunk = await chunk;
        if (chunk === null) break;
        const p = writer.write(chunk);
        if (p) await p;
        if (writer.error !== undefined) return `mv: error writing ${quoteaf(dst)}: ${errorText(writer.error)}\n`;
      }
      if (reader.error !== undefined) return `mv: error reading ${quoteaf(src)}: ${errorText(reader.error)}\n`;
    } finally {
      writer.close();
    }
  } finally {
    reader.close();
  }
  ctx.fs.utimes(dst, info.atimeMs, info.mtimeMs);
  const gone = ctx.fs.unlink(src);
  if (!gone.ok) return `mv: cannot remove ${quoteaf(src)}: ${errorText(gone.error)}\n`;
  if (o.verbose) await say(ctx.stdout, `copied ${quoteaf(src)} -> ${quoteaf(dst)}\nremoved ${quoteaf(src)}\n`);
  // a mode the sandbox would not set (set-ID bits) is reported once the move is complete, as GNU's
  // mv completes a move whose permissions it could not preserve
  return modeError;
}

export const mv = defineCommand({
  name: 'mv',
  summary: 'move (rename) files',
  help: MV_USAGE,
  flags: FLAGS,
  // GNU's option loop dies at a second -t, before a later bad option
  checkBefore(ctx, before) {
    const second = multipleTargetDirectories('mv', before);
    return second === undefined ? undefined : say(ctx.stderr, second).then(() => 1);
  },
  run,
});
