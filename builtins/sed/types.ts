// The compiled form of a sed script: a flat list of commands run by a program counter. Blocks
// (`{ … }`) become a `{` that jumps past its matching `}` when its address does not match;
// branches hold the index they jump to. Text is kept as latin1-style byte strings (one char per
// byte), the same form the pattern space has.

import type { Matcher } from '../../lib/regex/index.js';

/** A compiled regex, or null for the empty regex (`//`: the last regex used at run time). */
export interface SedRegex {
  matcher: Matcher;
  /** number of \( \) groups, for the `invalid reference \N` check */
  groups: number;
}

export type Address =
  | { kind: 'line'; line: number }
  | { kind: 'last' }
  | { kind: 'regex'; re: SedRegex | null }
  /** first~step (GNU) */
  | { kind: 'step'; first: number; step: number }
  /** `0` in 0,/re/: the range is active before line 1 */
  | { kind: 'zero' }
  /** addr2 forms: +N (N lines after the start), ~N (up to the next multiple of N) */
  | { kind: 'plus'; count: number }
  | { kind: 'multiple'; of: number }
  /** +0 or ~0 (GNU's ADDR_IS_NULL): matches every line, so as addr2 the range ends where it starts */
  | { kind: 'any' };

/** One piece of an s replacement. */
export type ReplacementPart =
  | { kind: 'text'; text: string }
  /** 0 is & (the whole match) */
  | { kind: 'group'; group: number }
  /** \L \U \E (persistent) and \l \u (next char only) */
  | { kind: 'case'; op: 'L' | 'U' | 'E' | 'l' | 'u' };

export interface Substitution {
  re: SedRegex | null;
  replacement: ReplacementPart[];
  global: boolean;
  /** replace only the Nth match (and later ones with g) */
  occurrence: number;
  print: boolean;
  /** the highest \N the replacement names (checked against an empty regex at run time) */
  maxGroupRef: number;
}

export type RangeState = 'inactive' | 'active' | 'closed';

export interface SedCommand {
  a1: Address | undefined;
  a2: Address | undefined;
  negate: boolean;
  /** the command letter: one of s y p P d D n N g G h H x b t T : = l q Q a i c { } z F */
  name: string;
  /** run-time state of a two-address range */
  range: RangeState;
  /** the last line of a +N or ~N range once it started */
  rangeEnd: number;
  /** a i c: the text, newline-terminated */
  text?: string;
  /** b t T: label name ('' = end of script); resolved into `target` */
  label?: string;
  /** b t T: index to continue at; { : index of the matching } + 1 */
  target?: number;
  /** q Q: exit status; l: line length (undefined = default) */
  int?: number;
  subst?: Substitution;
  /** y: byte → byte */
  map?: Uint8Array;
}

/** Where a script chunk came from, for `-e expression #N, char M` / `file F line L` messages. */
export type ScriptOrigin = { kind: 'expression'; index: number } | { kind: 'file'; name: string };

export interface ScriptChunk {
  text: string;
  origin: ScriptOrigin;
  /** -E and --posix as given before this -e/-f (GNU compiles it then); absent: the final ones */
  options?: { extended: boolean; posix: boolean };
}
