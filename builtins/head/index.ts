// head: output the first part of files (GNU coreutils 9.1 behaviour and wording), including the
// obsolete `head -N[bkm][clqvz]` first argument, elision (`-n -N`, `-c -N`), -z and headers.

import type { CallContext } from '../types.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import type { ByteReader } from '../../lib/io/streams.js';
import { defineCommand, flag, reject, type Claim, type CommandLine, type Reject } from '../internal/command.js';
import { openInput, type Input } from '../internal/inputs.js';
import { forEachInput } from '../internal/input-loop.js';
import type { OutputBuffer } from '../internal/output.js';
import { quote } from '../internal/quote.js';
import { clampCount, numberErrorText, parseUintmax } from '../internal/xstrtol.js';
import { allButLastBytes, allButLastLines, firstBytes, firstLines, type CutResult } from './modes.js';
import { HEAD_USAGE } from './usage.js';

const SUFFIXES = 'bkKmMGTPEZY0';

type Headers = 'auto' | 'always' | 'never';

/** a -n/-c value */
interface Count {
  countLines: boolean;
  count: number;
  /** the count as given (count is clamped): GNU bounds -c -N by OFF_T_MAX after its option loop */
  given: bigint;
  elide: boolean;
}

/** the obsolete first argument `-N[bkm][clqvz]` */
interface Obsolete {
  countLines: boolean;
  count: number;
  headers: Headers;
  zero: boolean;
}

function numberError(countLines: boolean, text: string, r: ReturnType<typeof parseUintmax>): Reject {
  return reject(numberErrorText(countLines ? 'invalid number of lines' : 'invalid number of bytes', quote(text), r));
}

/** -n/-c: [-]N with suffixes, a leading '-' elides */
function countArg(countLines: boolean): (text: string) => Count | Reject {
  return (text) => {
    const elide = text.startsWith('-');
    const v = elide ? text.slice(1) : text;
    const r = parseUintmax(v, SUFFIXES);
    if (r.kind !== 'ok') return numberError(countLines, v, r);
    return { countLines, count: clampCount(r.value), given: r.value, elide };
  };
}

function obsoleteArg(arg: string): Obsolete | Reject {
  let k = 1;
  while (k < arg.length && arg[k]! >= '0' && arg[k]! <= '9') k++;
  let digits = arg.slice(1, k);
  const o: Obsolete = { countLines: true, count: 10, headers: 'auto', zero: false };
  let multiplier = '';
  for (const ch of arg.slice(k)) {
    switch (ch) {
      case 'c': o.countLines = false; multiplier = ''; break;
      case 'b': case 'k': case 'm': o.countLines = false; multiplier = ch; break;
      case 'l': o.countLines = true; break;
      case 'q': o.headers = 'never'; break;
      case 'v': o.headers = 'always'; break;
      case 'z': o.zero = true; break;
      default: return reject(`invalid trailing option -- ${ch}`, { usage: true });
    }
  }
  digits += multiplier;
  const r = parseUintmax(digits, SUFFIXES);
  if (r.kind !== 'ok') return numberError(o.countLines, digits, r);
  o.count = clampCount(r.value);
  return o;
}

// long options in GNU head's table order
const FLAGS = {
  bytes: flag.value('-c --bytes', countArg(false)),
  lines: flag.value('-n --lines', countArg(true)),
  presumeInputPipe: flag.boolean('---presume-input-pipe'),
  quiet: flag.boolean('-q --quiet --silent'),
  verbose: flag.boolean('-v --verbose'),
  zero: flag.boolean('-z --zero-terminated'),
  // digits anywhere but in the first argument: getopt's "0123456789" letters, which GNU rejects
  // (a run has one digit at least)
  digits: flag.digits((run) => reject(`invalid trailing option -- ${run[0]!}`, { usage: true })),
  // the obsolete first argument, recorded by firstArgument
  obsolete: flag.value('', obsoleteArg),
};

/** GNU head reads `-N…` in argv[1] before getopt (and only there) */
function firstArgument(args: readonly string[], i: number): Claim<typeof FLAGS> | undefined {
  const arg = args[i]!; // parseFlags asks at an index of args
  if (i !== 0 || arg.length < 2 || arg[0] !== '-' || arg[1]! < '0' || arg[1]! > '9') return undefined;
  return { consumed: 1, occurrence: { name: 'obsolete', value: arg, spelled: arg } };
}

const OFF_T_MAX = (1n << 63n) - 1n;

interface HeadSettings {
  countLines: boolean;
  count: number;
  given: bigint;
  elide: boolean;
  headers: Headers;
  delim: number;
}

/** the options in command-line order (their values were checked where getopt met them) */
function settingsOf(order: CommandLine<typeof FLAGS>['order']): HeadSettings {
  const s: HeadSettings = { countLines: true, count: 10, given: 10n, elide: false, headers: 'auto', delim: 0x0a };
  for (const o of order) {
    switch (o.name) {
      case 'obsolete':
        s.countLines = o.value.countLines;
        s.count = o.value.count;
        s.headers = o.value.headers;
        if (o.value.zero) s.delim = 0;
        break;
      case 'lines':
      case 'bytes':
        ({ countLines: s.countLines, count: s.count, given: s.given, elide: s.elide } = o.value);
        break;
      case 'quiet': s.headers = 'never'; break;
      case 'verbose': s.headers = 'always'; break;
      case 'zero': s.delim = 0; break;
    }
  }
  return s;
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

async function run(ctx: CallContext, { order, operands: given }: CommandLine<typeof FLAGS>): Promise<number> {
  const s = settingsOf(order);
  if (!s.countLines && s.elide && s.given > OFF_T_MAX) {
    const p = ctx.stderr.writeString(`head: invalid number of bytes: ${quote(String(s.given))}: Value too large for defined data type\n`);
    if (p) await p;
    return 1;
  }
  const operands = given.length === 0 ? ['-'] : given;
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

export const head = defineCommand({
  name: 'head',
  summary: 'output the first part of files',
  help: HEAD_USAGE,
  flags: FLAGS,
  claim: () => firstArgument,
  run,
});
