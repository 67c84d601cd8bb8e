// od: dump files in octal and other formats (GNU coreutils 9.1 behaviour, wording and layout).
// Options and operands are settled here (options.ts decodes them); dump.ts writes the lines.

import type { CallContext } from '../types.js';
import { defineCommand, type CommandLine } from '../internal/command.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { InputChain } from './input-chain.js';
import { OD_FLAGS, reportBadTypes, settings, type OdSettings } from './options.js';
import { dumpBlocks, dumpStrings } from './dump.js';
import { OD_USAGE } from './usage.js';

async function run(ctx: CallContext, line: CommandLine<typeof OD_FLAGS>): Promise<number> {
  const parsed = await settings(ctx, line);
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
    if (s.strings !== undefined) {
      const failed = await dumpStrings(ctx, s, chain, out);
      if (failed !== undefined) {
        await writeDiagnostic(ctx, out, failed);
        return 1;
      }
    } else await dumpBlocks(ctx, s, chain, out);
  } finally {
    chain.close();
  }
  const p = out.flush();
  if (p) await p;
  return chain.ok ? 0 : 1;
}

export const od = defineCommand({
  name: 'od',
  summary: 'dump files in octal and other formats',
  help: OD_USAGE,
  flags: OD_FLAGS,
  // GNU's loop reports each bad -t type and goes on, to a bad option or value, --help or --version
  checkBefore: reportBadTypes,
  run,
});
