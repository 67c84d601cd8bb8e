// uniq: report or omit repeated adjacent lines (GNU coreutils 9.1, C locale). Streams: holds only
// the first line of the current group. The OUTPUT operand is written through the sandbox
// (output-file.ts): remediation mode and a `:rw` root, as tee's files.

import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, writeUsageError, type Claim, type CommandLine, type Reject } from '../internal/command.js';
import { ByteAccumulator, LineReader } from '../internal/lines.js';
import { OutputBuffer } from '../internal/output.js';
import { filterOneInput, type FilterOutcome } from '../internal/line-filter.js';
import type { ByteReader } from '../../lib/io/streams.js';
import { uniqIntoFile } from './output-file.js';
import { quote, quoteaf } from '../internal/quote.js';
import { obsoletePlusAllowed } from '../internal/posix2.js';
import { UNIQ_HELP } from './usage.js';

type Delimit = 'none' | 'prepend' | 'separate';
type Grouping = 'separate' | 'prepend' | 'append' | 'both';

interface UniqPlan {
  count: boolean;
  repeated: boolean;
  unique: boolean;
  allRepeated: Delimit | null;
  group: Grouping | null;
  icase: boolean;
  skipFields: number;
  skipChars: number;
  checkChars: number;
  eol: number;
}

/** GNU: a non-negative decimal; too big saturates. `what` names it in the error. */
function countOf(what: string): (v: string) => number | Reject {
  return (v) => {
    if (!/^\s*\+?[0-9]+$/.test(v)) return reject(`${v}: invalid number of ${what}`);
    const n = Number(v.trim());
    return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
  };
}

// argmatch tables in GNU's order (the error lists them so)
const DELIMIT: Readonly<Record<string, Delimit>> = { none: 'none', prepend: 'prepend', separate: 'separate' };
const GROUPING: Readonly<Record<string, Grouping>> = { prepend: 'prepend', append: 'append', separate: 'separate', both: 'both' };

// long options in GNU uniq's table order
const FLAGS = {
  count: flag.boolean('-c --count'),
  repeated: flag.boolean('-d --repeated'),
  allRepeated: flag.choice('-D --all-repeated', DELIMIT, { bare: 'none', shortBare: true }),
  group: flag.choice('--group', GROUPING, { bare: 'separate' }),
  ignoreCase: flag.boolean('-i --ignore-case'),
  unique: flag.boolean('-u --unique'),
  skipFields: flag.value('-f --skip-fields', countOf('fields to skip')),
  skipChars: flag.value('-s --skip-chars', countOf('bytes to skip')),
  checkChars: flag.value('-w --check-chars', countOf('bytes to compare')),
  zero: flag.boolean('-z --zero-terminated'),
  // the obsolete -N (skip N fields)
  obsoleteFields: flag.digits(),
};

const SIZE_MAX = (1n << 64n) - 1n;

/**
 * The obsolete `+N` operand (skip N bytes, as -s N) where uniq's in-order getopt loop meets it;
 * anything else starting with '+' (or a number past SIZE_MAX) stays a file name, as in GNU.
 */
function plusSkip(args: readonly string[], i: number): Claim<typeof FLAGS> | undefined {
  const arg = args[i]!;
  if (!/^\+[0-9]+$/.test(arg) || BigInt(arg.slice(1)) > SIZE_MAX) return undefined;
  return { consumed: 1, occurrence: { name: 'skipChars', value: arg.slice(1), spelled: arg } };
}

/** -N digits accumulate across arguments (-1 -2 is 12), starting afresh after -f (GNU's SFO_NEW) */
function skipFieldsOf(order: CommandLine<typeof FLAGS>['order']): number {
  let fields = 0;
  let fromF = false;
  for (const o of order) {
    if (o.name === 'skipFields') {
      fields = o.value;
      fromF = true;
    } else if (o.name === 'obsoleteFields') {
      const n = (fromF ? 0 : fields) * 10 ** o.value.length + Number(o.value);
      fields = Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
      fromF = false;
    }
  }
  return fields;
}

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const plan: UniqPlan = {
    count: flags.count,
    repeated: flags.repeated,
    unique: flags.unique,
    allRepeated: flags.allRepeated ?? null,
    group: flags.group ?? null,
    icase: flags.ignoreCase,
    skipFields: skipFieldsOf(order),
    skipChars: flags.skipChars ?? 0,
    checkChars: flags.checkChars ?? Number.MAX_SAFE_INTEGER,
    eol: flags.zero ? 0 : 0x0a,
  };
  if (operands.length > 2) return writeUsageError(ctx, `extra operand ${quote(operands[2]!)}`, 1);
  if (plan.group !== null && (plan.count || plan.repeated || plan.unique || plan.allRepeated !== null)) {
    return writeUsageError(ctx, '--group is mutually exclusive with -c/-d/-D/-u', 1);
  }
  if (plan.allRepeated !== null && plan.count) {
    return writeUsageError(ctx, 'printing all duplicated lines and repeat counts is meaningless', 1);
  }
  const name = operands[0] ?? '-';
  const filter = async (reader: ByteReader, out: OutputBuffer): Promise<FilterOutcome> => {
    const lr = new LineReader(reader, plan.eol, ctx.limits.maxLineBytes);
    await uniqStream(ctx, plan, lr, out);
    return lr.tooLong ? 'too-long' : 'ok';
  };
  if (operands.length === 2 && operands[1] !== '-') return uniqIntoFile(ctx, name, operands[1]!, filter);
  const out = new OutputBuffer(ctx.stdout);
  // GNU checks ferror() once the input ends and names no errno
  const status = await filterOneInput(ctx, out, 'uniq', name, (reader) => filter(reader, out), (n) => `uniq: error reading ${quoteaf(n)}\n`);
  const f = out.flush();
  if (f) await f;
  return status;
}

export const uniq = defineCommand({
  name: 'uniq',
  summary: 'report or omit repeated lines',
  help: UNIQ_HELP,
  flags: FLAGS,
  // uniq.c's strict_posix2(): only POSIX 1003.1-2001 refuses +N
  claim: (ctx) => (obsoletePlusAllowed((n) => ctx.getEnv(n)) ? plusSkip : undefined),
  run,
});

const isFieldSep = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0a;

/** a comparison key's bounds, filled in place (no array per line) */
interface KeyBounds {
  start: number;
  end: number;
}

/** [start, end) of the comparison key inside buf[start, end), into `key` */
function keyRange(plan: UniqPlan, buf: Uint8Array, start: number, end: number, key: KeyBounds): KeyBounds {
  let i = start;
  for (let f = 0; f < plan.skipFields && i < end; f++) {
    while (i < end && isFieldSep(buf[i]!)) i++;
    while (i < end && !isFieldSep(buf[i]!)) i++;
  }
  i += Math.min(plan.skipChars, end - i);
  key.start = i;
  key.end = i + Math.min(plan.checkChars, end - i);
  return key;
}

function keysEqual(icase: boolean, a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): boolean {
  if (ae - as !== be - bs) return false;
  if (!icase) {
    for (let k = 0; k < ae - as; k++) if (a[as + k] !== b[bs + k]) return false;
    return true;
  }
  for (let k = 0; k < ae - as; k++) {
    let x = a[as + k]!;
    let y = b[bs + k]!;
    if (x >= 0x61 && x <= 0x7a) x -= 0x20;
    if (y >= 0x61 && y <= 0x7a) y -= 0x20;
    if (x !== y) return false;
  }
  return true;
}

/**
 * GNU uniq's model: three switches say which lines of a group are printed — a group of one
 * (output_unique), the first line of a repeated group (output_first_repeated), the others
 * (output_later_repeated). -d clears the first, -u the second, -D clears the first and sets the
 * third. The loop below mirrors coreutils' so that odd mixes (-D -u) print what GNU prints.
 */
/**
 * Write pieces in order: plain synchronous copies when they fit the output buffer (the common
 * case, no promise per line), awaiting each piece only when the buffer must drain.
 */
function writePieces(out: OutputBuffer, pieces: Uint8Array[]): void | Promise<void> {
  let n = 0;
  for (const p of pieces) n += p.length;
  if (out.len + n <= out.cap) {
    for (const p of pieces) {
      out.buf.set(p, out.len);
      out.len += p.length;
    }
    return;
  }
  return (async () => {
    for (const p of pieces) {
      const w = out.write(p);
      if (w) await w;
    }
  })();
}

async function uniqStream(ctx: CallContext, plan: UniqPlan, lr: LineReader, out: OutputBuffer): Promise<void> {
  if (plan.group !== null) return groupStream(ctx, plan, lr, out);
  const outputUnique = !plan.repeated && plan.allRepeated === null;
  const outputFirstRepeated = !plan.unique;
  const outputLaterRepeated = plan.allRepeated !== null;
  const delimit: Delimit = plan.allRepeated ?? 'none';
  let prev = new ByteAccumulator();
  let spare = new ByteAccumulator();
  let prevKeyStart = 0;
  let prevKeyEnd = 0;
  const key: KeyBounds = { start: 0, end: 0 };
  let havePrev = false;
  let matchCount = 0;
  let firstDelimiter = true;
  const eol = Uint8Array.of(plan.eol);
  const writeLine = (match: boolean, lineCount: number): void | Promise<void> => {
    const wanted = lineCount === 0 ? outputUnique : !match ? outputFirstRepeated : outputLaterRepeated;
    if (!wanted) return;
    // the common case straight into the output buffer: no strings or arrays per line
    if (out.len + prev.length + COUNT_ROOM <= out.cap) {
      if (plan.count) writeCount(out, lineCount + 1);
      out.buf.set(prev.bytes.subarray(0, prev.length), out.len);
      out.len += prev.length;
      out.buf[out.len++] = plan.eol;
      return;
    }
    const line = prev.view();
    return plan.count
      ? writePieces(out, [encodeAscii(String(lineCount + 1).padStart(7, ' ') + ' '), line, eol])
      : writePieces(out, [line, eol]);
  };
  let n = 0;
  for (;;) {
    let more = lr.next();
    if (typeof more !== 'boolean') more = await more;
    if (!more) break;
    if ((++n & 0x3ff) === 0) ctx.checkAbort();
    const { buf, start, end } = lr;
    keyRange(plan, buf, start, end, key);
    if (!havePrev) {
      prev.append(buf, start, end);
      prevKeyStart = key.start - start;
      prevKeyEnd = key.end - start;
      havePrev = true;
      continue;
    }
    const match = keysEqual(plan.icase, prev.bytes, prevKeyStart, prevKeyEnd, buf, key.start, key.end);
    if (match) matchCount++;
    if (delimit !== 'none') {
      if (!match) {
        if (matchCount > 0) firstDelimiter = false;
      } else if (matchCount === 1) {
        if (delimit === 'prepend' || (delimit === 'separate' && !firstDelimiter)) {
          const w = writePieces(out, [eol]);
          if (w) await w;
        }
      }
    }
    if (!match || outputLaterRepeated) {
      const w = writeLine(match, matchCount);
      if (w) await w;
      // the current line becomes prev
      const t = prev;
      prev = spare;
      spare = t;
      prev.clear();
      prev.append(buf, start, end);
      prevKeyStart = key.start - start;
      prevKeyEnd = key.end - start;
      if (!match) matchCount = 0;
    }
  }
  if (havePrev) {
    const w = writeLine(false, matchCount);
    if (w) await w;
  }
}

/** room for the count column (at most 16 digits + a blank) and the terminator */
const COUNT_ROOM = 18;

/** the count as GNU prints it ("%7jd "), written into the buffer (which has COUNT_ROOM free) */
function writeCount(out: OutputBuffer, count: number): void {
  let digits = 1;
  for (let v = count; v >= 10; v = Math.floor(v / 10)) digits++;
  const width = Math.max(digits , 7);
  const buf = out.buf;
  let p = out.len;
  for (let k = digits; k < width; k++) buf[p++] = 0x20;
  let v = count;
  for (let k = p + digits - 1; k >= p; k--) {
    buf[k] = 0x30 + (v % 10);
    v = Math.floor(v / 10);
  }
  p += digits;
  buf[p++] = 0x20;
  out.len = p;
}

function encodeAscii(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

/** --group[=METHOD]: every line, with an empty line around groups */
async function groupStream(ctx: CallContext, plan: UniqPlan, lr: LineReader, out: OutputBuffer): Promise<void> {
  const method = plan.group!;
  const first = new ByteAccumulator();
  let firstKeyStart = 0;
  let firstKeyEnd = 0;
  const key: KeyBounds = { start: 0, end: 0 };
  let lines = 0;
  const eol = Uint8Array.of(plan.eol);
  const put = (...pieces: Uint8Array[]): void | Promise<void> => writePieces(out, pieces);
  for (;;) {
    let more = lr.next();
    if (typeof more !== 'boolean') more = await more;
    if (!more) break;
    if ((++lines & 0x3ff) === 0) ctx.checkAbort();
    const { buf, start, end } = lr;
    keyRange(plan, buf, start, end, key);
    const same = lines > 1 && keysEqual(plan.icase, first.bytes, firstKeyStart, firstKeyEnd, buf, key.start, key.end);
    if (!same) {
      const newGroupMark = lines === 1 ? method === 'prepend' || method === 'both' : true;
      if (newGroupMark) {
        const w = put(eol);
        if (w) await w;
      }
      first.clear();
      first.append(buf, start, end);
      firstKeyStart = key.start - start;
      firstKeyEnd = key.end - start;
    }
    const w = put(buf.subarray(start, end), eol);
    if (w) await w;
  }
  if (lines > 0 && (method === 'append' || method === 'both')) {
    const w = put(eol);
    if (w) await w;
  }
}
