// grep's option table (GNU grep 3.8 long-option order, for the ambiguity message) and the step
// from parsed flags to a GrepOptions record, with GNU's argument errors.

import { defineFlags, type FlagValue, type Occurrence, flagArray, flagBool, flagString } from '../internal/flags.js';
import type { PatternSyntax } from '../../lib/regex/index.js';
import { quote } from '../internal/quote.js';

export const GREP_FLAGS = defineFlags({
  digitsFlag: 'context-digits',
  flags: [
    { name: 'after-context', short: 'A', long: 'after-context', kind: 'string' },
    { name: 'basic-regexp', short: 'G', long: 'basic-regexp', kind: 'counter' },
    { name: 'before-context', short: 'B', long: 'before-context', kind: 'string' },
    { name: 'binary-files', long: 'binary-files', kind: 'string' },
    { name: 'byte-offset', short: 'b', long: 'byte-offset', kind: 'boolean' },
    { name: 'context', short: 'C', long: 'context', kind: 'string' },
    { name: 'color', long: ['color', 'colour'], kind: 'optional' },
    { name: 'count', short: 'c', long: 'count', kind: 'boolean' },
    { name: 'devices', short: 'D', long: 'devices', kind: 'string' },
    { name: 'directories', short: 'd', long: 'directories', kind: 'string' },
    { name: 'dereference-recursive', short: 'R', long: 'dereference-recursive', kind: 'boolean' },
    { name: 'extended-regexp', short: 'E', long: 'extended-regexp', kind: 'counter' },
    { name: 'exclude', long: 'exclude', kind: 'array' },
    { name: 'exclude-from', long: 'exclude-from', kind: 'array' },
    { name: 'exclude-dir', long: 'exclude-dir', kind: 'array' },
    { name: 'fixed-strings', short: 'F', long: ['fixed-regexp', 'fixed-strings'], kind: 'counter' },
    { name: 'file', short: 'f', long: 'file', kind: 'array' },
    { name: 'files-with-matches', short: 'l', long: 'files-with-matches', kind: 'boolean' },
    { name: 'files-without-match', short: 'L', long: 'files-without-match', kind: 'boolean' },
    { name: 'group-separator', long: 'group-separator', kind: 'string' },
    { name: 'help', long: 'help', kind: 'boolean' },
    { name: 'include', long: 'include', kind: 'array' },
    { name: 'ignore-case', short: 'iy', long: 'ignore-case', kind: 'boolean' },
    { name: 'initial-tab', short: 'T', long: 'initial-tab', kind: 'boolean' },
    { name: 'invert-match', short: 'v', long: 'invert-match', kind: 'boolean' },
    { name: 'label', long: 'label', kind: 'string' },
    { name: 'line-buffered', long: 'line-buffered', kind: 'boolean' },
    { name: 'line-number', short: 'n', long: 'line-number', kind: 'boolean' },
    { name: 'line-regexp', short: 'x', long: 'line-regexp', kind: 'boolean' },
    { name: 'max-count', short: 'm', long: 'max-count', kind: 'string' },
    { name: 'no-ignore-case', long: 'no-ignore-case', kind: 'boolean' },
    { name: 'no-filename', short: 'h', long: 'no-filename', kind: 'boolean' },
    { name: 'no-group-separator', long: 'no-group-separator', kind: 'boolean' },
    { name: 'no-messages', short: 's', long: 'no-messages', kind: 'boolean' },
    { name: 'null', short: 'Z', long: 'null', kind: 'boolean' },
    { name: 'null-data', short: 'z', long: 'null-data', kind: 'boolean' },
    { name: 'only-matching', short: 'o', long: 'only-matching', kind: 'boolean' },
    { name: 'perl-regexp', short: 'P', long: 'perl-regexp', kind: 'counter' },
    { name: 'quiet', short: 'q', long: ['quiet', 'silent'], kind: 'boolean' },
    { name: 'recursive', short: 'r', long: 'recursive', kind: 'boolean' },
    { name: 'regexp', short: 'e', long: 'regexp', kind: 'array' },
    { name: 'text', short: 'a', long: 'text', kind: 'boolean' },
    { name: 'binary', short: 'U', long: 'binary', kind: 'boolean' },
    { name: 'unix-byte-offsets', short: 'u', long: 'unix-byte-offsets', kind: 'boolean' },
    { name: 'version', short: 'V', long: 'version', kind: 'boolean' },
    { name: 'with-filename', short: 'H', long: 'with-filename', kind: 'boolean' },
    { name: 'word-regexp', short: 'w', long: 'word-regexp', kind: 'boolean' },
    { name: 'without-match', short: 'I', kind: 'boolean' },
  ],
});

export const GREP_USAGE_LINE = 'Usage: grep [OPTION]... PATTERNS [FILE]...';

export type BinaryMode = 'binary' | 'text' | 'without-match';
export type FilenameMode = 'default' | 'always' | 'never';

export interface GrepOptions {
  syntax: PatternSyntax;
  /** pattern sources: -e values and -f files in command-line order */
  patternSources: { kind: 'pattern' | 'file'; value: string }[];
  icase: boolean;
  invert: boolean;
  wholeWord: boolean;
  wholeLine: boolean;
  count: boolean;
  listMatching: boolean;
  listNonMatching: boolean;
  quiet: boolean;
  noMessages: boolean;
  onlyMatching: boolean;
  lineNumber: boolean;
  byteOffset: boolean;
  filenames: FilenameMode;
  label: string;
  nullAfterName: boolean;
  initialTab: boolean;
  nullData: boolean;
  maxCount: number; // Infinity = no limit
  before: number;
  after: number;
  groupSeparator: string | null;
  color: boolean;
  binaryMode: BinaryMode;
  directories: 'read' | 'recurse' | 'skip';
  devices: 'read' | 'skip';
  dereference: boolean;
  /** --include, --exclude and --exclude-from in command-line order (GNU: the last match decides) */
  fileRuleSources: { kind: 'include' | 'exclude' | 'exclude-from'; value: string }[];
  /** the rules themselves, --exclude-from files read (grep.ts fills this in) */
  fileRules: FileRule[];
  excludeDir: string[];
}

/** one --include (include: true) or --exclude glob */
export interface FileRule {
  include: boolean;
  glob: string;
}

export type OptionsResult =
  | { ok: true; options: GrepOptions }
  | { ok: false; message: string; usage: boolean; status?: number }
  | { ok: false; help: true }
  | { ok: false; version: true };

function parseContext(value: string): number | string {
  // GNU: xstrtoimax, base 10 (leading blanks and a sign allowed), not negative; huge values saturate
  const m = /^[ \t\n\v\f\r]*([+-]?)([0-9]+)$/.exec(value);
  if (m === null || (m[1] === '-' && /[1-9]/.test(m[2]!))) return `${value}: invalid context length argument`;
  const n = Number(m[2]);
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

function parseMaxCount(value: string): number | null {
  const m = /^\s*([+-]?)([0-9]+)$/.exec(value);
  if (m === null) return null;
  if (m[1] === '-') return Infinity; // GNU 3.8: a negative count means no limit
  const n = Number(m[2]);
  return Number.isSafeInteger(n) ? n : Infinity;
}

const MATCHERS: Record<string, string> = { 'basic-regexp': 'G', 'extended-regexp': 'E', 'fixed-strings': 'F', 'perl-regexp': 'P' };
const DIRECTORIES: readonly GrepOptions['directories'][] = ['read', 'recurse', 'skip'];
const DIRECTORIES_ERROR = "%k argument %s for '--directories'\nValid arguments are:\n  - 'read'\n  - 'recurse'\n  - 'skip'";

/** --directories' word, as XARGMATCH takes it (checked by checkInOrder) */
function directoriesWord(v: string): GrepOptions['directories'] {
  return (DIRECTORIES.find((w) => w === v) ?? DIRECTORIES.find((w) => w.startsWith(v)))!;
}

export type OptionError = Extract<OptionsResult, { ok: false; message: string }>;

/**
 * The checks GNU grep makes inside its getopt loop, in argv order (the first bad one is the one
 * reported, before a bad option further on): matchers, context and count values, the
 * --binary-files/--directories/--devices words.
 */
export function checkInOrder(order: readonly Occurrence[]): OptionError | undefined {
  let matcher: string | undefined;
  for (const o of order) {
    const v = o.value ?? '';
    const m = MATCHERS[o.name];
    if (m !== undefined) {
      if (matcher !== undefined && matcher !== m) return { ok: false, message: 'conflicting matchers specified', usage: false };
      matcher = m;
      continue;
    }
    switch (o.name) {
      case 'context': case 'context-digits': case 'after-context': case 'before-context': {
        const n = parseContext(v);
        if (typeof n === 'string') return { ok: false, message: n, usage: false };
        break;
      }
      case 'max-count':
        if (parseMaxCount(v) === null) return { ok: false, message: 'invalid max count', usage: false };
        break;
      case 'binary-files':
        if (v !== 'binary' && v !== 'text' && v !== 'without-match') return { ok: false, message: 'unknown binary-files type', usage: false };
        break;
      case 'directories': {
        // XARGMATCH: a unique prefix will do; gnulib argmatch_die exits with EXIT_FAILURE, not grep's 2
        const hits = DIRECTORIES.filter((w) => w.startsWith(v));
        if (!(DIRECTORIES as readonly string[]).includes(v) && hits.length !== 1) {
          const kind = hits.length > 1 ? 'ambiguous' : 'invalid';
          return { ok: false, message: DIRECTORIES_ERROR.replace('%k', kind).replace('%s', () => quote(v)), usage: true, status: 1 };
        }
        break;
      }
      case 'devices':
        if (v !== 'read' && v !== 'skip') return { ok: false, message: 'unknown devices method', usage: false };
        break;
    }
  }
  return undefined;
}

export function resolveOptions(flags: Record<string, FlagValue>, order: readonly Occurrence[]): OptionsResult {
  // --help and -V act after GNU's option loop, whose checks come first; -V before --help
  const bad = checkInOrder(order);
  if (bad !== undefined) return bad;
  if (flagBool(flags, 'version')) return { ok: false, version: true };
  if (flagBool(flags, 'help')) return { ok: false, help: true };
  let syntax: PatternSyntax = 'basic';
  for (const o of order) {
    if (o.name === 'basic-regexp') syntax = 'basic';
    else if (o.name === 'extended-regexp') syntax = 'extended';
    else if (o.name === 'fixed-strings') syntax = 'fixed';
  }

  // context: -NUM and -C set both; -A/-B override their side whatever the order
  let before = -1;
  let after = -1;
  let both = -1;
  for (const o of order) {
    if (o.name === 'context' || o.name === 'context-digits' || o.name === 'after-context' || o.name === 'before-context') {
      const n = parseContext(o.value ?? '') as number;
      if (o.name === 'after-context') after = n;
      else if (o.name === 'before-context') before = n;
      else both = n;
    }
  }
  if (before < 0) before = both;
  if (after < 0) after = both;

  const mc = flagString(flags, 'max-count');
  const maxCount = mc === undefined ? Infinity : (parseMaxCount(mc) as number);

  let binaryMode: BinaryMode = 'binary';
  for (const o of order) {
    if (o.name === 'text') binaryMode = 'text';
    else if (o.name === 'without-match') binaryMode = 'without-match';
    else if (o.name === 'binary-files') binaryMode = o.value as BinaryMode;
  }

  let directories: GrepOptions['directories'] = 'read';
  let dereference = false;
  for (const o of order) {
    if (o.name === 'recursive') directories = 'recurse';
    else if (o.name === 'dereference-recursive') (directories = 'recurse', (dereference = true));
    else if (o.name === 'directories') directories = directoriesWord(o.value ?? '');
  }

  let color = false;
  const colorFlag = flags['color'];
  // bare --color means auto: no color (rshell's output is never a terminal)
  const colorArg = colorFlag === true ? 'auto' : flagString(flags, 'color');
  if (colorArg !== undefined) {
    const table: Record<string, boolean> = {
      always: true, yes: true, force: true, never: false, no: false, none: false, auto: false, tty: false, 'if-tty': false,
    };
    const v = table[colorArg];
    // GNU grep answers an unknown WHEN with its help text (and status 0)
    if (v === undefined) return { ok: false, help: true };
    color = v;
  }
  // GNU fails on -P only when it compiles the pattern, after its option checks
  if ((flags['perl-regexp'] as number) > 0) {
    return { ok: false, message: 'Perl matching not supported in a --disable-perl-regexp build', usage: false };
  }

  let filenames: FilenameMode = 'default';
  for (const o of order) {
    if (o.name === 'with-filename') filenames = 'always';
    else if (o.name === 'no-filename') filenames = 'never';
  }
  let icase = false;
  for (const o of order) {
    if (o.name === 'ignore-case') icase = true;
    else if (o.name === 'no-ignore-case') icase = false;
  }
  let listMatching = false;
  let listNonMatching = false;
  for (const o of order) {
    if (o.name === 'files-with-matches') (listMatching = true, (listNonMatching = false));
    else if (o.name === 'files-without-match') (listNonMatching = true, (listMatching = false));
  }

  const patternSources: GrepOptions['patternSources'] = [];
  const fileRuleSources: GrepOptions['fileRuleSources'] = [];
  for (const o of order) {
    if (o.name === 'regexp') patternSources.push({ kind: 'pattern', value: o.value ?? '' });
    else if (o.name === 'file') patternSources.push({ kind: 'file', value: o.value ?? '' });
    else if (o.name === 'include' || o.name === 'exclude' || o.name === 'exclude-from') {
      fileRuleSources.push({ kind: o.name, value: o.value ?? '' });
    }
  }

  return {
    ok: true,
    options: {
      syntax,
      patternSources,
      icase,
      invert: flagBool(flags, 'invert-match'),
      wholeWord: flagBool(flags, 'word-regexp'),
      wholeLine: flagBool(flags, 'line-regexp'),
      // GNU: -l and -L take over from -c (`grep -c -l` lists names)
      count: flagBool(flags, 'count') && !listMatching && !listNonMatching,
      listMatching,
      listNonMatching,
      quiet: flagBool(flags, 'quiet'),
      noMessages: flagBool(flags, 'no-messages'),
      onlyMatching: flagBool(flags, 'only-matching'),
      lineNumber: flagBool(flags, 'line-number'),
      byteOffset: flagBool(flags, 'byte-offset'),
      filenames,
      label: flagString(flags, 'label') ?? '(standard input)',
      nullAfterName: flagBool(flags, 'null'),
      initialTab: flagBool(flags, 'initial-tab'),
      nullData: flagBool(flags, 'null-data'),
      maxCount,
      before,
      after,
      groupSeparator: flagBool(flags, 'no-group-separator') ? null : (flagString(flags, 'group-separator') ?? '--'),
      color,
      binaryMode,
      directories,
      devices: flagString(flags, 'devices') === 'skip' ? 'skip' : 'read',
      dereference,
      fileRuleSources,
      fileRules: [],
      excludeDir: flagArray(flags, 'exclude-dir'),
    },
  };
}
