// The time stamps touch accepts. -t is POSIX's [[CC]YY]MMDDhhmm[.ss] in full. -d takes a subset
// of GNU's free-form dates — `@SECONDS[.frac]`, `now`, `today`, `yesterday`, `tomorrow`,
// `YYYY-MM-DD`, `YYYY-MM-DD[ T]hh:mm[:ss[.frac]]` with an optional `Z`/`UTC`/`±hh[:mm]` zone,
// followed by relative items (`+3 days`, `2 hours ago`, `-1 week`) — which covers what scripts pass; anything else is GNU's `invalid date format` (a documented
// difference for the rest of parse_datetime's grammar). Local times use the host time zone,
// as JS Date does.

const UNIT_RE = /\s*([+-]?\s*\d+)?\s*(year|month|fortnight|week|day|hour|minute|min|second|sec)s?\b(\s+ago\b)?/iy;

interface Relative {
  months: number;
  days: number;
  ms: number;
}

/** GNU's relative items: `N unit[s] [ago]`, repeated; null when the rest is anything else */
function parseRelative(rest: string): Relative | null {
  const rel: Relative = { months: 0, days: 0, ms: 0 };
  let pos = 0;
  while (pos < rest.length) {
    if (/^\s*$/.test(rest.slice(pos))) break;
    UNIT_RE.lastIndex = pos;
    const m = UNIT_RE.exec(rest);
    if (!m) return null;
    pos = UNIT_RE.lastIndex;
    let n = m[1] === undefined ? 1 : Number(m[1].replace(/\s+/g, ''));
    if (m[3] !== undefined) n = -n;
    const unit = m[2]!.toLowerCase();
    if (unit === 'year') rel.months += 12 * n;
    else if (unit === 'month') rel.months += n;
    else if (unit === 'fortnight') rel.days += 14 * n;
    else if (unit === 'week') rel.days += 7 * n;
    else if (unit === 'day') rel.days += n;
    else if (unit === 'hour') rel.ms += 3_600_000 * n;
    else if (unit === 'minute' || unit === 'min') rel.ms += 60_000 * n;
    else rel.ms += 1000 * n;
  }
  return rel;
}

function applyRelative(ms: number, rel: Relative): number {
  if (rel.months === 0 && rel.days === 0) return ms + rel.ms;
  const d = new Date(ms);
  d.setMonth(d.getMonth() + rel.months, d.getDate() + rel.days);
  return d.getTime() + rel.ms;
}

/** milliseconds since the epoch, or null when the text is not a date we read */
export function parseDateOption(text: string, nowMs: number): number | null {
  const trimmed = text.trim();
  // a base date, then relative items (`2020-01-02 +3 days`, `2 hours ago`)
  const base = /^(@\S+|now|today|yesterday|tomorrow|\d{4}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?(?:\s*(?:Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)(?![\d\s]*[a-z]))?)?\s*(.*)$/is.exec(trimmed);
  const head = base?.[1] ?? '';
  const tail = base?.[2] ?? trimmed;
  if (tail !== '' && !head.startsWith('@')) {
    const rel = parseRelative(tail);
    if (rel === null) return null;
    const at = head === '' ? nowMs : parseAbsolute(head, nowMs);
    return at === null ? null : applyRelative(at, rel);
  }
  return parseAbsolute(trimmed, nowMs);
}

function parseAbsolute(text: string, nowMs: number): number | null {
  const s = text.trim();
  const lower = s.toLowerCase();
  if (lower === 'now' || lower === '') return nowMs;
  const dayMs = 86_400_000;
  if (lower === 'today') return nowMs;
  if (lower === 'yesterday') return nowMs - dayMs;
  if (lower === 'tomorrow') return nowMs + dayMs;
  const epoch = /^@([+-]?\d+)(?:[.,](\d+))?$/.exec(s);
  if (epoch) {
    const frac = epoch[2] === undefined ? 0 : Number(`0.${epoch[2]}`);
    const secs = Number(epoch[1]);
    return (secs + (secs < 0 ? -frac : frac)) * 1000;
  }
  const iso =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i.exec(s);
  if (!iso) return null;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = iso.slice(1, 7) as string[];
  const fracMs = iso[7] === undefined ? 0 : Number(`0.${iso[7]}`) * 1000;
  const parts = [Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)] as const;
  if (!validParts(parts)) return null;
  const zone = iso[8];
  if (zone === undefined) {
    return new Date(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]).getTime() + fracMs;
  }
  const utc = Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]) + fracMs;
  const off = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!off) return utc;
  const minutes = Number(off[2]) * 60 + Number(off[3] ?? '0');
  return utc - (off[1] === '-' ? -minutes : minutes) * 60_000;
}

function validParts(p: readonly [number, number, number, number, number, number]): boolean {
  const [, month, day, hour, minute, second] = p;
  return month >= 0 && month <= 11 && day >= 1 && day <= 31 && hour <= 24 && minute <= 59 && second <= 60;
}

/** POSIX touch -t [[CC]YY]MMDDhhmm[.ss], local time; null when malformed */
export function parseStamp(text: string, nowMs: number): number | null {
  const m = /^(\d{8}|\d{10}|\d{12})(?:\.(\d{2}))?$/.exec(text);
  if (!m) return null;
  const digits = m[1]!;
  let year: number;
  let rest: string;
  if (digits.length === 12) {
    year = Number(digits.slice(0, 4));
    rest = digits.slice(4);
  } else if (digits.length === 10) {
    const yy = Number(digits.slice(0, 2));
    year = yy >= 69 ? 1900 + yy : 2000 + yy;
    rest = digits.slice(2);
  } else {
    year = new Date(nowMs).getFullYear();
    rest = digits;
  }
  const month = Number(rest.slice(0, 2)) - 1;
  const day = Number(rest.slice(2, 4));
  const hour = Number(rest.slice(4, 6));
  const minute = Number(rest.slice(6, 8));
  const second = m[2] === undefined ? 0 : Number(m[2]);
  if (month < 0 || month > 11 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  const d = new Date(year, month, day, hour, minute, second);
  // reject dates that rolled over (Feb 30)
  if (d.getMonth() !== month) return null;
  return d.getTime();
}
