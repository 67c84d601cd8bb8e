// read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout]
//      [-u fd] [name ...]
//
// bash semantics: one line (or up to DELIM / NCHARS) from stdin, backslash escapes and line
// continuation unless -r, IFS splitting with the last NAME taking the rest of the line, REPLY when
// no NAME is given (unsplit), status 1 at end of input while still assigning what was read. NUL
// bytes are dropped. -p prints nothing (stdin is never a terminal here), -e/-s/-i are accepted and
// have no effect, -t 0 succeeds without reading, -u N reads the shell's descriptor N (ctx.fd).

import { decode } from '../../io/encoding.js';
import type { ShellBuiltin, ShellContext } from '../shell-api.js';
import { ByteInput, bufferIndexOf, complain, type LineBytes } from './io.js';
import { assignmentError, assignTarget, isAssignTarget } from './assign.js';
import { IDENTIFIER, optionsEnded, parseBuiltinOptions } from './options.js';
import { splitFields, splitRest, type Char } from './read-split.js';

const SYNOPSIS = 'read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]';

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
    if (b === 0 && spec.delim !== 0) return false;
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

function parseCount(s: string): number | null {
  return /^[0-9]+$/.test(s) ? Number(s) : null;
}

export const read: ShellBuiltin = {
  name: 'read',
  summary: 'read a line from standard input and split it into fields',
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `read: ${SYNOPSIS}\n`,
  run(ctx, args) {
    const p = parseBuiltinOptions(ctx, 'read', SYNOPSIS, 'ersa:d:i:n:N:p:t:u:', args);
    if (optionsEnded(p)) return p;
    const { opts, operands: names } = p;
    const spec: ReadSpec = {
      maxBytes: ctx.limits.maxLineBytes, checkAbort: () => ctx.checkAbort(), raw: opts.has('r'), delim: 0x0a, count: -1, exact: false,
    };
    if (opts.has('d')) {
      const d = opts.get('d')!;
      spec.delim = d === '' ? 0 : d.charCodeAt(0) & 0xff;
    }
    for (const flag of ['n', 'N']) {
      if (!opts.has(flag)) continue;
      const n = parseCount(opts.get(flag)!);
      if (n === null) return usageFail(ctx, `${opts.get(flag)}: invalid number`);
      spec.count = n;
      spec.exact = flag === 'N';
    }
    let reader = ctx.stdin;
    if (opts.has('u')) {
      const u = opts.get('u')!;
      const fd = /^[0-9]+$/.test(u) ? ctx.fd?.(Number(u)) : undefined;
      if (u !== '0' && !fd?.reader) return usageFail(ctx, `${u}: invalid file descriptor: Bad file descriptor`);
      if (fd?.reader) reader = fd.reader;
    }
    if (opts.has('t')) {
      const t = opts.get('t')!;
      if (!/^[0-9]*\.?[0-9]*$/.test(t) || t === '' || t === '.') return usageFail(ctx, `${t}: invalid timeout specification`);
      if (Number(t) === 0) return 0;
    }
    const arrayName = opts.get('a');
    if (arrayName !== undefined && !IDENTIFIER.test(arrayName)) return usageFail(ctx, `\`${arrayName}': not a valid identifier`);
    for (const n of arrayName !== undefined ? [] : names) {
      if (!isAssignTarget(n)) return usageFail(ctx, `\`${n}': not a valid identifier`);
    }

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
function finish(ctx: ShellContext, result: ReadResult, names: string[], arrayName: string | undefined, exact: boolean): number {
  if (result.overflow) {
    complain(ctx.stderr, `read: line too long (over ${ctx.limits.maxLineBytes} bytes)`);
    return 1;
  }
  const status = result.eof ? 1 : 0;
  const ifs = ctx.vars.isSet('IFS') ? (ctx.vars.get('IFS') ?? '') : ' \t\n';
  const assign = (name: string, value: string): boolean => {
    const err = assignTarget(ctx, name, value);
    if (err) complain(ctx.stderr, err);
    return !err;
  };

  const whole = (): string => result.text ?? result.chars.map((x) => x.c).join('');
  if (arrayName !== undefined) {
    const err = ctx.vars.setArray(arrayName, exact ? [whole()] : splitFields(result.chars, ifs));
    if (err) {
      complain(ctx.stderr, assignmentError('read', err));
      return 1;
    }
    return status;
  }
  const text = result.text;
  if (names.length === 0) return assign('REPLY', whole()) ? status : 1;
  if (exact) {
    if (!assign(names[0]!, whole())) return 1;
    for (let k = 1; k < names.length; k++) if (!assign(names[k]!, '')) return 1;
    return status;
  }
  // IFS= read -r line: the whole line, no splitting to do
  if (text !== undefined && ifs === '') {
    if (!assign(names[0]!, text)) return 1;
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
    return assign(names[0]!, text.slice(from, to)) ? status : 1;
  }
  const values = splitRest(result.chars, ifs, names.length);
  for (let k = 0; k < names.length; k++) {
    if (!assign(names[k]!, values[k] ?? '')) return 1;
  }
  return status;
}
