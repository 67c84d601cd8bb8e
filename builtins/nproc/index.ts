// nproc: print the number of processing units available (GNU coreutils 9.1). Available = the CPU
// affinity list of this process (<proc>/self/status Cpus_allowed_list, i.e. sched_getaffinity);
// --all = the cpuN lines of <proc>/stat. OMP_NUM_THREADS / OMP_THREAD_LIMIT are honoured from the
// script's exported variables as GNU does.

import { defineCommand, flag, reject, writeUsageError, type Reject } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { done, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { availableCpus, installedCpus } from '../internal/proc/kernel.js';
import { NPROC_USAGE } from './usage.js';

/** --ignore=N: xdectoumax, checked in GNU's option loop */
function ignoreCount(text: string): number | Reject {
  return /^\s*\+?[0-9]+$/.test(text) ? Number(text.trim()) : reject(`invalid number: ${quote(text)}`);
}

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

export const nproc = defineCommand({
  name: 'nproc',
  summary: 'print the number of processing units available',
  help: NPROC_USAGE,
  flags: {
    all: flag.boolean('--all'),
    ignore: flag.value('--ignore', ignoreCount),
  },
  run(ctx, { flags, operands }) {
    if (operands.length > 0) return writeUsageError(ctx, `extra operand ${quote(operands[0] ?? '')}`, 1);
    const refused = refuseOffLinux(ctx);
    if (refused !== undefined) return refused;

    const proc = procOf(ctx);
    let n: number;
    if (flags.all) n = installedCpus(proc);
    else {
      const omp = ompValue(ctx.getEnv('OMP_NUM_THREADS'));
      const limit = ompValue(ctx.getEnv('OMP_THREAD_LIMIT'));
      n = omp > 0 ? omp : availableCpus(proc);
      if (limit > 0 && limit < n) n = limit;
    }
    const ignore = flags.ignore ?? 0;
    n = ignore < n ? n - ignore : 1;
    return done(ctx, `${n}\n`);
  },
});
