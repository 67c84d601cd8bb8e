// The printf engine (bash 5.2 builtin semantics). The `printf` builtin handles -v and `--`.
//
//   formatPrintf(format, args, opts?) → { output, errors, status }
//
// - Conversions: %s %b %q %Q %c %d %i %o %u %x %X %e %E %f %F %g %G %a %A %(fmt)T %n %%; flags
//   `- + space 0 #`, width and precision (digits or `*`), length modifiers (h l L j z t) ignored.
// - The format is reused while arguments remain and a pass consumed some; missing arguments are
//   '' or 0.
// - `errors` holds bash's messages without the `printf: ` prefix (`abc: invalid number`,
//   `` `y': invalid format character ``, `warning: …: Numerical result out of range`); status is 1
//   after an invalid number or format. An invalid format character stops output there; so does
//   `\c` inside a %b argument.
// - Widths count bytes (C locale), so `%5s é` pads with three spaces.
// - `output` is a shell string (surrogateescape for raw bytes); the builtin encodes it.
// - `%n NAME` stores the bytes printed so far in this pass of the format into NAME (bash 5.2);
//   the builtin performs the assignments.

import { decode, encode } from '../io/encoding.js';
import { byteChar, decodeBArg, decodePrintfFormatEscape, type EscapeOptions } from '../text/escapes.js';
import {
  decimalOfDouble, formatExp, formatFixed, formatGeneral, formatHexFloat, isNegative, parseFloatArg, parseIntArg, type Decimal,
} from './numbers.js';
import { shellQuote } from './shell-quote.js';
import { strftime } from '../time/strftime.js';

export interface PrintfOptions extends EscapeOptions {
  /** current time in seconds (for %(fmt)T with no argument or -1) */
  now?: () => number;
  /** shell start time in seconds (for %(fmt)T with -2) */
  startTime?: number;
  /** the exported TZ, for %(fmt)T (unset: UTC) */
  tz?: string;
}

/** bash formats %(fmt)T into a 128-byte buffer: a longer result prints nothing */
const STRFTIME_BUFFER_BYTES = 128;

export interface PrintfResult {
  output: string;
  errors: string[];
  status: number;
  /** `%n NAME`: variables to set to the byte count printed so far in that pass of the format */
  assignments: [string, string][];
}

interface Spec {
  left: boolean;
  plus: boolean;
  space: boolean;
  zero: boolean;
  alt: boolean;
  width: number;
  prec: number | undefined;
  /** how the precision was written: `.*`, `.` alone or `.N` (%Q treats each its own way) */
  precForm?: 'star' | 'empty' | 'digits';
}

/** byte length of a shell string in UTF-8 (surrogateescape characters are one byte) */
function byteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else if (c >= 0xdc80 && c <= 0xdcff) n += 1;
    else n += 3;
  }
  return n;
}

/** cut to at most `max` bytes without splitting a character */
/** the first `max` bytes, as bash (C locale): a character cut in the middle leaves its raw bytes */
function truncateBytes(s: string, max: number): string {
  if (s.length <= max && byteLength(s) <= max) return s;
  return decode(encode(s).subarray(0, max));
}

function pad(s: string, spec: Spec): string {
  const n = spec.width - byteLength(s);
  if (n <= 0) return s;
  return spec.left ? s + ' '.repeat(n) : ' '.repeat(n) + s;
}

/** sign/prefix + digits with zero padding between them when the 0 flag applies */
function padNumber(prefix: string, digits: string, spec: Spec, zeroOk: boolean): string {
  if (spec.zero && !spec.left && zeroOk) {
    const n = spec.width - prefix.length - digits.length;
    if (n > 0) return prefix + '0'.repeat(n) + digits;
  }
  return pad(prefix + digits, spec);
}

const UINT64 = 1n << 64n;

function signPrefix(neg: boolean, spec: Spec): string {
  return neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
}

function formatSigned(v: bigint, spec: Spec): string {
  const neg = v < 0n;
  let digits = (neg ? -v : v).toString();
  if (spec.prec !== undefined) digits = spec.prec === 0 && v === 0n ? '' : digits.padStart(spec.prec, '0');
  return padNumber(signPrefix(neg, spec), digits, spec, spec.prec === undefined);
}

const RADIX: Record<string, number> = { o: 8, u: 10, x: 16, X: 16 };

/** conv: one of ouxX (the loop that registers this below) */
function formatUnsigned(v: bigint, conv: string, spec: Spec): string {
  const u = v < 0n ? v + UINT64 : v;
  let digits = u.toString(RADIX[conv]!);
  if (conv === 'X') digits = digits.toUpperCase();
  if (spec.prec !== undefined) digits = spec.prec === 0 && u === 0n ? '' : digits.padStart(spec.prec, '0');
  let prefix = '';
  if (spec.alt && conv === 'o' && !digits.startsWith('0')) digits = '0' + digits;
  if (spec.alt && (conv === 'x' || conv === 'X') && u !== 0n) prefix = conv === 'x' ? '0x' : '0X';
  return padNumber(prefix, digits, spec, spec.prec === undefined);
}

type FloatFormatter = (d: Decimal, prec: number, alt: boolean, upper: boolean) => string;

const FLOATS: Record<string, FloatFormatter> = {
  f: formatFixed, F: formatFixed, e: formatExp, E: formatExp, g: formatGeneral, G: formatGeneral,
};

/** conv: one of fFeEgGaA (the loop that registers this below) */
function formatFloat(d: Decimal, conv: string, spec: Spec): string {
  const upper = conv === conv.toUpperCase();
  const hexFloat = conv === 'a' || conv === 'A';
  // %a without a precision prints the exact value (prec undefined); the others default to 6
  const body = hexFloat ? formatHexFloat(d, spec.prec, upper, spec.alt) : FLOATS[conv]!(d, spec.prec ?? 6, spec.alt, upper);
  // %a's zeros go after its 0x, as glibc's: %020a of 1 is 0x000000000000008p-3
  const hex = hexFloat && d.kind === 'num' ? 2 : 0;
  return padNumber(signPrefix(isNegative(d), spec) + body.slice(0, hex), body.slice(hex), spec, d.kind === 'num');
}

/**
 * One C printf conversion of a value a builtin computed (find -printf's %d, %m and %S, stat's
 * numbers), with printf's own flag, width and precision rules: `flags` is the run of `-+ #0` as
 * written ('d' signed; 'u', 'o', 'x' unsigned, where '+' and ' ' do nothing, as in C).
 */
export function formatCNumber(v: number | bigint, conv: 'd' | 'u' | 'o' | 'x' | 'g', flags: string, width: number, prec: number | undefined): string {
  const spec: Spec = {
    left: flags.includes('-'), plus: flags.includes('+'), space: flags.includes(' '), zero: flags.includes('0'),
    alt: flags.includes('#'), width, prec,
  };
  if (conv === 'g') return formatFloat(decimalOfDouble(Number(v)), 'g', spec);
  return conv === 'd' ? formatSigned(BigInt(v), spec) : formatUnsigned(BigInt(v), conv, spec);
}

/** state of one printf call */
class Run {
  out = '';
  errors: string[] = [];
  status = 0;
  argi = 0;
  stopped = false;
  /** where the current pass of the format began in `out` (for %n) */
  passStart = 0;
  assignments: [string, string][] = [];
  constructor(
    readonly args: readonly string[],
    readonly opts: PrintfOptions,
  ) {}

  nextArg(): string | undefined {
    return this.argi < this.args.length ? this.args[this.argi++] : undefined;
  }

  intArg(unsigned = false): bigint {
    const a = this.nextArg();
    if (a === undefined) return 0n;
    const r = parseIntArg(a, unsigned);
    if (r.warning) this.errors.push(r.warning);
    if (r.error) {
      this.errors.push(r.error);
      this.status = 1;
    }
    return r.value;
  }

  floatArg(): Decimal {
    const a = this.nextArg();
    const r = parseFloatArg(a ?? '');
    if (r.warning) this.errors.push(r.warning);
    if (r.error) {
      this.errors.push(r.error);
      this.status = 1;
    }
    return r.value;
  }

  /** a `*` width or precision: an int, clamped to int's range as bash does */
  starArg(): number {
    const v = this.intArg();
    if (v > INT_MAX || v < -INT_MAX - 1n) {
      // bash's getint clamps only when an argument follows (and names that one in its range
      // warning); after the last one it returns the value cast to int: its low 32 bits
      if (this.argi >= this.args.length) return Number(BigInt.asIntN(32, v));
      // its range warning names the argument after the `*` one (bash's garglist has moved on)
      this.errors.push(`warning: ${this.args[this.argi]}: Numerical result out of range`);
      return v > 0n ? Number(INT_MAX) : -Number(INT_MAX) - 1;
    }
    return Number(v);
  }

  fail(msg: string): void {
    this.errors.push(msg);
    this.status = 1;
    this.stopped = true;
  }
}

const FLAG_CHARS = "-+ 0#'";

/** conversions whose precision can only shorten what they print */
const STRING_CONVERSIONS = 'sbqQc';
const LENGTH_MODIFIERS = 'hlLjzt';

export function formatPrintf(format: string, args: readonly string[], opts: PrintfOptions = {}): PrintfResult {
  const run = new Run(args, opts);
  do {
    const before = run.argi;
    run.passStart = run.out.length;
    formatOnce(format, run);
    if (run.argi === before) break; // a pass that consumed nothing is not repeated
  } while (!run.stopped && run.argi < args.length);
  return { output: run.out, errors: run.errors, status: run.status, assignments: run.assignments };
}

function formatOnce(fmt: string, run: Run): void {
  let i = 0;
  while (i < fmt.length && !run.stopped) {
    const c = fmt[i]!;
    if (c === '\\') {
      const e = decodePrintfFormatEscape(fmt, i, run.opts);
      if (e.error) run.errors.push(e.error);
      run.out += e.text;
      i = e.next;
      continue;
    }
    if (c !== '%') {
      const next = fmt.slice(i).search(/[\\%]/);
      const end = next < 0 ? fmt.length : i + next;
      run.out += fmt.slice(i, end);
      i = end;
      continue;
    }
    if (fmt[i + 1] === '%') {
      run.out += '%';
      i += 2;
      continue;
    }
    i = conversion(fmt, i, run);
  }
}

/** handle the conversion starting at fmt[start] === '%'; returns the index after it */
function conversion(fmt: string, start: number, run: Run): number {
  let j = start + 1;
  const spec: Spec = { left: false, plus: false, space: false, zero: false, alt: false, width: 0, prec: undefined };
  while (j < fmt.length && FLAG_CHARS.includes(fmt[j]!)) {
    const f = fmt[j++]!;
    if (f === '-') spec.left = true;
    else if (f === '+') spec.plus = true;
    else if (f === ' ') spec.space = true;
    else if (f === '0') spec.zero = true;
    else if (f === '#') spec.alt = true;
  }
  if (fmt[j] === '*') {
    j++;
    const w = run.starArg();
    if (w < 0) spec.left = true;
    spec.width = Math.abs(w);
  } else {
    const m = /^\d+/.exec(fmt.slice(j));
    if (m) {
      spec.width = Number(m[0]);
      j += m[0].length;
    }
  }
  if (fmt[j] === '.') {
    j++;
    if (fmt[j] === '*') {
      j++;
      const p = run.starArg();
      spec.prec = p < 0 ? undefined : p;
      spec.precForm = 'star';
    } else {
      const m = /^\d*/.exec(fmt.slice(j))!;
      spec.prec = m[0] === '' ? 0 : Number(m[0]);
      spec.precForm = m[0] === '' ? 'empty' : 'digits';
      j += m[0].length;
    }
  }
  while (j < fmt.length && LENGTH_MODIFIERS.includes(fmt[j]!)) j++;
  if (j >= fmt.length) {
    run.fail(`\`${fmt.slice(start)}': missing format character`);
    return j;
  }
  const conv = fmt[j]!;
  if (conv === '(') return timeConversion(fmt, j, spec, run);
  const handler = CONVERSIONS[conv];
  if (!handler) {
    run.fail(`\`${conv}': invalid format character`);
    return j + 1;
  }
  // a width or precision written past int's range: glibc prints nothing for the conversion (its
  // argument is still used); one rshell cannot hold fails, where bash would print gigabytes
  if (spec.width > Number(INT_MAX) || (spec.prec ?? 0) > Number(INT_MAX)) {
    const out = run.out;
    handler(conv, { ...spec, width: 0, prec: undefined }, run);
    run.out = out;
    return j + 1;
  }
  // a string's precision only cuts it (`%.*s` with a huge value prints the whole argument); %n
  // prints nothing
  const precGrows = !STRING_CONVERSIONS.includes(conv);
  if (conv !== 'n' && (spec.width > FIELD_BUDGET || (precGrows && (spec.prec ?? 0) > FIELD_BUDGET))) {
    run.fail(`${fmt.slice(start, j + 1)}: field width or precision past rshell's limit of ${FIELD_BUDGET} bytes`);
    return j + 1;
  }
  handler(conv, spec, run);
  return j + 1;
}

const INT_MAX = 2147483647n;
/** the widest time a JS Date holds (±8.64e15 ms), less a day for the zone offset */
const MAX_DATE_SECONDS = 8.64e12 - 86400;
/** the widest field one conversion may make: past it the run's output budget is gone anyway */
const FIELD_BUDGET = 16 * 1024 * 1024;

type Handler = (conv: string, spec: Spec, run: Run) => void;

const stringConv: Handler = (_c, spec, run) => {
  let s = run.nextArg() ?? '';
  if (spec.prec !== undefined) s = truncateBytes(s, spec.prec);
  run.out += pad(s, spec);
};

const CONVERSIONS: Record<string, Handler> = {
  s: stringConv,
  b: (_c, spec, run) => {
    const d = decodeBArg(run.nextArg() ?? '', run.opts);
    if (d.warnings) run.errors.push(...d.warnings);
    let s = d.text;
    if (spec.prec !== undefined) s = truncateBytes(s, spec.prec);
    run.out += pad(s, spec);
    if (d.stopped) run.stopped = true;
  },
  q: (_c, spec, run) => {
    // bash quotes first, then prints the result as %s: the precision cuts the quoted text
    let s = shellQuote(run.nextArg() ?? '');
    if (spec.prec !== undefined) s = truncateBytes(s, spec.prec);
    run.out += pad(s, spec);
  },
  Q: (_c, spec, run) => {
    // bash 5.2: `.N` cuts the argument before it is quoted; `.*` is read and then ignored; a `.`
    // without digits is precision 0 for the quoted text (its printstr parses the format again)
    let s = run.nextArg() ?? '';
    if (spec.precForm === 'digits') s = truncateBytes(s, spec.prec!); // 'digits' comes with its number
    const quoted = spec.precForm === 'empty' ? '' : shellQuote(s);
    run.out += pad(quoted, { ...spec, prec: undefined });
  },
  c: (_c, spec, run) => {
    const a = run.nextArg() ?? '';
    // the first byte (C locale); an empty argument gives a NUL, as C's printf("%c", 0)
    const ch = a === '' ? '\0' : byteChar(encode(String.fromCodePoint(a.codePointAt(0)!))[0]!);
    run.out += pad(ch, spec);
  },
  d: (_c, spec, run) => {
    run.out += formatSigned(run.intArg(), spec);
  },
  n: (_c, _spec, run) => {
    const name = run.nextArg();
    if (!name) return;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      run.fail(`\`${name}': not a valid identifier`);
      return;
    }
    run.assignments.push([name, String(byteLength(run.out.slice(run.passStart)))]);
  },
};
CONVERSIONS.i = CONVERSIONS.d!;
for (const c of 'ouxX') CONVERSIONS[c] = (conv, spec, run) => {
  run.out += formatUnsigned(run.intArg(true), conv, spec);
};
for (const c of 'fFeEgGaA') CONVERSIONS[c] = (conv, spec, run) => {
  run.out += formatFloat(run.floatArg(), conv, spec);
};

/** `%(fmt)T`: fmt[open] === '(' */
function timeConversion(fmt: string, open: number, spec: Spec, run: Run): number {
  const close = fmt.indexOf(')', open + 1);
  if (close < 0 || fmt[close + 1] !== 'T') {
    run.fail("`(': invalid format character");
    return fmt.length;
  }
  const now = run.opts.now ?? (() => Math.floor(Date.now() / 1000));
  const a = run.nextArg();
  let secs: number;
  if (a === undefined) secs = now();
  else {
    const r = parseIntArg(a);
    if (r.warning) run.errors.push(r.warning); // out of range: bash warns, then uses the clamped value
    if (r.error) {
      run.errors.push(r.error);
      run.status = 1;
    }
    secs = Number(r.value);
    if (secs === -1) secs = now();
    else if (secs === -2) secs = run.opts.startTime ?? now();
    // a time no calendar here can hold: bash's localtime() fails there and it formats the epoch
    else if (Math.abs(secs) > MAX_DATE_SECONDS) secs = 0;
  }
  let s = strftime(fmt.slice(open + 1, close), secs, run.opts.tz);
  if (encode(s).length >= STRFTIME_BUFFER_BYTES) s = '';
  if (spec.prec !== undefined) s = truncateBytes(s, spec.prec);
  run.out += pad(s, spec);
  return close + 2;
}
