// date: print the time (GNU coreutils 9.1), never set it. The time is now, -d's free-form date
// (lib/time/parse-datetime.ts, with `TZ="…"` prefixes and `@SECONDS`), -r's file time through the
// sandbox, or each line of -f's file; it is printed in the zone of the shell's exported TZ (UTC
// without one, or with -u) through gnulib's strftime (lib/time/strftime.ts). Setting the clock
// (-s, a MMDDhhmm operand) is refused; so is --debug.

import type { CallContext } from '../types.js';
import { errorText } from '../../allowedpaths/index.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { openInput, readToEnd } from '../internal/inputs.js';
import { quote, quotef } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { parseDatetimeNs, type Timespec } from '../../lib/time/parse-datetime.js';
import { strftime } from '../../lib/time/strftime.js';
import { decode } from '../../lib/io/encoding.js';
import { DATE_USAGE } from './usage.js';

const ISO_FORMATS = {
  hours: '%Y-%m-%dT%H%:z',
  minutes: '%Y-%m-%dT%H:%M%:z',
  date: '%Y-%m-%d',
  seconds: '%Y-%m-%dT%H:%M:%S%:z',
  ns: '%Y-%m-%dT%H:%M:%S,%N%:z',
} as const;
const RFC_3339_FORMATS = { date: '%Y-%m-%d', seconds: '%Y-%m-%d %H:%M:%S%:z', ns: '%Y-%m-%d %H:%M:%S.%N%:z' } as const;
const RFC_EMAIL = '%a, %d %b %Y %H:%M:%S %z';
const DEFAULT_FORMAT = '%a %b %e %H:%M:%S %Z %Y';

// long options in GNU date's table order
const FLAGS = {
  date: flag.string('-d --date'),
  debug: flag.boolean('--debug'),
  file: flag.string('-f --file'),
  iso: flag.choice('-I --iso-8601', ISO_FORMATS, { bare: ISO_FORMATS.date, shortBare: false }),
  reference: flag.string('-r --reference'),
  resolution: flag.boolean('--resolution'),
  rfcEmail: flag.boolean('-R --rfc-email --rfc-822 --rfc-2822'),
  rfc3339: flag.choice('--rfc-3339', RFC_3339_FORMATS),
  set: flag.string('-s --set'),
  utc: flag.boolean('-u --uct --utc --universal'),
};

/** the format options met so far, for "multiple output formats specified" (GNU's getopt loop) */
const FORMAT_OPTIONS = new Set(['iso', 'rfcEmail', 'rfc3339']);

const SET_REFUSED = 'date: setting the date is refused: rshell never changes the system clock\n';

async function fail(ctx: CallContext, text: string): Promise<number> {
  await say(ctx.stderr, text);
  return 1;
}

function nowSpec(): Timespec {
  const ms = Date.now();
  const sec = Math.floor(ms / 1000);
  return { sec, nsec: (ms - sec * 1000) * 1e6 };
}

/** -d's text: an optional leading TZ="…" names the zone the rest is read in */
function parseDateText(text: string, tz: string | undefined): Timespec | null {
  const m = /^\s*TZ="((?:[^"\\]|\\.)*)"/.exec(text);
  const zone = m ? m[1]!.replace(/\\(.)/g, '$1') : tz;
  const rest = m ? text.slice(m[0].length) : text;
  const now = Date.now();
  return parseDatetimeNs(rest, now, { tz: zone });
}

async function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  if (flags.debug) return fail(ctx, 'date: --debug is refused: rshell does not annotate date parsing\n');
  // --resolution is a date of its own: the clock's resolution, 1 ns
  const sources = (flags.resolution ? 1 : 0) + (flags.date !== undefined ? 1 : 0) + (flags.file !== undefined ? 1 : 0) + (flags.reference !== undefined ? 1 : 0);
  if (sources > 1) return writeUsageError(ctx, 'the options to specify dates for printing are mutually exclusive', 1);
  if (flags.set !== undefined && sources > 0) return writeUsageError(ctx, 'the options to print and set the time may not be used together', 1);

  let format: string | undefined;
  const last = [...order].reverse().find((o) => FORMAT_OPTIONS.has(o.name));
  if (last !== undefined) {
    if (last.name === 'iso' || last.name === 'rfc3339') format = last.value as string;
    else if (last.name === 'rfcEmail') format = RFC_EMAIL;
  }
  let setOperand = false;
  if (operands.length > 0) {
    if (operands.length > 1) return writeUsageError(ctx, `extra operand ${quote(operands[1]!)}`, 1);
    const op = operands[0]!;
    if (op.startsWith('+')) {
      if (format !== undefined) return fail(ctx, 'date: multiple output formats specified\n');
      format = op.slice(1);
    } else if (flags.set !== undefined || sources > 0) {
      return writeUsageError(
        ctx,
        `the argument ${quote(op)} lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'`,
        1,
      );
    } else setOperand = true;
  }
  const fmt = format ?? (flags.resolution ? '%s.%N' : DEFAULT_FORMAT);
  const tz = flags.utc ? 'UTC0' : ctx.getEnv('TZ');
  const show = (t: Timespec): string => `${strftime(fmt, t.sec, tz, { gnu: true, nanos: t.nsec })}\n`;

  if (setOperand) {
    // GNU reads the operand as MMDDhhmm[[CC]YY][.ss] before setting the clock
    if (!/^\d{8}(?:\d{2}|\d{4})?(?:\.\d{2})?$/.test(operands[0]!)) return fail(ctx, `date: invalid date ${quote(operands[0]!)}\n`);
    return fail(ctx, SET_REFUSED);
  }
  if (flags.set !== undefined) return fail(ctx, SET_REFUSED);

  if (flags.file !== undefined) return batch(ctx, flags.file, tz, show);
  let when: Timespec;
  if (flags.reference !== undefined) {
    const st = ctx.fs.stat(flags.reference);
    if (!st.ok) return fail(ctx, `date: ${quotef(flags.reference)}: ${errorText(st.error)}\n`);
    const ms = st.value.mtimeMs;
    const sec = Math.floor(ms / 1000);
    const ns = (st.value as { mtimeNs?: bigint }).mtimeNs;
    when = { sec, nsec: ns !== undefined ? Number(ns % 1_000_000_000n) : Math.round((ms - sec * 1000) * 1e6) };
  } else if (flags.date !== undefined) {
    const t = parseDateText(flags.date, tz);
    if (t === null) return fail(ctx, `date: invalid date ${quote(flags.date)}\n`);
    when = t;
  } else if (flags.resolution) when = { sec: 0, nsec: 1 };
  else when = nowSpec();
  const p = ctx.stdout.writeString(show(when));
  if (p) await p;
  return 0;
}

/** -f FILE: one date per line; a bad line is reported and the rest still printed (status 1) */
async function batch(ctx: CallContext, file: string, tz: string | undefined, show: (t: Timespec) => string): Promise<number> {
  const opened = openInput(ctx, file);
  if (!opened.ok) return fail(ctx, `date: ${quotef(file)}: ${errorText(opened.error)}\n`);
  const input = opened.value;
  let text: string;
  try {
    const r = await readToEnd(input.reader, ctx.limits.maxFileBytes);
    if (!r.ok) return fail(ctx, `date: ${quotef(file)}: ${r.message}\n`);
    text = decode(r.bytes);
  } finally {
    input.close();
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let status = 0;
  let n = 0;
  for (const line of lines) {
    if (++n % 1000 === 0) ctx.checkAbort();
    const t = parseDateText(line, tz);
    if (t === null) {
      await say(ctx.stderr, `date: invalid date ${quote(line)}\n`);
      status = 1;
      continue;
    }
    const p = ctx.stdout.writeString(show(t));
    if (p) await p;
  }
  return status;
}

export const date = defineCommand({
  name: 'date',
  summary: 'print the system date and time',
  help: DATE_USAGE,
  flags: FLAGS,
  checkBefore(ctx, before) {
    let formats = 0;
    for (const o of before) if (FORMAT_OPTIONS.has(o.name)) formats++;
    if (formats > 1) return say(ctx.stderr, 'date: multiple output formats specified\n').then(() => 1);
    return undefined;
  },
  run: async (ctx, line) => {
    let formats = 0;
    for (const o of line.order) if (FORMAT_OPTIONS.has(o.name)) formats++;
    if (formats > 1) return fail(ctx, 'date: multiple output formats specified\n');
    return run(ctx, line);
  },
});
