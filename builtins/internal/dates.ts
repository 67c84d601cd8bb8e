// The time stamps touch accepts. -t is POSIX's [[CC]YY]MMDDhhmm[.ss] in full. -d takes GNU's
// free-form dates (parse-datetime.ts); anything it cannot read is GNU's `invalid date format`.

import { parseDatetime } from '../../lib/time/parse-datetime.js';

/** milliseconds since the epoch, or null when the text is not a date GNU reads */
export function parseDateOption(text: string, nowMs: number): number | null {
  return parseDatetime(text, nowMs);
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
