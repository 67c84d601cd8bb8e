// paste: merge lines of files (GNU coreutils 9.1 behaviour and wording). Streams every input a
// chunk at a time (source.ts), so neither file size nor line length is bounded by memory.

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, flagString } from '../internal/flags.js';
import { parseGnuArgs } from '../internal/command.js';
import { OutputBuffer } from '../internal/output.js';
import { parseDelimiters } from './delimiters.js';
import { DelimiterCycle } from './emit.js';
import { pasteParallel } from './parallel.js';
import { pasteSerial } from './serial.js';
import { PASTE_USAGE } from './usage.js';

// long options in GNU's longopts order (the ambiguity message follows it)
const SPEC = defineFlags({
  flags: [
    { name: 'serial', short: 's', long: 'serial', kind: 'boolean' },
    { name: 'delimiters', short: 'd', long: 'delimiters', kind: 'string' },
    { name: 'zero-terminated', short: 'z', long: 'zero-terminated', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
});

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const parsed = await parseGnuArgs(ctx, SPEC, args, { name: 'paste', help: PASTE_USAGE });
  if (typeof parsed === 'number') return parsed;
  const delimiters = parseDelimiters(flagString(parsed.flags, 'delimiters') ?? '\t');
  // GNU dies here without the `Try 'paste --help'` hint
  if (!delimiters.ok) {
    const p = ctx.stderr.writeString(`paste: ${delimiters.message}\n`);
    if (p) await p;
    return 1;
  }
  const eol = flagBool(parsed.flags, 'zero-terminated') ? 0x00 : 0x0a;
  const operands = parsed.operands.length === 0 ? ['-'] : parsed.operands;
  const paste = flagBool(parsed.flags, 'serial') ? pasteSerial : pasteParallel;
  const out = new OutputBuffer(ctx.stdout);
  const status = await paste(ctx, operands, new DelimiterCycle(delimiters.list), eol, out);
  const p = out.flush();
  if (p) await p;
  return status;
}

export const paste: Command = {
  name: 'paste',
  summary: 'merge lines of files',
  usage: PASTE_USAGE,
  run,
};
