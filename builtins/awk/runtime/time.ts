// strftime() and mktime() as gawk 5.2 with glibc in the C locale. The zone is the script's TZ
// (lib/time/timezone.ts: an IANA name or a POSIX rule), UTC when unset, never the host's.
//
// gawk's strftime: utc=true formats gmtime's broken-down time, whose %Z is "GMT"; local time in
// an unset or empty TZ is "UTC". glibc's conversion flags `_` `-` `0` `^` `#`, a field width, and
// the E and O modifiers (no-ops in the C locale) are handled here around lib/time/strftime.ts's
// conversions. Unknown conversions are copied as written (`%q`, `%+`).
//
// Zone abbreviations come from ICU (lib/time/timezone.ts): for times before 1970 or far in the
// future ICU has none and %Z prints "-05" where glibc's tzdata says "EST".
//
// gawk differences not reproduced: a time outside time_t's range makes gawk 5.2.1 return without
// popping its format argument (it prints the format and loses a neighbouring value from its
// stack); here the result is "" as gawk intends. The caller handles strftime("") (gawk returns "")
// and the default format when there are no arguments (DEFAULT_STRFTIME_FORMAT, or
// PROCINFO["strftime"]).

import { strftime as libStrftime } from '../../../lib/time/strftime.js';
import { zoneAt } from '../../../lib/time/timezone.js';

export const DEFAULT_STRFTIME_FORMAT = '%a %b %e %H:%M:%S %Z %Y';

/** conversions whose glibc default pad is a space (the others pad with zeros) */
const SPACE_PADDED = new Set(['e', 'k', 'l']);
/** numeric conversions: flags and widths pad them with zeros by default */
const NUMERIC = new Set(['C', 'd', 'e', 'g', 'G', 'H', 'I', 'j', 'k', 'l', 'm', 'M', 's', 'S', 'u', 'U', 'V', 'w', 'W', 'y', 'Y', 'z']);
const KNOWN = new Set('aAbBcCdDeFgGhHIjklmMnprRsStTuUVwWxXyYzZ%P'.split(''));

/** about the last second of year 2147485547, past which glibc cannot make a tm */
const TIME_T_LIMIT = 6.77680361916768e16;

/**
 * strftime(fmt, t, utc) with the zone TZ (undefined: UTC). t is truncated to whole seconds.
 */
export function strftime(fmt: string, t: number, utc: boolean, tz: string | undefined): string {
  if (fmt === '') return '';
  if (t !== t || t > TIME_T_LIMIT || t < -TIME_T_LIMIT) return '';
  const secs = Math.trunc(t);
  const zone = utc ? 'GMT0' : tz;
  let out = '';
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c !== '%' || i + 1 >= fmt.length) {
      out += c;
      continue;
    }
    let j = i + 1;
    let pad = '';
    let upper = false;
    let swap = false;
    while (j < fmt.length && '_-0^#'.includes(fmt[j]!)) {
      const f = fmt[j]!;
      if (f === '^') upper = true;
      else if (f === '#') swap = true;
      else pad = f;
      j++;
    }
    let width = -1;
    while (j < fmt.length && fmt[j]! >= '0' && fmt[j]! <= '9') {
      width = (width < 0 ? 0 : width * 10) + fmt.charCodeAt(j) - 48;
      j++;
    }
    while (j < fmt.length && (fmt[j] === 'E' || fmt[j] === 'O')) j++;
    if (j >= fmt.length) {
      out += fmt.slice(i);
      break;
    }
    const conv = fmt[j]!;
    if (!KNOWN.has(conv)) {
      out += fmt.slice(i, j + 1);
      i = j;
      continue;
    }
    let v: string;
    if (conv === '%') v = '%';
    else if (conv === 'Z' && utc) v = 'GMT';
    // glibc's %s is mktime() of the broken-down time: for gmtime's fields, read as local time
    else if (conv === 's' && utc) v = String(localFromWall(secs, tz, 0)); // gmtime's tm_isdst is 0
    else v = libStrftime('%' + conv, secs, zone);
    if (upper) v = v.toUpperCase();
    else if (swap) v = /[a-z]/.test(v) ? v.toUpperCase() : v.toLowerCase();
    v = applyPad(v, conv, pad, width);
    out += v;
    i = j;
  }
  return out;
}

function applyPad(v: string, conv: string, pad: string, width: number): string {
  const numeric = NUMERIC.has(conv);
  if (numeric && pad === '-') v = v.replace(/^([+-]?)[ 0]+(?=\d)/, '$1');
  else if (numeric && pad === '_') v = v.replace(/^([+-]?)(0+)(?=\d)/, (_m, s: string, z: string) => ' '.repeat(z.length) + s);
  else if (numeric && pad === '0') v = v.replace(/ /g, '0');
  if (width > v.length) {
    // `-` drops a number's own padding, but a width still pads, with spaces
    const fill = pad === '_' || pad === '-' || (!numeric && pad !== '0') || (SPACE_PADDED.has(conv) && pad !== '0') ? ' ' : '0';
    const sign = numeric && fill === '0' && (v[0] === '+' || v[0] === '-') ? v[0] : '';
    return sign + fill.repeat(width - v.length) + v.slice(sign.length);
  }
  return v;
}

/** the zone's offset east of UTC at an instant, in seconds */
function offsetAt(tz: string | undefined, secs: number): number {
  return zoneAt(tz, secs).offset;
}

/**
 * mktime("YYYY MM DD HH MM SS [DST]", utc) as gawk: sscanf's integers (at least six, else -1),
 * out-of-range fields normalised as mktime(3) does (month 13 is January next year), local time
 * in TZ unless utc. DST 1 or 0 forces the zone's daylight or standard offset; -1 (the default)
 * lets the zone decide, a time in a spring-forward gap taking the offset before the change.
 */
export function mktime(spec: string, utc: boolean, tz: string | undefined): number {
  const m = /^\s*([+-]?\d+)\s+([+-]?\d+)\s+([+-]?\d+)\s+([+-]?\d+)\s+([+-]?\d+)\s+([+-]?\d+)(?:\s+([+-]?\d+))?/.exec(spec);
  if (!m) return -1;
  const n = m.slice(1, 8).map((x) => (x === undefined ? undefined : Number(x)));
  const [year, month, day, hour, minute, second] = n as number[];
  const dst = n[6] ?? -1;
  if (![year, month, day, hour, minute, second].every((x) => Number.isSafeInteger(x))) return -1;
  // month 13 is January of the next year; days, hours… past their range simply add up
  const y = year! + Math.floor((month! - 1) / 12);
  const mo = (((month! - 1) % 12) + 12) % 12 + 1;
  const days = daysFromCivil(y, mo, 1) + (day! - 1);
  const wall = days * 86400 + hour! * 3600 + minute! * 60 + second!;
  if (utc) return wall;
  return localFromWall(wall, tz, dst);
}

/** mktime(3) of wall-clock fields (given as seconds as if UTC) in zone tz */
function localFromWall(wall: number, tz: string | undefined, dst: number): number {
  if (dst > 0 && (tz === undefined || tz === '')) return wall - 3600;
  if (tz === undefined || tz === '') return wall;
  if (dst !== -1) {
    const y = new Date(wall * 1000).getUTCFullYear();
    const a = offsetAt(tz, Date.UTC(y, 0, 1) / 1000);
    const b = offsetAt(tz, Date.UTC(y, 6, 1) / 1000);
    // glibc: DST asked of a zone without it is the standard offset plus an hour
    const off = dst > 0 ? (a === b ? a + 3600 : Math.max(a, b)) : Math.min(a, b);
    return wall - off;
  }
  // the offsets in force around that wall time; each gives a candidate instant, kept if the
  // zone agrees with that offset there
  const offsets = [...new Set([offsetAt(tz, wall - 86400), offsetAt(tz, wall), offsetAt(tz, wall + 86400)])];
  let best: number | undefined;
  let bestOff = 0;
  for (const o of offsets) {
    const t = wall - o;
    // a time repeated when clocks go back: glibc takes the standard (smaller) offset
    if (offsetAt(tz, t) === o && (best === undefined || o < bestOff)) {
      best = t;
      bestOff = o;
    }
  }
  if (best !== undefined) return best;
  // in a gap when clocks go forward: the offset in force before the change
  const earliest = Math.min(...offsets.map((o) => wall - o));
  return wall - offsetAt(tz, earliest);
}

/** days from 1970-01-01 to y-m-d (proleptic Gregorian; Hinnant's days_from_civil) */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
