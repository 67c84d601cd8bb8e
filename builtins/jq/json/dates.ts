// jq 1.7.1's date builtins (builtin.c: f_strptime, f_mktime, f_gmtime, f_localtime,
// f_strftime, f_strflocaltime) with its messages. "Broken down time" is jq's array
// [year, month 0-11, mday, hours, minutes, seconds (may be fractional), wday, yday].
// Rendering reuses lib/time (C-locale strftime, zones from Intl); "local" is the zone the
// script's TZ names (UTC when unset), never the host's.
import { strftime as renderTime } from '../../../lib/time/strftime.js';
import { zoneAt } from '../../../lib/time/timezone.js';
import { JqError, type Json, LiteralNumber } from '../value.js';

function num(v: Json): number | undefined {
  if (typeof v === 'number') return v;
  return v instanceof LiteralNumber ? v.value : undefined;
}

/** C's double → int conversion (toward zero) as jv2tm and `time_t secs = fsecs` do it */
function cint(x: number): number {
  return Math.trunc(x);
}

/** timegm of possibly denormalised fields (mday 0, month 13 …), as the C library normalises */
function timegm(year: number, mon: number, mday: number, h: number, m: number, s: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, mon, mday);
  d.setUTCHours(h, m, s, 0);
  return d.getTime() / 1000;
}

function brokenDown(secs: number, frac: number, offset: number): Json[] {
  const d = new Date((secs + offset) * 1000);
  if (Number.isNaN(d.getTime())) {
    throw new JqError('error converting number of seconds since epoch to datetime');
  }
  const year = d.getUTCFullYear();
  const yday = Math.floor((Date.UTC(year, d.getUTCMonth(), d.getUTCDate()) - Date.UTC(year, 0, 1)) / 86400000);
  return [year, d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds() + frac, d.getUTCDay(), yday];
}

/** `gmtime`: seconds since the epoch to broken down time in UTC */
export function gmtime(v: Json): Json {
  const f = num(v);
  if (f === undefined) throw new JqError('gmtime() requires numeric inputs');
  const secs = cint(f);
  // jq adds the fraction of floor(), not of the truncation: -1.5 is 23:59:59.5
  return brokenDown(secs, f - Math.floor(f), 0);
}

/** `localtime`: as gmtime, in the zone TZ names */
export function localtime(v: Json, tz?: string): Json {
  const f = num(v);
  if (f === undefined) throw new JqError('localtime() requires numeric inputs');
  const secs = cint(f);
  const offset = Number.isFinite(secs) ? zoneAt(tz, secs).offset : 0;
  return brokenDown(secs, f - Math.floor(f), offset);
}

/** jv2tm: the first eight elements must be numbers */
function fields(v: Json[]): number[] | undefined {
  const out: number[] = [];
  for (let i = 0; i < 8; i++) {
    const n = i < v.length ? num(v[i] as Json) : undefined;
    if (n === undefined) return undefined;
    out.push(cint(n));
  }
  return out;
}

/** `mktime`: broken down time (UTC) to whole seconds since the epoch */
export function mktime(v: Json): number {
  if (!Array.isArray(v)) throw new JqError('mktime requires array inputs');
  if (v.length < 6) throw new JqError('mktime requires parsed datetime inputs');
  const f = fields(v);
  if (f === undefined) throw new JqError('mktime requires parsed datetime inputs');
  const t = timegm((f[0] as number), f[1] as number, f[2] as number, f[3] as number, f[4] as number, f[5] as number);
  // -1 is timegm's error value: jq reports it even for 1969-12-31T23:59:59
  if (!Number.isFinite(t) || t === -1) throw new JqError('invalid gmtime representation');
  return t;
}

/**
 * `strftime(fmt)` (local false) and `strflocaltime(fmt)` (local true): a number is first broken
 * down (gmtime/localtime). `%z` is `+0000` as in jq, whose struct tm carries no offset.
 */
export function strftime(v: Json, fmt: Json, local: boolean, tz?: string): string {
  const name = local ? 'strflocaltime/1' : 'strftime/1';
  let a = v;
  if (num(a) !== undefined) a = local ? localtime(a, tz) : gmtime(a);
  else if (!Array.isArray(a)) throw new JqError(`${name} requires parsed datetime inputs`);
  if (typeof fmt !== 'string') throw new JqError(`${name} requires a string format`);
  const f = fields(a as Json[]);
  if (f === undefined) throw new JqError(`${name} requires parsed datetime inputs`);
  if (fmt === '') throw new JqError(`${name}: unknown system failure`);
  let secs = timegm(f[0] as number, f[1] as number, f[2] as number, f[3] as number, f[4] as number, f[5] as number);
  if (!Number.isFinite(secs)) throw new JqError(`${name}: unknown system failure`);
  const zoned = local && tz !== undefined && tz !== '';
  if (zoned) secs -= zoneAt(tz, secs).offset;
  const out = renderTime(fmt.replace(/%(%|z)/g, (m, c) => (c === 'z' ? '+0000' : m)), secs, zoned ? tz : undefined);
  if (out === '') throw new JqError(`${name}: unknown system failure`);
  return out;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

interface Tm {
  year: number;
  mon: number;
  mday: number;
  hour: number;
  min: number;
  sec: number;
  wday: number;
  yday: number;
  pm: boolean | undefined;
  hour12: boolean;
}

const SPACE = /\s/;

/** matches one name (full or three-letter) from `names` at s[i], case-insensitively */
function matchName(s: string, i: number, names: string[]): [number, number] | undefined {
  const rest = s.slice(i).toLowerCase();
  for (let k = 0; k < names.length; k++) {
    const full = names[k] as string;
    if (rest.startsWith(full)) return [k, full.length];
  }
  for (let k = 0; k < names.length; k++) {
    if (rest.startsWith((names[k] as string).slice(0, 3))) return [k, 3];
  }
  return undefined;
}

/** glibc-style strptime of the conversions jq scripts use; the index past the match or -1 */
function parseInto(s: string, fmt: string, tm: Tm): number {
  let i = 0;
  const number = (maxDigits: number, min: number, max: number, signed = false): number | undefined => {
    while (i < s.length && SPACE.test(s[i] as string)) i++;
    let j = i;
    if (signed && (s[j] === '-' || s[j] === '+')) j++;
    const start = j;
    while (j < s.length && j - start < maxDigits && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    if (j === start) return undefined;
    const n = Number(s.slice(i, j));
    if (n < min || n > max) return undefined;
    i = j;
    return n;
  };
  for (let k = 0; k < fmt.length; k++) {
    const c = fmt[k] as string;
    if (SPACE.test(c)) {
      while (i < s.length && SPACE.test(s[i] as string)) i++;
      continue;
    }
    if (c !== '%' || k + 1 >= fmt.length) {
      if (s[i] !== c) return -1;
      i++;
      continue;
    }
    const conv = fmt[++k] as string;
    let n: number | undefined;
    switch (conv) {
      case '%':
        if (s[i] !== '%') return -1;
        i++;
        break;
      case 'Y':
        n = number(4, 0, 9999, true);
        if (n === undefined) return -1;
        tm.year = n;
        break;
      case 'C':
        n = number(2, 0, 99);
        if (n === undefined) return -1;
        tm.year = n * 100 + (tm.year % 100);
        break;
      case 'y':
        n = number(2, 0, 99);
        if (n === undefined) return -1;
        tm.year = n < 69 ? 2000 + n : 1900 + n;
        break;
      case 'm':
        n = number(2, 1, 12);
        if (n === undefined) return -1;
        tm.mon = n - 1;
        break;
      case 'd':
      case 'e':
        n = number(2, 1, 31);
        if (n === undefined) return -1;
        tm.mday = n;
        break;
      case 'H':
      case 'k':
        n = number(2, 0, 23);
        if (n === undefined) return -1;
        tm.hour = n;
        tm.hour12 = false;
        break;
      case 'I':
      case 'l':
        n = number(2, 1, 12);
        if (n === undefined) return -1;
        tm.hour = n % 12;
        tm.hour12 = true;
        break;
      case 'M':
        n = number(2, 0, 59);
        if (n === undefined) return -1;
        tm.min = n;
        break;
      case 'S':
        n = number(2, 0, 61);
        if (n === undefined) return -1;
        tm.sec = n;
        break;
      case 'j':
        n = number(3, 1, 366);
        if (n === undefined) return -1;
        tm.yday = n - 1;
        break;
      case 's': {
        n = number(20, -Infinity, Infinity, true);
        if (n === undefined) return -1;
        const d = new Date(n * 1000);
        if (Number.isNaN(d.getTime())) return -1;
        tm.year = d.getUTCFullYear();
        tm.mon = d.getUTCMonth();
        tm.mday = d.getUTCDate();
        tm.hour = d.getUTCHours();
        tm.min = d.getUTCMinutes();
        tm.sec = d.getUTCSeconds();
        break;
      }
      case 'b':
      case 'B':
      case 'h': {
        const m = matchName(s, i, MONTHS);
        if (m === undefined) return -1;
        tm.mon = m[0];
        i += m[1];
        break;
      }
      case 'a':
      case 'A': {
        const m = matchName(s, i, DAYS);
        if (m === undefined) return -1;
        tm.wday = m[0];
        i += m[1];
        break;
      }
      case 'p': {
        const ap = s.slice(i, i + 2).toUpperCase();
        if (ap !== 'AM' && ap !== 'PM') return -1;
        tm.pm = ap === 'PM';
        i += 2;
        break;
      }
      case 'z': {
        while (i < s.length && SPACE.test(s[i] as string)) i++;
        if (s[i] === 'Z') {
          i++;
          break;
        }
        const m = /^[+-]\d{2}(?::?\d{2})?/.exec(s.slice(i));
        if (m === null) return -1;
        i += m[0].length;
        break;
      }
      case 'Z':
        while (i < s.length && /[A-Za-z]/.test(s[i] as string)) i++;
        break;
      case 'n':
      case 't':
        while (i < s.length && SPACE.test(s[i] as string)) i++;
        break;
      case 'T':
      case 'D':
      case 'F':
      case 'R': {
        const sub = { T: '%H:%M:%S', D: '%m/%d/%y', F: '%Y-%m-%d', R: '%H:%M' }[conv];
        const r = parseInto(s.slice(i), sub, tm);
        if (r < 0) return -1;
        i += r;
        break;
      }
      default:
        return -1;
    }
  }
  return i;
}

/** `strptime(fmt)`: a string to broken down time; trailing whitespace is kept as a 9th element */
export function strptime(s: Json, fmt: Json): Json {
  if (typeof s !== 'string' || typeof fmt !== 'string') {
    throw new JqError('strptime/1 requires string inputs and arguments');
  }
  const tm: Tm = { year: 1900, mon: 0, mday: 0, hour: 0, min: 0, sec: 0, wday: 8, yday: 367, pm: undefined, hour12: false };
  const end = parseInto(s, fmt, tm);
  if (end < 0 || (end < s.length && !SPACE.test(s[end] as string))) {
    throw new JqError(`date "${s}" does not match format "${fmt}"`);
  }
  if (tm.hour12 && tm.pm === true) tm.hour += 12;
  if (tm.mday !== 0 && tm.mon >= 0 && tm.mon <= 11) {
    const t = Date.UTC(2000, tm.mon, tm.mday);
    const d = new Date(t);
    d.setUTCFullYear(tm.year, tm.mon, tm.mday);
    tm.wday = d.getUTCDay();
    tm.yday = Math.round((d.getTime() - new Date(0).setUTCFullYear(tm.year, 0, 1)) / 86400000);
  }
  const out: Json[] = [tm.year, tm.mon, tm.mday, tm.hour, tm.min, tm.sec, tm.wday, tm.yday];
  if (end < s.length) out.push(s.slice(end));
  return out;
}
