// grep / egrep / fgrep: GNU grep 3.8 behaviour over the sandbox. Patterns go through lib/regex
// (POSIX BRE/ERE → linear-time V8 RegExp); -P patterns through pcre.ts (PCRE2 syntax on V8).

import type { CallContext, Command } from '../types.js';
import { defineCommand, writeUsageError, type CommandLine } from '../internal/command.js';
import { type CompileFailure, compilePatterns, toLatin1, type Matcher } from '../../lib/regex/index.js';
import { decode, encode } from '../../lib/io/encoding.js';
import { conflictingMatchers, type FileRule, GREP_FLAGS, GREP_USAGE_LINE, type GrepOptions, resolveOptions } from './options.js';
import { LatinOutput, Painter, parseGrepColors } from './output.js';
import { Searcher } from './search.js';
import { compilePcre } from './pcre.js';
import { GREP_HELP } from './usage.js';
import { collectTargets, type Target } from './walk.js';
import { fsErrorOf } from '../internal/errors.js';
import { readToEnd } from '../internal/inputs.js';
import type { ByteReader } from '../../lib/io/streams.js';
import { say, writeThen } from '../internal/print.js';

type Variant = 'grep' | 'egrep' | 'fgrep';

function splitPatternLines(text: string): string[] {
  return text.split('\n');
}

/** -e values and -f files, in order; each may hold several newline-separated patterns */
async function gatherPatterns(
  ctx: CallContext,
  opts: GrepOptions,
): Promise<{ ok: true; patterns: string[]; origins: string[] } | { ok: false; message: string }> {
  const patterns: string[] = [];
  /** where each pattern came from, as GNU names it in an error: '' for -e, `FILE:LINE: ` for -f */
  const origins: string[] = [];
  for (const src of opts.patternSources) {
    if (src.kind === 'pattern') {
      const lines = splitPatternLines(toLatin1(encode(src.value)));
      patterns.push(...lines);
      for (let i = 0; i < lines.length; i++) origins.push('');
      continue;
    }
    // through open(), not readFile(): `-f <(cmd)` and `-f /dev/stdin` are pipes, read as they come
    let reader: ByteReader = ctx.stdin;
    let opened: { close(): void } | null = null;
    if (src.value !== '-') {
      const o = ctx.fs.open(src.value);
      if (!o.ok) return { ok: false, message: `${src.value}: ${o.error.detail ?? o.error.message}` };
      reader = opened = o.value;
    }
    const whole = await readToEnd(reader, ctx.limits.maxFileBytes).finally(() => opened?.close());
    if (!whole.ok) return { ok: false, message: `${src.value}: ${whole.message}` };
    const bytes = whole.bytes;
    if (bytes.length === 0) continue;
    const text = toLatin1(bytes);
    const lines = splitPatternLines(text);
    if (text.endsWith('\n')) lines.pop();
    patterns.push(...lines);
    for (let i = 1; i <= lines.length; i++) origins.push(`${src.value}:${i}: `);
  }
  // every pattern is a latin1-style byte string from here on
  return { ok: true, patterns, origins };
}

/**
 * A pattern that does not compile: GNU grep reports every pattern glibc rejects (once per
 * distinct pattern, under its first origin), or dfa's one error after the warnings before it.
 */
function compileErrorText(name: string, failure: CompileFailure, patterns: readonly string[], origins: readonly string[]): string {
  let text = '';
  for (const w of failure.warnings ?? []) text += `${name}: warning: ${w}\n`;
  if (failure.errors === undefined) return text + `${name}: ${failure.message}\n`;
  const seen = new Set<string>();
  for (const e of failure.errors) {
    const pattern = patterns[e.pattern] ?? '';
    if (seen.has(pattern)) continue;
    seen.add(pattern);
    text += `${name}: ${origins[patterns.indexOf(pattern)] ?? ''}${e.message}\n`;
  }
  return text;
}

/**
 * --include/--exclude globs in command-line order, each --exclude-from file's lines (trailing
 * white space cut, empty lines skipped, as gnulib's add_exclude_file does) at its place; a
 * message when such a file cannot be read.
 */
function loadFileRules(ctx: CallContext, opts: GrepOptions): FileRule[] | string {
  const rules: FileRule[] = [];
  for (const src of opts.fileRuleSources) {
    if (src.kind !== 'exclude-from') {
      rules.push({ include: src.kind === 'include', glob: src.value });
      continue;
    }
    const r = ctx.fs.readFile(src.value, ctx.limits.maxFileBytes);
    if (!r.ok) return `${src.value}: ${r.error.detail ?? r.error.message}`;
    for (const line of decode(r.value).split('\n')) {
      const glob = line.replace(/[ \t\n\v\f\r]+$/, '');
      if (glob !== '') rules.push({ include: false, glob });
    }
  }
  return rules;
}

/**
 * GNU grep 3.8 fails at once, before compiling the patterns or opening any file, when no line
 * can be selected: -m 0, or -v with the one empty pattern (which every line matches) and no
 * -x/-w. `-f /dev/null` (no pattern at all) is GNU's "-v ''" with -v flipped and -x/-w dropped.
 * -L goes on (it lists the files), unless -q, which takes over from it.
 */
function cannotSelect(opts: GrepOptions, patterns: readonly string[]): boolean {
  if (opts.listNonMatching && !opts.quiet) return false;
  if (opts.maxCount === 0) return true;
  if (patterns.length === 0) return !opts.invert;
  // duplicate patterns are one for GNU: `-e '' -e ''` is the one empty pattern
  return opts.invert && !opts.wholeLine && !opts.wholeWord && patterns.every((p) => p === '');
}

export function makeGrep(variant: Variant, summary: string): Command {
  return defineCommand({
    name: variant,
    summary,
    help: GREP_HELP,
    flags: GREP_FLAGS,
    usageStatus: 2,
    // grep's usage() adds its Usage line before the Try line
    usageError: (ctx, message, status) => writeUsageError(ctx, message, status, GREP_USAGE_LINE),
    // the conflict setmatcher finds in the loop, before a later bad option, bad value or --help
    checkBefore: (ctx, before) => (conflictingMatchers(before) ? writeThen(ctx.stderr, `${ctx.name}: conflicting matchers specified\n`, 2) : undefined),
    run: (ctx, line) => runGrep(ctx, line, variant),
  });
}

async function runGrep(ctx: CallContext, { flags, operands, order }: CommandLine<typeof GREP_FLAGS>, variant: Variant): Promise<number> {
  const resolved = resolveOptions(flags, order);
  if (!resolved.ok) {
    if ('help' in resolved) return writeThen(ctx.stdout, GREP_HELP, 0);
    await say(ctx.stderr, `${ctx.name}: ${resolved.message}\n`);
    return 2;
  }
  const opts = resolved.options;
  if (variant === 'egrep' && opts.syntax === 'basic') opts.syntax = 'extended';
  if (variant === 'fgrep' && opts.syntax === 'basic') opts.syntax = 'fixed';
  if (opts.initialTab) {
    await say(ctx.stderr, `${ctx.name}: -T (--initial-tab) is not supported by rshell\n`);
    return 2;
  }
  if (opts.patternSources.length === 0) {
    const first = operands.shift();
    if (first === undefined) return writeUsageError(ctx, '', 2, GREP_USAGE_LINE);
    opts.patternSources.push({ kind: 'pattern', value: first });
  }
  const gathered = await gatherPatterns(ctx, opts);
  if (!gathered.ok) {
    await say(ctx.stderr, `${ctx.name}: ${gathered.message}\n`);
    return 2;
  }
  const rules = loadFileRules(ctx, opts);
  if (typeof rules === 'string') {
    await say(ctx.stderr, `${ctx.name}: ${rules}\n`);
    return 2;
  }
  opts.fileRules = rules;
  if (cannotSelect(opts, gathered.patterns)) return 1;
  const patternOptions = {
    syntax: opts.syntax,
    icase: opts.icase,
    eol: opts.nullData ? 0 : 0x0a,
    wholeLine: opts.wholeLine,
    wholeWord: opts.wholeWord,
    // lines are selected as GNU grep's dfa matcher reads the pattern (see lib/regex/parse.ts)
    dfa: true,
    // the deadline, inside a long match (back-references run on a step-counted matcher)
    checkpoint: () => ctx.checkAbort(),
  };
  if (opts.perl) {
    const pcre = compilePcre(gathered.patterns, { icase: opts.icase, wholeLine: opts.wholeLine, wholeWord: opts.wholeWord });
    if (!pcre.ok) {
      await say(ctx.stderr, `${ctx.name}: ${pcre.message}\n`);
      return 2;
    }
    return searchAll(ctx, opts, pcre.matcher, operands, pcre.matcher);
  }
  const compiled = compilePatterns(gathered.patterns, patternOptions);
  if (!compiled.ok) {
    await say(ctx.stderr, compileErrorText(ctx.name, compiled, gathered.patterns, gathered.origins));
    return 2;
  }
  for (const w of compiled.matcher.warnings) await say(ctx.stderr, `${ctx.name}: warning: ${w}\n`);
  // the matches printed inside a line (-o, --color) are found as GNU finds them there, with
  // glibc's regex rather than the dfa that selects lines: ERE read as regcomp reads it (`^*a` is
  // `^a` there), and without -x's whole-line rule (its search from a start offset skips that
  // check), which shows in context lines of -v -x (`grep -v -x -o -m1 -A1 a` prints the `a`s of a
  // context line `aa`)
  const inline = opts.onlyMatching || opts.color
    ? compilePatterns(gathered.patterns, { ...patternOptions, wholeLine: false, regcomp: true })
    : null;
  return searchAll(ctx, opts, compiled.matcher, operands, inline?.ok === true ? inline.matcher : compiled.matcher);
}

async function searchAll(ctx: CallContext, opts: GrepOptions, matcher: Matcher, operands: string[], inline: Matcher): Promise<number> {
  const recursive = opts.directories === 'recurse';
  // `grep -r PATTERN` with no file searches "." and shows names without a "./" prefix
  const implicitDot = recursive && operands.length === 0;
  if (operands.length === 0) operands.push(recursive ? '.' : '-');
  const out = new LatinOutput(ctx.stdout);
  const painter = new Painter(opts.color ? parseGrepColors(ctx.getEnv('GREP_COLORS')) : null);
  const searcher = new Searcher(opts, matcher, out, painter, ctx.limits.maxLineBytes, () => ctx.checkAbort(), inline);
  const multiple = operands.length > 1;
  let anySelected = false;
  let hadError = false;
  const eolName = opts.nullAfterName ? '\0' : '\n';

  const reportError = async (name: string, message: string): Promise<void> => {
    hadError = true;
    if (opts.noMessages) return;
    const f = out.flush();
    if (f) await f;
    await say(ctx.stderr, `${ctx.name}: ${name}: ${message}\n`);
  };

  const searchOne = async (t: Target): Promise<boolean> => {
    const showName = opts.filenames === 'always' || (opts.filenames === 'default' && (multiple || t.fromRecursion));
    const display = t.isStdin ? opts.label : t.displayName;
    const displayLatin = toLatin1(encode(display));
    const r = await searcher.search({ reader: t.reader, displayName: displayLatin, showName });
    t.close();
    if (r.selected > 0) anySelected = true;
    if (r.readError !== undefined) {
      const fe = fsErrorOf(r.readError);
      if (fe === undefined) throw r.readError;
      await reportError(display, fe.detail ?? fe.message);
    }
    if (r.tooLong) {
      await reportError(display, `line too long (over ${ctx.limits.maxLineBytes} bytes)`);
      return false;
    }
    if (opts.quiet) return r.quitAll;
    const name = painter.paint('filename', displayLatin);
    if (opts.count) {
      const pre = showName ? name + (opts.nullAfterName ? '\0' : painter.paint('separator', ':')) : '';
      out.push(pre + String(r.selected) + '\n');
    } else if (opts.listMatching && r.selected > 0) out.push(name + eolName);
    else if (opts.listNonMatching && r.selected === 0) out.push(name + eolName);
    if (r.binaryMatched) {
      const f = out.flush();
      if (f) await f;
      await say(ctx.stderr, `${ctx.name}: ${display}: binary file matches\n`);
    }
    const f = out.flush();
    if (f) await f;
    return false;
  };

  try {
    for (const operand of operands) {
      const stop = await collectTargets(ctx, opts, operand, implicitDot, {
        onTarget: searchOne,
        onError: reportError,
      });
      if (stop) break;
    }
  } finally {
    searcher.release();
  }
  const f = out.flush();
  if (f) await f;
  if (hadError && !(opts.quiet && anySelected)) return 2;
  return anySelected ? 0 : 1;
}
