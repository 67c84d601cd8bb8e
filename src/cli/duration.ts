// Go-style durations for --timeout: parsed like time.ParseDuration ("100ms", "5s", "1m30s", "1.5h")
// and printed like time.Duration.String() ("5s", "1m0s", "100ms": src/interp/run-messages.ts, which
// the library's timeout message uses too), so it reads exactly as Go rshell's.

const UNIT_NS: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  'µs': 1e3, // U+00B5 micro sign
  'μs': 1e3, // U+03BC Greek mu
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/** nanoseconds, or an error message in Go's wording */
export function parseDuration(text: string): { ok: true; ns: number } | { ok: false; error: string } {
  const bad = { ok: false as const, error: `time: invalid duration "${text}"` };
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return { ok: true, ns: 0 };
  if (s === '') return bad;
  let total = 0;
  // µ and μ (micro sign, Greek mu) written as escapes: one non-ASCII character would make V8 hold
  // the whole CLI core as a two-byte string (read, transcoded and scanned at twice the size)
  const component = /^(\d*\.?\d*)([a-z\u00b5\u03bc]*)/;
  while (s !== '') {
    const m = component.exec(s);
    if (!m || m[1] === '' || m[1] === '.') return bad;
    if (m[2] === '') return { ok: false, error: `time: missing unit in duration "${text}"` };
    const unit = UNIT_NS[m[2]!];
    if (unit === undefined) return { ok: false, error: `time: unknown unit "${m[2]}" in duration "${text}"` };
    total += Number(m[1]) * unit;
    s = s.slice(m[0].length);
  }
  return { ok: true, ns: sign * Math.round(total) };
}

export { formatDuration } from '../interp/run-messages.js';
