// <proc>/meminfo parsed into kB counts, and the derived figures procps-ng 4.0 shows (free, vmstat,
// top): used = total - available, buff/cache = Buffers + Cached + SReclaimable.

import type { ProcReader } from './reader.js';

export type MemInfo = ReadonlyMap<string, number>;

/** "Key:   123 kB" lines → Map(Key → 123); malformed lines are skipped */
export function parseMeminfo(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([^:\s]+):\s+([0-9]+)/.exec(line);
    if (m !== null) out.set(m[1] ?? '', Number(m[2]));
  }
  return out;
}

export function readMeminfo(proc: ProcReader): Map<string, number> | undefined {
  const text = proc.read('meminfo');
  return text === undefined ? undefined : parseMeminfo(text);
}

export interface MemSummary {
  total: number;
  used: number;
  free: number;
  shared: number;
  buffers: number;
  cached: number;
  available: number;
  swapTotal: number;
  swapUsed: number;
  swapFree: number;
  lowTotal: number;
  lowFree: number;
  highTotal: number;
  highFree: number;
  commitLimit: number;
  committed: number;
}

export function summarize(m: MemInfo): MemSummary {
  const g = (k: string): number => m.get(k) ?? 0;
  const total = g('MemTotal');
  const free = g('MemFree');
  const buffers = g('Buffers');
  const cached = g('Cached') + g('SReclaimable');
  // kernels before 3.14 have no MemAvailable: procps then falls back to MemFree
  let available = m.has('MemAvailable') ? g('MemAvailable') : free;
  if (available > total) available = total;
  let used = total - available;
  if (used < 0) used = total - free;
  const swapTotal = g('SwapTotal');
  const swapFree = g('SwapFree');
  const lowTotal = m.has('LowTotal') ? g('LowTotal') : total;
  const lowFree = m.has('LowFree') ? g('LowFree') : free;
  return {
    total,
    used,
    free,
    shared: g('Shmem'),
    buffers,
    cached,
    available,
    swapTotal,
    swapUsed: swapTotal - swapFree,
    swapFree,
    lowTotal,
    lowFree,
    highTotal: g('HighTotal'),
    highFree: g('HighFree'),
    commitLimit: g('CommitLimit'),
    committed: g('Committed_AS'),
  };
}
