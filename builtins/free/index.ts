// free: display the amount of free and used memory (procps-ng 4.0.2), from <proc>/meminfo.
// -s/-c repeat within the run's deadline (the sleep wakes on cancellation).

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, flagString, parseFlags, versionText } from '../internal/flags.js';
import { done, fail, procOf, refuseOffLinux, sleepWithin } from '../internal/proc/common.js';
import { readMeminfo, summarize } from '../internal/proc/meminfo.js';
import { formatFree, type Layout, type Scale } from './format.js';
import { FREE_USAGE } from './usage.js';

const SPEC = defineFlags({
  flags: [
    { name: 'b', short: 'b', long: 'bytes', kind: 'boolean' },
    { name: 'kilo', long: 'kilo', kind: 'boolean' },
    { name: 'mega', long: 'mega', kind: 'boolean' },
    { name: 'giga', long: 'giga', kind: 'boolean' },
    { name: 'tera', long: 'tera', kind: 'boolean' },
    { name: 'peta', long: 'peta', kind: 'boolean' },
    { name: 'k', short: 'k', long: 'kibi', kind: 'boolean' },
    { name: 'm', short: 'm', long: 'mebi', kind: 'boolean' },
    { name: 'g', short: 'g', long: 'gibi', kind: 'boolean' },
    { name: 'tebi', long: 'tebi', kind: 'boolean' },
    { name: 'pebi', long: 'pebi', kind: 'boolean' },
    { name: 'human', short: 'h', long: 'human', kind: 'boolean' },
    { name: 'si', long: 'si', kind: 'boolean' },
    { name: 'lohi', short: 'l', long: 'lohi', kind: 'boolean' },
    { name: 'total', short: 't', long: 'total', kind: 'boolean' },
    { name: 'committed', short: 'v', long: 'committed', kind: 'boolean' },
    { name: 'seconds', short: 's', long: 'seconds', kind: 'string' },
    { name: 'count', short: 'c', long: 'count', kind: 'string' },
    { name: 'wide', short: 'w', long: 'wide', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', short: 'V', long: 'version', kind: 'boolean', immediate: true },
  ],
});

/** the unit options: exponent and whether they imply --si (last one wins, as in procps) */
const UNIT_OPTIONS: Record<string, [number, boolean]> = {
  b: [1, false], kilo: [2, true], mega: [3, true], giga: [4, true], tera: [5, true], peta: [6, true],
  k: [2, false], m: [3, false], g: [4, false], tebi: [5, false], pebi: [6, false],
};

const FLOAT = /^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/;

function run(ctx: CallContext, args: string[]): number | Promise<number> {
  const r = parseFlags(SPEC, args);
  if (!r.ok) return fail(ctx, `free: ${r.message}\n${FREE_USAGE}`, 1);
  if (flagBool(r.flags, 'help')) return done(ctx, FREE_USAGE);
  if (flagBool(r.flags, 'version')) return done(ctx, versionText('free'));

  const scale: Scale = { exponent: 0, si: false, human: flagBool(r.flags, 'human') };
  let intervalMs = 1000;
  let count: number | undefined;
  let repeat = false;
  for (const o of r.order) {
    const unit = UNIT_OPTIONS[o.name];
    if (unit !== undefined) {
      scale.exponent = unit[0];
      if (unit[1]) scale.si = true;
    } else if (o.name === 'si') scale.si = true;
    else if (o.name === 'seconds') {
      const v = o.value ?? '';
      const secs = FLOAT.test(v) ? Number(v.trim()) : NaN;
      if (!Number.isFinite(secs)) return fail(ctx, `free: seconds argument failed: '${v}': Invalid argument\n`, 1);
      if (secs < 1e-6) return fail(ctx, `free: seconds argument \`${v}' is not positive number\n`, 1);
      intervalMs = secs * 1000;
      repeat = true;
    } else if (o.name === 'count') {
      const v = o.value ?? '';
      if (!/^\s*[+-]?[0-9]+$/.test(v)) return fail(ctx, `free: failed to parse count argument: '${v}'\n`, 1);
      const n = Number(v.trim());
      if (n < 1 || n > 2 ** 63 - 1) {
        return fail(ctx, `free: failed to parse count argument: '${v}': Numerical result out of range\n`, 1);
      }
      count = n;
      repeat = true;
    }
  }
  if (r.operands.length > 0) return fail(ctx, FREE_USAGE, 1);
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  const layout: Layout = {
    wide: flagBool(r.flags, 'wide'),
    lohi: flagBool(r.flags, 'lohi'),
    total: flagBool(r.flags, 'total'),
    committed: flagBool(r.flags, 'committed'),
  };
  void flagString;
  return report(ctx, scale, layout, repeat, intervalMs, count);
}

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

export const free: Command = { name: 'free', summary: 'display amount of free and used memory', usage: FREE_USAGE, run };
