// seq: print a sequence of numbers (GNU coreutils 9.1). Plain non-negative integers with the
// default format go through exact BigInt/number counting (GNU's seq_fast, any size); everything
// else is computed as GNU does, FIRST + i*INCREMENT in x86 long double (emulated exactly, see
// longdouble.ts) and printed with GNU's inferred or the user's printf format.

import type { CallContext } from '../types.js';
import { defineCommand, flag, writeUsageError, type Claim, type CommandLine } from '../internal/command.js';
import { OutputBuffer } from '../internal/output.js';
import { encode } from '../../lib/io/encoding.js';
import { quote } from '../internal/quote.js';
import { add, compare, formatLD, fromInteger, isZero, mul, parseLD, type LD } from './longdouble.js';
import { defaultLayout, operandShape, parseUserFormat, type Layout, type OperandShape } from './format.js';
import { SEQ_USAGE } from './usage.js';

const FLAGS = {
  equalWidth: flag.boolean('-w --equal-width'),
  format: flag.string('-f --format'),
  separator: flag.string('-s --separator'),
};

const OPERAND = { operand: true } as const;

/**
 * GNU seq looks at each argument before getopt does: one that looks like a negative number
 * ("-1", "-.5") is the first operand, and options end there
 */
function negativeNumber(args: readonly string[], i: number): Claim<typeof FLAGS> | undefined {
  const a = args[i]!; // parseFlags asks at an index of args
  const c = a[1] ?? '';
  return a[0] === '-' && (c === '.' || (c >= '0' && c <= '9')) ? OPERAND : undefined;
}

type Operand = { text: string; value: LD; shape: OperandShape };

async function fail(ctx: CallContext, message: string, withTry: boolean): Promise<number> {
  if (withTry) return writeUsageError(ctx, message, 1);
  const p = ctx.stderr.writeString(`seq: ${message}\n`);
  if (p) await p;
  return 1;
}

async function run(ctx: CallContext, { flags, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const { format, equalWidth } = flags;
  const separator = flags.separator ?? '\n';

  if (operands.length === 0) return fail(ctx, 'missing operand', true);
  if (operands.length > 3) return fail(ctx, `extra operand ${quote(operands[3]!)}`, true);
  // GNU checks the format, then -w against -f, before it reads any operand
  let userLayout: Layout | undefined;
  if (format !== undefined) {
    const checked = parseUserFormat(format, quote(format));
    if (!checked.ok) return fail(ctx, checked.message, false);
    userLayout = checked.layout;
  }
  if (format !== undefined && equalWidth) {
    return fail(ctx, 'format string may not be specified when printing equal width strings', true);
  }

  const parsed: Operand[] = [];
  for (const text of operands) {
    const value = parseLD(text);
    if (value === undefined) return fail(ctx, `invalid floating point argument: ${quote(text)}`, true);
    if (value.kind === 'nan') return fail(ctx, `invalid 'not-a-number' argument: ${quote(text)}`, true);
    parsed.push({ text, value, shape: operandShape(text, value.kind === 'finite') });
    // GNU rejects a zero increment before it reads LAST
    if (operands.length === 3 && parsed.length === 2 && isZero(value)) {
      return fail(ctx, `invalid Zero increment value: ${quote(text)}`, true);
    }
  }
  const one: Operand = { text: '1', value: fromInteger(1n), shape: { precision: 0, width: 1 } };
  const first = parsed.length >= 2 ? parsed[0]! : one;
  const step = parsed.length === 3 ? parsed[1]! : one;
  const last = parsed[parsed.length - 1]!;
  if (isZero(step.value)) return fail(ctx, `invalid Zero increment value: ${quote(step.text)}`, true);
  const out = new OutputBuffer(ctx.stdout);
  const allDigits = (s: string): boolean => /^[0-9]+$/.test(s);
  const stepSmall = parsed.length < 3 || (allDigits(step.text) && BigInt(step.text) > 0n && BigInt(step.text) <= 200n);
  if (
    format === undefined && !equalWidth && encodeLength(separator) === 1 && stepSmall &&
    parsed.every((p) => allDigits(p.text))
  ) {
    await countIntegers(ctx, out, BigInt(first.text), BigInt(step.text), BigInt(last.text), separator);
  } else {
    const layout = userLayout ?? defaultLayout(first.shape, step.shape, last.shape, equalWidth);
    const decimal = format === undefined ? decimalPlan(first.text, step.text, last.text, layout) : undefined;
    if (decimal !== undefined) await countDecimals(ctx, out, decimal, separator);
    else await printNumbers(ctx, out, layout, first.value, step.value, last.value, separator);
  }
  const p = out.flush();
  if (p) await p;
  return 0;
}

function encodeLength(s: string): number {
  return encode(s).length;
}

/** digits of Number.MAX_SAFE_INTEGER */
const MAX_SAFE_DIGITS = 16;

/** the decimal digits of x (a non-negative safe integer) right-aligned in d; where they start */
function putDigits(d: Uint8Array, x: number): number {
  let i = d.length;
  do {
    const q = Math.floor(x / 10);
    d[--i] = 48 + (x - q * 10);
    x = q;
  } while (x > 0);
  return i;
}

/** adds step (≤ 200) to the number right-aligned in d from start; where it starts now */
function addSmall(d: Uint8Array, start: number, step: number): number {
  let carry = step;
  for (let i = d.length - 1; carry !== 0; i--) {
    if (i < start) {
      // one more digit; a number past MAX_SAFE_INTEGER is never printed (the loop stops at last)
      if (i < 0) return 0;
      start = i;
      d[i] = 48;
    }
    const v = d[i]! - 48 + carry; // start <= i < d.length
    carry = (v / 10) | 0;
    d[i] = 48 + v - carry * 10;
  }
  return start;
}

/** GNU seq_fast: exact integers of any size */
async function countIntegers(
  ctx: CallContext, out: OutputBuffer, first: bigint, step: bigint, last: bigint, separator: string,
): Promise<void> {
  if (first > last) return;
  let pending = '';
  let count = 0;
  if (last <= BigInt(Number.MAX_SAFE_INTEGER)) {
    // GNU's seq_fast: the number as ASCII digits, copied into the output buffer and incremented
    // in place (a string per number, and a longer one per join, made `seq 1 100000` twice as slow
    // and kept the collector busy: issue #7, `for w in $(seq …)`)
    const sep = encode(separator)[0]!; // one byte: the caller checks encodeLength(separator) === 1
    const l = Number(last);
    const s = Number(step);
    const digits = new Uint8Array(MAX_SAFE_DIGITS + 1);
    let start = putDigits(digits, Number(first));
    for (let x = Number(first); x <= l; x += s) {
      if (out.len + MAX_SAFE_DIGITS + 1 > out.cap) {
        ctx.checkAbort();
        const p = out.drain();
        if (p) await p;
      }
      const buf = out.buf;
      let at = out.len;
      if (count++ > 0) buf[at++] = sep;
      for (let i = start; i < digits.length; i++) buf[at++] = digits[i]!;
      out.len = at;
      start = addSmall(digits, start, s);
    }
  } else {
    for (let x = first; x <= last; x += step) {
      pending += (count === 0 ? '' : separator) + x.toString();
      if (++count % 4096 === 0 || pending.length >= FLUSH_CHARS) {
        ctx.checkAbort();
        const p = out.writeString(pending);
        pending = '';
        if (p) await p;
      }
    }
  }
  const p = out.writeString(pending + '\n');
  if (p) await p;
}

/**
 * Output goes out every few thousand numbers, or sooner once this much is pending: a long
 * separator (`seq -s "$(printf '%0100000d' 0)" 1 10000`) held 4,096 of them, 800 MB, where GNU
 * streams the same output in 3 MB
 */
const FLUSH_CHARS = 64 * 1024;

interface DecimalPlan {
  first: bigint;
  step: bigint;
  last: bigint;
  /** the common scale: values are integers times 10^-scale */
  scale: number;
  /** digits printed after the point */
  precision: number;
  /** zero-padded width (-w), 0 for none */
  width: number;
}

const PLAIN_DECIMAL = /^[ \t\n\v\f\r]*([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * The default %.Nf format over plain decimals (no exponent, at most 15 significant digits) can be
 * computed exactly in scaled integers: long double's error is then far below half a unit of the
 * last printed digit, so the bytes are the same as GNU's, at a fraction of the emulation's cost.
 */
function decimalPlan(firstText: string, stepText: string, lastText: string, layout: Layout): DecimalPlan | undefined {
  const c = layout.conversion;
  if (c.conv !== 'f' || layout.prefix !== '' || layout.suffix !== '' || c.precision === undefined) return undefined;
  const parts = [firstText, stepText, lastText].map((t) => PLAIN_DECIMAL.exec(t));
  if (parts.some((m) => m === null || (m[2] === '' && (m[3] ?? '') === ''))) return undefined;
  const ms = parts as RegExpExecArray[];
  // three matches; group 2 is not optional (it may match nothing)
  if (ms.some((m) => (m[2]! + (m[3] ?? '')).replace(/^0+/, '').length > 15)) return undefined;
  const scale = Math.max(...ms.map((m) => (m[3] ?? '').length));
  if (scale > 15 || c.precision > 15) return undefined;
  const toScaled = (m: RegExpExecArray): bigint => {
    const v = BigInt((m[2] || '0') + (m[3] ?? '').padEnd(scale, '0'));
    return m[1] === '-' ? -v : v;
  };
  const [first, step, last] = ms.map(toScaled) as [bigint, bigint, bigint];
  // -0 prints as "-0" in GNU (a signed long double zero): leave it to the emulation
  if (first === 0n && ms[0]![1] === '-') return undefined;
  const limit = 10n ** 15n;
  const abs = (v: bigint): bigint => (v < 0n ? -v : v);
  if (abs(first) >= limit || abs(last) >= limit || abs(step) >= limit) return undefined;
  return { first, step, last, scale, precision: c.precision, width: c.flags.includes('0') ? (c.width ?? 0) : 0 };
}

function formatScaled(v: bigint, p: DecimalPlan): string {
  const neg = v < 0n;
  let digits = (neg ? -v : v).toString().padStart(p.scale + 1, '0');
  // drop scale digits beyond the precision (they are zeros: x has at most `precision` decimals)
  digits = digits.slice(0, digits.length - (p.scale - p.precision));
  const text = p.precision === 0 ? digits : `${digits.slice(0, digits.length - p.precision)}.${digits.slice(digits.length - p.precision)}`;
  const body = p.width > 0 ? text.padStart(p.width - (neg ? 1 : 0), '0') : text;
  return neg ? '-' + body : body;
}

async function countDecimals(ctx: CallContext, out: OutputBuffer, p: DecimalPlan, separator: string): Promise<void> {
  const descending = p.step < 0n;
  const beyond = (x: bigint): boolean => (descending ? x < p.last : x > p.last);
  if (beyond(p.first)) return;
  let pending = formatScaled(p.first, p);
  for (let i = 1n; ; i++) {
    const x = p.first + i * p.step;
    if (beyond(x)) break;
    pending += separator + formatScaled(x, p);
    if (i % 4096n === 0n || pending.length >= FLUSH_CHARS) {
      ctx.checkAbort();
      const w = out.writeString(pending);
      pending = '';
      if (w) await w;
    }
  }
  const w = out.writeString(pending + '\n');
  if (w) await w;
}

/** GNU print_numbers, in emulated long double */
async function printNumbers(
  ctx: CallContext, out: OutputBuffer, layout: Layout, first: LD, step: LD, last: LD, separator: string,
): Promise<void> {
  const descending = step.kind !== 'nan' && step.neg;
  const beyond = (x: LD): boolean => (descending ? compare(x, last) < 0 : compare(last, x) < 0);
  const render = (x: LD): string => layout.prefix + formatLD(x, layout.conversion) + layout.suffix;
  const core = (x: LD): string => formatLD(x, layout.conversion);
  let outOfRange = beyond(first);
  if (outOfRange) return;
  let x = first;
  let pending = '';
  const ONE = fromInteger(1n);
  let i = ONE;
  for (let n = 1; ; n++) {
    const x0 = x;
    pending += render(x);
    if (outOfRange) break;
    x = add(first, mul(i, step));
    i = add(i, ONE);
    outOfRange = beyond(x);
    if (outOfRange) {
      // print a number just past LAST if it prints as LAST (and unlike the previous one)
      const xText = core(x);
      const back = parseLD(xText);
      const printsAsLast = back !== undefined && back.kind !== 'nan' && compare(back, last) === 0;
      if (!(printsAsLast && core(x0) !== xText)) break;
    }
    pending += separator;
    if (n % 1024 === 0 || pending.length >= FLUSH_CHARS) {
      ctx.checkAbort();
      const p = out.writeString(pending);
      pending = '';
      if (p) await p;
    }
  }
  const p = out.writeString(pending + '\n');
  if (p) await p;
}

export const seq = defineCommand({
  name: 'seq',
  summary: 'print a sequence of numbers',
  help: SEQ_USAGE,
  flags: FLAGS,
  // getopt "+f:s:w": options end at the first operand
  stopAtFirstOperand: true,
  claim: () => negativeNumber,
  run,
});
