// strftime in the C locale, as glibc's (printf's `%(fmt)T`, prompts, find -printf) and as gnulib's
// nstrftime (GNU date: `gnu: true` adds %N, %q and %:z %::z %:::z). Both read the flags
// `_ - 0 + ^ #`, a field width and the E/O modifiers, with gnulib's padding rules: numbers pad
// with zeros (%e %k %l with spaces), words with spaces, `-` never pads, `_` pads with spaces,
// `0`/`+` with zeros, `+` adds a sign to a year wider than 4 digits or its field; an unknown or
// malformed conversion is copied as written (padded to its width). The zone is the shell's
// exported TZ when the caller passes it (./timezone.ts), else UTC: builtins never read the host's.

import { zoneAt, type Zone } from './timezone.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** broken-down time: the wall clock of a zone */
interface Tm {
  year: number;
  /** 0-11 */
  mon: number;
  mday: number;
  hour: number;
  min: number;
  sec: number;
  /** 0 = Sunday */
  wday: number;
  /** 0-365 */
  yday: number;
  /** seconds since the epoch (%s) */
  secs: number;
  /** nanoseconds (%N) */
  ns: number;
  zone: Zone;
}

export interface StrftimeOptions {
  /** gnulib's extensions (GNU date): %N, %q, %:z, %::z, %:::z */
  gnu?: boolean;
  /** nanoseconds within the second, for %N */
  nanos?: number;
}

function brokenDown(secs: number, z: Zone, ns: number): Tm {
  // the UTC getters of a date shifted by the zone's offset read the local wall clock
  const d = new Date((secs + z.offset) * 1000);
  const year = d.getUTCFullYear();
  const yday = Math.floor((Date.UTC(year, d.getUTCMonth(), d.getUTCDate()) - Date.UTC(year, 0, 1)) / 86400000);
  return {
    year, mon: d.getUTCMonth(), mday: d.getUTCDate(), hour: d.getUTCHours(), min: d.getUTCMinutes(), sec: d.getUTCSeconds(),
    wday: d.getUTCDay(), yday, secs, ns, zone: z,
  };
}

/**
 * format seconds since the epoch in zone TZ (undefined: UTC); an empty format is `%X` as in bash
 * (glibc's conversions unless `gnu`)
 */
export function strftime(fmt: string, secs: number, tz?: string, opts: StrftimeOptions = {}): string {
  if (fmt === '' && opts.gnu !== true) fmt = '%X';
  const whole = Math.floor(secs);
  const z = zoneAt(tz, whole);
  return render(fmt, brokenDown(whole, z, opts.nanos ?? 0), opts.gnu === true, false, 0, -1);
}

const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** days from the first day of the first ISO week of the year to yday (gnulib's iso_week_days) */
function isoWeekDays(yday: number, wday: number): number {
  const big = (Math.trunc(366 / 7) + 2) * 7;
  return yday - ((yday - wday + 4 + big) % 7) + 3;
}

function isoWeek(tm: Tm): { days: number; yearAdjust: number } {
  const days = isoWeekDays(tm.yday, tm.wday);
  if (days < 0) return { days: isoWeekDays(tm.yday + 365 + (isLeap(tm.year - 1) ? 1 : 0), tm.wday), yearAdjust: -1 };
  const d = isoWeekDays(tm.yday - (365 + (isLeap(tm.year) ? 1 : 0)), tm.wday);
  if (d >= 0) return { days: d, yearAdjust: 1 };
  return { days, yearAdjust: 0 };
}

/** pad `s` to `width` (gnulib's width_add): zeros for `0`/`+`, none for `-`, else spaces */
function padTo(s: string, width: number, pad: string): string {
  if (pad === '-' || width <= s.length) return s;
  return (pad === '0' || pad === '+' ? '0' : ' ').repeat(width - s.length) + s;
}

/** a number as gnulib's do_number_sign_and_padding writes it */
function numberField(value: number, digits: number, pad: string, width: number, sign: '' | '-' | '+', body?: string): string {
  const num = body ?? String(Math.abs(value));
  const p = pad === '' ? '0' : pad;
  const w = width < 0 ? digits : width;
  if (sign === '') return padTo(num, w, p);
  const shortage = w - 1 - num.length;
  const padding = p === '-' || shortage <= 0 ? 0 : shortage;
  if (p === '_') return ' '.repeat(padding) + sign + num;
  return sign + padTo(num, w - 1, p);
}

type Case = { up: boolean; low: boolean };

function render(fmt: string, tm: Tm, gnu: boolean, upcase: boolean, yrSpec: number | string, outerWidth: number): string {
  let out = '';
  let width = outerWidth;
  for (let i = 0; i < fmt.length; i++, width = -1) {
    const c = fmt[i]!;
    if (c !== '%') {
      out += padTo(c, width, '');
      continue;
    }
    const start = i;
    let pad = '';
    const cs: Case = { up: upcase, low: false };
    let changeCase = false;
    let j = i + 1;
    for (; j < fmt.length; j++) {
      const f = fmt[j]!;
      if (f === '_' || f === '-' || f === '+' || f === '0') pad = f;
      else if (f === '^') cs.up = true;
      else if (f === '#') changeCase = true;
      else break;
    }
    if (j < fmt.length && fmt[j]! >= '0' && fmt[j]! <= '9') {
      width = 0;
      while (j < fmt.length && fmt[j]! >= '0' && fmt[j]! <= '9') {
        width = Math.min(width * 10 + (fmt.charCodeAt(j) - 48), 0x7fffffff);
        j++;
      }
    }
    let modifier = '';
    if (fmt[j] === 'E' || fmt[j] === 'O') modifier = fmt[j++]!;
    i = j;
    const conv = fmt[j];
    const bad = (): string => {
      // the conversion as written, from its '%' (a '%' at the very end is itself)
      const text = conv === undefined ? fmt.slice(start) : fmt.slice(start, j + 1);
      if (conv === undefined) i = fmt.length - 1;
      return padTo(text, width, pad);
    };
    /** what width_add pads a conversion's text with */
    const padc = pad === '0' || pad === '+' || pad === '-' ? pad : '';
    const word = (s: string, toUpper: boolean, toLower: boolean): string => {
      let up = cs.up;
      let low = toLower;
      if (changeCase) {
        if (toUpper) {
          up = true;
          low = false;
        } else {
          up = false;
          low = true;
        }
      }
      const t = low ? s.toLowerCase() : up ? s.toUpperCase() : s;
      return padTo(t, width, padc);
    };
    const num = (digits: number, v: number): string => numberField(v, digits, pad, width, v < 0 ? '-' : '');
    const spaceNum = (digits: number, v: number): string => numberField(v, digits, pad === '' ? '_' : pad, width, '');
    const yearish = (digits: number, v: number): string => {
      const p = pad === '' ? (yrSpec === 0 ? '' : String(yrSpec)) : pad;
      const sign = v < 0 ? '-' : p === '+' && ((digits === 2 ? 99 : 9999) < v || digits < width) ? '+' : '';
      return numberField(v, digits, p, width, sign);
    };
    const sub = (f: string): string => padTo(render(f, tm, gnu, cs.up, pad === '' ? 0 : pad, -1), width, padc);
    const noE = modifier === 'E';
    const hour12 = tm.hour % 12 || 12;
    switch (conv) {
      case '%':
        // coreutils 9.1: `%%` with any flag, width or modifier is copied as written
        // (padded to one more than its width)
        out += j !== start + 1 ? padTo(fmt.slice(start, j + 1), width < 0 ? width : width + 1, padc === '-' ? '-' : '') : '%';
        break;
      case 'a':
        out += modifier !== '' ? bad() : word(DAYS[tm.wday]!.slice(0, 3), true, false);
        break;
      case 'A':
        out += modifier !== '' ? bad() : word(DAYS[tm.wday]!, true, false);
        break;
      case 'b':
      case 'h':
        out += noE ? bad() : word(MONTHS[tm.mon]!.slice(0, 3), true, false);
        break;
      case 'B':
        out += noE ? bad() : word(MONTHS[tm.mon]!, true, false);
        break;
      case 'c':
        out += modifier === 'O' ? bad() : sub('%a %b %e %H:%M:%S %Y');
        break;
      case 'C': {
        const century = Math.floor(tm.year / 100);
        out += yearish(2, century);
        break;
      }
      case 'x':
        out += modifier === 'O' ? bad() : sub('%m/%d/%y');
        break;
      case 'D':
        out += modifier !== '' ? bad() : sub('%m/%d/%y');
        break;
      case 'd':
        out += noE ? bad() : num(2, tm.mday);
        break;
      case 'e':
        out += noE ? bad() : spaceNum(2, tm.mday);
        break;
      case 'F': {
        if (modifier !== '') {
          out += bad();
          break;
        }
        // the year gets what the width leaves for it; bare, a sign past 9999 (gnulib's yr_spec)
        const bare = pad === '' && width < 0;
        out += padTo(render('%Y-%m-%d', tm, gnu, cs.up, bare ? '+' : pad === '' ? 0 : pad, bare ? 4 : Math.max(width - 6, 0)), width, padc);
        break;
      }
      case 'H':
        out += noE ? bad() : num(2, tm.hour);
        break;
      case 'I':
        out += noE ? bad() : num(2, hour12);
        break;
      case 'k':
        out += noE ? bad() : spaceNum(2, tm.hour);
        break;
      case 'l':
        out += noE ? bad() : spaceNum(2, hour12);
        break;
      case 'j':
        out += noE ? bad() : num(3, tm.yday + 1);
        break;
      case 'M':
        out += noE ? bad() : num(2, tm.min);
        break;
      case 'm':
        out += noE ? bad() : num(2, tm.mon + 1);
        break;
      case 'N':
        out += !gnu || noE ? bad() : nanos(tm.ns, pad, width);
        break;
      case 'n':
        out += padTo('\n', width, padc);
        break;
      case 'P':
        out += word(tm.hour < 12 ? 'am' : 'pm', false, true);
        break;
      case 'p':
        out += word(tm.hour < 12 ? 'AM' : 'PM', false, false);
        break;
      case 'q':
        out += gnu ? num(1, ((tm.mon * 11) >> 5) + 1) : bad();
        break;
      case 'R':
        out += sub('%H:%M');
        break;
      case 'r':
        out += sub('%I:%M:%S %p');
        break;
      case 'S':
        out += noE ? bad() : num(2, tm.sec);
        break;
      case 's':
        out += numberField(tm.secs, 1, pad, width, tm.secs < 0 ? '-' : '');
        break;
      case 'X':
        out += modifier === 'O' ? bad() : sub('%H:%M:%S');
        break;
      case 'T':
        out += sub('%H:%M:%S');
        break;
      case 't':
        out += padTo('\t', width, padc);
        break;
      case 'u':
        out += num(1, ((tm.wday + 6) % 7) + 1);
        break;
      case 'U':
        out += noE ? bad() : num(2, Math.floor((tm.yday - tm.wday + 7) / 7));
        break;
      case 'V':
      case 'g':
      case 'G': {
        if (noE) {
          out += bad();
          break;
        }
        const w = isoWeek(tm);
        if (conv === 'V') out += num(2, Math.floor(w.days / 7) + 1);
        else if (conv === 'g') out += yearish(2, (((tm.year % 100) + w.yearAdjust) % 100 + 100) % 100);
        else out += yearish(4, tm.year + w.yearAdjust);
        break;
      }
      case 'W':
        out += noE ? bad() : num(2, Math.floor((tm.yday - ((tm.wday + 6) % 7) + 7) / 7));
        break;
      case 'w':
        out += noE ? bad() : num(1, tm.wday);
        break;
      case 'Y':
        out += modifier === 'O' ? bad() : yearish(4, tm.year);
        break;
      case 'y':
        out += yearish(2, ((tm.year % 100) + 100) % 100);
        break;
      case 'Z':
        out += word(tm.zone.abbrev, false, changeCase);
        break;
      case ':': {
        if (!gnu) {
          out += bad();
          break;
        }
        let colons = 1;
        while (fmt[j + colons] === ':') colons++;
        if (fmt[j + colons] !== 'z' || colons > 3) {
          // gnulib copies the conversion up to the first character that is no ':'
          const end = fmt[j + colons] === 'z' ? j + colons : j;
          i = end;
          out += padTo(fmt.slice(start, end + 1), width, pad);
          break;
        }
        i = j + colons;
        out += zoneOffset(tm.zone.offset, colons, pad, width);
        break;
      }
      case 'z':
        out += zoneOffset(tm.zone.offset, 0, pad, width);
        break;
      default:
        out += bad();
    }
  }
  return out;
}

/** %N: the first `width` digits (9 by default) of the nanoseconds, GNU date's way */
function nanos(ns: number, pad: string, width: number): string {
  const digits = String(Math.trunc(ns)).padStart(9, '0');
  if (width <= 0) {
    // coreutils 9.1: `%-N` keeps all nine digits; `%_N` turns the trailing zeros into spaces
    if (pad === '_') return padRight(digits.replace(/0+$/, '') || '0', 9, ' ');
    return digits;
  }
  const kept = digits.slice(0, Math.min(width, 9));
  const trimmed = kept.replace(/0+$/, '') || '0';
  if (pad === '-') return trimmed;
  return padRight(trimmed, width, pad === '_' ? ' ' : '0');
}

function padRight(s: string, width: number, ch: string): string {
  return s.length >= width ? s : s + ch.repeat(width - s.length);
}

/** %z and the colon forms: +hhmm, +hh:mm, +hh:mm:ss, and the shortest of those (%:::z) */
function zoneOffset(offset: number, colons: number, pad: string, width: number): string {
  const a = Math.abs(offset);
  const h = Math.floor(a / 3600);
  const m = Math.floor((a % 3600) / 60);
  const s = a % 60;
  let kind = colons;
  if (kind === 3) kind = s !== 0 ? 2 : m !== 0 ? 1 : 3;
  let value: number;
  let digits: number;
  let mask: number;
  if (kind === 0) [value, digits, mask] = [h * 100 + m, 5, 0];
  else if (kind === 1) [value, digits, mask] = [h * 100 + m, 6, 0o4];
  else if (kind === 2) [value, digits, mask] = [h * 10000 + m * 100 + s, 9, 0o24];
  else [value, digits, mask] = [h, 3, 0];
  // gnulib's digit loop: a ':' before the i'th digit from the right where the mask's bit is set
  let body = '';
  let v = value;
  do {
    if (mask & 1) body = ':' + body;
    mask >>= 1;
    body = String(v % 10) + body;
    v = Math.floor(v / 10);
  } while (v !== 0 || mask !== 0);
  return numberField(value, digits, pad, width, offset < 0 ? '-' : '+', body);
}
