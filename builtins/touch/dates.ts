// The time stamps touch accepts. -t is POSIX's [[CC]YY]MMDDhhmm[.ss] in full. -d takes a subset
// of GNU's free-form dates — `@SECONDS[.frac]`, `now`, `today`, `yesterday`, `tomorrow`,
// `YYYY-MM-DD`, `YYYY-MM-DD[ T]hh:mm[:ss[.frac]]` with an optional `Z`/`UTC`/`±hh[:mm]` zone —
// which covers what scripts pass; anything else is GNU's `invalid date format` (a documented
// difference for the rest of parse_datetime's grammar). Local times use the host time zone,
// as JS Date does.

/** milliseconds since the epoch, or null when the text is not a date we read */
export function parseDateOption(text: string, nowMs: number): number | null {
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
