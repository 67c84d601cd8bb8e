// tac: write each FILE last record first (GNU coreutils 9.1 behaviour and wording).
//
// A regular file with positioned reads is scanned backwards from its end, as GNU tac does with
// lseek, so its size does not matter. Standard input, and files without positioned reads, are
// held in memory first (GNU copies them to a temporary file; we do not write files), bounded by
// the command's memory budget (internal/budget.ts; past it GNU's `tac: memory exhausted`). A regex
// separator (-r) also needs the whole text in memory, and a copy of it as a string: half the
// budget then.

import type { CallContext } from '../types.js';
import { writeThen } from '../internal/print.js';
import { defineCommand, flag, type CommandLine } from '../internal/command.js';
import type { Input } from '../internal/inputs.js';
import type { FileReader } from '../../allowedpaths/types.js';
import { forEachInput } from '../internal/input-loop.js';
import type { OutputBuffer } from '../internal/output.js';
import { quoteaf, quotef } from '../internal/quote.js';
import { encode } from '../../lib/io/encoding.js';
import { toLatin1, type Matcher } from '../../lib/regex/index.js';
import { cachedSource, fixedFinder, SourceReadError, writeReversed, type MatchFinder, type PositionedSource } from './reverse.js';
import { compileSeparator, endSensitive, regexFinder } from './regex-separator.js';
import { TAC_USAGE } from './usage.js';
import { commandBudget, memoryExhausted } from '../internal/budget.js';

const FLAGS = {
  before: flag.boolean('-b --before'),
  regex: flag.boolean('-r --regex'),
  separator: flag.string('-s --separator'),
};

interface Settings {
  before: boolean;
  /** fixed separator bytes (an empty -s means NUL, as GNU's strncmp loop reads it) */
  separator: Uint8Array;
  matcher: Matcher | undefined;
  /** the regex has an assertion that may hold only where the text is cut (regex-separator.ts) */
  endSensitive: boolean;
}

type Held = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' };

/** everything a reader yields, up to `max` bytes */
async function holdAll(input: Input, max: number): Promise<Held> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let c = input.reader.read();
    if (c instanceof Promise) c = await c;
    if (c === null) break;
    total += c.length;
    if (total > max) return { ok: false, reason: 'too-large' };
    chunks.push(c.slice());
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

function memorySource(bytes: Uint8Array): PositionedSource {
  return { size: bytes.length, readAt: (pos, len) => bytes.subarray(pos, Math.min(bytes.length, pos + len)) };
}

/**
 * Standard input redirected from a regular file is the sandbox's reader itself: GNU tac lseeks
 * it and reads the whole file from its end, whatever was read before, so `tac - - < f` prints f
 * twice. A pipe or another reader has no positioned reads and is streamed.
 */
function seekableStdin(input: Input): FileReader | undefined {
  if (!input.isStdin) return undefined;
  const r = input.reader as Partial<FileReader>;
  return typeof r.readAt === 'function' && r.info !== undefined ? (r as FileReader) : undefined;
}

function fileSource(input: Input): PositionedSource | undefined {
  const file = input.file ?? seekableStdin(input);
  const info = input.file === undefined ? file?.info : input.info;
  // a size of 0 may be a proc-like file whose size is unknown: read it as a stream instead
  if (file?.readAt === undefined || info?.type !== 'file' || info.size === 0) return undefined;
  const readAt = file.readAt.bind(file);
  return cachedSource({ size: info.size, readAt: (pos, len) => readAt(pos, len) });
}

/** the whole of a seekable standard input from its start, by positioned reads, up to `max` bytes */
function holdAllAt(file: FileReader, max: number): Held {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const c = file.readAt!(total, 64 * 1024);
    if (c === null || c.length === 0) break;
    total += c.length;
    if (total > max) return { ok: false, reason: 'too-large' };
    chunks.push(c.slice());
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

async function reverseOne(ctx: CallContext, input: Input, s: Settings, out: OutputBuffer): Promise<'ok' | 'too-large'> {
  const hold = s.matcher === undefined ? commandBudget(ctx) : Math.floor(commandBudget(ctx) / 2);
  let src = s.matcher === undefined ? fileSource(input) : undefined;
  const stdinFile = src === undefined ? seekableStdin(input) : undefined;
  if (stdinFile?.readAt !== undefined && stdinFile.info.type === 'file') {
    // a regex needs the text in memory; read it by position so a second `-` sees it all again
    const held = holdAllAt(stdinFile, hold);
    if (!held.ok) return 'too-large';
    src = memorySource(held.bytes);
  }
  if (src === undefined) {
    const held = await holdAll(input, hold);
    if (!held.ok) return 'too-large';
    src = memorySource(held.bytes);
  }
  if (src.size === 0) return 'ok';
  let finder: MatchFinder;
  if (s.matcher !== undefined) {
    const whole = src.readAt(0, src.size)!;
    finder = regexFinder(s.matcher, toLatin1(whole), () => ctx.checkAbort(), s.endSensitive);
  } else {
    finder = fixedFinder(src, s.separator);
  }
  await writeReversed(src, finder, s.before, out, () => ctx.checkAbort());
  return 'ok';
}

async function run(ctx: CallContext, { flags, operands: given }: CommandLine<typeof FLAGS>): Promise<number> {
  const separatorArg = flags.separator ?? '\n';
  const settings: Settings = { before: flags.before, separator: encode(separatorArg), matcher: undefined, endSensitive: false };
  if (settings.separator.length === 0) settings.separator = new Uint8Array([0]);
  if (flags.regex) {
    if (separatorArg === '') return writeThen(ctx.stderr, 'tac: separator cannot be empty\n', 1);
    const compiled = compileSeparator(toLatin1(encode(separatorArg)), () => ctx.checkAbort());
    if (!compiled.ok) return writeThen(ctx.stderr, `tac: ${compiled.message}\n`, 1);
    settings.matcher = compiled.matcher;
    settings.endSensitive = endSensitive(separatorArg);
  }
  const operands = given.length === 0 ? ['-'] : given;
  return forEachInput(ctx, {
    tool: 'tac',
    operands,
    openError: (name, msg) => `tac: failed to open ${quoteaf(name)} for reading: ${msg}`,
    // a directory on standard input: GNU's backward read fails with EINVAL, as for a named one
    readError: (_operand, shown, msg) => `tac: ${quotef(shown)}: read error: ${msg === 'Is a directory' ? 'Invalid argument' : msg}`,
    body: async (input, out, shown) => {
      // GNU: lseek succeeds on a directory and the backward read fails with EINVAL
      if (input.info?.type === 'dir') return `tac: ${quotef(shown)}: read error: Invalid argument`;
      try {
        if ((await reverseOne(ctx, input, settings, out)) !== 'too-large') return true;
      } catch (e) {
        if (!(e instanceof SourceReadError)) throw e;
        return `tac: ${quotef(shown)}: read error: ${input.file?.error?.message ?? 'Input/output error'}`;
      }
      return memoryExhausted('tac', commandBudget(ctx)).slice(0, -1);
    },
  });
}

export const tac = defineCommand({
  name: 'tac',
  summary: 'concatenate and print files in reverse',
  help: TAC_USAGE,
  flags: FLAGS,
  run,
});
