// One way to write a GNU-style command: declare its options, get getopt_long's parsing, GNU's
// diagnostics, --help and --version, and a typed view of what was given.
//
//   import { defineCommand, flag, reject } from '../internal/command.js';
//
//   export const rev = defineCommand({
//     name: 'rev',
//     summary: 'reverse lines characterwise',
//     help: REV_USAGE,
//     // long options in the GNU tool's table order: the ambiguity message lists them in it
//     flags: {
//       zero: flag.boolean('-z --zero-terminated'),
//       width: flag.value('-w --width', (text) => (/^[0-9]+$/.test(text) ? Number(text) : reject(`invalid width: ${quote(text)}`))),
//     },
//     run(ctx, { flags, operands }) {
//       flags.zero;   // boolean
//       flags.width;  // number | undefined, checked where getopt met it
//       …
//     },
//   });
//
// The framework answers before `run` is called: a bad option (`NAME: invalid option -- 'k'` and
// the Try line, the usage status), a bad value (the parse function's reject), --help (the help
// text on stdout, 0) and --version (`NAME (rshell) 0.1.0`, 0), in the order GNU's getopt loop
// meets them: --help acts when reached, so `cut --help --bogus` prints help and
// `head -n 3x --help` reports the count. POSIXLY_CORRECT (from ctx.getEnv) stops at the first
// operand. The scan is flags.ts's (glibc's rules and texts); yargs-parser builds the flags object.
//
// Flag kinds (`flag.*`), each spelled as in the --help text ('-n --number', '---presume-input-pipe'
// for a long name that starts with '-', '' for a flag only `claim` records):
//   boolean  → boolean               counter → number (occurrences)
//   string   → string | undefined (last wins)     list → string[] (every value, in order)
//   optional → string | true | undefined (`--color[=WHEN]`: true given bare, '' for `--color=`)
//   value(spelling, parse)   → T | undefined: parse(text, spelled) returns T or reject(…),
//                              called where getopt meets the option (errors come in GNU's order;
//                              reject(…, { fatal: false }) reports and lets the scan go on)
//   values(spelling, parse)  → T[]
//   choice(spelling, table)  → T | undefined, gnulib argmatch over `table` (exact word or a
//                              prefix with one meaning; argmatch_die's text, status 1)
//   value/choice with { bare } take an optional argument: the bare form gives `bare`
//   digits(parse?)           → digit runs in short clusters (`head -5`, `uniq -3`, `grep -2`)
//   help(spelling?), version(spelling?): where the table has them (default: `--help` and
//                              `--version` appended, as coreutils' GETOPT_HELP_OPTION_DECL);
//                              { deferred: true }: answered after the whole command line is
//                              read and checked (grep's show_help/show_version)
// `order` lists every occurrence in command-line order, typed by flag, for commands whose getopt
// loop acts at option time (`cut: only one list may be specified`, -f/-i cancelling each other).
//
// A command whose command line is not getopt's (find's expression, ps's option styles, ip's
// OBJECT COMMAND words) is declared with defineRawCommand (raw-command.ts, re-exported here): it
// parses its own arguments and answers --help/--version through the framework.

import type { CallContext, Command } from '../types.js';
import { argmatch, argmatchMessage } from './argmatch.js';
import {
  defineFlags, parseFlags, versionText, writeUsageError,
  type Claimer, type FlagDef, type FlagKind, type FlagSpec, type Occurrence, type ParseResult,
} from './flags.js';
import { writeThen } from './print.js';

export { versionText, writeUsageError };
export { defineRawCommand } from './raw-command.js';

// ---------------------------------------------------------------- rejected values

const REJECTED: unique symbol = Symbol('rejected');

/** what a parse function returns for a value GNU refuses (see `reject`) */
export class Reject {
  /** brands the class, so that no parsed value type is mistaken for it */
  readonly [REJECTED] = true;
  constructor(
    /** the text after `NAME: ` */
    readonly message: string,
    /** followed by the Try line (through the command's usageError), as GNU's usage() */
    readonly usage: boolean,
    /** the exit status; undefined: the command's usageStatus */
    readonly status: number | undefined,
    /** false: reported where met, the scan goes on, the command fails after it (see `reject`) */
    readonly fatal: boolean = true,
  ) {}
}

/**
 * A refused option value, reported as `NAME: message` (with `usage`: the command's usage error,
 * i.e. the Try line) and the command's usage status unless `status` says otherwise.
 *
 * `fatal: false` is GNU's `error (0, …); ok = false;` inside the option loop (du's bad -d): the
 * message is printed where getopt meets the value, the option keeps no value, the scan goes on,
 * and whatever ends it is answered after the message (a later bad option, --help); a scan that
 * completes then fails without calling `run`: with `usage`, the command's usage error without a
 * message (GNU's `if (!ok) usage (EXIT_FAILURE)`, the Try line alone), else just the status.
 */
export function reject(message: string, opts: { usage?: boolean; status?: number; fatal?: boolean } = {}): Reject {
  return new Reject(message, opts.usage === true, opts.status, opts.fatal !== false);
}

// ---------------------------------------------------------------- flag declarations

type Parse<T> = (text: string, spelled: string) => T | Reject;

declare const TYPES: unique symbol;

/** a declared flag; V is its type in `flags`, O the type of its occurrences' `value` in `order` */
export interface Flag<V, O> {
  readonly kind: FlagKind;
  readonly role: 'help' | 'version' | 'digits' | undefined;
  readonly short: string;
  readonly long: readonly string[];
  readonly parse: ((text: string, spelled: string) => unknown) | undefined;
  /** the value of an optional argument given bare (value/choice with { bare }) */
  readonly bare: unknown;
  readonly shortBare: boolean;
  /** help: the status after the help text (net-tools' hostname says 255) */
  readonly status: number;
  /** help/version: answered after the scan, not where getopt meets it */
  readonly deferred: boolean;
  /** type-level only: never set */
  readonly [TYPES]?: { readonly flag: V; readonly occurrence: O };
}

type AnyFlag = Flag<unknown, unknown>;
export type FlagTable = Readonly<Record<string, AnyFlag>>;

/** `opts.flags`: each flag's value, typed from its declaration */
export type FlagsOf<F> = { readonly [K in keyof F]: F[K] extends Flag<infer V, unknown> ? V : never };

/** one element of `opts.order`, a union discriminated by `name` */
export type OccurrenceOf<F> = {
  [K in keyof F & string]: {
    readonly name: K;
    readonly value: F[K] extends Flag<unknown, infer O> ? O : never;
    /** as the user spelled it: '-n', '--lines' (the full name, even when abbreviated) */
    readonly spelled: string;
  };
}[keyof F & string];

/** split "-n --number" into short letters and long names */
function spelling(text: string): { short: string; long: string[] } {
  let short = '';
  const long: string[] = [];
  for (const word of text.split(/[\s,]+/)) {
    if (word === '') continue;
    if (word.startsWith('--') && word.length > 2) long.push(word.slice(2));
    else if (word.length === 2 && word[0] === '-' && word[1] !== '-') short += word[1];
    // a declaration mistake, met when the module loads (every command's tests load it)
    else throw new Error(`flag spelling ${JSON.stringify(text)}: ${JSON.stringify(word)} is neither -X nor --NAME`);
  }
  return { short, long };
}

interface MakeOptions {
  role?: Flag<unknown, unknown>['role'];
  parse?: (text: string, spelled: string) => unknown;
  bare?: unknown;
  shortBare?: boolean;
  status?: number;
  deferred?: boolean;
}

function make<V, O>(kind: FlagKind, text: string, o: MakeOptions = {}): Flag<V, O> {
  return {
    kind,
    role: o.role,
    ...spelling(text),
    parse: o.parse,
    bare: o.bare,
    shortBare: o.shortBare === true,
    status: o.status ?? 0,
    deferred: o.deferred === true,
  };
}

interface OptionalArgument<T> {
  /** the value given bare: the argument becomes optional (`--opt[=ARG]`, `-oARG`) */
  bare?: T;
  /** the short form takes no argument (getopt "F" beside "classify" with optional_argument) */
  shortBare?: boolean;
}

/** argmatch over `table` as a parse function; the context is the option GNU names (`--time`) */
function argmatchParse<T>(table: Readonly<Record<string, T>>, option: string): Parse<T> {
  return (text) => {
    const m = argmatch(table, text);
    // argmatch_die: usage(EXIT_FAILURE), whatever the tool's usage status
    return m.ok ? m.value : reject(argmatchMessage(m.kind, text, option, table), { usage: true, status: 1 });
  };
}

function digits(): Flag<string | undefined, string>;
function digits<T>(parse: Parse<T>): Flag<T | undefined, T>;
function digits<T>(parse?: Parse<T>): Flag<unknown, unknown> {
  return make('string', '', { role: 'digits', ...(parse === undefined ? {} : { parse }) });
}

export const flag = {
  /** given or not */
  boolean: (text: string): Flag<boolean, undefined> => make('boolean', text),
  /** how many times given (-v -v) */
  counter: (text: string): Flag<number, undefined> => make('counter', text),
  /** a required argument; the last one wins */
  string: (text: string): Flag<string | undefined, string> => make('string', text),
  /** a required argument; every one, in order */
  list: (text: string): Flag<string[], string> => make('array', text),
  /**
   * an optional argument, taken only when attached (`--color=WHEN`, `-iSUFFIX`): `true` given
   * bare, the string otherwise (`--opt=` gives '', which argmatch calls ambiguous)
   */
  optional: (text: string, o: { shortBare?: boolean } = {}): Flag<string | true | undefined, string | undefined> =>
    make('optional', text, { shortBare: o.shortBare === true }),
  /** a required argument checked by `parse` where getopt meets it; the last one wins */
  value: <T>(text: string, parse: Parse<T>, o: OptionalArgument<T> = {}): Flag<T | undefined, T> =>
    make(o.bare === undefined ? 'string' : 'optional', text, { parse, bare: o.bare, shortBare: o.shortBare === true }),
  /** a required argument checked by `parse`; every one, in order */
  values: <T>(text: string, parse: Parse<T>): Flag<T[], T> => make('array', text, { parse }),
  /**
   * a word from `table` (gnulib XARGMATCH: the exact word or an unambiguous prefix; synonyms
   * share a value and are listed together in the error). `option` is the name the error gives,
   * the first long name by default (else the first short one).
   */
  choice: <const T>(text: string, table: Readonly<Record<string, T>>, o: OptionalArgument<T> & { option?: string } = {}): Flag<T | undefined, T> => {
    const spelled = spelling(text);
    const option = o.option ?? (spelled.long[0] !== undefined ? `--${spelled.long[0]}` : `-${spelled.short[0] ?? ''}`);
    return make(o.bare === undefined ? 'string' : 'optional', text, { parse: argmatchParse(table, option), bare: o.bare, shortBare: o.shortBare === true });
  },
  /** runs of digits in short clusters, one occurrence per run (getopt's "0123456789" letters) */
  digits,
  /**
   * --help where the table has it: the help text on stdout, then `status` (0). `deferred`: the
   * getopt loop only notes it and the command acts on it after the loop, once every option was
   * read and checked (GNU grep: `grep --help --bogus` reports the bad option); a deferred
   * --version is answered before a deferred --help (grep's order)
   */
  help: (text = '--help', o: { status?: number; deferred?: boolean } = {}): Flag<boolean, undefined> =>
    make('boolean', text, { role: 'help', status: o.status ?? 0, deferred: o.deferred === true }),
  /** --version where the table has it: versionText(name), 0; `deferred` as for help */
  version: (text = '--version', o: { deferred?: boolean } = {}): Flag<boolean, undefined> =>
    make('boolean', text, { role: 'version', deferred: o.deferred === true }),
};

// ---------------------------------------------------------------- the command

/** what `claim` makes of an argument (see ParseOptions.claim in flags.ts) */
export type Claim<F> =
  | { consumed: number; occurrence?: { name: keyof F & string; value: string | undefined; spelled: string } }
  | { operand: true }
  | { error: string };

export type Answer = number | Promise<number>;

/** what `run` receives */
export interface CommandLine<F> {
  flags: FlagsOf<F>;
  /** non-option arguments ('-' included), permuted as GNU does */
  operands: string[];
  /** every option occurrence in command-line order, values parsed */
  order: readonly OccurrenceOf<F>[];
  /** the arguments as given (binutils strings re-reads them) */
  args: readonly string[];
}

export interface CommandSpec<F extends FlagTable> {
  name: string;
  /** one line for `help` */
  summary: string;
  /** the --help text */
  help: string;
  /** in the GNU tool's long_options table order */
  flags: F;
  run(ctx: CallContext, cmd: CommandLine<F>): Answer;
  /** the status of a bad option and of a rejected value (GNU: 1; sort, grep, ls: 2) */
  usageStatus?: number;
  /**
   * how a usage error is reported: a bad option and a value rejected with `usage`. Default: GNU's
   * `NAME: message` and the Try line. grep adds its Usage line, procps prints its whole usage.
   */
  usageError?(ctx: CallContext, message: string, status: number): Answer;
  /** how a bad option is reported, when it is not as a usage error (rm names files like options) */
  badOption?(ctx: CallContext, message: string, args: readonly string[]): Answer;
  /**
   * false: no --help/--version from the framework (the command declares its own, or has none).
   * 'alone': gnulib's parse_long_options, for a command with no options (expr): --help and
   * --version (or a prefix of one) count only as the one argument, and every other argument is
   * an operand, whatever it looks like (`expr -1 + 1`, `expr --help 1`); `flags` is empty.
   */
  helpVersion?: boolean | 'alone';
  /** options end at the first operand even without POSIXLY_CORRECT (getopt's "+" optstrings) */
  stopAtFirstOperand?: boolean;
  /**
   * Called once per run; the claimer it returns is offered each argument before getopt's rules
   * apply (obsolete `+POS` operands of sort and uniq, head's `-5`, seq's `-1` operands).
   */
  claim?(ctx: CallContext): ((args: readonly string[], i: number) => Claim<F> | undefined) | undefined;
  /**
   * The checks GNU's getopt loop makes across options as it goes (cut's "only one list"), given
   * the occurrences before whatever ended the scan (a bad option, a rejected value, --help,
   * --version, a deferred --help or --version after the whole line): a status when one failed
   * and was reported, which then is all that happens; undefined to go on to what ended the scan,
   * after reporting what GNU's loop reports and goes on from (od's bad -t types, xargs' warnings).
   * Values checked one by one belong in `flag.value`'s parse instead.
   */
  checkBefore?(ctx: CallContext, before: readonly OccurrenceOf<F>[]): number | Promise<number | undefined> | undefined;
  /** checks on the raw arguments before any option is read (binutils' @FILE expansion) */
  preflight?(ctx: CallContext, args: readonly string[]): Answer | undefined;
}

/** the parts of a spec the engine uses (the untyped parseGnuArgs builds one too) */
interface Engine {
  readonly name: string;
  readonly help: string;
  readonly flagSpec: FlagSpec;
  /** flags whose values are parsed (or given bare a value) where getopt meets them */
  readonly checked: ReadonlyMap<string, AnyFlag>;
  readonly helpKey: string | undefined;
  readonly versionKey: string | undefined;
  readonly helpStatus: number;
  /** deferred help/version keys, in the order they are answered after the scan */
  readonly deferred: readonly { key: string; kind: 'help' | 'version' }[];
  /** helpVersion: 'alone' */
  readonly alone: boolean;
  readonly usageStatus: number;
  usageError(ctx: CallContext, message: string, status: number): Answer;
  badOption(ctx: CallContext, message: string, args: readonly string[]): Answer;
  readonly claim: ((ctx: CallContext) => Claimer | undefined) | undefined;
  readonly checkBefore: ((ctx: CallContext, before: readonly Occurrence[]) => number | Promise<number | undefined> | undefined) | undefined;
}

type Parsed = Extract<ParseResult, { ok: true }>;

/** Declare a command: its options, its --help text and what it does with them. */
export function defineCommand<F extends FlagTable>(spec: CommandSpec<F>): Command {
  const engine = compile(spec);
  const run = spec.run.bind(spec);
  const preflight = spec.preflight;
  return {
    name: spec.name,
    summary: spec.summary,
    usage: spec.help,
    run(ctx, args) {
      if (preflight !== undefined) {
        const refused = preflight(ctx, args);
        if (refused !== undefined) return refused;
      }
      const r = engine.alone ? helpVersionAlone(ctx, engine, args) : parseCommandLine(ctx, engine, args);
      if (typeof r === 'number' || r instanceof Promise) return r;
      // the engine built `flags` and `order` from the declaration F describes
      return run(ctx, { flags: r.flags as FlagsOf<F>, operands: r.operands, order: typedOrder<F>(r.order), args });
    },
  };
}

/** the scanner's occurrences seen through the declaration: names are F's keys, values parsed */
function typedOrder<F>(order: readonly Occurrence[]): readonly OccurrenceOf<F>[] {
  return order as unknown as readonly OccurrenceOf<F>[];
}

function compile<F extends FlagTable>(spec: CommandSpec<F>): Engine {
  const table: [string, AnyFlag][] = Object.entries(spec.flags);
  const alone = spec.helpVersion === 'alone';
  if (alone && table.length > 0) throw new Error(`${spec.name}: helpVersion 'alone' takes no flags`);
  if (spec.helpVersion !== false) {
    if (!table.some(([, f]) => f.role === 'help')) table.push(['help', flag.help()]);
    if (!table.some(([, f]) => f.role === 'version')) table.push(['version', flag.version()]);
  }
  const keys = new Set<string>();
  const defs: FlagDef[] = [];
  const checked = new Map<string, AnyFlag>();
  let digitsFlag: string | undefined;
  let helpKey: string | undefined;
  let versionKey: string | undefined;
  let helpStatus = 0;
  const deferred: { key: string; kind: 'help' | 'version' }[] = [];
  for (const [key, f] of table) {
    if (keys.has(key)) throw new Error(`${spec.name}: flag ${key} declared twice`);
    keys.add(key);
    defs.push({
      name: key,
      short: f.short,
      long: [...f.long],
      kind: f.kind,
      ...((f.role === 'help' || f.role === 'version') && !f.deferred ? { immediate: true } : {}),
      ...(f.shortBare ? { shortBare: true } : {}),
    });
    if (f.parse !== undefined || f.bare !== undefined) checked.set(key, f);
    if (f.role === 'digits') {
      if (digitsFlag !== undefined) throw new Error(`${spec.name}: two digits flags`);
      digitsFlag = key;
    } else if (f.role === 'help') {
      helpKey = key;
      helpStatus = f.status;
    } else if (f.role === 'version') versionKey = key;
    if (f.deferred && (f.role === 'help' || f.role === 'version')) deferred.push({ key, kind: f.role });
  }
  // version first, as grep's main() looks at show_version before show_help
  deferred.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'version' ? -1 : 1));
  const flagSpec = defineFlags({
    flags: defs,
    ...(spec.stopAtFirstOperand === true ? { stopAtFirstOperand: true } : {}),
    ...(digitsFlag === undefined ? {} : { digitsFlag }),
  });
  const usageStatus = spec.usageStatus ?? 1;
  const usageError = spec.usageError?.bind(spec) ?? writeUsageError;
  const badOption = spec.badOption?.bind(spec);
  const checkBefore = spec.checkBefore?.bind(spec);
  return {
    name: spec.name,
    help: spec.help,
    flagSpec,
    checked,
    helpKey,
    versionKey,
    helpStatus,
    deferred,
    alone,
    usageStatus,
    usageError,
    badOption: badOption ?? ((ctx, message) => usageError(ctx, message, usageStatus)),
    claim: spec.claim?.bind(spec),
    // the typed occurrences are these very objects, values parsed
    checkBefore: checkBefore === undefined ? undefined : (ctx, before) => checkBefore(ctx, typedOrder<F>(before)),
  };
}

/** why the scan ended before its end, besides a rejected value */
type Stop =
  | { kind: 'option'; message: string }
  | { kind: 'claim'; message: string }
  | { kind: 'help' }
  | { kind: 'version' };

/**
 * The arguments as GNU's getopt loop reads them: the parsed command line, or the status once a
 * bad option, a bad value, --help or --version has been answered. Synchronous unless an answer
 * has to wait for its stream.
 */
function parseCommandLine(ctx: CallContext, e: Engine, args: readonly string[]): Parsed | Answer {
  const r = parseFlags(e.flagSpec, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined, claim: e.claim?.(ctx) });
  const order = r.order;
  /** the occurrences GNU's loop got through */
  let end = order.length;
  let stop: Stop | undefined;
  if (!r.ok) stop = r.plain === true ? { kind: 'claim', message: r.message } : { kind: 'option', message: r.message };
  else if (end > 0 && e.flagSpec.immediate.size > 0) {
    const last = order[end - 1]!.name;
    if (last === e.helpKey) stop = { kind: 'help' };
    else if (last === e.versionKey) stop = { kind: 'version' };
    if (stop !== undefined) end--;
  }
  let rejected: Reject | undefined;
  /** the values refused without ending the scan, in order */
  let noted: Reject[] | undefined;
  if (e.checked.size > 0) {
    // reset what yargs made of the checked flags' text: the parsed values replace it
    const flags: Record<string, unknown> | undefined = r.ok ? r.flags : undefined;
    if (flags !== undefined) for (const [key, f] of e.checked) flags[key] = f.kind === 'array' ? [] : undefined;
    for (let k = 0; k < end; k++) {
      const o: { name: string; value: unknown; spelled: string } = order[k]!;
      const f = e.checked.get(o.name);
      if (f === undefined) continue;
      const v = typeof o.value === 'string' && f.parse !== undefined ? f.parse(o.value, o.spelled) : f.bare;
      if (v instanceof Reject) {
        if (v.fatal) {
          rejected = v;
          end = k;
          break;
        }
        // reported, and gone from `order` and `flags`: GNU's loop kept no value for it
        (noted ??= []).push(v);
        order.splice(k--, 1);
        end--;
        continue;
      }
      o.value = v;
      if (flags === undefined) continue;
      const list = flags[o.name];
      if (Array.isArray(list)) list.push(v);
      else flags[o.name] = v;
    }
  }
  if (r.ok && stop === undefined && rejected === undefined && noted === undefined) {
    // the whole line read and checked: a deferred --help/--version is answered now (grep's
    // show_version before show_help)
    for (let k = 0; k < e.deferred.length; k++) {
      const d = e.deferred[k]!;
      if (r.flags[d.key] === true) {
        stop = { kind: d.kind };
        break;
      }
    }
    if (stop === undefined) return r;
  }
  if (noted === undefined) return checkThenAnswer(ctx, e, args, order.slice(0, end), rejected, stop);
  const first = noted[0]!; // made with its first entry
  const text = noted.map((n) => `${ctx.name}: ${n.message}\n`).join('');
  const after = (): Answer => {
    if (r.ok && stop === undefined && rejected === undefined) {
      // the loop completed: GNU's `if (!ok) usage (EXIT_FAILURE)`
      const status = first.status ?? e.usageStatus;
      return first.usage ? e.usageError(ctx, '', status) : status;
    }
    return checkThenAnswer(ctx, e, args, order.slice(0, end), rejected, stop);
  };
  const p = ctx.stderr.writeString(text);
  return p ? p.then(after) : after();
}

/** checkBefore over the occurrences GNU's loop got through, then the answer to what ended it */
function checkThenAnswer(
  ctx: CallContext, e: Engine, args: readonly string[], before: readonly Occurrence[], rejected: Reject | undefined, stop: Stop | undefined,
): Answer {
  const status = e.checkBefore === undefined || before.length === 0 ? undefined : e.checkBefore(ctx, before);
  if (status instanceof Promise) return status.then((s) => s ?? answer(ctx, e, args, rejected, stop));
  return status ?? answer(ctx, e, args, rejected, stop);
}

const NO_FLAGS: Parsed['flags'] = Object.freeze(Object.create(null) as Parsed['flags']);
const NO_ORDER: Parsed['order'] = [];
Object.freeze(NO_ORDER);

/**
 * gnulib's parse_long_options (helpVersion: 'alone'): a lone `--help`/`--version` (or a prefix,
 * no `=value`) is answered; anything else, that argument included, is an operand, with no
 * diagnostic (opterr is off there). The arguments are the operands as they are: nothing is
 * built per call (expr runs in shell loops).
 */
function helpVersionAlone(ctx: CallContext, e: Engine, args: string[]): Parsed | Answer {
  const a = args.length === 1 ? args[0]! : '';
  if (a.length > 2 && a.startsWith('--')) {
    const r = parseFlags(e.flagSpec, args);
    const name = r.ok && r.order.length === 1 ? r.order[0]!.name : undefined;
    if (name !== undefined && name === e.helpKey) return answer(ctx, e, args, undefined, { kind: 'help' });
    if (name !== undefined && name === e.versionKey) return answer(ctx, e, args, undefined, { kind: 'version' });
  }
  return { ok: true, flags: NO_FLAGS, operands: args, order: NO_ORDER };
}

/** what ended the scan, reported as GNU does */
function answer(ctx: CallContext, e: Engine, args: readonly string[], rejected: Reject | undefined, stop: Stop | undefined): Answer {
  if (rejected !== undefined) {
    const status = rejected.status ?? e.usageStatus;
    if (rejected.usage) return e.usageError(ctx, rejected.message, status);
    return writeThen(ctx.stderr, `${ctx.name}: ${rejected.message}\n`, status);
  }
  switch (stop?.kind) {
    case 'option':
      return e.badOption(ctx, stop.message, args);
    case 'claim':
      return writeThen(ctx.stderr, `${ctx.name}: ${stop.message}\n`, e.usageStatus);
    case 'help':
      return writeThen(ctx.stdout, e.help, e.helpStatus);
    case 'version':
      return writeThen(ctx.stdout, versionText(e.name), 0);
    default:
      return 0;
  }
}
