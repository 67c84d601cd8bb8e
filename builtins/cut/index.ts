// cut: select bytes, characters or fields of each line (GNU coreutils 9.1, C locale: -c is -b).
// Works on raw bytes line by line (LineReader), never holding more than one line.

import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, writeUsageError, type CommandLine, type Reject } from '../internal/command.js';
import { LineReader } from '../internal/lines.js';
import { OutputBuffer } from '../internal/output.js';
import { filterOneInput } from '../internal/line-filter.js';
import { encode } from '../../lib/io/encoding.js';
import { complementRanges, parseList, type Range } from './list.js';
import { CUT_HELP } from './usage.js';
import { cutFieldSlices, type FieldSlice } from './fast.js';
import type { ByteReader } from '../../lib/io/streams.js';

/** -d: one byte (GNU: -d '' is the NUL byte), checked in GNU's option loop */
function delimiterByte(text: string): number | Reject {
  const d = encode(text);
  return d.length > 1 ? reject('the delimiter must be a single character', { usage: true }) : d.length === 0 ? 0 : d[0]!;
}

const FLAGS = {
  bytes: flag.string('-b --bytes'),
  characters: flag.string('-c --characters'),
  fields: flag.string('-f --fields'),
  delimiter: flag.value('-d --delimiter', delimiterByte),
  n: flag.boolean('-n'),
  onlyDelimited: flag.boolean('-s --only-delimited'),
  outputDelimiter: flag.string('--output-delimiter'),
  complement: flag.boolean('--complement'),
  zero: flag.boolean('-z --zero-terminated'),
};

type Order = CommandLine<typeof FLAGS>['order'];

interface CutPlan {
  fieldMode: boolean;
  ranges: Range[];
  delim: number;
  outDelim: Uint8Array;
  outDelimGiven: boolean;
  onlyDelimited: boolean;
  eol: number;
}

/** the list option, as GNU's getopt loop takes it: a second one is an error where it is met */
function listOption(order: Order): { mode: 'bytes' | 'fields' | undefined; spec: string } | string {
  let mode: 'bytes' | 'fields' | undefined;
  let spec = '';
  for (const o of order) {
    if (o.name === 'bytes' || o.name === 'characters' || o.name === 'fields') {
      if (mode !== undefined) return 'only one list may be specified';
      mode = o.name === 'fields' ? 'fields' : 'bytes';
      spec = o.value;
    }
  }
  return { mode, spec };
}

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const listed = listOption(order);
  if (typeof listed === 'string') return writeUsageError(ctx, listed, 1);
  const { mode, spec } = listed;
  if (mode === undefined) return writeUsageError(ctx, 'you must specify a list of bytes, characters, or fields', 1);
  if (flags.delimiter !== undefined && mode !== 'fields') {
    return writeUsageError(ctx, 'an input delimiter may be specified only when operating on fields', 1);
  }
  if (flags.onlyDelimited && mode !== 'fields') {
    return writeUsageError(ctx, 'suppressing non-delimited lines makes sense\n\tonly when operating on fields', 1);
  }
  const list = parseList(spec, mode === 'bytes');
  if (!list.ok) return writeUsageError(ctx, list.message, 1);
  const delim = flags.delimiter ?? 0x09;
  const outDelimArg = flags.outputDelimiter;
  const plan: CutPlan = {
    fieldMode: mode === 'fields',
    ranges: flags.complement ? complementRanges(list.ranges) : list.ranges,
    delim,
    // GNU: an empty --output-delimiter= is one NUL byte, as -d '' is for input
    outDelim: outDelimArg === undefined || outDelimArg === '' ? Uint8Array.of(outDelimArg === '' ? 0 : delim) : encode(outDelimArg),
    outDelimGiven: outDelimArg !== undefined,
    onlyDelimited: flags.onlyDelimited,
    eol: flags.zero ? 0 : 0x0a,
  };
  const out = new OutputBuffer(ctx.stdout);
  let status = 0;
  for (const name of operands.length === 0 ? ['-'] : operands) {
    ctx.checkAbort();
    if ((await filterOneInput(ctx, out, 'cut', name, (reader) => cutInput(ctx, plan, reader, out))) !== 0) status = 1;
  }
  const f = out.flush();
  if (f) await f;
  return status;
}

/** one contiguous slice per line (see fast.ts), or null when the general path is needed */
function fieldSlicePlan(ctx: CallContext, plan: CutPlan): FieldSlice | null {
  if (!plan.fieldMode || plan.ranges.length !== 1 || plan.delim === plan.eol) return null;
  if (plan.outDelim.length !== 1 || plan.outDelim[0] !== plan.delim) return null;
  const r = plan.ranges[0]!; // exactly one range: tested above
  return { lo: r.lo, hi: r.hi, delim: plan.delim, eol: plan.eol, onlyDelimited: plan.onlyDelimited, maxLineBytes: ctx.limits.maxLineBytes };
}

async function cutInput(ctx: CallContext, plan: CutPlan, reader: ByteReader, out: OutputBuffer): Promise<'ok' | 'too-long'> {
  const fast = fieldSlicePlan(ctx, plan);
  if (fast === null) return cutStream(ctx, plan, new LineReader(reader, plan.eol, ctx.limits.maxLineBytes), out);
  const r = await cutFieldSlices(fast, reader, out, () => ctx.checkAbort());
  if (r.kind === 'too-long') return 'too-long';
  if (r.lastLine === null) return 'ok';
  // the unterminated last line: the general path (it knows GNU's -z quirk)
  const last = r.lastLine;
  let given = false;
  const one: ByteReader = {
    read: () => {
      if (given) return null;
      given = true;
      return last;
    },
  };
  return cutStream(ctx, plan, new LineReader(one, plan.eol, ctx.limits.maxLineBytes), out);
}

/**
 * A line's output as segments of the input line: pairs (from, to) of the line buffer, or
 * (-1, -1) for the output delimiter. Collected first so the line can be written without awaiting
 * when it fits the output buffer, and with awaits (in order) when it does not.
 */
class Segments {
  /** pairs [from, to) (-1, -1 for a delimiter): data[0 … 2 * count) are set, so reads below count need no check */
  data: number[] = [];
  count = 0;
  bytes = 0;
  reset(): void {
    this.count = 0;
    this.bytes = 0;
  }
  add(from: number, to: number): void {
    this.data[this.count * 2] = from;
    this.data[this.count * 2 + 1] = to;
    this.count++;
    this.bytes += to - from;
  }
  delim(size: number): void {
    this.data[this.count * 2] = -1;
    this.data[this.count * 2 + 1] = -1;
    this.count++;
    this.bytes += size;
  }
}

async function cutStream(ctx: CallContext, plan: CutPlan, lr: LineReader, out: OutputBuffer): Promise<'ok' | 'too-long'> {
  const eolByte = Uint8Array.of(plan.eol);
  const segs = new Segments();
  let n = 0;
  for (;;) {
    let more = lr.next();
    if (typeof more !== 'boolean') more = await more;
    if (!more) break;
    if ((++n & 0x3ff) === 0) ctx.checkAbort();
    segs.reset();
    const keep = plan.fieldMode
      ? cutFields(plan, lr.buf, lr.start, lr.end, segs, lr.terminated)
      : cutBytes(plan, lr.end - lr.start, lr.start, segs);
    if (keep === DROP) continue;
    const buf = lr.buf;
    if (out.len + segs.bytes + 1 <= out.cap) {
      // fits: plain copies, no drain can happen
      for (let i = 0; i < segs.count; i++) {
        const from = segs.data[i * 2]!;
        if (from < 0) void out.write(plan.outDelim);
        else void out.write(buf, from, segs.data[i * 2 + 1]!);
      }
      if (keep === KEEP) out.buf[out.len++] = plan.eol;
      continue;
    }
    for (let i = 0; i < segs.count; i++) {
      const from = segs.data[i * 2]!;
      const w = from < 0 ? out.write(plan.outDelim) : out.write(buf, from, segs.data[i * 2 + 1]!);
      if (w) await w;
    }
    if (keep === KEEP) {
      const w = out.write(eolByte);
      if (w) await w;
    }
  }
  return lr.tooLong ? 'too-long' : 'ok';
}

/** what to do with a line: drop it, print it with its terminator, or without (a GNU -z quirk) */
const DROP = 0;
const KEEP = 1;
const KEEP_NO_EOL = 2;
type LineFate = typeof DROP | typeof KEEP | typeof KEEP_NO_EOL;

function cutBytes(plan: CutPlan, len: number, start: number, segs: Segments): LineFate {
  let printed = false;
  for (const r of plan.ranges) {
    const s = r.lo - 1;
    if (s >= len) break;
    const e = r.hi === Infinity ? len : Math.min(r.hi, len);
    if (plan.outDelimGiven && printed) segs.delim(plan.outDelim.length);
    segs.add(start + s, start + e);
    printed = true;
  }
  return KEEP;
}

function fieldSelected(ranges: Range[], field: number): boolean {
  for (const r of ranges) {
    if (field < r.lo) return false;
    if (field <= r.hi) return true;
  }
  return false;
}

function cutFields(plan: CutPlan, buf: Uint8Array, start: number, end: number, segs: Segments, terminated: boolean): LineFate {
  let d = buf.indexOf(plan.delim, start);
  if (d < 0 || d >= end) {
    if (plan.onlyDelimited) return DROP;
    segs.add(start, end);
    return KEEP;
  }
  let field = 1;
  let fieldStart = start;
  let printed = false;
  // an empty selection (`--complement -f1-`) still prints an empty line for delimited lines
  const lastWanted = plan.ranges.length === 0 ? 0 : plan.ranges[plan.ranges.length - 1]!.hi;
  for (;;) {
    const fieldEnd = d < 0 || d >= end ? end : d;
    if (fieldSelected(plan.ranges, field)) {
      if (printed) segs.delim(plan.outDelim.length);
      segs.add(fieldStart, fieldEnd);
      printed = true;
    }
    if (fieldEnd === end || field >= lastWanted) break;
    field++;
    fieldStart = fieldEnd + 1;
    d = buf.indexOf(plan.delim, fieldStart);
  }
  return gnuDropsFinalNul(plan, buf, start, end, terminated) ? KEEP_NO_EOL : KEEP;
}

/**
 * coreutils' cut_fields omits the final NUL (-z) when the input ends, unterminated, right after
 * the only delimiter and the first field was buffered (`prev_c` is then 0, the NUL terminator):
 * `printf 'a,' | cut -z -d, -f2` prints nothing at all. Reproduced for byte-exactness.
 */
function gnuDropsFinalNul(plan: CutPlan, buf: Uint8Array, start: number, end: number, terminated: boolean): boolean {
  if (terminated || plan.eol !== 0 || plan.delim === plan.eol) return false;
  if (end - start === 0 || buf[end - 1] !== plan.delim) return false;
  if (buf.indexOf(plan.delim, start) !== end - 1) return false;
  const bufferedFirst = plan.onlyDelimited !== !fieldSelected(plan.ranges, 1);
  return bufferedFirst;
}

export const cut = defineCommand({
  name: 'cut',
  summary: 'remove sections from each line of files',
  help: CUT_HELP,
  flags: FLAGS,
  // a second list before a bad option, a bad -d, or --help is what GNU reports
  checkBefore(ctx, before) {
    const listed = listOption(before);
    return typeof listed === 'string' ? writeUsageError(ctx, listed, 1) : undefined;
  },
  run,
});
