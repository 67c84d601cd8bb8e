// The option words of diff's command line as GNU's getopt leaves them in argv (options first,
// then operands): the `diff -r -u a/x b/x` line of a recursive run repeats them, shell-quoted.

const SHORT_WITH_VALUE = new Set(['C', 'D', 'F', 'I', 'L', 'S', 'U', 'W', 'X', 'x']);
const LONG_WITH_VALUE = [
  'changed-group-format', 'exclude', 'exclude-from', 'from-file', 'horizon-lines', 'ifdef',
  'ignore-matching-lines', 'label', 'line-format', 'new-group-format', 'new-line-format',
  'old-group-format', 'old-line-format', 'palette', 'show-function-line', 'starting-file',
  'tabsize', 'to-file', 'unchanged-group-format', 'unchanged-line-format', 'width',
];
const LONG_ALL = [
  ...LONG_WITH_VALUE, 'binary', 'brief', 'color', 'context', 'ed', 'expand-tabs', 'forward-ed', 'help',
  'ignore-all-space', 'ignore-blank-lines', 'ignore-case', 'ignore-file-name-case', 'ignore-space-change',
  'ignore-tab-expansion', 'ignore-trailing-space', 'inhibit-hunk-merge', 'initial-tab', 'left-column',
  'minimal', 'new-file', 'no-dereference', 'no-ignore-file-name-case', 'normal', 'paginate', 'rcs',
  'recursive', 'report-identical-files', 'sdiff-merge-assist', 'show-c-function', 'side-by-side',
  'speed-large-files', 'strip-trailing-cr', 'suppress-blank-empty', 'suppress-common-lines', 'text',
  'unidirectional-new-file', 'unified', 'version', '-presume-output-tty',
];

function longTakesValue(name: string): boolean {
  if (LONG_WITH_VALUE.includes(name)) return true;
  const hits = LONG_ALL.filter((l) => l.startsWith(name));
  return hits.length === 1 && LONG_WITH_VALUE.includes(hits[0]!);
}

/** the option arguments (with separate values, and a `--`), in order */
export function optionWords(args: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      words.push(a);
      break;
    }
    if (a.length < 2 || a[0] !== '-') continue;
    words.push(a);
    if (a.startsWith('--')) {
      if (!a.includes('=') && longTakesValue(a.slice(2)) && i + 1 < args.length) words.push(args[++i]!);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      if (SHORT_WITH_VALUE.has(a[k]!)) {
        if (k === a.length - 1 && i + 1 < args.length) words.push(args[++i]!);
        break;
      }
    }
  }
  return words;
}
