// rev: reverse each line characterwise (util-linux 2.38.1, C locale).
//
// util-linux reads a line with fgetws into a buffer of BUFSIZ wide characters, and while the
// buffer does not end with a newline it doubles the buffer and reads on (a second fgetws of half
// the new size). Its length is wcslen(buf), so a NUL ends what one fgetws call contributed: the
// rest of that physical line is dropped and the next one is joined on (`ab\0x\ncd\n` gives
// `dcba\n`). Every call reads at most size-1 characters, so where a NUL cuts depends on those
// sizes; reader.ts replays them exactly. In the C locale a byte past 0x7f is no character:
// fgetws fails, the line read so far by the outer call is lost, and rev reports
// `rev: NAME: LINES: Invalid or incomplete multibyte or wide character` and goes to the next file.
// `-` is a file name, not standard input. Errors go straight to stderr, before output still
// buffered (rev's stdout is a full buffer when it is not a terminal).

import type { CallContext } from '../types.js';
import { defineCommand, flag, type CommandLine } from '../internal/command.js';
import { openInput, readFailure, type Input } from '../internal/inputs.js';
import { OutputBuffer } from '../internal/output.js';
import { RevReader, type RevOutcome } from './reader.js';
import { REV_USAGE } from './usage.js';

const FLAGS = {
  version: flag.version('-V --version'),
  help: flag.help('-h --help'),
};

const EILSEQ = 'Invalid or incomplete multibyte or wide character';

async function revOne(ctx: CallContext, input: Input, rr: RevReader, out: OutputBuffer): Promise<RevOutcome> {
  rr.start();
  for (;;) {
    let c = input.reader.read();
    if (c instanceof Promise) c = await c;
    if (c === null) {
      const end = rr.finish(out);
      await rr.takeWait();
      return end;
    }
    let r = rr.feed(c, 0, out);
    while (r === 'wait') {
      await rr.takeWait();
      r = rr.feed(c, rr.resumeAt, out);
    }
    if (r !== 'more') {
      await rr.takeWait();
      return r;
    }
    ctx.checkAbort();
  }
}

async function run(ctx: CallContext, { operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const out = new OutputBuffer(ctx.stdout);
  const rr = new RevReader(ctx.limits.maxLineBytes);
  let status = 0;
  const names = operands.length === 0 ? [undefined] : operands;
  for (const name of names) {
    ctx.checkAbort();
    let input: Input;
    if (name === undefined) {
      const std = openInput(ctx, '-');
      if (!std.ok) return 1;
      input = std.value;
    } else {
      // `-` is the file of that name: `./-` keeps openInput from taking it for standard input
      const opened = openInput(ctx, name === '-' ? './-' : name);
      if (!opened.ok) {
        await ctx.stderr.writeString(`rev: cannot open ${name}: ${opened.error.message}\n`);
        status = 1;
        continue;
      }
      input = opened.value;
    }
    const shown = name ?? 'stdin';
    try {
      const r = await revOne(ctx, input, rr, out);
      if (r === 'eilseq') {
        await ctx.stderr.writeString(`rev: ${shown}: ${rr.lines}: ${EILSEQ}\n`);
        status = 1;
      } else if (r === 'too-long') {
        await ctx.stderr.writeString(`rev: ${shown}: line too long (over ${ctx.limits.maxLineBytes} bytes)\n`);
        status = 1;
      }
    } catch (e) {
      const fe = readFailure(e);
      if (fe === undefined) throw e;
      await ctx.stderr.writeString(`rev: ${shown}: ${rr.lines}: ${fe.message}\n`);
      status = 1;
    } finally {
      input.close();
    }
  }
  const p = out.flush();
  if (p) await p;
  return status;
}

export const rev = defineCommand({
  name: 'rev',
  summary: 'reverse lines characterwise',
  help: REV_USAGE,
  flags: FLAGS,
  run,
});
