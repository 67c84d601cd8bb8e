// User regular expressions for grep, sed, awk, find -regex, [[ =~ ]] — one module.
//
//   const r = compilePatterns(['a.*b'], { syntax: 'extended', icase: false });
//   if (!r.ok) → r.message is GNU's text ("Unmatched ( or \\("), the caller adds "grep: "
//   r.matcher.test(record)            any match in one record (latin1 string, no terminator)
//   r.matcher.find(record, from)      next leftmost-longest match {start, end} at or after `from`
//   r.matcher.blockRegex              'g' RegExp usable across many records joined by the
//                                     terminator, or null (anchors, -x, -w need per-record runs)
//   r.matcher.warnings                GNU's "* at start of expression" warnings
//
// Records are byte strings decoded latin1-style (toLatin1 below): one char per byte, so invalid
// UTF-8 never breaks matching and `.` matches one byte, as GNU tools do in the C locale.
//
// Safety: one module decides how a pattern runs. V8's RegExp, with its linear-time fallback on
// (engine.ts), takes every pattern that engine can run, so those cannot hang. The rest —
// back-references, the \< \> and sed M anchors V8 could only spell with lookaround, sources too
// large for V8 — run on our own backtracking matcher (backtrack.ts), which counts its steps and
// calls `checkpoint` (the caller's deadline check) every few thousand: such a match can take
// exponential time (GNU's matchers take it too), but the run's deadline holds.

import { Buffer } from 'node:buffer';
import type { Node } from './ast.js';
import { newLinearRegExp, newRegExp } from './engine.js';
import { emitNode, hasEndSensitiveAssertion, hasLineAnchor, hasNestedRepetition, mayDifferFromLongest } from './emit.js';
import { backtrackingMatcher } from './backtrack-matcher.js';
import { parsePosix } from './parse.js';
import { checkGlibcSyntax, type GlibcSyntax } from './glibc-syntax.js';

export { checkGlibcSyntax, type GlibcSyntax };
import { buildLineDfa, type LineDfa } from './dfa.js';
import { compileMeter, type CompileStep } from './compile-meter.js';

export type PatternSyntax = 'basic' | 'extended' | 'fixed';

export interface CompileOptions {
  syntax: PatternSyntax;
  icase?: boolean;
  /** record terminator byte: 0x0a (default) or 0x00; -1 for none (sed: `.` matches a newline in the pattern space) */
  eol?: number;
  /** sed's M flag: ^ and $ also match around newlines inside the record */
  multiline?: boolean;
  /** keep POSIX groups as capturing groups so `exec` can report them (sed's \1–\9) */
  captures?: boolean;
  /** -x: the whole record must match */
  wholeLine?: boolean;
  /** -w: the match must be a whole word */
  wholeWord?: boolean;
  /** read ERE as glibc's regcomp does (see ParseOptions.regcomp): GNU grep's -o/--color matches */
  regcomp?: boolean;
  /** read ERE as GNU grep's dfa does (see ParseOptions.dfa): the lines GNU grep selects */
  dfa?: boolean;
  /**
   * check the pattern against glibc regcomp's POSIX grammar first (glibc-syntax.ts): what
   * regcomp(REG_EXTENDED) rejects for bash's `[[ =~ ]]` (`^*`, `{1}a`, `a{1`), GNU sed's syntax
   */
  glibc?: Omit<GlibcSyntax, 'extended'>;
  /**
   * called every few thousand steps of the backtracking matcher (patterns V8's linear-time
   * engine cannot run: back-references…) with the steps done since the last call; it throws to
   * stop a match that takes too long. The shape of a WorkMeter's `spend(units)`; commands pass
   * `() => ctx.checkAbort()`, the interpreter its runtime's abort check.
   */
  checkpoint?: (units: number) => void;
}

export interface Match {
  start: number;
  end: number;
}

export interface ExecMatch extends Match {
  /** [whole match, group 1, group 2, …]; undefined for a group that did not take part */
  groups: readonly (string | undefined)[];
}

export interface Matcher {
  test(record: string): boolean;
  find(record: string, from: number): Match | null;
  /**
   * like find, with the text of each POSIX group (reported only when compiled with `captures`;
   * otherwise `groups` holds the whole match only).
   */
  exec(record: string, from: number): ExecMatch | null;
  readonly blockRegex: RegExp | null;
  /**
   * the pattern's bytes when it is one plain string (no -i, -x, -w, no special characters and
   * no terminator byte): a record matches exactly when it contains them, so callers may search
   * raw bytes (Buffer.indexOf) instead of decoding and running the RegExp. Null otherwise.
   */
  readonly literal: Uint8Array | null;
  /**
   * a DFA over raw bytes that finds the next matching record (see dfa.ts), when the pattern
   * allows one (no anchors or other assertions, no back-references, no -x/-w); null otherwise
   */
  readonly lineDfa: LineDfa | null;
  readonly warnings: readonly string[];
}

export type CompileResult = { ok: true; matcher: Matcher } | CompileFailure;

export interface CompileFailure {
  ok: false;
  /** the first error (GNU's text) */
  message: string;
  /**
   * every pattern's syntax error, in order (GNU grep reports each pattern glibc rejects);
   * absent for an error that is not one pattern's (dfa's, or rshell's own refusals)
   */
  errors?: readonly { pattern: number; message: string }[];
  /** warnings GNU grep's dfa printed before its error (`{...} at start of expression`) */
  warnings?: readonly string[];
}

/** bytes → one char per byte (true ISO-8859-1, not windows-1252) */
export function toLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** one-char-per-byte string → bytes */
export function fromLatin1(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s, 'latin1'));
}

/**
 * JS source past this many characters goes to our matcher without asking V8, which refuses far
 * less ("Regular expression too large" from ~60,000 plain characters) and took ~0.75 s on each
 * attempt at 1 MB of `a*`: the time to compile such a pattern, which no deadline check splits.
 */
const MAX_V8_SOURCE = 100_000;

/** the longest-match search re-tests at most this many candidate ends per match */
const LONGEST_SEARCH_SPAN = 1024;

/**
 * Work units of V8 matching between two checkpoints (find and exec; see makeMatcher): about a
 * byte scanned by V8's backtracking engine each, so ~16k is well under a millisecond; the
 * backtracking matcher's steps (backtrack.ts) are of the same order.
 */
const CHECK_UNITS = 1 << 14;
/** one find call, one end probe of the longest-match search, one byte on the linear engine */
const FIND_UNITS = 16;
const PROBE_UNITS = 16;
const LINEAR_BYTE_UNITS = 64;

function fixedNode(pattern: string): Node {
  const items: Node[] = [];
  for (let i = 0; i < pattern.length; i++) items.push({ type: 'literal', byte: pattern.charCodeAt(i) & 0xff });
  return { type: 'concat', items };
}

/**
 * Compile one or more patterns (grep's -e list / newline-separated patterns), matched as
 * alternatives. Pattern strings are byte strings (latin1-style, see toLatin1).
 */
export function compilePatterns(patterns: readonly string[], opts: CompileOptions): CompileResult {
  const warnings: string[] = [];
  let hasBackrefs = false;
  const parsed: { root: Node; groups: number }[] = [];
  const errors: { pattern: number; message: string }[] = [];
  // GNU grep: glibc checks every pattern (and reports each error) before dfa reads them all
  let dfaFailure: CompileFailure | null = null;
  const step = compileMeter(opts.checkpoint);
  for (let i = 0; i < patterns.length; i++) {
    let p = patterns[i]!;
    if (opts.syntax === 'fixed') {
      parsed.push({ root: fixedNode(p), groups: 0 });
      continue;
    }
    if (opts.glibc !== undefined) {
      const checked = checkGlibcSyntax(p, { ...opts.glibc, extended: opts.syntax === 'extended' }, step);
      if (!checked.ok) {
        errors.push({ pattern: i, message: checked.message });
        continue;
      }
      p = checked.pattern;
    }
    const r = parsePosix(p, opts.syntax, { regcomp: opts.regcomp === true, dfa: opts.dfa === true, step });
    if (!r.ok) {
      errors.push({ pattern: i, message: r.message });
      continue;
    }
    if (dfaFailure !== null) continue;
    const dfaError = r.value.dfaError;
    if (dfaError !== undefined) {
      dfaFailure = { ok: false, message: dfaError.message, warnings: [...warnings, ...r.value.warnings.slice(0, dfaError.warnings)] };
      continue;
    }
    warnings.push(...r.value.warnings);
    hasBackrefs ||= r.value.hasBackrefs;
    parsed.push({ root: r.value.root, groups: r.value.groups });
  }
  if (errors.length > 0) return { ok: false, message: errors[0]!.message, errors };
  if (dfaFailure !== null) return dfaFailure;
  return build(parsed, opts, warnings, hasBackrefs, step);
}

function build(
  parsed: readonly { root: Node; groups: number }[],
  opts: CompileOptions,
  warnings: string[],
  hasBackrefs: boolean,
  step: CompileStep | undefined,
): CompileResult {
  const eol = opts.eol ?? 0x0a;
  const icase = opts.icase === true;
  const alternatives: Node[] = [];
  const capture = opts.captures === true;
  // the -w wrapper's two capture groups come first
  const wordWrap = opts.wholeWord === true && opts.wholeLine !== true;
  let offset = wordWrap ? 2 : 0;
  const sources: string[] = [];
  const lazySources: string[] = [];
  const onOurs = (): CompileResult =>
    backtrackingMatcher(
      parsed,
      { icase, eol, multiline: opts.multiline === true, wholeLine: opts.wholeLine === true, wholeWord: opts.wholeWord === true, step },
      warnings,
      opts.checkpoint,
    );
  // what V8's linear-time engine cannot run goes to the step-counted matcher
  if (hasBackrefs) return onOurs();
  let total = 0;
  for (const { root, groups } of parsed) {
    const emitted = emitNode(root, { icase, eol, capture, groupOffset: offset, multiline: opts.multiline === true });
    if (emitted.backtracking) return onOurs();
    total += emitted.source.length;
    if (total > MAX_V8_SOURCE) return onOurs();
    sources.push(emitted.source);
    lazySources.push(emitNode(root, { icase, eol, capture: false, groupOffset: offset, multiline: opts.multiline === true, lazy: true }).source);
    alternatives.push(root);
    offset += capture ? emitted.jsGroups : groups;
  }
  const v8 = buildV8(parsed.length, sources, lazySources, alternatives, opts, warnings);
  // a source V8 cannot compile ("Regular expression too large") runs on ours too
  return v8 === null ? onOurs() : v8;
}

function buildV8(
  count: number,
  sources: readonly string[],
  lazySources: readonly string[],
  alternatives: readonly Node[],
  opts: CompileOptions,
  warnings: string[],
): CompileResult | null {
  const eol = opts.eol ?? 0x0a;
  const icase = opts.icase === true;
  const wordWrap = opts.wholeWord === true && opts.wholeLine !== true;
  const body = sources.length === 0 ? '[]' : sources.length === 1 ? sources[0]! : sources.map((s) => '(?:' + s + ')').join('|');
  const root: Node = alternatives.length === 1 ? alternatives[0]! : { type: 'alt', alternatives: [...alternatives] };
  let source: string;
  if (opts.wholeLine === true) source = '^(?:' + body + ')$';
  else if (wordWrap) source = '(^|[^\\w])(' + body + ')(?:[^\\w]|$)';
  else source = body;
  const plain = newRegExp(source, '');
  const global = newRegExp(source, 'g');
  if (!plain.ok || !global.ok) return null;
  // -w past the start of a record: the word's leading boundary is always the byte before it (see
  // find: `(^|...)` there could match the empty start first and miss a word right after it)
  const later = wordWrap ? newRegExp('([^\\w])(' + body + ')(?:[^\\w]|$)', 'g') : null;
  if (later !== null && !later.ok) return null;
  const blockSafe = count > 0 && opts.wholeLine !== true && !wordWrap && !hasLineAnchor(root);
  // the block regex only ever answers "which record matches next": lazy quantifiers find that sooner
  const lazyBody = lazySources.length === 1 ? lazySources[0]! : lazySources.map((s) => '(?:' + s + ')').join('|');
  const block = blockSafe ? newRegExp(lazySources.length > 0 ? lazyBody : source, 'g') : null;
  const wantLongest = opts.wholeLine !== true && !wordWrap && mayDifferFromLongest(root);
  let anchored: EndProbe | null = null;
  if (wantLongest) {
    const a = newRegExp('(?:' + body + ')$', 'y');
    if (a.ok) anchored = hasEndSensitiveAssertion(root) ? inContextProbe(a.re, body, '') : prefixProbe(a.re);
  }
  // measured: V8's RegExp (native code, lazy quantifiers) beats a per-byte JS DFA on ordinary
  // patterns; the DFA wins where backtracking blows up (nested repetition: `(a|aa)*c`), which
  // would otherwise end on V8's much slower linear fallback engine
  const lineDfa = blockSafe && hasNestedRepetition(root) ? buildLineDfa(root, icase, eol) : null;
  const literal = count === 1 && !icase && opts.wholeLine !== true && !wordWrap ? literalBytes(alternatives[0]!, eol) : null;
  return {
    ok: true,
    matcher: makeMatcher(
      plain.re, global.re, block?.ok ? block.re : null, anchored, later?.ok ? later.re : null, warnings, literal, lineDfa,
      new LongRecordRegExps(source, ''),
      opts.checkpoint,
    ),
  };
}

/** the bytes of a pattern made of literals only (a plain string), or null */
function literalBytes(root: Node, eol: number): Uint8Array | null {
  const items = root.type === 'concat' ? root.items : [root];
  if (items.length === 0) return null;
  const bytes = new Uint8Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const n = items[i]!;
    if (n.type !== 'literal' || n.byte === eol) return null;
    bytes[i] = n.byte;
  }
  return bytes;
}

/**
 * Does the pattern match record[start, end) exactly? POSIX wants the longest match at the leftmost
 * start, where JavaScript takes the first alternative that works: `\|aa` on "aa" is "" for V8,
 * "aa" for GNU. Null when it does not; the match (with its groups) when it does.
 */
interface EndProbe {
  at(record: string, start: number, end: number): RegExpExecArray | null;
}

/** `(?:body)$` on the record cut at `end`: right for patterns whose assertions look only back */
function prefixProbe(anchored: RegExp): EndProbe {
  return {
    at(record, start, end) {
      anchored.lastIndex = start;
      return anchored.exec(end === record.length ? record : record.slice(0, end));
    },
  };
}

/** the probes kept per pattern (one per distance from the end); cleared past this many */
const KEPT_END_PROBES = 64;

/**
 * For patterns with `$`, `\>`, `\b`..., whose truth depends on what follows: cut at `end`, the
 * record would end there and `$` hold. An end the cut record accepts is checked on the whole
 * record, the match's end pinned by a lookahead on how many characters remain after it. The cut
 * comes first because it is cheap and rejects most ends (a pinned probe is a regex compiled per
 * distance from the end): it wrongly rejects only an end where `\<`, or `\b` before a word
 * character, would hold, which leaves the shorter match, as before.
 */
function inContextProbe(cut: RegExp, body: string, flags: string): EndProbe {
  const prefix = prefixProbe(cut);
  const byRemaining = new Map<number, RegExp | null>();
  return {
    at(record, start, end) {
      const k = record.length - end;
      // at the record's end the cut is the record itself: nothing to pin
      const cutMatch = prefix.at(record, start, end);
      if (k === 0 || cutMatch === null) return cutMatch;
      let re = byRemaining.get(k);
      if (re === undefined) {
        if (byRemaining.size >= KEPT_END_PROBES) byRemaining.clear();
        const r = newRegExp('(?:' + body + ')(?=[\\s\\S]{' + k + '}$)', 'y' + flags);
        re = r.ok ? r.re : null;
        byRemaining.set(k, re);
      }
      if (re === null) return null;
      re.lastIndex = start;
      return re.exec(record);
    },
  };
}

/**
 * Records longer than this are searched on V8's linear-time engine when it can run the pattern:
 * a backtracking search of a long record can take time quadratic in its length (`x*=` over a
 * 100,000-byte line: 24 s in one native call, past any timeout), while the linear engine is
 * 10-60x slower on ordinary lines, so short records keep the backtracking one.
 */
const LONG_RECORD = 4096;

/** a matcher's linear-engine RegExps, made at its first long record */
class LongRecordRegExps {
  private plainRe: RegExp | null | undefined;
  private globalRe: RegExp | null | undefined;
  constructor(
    private readonly source: string,
    private readonly flags: string,
  ) {}
  plain(): RegExp | null {
    if (this.plainRe === undefined) this.plainRe = newLinearRegExp(this.source, this.flags);
    return this.plainRe;
  }
  global(): RegExp | null {
    if (this.globalRe === undefined) this.globalRe = newLinearRegExp(this.source, 'g' + this.flags);
    return this.globalRe;
  }
}

function makeMatcher(
  plain: RegExp,
  global: RegExp,
  blockRegex: RegExp | null,
  anchored: EndProbe | null,
  /** -w: the wrapped pattern for a search from past the record's start (null without -w) */
  wordLater: RegExp | null,
  warnings: string[],
  literal: Uint8Array | null,
  lineDfa: LineDfa | null,
  long: LongRecordRegExps,
  checkpoint: ((units: number) => void) | undefined,
): Matcher {
  const posixGroups = (m: RegExpExecArray): (string | undefined)[] => Array.from(m);
  // Each find is short, but a caller's loop over every match of one long record (grep -o, sed's
  // s///g: 100,000 matches of `a|aa` took 4 s) is one step of the caller: the work is counted
  // here, per call (never per byte), and the checkpoint called every CHECK_UNITS of it.
  let spent = 0;
  const spend = (units: number): void => {
    spent += units;
    if (spent >= CHECK_UNITS && checkpoint !== undefined) {
      const u = spent;
      spent = 0;
      checkpoint(u);
    }
  };
  const longest = (record: string, start: number, end: number): number => {
    if (anchored === null) return end;
    const limit = Math.min(record.length, end + LONGEST_SEARCH_SPAN);
    spend(PROBE_UNITS * (limit - end));
    for (let e = limit; e > end; e--) if (anchored.at(record, start, e) !== null) return e;
    return end;
  };
  /** the search from `from` that ended at `to`: bytes scanned, many more on the linear engine */
  const searched = (record: string, from: number, to: number): void =>
    spend(FIND_UNITS + (to - from) * (record.length > LONG_RECORD ? LINEAR_BYTE_UNITS : 1));
  return {
    blockRegex,
    literal,
    lineDfa,
    warnings,
    test: (record) => (record.length > LONG_RECORD ? long.plain() ?? plain : plain).test(record),
    find(record, from) {
      if (wordLater !== null) {
        // group 1 is the leading boundary byte ('' at the record start), group 2 the word. From
        // past the start, the match begins at the byte before `from` or later: with `..` and
        // [^a], the second `.` is a word whose boundary is the first one
        const re = from > 0 ? wordLater : global;
        re.lastIndex = from > 0 ? from - 1 : 0;
        const m = re.exec(record);
        searched(record, from, m === null ? record.length : re.lastIndex);
        if (m === null) return null;
        const start = m.index + m[1]!.length;
        return { start, end: start + m[2]!.length };
      }
      const g = record.length > LONG_RECORD ? long.global() ?? global : global;
      g.lastIndex = from;
      const m = g.exec(record);
      searched(record, from, m === null ? record.length : g.lastIndex);
      if (m === null) return null;
      const start = m.index;
      const end = longest(record, start, start + m[0].length);
      return { start, end };
    },
    exec(record, from) {
      if (wordLater !== null) {
        const f = this.find(record, from);
        return f === null ? null : { ...f, groups: [record.slice(f.start, f.end)] };
      }
      const g = record.length > LONG_RECORD ? long.global() ?? global : global;
      g.lastIndex = from;
      const m = g.exec(record);
      searched(record, from, m === null ? record.length : g.lastIndex);
      if (m === null) return null;
      const start = m.index;
      const end = longest(record, start, start + m[0].length);
      if (end !== start + m[0].length && anchored !== null) {
        // the groups of the longest match come from re-running the anchored form up to its end
        const am = anchored.at(record, start, end);
        if (am !== null) return { start, end, groups: posixGroups(am) };
      }
      return { start, end, groups: posixGroups(m) };
    },
  };
}
