// GNU's free-form dates (gnulib parse-datetime.y, as `touch -d` and `find -newermt` read them),
// in the C locale: a sequence of items, each at most once — a calendar date (`2021-03-04`,
// `3/4/2021`, `4 Mar 2021`, `Mar 4, 2021`, `4-mar-2021`, `20210304`), a time of day (`10:30`,
// `10:30:05.5`, `3pm`, with an optional `+hhmm` zone), a time zone (`UTC`, `Z`, `EST`, `utc+2`,
// a military letter), a day of the week (`monday`, `next fri`, `last sunday`) — and any number of
// relative items (`+3 days`, `2 hours ago`, `next week`, `yesterday`, `now`). `@SECONDS` stands
// alone. Without a time of day the time is midnight, unless only relative items were given (then
// it is now's). Local times use the host time zone, as JS Date does, unless the caller names a
// zone (parseDatetimeNs's `tz`: date reads the shell's TZ). Not covered: the DST
// variants of zone names beyond the common ones, `TZ="…"` prefixes, ordinals in dates.

import { zoneAt } from './timezone.js';

type Token =
  | { t: 'num'; v: number; digits: number; signed: boolean }
  | { t: 'word'; w: string }
  | { t: 'ch'; c: string };

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
// parse-datetime's extra day abbreviations
const DAY_EXTRA: Record<string, number> = { tues: 2, wednes: 3, thur: 4, thurs: 4 };
const UNITS: Record<string, [keyof Rel, number]> = {
  year: ['y', 1], month: ['m', 1], fortnight: ['d', 14], week: ['d', 7], day: ['d', 1],
  hour: ['s', 3600], minute: ['s', 60], min: ['s', 60], second: ['s', 1], sec: ['s', 1],
};
const SHIFTS: Record<string, number> = { now: 0, today: 0, yesterday: -1, tomorrow: 1 };
const ORDINALS: Record<string, number> = {
  last: -1, this: 0, next: 1, first: 1, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7,
  eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12,
};
// zone names (hours east of UTC) from parse-datetime's tables, the common ones
const ZONES: Record<string, number> = {
  gmt: 0, ut: 0, utc: 0, z: 0, wet: 0, bst: 1, cet: 1, met: 1, mez: 1, eet: 2, msk: 3,
  ist: 5.5, sgt: 8, kst: 9, jst: 9, ast: -4, est: -5, cst: -6, mst: -7, pst: -8, akst: -9, hst: -10,
};
const DST_ZONES: Record<string, number> = {
  west: 1, cest: 2, mest: 2, mesz: 2, eest: 3, msd: 4, adt: -3, edt: -4, cdt: -5, mdt: -6, pdt: -7, akdt: -8,
};

function militaryZone(w: string): number | undefined {
  if (w.length !== 1 || w === 'j' || w < 'a' || w > 'z') return undefined;
  if (w === 'z') return 0;
  if (w <= 'i') return w.charCodeAt(0) - 96; // a..i: +1..+9
  if (w <= 'm') return w.charCodeAt(0) - 97; // k..m: +10..+12
  return -(w.charCodeAt(0) - 109); // n..y: -1..-12
}

function lex(text: string): Token[] | null {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(') {
      // comments nest
      let depth = 0;
      do {
        if (text[i] === '(') depth++;
        else if (text[i] === ')') depth--;
        i++;
      } while (depth > 0 && i < text.length);
      if (depth > 0) return null;
      continue;
    }
    if (/[0-9+-]/.test(c)) {
      let j = i;
      let signed = false;
      let neg = false;
      if (c === '+' || c === '-') {
        j++;
        while (j < text.length && /\s/.test(text[j]!)) j++;
        // a sign not followed by a digit is skipped (`4-mar-2021`, even `--`)
        if (j >= text.length || !/[0-9]/.test(text[j]!)) {
          i = j;
          continue;
        }
        signed = true;
        neg = c === '-';
      }
      const start = j;
      while (j < text.length && /[0-9]/.test(text[j]!)) j++;
      const digits = text.slice(start, j);
      out.push({ t: 'num', v: (neg ? -1 : 1) * Number(digits), digits: digits.length, signed });
      i = j;
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (j < text.length && /[A-Za-z.]/.test(text[j]!)) j++;
      out.push({ t: 'word', w: text.slice(i, j).toLowerCase().replace(/\./g, '') });
      i = j;
      continue;
    }
    out.push({ t: 'ch', c });
    i++;
  }
  return out;
}

interface Rel {
  y: number;
  m: number;
  d: number;
  s: number;
}

interface Parsed {
  year?: { v: number; digits: number };
  month?: number;
  day?: number;
  hour: number;
  minute: number;
  second: number;
  nanos: number;
  meridian?: 'am' | 'pm';
  /** minutes east of UTC */
  zone?: number;
  dayNumber?: number;
  dayOrdinal: number;
  rel: Rel;
  times: number;
  dates: number;
  days: number;
  zones: number;
  rels: number;
}

function monthOf(w: string): number | undefined {
  if (w === 'sept') return 9;
  const abbrev = w.length === 3;
  // biome-ignore lint/complexity/useIndexOf: a three-letter word matches a month's prefix
  const i = MONTHS.findIndex((m) => (abbrev ? m.startsWith(w) : m === w));
  return i < 0 ? undefined : i + 1;
}

function dayOf(w: string): number | undefined {
  if (DAY_EXTRA[w] !== undefined) return DAY_EXTRA[w];
  const abbrev = w.length === 3;
  // biome-ignore lint/complexity/useIndexOf: a three-letter word matches a day's prefix
  const i = DAYS.findIndex((d) => (abbrev ? d.startsWith(w) : d === w));
  return i < 0 ? undefined : i;
}

/** a unit word, with GNU's optional plural 's' */
function unitOf(w: string): [keyof Rel, number] | undefined {
  return UNITS[w] ?? (w.endsWith('s') ? UNITS[w.slice(0, -1)] : undefined);
}

function zoneOf(w: string): number | undefined {
  const z = ZONES[w] ?? DST_ZONES[w] ?? militaryZone(w);
  return z === undefined ? undefined : z * 60;
}

/** `+hh`, `+hhmm`, `+hh:mm` after a time or zone: minutes east, or undefined when malformed */
function offsetOf(toks: Token[], i: number): { minutes: number; next: number } | undefined {
  const n = toks[i];
  if (n?.t !== 'num' || !n.signed) return undefined;
  const sign = n.v < 0 || Object.is(n.v, -0) ? -1 : 1;
  const abs = Math.abs(n.v);
  const colon = toks[i + 1];
  const mm = toks[i + 2];
  if (colon?.t === 'ch' && colon.c === ':' && mm?.t === 'num' && !mm.signed) {
    if (n.digits > 2 || mm.v > 59) return undefined;
    return { minutes: sign * (abs * 60 + mm.v), next: i + 3 };
  }
  if (n.digits <= 2) return { minutes: sign * abs * 60, next: i + 1 };
  if (n.digits <= 4) return { minutes: sign * (Math.floor(abs / 100) * 60 + (abs % 100)), next: i + 1 };
  return undefined;
}

function parseItems(toks: Token[], p: Parsed): boolean {
  let i = 0;
  const at = (k: number): Token | undefined => toks[k];
  const isCh = (k: number, c: string): boolean => {
    const t = toks[k];
    return t?.t === 'ch' && t.c === c;
  };
  const word = (k: number): string | undefined => {
    const t = toks[k];
    return t?.t === 'word' ? t.w : undefined;
  };
  const meridianAt = (k: number): 'am' | 'pm' | undefined => {
    const w = word(k);
    return w === 'am' || w === 'pm' ? w : undefined;
  };

  /** hh:mm[:ss[.frac]] [am|pm|offset] from i (a num followed by ':') */
  const time = (): boolean => {
    const h = at(i) as Extract<Token, { t: 'num' }>;
    const m = at(i + 2);
    if (m?.t !== 'num' || m.signed) return false;
    p.hour = h.v;
    p.minute = m.v;
    p.second = 0;
    p.nanos = 0;
    i += 3;
    if (isCh(i, ':') && at(i + 1)?.t === 'num' && !(at(i + 1) as { signed: boolean }).signed) {
      p.second = (at(i + 1) as { v: number }).v;
      i += 2;
      if ((isCh(i, '.') || isCh(i, ',')) && at(i + 1)?.t === 'num') {
        const f = at(i + 1) as { v: number; digits: number };
        p.nanos = Math.floor((f.v / 10 ** f.digits) * 1e9);
        i += 2;
      }
    }
    const mer = meridianAt(i);
    if (mer !== undefined) {
      p.meridian = mer;
      i++;
    } else {
      const off = offsetOf(toks, i);
      if (off !== undefined) {
        p.zone = off.minutes;
        p.zones++;
        i = off.next;
      }
    }
    p.times++;
    return true;
  };

  while (i < toks.length) {
    const t = toks[i]!;
    if (t.t === 'num') {
      const next = at(i + 1);
      if (!t.signed && next?.t === 'ch' && next.c === ':') {
        if (!time()) return false;
        continue;
      }
      if (!t.signed && next?.t === 'ch' && next.c === '/') {
        // m/d or m/d/y; y/m/d when the first number has 4+ digits
        const b = at(i + 2);
        if (b?.t !== 'num' || b.signed) return false;
        if (isCh(i + 3, '/') && at(i + 4)?.t === 'num') {
          const c = at(i + 4) as { v: number; digits: number };
          if (t.digits >= 4) [p.year, p.month, p.day] = [{ v: t.v, digits: t.digits }, b.v, c.v];
          else [p.month, p.day, p.year] = [t.v, b.v, { v: c.v, digits: c.digits }];
          i += 5;
        } else {
          [p.month, p.day] = [t.v, b.v];
          i += 3;
        }
        p.dates++;
        continue;
      }
      // ISO 8601: y-m-d (the lexer makes -m and -d signed numbers), then an optional T time
      const n2 = at(i + 1);
      const n3 = at(i + 2);
      if (!t.signed && n2?.t === 'num' && n2.signed && n2.v <= 0 && n3?.t === 'num' && n3.signed && n3.v <= 0) {
        p.year = { v: t.v, digits: t.digits };
        p.month = -n2.v;
        p.day = -n3.v;
        p.dates++;
        i += 3;
        if (word(i) === 't' && at(i + 1)?.t === 'num' && isCh(i + 2, ':')) {
          i++;
          if (!time()) return false;
        }
        continue;
      }
      // d month [y] and d-month-y (the lexer skipped the dashes)
      const mAt = i + 1;
      const mWord = word(mAt);
      const mon = mWord === undefined ? undefined : monthOf(mWord);
      if (!t.signed && mon !== undefined) {
        p.day = t.v;
        p.month = mon;
        i = mAt + 1;
        const y = at(i);
        if (y?.t === 'num' && (!y.signed || y.v < 0) && !isCh(i + 1, ':')) {
          p.year = { v: Math.abs(y.v), digits: y.digits };
          i++;
        }
        p.dates++;
        continue;
      }
      // N unit [ago], N weekday
      const w = word(i + 1);
      const unit = w === undefined ? undefined : unitOf(w);
      if (unit !== undefined) {
        i += 2;
        const sign = word(i) === 'ago' ? -1 : 1;
        if (sign < 0) i++;
        p.rel[unit[0]] += sign * t.v * unit[1];
        p.rels++;
        continue;
      }
      const mer = meridianAt(i + 1);
      if (!t.signed && mer !== undefined) {
        p.hour = t.v;
        p.minute = p.second = p.nanos = 0;
        p.meridian = mer;
        p.times++;
        i += 2;
        continue;
      }
      if (t.signed) {
        // a signed number after a zone is its offset (`utc+2`), handled there; alone, invalid
        return false;
      }
      // a bare number (digits_to_date_time)
      if (p.dates > 0 && p.year === undefined && p.rels === 0 && (p.times > 0 || t.digits > 2)) {
        p.year = { v: t.v, digits: t.digits };
      } else if (t.digits > 4) {
        p.day = t.v % 100;
        p.month = Math.floor(t.v / 100) % 100;
        p.year = { v: Math.floor(t.v / 10000), digits: t.digits - 4 };
        p.dates++;
      } else {
        p.hour = t.digits <= 2 ? t.v : Math.floor(t.v / 100);
        p.minute = t.digits <= 2 ? 0 : t.v % 100;
        p.second = p.nanos = 0;
        p.times++;
      }
      i++;
      continue;
    }
    if (t.t === 'word') {
      const w = t.w;
      const mon = monthOf(w);
      if (mon !== undefined) {
        // month d[,] [y]
        const d = at(i + 1);
        if (d?.t !== 'num' || d.signed) return false;
        p.month = mon;
        p.day = d.v;
        i += 2;
        const comma = isCh(i, ',') ? 1 : 0;
        const y = at(i + comma);
        if (y?.t === 'num' && !y.signed && !isCh(i + comma + 1, ':')) {
          p.year = { v: y.v, digits: y.digits };
          i += comma + 1;
        }
        p.dates++;
        continue;
      }
      if (SHIFTS[w] !== undefined) {
        p.rel.d += SHIFTS[w]!;
        p.rels++;
        i++;
        continue;
      }
      const ord = ORDINALS[w];
      if (ord !== undefined) {
        const nw = word(i + 1);
        const unit = nw === undefined ? undefined : unitOf(nw);
        if (unit !== undefined) {
          p.rel[unit[0]] += ord * unit[1];
          p.rels++;
          i += 2;
          if (word(i) === 'ago') return false;
          continue;
        }
        const day = nw === undefined ? undefined : dayOf(nw);
        if (day === undefined) return false;
        p.dayNumber = day;
        p.dayOrdinal = ord;
        p.days++;
        i += 2;
        continue;
      }
      const day = dayOf(w);
      if (day !== undefined) {
        p.dayNumber = day;
        p.dayOrdinal = 0;
        p.days++;
        i++;
        if (isCh(i, ',')) i++;
        continue;
      }
      const unit = unitOf(w);
      if (unit !== undefined) {
        i++;
        const sign = word(i) === 'ago' ? -1 : 1;
        if (sign < 0) i++;
        p.rel[unit[0]] += sign * unit[1];
        p.rels++;
        continue;
      }
      const zone = zoneOf(w);
      if (zone !== undefined) {
        i++;
        p.zone = zone;
        // `utc+2`, `gmt-03:30`: an offset from that zone (but `utc +1 day` is a relative item;
        // after a time of day GNU takes the number as its zone even then)
        const off = offsetOf(toks, i);
        const nextWord = off === undefined ? undefined : word(off.next);
        if (off !== undefined && (nextWord === undefined || (unitOf(nextWord) === undefined && nextWord !== 'ago'))) {
          p.zone += off.minutes;
          i = off.next;
        }
        p.zones++;
        continue;
      }
      return false;
    }
    return false;
  }
  return true;
}

function toYear(y: { v: number; digits: number }): number {
  if (y.digits === 2) return y.v < 69 ? 2000 + y.v : 1900 + y.v;
  return y.v;
}

/** milliseconds since the epoch, or null when GNU would say `invalid date format` */
export function parseDatetime(text: string, nowMs: number): number | null {
  const r = parseDatetimeNs(text, nowMs);
  return r === null ? null : r.sec * 1000 + r.nsec / 1e6;
}

export interface ParseOptions {
  /**
   * read local times in this zone (the shell's TZ, ./timezone.ts) rather than the host's; given
   * and undefined or empty: UTC
   */
  tz?: string | undefined;
  /** nanoseconds of now within its millisecond (%N of a relative date) */
  nowSubMsNs?: number;
}

/** a time: whole seconds since the epoch and nanoseconds (0 to 999999999) */
export interface Timespec {
  sec: number;
  nsec: number;
}

/** the same, to the nanosecond (`@1.5`, `10:30:05.123456789`); null when invalid */
export function parseDatetimeNs(text: string, nowMs: number, opts?: ParseOptions): Timespec | null {
  const epoch = /^\s*@\s*([+-]?)\s*(\d+)(?:[.,](\d+))?\s*$/.exec(text);
  if (epoch) {
    const whole = Number(epoch[2]);
    const nsec = epoch[3] === undefined ? 0 : Number(epoch[3].slice(0, 9).padEnd(9, '0'));
    // GNU truncates toward minus infinity: @-1.5 is 1.5 s before the epoch
    if (epoch[1] === '-') return nsec === 0 ? { sec: -whole, nsec: 0 } : { sec: -whole - 1, nsec: 1e9 - nsec };
    return { sec: whole, nsec };
  }
  const toks = lex(text);
  if (toks === null) return null;
  const p: Parsed = { hour: 0, minute: 0, second: 0, nanos: 0, dayOrdinal: 0, rel: { y: 0, m: 0, d: 0, s: 0 }, times: 0, dates: 0, days: 0, zones: 0, rels: 0 };
  if (!parseItems(toks, p)) return null;
  if (p.times > 1 || p.dates > 1 || p.days > 1 || p.zones > 1) return null;

  // local time: the host's (JS Date), or the zone `opts.tz` names
  const inTz = opts !== undefined && 'tz' in opts;
  const tz = opts?.tz;
  const zone = p.zone;
  const zoned = zone !== undefined;
  const wallFields = inTz || zoned;
  const nowOffset = zoned ? zone * 60 : inTz ? zoneAt(tz, Math.floor(nowMs / 1000)).offset : 0;
  const nowFields = new Date(nowMs + nowOffset * 1000);
  const get = wallFields
    ? {
        y: nowFields.getUTCFullYear(), m: nowFields.getUTCMonth() + 1, d: nowFields.getUTCDate(),
        H: nowFields.getUTCHours(), M: nowFields.getUTCMinutes(), S: nowFields.getUTCSeconds(), ms: nowFields.getUTCMilliseconds(),
      }
    : {
        y: nowFields.getFullYear(), m: nowFields.getMonth() + 1, d: nowFields.getDate(),
        H: nowFields.getHours(), M: nowFields.getMinutes(), S: nowFields.getSeconds(), ms: nowFields.getMilliseconds(),
      };
  const year = p.year === undefined ? get.y : toYear(p.year);
  const month = p.month ?? get.m;
  const day = p.day ?? get.d;
  let hour: number;
  let minute: number;
  let second: number;
  let nsec: number;
  if (p.times > 0) {
    hour = p.hour;
    if (p.meridian !== undefined) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (p.meridian === 'pm' ? 12 : 0);
    }
    [minute, second, nsec] = [p.minute, p.second, p.nanos];
  } else if (p.rels > 0 && p.dates === 0 && p.days === 0) {
    [hour, minute, second, nsec] = [get.H, get.M, get.S, get.ms * 1e6 + (opts?.nowSubMsNs ?? 0)];
  } else {
    [hour, minute, second, nsec] = [0, 0, 0, 0];
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;

  const make = (y: number, mo: number, d: number): number => {
    if (zoned) return Date.UTC(y, mo - 1, d, hour, minute, second) - zone * 60_000;
    if (inTz) return wallToEpochMs(Date.UTC(y, mo - 1, d, hour, minute, second), tz);
    return new Date(y, mo - 1, d, hour, minute, second).getTime();
  };
  // a day that does not exist (Feb 30) is invalid, as GNU's check of mktime's result
  const check = wallFields ? new Date(Date.UTC(year, month - 1, day)) : new Date(year, month - 1, day);
  if ((wallFields ? check.getUTCDate() : check.getDate()) !== day) return null;

  let d = day;
  if (p.days > 0 && p.dates === 0) {
    const wday = wallFields ? new Date(Date.UTC(year, month - 1, day)).getUTCDay() : new Date(year, month - 1, day).getDay();
    const n = p.dayNumber!; // parseItems counts a day only with its number
    d += ((n - wday + 7) % 7) + 7 * (p.dayOrdinal - (p.dayOrdinal > 0 && wday !== n ? 1 : 0));
  }
  const at = make(year + p.rel.y, month + p.rel.m, d + p.rel.d);
  if (Number.isNaN(at)) return null;
  return { sec: Math.floor(at / 1000) + p.rel.s, nsec };
}

/** the epoch time of a wall-clock time in zone tz (the later offset where a DST change repeats it) */
function wallToEpochMs(wallMs: number, tz: string | undefined): number {
  const off1 = zoneAt(tz, Math.floor(wallMs / 1000)).offset;
  const t = wallMs - off1 * 1000;
  const off2 = zoneAt(tz, Math.floor(t / 1000)).offset;
  return off2 === off1 ? t : wallMs - off2 * 1000;
}
