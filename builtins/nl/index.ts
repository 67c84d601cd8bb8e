// nl: number lines (GNU coreutils 9.1, C locale).
//
// The FILEs are one text: numbering goes on from file to file; a last line without newline gets
// one (GNU's readlinebuffer adds it). A line that is exactly the section delimiter three, two or
// one times (`\:\:\:` header, `\:\:` body, `\:` footer) switches the numbering style, prints an
// empty line, and restarts the numbers unless -p. Line numbers are intmax_t: past it, GNU's
// `line number overflow` (status 1) when the next number would be printed.

import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, type CommandLine, type Reject } from '../internal/command.js';
import { forEachInput } from '../internal/input-loop.js';
import { LineReader } from '../internal/lines.js';
import type { OutputBuffer } from '../internal/output.js';
import { quote, quotef } from '../internal/quote.js';
import { writeDiagnostic } from '../internal/output.js';
import { compilePatterns, toLatin1, type Matcher } from '../../lib/regex/index.js';
import { NL_USAGE } from './usage.js';

interface Style {
  kind: 'a' | 't' | 'n' | 'p';
  matcher: Matcher | undefined;
}

const INTMAX_MAX = (1n << 63n) - 1n;
const INTMAX_MIN = -(1n << 63n);
const INT_MAX = 2147483647n;

/** gnulib xdectoimax: decimal, optional sign and leading blanks, within [min, max] */
function dec(what: string, min: bigint, max: bigint): (text: string) => bigint | Reject {
  return (text) => {
    if (!/^[ \t\n\v\f\r]*[+-]?[0-9]+$/.test(text)) return reject(`${what}: ${quote(text)}`);
    const v = BigInt(text.trim());
    if (v > INTMAX_MAX || v < INTMAX_MIN) return reject(`${what}: ${quote(text)}: Value too large for defined data type`);
    // gnulib xnumtoimax: out of range is EOVERFLOW past INT_MAX/2 either way, else ERANGE
    if (v < min || v > max) {
      const big = v > 1073741823n || v < -1073741824n;
      return reject(`${what}: ${quote(text)}: ${big ? 'Value too large for defined data type' : 'Numerical result out of range'}`);
    }
    return v;
  };
}

function style(which: string): (text: string) => Style | Reject {
  return (text) => {
    if (text === 'a' || text === 't' || text === 'n') return { kind: text, matcher: undefined };
    if (text.startsWith('p')) {
      const r = compilePatterns([text.slice(1)], { syntax: 'basic', glibc: { posixBasic: false, unmatchedParenOrd: false } });
      if (!r.ok) return reject(r.message);
      return { kind: 'p', matcher: r.matcher };
    }
    return reject(`invalid ${which} numbering style: ${quote(text)}`, { usage: true });
  };
}

function format(text: string): 'ln' | 'rn' | 'rz' | Reject {
  if (text === 'ln' || text === 'rn' || text === 'rz') return text;
  return reject(`invalid line numbering format: ${quote(text)}`, { usage: true });
}

// long options in nl.c's table order
const FLAGS = {
  body: flag.value('-b --body-numbering', style('body')),
  delimiter: flag.string('-d --section-delimiter'),
  footer: flag.value('-f --footer-numbering', style('footer')),
  header: flag.value('-h --header-numbering', style('header')),
  increment: flag.value('-i --line-increment', dec('invalid line number increment', INTMAX_MIN, INTMAX_MAX)),
  join: flag.value('-l --join-blank-lines', dec('invalid line number of blank lines', 1n, INTMAX_MAX)),
  format: flag.value('-n --number-format', format),
  noRenumber: flag.boolean('-p --no-renumber'),
  separator: flag.string('-s --number-separator'),
  start: flag.value('-v --starting-line-number', dec('invalid starting line number', INTMAX_MIN, INTMAX_MAX)),
  width: flag.value('-w --number-width', dec('invalid line number field width', 1n, INT_MAX)),
};

const NL = 0x0a;
/** lines between two checks of the run's deadline */
const ABORT_EVERY = 1024;

class Numberer {
  lineNo: bigint;
  overflow = false;
  blankLines = 0n;
  current: Style;
  private readonly blank: Uint8Array;
  private readonly header: string;
  private readonly body: string;
  private readonly footer: string;

  constructor(
    private readonly s: {
      body: Style; header: Style; footer: Style; start: bigint; incr: bigint; join: bigint;
      format: 'ln' | 'rn' | 'rz'; width: number; sep: string; delim: string; renumber: boolean;
    },
  ) {
    this.lineNo = s.start;
    this.current = s.body;
    this.blank = Buffer.from(' '.repeat(s.width + Buffer.byteLength(s.sep, 'latin1')), 'latin1');
    this.body = s.delim + s.delim;
    this.header = this.body + s.delim;
    this.footer = s.delim;
  }

  /** the section a line (without its newline) starts, if any (nl.c's check_section) */
  section(line: Uint8Array, start: number, end: number): Style | undefined {
    const len = end - start;
    const d = this.footer;
    if (len < 2 || d.length < 2 || line[start] !== d.charCodeAt(0) || line[start + 1] !== d.charCodeAt(1)) return undefined;
    if (len !== d.length && len !== 2 * d.length && len !== 3 * d.length) return undefined;
    const text = toLatin1(line.subarray(start, end));
    if (text === this.header) return this.s.header;
    if (text === this.body) return this.s.body;
    if (text === this.footer) return this.s.footer;
    return undefined;
  }

  /** the number prefix of a line (undefined: the no-number blank prefix), or 'overflow' */
  prefix(start: number, end: number, text: () => string): string | undefined | 'overflow' {
    const st = this.current;
    let number: boolean;
    switch (st.kind) {
      case 'a':
        if (this.s.join > 1n) {
          if (end > start || ++this.blankLines === this.s.join) {
            number = true;
            this.blankLines = 0n;
          } else number = false;
        } else number = true;
        break;
      case 't':
        number = end > start;
        break;
      case 'n':
        number = false;
        break;
      case 'p':
        number = st.matcher!.test(text()); // kind 'p' always has a matcher (style())
        break;
    }
    if (!number) return undefined;
    if (this.overflow) return 'overflow';
    const n = this.lineNo;
    const next = n + this.s.incr;
    if (next > INTMAX_MAX || next < INTMAX_MIN) this.overflow = true;
    else this.lineNo = next;
    const digits = n.toString();
    const w = this.s.width;
    if (this.s.format === 'ln') return digits.padEnd(w, ' ') + this.s.sep;
    if (this.s.format === 'rn') return digits.padStart(w, ' ') + this.s.sep;
    // %0*jd: zeros after the sign
    if (n < 0n) return '-' + digits.slice(1).padStart(w - 1, '0') + this.s.sep;
    return digits.padStart(w, '0') + this.s.sep;
  }

  get blankPrefix(): Uint8Array {
    return this.blank;
  }

  startSection(st: Style): void {
    this.current = st;
    if (this.s.renumber) this.lineNo = this.s.start;
  }
}

const NEWLINE_BYTES = new Uint8Array([NL]);

async function numberInput(ctx: CallContext, reader: LineReader, nb: Numberer, out: OutputBuffer): Promise<true | 'too-long' | 'overflow'> {
  let count = 0;
  for (;;) {
    let more = reader.next();
    if (typeof more !== 'boolean') more = await more;
    if (!more) return reader.tooLong ? 'too-long' : true;
    if (++count >= ABORT_EVERY) {
      count = 0;
      ctx.checkAbort();
    }
    const { buf, start, end } = reader;
    const sec = nb.section(buf, start, end);
    let p: void | Promise<void>;
    if (sec !== undefined) {
      nb.startSection(sec);
      p = out.write(NEWLINE_BYTES);
      if (p) await p;
      continue;
    }
    const prefix = nb.prefix(start, end, () => reader.text());
    if (prefix === 'overflow') return 'overflow';
    p = prefix === undefined ? out.write(nb.blankPrefix) : out.write(Buffer.from(prefix, 'latin1'));
    if (p) await p;
    // the line may live in the reader's buffer: written before the next read
    p = out.write(buf, start, end);
    if (p) await p;
    p = out.write(NEWLINE_BYTES);
    if (p) await p;
  }
}

async function run(ctx: CallContext, { flags, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const none: Style = { kind: 'n', matcher: undefined };
  let delim = flags.delimiter ?? '\\:';
  if (delim.length === 1) delim += ':';
  const nb = new Numberer({
    body: flags.body ?? { kind: 't', matcher: undefined },
    header: flags.header ?? none,
    footer: flags.footer ?? none,
    start: flags.start ?? 1n,
    incr: flags.increment ?? 1n,
    join: flags.join ?? 1n,
    format: flags.format ?? 'rn',
    width: Number(flags.width ?? 6n),
    sep: flags.separator ?? '\t',
    delim,
    renumber: !flags.noRenumber,
  });
  let overflowed = false;
  const status = await forEachInput(ctx, {
    tool: 'nl',
    operands: operands.length === 0 ? ['-'] : operands,
    openError: (name, msg) => `nl: ${quotef(name)}: ${msg}`,
    readError: (operand, _shown, msg) => `nl: ${quotef(operand)}: ${msg}`,
    body: async (input, out) => {
      if (overflowed) return true;
      const reader = new LineReader(input.reader, NL, ctx.limits.maxLineBytes);
      const r = await numberInput(ctx, reader, nb, out);
      if (r === 'too-long') return `nl: ${quotef(input.name)}: line too long (over ${ctx.limits.maxLineBytes} bytes)`;
      if (r === 'overflow') {
        overflowed = true;
        await writeDiagnostic(ctx, out, 'nl: line number overflow\n');
      }
      return true;
    },
  });
  return overflowed ? 1 : status;
}

export const nl = defineCommand({
  name: 'nl',
  summary: 'number lines of files',
  help: NL_USAGE,
  flags: FLAGS,
  run,
});
