// The options ripgrep 13 acts on, from the parsed command line. clap's `overrides_with` pairs
// make the last of two opposite flags win (`-i -s`, `--hidden --no-hidden`), so the occurrences
// are applied in order. Values are checked as rg checks them, with its messages.

import { clapError, invalidValue, type Occurrence } from './args.js';

export interface RgOptions {
  patterns: string[];
  patternFiles: string[];
  caseMode: 'sensitive' | 'insensitive' | 'smart';
  fixed: boolean;
  word: boolean;
  line: boolean;
  invert: boolean;
  count: boolean;
  countMatches: boolean;
  /** --count-matches made from -c -o: inverted lines count as their matches (none) */
  countFromOnlyMatching: boolean;
  filesWithMatches: boolean;
  filesWithoutMatch: boolean;
  files: boolean;
  json: boolean;
  quiet: boolean;
  onlyMatching: boolean;
  replace: string | null;
  lineNumber: boolean | null;
  column: boolean;
  byteOffset: boolean;
  withFilename: boolean | null;
  heading: boolean;
  vimgrep: boolean;
  nullAfterPath: boolean;
  trim: boolean;
  passthru: boolean;
  before: number;
  after: number;
  contextSeparator: string | null;
  fieldMatchSeparator: string;
  fieldContextSeparator: string;
  maxCount: number | null;
  maxDepth: number | null;
  maxColumns: number | null;
  maxColumnsPreview: boolean;
  hidden: boolean;
  follow: boolean;
  noIgnoreVcs: boolean;
  noIgnoreDot: boolean;
  noIgnoreParent: boolean;
  noIgnoreFiles: boolean;
  requireGit: boolean;
  ignoreFiles: string[];
  ignoreFileCaseInsensitive: boolean;
  unrestricted: number;
  text: boolean;
  binary: boolean;
  globs: { glob: string; icase: boolean }[];
  globCaseInsensitive: boolean;
  types: string[];
  typesNot: string[];
  typeAdds: string[];
  typeClears: string[];
  typeList: boolean;
  sort: 'none' | 'path' | 'other';
  sortReverse: boolean;
  noMessages: boolean;
  multiline: boolean;
  multilineDotall: boolean;
  crlf: boolean;
  nullData: boolean;
  help: 'short' | 'long' | null;
  version: boolean;
  includeZero: boolean;
  pathSeparator: string | null;
  /** -j: rg's single-threaded walker (-j1, --sort) words a missing operand differently */
  threads: number;
}

/** what rshell refuses, with the reason rg's users read */
const REFUSED: Record<string, string> = {
  pre: 'rshell builtins do not run other programs',
  'pre-glob': 'rshell builtins do not run other programs',
  'search-zip': 'rshell builtins do not run decompression programs',
  pcre2: 'rshell has no PCRE2 engine for rg (grep -P is there)',
  'pcre2-version': 'rshell has no PCRE2 engine for rg',
  'auto-hybrid-regex': 'rshell has no PCRE2 engine for rg',
  stats: 'timing statistics are not reproducible in rshell',
  debug: 'rshell has no debug output for rg',
  trace: 'rshell has no debug output for rg',
  pretty: 'rshell prints no colors',
  'one-file-system': 'the sandbox decides which file systems are reachable',
};

export function defaultOptions(): RgOptions {
  return {
    patterns: [], patternFiles: [], caseMode: 'sensitive', fixed: false, word: false, line: false, invert: false,
    count: false, countMatches: false, countFromOnlyMatching: false, filesWithMatches: false, filesWithoutMatch: false, files: false, json: false,
    quiet: false, onlyMatching: false, replace: null, lineNumber: null, column: false, byteOffset: false,
    withFilename: null, heading: false, vimgrep: false, nullAfterPath: false, trim: false, passthru: false,
    before: 0, after: 0, contextSeparator: '--', fieldMatchSeparator: ':', fieldContextSeparator: '-',
    maxCount: null, maxDepth: null, maxColumns: null, maxColumnsPreview: false, hidden: false, follow: false,
    noIgnoreVcs: false, noIgnoreDot: false, noIgnoreParent: false, noIgnoreFiles: false, requireGit: true,
    ignoreFiles: [], ignoreFileCaseInsensitive: false, unrestricted: 0, text: false, binary: false, globs: [],
    globCaseInsensitive: false, types: [], typesNot: [], typeAdds: [], typeClears: [], typeList: false,
    sort: 'none', sortReverse: false, noMessages: false, multiline: false, multilineDotall: false, crlf: false,
    nullData: false, help: null, version: false, includeZero: false, pathSeparator: null, threads: 0,
  };
}

/** a NUM as Rust's `usize::from_str` reads it */
function number(long: string, value: string): number | string {
  if (value === '') return invalidValue(long, 'cannot parse integer from empty string');
  if (!/^\+?[0-9]+$/.test(value)) return invalidValue(long, 'invalid digit found in string');
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : invalidValue(long, 'number too large to fit in target type');
}

/** rg's backslash escapes in separators (`\t`, `\x00`, `\n`) */
export function unescapeSeparator(text: string): string {
  return text.replace(/\\(x[0-9A-Fa-f]{2}|[nrt0\\])/g, (_m, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', '0': '\0', '\\': '\\' } as Record<string, string>)[e] ?? e;
  });
}

/** the options, or an error text (stderr) with its status */
export function resolve(order: readonly Occurrence[], positionals: string[]): { ok: true; opts: RgOptions; paths: string[] } | { ok: false; text: string; status: number } {
  const o = defaultOptions();
  let ctxA: number | null = null;
  let ctxB: number | null = null;
  let ctxC: number | null = null;
  for (const { name, value } of order) {
    const refused = REFUSED[name];
    if (refused !== undefined) return { ok: false, text: `rg: --${name} is refused: ${refused}\n`, status: 2 };
    const num = (): number | string => number(name, value);
    switch (name) {
      case 'after-context': case 'before-context': case 'context': case 'max-count': case 'max-depth': case 'maxdepth':
      case 'max-columns': case 'threads': {
        const n = num();
        if (typeof n === 'string') return { ok: false, text: name === 'threads' ? 'invalid digit found in string\n' : n, status: 2 };
        // clap's overrides: -C drops earlier -A/-B, and -A or -B drops an earlier -C
        if (name === 'after-context') [ctxA, ctxC] = [n, null];
        else if (name === 'before-context') [ctxB, ctxC] = [n, null];
        else if (name === 'context') [ctxA, ctxB, ctxC] = [null, null, n];
        else if (name === 'max-count') o.maxCount = n;
        else if (name === 'max-columns') o.maxColumns = n === 0 ? null : n;
        else if (name === 'threads') o.threads = n;
        else o.maxDepth = n;
        break;
      }
      case 'case-sensitive': o.caseMode = 'sensitive'; break;
      case 'ignore-case': o.caseMode = 'insensitive'; break;
      case 'smart-case': o.caseMode = 'smart'; break;
      case 'fixed-strings': o.fixed = true; break;
      case 'no-fixed-strings': o.fixed = false; break;
      case 'word-regexp': o.word = true; o.line = false; break;
      case 'line-regexp': o.line = true; o.word = false; break;
      case 'invert-match': o.invert = true; break;
      case 'count': o.count = true; o.countMatches = false; break;
      case 'count-matches': o.countMatches = true; o.count = false; break;
      case 'files-with-matches': o.filesWithMatches = true; o.filesWithoutMatch = false; break;
      case 'files-without-match': o.filesWithoutMatch = true; o.filesWithMatches = false; break;
      case 'files': o.files = true; break;
      case 'json': o.json = true; break;
      case 'no-json': o.json = false; break;
      case 'quiet': o.quiet = true; break;
      case 'only-matching': o.onlyMatching = true; break;
      case 'replace': o.replace = value; break;
      case 'line-number': o.lineNumber = true; break;
      case 'no-line-number': o.lineNumber = false; break;
      case 'column': o.column = true; break;
      case 'no-column': o.column = false; break;
      case 'byte-offset': o.byteOffset = true; break;
      case 'with-filename': o.withFilename = true; break;
      case 'no-filename': o.withFilename = false; break;
      case 'heading': o.heading = true; break;
      case 'no-heading': o.heading = false; break;
      case 'vimgrep': o.vimgrep = true; break;
      case 'null': o.nullAfterPath = true; break;
      case 'trim': o.trim = true; break;
      case 'no-trim': o.trim = false; break;
      case 'passthru': case 'passthrough': o.passthru = true; break;
      case 'context-separator': o.contextSeparator = unescapeSeparator(value); break;
      case 'no-context-separator': o.contextSeparator = null; break;
      case 'field-match-separator': o.fieldMatchSeparator = unescapeSeparator(value); break;
      case 'field-context-separator': o.fieldContextSeparator = unescapeSeparator(value); break;
      case 'max-columns-preview': o.maxColumnsPreview = true; break;
      case 'no-max-columns-preview': o.maxColumnsPreview = false; break;
      case 'hidden': o.hidden = true; break;
      case 'no-hidden': o.hidden = false; break;
      case 'follow': o.follow = true; break;
      case 'no-follow': o.follow = false; break;
      case 'no-ignore': o.noIgnoreVcs = o.noIgnoreDot = o.noIgnoreParent = o.noIgnoreFiles = true; break;
      case 'ignore': o.noIgnoreVcs = o.noIgnoreDot = o.noIgnoreParent = o.noIgnoreFiles = false; break;
      case 'no-ignore-vcs': o.noIgnoreVcs = true; break;
      case 'ignore-vcs': o.noIgnoreVcs = false; break;
      case 'no-ignore-dot': o.noIgnoreDot = true; break;
      case 'ignore-dot': o.noIgnoreDot = false; break;
      case 'no-ignore-parent': o.noIgnoreParent = true; break;
      case 'ignore-parent': o.noIgnoreParent = false; break;
      case 'no-ignore-files': o.noIgnoreFiles = true; break;
      case 'ignore-files': o.noIgnoreFiles = false; break;
      case 'no-require-git': o.requireGit = false; break;
      case 'require-git': o.requireGit = true; break;
      case 'ignore-file': o.ignoreFiles.push(value); break;
      case 'ignore-file-case-insensitive': o.ignoreFileCaseInsensitive = true; break;
      case 'no-ignore-file-case-insensitive': o.ignoreFileCaseInsensitive = false; break;
      case 'unrestricted': o.unrestricted++; break;
      case 'text': o.text = true; break;
      case 'no-text': o.text = false; break;
      case 'binary': o.binary = true; break;
      case 'no-binary': o.binary = false; break;
      case 'glob': o.globs.push({ glob: value, icase: false }); break;
      case 'iglob': o.globs.push({ glob: value, icase: true }); break;
      case 'glob-case-insensitive': o.globCaseInsensitive = true; break;
      case 'no-glob-case-insensitive': o.globCaseInsensitive = false; break;
      case 'type': o.types.push(value); break;
      case 'type-not': o.typesNot.push(value); break;
      case 'type-add': o.typeAdds.push(value); break;
      case 'type-clear': o.typeClears.push(value); break;
      case 'type-list': o.typeList = true; break;
      case 'sort': case 'sortr':
        o.sort = value === 'path' ? 'path' : value === 'none' ? 'none' : 'other';
        o.sortReverse = name === 'sortr';
        break;
      case 'sort-files': o.sort = 'path'; o.sortReverse = false; break;
      case 'no-sort-files': o.sort = 'none'; break;
      case 'no-messages': o.noMessages = true; break;
      case 'messages': o.noMessages = false; break;
      case 'multiline': o.multiline = true; break;
      case 'no-multiline': o.multiline = false; break;
      case 'multiline-dotall': o.multilineDotall = true; break;
      case 'no-multiline-dotall': o.multilineDotall = false; break;
      case 'crlf': o.crlf = true; break;
      case 'no-crlf': o.crlf = false; break;
      case 'null-data': o.nullData = true; break;
      case 'help': o.help = o.help ?? 'short'; break;
      case 'version': o.version = true; break;
      case 'include-zero': o.includeZero = true; break;
      case 'path-separator': o.pathSeparator = unescapeSeparator(value); break;
      case 'regexp': o.patterns.push(value); break;
      case 'file': o.patternFiles.push(value); break;
      case 'encoding':
        if (!/^(utf-?8|none|auto)$/i.test(value)) return { ok: false, text: `rg: --encoding ${value} is refused: rshell reads UTF-8 only\n`, status: 2 };
        break;
      case 'color':
        if (value === 'always' || value === 'ansi') return { ok: false, text: 'rg: --color always is refused: rshell prints no colors\n', status: 2 };
        break;
      case 'engine':
        if (value !== 'default') return { ok: false, text: `rg: --engine ${value} is refused: rshell has no PCRE2 engine for rg\n`, status: 2 };
        break;
      default:
        // accepted and without effect here: --mmap, --no-config, buffering, --colors, size limits
        break;
    }
  }
  // rg: `if both > 0 { (both, both) } else { (before, after) }`
  if (ctxC !== null && ctxC > 0) o.before = o.after = ctxC;
  else {
    o.before = ctxB ?? 0;
    o.after = ctxA ?? 0;
  }
  if (o.unrestricted >= 1) o.noIgnoreVcs = o.noIgnoreDot = o.noIgnoreParent = o.noIgnoreFiles = true;
  if (o.unrestricted >= 2) o.hidden = true;
  if (o.unrestricted >= 3) o.binary = true;
  // rg: --count with --only-matching counts matches
  if (o.count && o.onlyMatching) {
    o.count = false;
    o.countMatches = true;
    o.countFromOnlyMatching = true;
  }
  // rg's summary_kind: -q, then --count-matches, -c, -l, --files-without-match
  if (o.quiet || o.countMatches || o.count || o.filesWithMatches) o.filesWithoutMatch = false;
  if (o.quiet || o.countMatches || o.count) o.filesWithMatches = false;
  if (o.quiet || o.countMatches) o.count = false;
  if (o.quiet) o.countMatches = false;
  if (o.vimgrep) {
    o.lineNumber = true;
    o.column = true;
  }
  // clap's conflicts (rg 13's app.rs)
  if (o.json) {
    for (const [flag, on] of [['count', o.count], ['count-matches', o.countMatches], ['files', o.files], ['files-with-matches', o.filesWithMatches], ['files-without-match', o.filesWithoutMatch], ['vimgrep', o.vimgrep]] as const) {
      if (on) return { ok: false, text: clapError(`The argument '--${flag}' cannot be used with '--json'`), status: 2 };
    }
  }
  const paths = [...positionals];
  if (!o.files && !o.typeList && o.help === null && !o.version && o.patterns.length === 0 && o.patternFiles.length === 0) {
    const first = paths.shift();
    if (first === undefined) return { ok: false, text: clapError('The following required arguments were not provided:\n    <PATTERN>'), status: 2 };
    o.patterns.push(first);
  }
  return { ok: true, opts: o, paths };
}
