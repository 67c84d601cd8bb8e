// yes: print its operands (or `y`) forever (GNU coreutils 9.1). The line is repeated into one
// buffer of about 64 KiB written again and again, so the cost per line is nil; the loop ends when
// the reader goes away (a closed pipe), the output budget is spent, or the run is cancelled or
// reaches its deadline (checked at every write).

import { defineCommand } from '../internal/command.js';
import { encode } from '../../lib/io/encoding.js';
import { YES_USAGE } from './usage.js';

const BUFFER_BYTES = 64 * 1024;

export const yes = defineCommand({
  name: 'yes',
  summary: 'output a string repeatedly until killed',
  help: YES_USAGE,
  flags: {},
  async run(ctx, { operands }) {
    const line = encode(`${operands.length === 0 ? 'y' : operands.join(' ')}\n`);
    const copies = Math.max(1, Math.floor(BUFFER_BYTES / line.length));
    const buf = new Uint8Array(line.length * copies);
    for (let i = 0; i < copies; i++) buf.set(line, i * line.length);
    for (;;) {
      ctx.checkAbort();
      // the same bytes every time: a writer that keeps the chunk keeps what it was given
      const w = ctx.stdout.write(buf);
      if (w) await w;
    }
  },
});
