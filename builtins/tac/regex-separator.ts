// tac -r: the separator is compiled by glibc's re_compile_pattern with re_syntax_options left at 0,
// i.e. RE_SYNTAX_EMACS: `\( \) \|` group and alternate, `* + ?` repeat (no intervals: `{` is
// literal), `.` does not match a newline, `[[:alpha:]]` is not a class, `^`/`$` are anchors only
// at the ends of the pattern or of a group/alternative, and match around newlines (newline_anchor).
// We translate that syntax into an ERE for lib/regex and search it the way GNU does: the match
// with the rightmost start inside [0, limit), longest at that start.

import { compilePatterns, type Matcher } from '../../lib/regex/index.js';
import type { MatchFinder, SeparatorMatch } from './reverse.js';

export type Translation = { ok: true; ere: string } | { ok: false; message: string };

const ERE_SPECIAL = new Set(['(', ')', '|', '{', '}', '*', '+', '?', '.', '[', ']', '^', '$', '\\']);
/** escapes GNU regex gives a meaning of its own in every syntax (RE_NO_GNU_OPS unset) */
const GNU_OPS = new Set(['w', 'W', 's', 'S', 'b', 'B', '<', '>', '`', "'"]);

function literal(ch: string): string {
  return ERE_SPECIAL.has(ch) ? '\\' + ch : ch;
}

/** one bracket expression starting at p[i] === '['; returns the ERE text and the index after it */
function translateBracket(p: string, i: number): { text: string; next: number } | null {
  let j = i + 1;
  let negated = false;
  if (p[j] === '^') {
    negated = true;
    j++;
  }
  const members = new Uint8Array(256);
  let first = true;
  while (j < p.length && (first || p[j] !== ']')) {
    first = false;
    const lo = p.charCodeAt(j) & 0xff;
    if (p[j + 1] === '-' && j + 2 < p.length && p[j + 2] !== ']') {
      const hi = p.charCodeAt(j + 2) & 0xff;
      for (let b = lo; b <= hi; b++) members[b] = 1;
      j += 3;
    } else {
      members[lo] = 1;
      j++;
    }
  }
  if (j >= p.length) return null;
  // written back as a plain member list: ']' first, '^' never first, '-' last
  let body = members[0x5d] ? ']' : '';
  for (let b = 0; b < 256; b++) {
    if (!members[b] || b === 0x5d || b === 0x2d || b === 0x5e) continue;
    body += String.fromCharCode(b);
  }
  const caret = members[0x5e] === 1;
  const dash = members[0x2d] === 1;
  if (body.length === 0 && caret && !negated) {
    return { text: dash ? '[-^]' : '\\^', next: j + 1 };
  }
  return { text: (negated ? '[^' : '[') + body + (caret ? '^' : '') + (dash ? '-' : '') + ']', next: j + 1 };
}

export function translateEmacsRegex(p: string): Translation {
  let out = '';
  // where an operator would be literal: pattern start, after \( or \| (and after ^)
  let atStart = true;
  let depth = 0;
  let i = 0;
  while (i < p.length) {
    const c = p[i]!;
    const wasStart = atStart;
    const caretAllowed = i === 0 || p.slice(i - 2, i) === '\\(' || p.slice(i - 2, i) === '\\|';
    atStart = false;
    if (c === '\\') {
      const d = p[i + 1];
      if (d === undefined) return { ok: false, message: 'Trailing backslash' };
      i += 2;
      if (d === '(') {
        out += '(';
        depth++;
        atStart = true;
      } else if (d === ')') {
        if (depth === 0) return { ok: false, message: 'Unmatched ) or \\)' };
        depth--;
        out += ')';
      }
      else if (d === '|') {
        out += '|';
        atStart = true;
      } else if (d >= '1' && d <= '9') out += '\\' + d;
      else if (GNU_OPS.has(d)) out += '\\' + d;
      else out += literal(d);
      continue;
    }
    i++;
    switch (c) {
      case '^':
        // an anchor only first in the pattern or a group/alternative (not after another ^);
        // a repetition operator right after it stays literal
        if (caretAllowed) {
          out += '^';
          atStart = true;
        } else out += '\\^';
        break;
      case '$': {
        const rest = p.slice(i, i + 2);
        out += i === p.length || rest === '\\)' || rest === '\\|' ? '$' : '\\$';
        break;
      }
      case '*':
      case '+':
      case '?':
        out += wasStart ? '\\' + c : c;
        break;
      case '.':
        out += '[^\n]';
        break;
      case '[': {
        const b = translateBracket(p, i - 1);
        if (b === null) return { ok: false, message: 'Unmatched [, [^, [:, [., or [=' };
        out += b.text;
        i = b.next;
        break;
      }
      default:
        out += literal(c);
    }
  }
  return { ok: true, ere: out };
}

export function compileSeparator(pattern: string, checkpoint?: () => void): { ok: true; matcher: Matcher } | { ok: false; message: string } {
  const t = translateEmacsRegex(pattern);
  if (!t.ok) return t;
  return compilePatterns([t.ere], { syntax: 'extended', eol: -1, multiline: true, ...(checkpoint ? { checkpoint } : {}) });
}

/** assertions that can hold at the end of a cut text and not in the whole one: $ \' \b \B \> */
export function endSensitive(pattern: string): boolean {
  return /\$|\\['bB>]/.test(pattern);
}

/** how far back from the limit an end-sensitive pattern is tried position by position */
const END_SCAN = 4096;

/**
 * A finder over the whole text (latin1 string): every position where some match starts is listed
 * once, left to right; each query takes the rightmost candidate below the limit and confirms it on
 * the text cut at the limit (a match may not run past the previous separator). A pattern with an
 * end-sensitive assertion can also match in the cut text only, ending at the cut: for those the
 * last END_SCAN bytes before the cut are searched in the cut text first.
 */
export function regexFinder(matcher: Matcher, text: string, checkAbort: () => void, sensitive: boolean): MatchFinder {
  const starts: number[] = [];
  let from = 0;
  while (from <= text.length) {
    const m = matcher.find(text, from);
    if (m === null) break;
    starts.push(m.start);
    from = m.start + 1;
    if (starts.length % 1024 === 0) checkAbort();
  }
  let k = starts.length - 1;
  return (limit): SeparatorMatch | null => {
    const head = text.slice(0, limit);
    let scannedDownTo = limit;
    if (sensitive) {
      // every match start in a window before the cut, left to right: the last is the rightmost.
      // Windows grow (16, 64, … 4096 bytes) so dense separators cost little per record.
      for (let size = 16; size <= END_SCAN; size *= 4) {
        const stop = Math.max(0, limit - size);
        let best: SeparatorMatch | null = null;
        let m = matcher.find(head, stop);
        while (m !== null && m.start < limit) {
          best = m;
          m = matcher.find(head, m.start + 1);
        }
        if (best !== null) return { start: best.start, end: best.end };
        scannedDownTo = stop;
        if (stop === 0) break;
      }
    }
    for (; k >= 0; k--) {
      const candidate = starts[k]!;
      if (candidate >= scannedDownTo) continue;
      const m = matcher.find(head, candidate);
      if (m !== null && m.start < limit) {
        k--;
        return { start: m.start, end: m.end };
      }
    }
    return null;
  };
}
