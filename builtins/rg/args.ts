// ripgrep 13's command line, read as its clap 2 parser reads it: `--long[=value]`, short clusters
// (`-inw`, `-m5`, `-m 5`), `--` ends the options, the first free word is the PATTERN unless -e/-f
// gave one. Errors are clap's text (`error: Found argument '--x' which wasn't expected, …` with
// the USAGE block), ending in a blank line as rg prints them, status 2. This is not GNU getopt,
// so the command is a raw one (internal/raw-command.ts).

/** how an option takes its argument */
type Kind = 'switch' | 'value';

interface Spec {
  long: string;
  short?: string;
  kind: Kind;
  /** clap's value name in messages: `'--max-count <NUM>'` */
  valueName?: string;
}

// long names in clap's order does not matter for rg (no abbreviations): only exact names
const TABLE: Spec[] = [
  { long: 'after-context', short: 'A', kind: 'value', valueName: 'NUM' },
  { long: 'auto-hybrid-regex', kind: 'switch' },
  { long: 'no-auto-hybrid-regex', kind: 'switch' },
  { long: 'before-context', short: 'B', kind: 'value', valueName: 'NUM' },
  { long: 'binary', kind: 'switch' },
  { long: 'no-binary', kind: 'switch' },
  { long: 'block-buffered', kind: 'switch' },
  { long: 'no-block-buffered', kind: 'switch' },
  { long: 'byte-offset', short: 'b', kind: 'switch' },
  { long: 'case-sensitive', short: 's', kind: 'switch' },
  { long: 'color', kind: 'value', valueName: 'WHEN' },
  { long: 'colors', kind: 'value', valueName: 'COLOR_SPEC' },
  { long: 'column', kind: 'switch' },
  { long: 'no-column', kind: 'switch' },
  { long: 'context', short: 'C', kind: 'value', valueName: 'NUM' },
  { long: 'context-separator', kind: 'value', valueName: 'SEPARATOR' },
  { long: 'no-context-separator', kind: 'switch' },
  { long: 'count', short: 'c', kind: 'switch' },
  { long: 'count-matches', kind: 'switch' },
  { long: 'crlf', kind: 'switch' },
  { long: 'no-crlf', kind: 'switch' },
  { long: 'debug', kind: 'switch' },
  { long: 'trace', kind: 'switch' },
  { long: 'dfa-size-limit', kind: 'value', valueName: 'NUM+SUFFIX?' },
  { long: 'encoding', short: 'E', kind: 'value', valueName: 'ENCODING' },
  { long: 'no-encoding', kind: 'switch' },
  { long: 'engine', kind: 'value', valueName: 'ENGINE' },
  { long: 'field-context-separator', kind: 'value', valueName: 'SEPARATOR' },
  { long: 'field-match-separator', kind: 'value', valueName: 'SEPARATOR' },
  { long: 'file', short: 'f', kind: 'value', valueName: 'PATTERNFILE' },
  { long: 'files', kind: 'switch' },
  { long: 'files-with-matches', short: 'l', kind: 'switch' },
  { long: 'files-without-match', kind: 'switch' },
  { long: 'fixed-strings', short: 'F', kind: 'switch' },
  { long: 'no-fixed-strings', kind: 'switch' },
  { long: 'follow', short: 'L', kind: 'switch' },
  { long: 'no-follow', kind: 'switch' },
  { long: 'glob', short: 'g', kind: 'value', valueName: 'GLOB' },
  { long: 'glob-case-insensitive', kind: 'switch' },
  { long: 'no-glob-case-insensitive', kind: 'switch' },
  { long: 'help', short: 'h', kind: 'switch' },
  { long: 'heading', kind: 'switch' },
  { long: 'no-heading', kind: 'switch' },
  { long: 'hidden', short: '.', kind: 'switch' },
  { long: 'no-hidden', kind: 'switch' },
  { long: 'iglob', kind: 'value', valueName: 'GLOB' },
  { long: 'ignore-case', short: 'i', kind: 'switch' },
  { long: 'ignore-file', kind: 'value', valueName: 'PATH' },
  { long: 'ignore-file-case-insensitive', kind: 'switch' },
  { long: 'no-ignore-file-case-insensitive', kind: 'switch' },
  { long: 'include-zero', kind: 'switch' },
  { long: 'invert-match', short: 'v', kind: 'switch' },
  { long: 'json', kind: 'switch' },
  { long: 'no-json', kind: 'switch' },
  { long: 'line-buffered', kind: 'switch' },
  { long: 'no-line-buffered', kind: 'switch' },
  { long: 'line-number', short: 'n', kind: 'switch' },
  { long: 'no-line-number', short: 'N', kind: 'switch' },
  { long: 'line-regexp', short: 'x', kind: 'switch' },
  { long: 'max-columns', short: 'M', kind: 'value', valueName: 'NUM' },
  { long: 'max-columns-preview', kind: 'switch' },
  { long: 'no-max-columns-preview', kind: 'switch' },
  { long: 'max-count', short: 'm', kind: 'value', valueName: 'NUM' },
  { long: 'max-depth', kind: 'value', valueName: 'NUM' },
  { long: 'maxdepth', kind: 'value', valueName: 'NUM' },
  { long: 'max-filesize', kind: 'value', valueName: 'NUM+SUFFIX?' },
  { long: 'mmap', kind: 'switch' },
  { long: 'no-mmap', kind: 'switch' },
  { long: 'multiline', short: 'U', kind: 'switch' },
  { long: 'no-multiline', kind: 'switch' },
  { long: 'multiline-dotall', kind: 'switch' },
  { long: 'no-multiline-dotall', kind: 'switch' },
  { long: 'no-config', kind: 'switch' },
  { long: 'no-filename', short: 'I', kind: 'switch' },
  { long: 'with-filename', short: 'H', kind: 'switch' },
  { long: 'no-ignore', kind: 'switch' },
  { long: 'ignore', kind: 'switch' },
  { long: 'no-ignore-dot', kind: 'switch' },
  { long: 'ignore-dot', kind: 'switch' },
  { long: 'no-ignore-exclude', kind: 'switch' },
  { long: 'ignore-exclude', kind: 'switch' },
  { long: 'no-ignore-files', kind: 'switch' },
  { long: 'ignore-files', kind: 'switch' },
  { long: 'no-ignore-global', kind: 'switch' },
  { long: 'ignore-global', kind: 'switch' },
  { long: 'no-ignore-messages', kind: 'switch' },
  { long: 'ignore-messages', kind: 'switch' },
  { long: 'no-ignore-parent', kind: 'switch' },
  { long: 'ignore-parent', kind: 'switch' },
  { long: 'no-ignore-vcs', kind: 'switch' },
  { long: 'ignore-vcs', kind: 'switch' },
  { long: 'no-messages', kind: 'switch' },
  { long: 'messages', kind: 'switch' },
  { long: 'no-pcre2-unicode', kind: 'switch' },
  { long: 'pcre2-unicode', kind: 'switch' },
  { long: 'no-require-git', kind: 'switch' },
  { long: 'require-git', kind: 'switch' },
  { long: 'no-unicode', kind: 'switch' },
  { long: 'unicode', kind: 'switch' },
  { long: 'null', short: '0', kind: 'switch' },
  { long: 'null-data', kind: 'switch' },
  { long: 'one-file-system', kind: 'switch' },
  { long: 'no-one-file-system', kind: 'switch' },
  { long: 'only-matching', short: 'o', kind: 'switch' },
  { long: 'passthru', kind: 'switch' },
  { long: 'passthrough', kind: 'switch' },
  { long: 'path-separator', kind: 'value', valueName: 'SEPARATOR' },
  { long: 'pcre2', short: 'P', kind: 'switch' },
  { long: 'no-pcre2', kind: 'switch' },
  { long: 'pcre2-version', kind: 'switch' },
  { long: 'pre', kind: 'value', valueName: 'COMMAND' },
  { long: 'no-pre', kind: 'switch' },
  { long: 'pre-glob', kind: 'value', valueName: 'GLOB' },
  { long: 'pretty', short: 'p', kind: 'switch' },
  { long: 'quiet', short: 'q', kind: 'switch' },
  { long: 'regex-size-limit', kind: 'value', valueName: 'NUM+SUFFIX?' },
  { long: 'regexp', short: 'e', kind: 'value', valueName: 'PATTERN' },
  { long: 'replace', short: 'r', kind: 'value', valueName: 'REPLACEMENT_TEXT' },
  { long: 'search-zip', short: 'z', kind: 'switch' },
  { long: 'no-search-zip', kind: 'switch' },
  { long: 'smart-case', short: 'S', kind: 'switch' },
  { long: 'sort', kind: 'value', valueName: 'SORTBY' },
  { long: 'sortr', kind: 'value', valueName: 'SORTBY' },
  { long: 'sort-files', kind: 'switch' },
  { long: 'no-sort-files', kind: 'switch' },
  { long: 'stats', kind: 'switch' },
  { long: 'no-stats', kind: 'switch' },
  { long: 'text', short: 'a', kind: 'switch' },
  { long: 'no-text', kind: 'switch' },
  { long: 'threads', short: 'j', kind: 'value', valueName: 'NUM' },
  { long: 'trim', kind: 'switch' },
  { long: 'no-trim', kind: 'switch' },
  { long: 'type', short: 't', kind: 'value', valueName: 'TYPE' },
  { long: 'type-add', kind: 'value', valueName: 'TYPE_SPEC' },
  { long: 'type-clear', kind: 'value', valueName: 'TYPE' },
  { long: 'type-list', kind: 'switch' },
  { long: 'type-not', short: 'T', kind: 'value', valueName: 'TYPE' },
  { long: 'unrestricted', short: 'u', kind: 'switch' },
  { long: 'version', short: 'V', kind: 'switch' },
  { long: 'vimgrep', kind: 'switch' },
  { long: 'word-regexp', short: 'w', kind: 'switch' },
];

const BY_LONG = new Map(TABLE.map((s) => [s.long, s]));
const BY_SHORT = new Map(TABLE.filter((s) => s.short !== undefined).map((s) => [s.short!, s]));

/** the values clap checks against a fixed list (`possible_values`) */
const POSSIBLE: Record<string, readonly string[]> = {
  color: ['always', 'ansi', 'auto', 'never'],
  sort: ['accessed', 'created', 'modified', 'none', 'path'],
  sortr: ['accessed', 'created', 'modified', 'none', 'path'],
  engine: ['default', 'pcre2', 'auto'],
};

export interface Occurrence {
  name: string;
  value: string;
}

export interface ParsedArgs {
  /** every option in command-line order, by long name */
  order: Occurrence[];
  positionals: string[];
}

export const USAGE_BLOCK =
  'USAGE:\n    \n    rg [OPTIONS] PATTERN [PATH ...]\n    rg [OPTIONS] -e PATTERN ... [PATH ...]\n    rg [OPTIONS] -f PATTERNFILE ... [PATH ...]\n' +
  '    rg [OPTIONS] --files [PATH ...]\n    rg [OPTIONS] --type-list\n    command | rg [OPTIONS] PATTERN\n    rg [OPTIONS] --help\n    rg [OPTIONS] --version\n\n' +
  'For more information try --help\n';

/** a clap error as rg prints it (the usage block where clap adds it), then rg's blank line */
export function clapError(message: string, usage = true): string {
  return `error: ${message}\n${usage ? '\n' + USAGE_BLOCK : ''}\n`;
}

/** clap's "Did you mean" for a long option: strsim's Jaro-Winkler above 0.8 */
function suggest(word: string): string | null {
  // as observed from rg 13: `--no-X` for a flag X without a negation suggests X
  if (word.startsWith('no-') && BY_LONG.has(word.slice(3))) return word.slice(3);
  return closest(word, CANDIDATES);
}

/** clap 2 offers its switches first, then its options taking values */
const CANDIDATES = [...TABLE.filter((s) => s.kind === 'switch'), ...TABLE.filter((s) => s.kind === 'value')].map((s) => s.long);

function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestScore = 0.8;
  for (const c of candidates) {
    const score = jaroWinkler(word, c);
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aUsed = new Array<boolean>(a.length).fill(false);
  const bUsed = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(b.length, i + window + 1); j++) {
      if (!bUsed[j] && a[i] === b[j]) {
        aUsed[i] = bUsed[j] = true;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let t = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aUsed[i]) continue;
    while (!bUsed[k]) k++;
    if (a[i] !== b[k]) t++;
    k++;
  }
  // strsim 0.8 halves the transpositions in integers
  const jaro = (matches / a.length + matches / b.length + (matches - Math.floor(t / 2)) / matches) / 3;
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

function unexpected(arg: string, suggestion: string | null): string {
  const hint = suggestion === null ? '' : `\tDid you mean --${suggestion}?\n`;
  return `error: Found argument '${arg}' which wasn't expected, or isn't valid in this context\n${hint}\n${USAGE_BLOCK}\n`;
}

/** the arguments, or clap's error text */
export function parseArgs(args: readonly string[]): ParsedArgs | { error: string } {
  const order: Occurrence[] = [];
  const positionals: string[] = [];
  const take = (spec: Spec, value: string): string | null => {
    const possible = POSSIBLE[spec.long];
    if (possible !== undefined && !possible.includes(value)) {
      const near = closest(value, possible);
      const hint = near === null ? '' : `\n\tDid you mean '${near}'?`;
      return clapError(`'${value}' isn't a valid value for '--${spec.long} <${spec.valueName ?? ''}>'\n\t[possible values: ${possible.join(', ')}]\n${hint}`);
    }
    order.push({ name: spec.long, value });
    return null;
  };
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!; // i < length
    if (arg === '--') {
      i++;
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      const spec = BY_LONG.get(name);
      if (spec === undefined) return { error: unexpected(eq < 0 ? arg : arg.slice(0, eq), suggest(name)) };
      if (spec.kind === 'switch') {
        if (eq >= 0) return { error: unexpected(arg, null) };
        order.push({ name: spec.long, value: '' });
        continue;
      }
      let value: string | undefined;
      if (eq >= 0) value = arg.slice(eq + 1);
      else {
        const next = args[i + 1];
        if (next === undefined || (next.startsWith('-') && next !== '-' && !hyphenValues(spec))) {
          // clap leaves the option without its value; what it then reports is the missing PATTERN
          continue;
        }
        value = next;
        i++;
      }
      const e = take(spec, value);
      if (e !== null) return { error: e };
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') {
      const chars = [...arg.slice(1)];
      for (let k = 0; k < chars.length; k++) {
        const spec = BY_SHORT.get(chars[k]!); // k < length
        if (spec === undefined) return { error: unexpected(`-${chars[k]}`, null) };
        if (spec.kind === 'switch') {
          order.push({ name: spec.long, value: `-${chars[k]}` });
          continue;
        }
        let value = chars.slice(k + 1).join('');
        if (value.startsWith('=')) value = value.slice(1);
        if (value === '' && k === chars.length - 1) {
          const next = args[i + 1];
          if (next === undefined || (next.startsWith('-') && next !== '-' && !hyphenValues(spec))) break;
          value = next;
          i++;
        }
        const e = take(spec, value);
        if (e !== null) return { error: e };
        break;
      }
      continue;
    }
    positionals.push(arg);
  }
  positionals.push(...args.slice(i));
  return { order, positionals };
}

/** the options whose values may start with `-` (rg's allow_hyphen_values) */
function hyphenValues(spec: Spec): boolean {
  return spec.long === 'regexp' || spec.long === 'replace' || spec.long === 'context-separator' || spec.long === 'glob' || spec.long === 'iglob' ||
    spec.long === 'field-context-separator' || spec.long === 'field-match-separator' || spec.long === 'path-separator';
}

/** clap's "Invalid value for '--max-count <NUM>': …" */
export function invalidValue(long: string, detail: string): string {
  const spec = BY_LONG.get(long);
  const short = spec?.short === undefined ? '' : '';
  return clapError(`Invalid value for '--${long}${short} <${spec?.valueName ?? ''}>': ${detail}`, false);
}
