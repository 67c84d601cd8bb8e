// free's number scaling (procps-ng 4.0.2 scale_size) and table layout.

import { fixed } from '../internal/proc/cformat.js';
import type { MemSummary } from '../internal/proc/meminfo.js';

export interface Scale {
  /** 0 = default (KiB or kB), 1 = bytes, 2 = K, 3 = M, 4 = G, 5 = T, 6 = P */
  exponent: number;
  si: boolean;
  human: boolean;
}

const UNITS = ['B', 'K', 'M', 'G', 'T', 'P'];

/** one value given in KiB, as free prints it */
export function scaleSize(kib: number, s: Scale): string {
  const base = s.si ? 1000 : 1024;
  const bytes = kib * 1024;
  if (!s.human) {
    if (s.exponent === 0) return String(Math.trunc(bytes / base));
    if (s.exponent === 1) return String(bytes);
    return String(Math.trunc(bytes / base ** (s.exponent - 1)));
  }
  let buf = `${bytes}B`;
  if (buf.length <= 4) return buf;
  for (let i = 1; i < UNITS.length; i++) {
    // procps divides as double, then casts to float before printing
    const v = Math.fround(bytes / base ** i);
    const u = UNITS[i] ?? '';
    const suffix = s.si ? u : `${u}i`;
    const max = s.si ? 4 : 5;
    buf = `${fixed(v, 1)}${suffix}`;
    if (buf.length <= max) return buf;
    buf = `${Math.trunc(bytes / base ** i)}${suffix}`;
    if (buf.length <= max) return buf;
  }
  return buf;
}

const HEADER = '               total        used        free      shared  buff/cache   available';
const HEADER_WIDE = '               total        used        free      shared     buffers       cache   available';

function row(label: string, values: number[], s: Scale): string {
  let line = label.padEnd(9) + scaleSize(values[0] ?? 0, s).padStart(11);
  for (const v of values.slice(1)) line += ' ' + scaleSize(v, s).padStart(11);
  return line + '\n';
}

export interface Layout {
  wide: boolean;
  lohi: boolean;
  total: boolean;
  committed: boolean;
}

export function formatFree(m: MemSummary, s: Scale, l: Layout): string {
  let out = (l.wide ? HEADER_WIDE : HEADER) + '\n';
  const mem = l.wide
    ? [m.total, m.used, m.free, m.shared, m.buffers, m.cached, m.available]
    : [m.total, m.used, m.free, m.shared, m.buffers + m.cached, m.available];
  out += row('Mem:', mem, s);
  if (l.lohi) {
    out += row('Low:', [m.lowTotal, m.lowTotal - m.lowFree, m.lowFree], s);
    out += row('High:', [m.highTotal, m.highTotal - m.highFree, m.highFree], s);
  }
  out += row('Swap:', [m.swapTotal, m.swapUsed, m.swapFree], s);
  if (l.total) {
    out += row('Total:', [m.total + m.swapTotal, m.used + m.swapUsed, m.free + m.swapFree], s);
  }
  if (l.committed) {
    out += row('Comm:', [m.commitLimit, m.committed, m.commitLimit - m.committed], s);
  }
  return out;
}
