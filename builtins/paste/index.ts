// paste: merge lines of files (GNU coreutils 9.1 behaviour and wording). Streams every input a
// chunk at a time (source.ts), so neither file size nor line length is bounded by memory.

import { defineCommand, flag } from '../internal/command.js';
import { OutputBuffer } from '../internal/output.js';
import { parseDelimiters } from './delimiters.js';
import { DelimiterCycle } from './emit.js';
import { pasteParallel } from './parallel.js';
import { pasteSerial } from './serial.js';
import { PASTE_USAGE } from './usage.js';

export const paste = defineCommand({
  name: 'paste',
  summary: 'merge lines of files',
  help: PASTE_USAGE,
  // long options in GNU's longopts order (the ambiguity message follows it)
  flags: {
    serial: flag.boolean('-s --serial'),
    delimiters: flag.string('-d --delimiters'),
    zero: flag.boolean('-z --zero-terminated'),
  },
  async run(ctx, { flags, operands: given }) {
    const delimiters = parseDelimiters(flags.delimiters ?? '\t');
    // GNU dies here without the `Try 'paste --help'` hint
    if (!delimiters.ok) {
      const p = ctx.stderr.writeString(`paste: ${delimiters.message}\n`);
      if (p) await p;
      return 1;
    }
    const eol = flags.zero ? 0x00 : 0x0a;
    const operands = given.length === 0 ? ['-'] : given;
    const paste = flags.serial ? pasteSerial : pasteParallel;
    const out = new OutputBuffer(ctx.stdout);
    const status = await paste(ctx, operands, new DelimiterCycle(delimiters.list), eol, out);
    const p = out.flush();
    if (p) await p;
    return status;
  },
});
