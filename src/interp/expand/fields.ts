// The field builder: accumulates the pieces of one word's expansion and applies IFS field splitting
// to unquoted expansion results as they arrive, exactly as bash does:
//  - IFS whitespace (space, tab, newline when in IFS) separates fields and collapses; at the start
//    and end of a word it produces nothing;
//  - every other IFS character ends a field, even an empty one, and absorbs adjacent IFS whitespace;
//  - literal text and quoted text never split; a quoted empty string still makes a field ("").
// Alongside each field it keeps a glob pattern in which quoted characters are backslash-escaped,
// and whether an unquoted glob character occurred (only then is pathname expansion attempted).

import { fromByteString, isAscii, toByteString } from '../../../lib/text/bytes.js';

export interface Field {
  value: string;
  /** the pattern text (quoted chars escaped), or null when no unquoted glob char occurred */
  pattern: string | null;
}

// `&` too: in a ${x/p/r} replacement an escaped & is literal (patsub_replacement); `-` too: a
// quoted one inside brackets is not a range (`[a\-c]`, `[a"-"c]`)
const PATTERN_SPECIAL = /[\\*?[\]()|!@+^{}&-]/;
const PATTERN_SPECIAL_G = /[\\*?[\]()|!@+^{}&-]/g;

/** quoted pieces this long are escaped for a pattern only when one is needed (FieldBuilder) */
const LATER = 4096;

export function escapePattern(s: string): string {
  return PATTERN_SPECIAL.test(s) ? s.replace(PATTERN_SPECIAL_G, '\\$&') : s;
}

export function hasGlobChar(s: string, extglob: boolean): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 42 /* * */ || c === 63 /* ? */ || c === 91 /* [ */) return true;
    if (extglob && c === 40 /* ( */ && i > 0) {
      const p = s[i - 1];
      if (p === '@' || p === '!' || p === '+') return true;
    }
  }
  return false;
}

let lastIfs = ' \t\n';
let lastClass = { ws: ' \t\n', other: '' };

/** IFS split into its whitespace and other characters (cached: IFS rarely changes) */
function classifyIfs(v: string): { ws: string; other: string } {
  if (v === lastIfs) return lastClass;
  let ws = '';
  let other = '';
  for (const c of v) {
    if (c === ' ' || c === '\t' || c === '\n') {
      if (!ws.includes(c)) ws += c;
    } else if (!other.includes(c)) other += c;
  }
  lastIfs = v;
  lastClass = { ws, other };
  return lastClass;
}

export class FieldBuilder {
  readonly fields: Field[] = [];
  private cur = '';
  /** the pattern text so far (quoted chars escaped), but for the long quoted pieces in `later` */
  private pat = '';
  /**
   * Long quoted pieces, escaped only when the pattern is asked for (a field with a glob
   * character, patternText()), as pairs: where in `pat` each goes, and its text. Escaping each
   * as it came scanned every byte: `set -- "$@" "$@"` over 1 MB words. Null: none.
   */
  private later: (number | string)[] | null = null;
  private glob = false;
  private started = false;
  /** the last field was ended by IFS whitespace (a following non-whitespace IFS char joins it) */
  private wsEnded = false;
  private ifsWs = '';
  private ifsOther = '';
  /** IFS starts with a non-whitespace char: the gap between $@ elements keeps empty fields */
  private breakKeepsEmpty = false;

  constructor(
    /** split unquoted expansions on IFS */
    readonly split: boolean,
    ifs: string | undefined,
    readonly extglob = false,
    /**
     * keep the glob pattern and the glob flag: false for a builder read only through text()
     * (assignments, here-docs), which then skips a scan of every unquoted text for glob
     * characters (`x=$(seq 1 100000)` is 588 KB of them)
     */
    private readonly wantPattern = true,
  ) {
    if (split) {
      const v = ifs === undefined ? ' \t\n' : ifs;
      const c = classifyIfs(v);
      this.ifsWs = c.ws;
      this.ifsOther = c.other;
      const f = v[0];
      this.breakKeepsEmpty = f !== undefined && f !== ' ' && f !== '\t' && f !== '\n';
    }
  }

  /** quoted text: literal, never split, never a glob */
  quoted(s: string): void {
    this.started = true;
    this.wsEnded = false;
    if (s.length === 0) return;
    this.cur += s;
    if (!this.wantPattern) return;
    if (s.length < LATER) this.pat += escapePattern(s);
    else (this.later ??= []).push(this.pat.length, s);
  }

  /** the pattern of the text so far: the long quoted pieces escaped into it */
  private pattern(): string {
    const later = this.later;
    if (later === null) return this.pat;
    const pat = this.pat;
    let out = '';
    let at = 0;
    for (let k = 0; k < later.length; k += 2) {
      const where = later[k] as number; // pushed in pairs: a position, then a text
      out += pat.slice(at, where) + escapePattern(later[k + 1] as string);
      at = where;
    }
    return out + pat.slice(at);
  }

  /** unquoted literal text from the script: glob characters stay active, never split */
  unquotedLit(s: string): void {
    this.started = true;
    this.wsEnded = false;
    if (s.length === 0) return;
    this.cur += s;
    if (!this.wantPattern) return;
    this.pat += s;
    if (!this.glob && hasGlobChar(s, this.extglob)) this.glob = true;
  }

  /** the result of an unquoted expansion: split on IFS (when splitting), globs active */
  unquotedExpansion(s: string): void {
    if (!this.split) {
      this.unquotedLit(s);
      return;
    }
    const ws = this.ifsWs;
    const other = this.ifsOther;
    if (ws === '' && other === '') {
      if (s.length) this.unquotedLit(s);
      return;
    }
    if (!isAscii(other) && !isAscii(s)) {
      // C locale: a multibyte IFS character is several one-byte delimiters
      this.splitBytes(toByteString(s), toByteString(other));
      return;
    }
    this.splitOn(s, ws, other, (piece) => piece);
  }

  private splitBytes(s: string, other: string): void {
    this.splitOn(s, this.ifsWs, other, fromByteString);
  }

  private splitOn(s: string, ws: string, other: string, back: (piece: string) => string): void {
    // the default IFS (space, tab, newline in any order): test char codes, not strings
    const defaultIfs = other === '' && ws.length === 3;
    let start = 0;
    for (let i = 0; i < s.length; i++) {
      let isWs: boolean;
      if (defaultIfs) {
        const code = s.charCodeAt(i);
        if (code !== 32 && code !== 10 && code !== 9) continue;
        isWs = true;
      } else {
        const c = s[i]!;
        isWs = ws.includes(c);
        if (!isWs && !other.includes(c)) continue;
      }
      if (i > start) this.unquotedLit(back(s.slice(start, i)));
      start = i + 1;
      if (isWs) {
        if (this.started) {
          this.endField();
          this.wsEnded = true;
        }
      } else if (!this.started && this.wsEnded) {
        this.wsEnded = false; // this char belongs to the delimiter the whitespace began
      } else {
        this.endField();
        this.wsEnded = false;
      }
    }
    if (start < s.length) this.unquotedLit(back(start === 0 ? s : s.slice(start)));
  }

  /** between the elements of an unquoted $@ / ${a[@]}: a field boundary if a field is open */
  softBreak(): void {
    if (this.started || this.breakKeepsEmpty) this.endField();
    this.wsEnded = false;
  }

  /** between the elements of "$@": always a field boundary */
  hardBreak(): void {
    this.endField();
    this.started = true;
  }

  /** mark the word as producing a field even if empty (e.g. "") */
  markStarted(): void {
    this.started = true;
  }

  private endField(): void {
    this.fields.push({ value: this.cur, pattern: this.glob ? this.pattern() : null });
    this.cur = '';
    this.pat = '';
    this.later = null;
    this.glob = false;
    this.started = false;
  }

  finish(): Field[] {
    if (this.started) this.endField();
    return this.fields;
  }

  /** the single string of a non-splitting expansion (assignment, [[ ]], here-doc) */
  text(): string {
    return this.cur;
  }

  /** the pattern text of a non-splitting expansion (case patterns, ${x#pat}) */
  patternText(): string {
    return this.pattern();
  }

  get hasGlob(): boolean {
    return this.glob;
  }
}
