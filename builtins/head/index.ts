// head: output the first part of files (GNU coreutils 9.1 behaviour and wording), including the
// obsolete `head -N[bkm][clqvz]` first argument, elision (`-n -N`, `-c -N`), -z and headers.

import type { CallContext, Command } from '../types.js';
import { writeThen } from '../internal/print.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import type { ByteReader } from '../../lib/io/streams.js';
import { defineFlags, parseFlags, versionText, writeUsageError, type Occurrence } from '../internal/flags.js';
import { firstDigitOption, type OptionShape } from '../internal/digit-options.js';
import { openInput, type Input } from '../internal/inputs.js';
import { forEachInput } from '../internal/input-loop.js';
import type { OutputBuffer } from '../internal/output.js';
import { quote } from '../internal/quote.js';
import { clampCount, numberErrorText, parseUintmax } from '../internal/xstrtol.js';
import { allButLastBytes, allButLastLines, firstBytes, firstLines, type CutResult } from './modes.js';
import { HEAD_USAGE } from './usage.js';

const SUFFIXES = 'bkKmMGTPEZY0';

// long options in GNU head's table order
const SPEC = defineFlags({
  flags: [
    { name: 'bytes', short: 'c', long: 'bytes', kind: 'string' },
    { name: 'lines', short: 'n', long: 'lines', kind: 'string' },
    { name: 'presumeInputPipe', long: '-presume-input-pipe', kind: 'boolean' },
    { name: 'quiet', short: 'q', long: ['quiet', 'silent'], kind: 'boolean' },
    { name: 'verbose', short: 'v', long: 'verbose', kind: 'boolean' },
    { name: 'zero', short: 'z', long: 'zero-terminated', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
  // digits after the first argument are GNU's "invalid trailing option"
  digitsFlag: 'digits',
});

const OPTION_SHAPE: OptionShape = {
  valueShorts: 'cn',
  knownShorts: 'cnqvz',
  valueLongs: ['bytes', 'lines'],
  knownLongs: ['bytes', 'lines', '-presume-input-pipe', 'quiet', 'silent', 'verbose', 'zero-terminated', 'help', 'version'],
};

const OFF_T_MAX = (1n << 63n) - 1n;

interface HeadSettings {
  countLines: boolean;
  count: number;
  /** the count as given (count is clamped): GNU bounds -c -N by OFF_T_MAX after its option loop */
  given: bigint;
  elide: boolean;
  headers: 'auto' | 'always' | 'never';
  delim: number;
}

type Parsed = { ok: true; settings: HeadSettings; operands: string[] } | { ok: false; status: number | Promise<number> };

function invalidNumber(ctx: CallContext, countLines: boolean, arg: string, r: ReturnType<typeof parseUintmax>): Parsed {
  const what = countLines ? 'invalid number of lines' : 'invalid number of bytes';
  const text = `head: ${numberErrorText(what, quote(arg), r)}\n`;
  const p = ctx.stderr.writeString(text);
  return { ok: false, status: p ? p.then(() => 1) : 1 };
}

/** the obsolete first argument `-N[bkm][clqvz]` */
function parseObsolete(ctx: CallContext, arg: string, s: HeadSettings): Parsed | undefined {
  let k = 1;
  while (k < arg.length && arg[k]! >= '0' && arg[k]! <= '9') k++;
  let digits = arg.slice(1, k);
  let multiplier = '';
  for (const ch of arg.slice(k)) {
    switch (ch) {
      case 'c': s.countLines = false; multiplier = ''; break;
      case 'b': case 'k': case 'm': s.countLines = false; multiplier = ch; break;
      case 'l': s.countLines = true; break;
      case 'q': s.headers = 'never'; break;
      case 'v': s.headers = 'always'; break;
      case 'z': s.delim = 0; break;
      default: {
        const p = writeUsageError(ctx, `invalid trailing option -- ${ch}`, 1);
        return { ok: false, status: p };
      }
    }
  }
  digits += multiplier;
  const r = parseUintmax(digits, SUFFIXES);
  if (r.kind !== 'ok') return invalidNumber(ctx, s.countLines, digits, r);
  s.count = clampCount(r.value);
  return undefined;
}

function applyOption(ctx: CallContext, o: Occurrence, s: HeadSettings): Parsed | undefined {
  switch (o.name) {
    case 'lines':
    case 'bytes': {
      s.countLines = o.name === 'lines';
      let v = o.value ?? '';
      s.elide = v.startsWith('-');
      if (s.elide) v = v.slice(1);
      const r = parseUintmax(v, SUFFIXES);
      if (r.kind !== 'ok') return invalidNumber(ctx, s.countLines, v, r);
      s.count = clampCount(r.value);
      s.given = r.value;
      return undefined;
    }
    case 'quiet': s.headers = 'never'; return undefined;
    case 'verbose': s.headers = 'always'; return undefined;
    case 'zero': s.delim = 0; return undefined;
    case 'digits':
      return { ok: false, status: writeUsageError(ctx, `invalid trailing option -- ${(o.value ?? '0')[0]}`, 1) };
    default:
      return undefined;
  }
}

function parseArgs(ctx: CallContext, args: string[]): Parsed | 'help' | 'version' {
  const s: HeadSettings = { countLines: true, count: 10, given: 10n, elide: false, headers: 'auto', delim: 0x0a };
  let rest = args;
  const first = args[0];
  if (first !== undefined && first.length > 1 && first[0] === '-' && first[1]! >= '0' && first[1]! <= '9') {
    const bad = parseObsolete(ctx, first, s);
    if (bad) return bad;
    rest = args.slice(1);
  }
  const r = parseFlags(SPEC, rest, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  if (!r.ok) {
    // GNU checks each value inside its getopt loop: a bad one before the bad option wins
    for (const o of r.order) {
      const bad = applyOption(ctx, o, s);
      if (bad) return bad;
    }
    const digit = firstDigitOption(rest, OPTION_SHAPE);
    const message = digit !== undefined ? `invalid trailing option -- ${digit}` : r.message;
    return { ok: false, status: writeUsageError(ctx, message, 1) };
  }
  for (const o of r.order) {
    if (o.name === 'help') return 'help';
    if (o.name === 'version') return 'version';
    const bad = applyOption(ctx, o, s);
    if (bad) return bad;
  }
  if (!s.countLines && s.elide && s.given > OFF_T_MAX) {
    const p = ctx.stderr.writeString(`head: invalid number of bytes: ${quote(String(s.given))}: Value too large for defined data type\n`);
    return { ok: false, status: p ? p.then(() => 1) : 1 };
  }
  return { ok: true, settings: s, operands: r.operands.length === 0 ? ['-'] : r.operands };
}

async function cut(ctx: CallContext, input: Input, out: OutputBuffer, s: HeadSettings): Promise<CutResult> {
  const maxHold = ctx.limits.maxFileBytes;
  if (!s.elide) {
    return s.countLines ? firstLines(input.reader, out, s.count, s.delim) : firstBytes(input.reader, out, s.count);
  }
  if (s.countLines) return allButLastLines(input.reader, out, s.count, s.delim, maxHold);
  // a regular file's size tells where the last n bytes start: no holding back needed
  if (input.info !== undefined && input.info.type === 'file' && input.info.size > 0) {
    return firstBytes(input.reader, out, Math.max(0, input.info.size - s.count));
  }
  return allButLastBytes(input.reader, out, s.count, maxHold);
}

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const parsed = parseArgs(ctx, args);
  if (parsed === 'help') return writeThen(ctx.stdout, HEAD_USAGE, 0);
  if (parsed === 'version') return writeThen(ctx.stdout, versionText('head'), 0);
  if (!parsed.ok) return parsed.status;
  const { settings: s, operands } = parsed;
  const printHeaders = s.headers === 'always' || (s.headers === 'auto' && operands.length > 1);
  // GNU head repositions a seekable stdin after what it used, so `head - - < file` reads on;
  // keep the unused rest for the next '-' operand (a pipe loses it, as in GNU)
  const stdinSeekable = (ctx.stdin as { info?: FileInfo }).info?.type === 'file';
  let stdinRest: Uint8Array | undefined;
  const exactBytes = !s.countLines && !s.elide;
  return forEachInput(ctx, {
    tool: 'head',
    operands,
    headers: printHeaders,
    open: (name) => {
      const opened = name === '-' && stdinRest !== undefined ? openStdinWithRest(ctx, stdinRest) : openInput(ctx, name);
      if (name === '-') stdinRest = undefined;
      return opened;
    },
    body: async (input, out) => {
      const r = await cut(ctx, input, out, s);
      if (!r.ok) return 'head: memory exhausted';
      if (r.rest !== undefined && input.isStdin) {
        if (ctx.stdin.unread !== undefined) ctx.stdin.unread(r.rest);
        // GNU head -c N reads no more than N bytes, even from a pipe: the rest stays unread
        else if (exactBytes && ctx.stdin.pushBack !== undefined) ctx.stdin.pushBack(r.rest);
        else if (stdinSeekable || exactBytes) stdinRest = r.rest;
      }
      return true;
    },
  });
}

/** stdin again, starting with the bytes a previous '-' read but did not use */
function openStdinWithRest(ctx: CallContext, rest: Uint8Array): ReturnType<typeof openInput> {
  let pending: Uint8Array | undefined = rest;
  const reader: ByteReader = {
    read() {
      if (pending !== undefined) {
        const c = pending;
        pending = undefined;
        return c;
      }
      return ctx.stdin.read();
    },
  };
  return { ok: true, value: { name: '-', reader, file: undefined, isStdin: true, info: undefined, close: () => {} } };
}

export const head: Command = {
  name: 'head',
  summary: 'output the first part of files',
  usage: HEAD_USAGE,
  run,
};
