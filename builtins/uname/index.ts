// uname: print system information (GNU coreutils 9.1 on Linux). The kernel fields come from
// <proc>/sys/kernel/*, the machine from uname(2) through node:os. -p and -i print "unknown" as
// Debian's coreutils does, and -a leaves them out.

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, parseFlags, versionText, writeUsageError } from '../internal/flags.js';
import { quote } from '../internal/quote.js';
import { done, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { kernelInfo } from '../internal/proc/kernel.js';
import { UNAME_USAGE } from './usage.js';

const SPEC = defineFlags({
  flags: [
    { name: 'all', short: 'a', long: 'all', kind: 'boolean' },
    { name: 's', short: 's', long: ['kernel-name', 'sysname'], kind: 'boolean' },
    { name: 'n', short: 'n', long: 'nodename', kind: 'boolean' },
    { name: 'r', short: 'r', long: ['kernel-release', 'release'], kind: 'boolean' },
    { name: 'v', short: 'v', long: 'kernel-version', kind: 'boolean' },
    { name: 'm', short: 'm', long: 'machine', kind: 'boolean' },
    { name: 'p', short: 'p', long: 'processor', kind: 'boolean' },
    { name: 'i', short: 'i', long: 'hardware-platform', kind: 'boolean' },
    { name: 'o', short: 'o', long: 'operating-system', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
});

function run(ctx: CallContext, args: string[]): number | Promise<number> {
  const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  if (!r.ok) return writeUsageError(ctx, r.message, 1);
  if (flagBool(r.flags, 'help')) return done(ctx, UNAME_USAGE);
  if (flagBool(r.flags, 'version')) return done(ctx, versionText('uname'));
  if (r.operands.length > 0) return writeUsageError(ctx, `extra operand ${quote(r.operands[0] ?? '')}`, 1);
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;

  const all = flagBool(r.flags, 'all');
  const want = (k: string): boolean => all || flagBool(r.flags, k);
  const any = ['s', 'n', 'r', 'v', 'm', 'p', 'i', 'o'].some((k) => flagBool(r.flags, k));
  const k = kernelInfo(procOf(ctx));
  const fields: string[] = [];
  if (want('s') || (!all && !any)) fields.push(k.sysname);
  if (want('n')) fields.push(k.nodename);
  if (want('r')) fields.push(k.release);
  if (want('v')) fields.push(k.version);
  if (want('m')) fields.push(k.machine);
  // GNU prints "unknown" for -p/-i when asked explicitly, and omits them from -a
  if (flagBool(r.flags, 'p')) fields.push('unknown');
  if (flagBool(r.flags, 'i')) fields.push('unknown');
  if (want('o')) fields.push('GNU/Linux');
  return done(ctx, fields.join(' ') + '\n');
}

export const uname: Command = { name: 'uname', summary: 'print system information', usage: UNAME_USAGE, run };
