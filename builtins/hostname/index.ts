// hostname: show the host name (net-tools' hostname 3.23). Only reading is allowed: setting the
// name (an operand, -F, -b) is refused, and the forms that ask the resolver (-a -A -d -f -i -I -y)
// are refused because rshell does not do DNS lookups. The name comes from
// <proc>/sys/kernel/hostname (uname(2)'s nodename).

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, parseFlags, versionText } from '../internal/flags.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { kernelInfo } from '../internal/proc/kernel.js';
import { HOSTNAME_USAGE } from './usage.js';

const RESOLVER_FLAGS = ['alias', 'allFqdns', 'domain', 'fqdn', 'ip', 'allIp', 'nis'] as const;

const SPEC = defineFlags({
  flags: [
    { name: 'domain', short: 'd', long: 'domain', kind: 'boolean' },
    { name: 'file', short: 'F', long: 'file', kind: 'string' },
    { name: 'fqdn', short: 'f', long: ['fqdn', 'long'], kind: 'boolean' },
    { name: 'help', short: 'h', long: 'help', kind: 'boolean', immediate: true },
    { name: 'alias', short: 'a', long: 'alias', kind: 'boolean' },
    { name: 'ip', short: 'i', long: 'ip-address', kind: 'boolean' },
    { name: 'allFqdns', short: 'A', long: 'all-fqdns', kind: 'boolean' },
    { name: 'allIp', short: 'I', long: 'all-ip-addresses', kind: 'boolean' },
    { name: 'nis', short: 'y', long: ['nis', 'yp'], kind: 'boolean' },
    { name: 'short', short: 's', long: 'short', kind: 'boolean' },
    { name: 'boot', short: 'b', long: 'boot', kind: 'boolean' },
    { name: 'verbose', short: 'v', long: 'verbose', kind: 'boolean' },
    { name: 'version', short: 'V', long: 'version', kind: 'boolean', immediate: true },
  ],
});

function run(ctx: CallContext, args: string[]): number | Promise<number> {
  const r = parseFlags(SPEC, args);
  // net-tools: getopt's message on stderr, then usage() prints on stdout and exits 255 (also -h)
  if (!r.ok) {
    const p = ctx.stderr.writeString(`hostname: ${r.message}\n`);
    return p ? p.then(() => done(ctx, HOSTNAME_USAGE, 255)) : done(ctx, HOSTNAME_USAGE, 255);
  }
  if (flagBool(r.flags, 'help')) return done(ctx, HOSTNAME_USAGE, 255);
  if (flagBool(r.flags, 'version')) return done(ctx, versionText('hostname'));
  if (r.operands.length > 0 || r.flags.file !== undefined || flagBool(r.flags, 'boot')) {
    return fail(ctx, 'hostname: setting the host name is refused: rshell does not change the system\n', 1);
  }
  for (const name of RESOLVER_FLAGS) {
    if (flagBool(r.flags, name)) {
      const spelled = r.order.find((o) => o.name === name)?.spelled ?? name;
      return fail(ctx, `hostname: ${spelled} is refused: rshell does not query the resolver (DNS, NIS)\n`, 1);
    }
  }
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  let name = kernelInfo(procOf(ctx)).nodename;
  if (flagBool(r.flags, 'short')) {
    const dot = name.indexOf('.');
    if (dot >= 0) name = name.slice(0, dot);
  }
  return done(ctx, name + '\n');
}

export const hostname: Command = { name: 'hostname', summary: 'show the system host name', usage: HOSTNAME_USAGE, run };
