// grep's option table (GNU grep 3.8 long-option order, for the ambiguity message; values checked
// where its getopt loop checks them) and the step from the parsed flags to a GrepOptions record.

import { flag, reject, type FlagsOf, type OccurrenceOf, type Reject } from '../internal/command.js';
import type { PatternSyntax } from '../../lib/regex/index.js';

/** -A/-B/-C/-NUM: xstrtoimax, base 10 (leading blanks and a sign allowed), not negative; huge values saturate */
function contextLength(value: string): number | Reject {
  const m = /^[ \t\n\v\f\r]*([+-]?)([0-9]+)$/.exec(value);
  if (m === null || (m[1] === '-' && /[1-9]/.test(m[2]!))) return reject(`${value}: invalid context length argument`);
  const n = Number(m[2]);
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

/** -m: Infinity = no limit */
function maxCount(value: string): number | Reject {
  const m = /^\s*([+-]?)([0-9]+)$/.exec(value);
  if (m === null) return reject('invalid max count');
  if (m[1] === '-') return Infinity; // GNU 3.8: a negative count means no limit
  const n = Number(m[2]);
  return Number.isSafeInteger(n) ? n : Infinity;
}

/** --binary-files: the exact word (strcmp) */
function binaryFilesType(value: string): BinaryMode | Reject {
  return value === 'binary' || value === 'text' || value === 'without-match' ? value : reject('unknown binary-files type');
}

/** -D: the exact word (strcmp) */
function devicesMethod(value: string): 'read' | 'skip' | Reject {
  return value === 'read' || value === 'skip' ? value : reject('unknown devices method');
}

/** -d/--directories: XARGMATCH (a unique prefix will do; argmatch_die's status 1, not grep's 2) */
const DIRECTORIES = { read: 'read', recurse: 'recurse', skip: 'skip' } as const;

/**
 * --color=WHEN: the words compared without regard to ASCII case (c_strcasecmp); `help` for a word
 * GNU does not know, which it answers with its help text (status 0) after the option loop, as
 * --help; bare --color means auto
 */
const COLOR_WHEN: Readonly<Record<string, boolean>> = {
  always: true, yes: true, force: true, never: false, no: false, none: false, auto: false, tty: false, 'if-tty': false,
};
function colorWhen(value: string): boolean | 'help' {
  const word = value.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) | 0x20));
  return Object.hasOwn(COLOR_WHEN, word) ? COLOR_WHEN[word]! : 'help';
}

export const GREP_FLAGS = {
  afterContext: flag.value('-A --after-context', contextLength),
  basicRegexp: flag.boolean('-G --basic-regexp'),
  beforeContext: flag.value('-B --before-context', contextLength),
  binaryFiles: flag.value('--binary-files', binaryFilesType),
  byteOffset: flag.boolean('-b --byte-offset'),
  context: flag.value('-C --context', contextLength),
  // bare: auto, no color (rshell's output is never a terminal)
  color: flag.value('--color --colour', colorWhen, { bare: false }),
  count: flag.boolean('-c --count'),
  devices: flag.value('-D --devices', devicesMethod),
  directories: flag.choice('-d --directories', DIRECTORIES),
  dereferenceRecursive: flag.boolean('-R --dereference-recursive'),
  extendedRegexp: flag.boolean('-E --extended-regexp'),
  exclude: flag.list('--exclude'),
  excludeFrom: flag.list('--exclude-from'),
  excludeDir: flag.list('--exclude-dir'),
  fixedStrings: flag.boolean('-F --fixed-regexp --fixed-strings'),
  file: flag.list('-f --file'),
  filesWithMatches: flag.boolean('-l --files-with-matches'),
  filesWithoutMatch: flag.boolean('-L --files-without-match'),
  groupSeparator: flag.string('--group-separator'),
  // --help and -V are noted in GNU's loop and answered after it, -V first
  help: flag.help('--help', { deferred: true }),
  include: flag.list('--include'),
  ignoreCase: flag.boolean('-i -y --ignore-case'),
  initialTab: flag.boolean('-T --initial-tab'),
  invertMatch: flag.boolean('-v --invert-match'),
  label: flag.string('--label'),
  lineBuffered: flag.boolean('--line-buffered'),
  lineNumber: flag.boolean('-n --line-number'),
  lineRegexp: flag.boolean('-x --line-regexp'),
  maxCount: flag.value('-m --max-count', maxCount),
  noIgnoreCase: flag.boolean('--no-ignore-case'),
  noFilename: flag.boolean('-h --no-filename'),
  noGroupSeparator: flag.boolean('--no-group-separator'),
  noMessages: flag.boolean('-s --no-messages'),
  null: flag.boolean('-Z --null'),
  nullData: flag.boolean('-z --null-data'),
  onlyMatching: flag.boolean('-o --only-matching'),
  perlRegexp: flag.boolean('-P --perl-regexp'),
  quiet: flag.boolean('-q --quiet --silent'),
  recursive: flag.boolean('-r --recursive'),
  regexp: flag.list('-e --regexp'),
  text: flag.boolean('-a --text'),
  binary: flag.boolean('-U --binary'),
  unixByteOffsets: flag.boolean('-u --unix-byte-offsets'),
  version: flag.version('-V --version', { deferred: true }),
  withFilename: flag.boolean('-H --with-filename'),
  wordRegexp: flag.boolean('-w --word-regexp'),
  withoutMatch: flag.boolean('-I'),
  // -NUM: the context on both sides
  contextDigits: flag.digits(contextLength),
};

type Flags = FlagsOf<typeof GREP_FLAGS>;
type Occurrence = OccurrenceOf<typeof GREP_FLAGS>;

export const GREP_USAGE_LINE = 'Usage: grep [OPTION]... PATTERNS [FILE]...';

export type BinaryMode = 'binary' | 'text' | 'without-match';
export type FilenameMode = 'default' | 'always' | 'never';

export interface GrepOptions {
  syntax: PatternSyntax;
  /** -P: PCRE2 syntax (pcre.ts) */
  perl: boolean;
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
  | { ok: false; message: string }
  | { ok: false; help: true };

const MATCHERS: Readonly<Record<string, string>> = { basicRegexp: 'G', extendedRegexp: 'E', fixedStrings: 'F', perlRegexp: 'P' };

/** GNU's setmatcher, in its getopt loop: -E, -F, -G, -P once each, or the same one again */
export function conflictingMatchers(order: readonly Occurrence[]): boolean {
  let matcher: string | undefined;
  for (const o of order) {
    const m = MATCHERS[o.name];
    if (m === undefined) continue;
    if (matcher !== undefined && matcher !== m) return true;
    matcher = m;
  }
  return false;
}

/**
 * The options in effect, after GNU's loop (and after the framework answered -V and --help):
 * the matchers' conflict first (checked in the loop: the framework's checkBefore did so when the
 * scan stopped early), then --color's help and -P's failure.
 */
export function resolveOptions(flags: Flags, order: readonly Occurrence[]): OptionsResult {
  if (conflictingMatchers(order)) return { ok: false, message: 'conflicting matchers specified' };
  // GNU grep answers an unknown WHEN with its help text (and status 0)
  if (flags.color === 'help') return { ok: false, help: true };

  let syntax: PatternSyntax = 'basic';
  let perl = false;
  // context: -NUM and -C set both; -A/-B override their side whatever the order
  let before = -1;
  let after = -1;
  let both = -1;
  let binaryMode: BinaryMode = 'binary';
  let directories: GrepOptions['directories'] = 'read';
  let dereference = false;
  let filenames: FilenameMode = 'default';
  let icase = false;
  let listMatching = false;
  let listNonMatching = false;
  const patternSources: GrepOptions['patternSources'] = [];
  const fileRuleSources: GrepOptions['fileRuleSources'] = [];
  for (const o of order) {
    switch (o.name) {
      case 'basicRegexp': syntax = 'basic'; break;
      case 'extendedRegexp': syntax = 'extended'; break;
      case 'fixedStrings': syntax = 'fixed'; break;
      case 'perlRegexp': perl = true; break;
      case 'afterContext': after = o.value; break;
      case 'beforeContext': before = o.value; break;
      case 'context': case 'contextDigits': both = o.value; break;
      case 'text': binaryMode = 'text'; break;
      case 'withoutMatch': binaryMode = 'without-match'; break;
      case 'binaryFiles': binaryMode = o.value; break;
      case 'recursive': directories = 'recurse'; break;
      case 'dereferenceRecursive': directories = 'recurse'; dereference = true; break;
      case 'directories': directories = o.value; break;
      case 'withFilename': filenames = 'always'; break;
      case 'noFilename': filenames = 'never'; break;
      case 'ignoreCase': icase = true; break;
      case 'noIgnoreCase': icase = false; break;
      case 'filesWithMatches': listMatching = true; listNonMatching = false; break;
      case 'filesWithoutMatch': listNonMatching = true; listMatching = false; break;
      case 'regexp': patternSources.push({ kind: 'pattern', value: o.value }); break;
      case 'file': patternSources.push({ kind: 'file', value: o.value }); break;
      case 'include': fileRuleSources.push({ kind: 'include', value: o.value }); break;
      case 'exclude': fileRuleSources.push({ kind: 'exclude', value: o.value }); break;
      case 'excludeFrom': fileRuleSources.push({ kind: 'exclude-from', value: o.value }); break;
    }
  }
  if (before < 0) before = both;
  if (after < 0) after = both;

  return {
    ok: true,
    options: {
      syntax,
      perl,
      patternSources,
      icase,
      invert: flags.invertMatch,
      wholeWord: flags.wordRegexp,
      wholeLine: flags.lineRegexp,
      // GNU: -l and -L take over from -c (`grep -c -l` lists names)
      count: flags.count && !listMatching && !listNonMatching,
      listMatching,
      listNonMatching,
      quiet: flags.quiet,
      noMessages: flags.noMessages,
      onlyMatching: flags.onlyMatching,
      lineNumber: flags.lineNumber,
      byteOffset: flags.byteOffset,
      filenames,
      label: flags.label ?? '(standard input)',
      nullAfterName: flags.null,
      initialTab: flags.initialTab,
      nullData: flags.nullData,
      maxCount: flags.maxCount ?? Infinity,
      before,
      after,
      groupSeparator: flags.noGroupSeparator ? null : (flags.groupSeparator ?? '--'),
      color: flags.color === true,
      binaryMode,
      directories,
      devices: flags.devices ?? 'read',
      dereference,
      fileRuleSources,
      fileRules: [],
      excludeDir: flags.excludeDir,
    },
  };
}
