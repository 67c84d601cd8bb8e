// uname: print system information (GNU coreutils 9.1 on Linux). The kernel fields come from
// <proc>/sys/kernel/*, the machine from uname(2) through node:os. -p and -i print "unknown" as
// Debian's coreutils does, and -a leaves them out.

import { defineCommand, flag, writeUsageError } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { done, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { kernelInfo } from '../internal/proc/kernel.js';
import { UNAME_USAGE } from './usage.js';

export const uname = defineCommand({
  name: 'uname',
  summary: 'print system information',
  help: UNAME_USAGE,
  flags: {
    all: flag.boolean('-a --all'),
    s: flag.boolean('-s --kernel-name --sysname'),
    n: flag.boolean('-n --nodename'),
    r: flag.boolean('-r --kernel-release --release'),
    v: flag.boolean('-v --kernel-version'),
    m: flag.boolean('-m --machine'),
    p: flag.boolean('-p --processor'),
    i: flag.boolean('-i --hardware-platform'),
    o: flag.boolean('-o --operating-system'),
  },
  run(ctx, { flags: f, operands }) {
    if (operands.length > 0) return writeUsageError(ctx, `extra operand ${quote(operands[0] ?? '')}`, 1);
    const refused = refuseOffLinux(ctx);
    if (refused !== undefined) return refused;

    const all = f.all;
    const any = f.s || f.n || f.r || f.v || f.m || f.p || f.i || f.o;
    const k = kernelInfo(procOf(ctx));
    const fields: string[] = [];
    if (all || f.s || !any) fields.push(k.sysname);
    if (all || f.n) fields.push(k.nodename);
    if (all || f.r) fields.push(k.release);
    if (all || f.v) fields.push(k.version);
    if (all || f.m) fields.push(k.machine);
    // GNU prints "unknown" for -p/-i when asked explicitly, and omits them from -a
    if (f.p) fields.push('unknown');
    if (f.i) fields.push('unknown');
    if (all || f.o) fields.push('GNU/Linux');
    return done(ctx, fields.join(' ') + '\n');
  },
});
