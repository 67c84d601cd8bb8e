// hostname: show the host name (net-tools' hostname 3.23). Only reading is allowed: setting the
// name (an operand, -F, -b) is refused, and the forms that ask the resolver (-a -A -d -f -i -I -y)
// are refused because rshell does not do DNS lookups. The name comes from
// <proc>/sys/kernel/hostname (uname(2)'s nodename).

import { defineCommand, flag } from '../internal/command.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { kernelInfo } from '../internal/proc/kernel.js';
import { HOSTNAME_USAGE } from './usage.js';

/** refused in this order of precedence, whatever the command line's order */
const RESOLVER_FLAGS = ['alias', 'allFqdns', 'domain', 'fqdn', 'ip', 'allIp', 'nis'] as const;

export const hostname = defineCommand({
  name: 'hostname',
  summary: 'show the system host name',
  help: HOSTNAME_USAGE,
  // net-tools' long option table order
  flags: {
    domain: flag.boolean('-d --domain'),
    file: flag.string('-F --file'),
    fqdn: flag.boolean('-f --fqdn --long'),
    // net-tools: usage() prints on stdout and exits 255, for -h too
    help: flag.help('-h --help', { status: 255 }),
    alias: flag.boolean('-a --alias'),
    ip: flag.boolean('-i --ip-address'),
    allFqdns: flag.boolean('-A --all-fqdns'),
    allIp: flag.boolean('-I --all-ip-addresses'),
    nis: flag.boolean('-y --nis --yp'),
    short: flag.boolean('-s --short'),
    boot: flag.boolean('-b --boot'),
    verbose: flag.boolean('-v --verbose'),
    version: flag.version('-V --version'),
  },
  usageStatus: 255,
  // getopt's message on stderr, then usage() on stdout
  usageError(ctx, message, status) {
    const p = ctx.stderr.writeString(`hostname: ${message}\n`);
    return p ? p.then(() => done(ctx, HOSTNAME_USAGE, status)) : done(ctx, HOSTNAME_USAGE, status);
  },
  run(ctx, { flags, operands, order }) {
    if (operands.length > 0 || flags.file !== undefined || flags.boot) {
      return fail(ctx, 'hostname: setting the host name is refused: rshell does not change the system\n', 1);
    }
    for (const name of RESOLVER_FLAGS) {
      const o = order.find((x) => x.name === name);
      if (o !== undefined) return fail(ctx, `hostname: ${o.spelled} is refused: rshell does not query the resolver (DNS, NIS)\n`, 1);
    }
    const refused = refuseOffLinux(ctx);
    if (refused !== undefined) return refused;
    let name = kernelInfo(procOf(ctx)).nodename;
    if (flags.short) {
      const dot = name.indexOf('.');
      if (dot >= 0) name = name.slice(0, dot);
    }
    return done(ctx, name + '\n');
  },
});
