// read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout]
//      [-u fd] [name ...]
//
// bash semantics: one line (or up to DELIM / NCHARS) from stdin, backslash escapes and line
// continuation unless -r, IFS splitting with the last NAME taking the rest of the line, REPLY when
// no NAME is given (unsplit), status 1 at end of input while still assigning what was read. NUL
// bytes are dropped. -p prints nothing (stdin is never a terminal here), -e/-s/-i are accepted and
// have no effect, -t 0 succeeds without reading, -u N reads the shell's descriptor N (ctx.fd).

import { decode } from '../../../lib/io/encoding.js';
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { ByteInput, bufferIndexOf, complain, type LineBytes } from './io.js';
import { assignmentError, assignTarget, isAssignTarget } from '../state/assign-target.js';
import { defineOptions, Ended, IDENTIFIER, invalidNumberMessage, parseOptions } from './options.js';
import { nonNegativeInt } from '../../../lib/text/legal-number.js';
import { splitFields, splitRest, type Char } from './read-split.js';

const SYNOPSIS = 'read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]';
const OPTIONS = defineOptions({ name: 'read', letters: 'ersa:d:i:n:p:t:u:N:', synopsis: SYNOPSIS });

interface ReadSpec {
  /**
   * the most bytes one read takes (ctx.limits.maxLineBytes): past it the read fails. bash would
   * grow without bound (`read x < /dev/zero` never ends); here memory stays bounded.
   */
  maxBytes: number;
  /** ctx.checkAbort, called every chunk and every 64 KiB taken byte by byte */
  checkAbort: () => void;
  raw: boolean;
  delim: number; // byte value
  count: number; // -n / -N limit, -1 for none
  exact: boolean; // -N: ignore the delimiter
}

/**
 * Collects input bytes into decoded characters, each marked when a backslash escaped it.
 * feed() returns true once the read is complete.
 */
class Collector {
  readonly chars: Char[] = [];
  private bytes: number[] = [];
  private nread = 0;
  /** bytes taken, NULs and escapes included (see ReadSpec.maxBytes) */
  private taken = 0;
  private backslash = false;
  eof = false;
  /** the read went past ReadSpec.maxBytes */
  overflow = false;

  constructor(private readonly spec: ReadSpec) {}

  /** the byte count is reached: stop before reading more */
  full(): boolean {
    return this.spec.count >= 0 && this.nread >= this.spec.count;
  }

  private flush(escaped: boolean): void {
    if (this.bytes.length === 0) return;
    for (const c of decode(Uint8Array.from(this.bytes))) this.chars.push({ c, esc: escaped });
    this.bytes = [];
  }

  feed(b: number): boolean {
    const spec = this.spec;
    if ((++this.taken & 0xffff) === 0) {
      spec.checkAbort();
      if (this.taken > spec.maxBytes) {
        this.overflow = true;
        return true;
      }
    }
    if (b < 0) {
      this.eof = true;
      this.flush(false);
      return true;
    }
    if (this.backslash) {
      this.backslash = false;
      if (b === 0x0a) return false; // line continuation
      this.flush(false);
      this.bytes.push(b);
      this.flush(true);
      this.nread++;
      return this.full() && this.done();
    }
    // a NUL is dropped unless it is the delimiter (-N ignores the delimiter: then it is dropped too)
    if (b === 0 && (spec.delim !== 0 || spec.exact)) return false;
    if (b === spec.delim && !spec.exact) return this.done();
    if (b === 0x5c && !spec.raw) {
      this.backslash = true;
      return false;
    }
    this.bytes.push(b);
    this.nread++;
    return this.full() && this.done();
  }

  private done(): boolean {
    this.flush(false);
    return true;
  }
}

/** read until the delimiter, the count or the end of input (sync while chunks are at hand) */
/** what a read produced: its characters (each marked when a backslash escaped it), end of input */
interface ReadResult {
  readonly eof: boolean;
  /** the line was longer than ReadSpec.maxBytes: nothing is assigned */
  readonly overflow: boolean;
  readonly chars: Char[];
  /** the line as one string, when no character was escaped (PlainLine) */
  readonly text?: string;
}

/** IFS made only of space, tab and newline (not empty) */
function isWhitespaceIfs(ifs: string): boolean {
  if (ifs === '') return false;
  for (let i = 0; i < ifs.length; i++) {
    const c = ifs[i];
    if (c !== ' ' && c !== '\t' && c !== '\n') return false;
  }
  return true;
}

/** a line read whole, with nothing escaped and no NUL to drop: its characters made when asked */
class PlainLine implements ReadResult {
  readonly overflow = false;
  private made: Char[] | null = null;
  constructor(
    readonly text: string,
    readonly eof: boolean,
  ) {}

  get chars(): Char[] {
    if (this.made === null) {
      this.made = [];
      for (const c of this.text) this.made.push({ c, esc: false });
    }
    return this.made;
  }
}

/**
 * A line up to the delimiter (no -n/-N) is looked for in whole chunks; only a line holding a NUL
 * (dropped) or, without -r, a backslash goes through the byte-wise Collector — fed the bytes
 * already taken, then reading on byte by byte if a backslash-newline continues the line. Byte by
 * byte, `while read -r line` cost ~5 us a line.
 */
function readInput(input: ByteInput, spec: ReadSpec): ReadResult | Promise<ReadResult> {
  if (spec.count < 0 && !spec.exact) {
    const l = input.line(spec.delim, spec.maxBytes, spec.checkAbort);
    return l instanceof Promise ? l.then((v) => lineResult(input, spec, v)) : lineResult(input, spec, l);
  }
  return collect(input, new Collector(spec));
}

function lineResult(input: ByteInput, spec: ReadSpec, l: LineBytes): ReadResult | Promise<ReadResult> {
  if (l.overflow) return { eof: false, overflow: true, chars: [] };
  const b = l.bytes;
  if ((spec.delim === 0 || bufferIndexOf.call(b, 0) < 0) && (spec.raw || bufferIndexOf.call(b, 0x5c) < 0)) {
    return new PlainLine(decode(b), !l.found);
  }
  const col = new Collector(spec);
  // the delimiter is not among these bytes, so none of them completes the read
  for (let i = 0; i < b.length; i++) col.feed(b[i]!);
  if (col.feed(l.found ? spec.delim : -1)) return col;
  return collect(input, col);
}

function collect(input: ByteInput, col: Collector): Collector | Promise<Collector> {
  const pump = (): Collector | Promise<Collector> => {
    while (!col.full()) {
      const b = input.next();
      if (typeof b !== 'number') return b.then((v) => (col.feed(v) ? col : pump()));
      if (col.feed(b)) return col;
    }
    return col;
  };
  return pump();
}

function usageFail(ctx: ShellContext, msg: string): number {
  complain(ctx.stderr, `read: ${msg}`);
  return 1;
}

/**
 * bash's uconvert for `-t`: a sign, digits, a fraction whose first six digits count (what follows
 * them is not looked at); a negative value is invalid. true for a zero timeout, null when invalid.
 */
function timeoutZero(s: string): boolean | null {
  const m = /^([-+]?)([0-9]*)(?:\.([0-9]{0,6}))?/.exec(s)!; // every part optional: it always matches
  const rest = s.slice(m[0].length);
  // past six fraction digits anything goes; otherwise the text must end here
  if (rest !== '' && !((m[3] ?? '').length === 6)) return null;
  const whole = Number(m[2] || '0');
  let micro = Number((m[3] ?? '').padEnd(6, '0'));
  if ((m[3] ?? '').length === 6 && rest[0] !== undefined && rest[0] >= '5' && rest[0] <= '9') micro++;
  if (m[1] === '-' && (whole > 0 || micro > 0)) return null;
  return whole === 0 && micro === 0;
}

export const read: ShellBuiltin = {
  name: 'read',
  summary: 'read a line from standard input and split it into fields',
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `read: ${SYNOPSIS}\n`,
  options: OPTIONS,
  run(ctx, args) {
    const spec: ReadSpec = {
      maxBytes: ctx.limits.maxLineBytes, checkAbort: () => ctx.checkAbort(), raw: false, delim: 0x0a, count: -1, exact: false,
    };
    let reader = ctx.stdin;
    let zeroTimeout = false;
    // bash checks each value where its getopt loop meets it: the first bad one is the error
    const check = (flag: string, arg: string | undefined): number | undefined => {
      const value = arg!; // every letter checked here takes an argument
      if (flag === 'd') spec.delim = value === '' ? 0 : value.charCodeAt(0) & 0xff;
      else if (flag === 'n' || flag === 'N') {
        const n = nonNegativeInt(value);
        if (n === null) return usageFail(ctx, invalidNumberMessage(value));
        spec.count = n;
        if (flag === 'N') spec.exact = true; // -N ignores the delimiter even when -n comes after it
      } else if (flag === 't') {
        const t = timeoutZero(value);
        if (t === null) return usageFail(ctx, `${value}: invalid timeout specification`);
        zeroTimeout = t;
      } else if (flag === 'u') {
        const u = nonNegativeInt(value);
        if (u === null) return usageFail(ctx, `${value}: invalid file descriptor specification`);
        if (u === 0) reader = ctx.stdin;
        else {
          const fd = ctx.fd?.(u);
          if (fd === undefined) return usageFail(ctx, `${u}: invalid file descriptor: Bad file descriptor`);
          if (!fd.reader) return readFailed(ctx, String(u), 'Bad file descriptor');
          reader = fd.reader;
        }
      }
      return undefined;
    };
    const p = parseOptions(ctx, OPTIONS, args, check);
    if (p instanceof Ended) return p.status;
    const { opts, operands: names } = p;
    spec.raw = opts.has('r');
    // `read -t 0` only asks whether input is waiting; here it always is (or its end is)
    if (zeroTimeout) return 0;
    // bash checks the first NAME before reading (even with -a); -a's array and the other names
    // only when it assigns them, after the input is consumed
    if (names.length > 0 && !isAssignTarget(names[0]!)) return usageFail(ctx, `\`${names[0]}': not a valid identifier`);
    const arrayName = opts.get('a');

    const input = new ByteInput(reader);
    let pending: ReadResult | Promise<ReadResult>;
    try {
      pending = readInput(input, spec);
    } catch (e) {
      input.release();
      throw e;
    }
    if (pending instanceof Promise) {
      return pending.then(
        (col) => {
          input.release();
          if (input.failure !== undefined) return readFailed(ctx, opts.get('u') ?? '0', input.failure);
          return finish(ctx, col, names, arrayName, spec.exact);
        },
        (e) => {
          input.release();
          throw e;
        },
      );
    }
    input.release();
    if (input.failure !== undefined) return readFailed(ctx, opts.get('u') ?? '0', input.failure);
    return finish(ctx, pending, names, arrayName, spec.exact);
  },
};

/** bash: `read: read error: 0: Is a directory`, status 1, nothing assigned */
function readFailed(ctx: ShellContext, fd: string, message: string): number {
  complain(ctx.stderr, `read: read error: ${fd}: ${message}`);
  return 1;
}

/** `exact` (-N): what was read goes unsplit to the first name (or element), as bash does */
function finish(ctx: ShellContext, result: ReadResult, names: readonly string[], arrayName: string | undefined, exact: boolean): number {
  if (result.overflow) {
    complain(ctx.stderr, `read: line too long (over ${ctx.limits.maxLineBytes} bytes)`);
    return 1;
  }
  const status = result.eof ? 1 : 0;
  const ifs = ctx.vars.isSet('IFS') ? (ctx.vars.get('IFS') ?? '') : ' \t\n';
  const assign = (name: string, value: string): boolean => {
    if (!isAssignTarget(name)) {
      complain(ctx.stderr, `read: \`${name}': not a valid identifier`);
      return false;
    }
    const err = assignTarget(ctx, name, value);
    if (err) complain(ctx.stderr, err);
    return !err;
  };

  const whole = (): string => result.text ?? result.chars.map((x) => x.c).join('');
  if (arrayName !== undefined) {
    if (!IDENTIFIER.test(arrayName)) {
      complain(ctx.stderr, `read: \`${arrayName}': not a valid identifier`);
      return 1;
    }
    // -N at the very end of input makes no element (a line, even empty, makes one)
    const fields = exact ? (result.chars.length === 0 && result.eof ? [] : [whole()]) : splitFields(result.chars, ifs);
    const err = ctx.vars.setArray(arrayName, fields);
    if (err) {
      complain(ctx.stderr, assignmentError('read', err));
      return 1;
    }
    return status;
  }
  const text = result.text;
  const first = names[0];
  if (first === undefined) return assign('REPLY', whole()) ? status : 1;
  if (exact) {
    if (!assign(first, whole())) return 1;
    for (let k = 1; k < names.length; k++) if (!assign(names[k]!, '')) return 1;
    return status;
  }
  // IFS= read -r line: the whole line, no splitting to do
  if (text !== undefined && ifs === '') {
    if (!assign(first, text)) return 1;
    for (let k = 1; k < names.length; k++) if (!assign(names[k]!, '')) return 1;
    return status;
  }
  // read -r line with an IFS of whitespace only (the default): the line without IFS whitespace
  // at either end (what splitRest gives one name when no separator is anything but whitespace)
  if (text !== undefined && names.length === 1 && isWhitespaceIfs(ifs)) {
    let from = 0;
    let to = text.length;
    while (from < to && ifs.includes(text[from]!)) from++;
    while (to > from && ifs.includes(text[to - 1]!)) to--;
    return assign(first, text.slice(from, to)) ? status : 1;
  }
  const values = splitRest(result.chars, ifs, names.length);
  for (let k = 0; k < names.length; k++) {
    if (!assign(names[k]!, values[k] ?? '')) return 1;
  }
  return status;
}
