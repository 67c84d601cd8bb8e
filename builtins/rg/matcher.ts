// The patterns as one byte-level RegExp (rg joins several with `|`), with -F, -i/-S, -w, -x as
// ripgrep 13 applies them, and the iteration over the matches of one line as Rust's find_iter
// makes it (an empty match right after a match is skipped; the next search starts one byte on).

import { newLinearRegExp, newRegExp } from '../../lib/regex/engine.js';
import { boundarySources, formatRegexError, literalSource, translateRust } from './rust-regex.js';
import { bytePattern, negate, rangesOf } from './utf8.js';

const UNICODE_WORD = '[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]';

export interface Match {
  start: number;
  end: number;
  /** the match's groups, the user's numbering (index 0: the whole match), for --replace */
  groups: (string | undefined)[];
}

export interface RgMatcher {
  /** the matches in a line (a latin1-style byte string), in order; stops after `limit` */
  matches(line: string, limit?: number): Match[];
  test(line: string): boolean;
  names: Map<string, number>;
}

export interface MatcherOptions {
  fixed: boolean;
  icase: 'sensitive' | 'insensitive' | 'smart';
  word: boolean;
  line: boolean;
  multiline: boolean;
  dotall: boolean;
}

/** JS source of one pattern (a latin1 byte string holding UTF-8), or the rg error text */
function patternSource(pattern: string, icase: boolean, opts: MatcherOptions): { ok: true; source: string; groups: number; names: Map<string, number> } | { ok: false; text: string } {
  const text = Buffer.from(pattern, 'latin1').toString('utf8');
  if (opts.fixed) return { ok: true, source: literalSource(text, icase), groups: 0, names: new Map() };
  const r = translateRust(text, { icase, multiline: opts.multiline, dotall: opts.dotall });
  if (!r.ok) {
    const lookaround = /look-around|backreferences/.test(r.error.message);
    const hint = lookaround ? '\nConsider enabling PCRE2 with the --pcre2 flag, which can handle backreferences\nand look-around.\n' : '';
    return { ok: false, text: formatRegexError(text, r.error) + hint };
  }
  return { ok: true, source: r.regex.source, groups: r.regex.groups, names: r.regex.names };
}

const SMART_UPPER = /\p{Lu}/u;

export function compileMatcher(patterns: readonly string[], opts: MatcherOptions): { ok: true; matcher: RgMatcher } | { ok: false; text: string } {
  const sources: string[] = [];
  let groups = 0;
  const names = new Map<string, number>();
  for (const p of patterns) {
    let icase = opts.icase === 'insensitive';
    if (opts.icase === 'smart') {
      const text = Buffer.from(p, 'latin1').toString('utf8');
      const probe = opts.fixed ? { ok: true as const, upper: SMART_UPPER.test(text) } : (() => {
        const r = translateRust(text, { icase: false });
        return { ok: r.ok, upper: r.ok ? r.regex.hasUpper : false };
      })();
      icase = !probe.upper;
    }
    const s = patternSource(p, icase, opts);
    if (!s.ok) return s;
    // a later pattern's groups come after the earlier ones'
    const shifted = groups === 0 ? s.source : renumber(s.source);
    sources.push(shifted);
    for (const [n, k] of s.names) if (!names.has(n)) names.set(n, k + groups);
    groups += s.groups;
  }
  let source = sources.length === 1 ? sources[0]! : sources.map((s) => `(?:${s})`).join('|'); // length checked
  // -w: rg 13's `(?:^|\W)(PATTERN)(?:$|\W)`, the match being the group; -x: `^(?:PATTERN)$`
  let offset = 0;
  if (opts.line) source = `^(?:${source})$`;
  else if (opts.word) {
    // \W is Unicode's: a whole UTF-8 character that is not a word character
    const nonWord = bytePattern(negate(rangesOf(UNICODE_WORD) ?? []));
    source = `(^|${nonWord})(${source})(?:$|${nonWord})`;
    offset = 2;
  }
  // Unicode \b needs look-around, which V8's linear engine cannot run: ASCII lines use \b
  const two = boundarySources(source);
  // Rust's regex never backtracks; V8 does until its linear-time fallback takes over, which it
  // cannot for some sources (counts over 16): a repetition of a repetition there is refused
  const plain = two === null ? source : two.ascii;
  if (NESTED.test(plain) && (two !== null || newLinearRegExp(plain, 'gs') === null)) {
    return { ok: false, text: "rg: rshell: a repetition of a repetition that V8's linear-time engine cannot run (counts over 16, \\b next to it) could take exponential time; refused\n" };
  }
  const made = newRegExp(two === null ? source : two.ascii, 'gs');
  const uni = two === null ? null : newRegExp(two.unicode, 'gs');
  if (!made.ok || uni?.ok === false) return { ok: false, text: `regex parse error:\n    ${patterns.join('|')}\nerror: Regular expression too big\n` };
  return { ok: true, matcher: new Matcher(made.re, uni?.ok === true ? uni.re : null, offset, groups, names) };
}

/** capture groups are numbered by position in JS too: nothing to renumber in the source */
const renumber = (s: string): string => s;

const NON_ASCII = /[\x80-\xff]/;
/** a quantifier right after a group that ends in one: `(?:a?){25}`, `(?:x*)*` */
const NESTED = /[*+?}]\)(?:[*+?]|\{)/;

class Matcher implements RgMatcher {
  constructor(
    private readonly asciiRe: RegExp,
    private readonly unicodeRe: RegExp | null,
    private readonly offset: number,
    private readonly groups: number,
    readonly names: Map<string, number>,
  ) {}

  private pick(line: string): RegExp {
    return this.unicodeRe !== null && NON_ASCII.test(line) ? this.unicodeRe : this.asciiRe;
  }

  test(line: string): boolean {
    const re = this.pick(line);
    re.lastIndex = 0;
    return re.test(line);
  }

  matches(line: string, limit = Infinity): Match[] {
    const out: Match[] = [];
    const re = this.pick(line);
    let at = 0;
    let lastEnd = -1;
    while (at <= line.length && out.length < limit) {
      re.lastIndex = at;
      const m = re.exec(line);
      if (m === null) break;
      let start = m.index;
      let end = start + m[0].length;
      if (this.offset > 0) {
        start = m.index + (m[1] ?? '').length;
        end = start + (m[2] ?? '').length;
      }
      if (start === end && start === lastEnd) {
        // an empty match right after the previous match is not one (Rust's find_iter)
        at = start + 1;
        continue;
      }
      const groups: (string | undefined)[] = [line.slice(start, end)];
      for (let k = 1; k <= this.groups; k++) groups.push(m[k + this.offset]);
      out.push({ start, end, groups });
      lastEnd = end;
      at = end > start ? end : end + 1;
    }
    return out;
  }
}
