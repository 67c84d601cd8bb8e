// uptime: how long the system has been running (procps-ng 4.0.2), from <proc>/uptime and
// <proc>/loadavg. Deliberate difference: the "N users" field is left out, since counting users
// means reading utmp, a file outside the proc root.

import { defineCommand, flag } from '../internal/command.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { readLoadavg, readUptime } from '../internal/proc/loadavg.js';
import { formatPretty, formatSince, formatUptime } from './format.js';
import { UPTIME_USAGE } from './usage.js';

export const uptime = defineCommand({
  name: 'uptime',
  summary: 'tell how long the system has been running',
  help: UPTIME_USAGE,
  // procps' long option table order
  flags: {
    since: flag.boolean('-s --since'),
    help: flag.help('-h --help'),
    pretty: flag.boolean('-p --pretty'),
    version: flag.version('-V --version'),
  },
  // procps: the message, then the whole usage on stderr
  usageError: (ctx, message, status) => fail(ctx, `uptime: ${message}\n${UPTIME_USAGE}`, status),
  run(ctx, { flags, operands }) {
    if (operands.length > 0) return fail(ctx, UPTIME_USAGE, 1);
    const refused = refuseOffLinux(ctx);
    if (refused !== undefined) return refused;
    const proc = procOf(ctx);
    const u = readUptime(proc);
    if ('error' in u) {
      const why = u.error === 'missing' ? ': No such file or directory' : '';
      return fail(ctx, `uptime: Cannot get system uptime${why}\n`, 1);
    }
    const now = Date.now();
    if (flags.since) return done(ctx, formatSince(now, u.up));
    if (flags.pretty) return done(ctx, formatPretty(u.up));
    return done(ctx, formatUptime(new Date(now), u.up, readLoadavg(proc)));
  },
});
