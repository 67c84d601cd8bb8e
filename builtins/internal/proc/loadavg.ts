// <proc>/uptime and <proc>/loadavg.

import type { ProcReader } from './reader.js';

const FLOAT = '([0-9]+(?:\\.[0-9]*)?)';

/** seconds since boot (first field of uptime); undefined when missing or malformed */
export function readUptime(proc: ProcReader): { up: number } | { error: 'missing' | 'malformed' } {
  const text = proc.read('uptime');
  if (text === undefined) return { error: 'missing' };
  // procps reads it with sscanf("%lf %lf"): both numbers must be there
  const m = new RegExp(`^\\s*${FLOAT}\\s+${FLOAT}`).exec(text);
  if (m === null) return { error: 'malformed' };
  return { up: Number(m[1]) };
}

export interface LoadAvg {
  one: number;
  five: number;
  fifteen: number;
  running: number;
  total: number;
}

export function readLoadavg(proc: ProcReader): LoadAvg | undefined {
  const text = proc.read('loadavg');
  if (text === undefined) return undefined;
  const m = new RegExp(`^\\s*${FLOAT}\\s+${FLOAT}\\s+${FLOAT}(?:\\s+([0-9]+)/([0-9]+))?`).exec(text);
  if (m === null) return undefined;
  return {
    one: Number(m[1]), five: Number(m[2]), fifteen: Number(m[3]),
    running: Number(m[4] ?? 0), total: Number(m[5] ?? 0),
  };
}
