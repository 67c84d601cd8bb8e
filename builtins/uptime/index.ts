// uptime: how long the system has been running (procps-ng 4.0.2), from <proc>/uptime and
// <proc>/loadavg. Deliberate difference: the "N users" field is left out, since counting users
// means reading utmp, a file outside the proc root.

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, parseFlags, versionText } from '../internal/flags.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { readLoadavg, readUptime } from '../internal/proc/loadavg.js';
import { formatPretty, formatSince, formatUptime } from './format.js';
import { UPTIME_USAGE } from './usage.js';

const SPEC = defineFlags({
  flags: [
    { name: 'since', short: 's', long: 'since', kind: 'boolean' },
    { name: 'help', short: 'h', long: 'help', kind: 'boolean', immediate: true },
    { name: 'pretty', short: 'p', long: 'pretty', kind: 'boolean' },
    { name: 'version', short: 'V', long: 'version', kind: 'boolean', immediate: true },
  ],
});

function run(ctx: CallContext, args: string[]): number | Promise<number> {
  const r = parseFlags(SPEC, args);
  if (!r.ok) return fail(ctx, `uptime: ${r.message}\n${UPTIME_USAGE}`, 1);
  if (flagBool(r.flags, 'help')) return done(ctx, UPTIME_USAGE);
  if (flagBool(r.flags, 'version')) return done(ctx, versionText('uptime'));
  if (r.operands.length > 0) return fail(ctx, UPTIME_USAGE, 1);
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  const proc = procOf(ctx);
  const u = readUptime(proc);
  if ('error' in u) {
    const why = u.error === 'missing' ? ': No such file or directory' : '';
    return fail(ctx, `uptime: Cannot get system uptime${why}\n`, 1);
  }
  const now = Date.now();
  if (flagBool(r.flags, 'since')) return done(ctx, formatSince(now, u.up));
  if (flagBool(r.flags, 'pretty')) return done(ctx, formatPretty(u.up));
  return done(ctx, formatUptime(new Date(now), u.up, readLoadavg(proc)));
}

export const uptime: Command = { name: 'uptime', summary: 'tell how long the system has been running', usage: UPTIME_USAGE, run };
