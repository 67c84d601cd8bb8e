// uniq: report or omit repeated adjacent lines (GNU coreutils 9.1, C locale). Streams: holds only
// the first line of the current group. The OUTPUT operand is written through the sandbox
// (output-file.ts): remediation mode and a `:rw` root, as tee's files.

import type { CallContext, Command } from '../types.js';
import { defineFlags, writeUsageError } from '../internal/flags.js';
import { ByteAccumulator, LineReader } from '../internal/lines.js';
import { OutputBuffer } from '../internal/output.js';
import { filterOneInput, type FilterOutcome } from '../internal/line-filter.js';
import type { ByteReader } from '../../lib/io/streams.js';
import { uniqIntoFile } from './output-file.js';
import { quote, quoteaf } from '../internal/quote.js';
import type { Occurrence, OperandClaim } from '../internal/flags.js';
import { obsoletePlusAllowed } from '../internal/posix2.js';
import { UNIQ_HELP } from './usage.js';
import { printErrorAndFail } from '../internal/print.js';
import { parseGnuArgs } from '../internal/command.js';

const FLAGS = defineFlags({
  digitsFlag: 'obsolete-fields',
  flags: [
    { name: 'count', short: 'c', long: 'count', kind: 'boolean' },
    { name: 'repeated', short: 'd', long: 'repeated', kind: 'boolean' },
    { name: 'all-repeated', short: 'D', long: 'all-repeated', kind: 'optional', shortBare: true },
    { name: 'group', long: 'group', kind: 'optional' },
    { name: 'ignore-case', short: 'i', long: 'ignore-case', kind: 'boolean' },
    { name: 'unique', short: 'u', long: 'unique', kind: 'boolean' },
    { name: 'skip-fields', short: 'f', long: 'skip-fields', kind: 'string' },
    { name: 'skip-chars', short: 's', long: 'skip-chars', kind: 'string' },
    { name: 'check-chars', short: 'w', long: 'check-chars', kind: 'string' },
    { name: 'zero-terminated', short: 'z', long: 'zero-terminated', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
});

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

/** gnulib argmatch's complaint: "ambiguous" when the value prefixes several choices (even '') */
function argmatchError(value: string, option: string, valid: string[]): string {
  const kind = valid.filter((v) => v.startsWith(value)).length > 1 ? 'ambiguous' : 'invalid';
  return `${kind} argument ${quote(value)} for ${quote(option)}\nValid arguments are:\n` + valid.map((v) => `  - ${quote(v)}`).join('\n');
}

/** GNU: a non-negative decimal; too big saturates */
function parseCount(v: string): number | null {
  if (!/^\s*\+?[0-9]+$/.test(v)) return null;
  const n = Number(v.trim());
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

const SIZE_MAX = (1n << 64n) - 1n;

/**
 * The obsolete `+N` operand (skip N bytes, as -s N) where uniq's in-order getopt loop meets it;
 * anything else starting with '+' (or a number past SIZE_MAX) stays a file name, as in GNU.
 */
function plusSkip(args: readonly string[], i: number): OperandClaim | undefined {
  const arg = args[i]!;
  if (!/^\+[0-9]+$/.test(arg) || BigInt(arg.slice(1)) > SIZE_MAX) return undefined;
  return { consumed: 1, occurrence: { name: 'skip-chars', value: arg.slice(1), spelled: arg } };
}

/**
 * The options' values, checked in order as GNU's getopt loop does (the first bad one is the one
 * reported, and it is reported before a bad option further on); a status when one was bad.
 */
function readOptions(ctx: CallContext, order: readonly Occurrence[]): UniqPlan | number | Promise<number> {
  const plan: UniqPlan = {
    count: false, repeated: false, unique: false, allRepeated: null, group: null, icase: false,
    skipFields: 0, skipChars: 0, checkChars: Number.MAX_SAFE_INTEGER, eol: 0x0a,
  };
  /** the last field count came from -f (GNU's SFO_NEW) */
  let fieldsFromF = false;
  for (const o of order) {
    const v = o.value ?? '';
    switch (o.name) {
      case 'count': plan.count = true; break;
      case 'repeated': plan.repeated = true; break;
      case 'unique': plan.unique = true; break;
      case 'ignore-case': plan.icase = true; break;
      case 'zero-terminated': plan.eol = 0; break;
      case 'all-repeated': {
        if (o.value === undefined) { plan.allRepeated = 'none'; break; }
        const m = matchArg(v, ['none', 'prepend', 'separate']);
        if (m === null) return writeUsageError(ctx, argmatchError(v, '--all-repeated', ['none', 'prepend', 'separate']), 1);
        plan.allRepeated = m as Delimit;
        break;
      }
      case 'group': {
        if (o.value === undefined) { plan.group = 'separate'; break; }
        const valid = ['prepend', 'append', 'separate', 'both'];
        const m = matchArg(v, valid);
        if (m === null) return writeUsageError(ctx, argmatchError(v, '--group', valid), 1);
        plan.group = m as Grouping;
        break;
      }
      case 'skip-fields': {
        const n = parseCount(v);
        if (n === null) return printErrorAndFail(ctx, `uniq: ${v}: invalid number of fields to skip\n`);
        plan.skipFields = n;
        fieldsFromF = true;
        break;
      }
      case 'obsolete-fields': {
        // uniq.c: -N digits accumulate across arguments (-1 -2 is 12), starting afresh after -f
        const prior = fieldsFromF ? 0 : plan.skipFields;
        const n = prior * 10 ** v.length + Number(v);
        plan.skipFields = Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
        fieldsFromF = false;
        break;
      }
      case 'skip-chars': {
        const n = parseCount(v);
        if (n === null) return printErrorAndFail(ctx, `uniq: ${v}: invalid number of bytes to skip\n`);
        plan.skipChars = n;
        break;
      }
      case 'check-chars': {
        const n = parseCount(v);
        if (n === null) return printErrorAndFail(ctx, `uniq: ${v}: invalid number of bytes to compare\n`);
        plan.checkChars = n;
        break;
      }
    }
  }
  return plan;
}

async function run(ctx: CallContext, args: string[]): Promise<number> {
  // uniq.c's strict_posix2(): only POSIX 1003.1-2001 refuses +N
  const claimOperand = obsoletePlusAllowed((n) => ctx.getEnv(n)) ? plusSkip : undefined;
  const checkBefore = (before: readonly Occurrence[]): number | Promise<number> | undefined => {
    const r = readOptions(ctx, before);
    return typeof r === 'number' || r instanceof Promise ? r : undefined;
  };
  const parsed = await parseGnuArgs(ctx, FLAGS, args, { name: 'uniq', help: UNIQ_HELP, checkBefore, ...(claimOperand === undefined ? {} : { claim: claimOperand }) });
  if (typeof parsed === 'number') return parsed;
  const { order, operands } = parsed;
  const plan = readOptions(ctx, order);
  if (typeof plan === 'number' || plan instanceof Promise) return plan;
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

/** argmatch: exact or unambiguous prefix */
function matchArg(v: string, valid: string[]): string | null {
  if (valid.includes(v)) return v;
  const hits = valid.filter((x) => x.startsWith(v));
  return hits.length === 1 ? hits[0]! : null;
}

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
  const width = digits < 7 ? 7 : digits;
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

export const uniq: Command = {
  name: 'uniq',
  summary: 'report or omit repeated lines',
  usage: UNIQ_HELP,
  run,
};
