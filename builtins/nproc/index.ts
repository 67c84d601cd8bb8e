// nproc: print the number of processing units available (GNU coreutils 9.1). Available = the CPU
// affinity list of this process (<proc>/self/status Cpus_allowed_list, i.e. sched_getaffinity);
// --all = the cpuN lines of <proc>/stat. OMP_NUM_THREADS / OMP_THREAD_LIMIT are honoured from the
// script's exported variables as GNU does.

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, flagString, parseFlags, versionText, writeUsageError } from '../internal/flags.js';
import { quote } from '../internal/quote.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { availableCpus, installedCpus } from '../internal/proc/kernel.js';
import { NPROC_USAGE } from './usage.js';

const SPEC = defineFlags({
  flags: [
    { name: 'all', long: 'all', kind: 'boolean' },
    { name: 'ignore', long: 'ignore', kind: 'string' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
});

/** GNU parses OMP_* with strtoul and ignores anything not a plain positive number */
function ompValue(v: string | undefined): number {
  if (v === undefined) return 0;
  const m = /^\s*\+?([0-9]+)/.exec(v);
  if (m === null) return 0;
  const rest = v.slice(m[0].length);
  const first = rest.split(',')[0] ?? '';
  if (first.trim() !== '' ) return 0;
  return Math.min(Number(m[1]), Number.MAX_SAFE_INTEGER);
}

function run(ctx: CallContext, args: string[]): number | Promise<number> {
  const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  if (!r.ok) return writeUsageError(ctx, r.message, 1);
  if (flagBool(r.flags, 'help')) return done(ctx, NPROC_USAGE);
  if (flagBool(r.flags, 'version')) return done(ctx, versionText('nproc'));
  let ignore = 0;
  const ig = flagString(r.flags, 'ignore');
  if (ig !== undefined) {
    if (!/^\s*\+?[0-9]+$/.test(ig)) return fail(ctx, `nproc: invalid number: ${quote(ig)}\n`, 1);
    ignore = Number(ig.trim());
  }
  if (r.operands.length > 0) return writeUsageError(ctx, `extra operand ${quote(r.operands[0] ?? '')}`, 1);
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;

  const proc = procOf(ctx);
  let n: number;
  if (flagBool(r.flags, 'all')) n = installedCpus(proc);
  else {
    const omp = ompValue(ctx.getEnv('OMP_NUM_THREADS'));
    const limit = ompValue(ctx.getEnv('OMP_THREAD_LIMIT'));
    n = omp > 0 ? omp : availableCpus(proc);
    if (limit > 0 && limit < n) n = limit;
  }
  n = ignore < n ? n - ignore : 1;
  return done(ctx, `${n}\n`);
}

export const nproc: Command = { name: 'nproc', summary: 'print the number of processing units available', usage: NPROC_USAGE, run };
