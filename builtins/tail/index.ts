// tail: output the last part of files (GNU coreutils 9.1 behaviour and wording) without follow
// mode: -f/-F/--follow/--pid/--retry are refused, since rshell never waits for a file to grow.
// Supports -n/-c with N, +N, -N and suffixes, the obsolete `tail -N[bcl]` / `tail +N` forms, -q/-v
// headers and -z.

import type { CallContext, Command } from '../types.js';
import { writeThen } from '../internal/print.js';
import { defineFlags, parseFlags, versionText, writeUsageError, type Occurrence } from '../internal/flags.js';
import { firstDigitOption, type OptionShape } from '../internal/digit-options.js';
import { ReadFailure, type Input } from '../internal/inputs.js';
import { forEachInput } from '../internal/input-loop.js';
import type { OutputBuffer } from '../internal/output.js';
import { quote } from '../internal/quote.js';
import { clampCount, numberErrorText, parseUintmax, UINTMAX_MAX } from '../internal/xstrtol.js';
import {
  copyRange, fromByte, fromLine, lastBytesOfStream, lastLinesOfStream, lastLinesStart, type TailResult,
} from './modes.js';
import { TAIL_USAGE } from './usage.js';
import { obsoletePlusAllowed } from '../internal/posix2.js';

const SUFFIXES = 'bkKmMGTPEZY0';

// long options in GNU tail's table order (ambiguity messages follow it)
const SPEC = defineFlags({
  flags: [
    { name: 'bytes', short: 'c', long: 'bytes', kind: 'string' },
    { name: 'follow', short: 'f', long: 'follow', kind: 'optional', shortBare: true },
    { name: 'followName', short: 'F', kind: 'boolean' },
    { name: 'lines', short: 'n', long: 'lines', kind: 'string' },
    { name: 'maxUnchangedStats', long: 'max-unchanged-stats', kind: 'string' },
    { name: 'disableInotify', long: '-disable-inotify', kind: 'boolean' },
    { name: 'pid', long: 'pid', kind: 'string' },
    { name: 'presumeInputPipe', long: '-presume-input-pipe', kind: 'boolean' },
    { name: 'quiet', short: 'q', long: ['quiet'], kind: 'boolean' },
    { name: 'retry', long: 'retry', kind: 'boolean' },
    { name: 'silent', long: 'silent', kind: 'boolean' },
    { name: 'sleepInterval', short: 's', long: 'sleep-interval', kind: 'string' },
    { name: 'verbose', short: 'v', long: 'verbose', kind: 'boolean' },
    { name: 'zero', short: 'z', long: 'zero-terminated', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
  digitsFlag: 'digits',
});

const OPTION_SHAPE: OptionShape = {
  valueShorts: 'cns',
  optionalShorts: '',
  knownShorts: 'cfFnqsvz',
  valueLongs: ['bytes', 'lines', 'max-unchanged-stats', 'pid', 'sleep-interval'],
  knownLongs: ['bytes', 'follow', 'lines', 'max-unchanged-stats', '-disable-inotify', 'pid', '-presume-input-pipe',
    'quiet', 'retry', 'silent', 'sleep-interval', 'verbose', 'zero-terminated', 'help', 'version'],
};

const REFUSED: Record<string, string> = {
  follow: '-f/--follow is refused: rshell never waits for a file to grow',
  followName: '-F is refused: rshell never waits for a file to grow',
  pid: '--pid is refused: rshell never follows files',
  retry: '--retry is refused: rshell never follows files',
};

interface TailSettings {
  countLines: boolean;
  count: number;
  /** the count as given (count is clamped), for GNU's OFF_T_MAX bound */
  given: bigint;
  fromStart: boolean;
  headers: 'auto' | 'always' | 'never';
  delim: number;
}

type Failure = { ok: false; status: number | Promise<number> };
type Parsed = { ok: true; settings: TailSettings; operands: string[] } | Failure | 'help' | 'version';

function fail(ctx: CallContext, text: string): Failure {
  const p = ctx.stderr.writeString(text);
  return { ok: false, status: p ? p.then(() => 1) : 1 };
}

/**
 * GNU's obsolete forms `tail -N[bcl][f] [FILE]` and `tail +N[bcl][f] [FILE]`: only with at most
 * one file operand. Returns undefined when args are not in that form.
 */
function parseObsolete(ctx: CallContext, args: string[], s: TailSettings): Failure | 'taken' | undefined {
  const n = args.length;
  const shapeOk =
    n === 1 || (n === 2 && !(args[1]!.startsWith('-') && args[1]!.length > 1)) || ((n === 2 || n === 3) && args[1] === '--');
  if (!shapeOk) return undefined;
  const arg = args[0]!;
  let p = 1;
  let fromStart: boolean;
  if (arg[0] === '+') {
    // a file name under _POSIX2_VERSION 200112..200808 (tail.c's traditional_usage)
    if (!obsoletePlusAllowed((name) => ctx.getEnv(name))) return undefined;
    fromStart = true;
  } else if (arg[0] === '-') {
    // "-" is stdin and "-c" needs a value: not obsolete forms
    if ((arg[1] === 'c' ? arg[2] : arg[1]) === undefined) return undefined;
    fromStart = false;
  } else return undefined;
  const digitsStart = p;
  while (p < arg.length && arg[p]! >= '0' && arg[p]! <= '9') p++;
  const digits = arg.slice(digitsStart, p);
  let defaultCount = 10;
  let countLines = true;
  let follow = false;
  switch (arg[p]) {
    case 'b': defaultCount *= 512; countLines = false; p++; break;
    case 'c': countLines = false; p++; break;
    case 'l': p++; break;
  }
  if (arg[p] === 'f') {
    follow = true;
    p++;
  }
  if (p !== arg.length) return undefined;
  let count = defaultCount;
  if (digits !== '') {
    // GNU parses the digits with only 'b' as a suffix and ignores what follows ('c', 'l', 'f')
    const value = BigInt(digits) * (arg[digitsStart + digits.length] === 'b' ? 512n : 1n);
    if (value > UINTMAX_MAX) return fail(ctx, `tail: invalid number: ${quote(arg)}: Numerical result out of range\n`);
    count = clampCount(value);
    s.given = value;
  } else s.given = BigInt(defaultCount);
  if (follow) return fail(ctx, `tail: ${REFUSED.follow!}\n`);
  s.fromStart = fromStart;
  s.countLines = countLines;
  s.count = count;
  return 'taken';
}

const SECONDS = /^[ \t\n\v\f\r]*\+?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?)$/i;

function applyOption(ctx: CallContext, o: Occurrence, s: TailSettings): Failure | undefined {
  switch (o.name) {
    case 'lines':
    case 'bytes': {
      s.countLines = o.name === 'lines';
      let v = o.value ?? '';
      // GNU: a '+' sets offset mode for good; a later plain count does not clear it
      if (v.startsWith('+')) s.fromStart = true;
      else if (v.startsWith('-')) v = v.slice(1);
      const r = parseUintmax(v, SUFFIXES);
      if (r.kind !== 'ok') {
        const what = s.countLines ? 'invalid number of lines' : 'invalid number of bytes';
        return fail(ctx, `tail: ${numberErrorText(what, quote(v), r)}\n`);
      }
      s.count = clampCount(r.value);
      s.given = r.value;
      return undefined;
    }
    case 'quiet':
    case 'silent':
      s.headers = 'never';
      return undefined;
    case 'verbose':
      s.headers = 'always';
      return undefined;
    case 'zero':
      s.delim = 0;
      return undefined;
    case 'sleepInterval':
      if (!SECONDS.test(o.value ?? '')) return fail(ctx, `tail: invalid number of seconds: ${quote(o.value ?? '')}\n`);
      return undefined;
    case 'maxUnchangedStats': {
      const r = parseUintmax(o.value ?? '', '');
      if (r.kind !== 'ok') {
        return fail(ctx, `tail: invalid maximum number of unchanged stats between opens: ${quote(o.value ?? '')}\n`);
      }
      return undefined;
    }
    case 'digits':
      return fail(ctx, `tail: option used in invalid context -- ${(o.value ?? '0')[0]}\n`);
    default:
      return undefined;
  }
}

/** GNU checks what following needs after its option loop: a bad value or option comes first */
function refusal(ctx: CallContext, order: readonly Occurrence[]): Parsed | undefined {
  for (const o of order) {
    const text = REFUSED[o.name];
    if (text !== undefined) return fail(ctx, `tail: ${text}\n`);
  }
  return undefined;
}

function parseArgs(ctx: CallContext, args: string[]): Parsed {
  const s: TailSettings = { countLines: true, count: 10, given: 10n, fromStart: false, headers: 'auto', delim: 0x0a };
  let rest = args;
  if (args.length > 0) {
    const obsolete = parseObsolete(ctx, args, s);
    if (obsolete !== undefined && obsolete !== 'taken') return obsolete;
    if (obsolete === 'taken') rest = args.slice(1);
  }
  const r = parseFlags(SPEC, rest, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  if (!r.ok) {
    // GNU checks each value inside its getopt loop: a bad one before the bad option wins
    for (const o of r.order) {
      const bad = applyOption(ctx, o, s);
      if (bad) return bad;
    }
    const digit = firstDigitOption(rest, OPTION_SHAPE);
    if (digit !== undefined) return fail(ctx, `tail: option used in invalid context -- ${digit}\n`);
    return { ok: false, status: writeUsageError(ctx, r.message, 1) };
  }
  for (const o of r.order) {
    if (o.name === 'help') return 'help';
    if (o.name === 'version') return 'version';
    const bad = applyOption(ctx, o, s);
    if (bad) return bad;
  }
  const refused = refusal(ctx, r.order);
  if (refused) return refused;
  // +N counts from 1: +0 and +1 both mean "from the start"
  if (s.fromStart && s.count > 0) s.count--;
  return { ok: true, settings: s, operands: r.operands.length === 0 ? ['-'] : r.operands };
}

async function takeEnd(ctx: CallContext, input: Input, out: OutputBuffer, s: TailSettings): Promise<TailResult> {
  const maxHold = ctx.limits.maxFileBytes;
  if (s.fromStart) {
    return s.countLines ? fromLine(input.reader, out, s.count, s.delim) : fromByte(input.reader, out, s.count);
  }
  const file = input.file;
  const info = input.info;
  if (file?.readAt !== undefined && info !== undefined && info.type === 'file' && info.size > 0) {
    // a regular file: read from its end
    const readAt = file.readAt.bind(file);
    const start = s.countLines ? lastLinesStart(readAt, info.size, s.count, s.delim) : Math.max(0, info.size - s.count);
    await copyRange(readAt, out, start, info.size);
    if (file.error !== undefined) throw new ReadFailure(file.error);
    return { ok: true };
  }
  return s.countLines
    ? lastLinesOfStream(input.reader, out, s.count, s.delim, maxHold)
    : lastBytesOfStream(input.reader, out, s.count, maxHold);
}

const OFF_T_MAX = (1n << 63n) - 1n;

/**
 * Whether GNU copies with dump_remainder, which dies on a read error: bytes up to OFF_T_MAX (past
 * it, pipe_bytes/start_bytes report and go on), and lines from the very start (+0, +1)
 */
function dumpsRemainder(s: TailSettings): boolean {
  if (s.countLines) return s.fromStart && s.count === 0;
  const n = s.fromStart && s.given > 0n ? s.given - 1n : s.given;
  return n <= OFF_T_MAX;
}

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const parsed = parseArgs(ctx, args);
  if (parsed === 'help') return writeThen(ctx.stdout, TAIL_USAGE, 0);
  if (parsed === 'version') return writeThen(ctx.stdout, versionText('tail'), 0);
  if (!parsed.ok) return parsed.status;
  const { settings: s, operands } = parsed;
  // GNU: nothing to output and nothing to follow, so no file is even opened
  if (!s.fromStart && s.count === 0) return 0;
  const printHeaders = s.headers === 'always' || (s.headers === 'auto' && operands.length > 1);
  return forEachInput(ctx, {
    tool: 'tail',
    operands,
    headers: printHeaders,
    // GNU copies bytes, and lines from the very start, with dump_remainder, which dies on a read
    // error (`tail -c 5 dir other` never reaches other); its line readers report and go on
    readErrorFatal: dumpsRemainder(s),
    body: async (input, out) => (await takeEnd(ctx, input, out, s)).ok || 'tail: memory exhausted',
  });
}

export const tail: Command = {
  name: 'tail',
  summary: 'output the last part of files',
  usage: TAIL_USAGE,
  run,
};
