// Kernel identity (uname, hostname) and CPU counts (nproc) from the proc root, with node:os as the
// fallback for what /proc does not carry (the machine name).

import * as os from 'node:os';
import type { ProcReader } from './reader.js';

export interface KernelInfo {
  sysname: string;
  nodename: string;
  release: string;
  version: string;
  machine: string;
}

function firstLine(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const nl = text.indexOf('\n');
  return nl < 0 ? text : text.slice(0, nl);
}

/** uname(2)'s fields: sys/kernel/* under the proc root; the machine from node:os (uname(2) too) */
export function kernelInfo(proc: ProcReader): KernelInfo {
  const k = (name: string, fallback: () => string): string =>
    firstLine(proc.read(`sys/kernel/${name}`)) ?? fallback();
  return {
    sysname: k('ostype', () => os.type()),
    nodename: k('hostname', () => os.hostname()),
    release: k('osrelease', () => os.release()),
    version: k('version', () => os.version()),
    machine: os.machine(),
  };
}

/** parse a cpu list such as "0-3,8,10-11" into its count; undefined when malformed */
export function countCpuList(list: string): number | undefined {
  let count = 0;
  for (const part of list.trim().split(',')) {
    const m = /^([0-9]+)(?:-([0-9]+))?$/.exec(part);
    if (m === null) return undefined;
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (hi < lo) return undefined;
    count += hi - lo + 1;
  }
  return count;
}

/** CPUs this process may run on (sched_getaffinity, seen as Cpus_allowed_list) */
export function availableCpus(proc: ProcReader): number {
  const status = proc.read('self/status');
  const m = status === undefined ? null : /^Cpus_allowed_list:\s*(\S+)$/m.exec(status);
  const n = m === null ? undefined : countCpuList(m[1] ?? '');
  return n ?? os.availableParallelism();
}

/** CPUs installed (the "cpu<N>" lines of stat, as sysconf(_SC_NPROCESSORS_CONF) counts) */
export function installedCpus(proc: ProcReader): number {
  const stat = proc.read('stat');
  if (stat !== undefined) {
    const n = (stat.match(/^cpu[0-9]+ /gm) ?? []).length;
    if (n > 0) return n;
  }
  return os.cpus().length || 1;
}

/** true on the platforms these builtins support */
export function isLinux(): boolean {
  return process.platform === 'linux';
}
