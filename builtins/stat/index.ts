// stat: file status (coreutils 9.1): the default layout, -c/--format, --printf, -t/--terse, -L.
// -f/--file-system is refused: the sandbox offers no statfs. %m and %C are refused likewise.

import type { CallContext } from '../types.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { quoteaf } from '../internal/quote.js';
import { renderFormat, type StatTarget } from './format.js';
import { STAT_USAGE } from './usage.js';

const DEFAULT_HEAD = '  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n';
const DEFAULT_DEV = 'Device: %Hd,%Ld\tInode: %-11i Links: %h\n';
const DEFAULT_DEV_SPECIAL = 'Device: %Hd,%Ld\tInode: %-11i Links: %-5h Device type: %Hr,%Lr\n';
const DEFAULT_TAIL = 'Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n';
const TERSE = '%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n';

// gnulib argmatch over GNU stat's table (its order), checked in GNU's option loop (XARGMATCH)
const CACHED = { default: 'default', never: 'never', always: 'always' } as const;

// long options in GNU stat's table order
const FLAGS = {
  dereference: flag.boolean('-L --dereference'),
  fileSystem: flag.boolean('-f --file-system'),
  format: flag.string('-c --format'),
  printf: flag.string('--printf'),
  terse: flag.boolean('-t --terse'),
  cached: flag.choice('--cached', CACHED),
};

/** the default layout; its File line shows names unquoted (`a/sl -> f`) */
function defaultFormat(t: StatTarget): string {
  const special = t.info.type === 'char' || t.info.type === 'block';
  let name = t.name;
  if (t.info.type === 'symlink') {
    const r = t.fs.readlink(t.name);
    if (r.ok) name += ` -> ${r.value}`;
  }
  return DEFAULT_HEAD.replace('%N', name.replaceAll('%', '%%')) + (special ? DEFAULT_DEV_SPECIAL : DEFAULT_DEV) + DEFAULT_TAIL;
}

async function run(ctx: CallContext, { flags: f, operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  if (f.fileSystem) {
    await ctx.stderr.writeString('stat: -f/--file-system is refused: the rshell sandbox does not expose file system statistics\n');
    return 1;
  }
  if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
  // the last of -c/--printf decides; -t applies only without them (GNU)
  let format: string | undefined;
  let escapes = false;
  let newline = false;
  for (const o of order) {
    if (o.name === 'format' || o.name === 'printf') {
      format = o.value;
      escapes = o.name === 'printf';
      newline = o.name === 'format';
    }
  }
  if (format === undefined && f.terse) format = TERSE;
  const warnings: string[] = [];
  const follow = f.dereference;
  const out = new OutputBuffer(ctx.stdout);
  let status = 0;
  for (const name of operands) {
    ctx.checkAbort();
    const st = follow ? ctx.fs.stat(name) : ctx.fs.lstat(name);
    if (!st.ok) {
      status = 1;
      await writeDiagnostic(ctx, out, `stat: cannot statx ${quoteaf(name)}: ${st.error.detail ?? st.error.message}\n`);
      continue;
    }
    const target: StatTarget = { name, info: st.value, fs: ctx.fs };
    const text = renderFormat(format ?? defaultFormat(target), target, escapes, warnings);
    if (typeof text !== 'string') {
      await writeDiagnostic(ctx, out, `stat: ${text.refused}\n`);
      return 1;
    }
    for (const w of warnings.splice(0)) await writeDiagnostic(ctx, out, `stat: warning: ${w}\n`);
    const p = out.writeString(newline ? text + '\n' : text);
    if (p) await p;
  }
  const fl = out.flush();
  if (fl) await fl;
  return status;
}

export const stat = defineCommand({
  name: 'stat',
  summary: 'display file status',
  help: STAT_USAGE,
  flags: FLAGS,
  run,
});
