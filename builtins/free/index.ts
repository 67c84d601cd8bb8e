// free: display the amount of free and used memory (procps-ng 4.0.2), from <proc>/meminfo.
// -s/-c repeat within the run's deadline (the sleep wakes on cancellation).

import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, type Reject } from '../internal/command.js';
import { fail, procOf, refuseOffLinux, sleepWithin } from '../internal/proc/common.js';
import { readMeminfo, summarize } from '../internal/proc/meminfo.js';
import { formatFree, type Layout, type Scale } from './format.js';
import { FREE_USAGE } from './usage.js';

/** the unit options: exponent and whether they imply --si (last one wins, as in procps) */
const UNIT_OPTIONS: Record<string, [number, boolean]> = {
  b: [1, false], kilo: [2, true], mega: [3, true], giga: [4, true], tera: [5, true], peta: [6, true],
  k: [2, false], m: [3, false], g: [4, false], tebi: [5, false], pebi: [6, false],
};

const FLOAT = /^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/;

/** -s: the interval in ms (strtod_nol_or_err, then positive), checked in procps' option loop */
function seconds(v: string): number | Reject {
  const secs = FLOAT.test(v) ? Number(v.trim()) : NaN;
  if (!Number.isFinite(secs)) return reject(`seconds argument failed: '${v}': Invalid argument`);
  if (secs < 1e-6) return reject(`seconds argument \`${v}' is not positive number`);
  return secs * 1000;
}

/** -c: strtol_or_err, then at least 1 */
function count(v: string): number | Reject {
  if (!/^\s*[+-]?[0-9]+$/.test(v)) return reject(`failed to parse count argument: '${v}'`);
  const n = Number(v.trim());
  if (n < 1 || n > 2 ** 63 - 1) return reject(`failed to parse count argument: '${v}': Numerical result out of range`);
  return n;
}

export const free = defineCommand({
  name: 'free',
  summary: 'display amount of free and used memory',
  help: FREE_USAGE,
  // procps' long option table order
  flags: {
    b: flag.boolean('-b --bytes'),
    kilo: flag.boolean('--kilo'),
    mega: flag.boolean('--mega'),
    giga: flag.boolean('--giga'),
    tera: flag.boolean('--tera'),
    peta: flag.boolean('--peta'),
    k: flag.boolean('-k --kibi'),
    m: flag.boolean('-m --mebi'),
    g: flag.boolean('-g --gibi'),
    tebi: flag.boolean('--tebi'),
    pebi: flag.boolean('--pebi'),
    human: flag.boolean('-h --human'),
    si: flag.boolean('--si'),
    lohi: flag.boolean('-l --lohi'),
    total: flag.boolean('-t --total'),
    committed: flag.boolean('-v --committed'),
    seconds: flag.value('-s --seconds', seconds),
    count: flag.value('-c --count', count),
    wide: flag.boolean('-w --wide'),
    help: flag.help(),
    version: flag.version('-V --version'),
  },
  // procps: the message, then the whole usage on stderr
  usageError: (ctx, message, status) => fail(ctx, `free: ${message}\n${FREE_USAGE}`, status),
  run(ctx, { flags, operands, order }) {
    const scale: Scale = { exponent: 0, si: false, human: flags.human };
    for (const o of order) {
      const unit = UNIT_OPTIONS[o.name];
      if (unit !== undefined) {
        scale.exponent = unit[0];
        if (unit[1]) scale.si = true;
      } else if (o.name === 'si') scale.si = true;
    }
    if (operands.length > 0) return fail(ctx, FREE_USAGE, 1);
    const refused = refuseOffLinux(ctx);
    if (refused !== undefined) return refused;
    const layout: Layout = { wide: flags.wide, lohi: flags.lohi, total: flags.total, committed: flags.committed };
    const repeat = flags.seconds !== undefined || flags.count !== undefined;
    return report(ctx, scale, layout, repeat, flags.seconds ?? 1000, flags.count);
  },
});

async function report(
  ctx: CallContext, scale: Scale, layout: Layout, repeat: boolean, intervalMs: number, count: number | undefined,
): Promise<number> {
  const proc = procOf(ctx);
  for (let left = count ?? Infinity; ; ) {
    const info = readMeminfo(proc);
    if (info === undefined) return fail(ctx, 'free: Memory information file /proc/meminfo does not exist\n', 1);
    const p = ctx.stdout.writeString(formatFree(summarize(info), scale, layout));
    if (p) await p;
    left--;
    if (!repeat || left < 1) return 0;
    const q = ctx.stdout.writeString('\n');
    if (q) await q;
    const f = ctx.stdout.flush();
    if (f) await f;
    await sleepWithin(ctx, intervalMs);
  }
}
