// tac -r: the separator is compiled by glibc's re_compile_pattern with re_syntax_options left at 0,
// i.e. RE_SYNTAX_EMACS: `\( \) \|` group and alternate, `* + ?` repeat (no intervals: `{` is
// literal), `.` does not match a newline, `[[:alpha:]]` is not a class, `^`/`$` are anchors only
// at the ends of the pattern or of a group/alternative, and match around newlines (newline_anchor).
// We translate that syntax into an ERE for src/regex and search it the way GNU does: the match
// with the rightmost start inside [0, limit), longest at that start.

import { compilePatterns, type Matcher } from '../../src/regex/index.js';
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
        if (wasStart) {
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

export function compileSeparator(pattern: string): { ok: true; matcher: Matcher } | { ok: false; message: string } {
  const t = translateEmacsRegex(pattern);
  if (!t.ok) return t;
  return compilePatterns([t.ere], { syntax: 'extended', eol: -1, multiline: true });
}

/**
 * A finder over the whole text (latin1 string): every position where some match starts is listed
 * once, left to right; each query takes the rightmost candidate below the limit and confirms it on
 * the text cut at the limit (a match may not run past the previous separator).
 */
export function regexFinder(matcher: Matcher, text: string, checkAbort: () => void): MatchFinder {
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
    for (; k >= 0; k--) {
      const candidate = starts[k]!;
      if (candidate >= limit) continue;
      const m = matcher.find(head, candidate);
      if (m !== null && m.start < limit) {
        k--;
        return { start: m.start, end: m.end };
      }
    }
    return null;
  };
}
