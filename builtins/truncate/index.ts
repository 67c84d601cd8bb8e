// truncate: shrink or extend files to a size (GNU coreutils 9.1 wording), remediation mode only.
// SIZE takes GNU's suffixes and relations (`+ - < > / %`), -r takes the size of a reference file,
// -o counts in I/O blocks, -c never creates. Each file goes through the sandbox: `:rw` roots only,
// never through a symlink, never into a hard-linked file (checked before any byte changes).

import type { CallContext } from '../types.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { quote, quoteaf } from '../internal/quote.js';
import { remediationRefusal } from '../internal/remediation.js';
import { say } from '../internal/print.js';
import { createError } from '../internal/errors.js';
import { applyRelation, parseSize, type Relation } from '../internal/size-arg.js';
import { TRUNCATE_USAGE } from './usage.js';

const FLAGS = {
  noCreate: flag.boolean('-c --no-create'),
  ioBlocks: flag.boolean('-o --io-blocks'),
  reference: flag.string('-r --reference'),
  // each SIZE is read with the relation the ones before left (parseSize): checked in sizeLoop
  size: flag.list('-s --size'),
};

type Order = CommandLine<typeof FLAGS>['order'];

const q2 = (a: string, b: string): string => `${quote(a)} or ${quote(b)}`;

/**
 * GNU parses each -s as getopt returns it: the first bad one ends the run. Its message (`usage`:
 * with the Try line), or the relation and size the last -s gave.
 */
function sizeLoop(order: Order): { message: string; usage: boolean } | { relation: Relation; size: bigint | undefined } {
  let relation: Relation = 'set';
  let size: bigint | undefined;
  for (const o of order) {
    if (o.name !== 'size') continue;
    const parsed = parseSize(o.value, quote, relation);
    if (!parsed.ok) return { message: parsed.message, usage: parsed.message === 'multiple relative modifiers specified' };
    relation = parsed.relation;
    size = parsed.size;
  }
  return { relation, size };
}

function reportSizeError(ctx: CallContext, bad: { message: string; usage: boolean }): number | Promise<number> {
  if (bad.usage) return writeUsageError(ctx, bad.message, 1);
  return say(ctx.stderr, `truncate: ${bad.message}\n`).then(() => 1);
}

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const loop = sizeLoop(order);
  if ('message' in loop) return reportSizeError(ctx, loop);
  const { relation, size } = loop;
  const reference = flags.reference;
  const blockMode = flags.ioBlocks;
  if (reference === undefined && size === undefined) {
    return writeUsageError(ctx, `you must specify either ${q2('--size', '--reference')}`, 1);
  }
  if (reference !== undefined && size !== undefined && relation === 'set') {
    return writeUsageError(ctx, `you must specify a relative ${quote('--size')} with ${quote('--reference')}`, 1);
  }
  if (blockMode && size === undefined) {
    return writeUsageError(ctx, `${quote('--io-blocks')} was specified but ${quote('--size')} was not`, 1);
  }
  if (operands.length === 0) return writeUsageError(ctx, 'missing file operand', 1);
  const notAllowed = remediationRefusal(ctx);
  if (notAllowed !== undefined) {
    await say(ctx.stderr, notAllowed);
    return 1;
  }

  let referenceSize: bigint | undefined;
  if (reference !== undefined) {
    const st = ctx.fs.stat(reference);
    if (!st.ok) {
      await say(ctx.stderr, `truncate: cannot stat ${quoteaf(reference)}: ${errorText(st.error)}\n`);
      return 1;
    }
    referenceSize = BigInt(st.value.size);
  }
  // --size, else the reference's size: one of them is given (tested first thing)
  const target = size ?? referenceSize;
  if (target === undefined) return writeUsageError(ctx, `you must specify either ${q2('--size', '--reference')}`, 1);

  let status = 0;
  for (const file of operands) {
    ctx.checkAbort();
    if (!(await truncateOne(ctx, file, { relation, size: target, blockMode, referenceSize, noCreate: flags.noCreate }))) {
      status = 1;
    }
  }
  return status;
}

interface Job {
  relation: Relation;
  size: bigint;
  blockMode: boolean;
  referenceSize: bigint | undefined;
  noCreate: boolean;
}

async function truncateOne(ctx: CallContext, file: string, job: Job): Promise<boolean> {
  // open("") is ENOENT (the sandbox would resolve '' to the working directory)
  if (file === '') {
    if (job.noCreate) return true;
    await say(ctx.stderr, "truncate: cannot open '' for writing: No such file or directory\n");
    return false;
  }
  // without O_CREAT a missing `new/` is ENOENT too, which -c ignores (O_CREAT makes it EISDIR)
  if (job.noCreate) {
    const st = ctx.fs.stat(file);
    if (!st.ok && st.error.code === 'ENOENT') return true;
  }
  // open first, as GNU does: this creates a missing file and gives open(2)'s errors
  const opened = ctx.fs.openWrite(file, { create: !job.noCreate });
  if (!opened.ok) {
    if (job.noCreate && opened.error.code === 'ENOENT') return true;
    const err = job.noCreate ? opened.error : createError(ctx.fs, file, opened.error);
    await say(ctx.stderr, `truncate: cannot open ${quoteaf(file)} for writing: ${errorText(err)}\n`);
    return false;
  }
  opened.value.close();
  const st = ctx.fs.stat(file);
  if (!st.ok) {
    await say(ctx.stderr, `truncate: cannot fstat ${quoteaf(file)}: ${errorText(st.error)}\n`);
    return false;
  }
  let size = job.size;
  if (job.blockMode) {
    const blocks = BigInt(blockSize(st.value));
    size *= blocks;
    if (size > (1n << 63n) - 1n || size < -(1n << 63n)) {
      await say(ctx.stderr, `truncate: overflow in ${job.size} * ${blocks} byte blocks for file ${quoteaf(file)}\n`);
      return false;
    }
  }
  const current = job.referenceSize ?? BigInt(st.value.size);
  const next = job.relation === 'set' ? size : applyRelation(job.relation, size, current);
  if (next === null) {
    const what = job.relation === 'roundUp' ? 'rounding up' : 'extending';
    await say(ctx.stderr, `truncate: overflow ${what} size of file ${quoteaf(file)}\n`);
    return false;
  }
  if (st.value.type !== 'file') return true; // GNU: ftruncate is only attempted on regular files and shm
  const done = next > BigInt(Number.MAX_SAFE_INTEGER) ? ({ ok: false, error: { code: 'EINVAL', message: 'File too large' } } as const) : ctx.fs.truncate(file, Number(next));
  if (!done.ok) {
    await say(ctx.stderr, `truncate: failed to truncate ${quoteaf(file)} at ${next} bytes: ${errorText(done.error)}\n`);
    return false;
  }
  return true;
}

function blockSize(info: FileInfo): number {
  return info.blksize > 0 ? info.blksize : 512;
}

export const truncate = defineCommand({
  name: 'truncate',
  summary: 'shrink or extend the size of a file to the specified size',
  help: TRUNCATE_USAGE,
  flags: FLAGS,
  // a bad -s before a bad option or --help is what GNU reports
  checkBefore(ctx, before) {
    const loop = sizeLoop(before);
    return 'message' in loop ? reportSizeError(ctx, loop) : undefined;
  },
  run,
});
