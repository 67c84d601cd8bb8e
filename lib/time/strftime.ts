// strftime for printf's `%(fmt)T`, C-locale names. The zone is the shell's exported TZ when the
// caller passes it (./timezone.ts), else UTC: builtins never read the host's TZ.

import { zoneAt, type Zone } from './timezone.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const p2 = (n: number) => String(n).padStart(2, '0');
const sp2 = (n: number) => String(n).padStart(2, ' ');

function dayOfYear(d: Date): number {
  return Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400000);
}

/** ISO 8601 week number and week-based year */
function isoWeek(d: Date): { week: number; year: number } {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((t.getTime() - yearStart) / 86400000 + 1) / 7), year: t.getUTCFullYear() };
}

/** week of the year with weeks starting on `firstDay` (0 = Sunday for %U, 1 = Monday for %W) */
function weekNumber(d: Date, firstDay: number): number {
  const yday = dayOfYear(d);
  const wday = (d.getUTCDay() + 7 - firstDay) % 7;
  return Math.floor((yday + 7 - wday) / 7);
}

type Conv = (d: Date, secs: number, z: Zone) => string;

const CONVERSIONS: Record<string, Conv> = {
  a: (d) => DAYS[d.getUTCDay()]!.slice(0, 3),
  A: (d) => DAYS[d.getUTCDay()]!,
  b: (d) => MONTHS[d.getUTCMonth()]!.slice(0, 3),
  h: (d) => MONTHS[d.getUTCMonth()]!.slice(0, 3),
  B: (d) => MONTHS[d.getUTCMonth()]!,
  c: (d, s, z) => render('%a %b %e %H:%M:%S %Y', d, s, z),
  C: (d) => p2(Math.floor(d.getUTCFullYear() / 100)),
  d: (d) => p2(d.getUTCDate()),
  D: (d, s, z) => render('%m/%d/%y', d, s, z),
  e: (d) => sp2(d.getUTCDate()),
  F: (d, s, z) => render('%Y-%m-%d', d, s, z),
  g: (d) => p2(isoWeek(d).year % 100),
  G: (d) => String(isoWeek(d).year),
  H: (d) => p2(d.getUTCHours()),
  I: (d) => p2(d.getUTCHours() % 12 || 12),
  j: (d) => String(dayOfYear(d) + 1).padStart(3, '0'),
  k: (d) => sp2(d.getUTCHours()),
  l: (d) => sp2(d.getUTCHours() % 12 || 12),
  m: (d) => p2(d.getUTCMonth() + 1),
  M: (d) => p2(d.getUTCMinutes()),
  n: () => '\n',
  p: (d) => (d.getUTCHours() < 12 ? 'AM' : 'PM'),
  P: (d) => (d.getUTCHours() < 12 ? 'am' : 'pm'),
  r: (d, s, z) => render('%I:%M:%S %p', d, s, z),
  R: (d, s, z) => render('%H:%M', d, s, z),
  s: (_d, s) => String(s),
  S: (d) => p2(d.getUTCSeconds()),
  t: () => '\t',
  T: (d, s, z) => render('%H:%M:%S', d, s, z),
  u: (d) => String(d.getUTCDay() || 7),
  U: (d) => p2(weekNumber(d, 0)),
  V: (d) => p2(isoWeek(d).week),
  w: (d) => String(d.getUTCDay()),
  W: (d) => p2(weekNumber(d, 1)),
  x: (d, s, z) => render('%m/%d/%y', d, s, z),
  X: (d, s, z) => render('%H:%M:%S', d, s, z),
  y: (d) => p2(d.getUTCFullYear() % 100),
  Y: (d) => String(d.getUTCFullYear()),
  z: (_d, _s, z) => numericOffset(z.offset),
  Z: (_d, _s, z) => z.abbrev,
  '%': () => '%',
};

/** %z: +hhmm east of UTC */
function numericOffset(offset: number): string {
  const a = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${p2(Math.floor(a / 3600))}${p2(Math.floor((a % 3600) / 60))}`;
}

/**
 * format seconds since the epoch in zone TZ (undefined: UTC); an empty format is `%X` as in bash
 */
export function strftime(fmt: string, secs: number, tz?: string): string {
  if (fmt === '') fmt = '%X';
  const z = zoneAt(tz, secs);
  // the UTC getters of a date shifted by the zone's offset read the local wall clock
  return render(fmt, new Date((secs + z.offset) * 1000), secs, z);
}

function render(fmt: string, d: Date, secs: number, z: Zone): string {
  let out = '';
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c !== '%' || i + 1 >= fmt.length) {
      out += c;
      continue;
    }
    const conv = CONVERSIONS[fmt[i + 1]!];
    out += conv ? conv(d, secs, z) : '%' + fmt[i + 1];
    i++;
  }
  return out;
}
