// wc: print newline, word, and byte counts (GNU coreutils 9.1 behaviour, C locale), with GNU's
// column widths: one count of one operand is printed unpadded; otherwise the width is the number
// of digits of the total size of the regular files named, at least 7 when any input is not a
// regular file (a pipe, stdin, a directory).

import type { CallContext } from '../types.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import { defineCommand, flag, type CommandLine } from '../internal/command.js';
import { ChunkReader, openInput, readFailure } from '../internal/inputs.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { quotef } from '../internal/quote.js';
import { WcCounter, type Counts, type Wanted } from './count.js';
import { ByteCounter } from '../internal/simd-count.js';
import { WC_USAGE } from './usage.js';

// long options in GNU wc's table order
const FLAGS = {
  bytes: flag.boolean('-c --bytes'),
  chars: flag.boolean('-m --chars'),
  lines: flag.boolean('-l --lines'),
  words: flag.boolean('-w --words'),
  debug: flag.boolean('--debug'),
  files0From: flag.string('--files0-from'),
  maxLineLength: flag.boolean('-L --max-line-length'),
};

/** stdin's stat when the interpreter handed us a file reader (`wc < file`), else undefined */
function stdinInfo(ctx: CallContext): FileInfo | undefined {
  const info = (ctx.stdin as { info?: FileInfo }).info;
  return info !== undefined && typeof info.type === 'string' ? info : undefined;
}

function numberWidth(ctx: CallContext, operands: string[], single: boolean): number {
  if (single) return 1;
  let minimum = 1;
  let regularTotal = 0;
  for (const name of operands) {
    const info = name === '-' ? stdinInfo(ctx) : statOrUndefined(ctx, name);
    if (name !== '-' && info === undefined) continue; // failed stat: ignored
    if (info !== undefined && info.type === 'file') regularTotal += info.size;
    else minimum = 7;
  }
  const width = String(regularTotal).length;
  return Math.max(width, minimum);
}

function statOrUndefined(ctx: CallContext, name: string): FileInfo | undefined {
  const r = ctx.fs.stat(name);
  return r.ok ? r.value : undefined;
}

function formatLine(c: Counts, w: Wanted, width: number, name: string | undefined): string {
  const fields: number[] = [];
  if (w.lines) fields.push(c.lines);
  if (w.words) fields.push(c.words);
  if (w.chars) fields.push(c.bytes);
  if (w.bytes) fields.push(c.bytes);
  if (w.maxLineLength) fields.push(c.maxLineLength);
  let line = fields.map((n) => String(n).padStart(width, ' ')).join(' ');
  if (name !== undefined) line += ' ' + (name.includes('\n') ? quotef(name) : name);
  return line + '\n';
}

async function run(ctx: CallContext, { flags: f, operands: given }: CommandLine<typeof FLAGS>): Promise<number> {
  if (f.files0From !== undefined) {
    return writeFailure(ctx, 'wc: --files0-from is refused: rshell reads only the files named as operands (name them instead)\n');
  }
  let w: Wanted = { lines: f.lines, words: f.words, chars: f.chars, bytes: f.bytes, maxLineLength: f.maxLineLength };
  if (!w.lines && !w.words && !w.chars && !w.bytes && !w.maxLineLength) {
    w = { lines: true, words: true, chars: false, bytes: true, maxLineLength: false };
  }
  const countsWanted = [w.lines, w.words, w.chars, w.bytes, w.maxLineLength].filter(Boolean).length;
  const named = given.length > 0;
  const operands = named ? given : ['-'];
  const width = numberWidth(ctx, operands, operands.length === 1 && countsWanted === 1);
  // only the size is needed: a regular file's stat answers without reading it
  const sizeOnly = (w.bytes || w.chars) && !w.lines && !w.words && !w.maxLineLength;

  const out = new OutputBuffer(ctx.stdout);
  // one newline counter (and its memory, which chunks are read into) for every operand
  const newlines = w.lines && !w.words && !w.maxLineLength ? new ByteCounter(0x0a) : undefined;
  const total: Counts = { lines: 0, words: 0, bytes: 0, maxLineLength: 0 };
  let status = 0;
  for (const name of operands) {
    if (name === '') {
      // GNU wc refuses an empty name before trying to open it (other tools say No such file)
      await writeDiagnostic(ctx, out, 'wc: invalid zero-length file name\n');
      status = 1;
      continue;
    }
    const opened = openInput(ctx, name);
    if (!opened.ok) {
      await writeDiagnostic(ctx, out, `wc: ${quotef(name)}: ${opened.error.message}\n`);
      status = 1;
      continue;
    }
    const input = opened.value;
    const counter = new WcCounter(w, newlines);
    const chunks = new ChunkReader(input.reader, counter.readBuffer ?? undefined);
    let counts: Counts;
    try {
      // asked only when it answers: the stat is made on first use (a fstat per file otherwise)
      const info = sizeOnly ? input.info : undefined;
      if (info !== undefined && info.type === 'file' && info.size > 0) {
        counts = { lines: 0, words: 0, bytes: info.size, maxLineLength: 0 };
      } else {
        for (;;) {
          let chunk = chunks.read();
          if (chunk instanceof Promise) chunk = await chunk;
          if (chunk === null) break;
          counter.feed(chunk);
        }
        counts = counter.finish();
      }
    } catch (e) {
      const failure = readFailure(e);
      if (failure === undefined) throw e;
      // GNU names the implicit stdin (no operand) "standard input"; an explicit `-` stays `-`
      await writeDiagnostic(ctx, out, `wc: ${quotef(named ? name : 'standard input')}: ${failure.message}\n`);
      status = 1;
      counts = counter.finish();
    } finally {
      chunks.release();
      input.close();
    }
    total.lines += counts.lines;
    total.words += counts.words;
    total.bytes += counts.bytes;
    total.maxLineLength = Math.max(total.maxLineLength, counts.maxLineLength);
    const p = out.writeString(formatLine(counts, w, width, named ? name : undefined));
    if (p) await p;
  }
  newlines?.release();
  if (operands.length > 1) {
    const p = out.writeString(formatLine(total, w, width, 'total'));
    if (p) await p;
  }
  const p = out.flush();
  if (p) await p;
  return status;
}

function writeFailure(ctx: CallContext, text: string): number | Promise<number> {
  const p = ctx.stderr.writeString(text);
  return p ? p.then(() => 1) : 1;
}

export const wc = defineCommand({
  name: 'wc',
  summary: 'print newline, word, and byte counts for each file',
  help: WC_USAGE,
  flags: FLAGS,
  run,
});
