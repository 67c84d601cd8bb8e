// One input of a line filter (cut, uniq): open the operand, hand its reader to the filter, close
// it, and turn every way it can fail into GNU's `cmd: 'name': …` line on stderr, written after the
// output already buffered (see writeDiagnostic) so `2>&1` keeps GNU's order.

import type { ByteReader } from '../../lib/io/streams.js';
import type { CallContext } from '../types.js';
import { openInput, readFailure } from './inputs.js';
import { type OutputBuffer, writeDiagnostic } from './output.js';
import { quotef } from './quote.js';

/** what a filter reports once its input ends: 'too-long' when a line passed the line budget */
export type FilterOutcome = 'ok' | 'too-long';

/** Runs `filter` over operand `name`; returns the exit status for that input (0 or 1). */
export async function filterOneInput(
  ctx: CallContext,
  out: OutputBuffer,
  cmd: string,
  name: string,
  filter: (reader: ByteReader) => Promise<FilterOutcome>,
  /** the tool's own read-failure line (uniq: `error reading 'NAME'`, no errno text) */
  readErrorLine?: (name: string) => string,
): Promise<number> {
  const opened = openInput(ctx, name);
  if (!opened.ok) {
    await writeDiagnostic(ctx, out, `${cmd}: ${quotef(name)}: ${opened.error.detail ?? opened.error.message}\n`);
    return 1;
  }
  const input = opened.value;
  try {
    if ((await filter(input.reader)) === 'ok') return 0;
    await writeDiagnostic(ctx, out, `${cmd}: ${quotef(name)}: line too long (over ${ctx.limits.maxLineBytes} bytes)\n`);
    return 1;
  } catch (e) {
    const fe = readFailure(e);
    if (fe === undefined) throw e;
    await writeDiagnostic(ctx, out, readErrorLine === undefined ? `${cmd}: ${quotef(name)}: ${fe.message}\n` : readErrorLine(name));
    return 1;
  } finally {
    input.close();
  }
}
