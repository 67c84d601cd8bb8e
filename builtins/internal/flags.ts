// GNU getopt_long behaviour and wording: the scanner under every builtin's options.
//
// Commands declare their options with defineCommand (command.ts), which builds a FlagSpec here
// and reads flags and order through their declared types. Commands not migrated yet still use
// this module directly:
//
//   const SPEC = defineFlags({ flags: [
//     // long names in the GNU tool's long_options table order: the order of the
//     // "option '--co' is ambiguous; possibilities: …" message follows it
//     { name: 'lines', short: 'n', long: 'lines', kind: 'string' },              // last wins
//     { name: 'quiet', short: 'q', long: ['quiet', 'silent'], kind: 'boolean' },
//     { name: 'verbose', short: 'v', kind: 'counter' },
//     { name: 'regexp', short: 'e', long: 'regexp', kind: 'array' },             // ordered
//     { name: 'color', long: ['color', 'colour'], kind: 'optional' },            // true bare
//     { name: 'help', long: 'help', kind: 'boolean', immediate: true },          // acts at once
//   ] });
//   const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
//   if (!r.ok) return writeUsageError(ctx, r.message, 1);   // "cmd: msg\nTry 'cmd --help' …"
//   r.flags, r.order (every occurrence in command-line order: { name, value, spelled }), r.operands
//
// Behaviour (tested against glibc getopt_long): clustering (-nr), attached and separate values
// (-n5, -n 5), --opt=value and --opt value, unambiguous long prefixes (--lin → --lines), `--`
// ends options, a lone `-` is an operand, options after operands are permuted unless
// POSIXLY_CORRECT (or spec.stopAtFirstOperand), `kind: 'optional'` takes a value only when
// attached (-dMETHOD / --opt=METHOD).
//
// The token scan is our own (it is what decides GNU's exact error texts); the flags object is then
// built by yargs-parser from canonical `--name=value` tokens, memoised per distinct option set so a
// builtin called in a loop does not pay yargs' setup cost each time.

import yargsParser from 'yargs-parser';

export type FlagKind = 'boolean' | 'counter' | 'string' | 'array' | 'optional';

export interface FlagDef {
  /** key in the parsed flags object */
  name: string;
  /** short option characters (several = aliases, e.g. 'iy') */
  short?: string;
  /** long option names (aliases allowed) */
  long?: string | string[];
  kind: FlagKind;
  /** stop scanning when seen (coreutils' --help/--version act as soon as getopt returns them) */
  immediate?: boolean;
  /**
   * kind 'optional' only: the short form takes no argument (getopt "F" beside the long
   * "classify" with optional_argument), so `-FA` is -F then -A. Without it the short form takes
   * the rest of its cluster as the value, as getopt's "i::" (sed -i.bak, xargs -e).
   */
  shortBare?: boolean;
}

export interface FlagSpecInput {
  flags: FlagDef[];
  /** stop at the first operand even without POSIXLY_CORRECT (getopt "+" optstring) */
  stopAtFirstOperand?: boolean;
  /**
   * a flag (kind 'string') that collects runs of digits in short clusters, as `head -5` or
   * `uniq -3` (getopt with "0123456789" in the optstring). Undefined: digits are invalid options.
   */
  digitsFlag?: string;
}

interface LongEntry {
  long: string;
  def: FlagDef;
}

export interface FlagSpec {
  readonly input: FlagSpecInput;
  readonly byShort: ReadonlyMap<string, FlagDef>;
  readonly longs: readonly LongEntry[];
  readonly yargsOptions: yargsParser.Options;
  readonly cache: Map<string, Record<string, unknown>>;
  /** names of the flags that end the scan when met (--help, --version) */
  readonly immediate: ReadonlySet<string>;
}

export type FlagValue = string | boolean | number | string[] | undefined;

export interface Occurrence {
  name: string;
  /** the option's value; undefined for booleans/counters and for an 'optional' given bare */
  value: string | undefined;
  /** how the user spelled it: '-n', '--lines' (full name, even when abbreviated) */
  spelled: string;
}

export type ParseResult =
  | {
      ok: true;
      flags: Record<string, FlagValue>;
      operands: string[];
      order: Occurrence[];
    }
  | {
      ok: false;
      message: string;
      /** a fatal error from `claimOperand`: reported as `cmd: message` without the usage hint */
      plain?: boolean;
      /**
       * the options scanned before the bad one, in order: a GNU tool checks each option's value
       * inside its getopt loop, so a bad value there is reported instead of a later bad option
       * (`head -n 3x --bogus` → "invalid number of lines: '3x'")
       */
      order: Occurrence[];
    };

/**
 * What `ParseOptions.claim` makes of an argument: `consumed` arguments taken (recorded in `order`
 * as `occurrence` when given, whose name must be a flag's), an operand whatever it looks like
 * (seq's `-1`), or a fatal error as GNU reports it from inside its option loop (sort's `+1 -2x`).
 */
export type OperandClaim =
  | { consumed: number; occurrence?: Occurrence }
  | { operand: true }
  | { error: string };

/** offered each argument while options are scanned; undefined leaves it to getopt's rules */
export type Claimer = (args: readonly string[], i: number) => OperandClaim | undefined;

const YARGS_CONFIGURATION: Partial<yargsParser.Configuration> = {
  'short-option-groups': false,
  'camel-case-expansion': false,
  'dot-notation': false,
  'parse-numbers': false,
  'parse-positional-numbers': false,
  'boolean-negation': false,
  'duplicate-arguments-array': true,
  'flatten-duplicate-arrays': true,
  'greedy-arrays': false,
  'nargs-eats-options': false,
  'strip-aliased': true,
  'unknown-options-as-args': true,
  'populate--': true,
};

const CACHE_LIMIT = 256;

export function defineFlags(input: FlagSpecInput): FlagSpec {
  const byShort = new Map<string, FlagDef>();
  const longs: LongEntry[] = [];
  const strings: string[] = [];
  const arrays: { key: string; string: true }[] = [];
  const counts: string[] = [];
  const booleans: string[] = [];
  for (const def of input.flags) {
    for (const ch of def.short ?? '') byShort.set(ch, def);
    const names = def.long === undefined ? [] : Array.isArray(def.long) ? def.long : [def.long];
    for (const long of names) longs.push({ long, def });
    if (def.kind === 'string' || def.kind === 'optional') strings.push(def.name);
    else if (def.kind === 'array') arrays.push({ key: def.name, string: true });
    else if (def.kind === 'counter') counts.push(def.name);
    else booleans.push(def.name);
  }
  const yargsOptions: yargsParser.Options = {
    configuration: YARGS_CONFIGURATION,
    string: strings,
    array: arrays,
    count: counts,
    boolean: booleans,
  };
  const immediate = new Set(input.flags.filter((d) => d.immediate === true).map((d) => d.name));
  return { input, byShort, longs, yargsOptions, cache: new Map(), immediate };
}

export interface ParseOptions {
  /** POSIXLY_CORRECT is set in the environment: stop at the first operand */
  posixlyCorrect?: boolean;
  /**
   * Offered each argument before getopt's rules apply to it (not after `--`, not after the scan
   * stopped): sort's and uniq's obsolete `+POS` forms, which their getopt loops ("-…"
   * optstrings, arguments in order) act on where they stand among the options; head's and tail's
   * obsolete first argument (`-5`, `+3c`); seq's negative numbers, which are operands.
   */
  claim?: Claimer;
}

/** Scan argv the way glibc getopt_long does. */
export function parseFlags(spec: FlagSpec, args: readonly string[], opts: ParseOptions = {}): ParseResult {
  const order: Occurrence[] = [];
  const operands: string[] = [];
  const stopAtOperand = opts.posixlyCorrect === true || spec.input.stopAtFirstOperand === true;
  let i = 0;
  while (i < args.length) {
    const arg = args[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    const claim = opts.claim?.(args, i);
    if (claim !== undefined) {
      if ('error' in claim) return { ok: false, message: claim.error, plain: true, order };
      if ('consumed' in claim) {
        if (claim.occurrence !== undefined) order.push(claim.occurrence);
        i += claim.consumed;
        continue;
      }
    }
    if (arg.length < 2 || arg[0] !== '-' || claim !== undefined) {
      if (stopAtOperand) break;
      operands.push(arg);
      i++;
      continue;
    }
    if (arg[1] === '-') {
      const step = scanLong(spec, args, i, order);
      if (typeof step === 'string') return { ok: false, message: step, order };
      i = step;
    } else {
      const step = scanShortCluster(spec, args, i, order);
      if (typeof step === 'string') return { ok: false, message: step, order };
      i = step;
    }
    const last = order[order.length - 1];
    if (last !== undefined && spec.immediate.size > 0 && spec.immediate.has(last.name)) break;
  }
  // a break above leaves the rest as operands, whatever they look like
  for (; i < args.length; i++) operands.push(args[i]!);
  return { ok: true, flags: buildFlags(spec, order), operands, order };
}

/** Returns the next index or an error message. args[i], as for scanShortCluster: parseFlags' loop. */
function scanLong(spec: FlagSpec, args: readonly string[], i: number, order: Occurrence[]): number | string {
  const arg = args[i]!;
  const body = arg.slice(2);
  const eq = body.indexOf('=');
  const name = eq < 0 ? body : body.slice(0, eq);
  const attached = eq < 0 ? undefined : body.slice(eq + 1);
  const found = resolveLong(spec, name);
  if (found.kind === 'none') return `unrecognized option '${arg}'`;
  if (found.kind === 'ambiguous') {
    // glibc quotes the argument as given, `=value` included (`option '--s=x' is ambiguous`)
    return `option '${arg}' is ambiguous; possibilities:` + found.candidates.map((c) => ` '--${c}'`).join('');
  }
  const { def, long } = found.entry;
  const spelled = `--${long}`;
  switch (def.kind) {
    case 'boolean':
    case 'counter':
      if (attached !== undefined) return `option '${spelled}' doesn't allow an argument`;
      order.push({ name: def.name, value: undefined, spelled });
      return i + 1;
    case 'optional':
      order.push({ name: def.name, value: attached, spelled });
      return i + 1;
    default:
      if (attached !== undefined) {
        order.push({ name: def.name, value: attached, spelled });
        return i + 1;
      }
      if (i + 1 >= args.length) return `option '${spelled}' requires an argument`;
      order.push({ name: def.name, value: args[i + 1]!, spelled });
      return i + 2;
  }
}

type LongMatch =
  | { kind: 'none' }
  | { kind: 'found'; entry: LongEntry }
  | { kind: 'ambiguous'; candidates: string[] };

/** glibc: an exact match wins; otherwise prefixes, ambiguous when a later match differs from the first. */
function resolveLong(spec: FlagSpec, name: string): LongMatch {
  let first: LongEntry | undefined;
  const marked: string[] = [];
  let ambiguous = false;
  for (const entry of spec.longs) {
    if (entry.long === name) return { kind: 'found', entry };
  }
  for (const entry of spec.longs) {
    if (!entry.long.startsWith(name)) continue;
    if (first === undefined) {
      first = entry;
      marked.push(entry.long);
    } else if (entry.def !== first.def) {
      ambiguous = true;
      marked.push(entry.long);
    }
  }
  if (first === undefined) return { kind: 'none' };
  if (ambiguous) {
    const markedSet = new Set(marked);
    // glibc prints the marked options in table order
    return { kind: 'ambiguous', candidates: spec.longs.filter((e) => markedSet.has(e.long)).map((e) => e.long) };
  }
  return { kind: 'found', entry: first };
}

function scanShortCluster(spec: FlagSpec, args: readonly string[], i: number, order: Occurrence[]): number | string {
  const arg = args[i]!;
  const digitsFlag = spec.input.digitsFlag;
  let j = 1;
  while (j < arg.length) {
    const ch = arg[j]!;
    if (digitsFlag !== undefined && ch >= '0' && ch <= '9') {
      // a run of digits is one number; a new run (after a letter) starts a new number, as
      // coreutils does for `head -5`.
      let k = j;
      while (k < arg.length && arg[k]! >= '0' && arg[k]! <= '9') k++;
      order.push({ name: digitsFlag, value: arg.slice(j, k), spelled: '-' + arg.slice(j, k) });
      j = k;
      continue;
    }
    const def = spec.byShort.get(ch);
    if (def === undefined) return `invalid option -- '${ch}'`;
    const spelled = `-${ch}`;
    if (def.kind === 'boolean' || def.kind === 'counter' || (def.kind === 'optional' && def.shortBare === true)) {
      order.push({ name: def.name, value: undefined, spelled });
      if (def.immediate === true) return i + 1;
      j++;
      continue;
    }
    const rest = arg.slice(j + 1);
    if (def.kind === 'optional') {
      order.push({ name: def.name, value: rest === '' ? undefined : rest, spelled });
      return i + 1;
    }
    if (rest !== '') {
      order.push({ name: def.name, value: rest, spelled });
      return i + 1;
    }
    if (i + 1 >= args.length) return `option requires an argument -- '${ch}'`;
    order.push({ name: def.name, value: args[i + 1]!, spelled });
    return i + 2;
  }
  return i + 1;
}

/**
 * yargs-parser builds the flags object from canonical tokens (memoised per option set). With no
 * option at all there is nothing to build (yargs would return only `_` and zero counters, which
 * read as the defaults below): a command given none (`cat f`, `grep x f`) does not pay yargs'
 * first call, up to ~1 ms of a cold CLI run.
 */
const NO_OPTIONS: Record<string, unknown> = Object.freeze({});

function buildFlags(spec: FlagSpec, order: readonly Occurrence[]): Record<string, FlagValue> {
  const parsed = order.length === 0 ? NO_OPTIONS : parsedOptions(spec, order);
  const flags: Record<string, FlagValue> = Object.create(null) as Record<string, FlagValue>;
  for (const def of spec.input.flags) {
    const v = parsed[def.name];
    switch (def.kind) {
      case 'array':
        flags[def.name] = Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)];
        break;
      case 'counter':
        flags[def.name] = typeof v === 'number' ? v : 0;
        break;
      case 'boolean':
        flags[def.name] = v === true || (Array.isArray(v) && v.length > 0);
        break;
      case 'optional': {
        // last occurrence wins: true when given bare (--color), the string when given with `=`
        // (even empty: --color= is GNU's "ambiguous argument ''")
        let lastOcc: Occurrence | undefined;
        for (const o of order) if (o.name === def.name) lastOcc = o;
        flags[def.name] = lastOcc === undefined ? undefined : lastOcc.value === undefined ? true : lastOcc.value;
        break;
      }
      default: {
        // last occurrence wins
        const last = Array.isArray(v) ? v[v.length - 1] : v;
        flags[def.name] = last === undefined ? undefined : String(last);
      }
    }
  }
  return flags;
}

function parsedOptions(spec: FlagSpec, order: readonly Occurrence[]): Record<string, unknown> {
  const tokens = order.map((o) => (o.value === undefined ? `--${o.name}` : `--${o.name}=${o.value}`));
  const key = JSON.stringify(tokens);
  let parsed = spec.cache.get(key);
  if (parsed === undefined) {
    parsed = yargsParser(tokens, spec.yargsOptions) as Record<string, unknown>;
    if (spec.cache.size >= CACHE_LIMIT) spec.cache.clear();
    spec.cache.set(key, parsed);
  }
  return parsed;
}

interface ErrorSink {
  readonly name: string;
  readonly stderr: { writeString(s: string): void | Promise<void> };
}

/**
 * `cmd: message\n[usageLine\n]Try 'cmd --help' for more information.\n` on stderr; returns
 * `status` so a builtin can `return writeUsageError(ctx, r.message, 1)`. grep passes its
 * "Usage: grep [OPTION]... PATTERNS [FILE]..." line as `usageLine`.
 */
export function writeUsageError(
  ctx: ErrorSink,
  message: string,
  status: number,
  usageLine?: string,
): number | Promise<number> {
  const name = ctx.name;
  let text = message === '' ? '' : `${name}: ${message}\n`;
  if (usageLine !== undefined) text += usageLine + '\n';
  text += `Try '${name} --help' for more information.\n`;
  const pending = ctx.stderr.writeString(text);
  return pending ? pending.then(() => status) : status;
}

/** What every builtin prints for --version (documented in docs/RULES.md). */
export { versionText } from './version.js';
