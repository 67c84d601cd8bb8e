// sleep: pause for the sum of its operands (GNU coreutils 9.1: NUMBER[smhd], fractions, hex
// floats, `inf`). The wait ends early when the run is cancelled or reaches its deadline (the
// run's signal aborts); the run's abort error then ends the command as it ends any other.

import type { CallContext } from '../types.js';
import { defineCommand, writeUsageError } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { SLEEP_USAGE } from './usage.js';

const SUFFIX: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

/** seconds, or undefined when GNU says `invalid time interval` (xstrtod and a suffix) */
export function parseInterval(text: string): number | undefined {
  // strtod skips leading white space and takes a sign, decimal or hex floats, inf/infinity
  const m = /^[ \t\n\v\f\r]*\+?(0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)([smhd]?)$/.exec(text);
  if (!m) return undefined;
  const num = m[1]!;
  let v: number;
  if (/^0[xX]/.test(num)) v = hexFloat(num);
  else if (/^[iI]/.test(num)) v = Number.POSITIVE_INFINITY;
  else v = Number(num);
  if (Number.isNaN(v)) return undefined;
  return v * SUFFIX[m[2]!]!;
}

function hexFloat(text: string): number {
  const m = /^0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)(?:[pP]([+-]?\d+))?$/.exec(text);
  if (!m) return Number.NaN;
  const digits = m[1]! + m[2]!;
  let v = 0;
  for (const d of digits) v = v * 16 + Number.parseInt(d, 16);
  return v * 2 ** (Number(m[3] ?? 0) - 4 * m[2]!.length);
}

/** setTimeout's longest delay */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** wait `ms` (Infinity: until the run ends), then let the run's abort error through */
async function pause(ctx: CallContext, ms: number): Promise<void> {
  let left = ms;
  while (left > 0 && !ctx.signal.aborted) {
    const step = Math.min(left, MAX_TIMER_MS);
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        ctx.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, step);
      ctx.signal.addEventListener('abort', done, { once: true });
    });
    left -= step;
  }
  ctx.checkAbort();
}

export const sleep = defineCommand({
  name: 'sleep',
  summary: 'delay for a specified amount of time',
  help: SLEEP_USAGE,
  flags: {},
  async run(ctx, { operands }) {
    if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
    let seconds = 0;
    let bad = false;
    for (const op of operands) {
      const s = parseInterval(op);
      if (s === undefined) {
        await say(ctx.stderr, `sleep: invalid time interval ${quote(op)}\n`);
        bad = true;
      } else seconds += s;
    }
    if (bad) return writeUsageError(ctx, '', 1);
    await pause(ctx, seconds * 1000);
    return 0;
  },
});
