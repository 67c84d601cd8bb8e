// xargs: build command lines from input items and run them through ctx.exec — the same
// allowed-commands policy as the script, so `xargs sh -c …` or `xargs /bin/rm` cannot reach a
// program (there are none). Commands run one at a time (-P is accepted and runs sequentially);
// -p/-o (a terminal) and --process-slot-var/--show-limits are refused. Exit statuses as GNU:
// 123 when a command exited 1–125, 124 for 255, 125 for a signal, 126/127 when it could not run.

import { fsErrorOf } from '../internal/errors.js';
import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, type CommandLine, type OccurrenceOf, type Reject } from '../internal/command.js';
import { quote, quoteShellEscape } from '../internal/quote.js';
import { ItemParser, type ItemMode } from './items.js';
import { XARGS_USAGE } from './usage.js';

/** GNU's default and ceiling for -s (bytes of a command line, NULs included) */
const DEFAULT_MAX_CHARS = 131072;
const MAX_MAX_CHARS = 2093833;

interface Settings {
  mode: ItemMode;
  eofStr: string | undefined;
  replace: string | undefined;
  maxArgs: number | undefined;
  maxLines: number | undefined;
  maxChars: number;
  noRunIfEmpty: boolean;
  verbose: boolean;
  exitOnSize: boolean;
  argFile: string | undefined;
}

/** GNU's -P ceiling (INT_MAX) */
const MAX_PROCS = 2147483647;

/**
 * -n/-L/-l/-P values as GNU's parse_num: strtol (leading blanks, a sign, saturating at LONG_MAX,
 * so -n 99999999999999999999 just means "no limit"), then the bounds; `max` undefined means none.
 * The message quotes the argument as given and names the short option, as spelled or not.
 */
function count(letter: string, min: number, max?: number): (v: string) => number | Reject {
  return (v) => {
    const bad = countError(v, letter, min, max);
    return bad === undefined ? Math.min(Number(v), Number.MAX_SAFE_INTEGER) : reject(bad, { usage: true });
  };
}

function countError(v: string, letter: string, min: number, max: number | undefined): string | undefined {
  if (!/^\s*[-+]?[0-9]+$/.test(v)) return `invalid number "${v}" for -${letter} option`;
  const n = Number(v);
  if (n < min) return `value ${v} for -${letter} option should be >= ${min}`;
  if (max !== undefined && n > max) return `value ${v} for -${letter} option should be <= ${max}`;
  return undefined;
}

/** -s: GNU clamps an out-of-range value with a message and goes on; not a number is fatal */
function maxChars(v: string): { chars: number; warning: string | undefined } | Reject {
  const bad = countError(v, 's', 1, MAX_MAX_CHARS);
  if (bad === undefined) return { chars: Math.min(Number(v), Number.MAX_SAFE_INTEGER), warning: undefined };
  if (!bad.includes('should be')) return reject(bad, { usage: true });
  return { chars: bad.includes('>=') ? 1 : MAX_MAX_CHARS, warning: bad };
}

const DELIM_ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 0x5c };

/**
 * -d: one character, or an escape (findutils get_input_delimiter): the letter after the backslash
 * decides whatever follows it (`\nx` is a newline); `\x…` and `\DIGIT…` are read by strtoul in
 * base 16 or 8 and must end there and fit a byte
 */
function delimiter(s: string): number | Reject {
  const bytes = Buffer.from(s, 'utf8');
  if (bytes.length === 1) return bytes[0]!;
  if (s[0] !== '\\') {
    return reject(`Invalid input delimiter specification ${s}: the delimiter must be either a single character or an escape sequence starting with \\.`);
  }
  const letter = s[1] ?? '';
  const named = DELIM_ESCAPES[letter];
  if (named !== undefined) return named;
  const hex = letter === 'x';
  if (!hex && !(letter >= '0' && letter <= '9')) return reject(`Invalid escape sequence ${s} in input delimiter specification.`);
  const r = strtoulByte(s, hex ? 2 : 1, hex ? 16 : 8);
  if (r.value > 0xff) {
    return reject(`Invalid escape sequence ${s} in input delimiter specification; character values must not exceed ${hex ? 'ff' : '377'}.`);
  }
  if (r.end < s.length) {
    return reject(`Invalid escape sequence ${s} in input delimiter specification; trailing characters ${s.slice(r.end)} not recognised.`);
  }
  return r.value;
}

/**
 * glibc strtoul(s + at, &end, base) for base 8 or 16 (blanks, a sign, 0x before a hex digit),
 * its value saturated at 256: past a byte (a negative one too) is all that matters here
 */
function strtoulByte(s: string, at: number, base: 8 | 16): { value: number; end: number } {
  let i = at;
  while (i < s.length && ' \t\n\v\f\r'.includes(s.charAt(i))) i++;
  const negative = s[i] === '-';
  if (negative || s[i] === '+') i++;
  if (base === 16 && s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X') && digitOf(s.charAt(i + 2)) < 16) i += 2;
  const start = i;
  let value = 0;
  for (let d = digitOf(s.charAt(i)); d < base; d = digitOf(s.charAt(++i))) value = Math.min(value * base + d, 256);
  if (i === start) return { value: 0, end: at };
  return { value: negative && value !== 0 ? 256 : value, end: i };
}

/** a character's value as a digit (up to f), else 99 */
function digitOf(c: string): number {
  const d = '0123456789abcdef'.indexOf(c.toLowerCase());
  return c === '' || d < 0 ? 99 : d;
}

// findutils 4.9's long options in its table order; values checked where its getopt loop does
const FLAGS = {
  null: flag.boolean('-0 --null'),
  argFile: flag.string('-a --arg-file'),
  delimiter: flag.value('-d --delimiter', delimiter),
  eofE: flag.string('-E'),
  eof: flag.optional('-e --eof'),
  replaceI: flag.string('-I'),
  replace: flag.optional('-i --replace'),
  maxLines: flag.value('-L', count('L', 1)),
  // GNU: --max-lines is -l (optional value, default 1), not -L
  lines: flag.value('-l --max-lines', count('l', 1), { bare: 1 }),
  maxArgs: flag.value('-n --max-args', count('n', 1)),
  openTty: flag.boolean('-o --open-tty'),
  interactive: flag.boolean('-p --interactive'),
  noRunIfEmpty: flag.boolean('-r --no-run-if-empty'),
  maxChars: flag.value('-s --max-chars', maxChars),
  verbose: flag.boolean('-t --verbose'),
  showLimits: flag.boolean('--show-limits'),
  exit: flag.boolean('-x --exit'),
  maxProcs: flag.value('-P --max-procs', count('P', 0, MAX_PROCS)),
  slotVar: flag.string('--process-slot-var'),
  version: flag.version(),
  help: flag.help(),
};

type Occurrence = OccurrenceOf<typeof FLAGS>;

const REFUSED: Partial<Record<Occurrence['name'], string>> = {
  interactive: '-p/--interactive is refused: rshell scripts have no terminal to ask on',
  openTty: '-o/--open-tty is refused: rshell scripts have no terminal',
  showLimits: '--show-limits is refused: rshell has no system argument-length limits to show',
  slotVar: '--process-slot-var is refused: rshell runs commands one at a time',
};

/** findutils 4.9's warn_mutually_exclusive(option, offending) */
const exclusive = (option: string, offending: string): string =>
  `warning: options ${offending} and ${option} are mutually exclusive, ignoring previous ${offending} value`;

/** how GNU names each of -L, -l, -n when it overrides another mode */
const MODE_NAMES = { maxLines: '-L', lines: '--max-lines/-l', maxArgs: '--max-args/-n' } as const;

/**
 * The settings the options make, in order, with the warnings GNU's loop prints as it goes (-I,
 * -L/-l and -n cancelling each other, an -s out of range). `refuse`: stop at rshell's first
 * refused option (GNU knows them all: they are skipped when only GNU's loop is replayed).
 */
function settingsFrom(order: readonly Occurrence[], warnings: string[], refuse: boolean): Settings | { fatal: string } {
  const s: Settings = {
    mode: { kind: 'blank' }, eofStr: undefined, replace: undefined, maxArgs: undefined, maxLines: undefined,
    maxChars: DEFAULT_MAX_CHARS, noRunIfEmpty: false, verbose: false, exitOnSize: false, argFile: undefined,
  };
  let delim: ItemMode | undefined;
  for (const o of order) {
    const refusal = REFUSED[o.name];
    if (refusal !== undefined && refuse) return { fatal: refusal };
    switch (o.name) {
      case 'null':
        delim = { kind: 'delim', byte: 0 };
        break;
      case 'delimiter':
        delim = { kind: 'delim', byte: o.value };
        break;
      case 'argFile':
        s.argFile = o.value;
        break;
      case 'eofE':
        // findutils: an empty -E END means no end-of-file string at all
        s.eofStr = o.value === '' ? undefined : o.value;
        break;
      case 'eof':
        s.eofStr = o.value === undefined || o.value === '' ? undefined : o.value;
        break;
      // -I, -L/-l and -n exclude each other: the last one given wins, with a warning for the
      // one it cancels (findutils 4.9), except that -n1 after -I is ignored
      case 'replaceI':
      case 'replace':
        s.replace = o.value === undefined ? '{}' : o.value;
        if (s.maxArgs !== undefined) warnings.push(exclusive('--replace/-I/-i', '--max-args'));
        if (s.maxLines !== undefined) warnings.push(exclusive('--replace/-I/-i', '--max-lines'));
        s.maxArgs = undefined;
        s.maxLines = undefined;
        break;
      case 'maxLines':
      case 'lines':
        s.maxLines = o.value;
        if (s.maxArgs !== undefined) warnings.push(exclusive(MODE_NAMES[o.name], '--max-args'));
        if (s.replace !== undefined) warnings.push(exclusive(MODE_NAMES[o.name], '--replace'));
        s.maxArgs = undefined;
        s.replace = undefined;
        break;
      case 'maxArgs': {
        const n = o.value;
        s.maxArgs = n;
        if (s.maxLines !== undefined) warnings.push(exclusive(MODE_NAMES.maxArgs, '--max-lines'));
        s.maxLines = undefined;
        if (s.replace !== undefined) {
          if (n === 1) s.maxArgs = undefined;
          else {
            warnings.push(exclusive(MODE_NAMES.maxArgs, '--replace'));
            s.replace = undefined;
          }
        }
        break;
      }
      case 'maxChars':
        if (o.value.warning !== undefined) warnings.push(o.value.warning);
        s.maxChars = o.value.chars;
        break;
      case 'noRunIfEmpty':
        s.noRunIfEmpty = true;
        break;
      case 'verbose':
        s.verbose = true;
        break;
      case 'exit':
        s.exitOnSize = true;
        break;
    }
  }
  // GNU: -I and -L imply -x
  if (s.replace !== undefined || s.maxLines !== undefined) s.exitOnSize = true;
  if (delim !== undefined) {
    s.mode = delim;
    if (s.eofStr !== undefined) warnings.push('warning: the -E option has no effect if -0 or -d is used.\n');
    s.eofStr = undefined;
  } else if (s.replace !== undefined) s.mode = { kind: 'line' };
  return s;
}

const argBytes = (a: string): number => Buffer.byteLength(a, 'utf8') + 1;

class Runner {
  status = 0;
  stopped = false;
  ran = false;
  private items: string[] = [];
  private size: number;
  private lines = 0;
  private readonly baseSize: number;
  /** -I: input lines read so far (GNU's per-line limit counts the command name after the first) */
  private replaceLines = 0;
  /** runs (or, as a string, a warning for stderr) queued while the parser is inside a synchronous feed() */
  private readonly queue: (string[] | string)[] = [];

  constructor(
    private readonly ctx: CallContext,
    private readonly s: Settings,
    /** the command and its initial arguments (echo by default) */
    private readonly command: readonly [string, ...string[]],
  ) {
    this.baseSize = command.reduce((n, a) => n + argBytes(a), 0);
    this.size = this.baseSize;
  }

  fatal: string | undefined;
  /** a command could not be run (126, 127): GNU exits at once, before any later message */
  aborted = false;

  /** the command and its initial arguments alone exceed -s */
  get baseTooLong(): boolean {
    // with -I GNU pushes nothing up front: the command name is checked when a line comes (lineEnd)
    if (this.s.replace !== undefined) return false;
    return this.baseSize > this.s.maxChars;
  }

  /**
   * GNU's read_line/read_string buffer: one item may hold at most -s minus the initial
   * arguments minus its NUL (with -I, minus the command name once a line has been read).
   */
  private get itemLimit(): number {
    if (this.s.replace === undefined) return this.s.maxChars - this.baseSize - 1;
    return this.s.maxChars - 1 - (this.replaceLines > 0 ? argBytes(this.command[0]) : 0);
  }

  /**
   * GNU exits 1 after a fatal message, but its atexit wait turns that into its child_error
   * (123, or 124/125 for a status 255 or a signal) once any command has failed.
   */
  get fatalStatus(): number {
    return this.status >= 123 && this.status <= 125 ? this.status : 1;
  }

  /** the items read so far go to one last command line (GNU's exec_if_possible) */
  runPending(): void {
    this.cut();
  }

  /** stop with a message; `runPending`: GNU's exec_if_possible runs the items already read */
  private fail(message: string, runPending: boolean): void {
    if (runPending && this.s.replace === undefined && !this.s.exitOnSize) this.runPending();
    this.items = [];
    this.fatal = message;
    this.stopped = true;
  }

  /** an item the parser stopped holding: longer than any command line can be */
  itemTooLong(): void {
    this.fail('argument line too long', true);
  }

  item(text: string): void {
    if (this.stopped) return;
    const n = argBytes(text);
    if (n - 1 > this.itemLimit) {
      this.fail('argument line too long', true);
      return;
    }
    if (this.s.replace !== undefined) {
      this.items.push(text);
      return;
    }
    if (this.size + n > this.s.maxChars) {
      // the item limit above keeps a lone item within -s, so there is a pending command here;
      // -x with -n or -L (or -L alone) refuses to split it
      if (this.s.exitOnSize && (this.s.maxArgs !== undefined || this.s.maxLines !== undefined)) {
        this.fail('argument list too long', false);
        return;
      }
      this.cut();
    }
    this.items.push(text);
    this.size += n;
    if (this.s.maxArgs !== undefined && this.items.length >= this.s.maxArgs) this.cut();
  }

  lineEnd(): void {
    if (this.stopped) return;
    if (this.s.replace !== undefined) {
      const r = this.s.replace;
      if (argBytes(this.command[0]) > this.s.maxChars) {
        this.fail('cannot fit single argument within argument list size limit', false);
        return;
      }
      const arg = this.items.join(' ');
      this.items = [];
      this.replaceLines++;
      const argv = this.command.map((c, i) => (i === 0 ? c : c.split(r).join(arg)));
      // GNU's bc_do_insert: one argument after substitution must stay under -s minus 1, and the
      // whole command line within -s
      if (argv.some((a, i) => i > 0 && argBytes(a) > this.s.maxChars - 1)) this.fail('command too long', false);
      else if (argv.reduce((t, a) => t + argBytes(a), 0) > this.s.maxChars) this.fail('argument list too long', false);
      else this.queue.push(argv);
      return;
    }
    this.lines++;
    if (this.s.maxLines !== undefined && this.lines >= this.s.maxLines) this.cut();
  }

  nulByte(): void {
    this.queue.push(
      'xargs: WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?\n',
    );
  }

  /** close the current command line */
  cut(): void {
    if (this.items.length === 0) {
      this.lines = 0;
      return;
    }
    this.queue.push([...this.command, ...this.items]);
    this.items = [];
    this.lines = 0;
    this.size = this.baseSize;
  }

  /** run what the parser queued; false when xargs must stop */
  async drain(): Promise<boolean> {
    while (this.queue.length > 0) {
      const argv = this.queue.shift()!;
      if (typeof argv === 'string') {
        await this.ctx.stderr.writeString(argv);
        continue;
      }
      if (!(await this.run(argv))) {
        this.stopped = true;
        this.queue.length = 0;
        return false;
      }
    }
    return !this.stopped;
  }

  async runOnce(argv: string[]): Promise<void> {
    await this.run(argv);
  }

  private async run(argv: string[]): Promise<boolean> {
    const ctx = this.ctx;
    this.ran = true;
    ctx.checkAbort();
    if (this.s.verbose) {
      // findutils prints each argument in shell-escape quoting (`echo '' 'a b'`)
      const p = ctx.stderr.writeString(argv.map(quoteShellEscape).join(' ') + '\n');
      if (p) await p;
    }
    // GNU gives the command /dev/null as stdin, except with -a FILE: then it keeps xargs's own
    const stdin = this.s.argFile !== undefined && this.s.argFile !== '-' ? ctx.stdin : NO_INPUT;
    const status = await ctx.exec(argv, { stdin, notFoundMessage: XARGS_NOT_FOUND });
    if (status === 0) return true;
    if (status === 127 || status === 126) {
      this.status = status;
      this.aborted = true;
      return false;
    }
    if (status === 255) {
      await ctx.stderr.writeString(`xargs: ${argv[0]}: exited with status 255; aborting\n`);
      this.status = 124;
      return false;
    }
    if (status > 128) {
      await ctx.stderr.writeString(`xargs: ${argv[0]}: terminated by signal ${status - 128}\n`);
      this.status = 125;
      return false;
    }
    this.status = 123;
    return true;
  }
}

const NO_INPUT = { read: (): null => null };

/** the warnings GNU's loop printed */
async function printWarnings(ctx: CallContext, warnings: readonly string[]): Promise<void> {
  for (const w of warnings) await ctx.stderr.writeString(`xargs: ${w}\n`);
}

/** the warnings GNU's loop printed before whatever ended it (a bad option or value, --help) */
function warnBefore(ctx: CallContext, before: readonly Occurrence[]): Promise<undefined> | undefined {
  const warnings: string[] = [];
  settingsFrom(before, warnings, false);
  return warnings.length === 0 ? undefined : printWarnings(ctx, warnings).then(() => undefined);
}

/** execvp's ENOENT as GNU xargs words it */
const XARGS_NOT_FOUND = (name: string): string => `xargs: ${name}: No such file or directory`;

async function runXargs(ctx: CallContext, { operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  const warnings: string[] = [];
  const s = settingsFrom(order, warnings, true);
  await printWarnings(ctx, warnings);
  if ('fatal' in s) {
    await ctx.stderr.writeString(`xargs: ${s.fatal}\n`);
    return 1;
  }
  const [name = 'echo', ...initial] = operands;
  const command: [string, ...string[]] = [name, ...initial];
  let input = ctx.stdin;
  let close = (): void => {};
  if (s.argFile !== undefined && s.argFile !== '-') {
    const f = ctx.fs.open(s.argFile, { signal: ctx.signal });
    if (!f.ok) {
      await ctx.stderr.writeString(`xargs: Cannot open input file ${quote(s.argFile)}: ${f.error.detail ?? f.error.message}\n`);
      return 1;
    }
    input = f.value;
    close = () => f.value.close();
  }
  const runner = new Runner(ctx, s, command);
  if (runner.baseTooLong) {
    await ctx.stderr.writeString('xargs: cannot fit single argument within argument list size limit\n');
    return 1;
  }
  const parser = new ItemParser(s.mode, s.eofStr, runner, ctx.limits.maxLineBytes);
  // input that cannot be read (a directory) ends it as end of file does; GNU then says so
  let unreadable = false;
  try {
    while (!parser.done && !runner.stopped) {
      let chunk: Uint8Array | null;
      try {
        const r = input.read();
        chunk = r instanceof Promise ? await r : r;
      } catch (e) {
        if (fsErrorOf(e) === undefined) throw e;
        unreadable = true;
        chunk = null;
      }
      if (chunk === null) {
        parser.end();
        break;
      }
      parser.feed(chunk);
      if (!(await runner.drain())) break;
    }
  } finally {
    close();
  }
  // the parser holds at most maxLineBytes of one item (1 MiB), already past the largest -s (128
  // KiB): GNU's own error for an item that cannot fit, after the items before it ran
  if (parser.tooLong && !runner.stopped) {
    runner.itemTooLong();
    await runner.drain();
  }
  if (!runner.stopped) {
    // an unmatched quote: GNU's exec_if_possible runs the pending items, except under -x
    // (which -I and -L imply)
    if (parser.error === undefined || !s.exitOnSize) runner.runPending();
    await runner.drain();
  }
  // GNU runs the command once even without input (unless -r)
  if (!runner.stopped && !runner.ran && !s.noRunIfEmpty && s.replace === undefined && runner.fatal === undefined && parser.error === undefined) {
    await runner.runOnce(command);
  }
  if (runner.aborted) return runner.status;
  if (unreadable) {
    await ctx.stderr.writeString('xargs: error closing file\n');
    return 1;
  }
  if (parser.error !== undefined) {
    await ctx.stderr.writeString(
      `xargs: unmatched ${parser.error} quote; by default quotes are special to xargs unless you use the -0 option\n`,
    );
    return runner.fatalStatus;
  }
  if (runner.fatal !== undefined) {
    await ctx.stderr.writeString(`xargs: ${runner.fatal}\n`);
    return runner.fatalStatus;
  }
  return runner.status;
}

export const xargs = defineCommand({
  name: 'xargs',
  summary: 'build and run command lines from standard input',
  help: XARGS_USAGE,
  flags: FLAGS,
  // options end at the command (POSIXLY_CORRECT changes nothing)
  stopAtFirstOperand: true,
  checkBefore: warnBefore,
  run: runXargs,
});
