// od: dump files in octal and other formats (GNU coreutils 9.1 behaviour, wording and layout).
// Options and operands are settled here (options.ts decodes them); dump.ts writes the lines.

import type { CallContext, Command } from '../types.js';
import { writeThen } from '../internal/print.js';
import { versionText } from '../internal/flags.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { InputChain } from './input-chain.js';
import { parseOdArgs, type OdSettings } from './options.js';
import { dumpBlocks, dumpStrings } from './dump.js';
import { OD_USAGE } from './usage.js';

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const parsed = await parseOdArgs(ctx, args);
  if (parsed === 'help') return writeThen(ctx.stdout, OD_USAGE, 0);
  if (parsed === 'version') return writeThen(ctx.stdout, versionText('od'), 0);
  if (typeof parsed === 'number') return parsed;
  const s: OdSettings = parsed;
  const out = new OutputBuffer(ctx.stdout);
  const chain = new InputChain(ctx, s.operands, (text) => writeDiagnostic(ctx, out, text));
  try {
    if (!(await chain.start())) {
      const p = out.flush();
      if (p) await p;
      return 1;
    }
    if (s.skip > 0) {
      const left = await chain.skip(s.skip);
      if (left > 0) {
        await writeDiagnostic(ctx, out, 'od: cannot skip past end of combined input\n');
        return 1;
      }
    }
    // GNU warns once the input is open and skipped, -S or not (strings use the default "oS" lcm)
    if (s.widthWarning !== undefined) await writeDiagnostic(ctx, out, s.widthWarning);
    if (s.strings !== undefined) await dumpStrings(ctx, s, chain, out);
    else await dumpBlocks(ctx, s, chain, out);
  } finally {
    chain.close();
  }
  const p = out.flush();
  if (p) await p;
  return chain.ok ? 0 : 1;
}

export const od: Command = {
  name: 'od',
  summary: 'dump files in octal and other formats',
  usage: OD_USAGE,
  run,
};
