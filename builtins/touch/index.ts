// touch: change file timestamps, creating missing files (GNU coreutils 9.1 wording), remediation
// mode only. Existing files get new times through the sandbox's utimes (which follows links to a
// target that must be writable); missing ones are created empty through openWrite (`:rw` roots,
// never through a symlink). -d understands the common date forms (see dates.ts).

import type { CallContext } from '../types.js';
import { DETAIL, errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, reject, writeUsageError, type CommandLine } from '../internal/command.js';
import { quote, quoteaf } from '../internal/quote.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { parseDateOption, parseStamp } from '../internal/dates.js';
import { TOUCH_USAGE } from './usage.js';

// time_args, in GNU's order (argmatch's error lists them so)
const TIME_WORDS = { atime: 'a', access: 'a', use: 'a', mtime: 'm', modify: 'm' } as const;

// long options in GNU touch's table order
const FLAGS = {
  time: flag.choice('--time', TIME_WORDS),
  noCreate: flag.boolean('-c --no-create'),
  date: flag.string('-d --date'),
  reference: flag.string('-r --reference'),
  noDereference: flag.boolean('-h --no-dereference'),
  a: flag.boolean('-a'),
  f: flag.boolean('-f'),
  m: flag.boolean('-m'),
  // GNU checks each -t stamp in its option loop (the year defaults to the current one)
  t: flag.value('-t', (text) => parseStamp(text, Date.now()) ?? reject(`invalid date format ${quote(text)}`)),
};

interface Times {
  /** undefined: now */
  atimeMs: number | undefined;
  mtimeMs: number | undefined;
  setA: boolean;
  setM: boolean;
}

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const now = Date.now();
  let setA = false;
  let setM = false;
  for (const o of order) {
    if (o.name === 'a' || (o.name === 'time' && o.value === 'a')) setA = true;
    else if (o.name === 'm' || (o.name === 'time' && o.value === 'm')) setM = true;
  }
  if (!setA && !setM) setA = setM = true;

  const times: Times = { atimeMs: undefined, mtimeMs: undefined, setA, setM };
  const reference = flags.reference;
  const dateText = flags.date;
  const stamp = flags.t;
  if ((dateText !== undefined || reference !== undefined) && stamp !== undefined) {
    return writeUsageError(ctx, 'cannot specify times from more than one source', 1);
  }
  if (reference !== undefined) {
    const st = flags.noDereference ? ctx.fs.lstat(reference) : ctx.fs.stat(reference);
    if (!st.ok) {
      await say(ctx.stderr, `touch: failed to get attributes of ${quoteaf(reference)}: ${errorText(st.error)}\n`);
      return 1;
    }
    times.atimeMs = st.value.atimeMs;
    times.mtimeMs = st.value.mtimeMs;
  }
  if (dateText !== undefined) {
    // with -r, GNU reads -d relative to the reference's own times (`-r f -d '+1 day'`), each of
    // the times it changes; without, relative to now
    const a = times.atimeMs === undefined || setA ? parseDateOption(dateText, times.atimeMs ?? now) : times.atimeMs;
    const m = times.mtimeMs === undefined || setM ? parseDateOption(dateText, times.mtimeMs ?? now) : times.mtimeMs;
    if (a === null || m === null) {
      await say(ctx.stderr, `touch: invalid date format ${quote(dateText)}\n`);
      return 1;
    }
    times.atimeMs = a;
    times.mtimeMs = m;
  }
  if (stamp !== undefined) times.atimeMs = times.mtimeMs = stamp;
  if (operands.length === 0) return writeUsageError(ctx, 'missing file operand', 1);
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }

  let status = 0;
  for (const file of operands) {
    ctx.checkAbort();
    const line = touchOne(ctx, file, times, now, flags.noCreate, flags.noDereference);
    if (line !== undefined) {
      await say(ctx.stderr, line);
      status = 1;
    }
  }
  return status;
}

/** undefined on success, else the error line */
function touchOne(ctx: CallContext, file: string, t: Times, now: number, noCreate: boolean, noDeref: boolean): string | undefined {
  const explicit = t.atimeMs !== undefined || !t.setA || !t.setM;
  // with -c or -h GNU opens nothing: utimensat's error is the one reported, and -c is silent
  // about ENOENT (-h alone creates nothing either)
  const openless = noCreate || noDeref;
  // GNU touches its standard output for '-' (futimens): nothing a sandboxed run can name
  if (file === '-') return undefined;
  // open("") and utimensat("") are ENOENT (the sandbox would resolve '' to the working directory)
  if (file === '') {
    if (noCreate) return undefined;
    return `touch: ${openless ? 'setting times of' : 'cannot touch'} '': No such file or directory\n`;
  }
  const st = noDeref ? ctx.fs.lstat(file) : ctx.fs.stat(file);
  if (!st.ok) {
    if (openless) {
      if (noCreate && st.error.code === 'ENOENT') return undefined;
      return `touch: setting times of ${quoteaf(file)}: ${errorText(st.error)}\n`;
    }
    // GNU's open(O_CREAT) of 'x/' fails with EISDIR, which touch ignores: the error it reports
    // is utimensat's on the same name
    if (file.endsWith('/')) return `touch: setting times of ${quoteaf(file)}: ${errorText(st.error)}\n`;
    if (st.error.code !== 'ENOENT') return `touch: cannot touch ${quoteaf(file)}: ${errorText(st.error)}\n`;
    const made = ctx.fs.openWrite(file, { create: true });
    if (!made.ok) return `touch: cannot touch ${quoteaf(file)}: ${errorText(made.error)}\n`;
    made.value.close();
    if (!explicit) return undefined;
  }
  if (st.ok && noDeref && st.value.type === 'symlink') {
    return `touch: setting times of ${quoteaf(file)}: ${DETAIL.symlinkTarget}\n`;
  }
  // times are shared by every name of an inode: as for content, a hard-linked file is refused
  // (the sandbox's utimes checks roots and symlinks, not the link count)
  if (st.ok && st.value.type === 'file' && st.value.nlink > 1) {
    return `touch: setting times of ${quoteaf(file)}: ${DETAIL.hardLinkTarget}\n`;
  }
  const current = st.ok ? st.value : undefined;
  const atime = t.setA ? (t.atimeMs ?? now) : (current?.atimeMs ?? now);
  const mtime = t.setM ? (t.mtimeMs ?? now) : (current?.mtimeMs ?? now);
  const done = ctx.fs.utimes(file, atime, mtime);
  if (!done.ok) {
    // GNU reports its failed open(O_CREAT) first: a refused existing file "cannot be touched"
    const what = done.error.code === 'EACCES' && done.error.detail === undefined ? 'cannot touch' : 'setting times of';
    return `touch: ${what} ${quoteaf(file)}: ${errorText(done.error)}\n`;
  }
  return undefined;
}

export const touch = defineCommand({
  name: 'touch',
  summary: 'change file timestamps',
  help: TOUCH_USAGE,
  flags: FLAGS,
  run,
});
