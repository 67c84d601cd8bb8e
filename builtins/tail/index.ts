// tail: output the last part of files (GNU coreutils 9.1 behaviour and wording) without follow
// mode: -f/-F/--follow/--pid/--retry are refused, since rshell never waits for a file to grow.
// Supports -n/-c with N, +N, -N and suffixes, the obsolete `tail -N[bcl]` / `tail +N` forms, -q/-v
// headers and -z.

import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, type Claim, type CommandLine, type Reject } from '../internal/command.js';
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

/** a -n/-c value, or the obsolete first argument's */
interface Count {
  countLines: boolean;
  count: number;
  /** the count as given (count is clamped), for GNU's OFF_T_MAX bound */
  given: bigint;
  /** +N: counted from the start (GNU: for good, a later plain count does not clear it) */
  fromStart: boolean;
  /** the obsolete form's trailing 'f' */
  follow: boolean;
}

/** -n/-c: [+-]N with suffixes */
function countArg(countLines: boolean): (text: string) => Count | Reject {
  return (text) => {
    const fromStart = text.startsWith('+');
    const v = !fromStart && text.startsWith('-') ? text.slice(1) : text;
    const r = parseUintmax(v, SUFFIXES);
    if (r.kind !== 'ok') return reject(numberErrorText(countLines ? 'invalid number of lines' : 'invalid number of bytes', quote(v), r));
    return { countLines, count: clampCount(r.value), given: r.value, fromStart, follow: false };
  };
}

/** the parts of `-N[bcl][f]` / `+N[bcl][f]`, or undefined when `arg` is not in that form */
function obsoleteForm(arg: string, plusAllowed: boolean): { fromStart: boolean; digits: string; unit: string | undefined; follow: boolean } | undefined {
  let fromStart: boolean;
  if (arg[0] === '+') {
    // a file name under _POSIX2_VERSION 200112..200808 (tail.c's traditional_usage)
    if (!plusAllowed) return undefined;
    fromStart = true;
  } else if (arg[0] === '-') {
    // "-" is stdin and "-c" needs a value: not obsolete forms
    if ((arg[1] === 'c' ? arg[2] : arg[1]) === undefined) return undefined;
    fromStart = false;
  } else return undefined;
  let p = 1;
  while (p < arg.length && arg[p]! >= '0' && arg[p]! <= '9') p++;
  const digits = arg.slice(1, p);
  const unit = arg[p] === 'b' || arg[p] === 'c' || arg[p] === 'l' ? arg[p++] : undefined;
  const follow = arg[p] === 'f';
  if (follow) p++;
  return p === arg.length ? { fromStart, digits, unit, follow } : undefined;
}

/** the obsolete first argument's count (recorded by the claim, so it is one) */
function obsoleteArg(arg: string): Count | Reject {
  const form = obsoleteForm(arg, true)!;
  const defaultCount = form.unit === 'b' ? 10 * 512 : 10;
  let given = BigInt(defaultCount);
  if (form.digits !== '') {
    // GNU parses the digits with only 'b' as a suffix and ignores what follows ('c', 'l', 'f')
    given = BigInt(form.digits) * (form.unit === 'b' ? 512n : 1n);
    if (given > UINTMAX_MAX) return reject(`invalid number: ${quote(arg)}: Numerical result out of range`);
  }
  return { countLines: form.unit === undefined || form.unit === 'l', count: clampCount(given), given, fromStart: form.fromStart, follow: form.follow };
}

const SECONDS = /^[ \t\n\v\f\r]*\+?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?)$/i;

// long options in GNU tail's table order (ambiguity messages follow it)
const FLAGS = {
  bytes: flag.value('-c --bytes', countArg(false)),
  follow: flag.optional('-f --follow', { shortBare: true }),
  followName: flag.boolean('-F'),
  lines: flag.value('-n --lines', countArg(true)),
  maxUnchangedStats: flag.value('--max-unchanged-stats', (text) =>
    parseUintmax(text, '').kind === 'ok' ? text : reject(`invalid maximum number of unchanged stats between opens: ${quote(text)}`)),
  disableInotify: flag.boolean('---disable-inotify'),
  pid: flag.string('--pid'),
  presumeInputPipe: flag.boolean('---presume-input-pipe'),
  quiet: flag.boolean('-q --quiet'),
  retry: flag.boolean('--retry'),
  silent: flag.boolean('--silent'),
  sleepInterval: flag.value('-s --sleep-interval', (text) => (SECONDS.test(text) ? text : reject(`invalid number of seconds: ${quote(text)}`))),
  verbose: flag.boolean('-v --verbose'),
  zero: flag.boolean('-z --zero-terminated'),
  // digits anywhere but in the obsolete first argument: getopt's "0123456789", which GNU rejects
  // (a run has one digit at least)
  digits: flag.digits((run) => reject(`option used in invalid context -- ${run[0]!}`)),
  // the obsolete first argument, recorded by the claim
  obsolete: flag.value('', obsoleteArg),
};

/**
 * GNU's obsolete forms `tail -N[bcl][f] [FILE]` and `tail +N[bcl][f] [FILE]`, read before getopt
 * and only with at most one file operand.
 */
function obsoleteClaim(plusAllowed: boolean): (args: readonly string[], i: number) => Claim<typeof FLAGS> | undefined {
  return (args, i) => {
    const n = args.length;
    if (i !== 0) return undefined; // i = 0, an index of args: args[0] is there
    const shapeOk =
      n === 1 || (n === 2 && !(args[1]!.startsWith('-') && args[1]!.length > 1)) || ((n === 2 || n === 3) && args[1] === '--');
    if (!shapeOk || obsoleteForm(args[0]!, plusAllowed) === undefined) return undefined;
    return { consumed: 1, occurrence: { name: 'obsolete', value: args[0]!, spelled: args[0]! } };
  };
}
const CLAIM_WITH_PLUS = obsoleteClaim(true);
const CLAIM_WITHOUT_PLUS = obsoleteClaim(false);

const FOLLOW_REFUSED = '-f/--follow is refused: rshell never waits for a file to grow';

const REFUSED: Partial<Record<keyof typeof FLAGS, string>> = {
  follow: FOLLOW_REFUSED,
  followName: '-F is refused: rshell never waits for a file to grow',
  pid: '--pid is refused: rshell never follows files',
  retry: '--retry is refused: rshell never follows files',
};

interface TailSettings {
  countLines: boolean;
  count: number;
  given: bigint;
  fromStart: boolean;
  headers: 'auto' | 'always' | 'never';
  delim: number;
}

function applyCount(s: TailSettings, c: Count): void {
  s.countLines = c.countLines;
  if (c.fromStart) s.fromStart = true;
  s.count = c.count;
  s.given = c.given;
}

/** the options in command-line order (their values were checked where getopt met them) */
function settingsOf(order: CommandLine<typeof FLAGS>['order']): TailSettings | { refused: string } {
  const s: TailSettings = { countLines: true, count: 10, given: 10n, fromStart: false, headers: 'auto', delim: 0x0a };
  for (const o of order) {
    switch (o.name) {
      case 'obsolete':
        if (o.value.follow) return { refused: FOLLOW_REFUSED };
        applyCount(s, o.value);
        break;
      case 'lines':
      case 'bytes':
        applyCount(s, o.value);
        break;
      case 'quiet':
      case 'silent':
        s.headers = 'never';
        break;
      case 'verbose':
        s.headers = 'always';
        break;
      case 'zero':
        s.delim = 0;
        break;
    }
  }
  // GNU checks what following needs after its option loop
  for (const o of order) {
    const text = REFUSED[o.name];
    if (text !== undefined) return { refused: text };
  }
  // +N counts from 1: +0 and +1 both mean "from the start"
  if (s.fromStart && s.count > 0) s.count--;
  return s;
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

async function run(ctx: CallContext, { order, operands: given }: CommandLine<typeof FLAGS>): Promise<number> {
  const s = settingsOf(order);
  if ('refused' in s) {
    const p = ctx.stderr.writeString(`tail: ${s.refused}\n`);
    if (p) await p;
    return 1;
  }
  const operands = given.length === 0 ? ['-'] : given;
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

export const tail = defineCommand({
  name: 'tail',
  summary: 'output the last part of files',
  help: TAIL_USAGE,
  flags: FLAGS,
  claim: (ctx) => (obsoletePlusAllowed((name) => ctx.getEnv(name)) ? CLAIM_WITH_PLUS : CLAIM_WITHOUT_PLUS),
  run,
});
