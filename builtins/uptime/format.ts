// procps-ng 4.0.2 uptime's three formats, as pure functions of (now, uptime seconds, loads).

import { fixed } from '../internal/proc/cformat.js';
import type { LoadAvg } from '../internal/proc/loadavg.js';

const two = (n: number): string => String(n).padStart(2, '0');
const plural = (n: number, word: string): string => `${n} ${word}${n > 1 ? 's' : ''}`;

/** " HH:MM:SS up …, load average: a, b, c" — the user count (utmp) is left out on purpose */
export function formatUptime(now: Date, up: number, load: LoadAvg | undefined): string {
  let s = ` ${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())} up `;
  const secs = Math.trunc(up);
  const days = Math.trunc(secs / 86400);
  if (days !== 0) s += `${days} day${days !== 1 ? 's' : ''}, `;
  const minutes = Math.trunc(secs / 60);
  const hours = Math.trunc(minutes / 60) % 24;
  if (hours !== 0) s += `${String(hours).padStart(2)}:${two(minutes % 60)}, `;
  else s += `${minutes % 60} min, `;
  if (load !== undefined) {
    s += `load average: ${fixed(load.one, 2)}, ${fixed(load.five, 2)}, ${fixed(load.fifteen, 2)}`;
  }
  return s + '\n';
}

/** "up 14 weeks, 2 days, 2 minutes" */
export function formatPretty(up: number): string {
  const secs = Math.trunc(up);
  const parts: string[] = [];
  const add = (n: number, word: string): void => void (n !== 0 && parts.push(plural(n, word)));
  add(Math.trunc(secs / (86400 * 365 * 10)), 'decade');
  add(Math.trunc(secs / (86400 * 365)) % 10, 'year');
  add(Math.trunc(secs / (86400 * 7)) % 52, 'week');
  add(Math.trunc(secs / 86400) % 7, 'day');
  add(Math.trunc(secs / 3600) % 24, 'hour');
  const minutes = Math.trunc(secs / 60) % 60;
  if (minutes !== 0 || secs < 60) parts.push(plural(minutes, 'minute').replace(/^0 minute$/, '0 minutes'));
  return `up ${parts.join(', ')}\n`;
}

/** "YYYY-MM-DD HH:MM:SS" of the boot, local time */
export function formatSince(nowMs: number, up: number): string {
  const since = new Date(Math.trunc(nowMs / 1000 - up + 0.5) * 1000);
  return `${since.getFullYear()}-${two(since.getMonth() + 1)}-${two(since.getDate())} ` +
    `${two(since.getHours())}:${two(since.getMinutes())}:${two(since.getSeconds())}\n`;
}
