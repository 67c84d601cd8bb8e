// The one option parser of the shell builtins: bash's internal_getopt (builtins/bashgetopt.c),
// with the three ways bash's builtins use it (no_options, CHECK_HELPOPT, the getopt loop) and
// echo's own. Every shell builtin declares its options as data, an OptionTable made by
// defineOptions (`letters` is bash's optstring for it), and scans its words with scanOptions (a
// callback per option, in order: set, declare) or parseOptions (a map of what was given: read, type).
//
// What bash does, and so what this does:
// - Options are the leading words that start with `-` (or `+` where bash allows `+x`: set,
//   declare & co) and have a letter after it; the first other word, or a lone `-`, ends them
//   and is an operand. `--` ends them and is skipped.
// - `--help` as a whole word where an option may start prints bash's help text on stdout and the
//   builtin returns 2, doing nothing else; after an invalid option it is never reached.
// - Letters cluster (`-rs`); a letter that takes an argument takes the rest of its word or the
//   next word, whatever it is (`read -d -x`); one whose argument may be missing (set's -o) takes
//   the next word only when that is no option word.
// - An unknown letter is `NAME: -x: invalid option` (the word's own sign, and only the first
//   byte of a multibyte character, as bash's C code prints it), a missing argument
//   `NAME: -x: option requires an argument`; either is followed by `NAME: usage: SYNOPSIS` and
//   status 2. The first error ends the scan.
//
// This file sits in the help layer so that the execution layer (the parsed `declare`) can use it
// too; ../builtins/options.ts re-exports it for the builtins.

import type { ArithmExpr, LetClause } from '../../syntax/ast.js';
import { arithSources } from '../state/source-info.js';
import type { ByteWriter } from '../../../lib/io/streams.js';
import { writeBuiltinHelp } from './texts-index.js';

export const HELP = '--help';

/** How a builtin reads option words, after bash's source */
export type OptionStyle =
  /** internal_getopt over `letters`; with no letters, bash's no_options (eval, source, builtin) */
  | 'getopt'
  /**
   * bash's CHECK_HELPOPT alone: a first word `--help` prints the help text; every other word is
   * the builtin's own to read (exit's status, shift's count, let's expressions, dirs' +N)
   */
  | 'help'
  /** echo's: a word made only of valid letters after one `-` is options; no `--`, no `--help` */
  | 'echo'
  /** no options at all, not even `--help` (true, false, :, test, [) */
  | 'none';

/** the option letters an optstring declares (`"ra:d:"` → `'r' | 'a' | 'd'`) */
export type OptionLetters<S extends string> = S extends `${infer C}${infer R}`
  ? (C extends ':' | ';' ? never : C) | OptionLetters<R>
  : never;

export interface OptionDef<S extends string> {
  /** the name messages use (`source` and `.` are one builtin with two tables) */
  readonly name: string;
  readonly style?: OptionStyle;
  /**
   * bash's optstring: each option letter, followed by `:` when it takes an argument or `;` when
   * that argument may be missing (set's -o)
   */
  readonly letters?: S;
  /** `+x` words are options too (set, declare, typeset, local) */
  readonly plus?: boolean;
  /** the usage line, after `NAME: usage: ` (bash's short doc) */
  readonly synopsis?: string;
  /** the status after an invalid option, 2 unless this says otherwise (`set -?` is 0) */
  readonly invalidStatus?: (letter: string) => number;
}

export interface OptionTable<L extends string = string> {
  readonly name: string;
  readonly style: OptionStyle;
  readonly letters: string;
  readonly plus: boolean;
  readonly synopsis: string;
  readonly invalidStatus: ((letter: string) => number) | undefined;
  /** the letters as a type only (never set) */
  readonly letterType?: L;
}

/**
 * A builtin's options as data (one table per name the builtin answers to). Made at module load,
 * so it only keeps what it is given: no lookup table is built at start-up.
 */
export function defineOptions<const S extends string = ''>(def: OptionDef<S>): OptionTable<OptionLetters<S>> {
  return {
    name: def.name,
    style: def.style ?? 'getopt',
    letters: def.letters ?? '',
    plus: def.plus === true,
    synopsis: def.synopsis ?? '',
    invalidStatus: def.invalidStatus,
  };
}

const NOT_AN_OPTION = 0;
const FLAG = 1;
const ARG = 2;
const OPTIONAL_ARG = 3;

/** what the letter at `w[k]` is in the optstring: not an option, a flag, or one taking an argument */
function kindOf(letters: string, w: string, k: number): number {
  const c = w[k]!;
  // `:` and `;` mark arguments in the optstring; they are never letters (bash checks `:` too)
  if (c === ':' || c === ';') return NOT_AN_OPTION;
  const at = letters.indexOf(c);
  if (at < 0) return NOT_AN_OPTION;
  const next = letters[at + 1];
  return next === ':' ? ARG : next === ';' ? OPTIONAL_ARG : FLAG;
}

/** what an option scan writes to: a Shell and a ShellContext both are one */
export interface OptionIO {
  readonly stdout: ByteWriter;
  readonly stderr: ByteWriter;
}

/** the scan ended the command: a usage error, `--help`, or a status an option's callback returned */
export class Ended {
  constructor(readonly status: number | Promise<number>) {}
}

/**
 * Called for each option as the scan meets it, the way bash's builtins act inside their getopt
 * loop (a bad value is reported before a bad option further on is seen). `value` is the option's
 * argument, undefined for a flag (and for an optional argument that is missing). A status ends
 * the command there.
 */
export type EachOption<L extends string> = (letter: L, value: string | undefined, sign: '-' | '+') => number | Promise<number> | undefined;

/** print bash's help text for `name` on io.stdout; the builtin returns this as its status (2) */
export function showHelp(io: OptionIO, name: string): Promise<number> {
  return writeBuiltinHelp(io.stdout, name);
}

/** bash's CHECK_HELPOPT: help when the first word is `--help`, else undefined */
export function helpFirst(io: OptionIO, t: OptionTable, args: readonly string[]): Promise<number> | undefined {
  return args[0] === HELP && t.style !== 'none' && t.style !== 'echo' ? showHelp(io, t.name) : undefined;
}

/** a builtin's error line on stderr (a closed stderr drops it, as bash does) */
export function say(io: OptionIO, line: string): void {
  try {
    const r = io.stderr.writeString(line + '\n');
    if (r) r.catch(() => undefined);
  } catch {
    // stderr closed
  }
}

/** `NAME: MESSAGE` then `NAME: usage: SYNOPSIS`; returns bash's usage status (2) */
export function usageError(io: OptionIO, t: OptionTable, message: string | undefined, status = 2): number {
  if (message !== undefined) say(io, `${t.name}: ${message}`);
  say(io, `${t.name}: usage: ${t.synopsis}`);
  return status;
}

const DASH = 0x2d;
const PLUS = 0x2b;

/** can `w` start options (a sign and something after it) */
function isOptionWord(t: OptionTable, w: string): boolean {
  if (w.length < 2) return false;
  const c = w.charCodeAt(0);
  return c === DASH || (c === PLUS && t.plus);
}

/**
 * Scan the leading option words of `args` as bash does for the builtin `t` describes, calling
 * `each` for every option in order. Returns the index of the first operand, or Ended when the
 * scan ended the command (the error or help text is already written). Cheap when there is no
 * option word: the first word is looked at, nothing is allocated.
 */
export function scanOptions<L extends string>(
  io: OptionIO,
  t: OptionTable<L>,
  args: readonly string[],
  each?: EachOption<L>,
): number | Ended {
  const a = args[0];
  if (a === undefined || !isOptionWord(t, a)) return 0;
  switch (t.style) {
    case 'getopt':
      return scanGetopt(io, t, args, each);
    case 'help':
      return a === HELP ? new Ended(showHelp(io, t.name)) : 0;
    case 'echo':
      return scanEcho(t, args, each);
    default:
      return 0;
  }
}

function scanGetopt<L extends string>(io: OptionIO, t: OptionTable<L>, args: readonly string[], each?: EachOption<L>): number | Ended {
  let i = 0;
  while (i < args.length) {
    const w = args[i]!;
    if (!isOptionWord(t, w)) return i;
    if (w === HELP) return new Ended(showHelp(io, t.name));
    if (w === '--') return i + 1;
    i++;
    const sign = w[0] as '-' | '+';
    for (let k = 1; k < w.length; k++) {
      const kind = kindOf(t.letters, w, k);
      if (kind === NOT_AN_OPTION) {
        const shown = sign + firstByte(w, k);
        say(io, `${t.name}: ${shown}: invalid option`);
        return new Ended(usageError(io, t, undefined, t.invalidStatus?.(w[k]!) ?? 2));
      }
      const letter = w[k] as L;
      let value: string | undefined;
      if (kind !== FLAG) {
        if (k + 1 < w.length) value = w.slice(k + 1);
        else if (i < args.length && (kind === ARG || !isOptionWord(t, args[i]!))) value = args[i++];
        else if (kind === ARG) return new Ended(usageError(io, t, `${sign}${w[k]}: option requires an argument`));
      }
      if (each !== undefined) {
        const st = each(letter, value, sign);
        if (st !== undefined) return new Ended(st);
      }
      if (kind !== FLAG) break; // the argument took the rest of the word
    }
  }
  return i;
}

/** echo.def: a word is options only when every letter after its one `-` is valid */
function scanEcho<L extends string>(t: OptionTable<L>, args: readonly string[], each?: EachOption<L>): number {
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i]!;
    if (w.length < 2 || w.charCodeAt(0) !== DASH) break;
    let k = 1;
    while (k < w.length && kindOf(t.letters, w, k) === FLAG) k++;
    if (k < w.length) break;
    if (each !== undefined) for (k = 1; k < w.length; k++) each(w[k] as L, undefined, '-');
  }
  return i;
}

/**
 * The character at `k` as bash's byte-wise scan names it: a multibyte character is cut to its
 * first byte (kept as the surrogate-escaped byte, so it prints as that byte).
 */
function firstByte(w: string, k: number): string {
  const c = w.charCodeAt(k);
  if (c < 0x80 || (c >= 0xdc80 && c <= 0xdcff)) return w[k]!;
  let b: number;
  if (c < 0x800) b = 0xc0 | (c >> 6);
  else if (c >= 0xd800 && c <= 0xdbff) b = 0xf0 | ((0x10000 + ((c - 0xd800) << 10)) >> 18);
  else b = 0xe0 | (c >> 12);
  return String.fromCharCode(0xdc00 + b);
}

export interface ParsedOptions<L extends string> {
  /** each option given → its value ('' for a flag, or an optional argument that is missing); the last one wins */
  readonly opts: ReadonlyMap<L, string>;
  /** the options in the order given (cd -L/-P: the last wins) */
  readonly order: readonly L[];
  readonly operands: readonly string[];
}

const NO_OPTS: ReadonlyMap<never, string> = new Map<never, string>();
const NO_ORDER: readonly never[] = [];

/**
 * scanOptions, collecting what was given. Without option words the result holds `args` itself
 * as the operands (one small object, no copy).
 */
export function parseOptions<L extends string>(
  io: OptionIO,
  t: OptionTable<L>,
  args: readonly string[],
  each?: EachOption<L>,
): ParsedOptions<L> | Ended {
  const a = args[0];
  if (a === undefined || !isOptionWord(t, a)) return { opts: NO_OPTS, order: NO_ORDER, operands: args };
  const opts = new Map<L, string>();
  const order: L[] = [];
  const i = scanOptions(io, t, args, (letter, value, sign) => {
    opts.set(letter, value ?? '');
    order.push(letter);
    return each?.(letter, value, sign);
  });
  if (i instanceof Ended) return i;
  return { opts, order, operands: i === 0 ? args : args.slice(i) };
}

/**
 * `let --help` as the parser sees it: the arithmetic `--help` (pre-decrement of `help`), written
 * as one word. bash checks the word before evaluating anything, so the compiler asks this first.
 */
export function isLetHelp(cmd: LetClause): boolean {
  const x = cmd.Exprs[0];
  if (x?.type !== 'UnaryArithm' || x.Op !== '--' || x.Post || x.X.type !== 'Word') return false;
  const part = x.X.Parts.length === 1 ? x.X.Parts[0] : undefined;
  return part?.type === 'Lit' && part.Value === 'help' && part.ValuePos === x.OpPos + 2;
}

/**
 * The parsed `let`'s expressions as bash's let takes them: it skips a first `--` word (its end of
 * options), where mvdan/sh's grammar reads `-- x+1` across the blank as a pre-decrement of x.
 * That decrement, leftmost in the first expression, gives way to its operand (the expression's
 * source text, which messages quote, loses the `--` too). `let --x` stays a decrement.
 */
export function letExpressions(cmd: LetClause): ArithmExpr[] {
  const first = cmd.Exprs[0];
  if (first === undefined) return cmd.Exprs;
  const stripped = withoutEndOfOptions(first);
  if (stripped === first) return cmd.Exprs;
  const src = arithSources.get(first);
  if (src !== undefined) {
    const text = src.text.slice(stripped.Pos - src.offset);
    arithSources.set(stripped, { ...src, text, offset: stripped.Pos });
  }
  return [stripped, ...cmd.Exprs.slice(1)];
}

function withoutEndOfOptions(x: ArithmExpr): ArithmExpr {
  if (x.type === 'UnaryArithm' && !x.Post) return x.Op === '--' && x.X.Pos > x.OpPos + 2 ? x.X : x;
  if ((x.type === 'UnaryArithm' && x.Post) || x.type === 'BinaryArithm') {
    const left = withoutEndOfOptions(x.X);
    return left === x.X ? x : { ...x, Pos: left.Pos, X: left };
  }
  return x;
}
