// POSIX bracket expressions in the C locale: `[abc]`, `[^a-z]`, `[[:alpha:]]`, `[[=a=]]`,
// `[[.-.]]`, with GNU's error texts. A backslash is an ordinary character inside brackets.

import { type ByteSet, newByteSet } from './ast.js';

export type BracketResult = { ok: true; bytes: ByteSet; negated: boolean; next: number } | { ok: false; message: string };

export const MSG_UNMATCHED_BRACKET = 'Unmatched [, [^, [:, [., or [=';

const inRange = (lo: number, hi: number) => (b: number) => b >= lo && b <= hi;
const isUpper = inRange(0x41, 0x5a);
const isLower = inRange(0x61, 0x7a);
const isDigit = inRange(0x30, 0x39);

/** the C locale's character classes (isalpha() etc. in glibc's C locale) */
const CLASSES: Record<string, (b: number) => boolean> = {
  alpha: (b) => isUpper(b) || isLower(b),
  upper: isUpper,
  lower: isLower,
  digit: isDigit,
  xdigit: (b) => isDigit(b) || inRange(0x41, 0x46)(b) || inRange(0x61, 0x66)(b),
  alnum: (b) => isUpper(b) || isLower(b) || isDigit(b),
  space: (b) => b === 0x20 || inRange(0x09, 0x0d)(b),
  blank: (b) => b === 0x20 || b === 0x09,
  punct: (b) => inRange(0x21, 0x7e)(b) && !(isUpper(b) || isLower(b) || isDigit(b)),
  print: inRange(0x20, 0x7e),
  graph: inRange(0x21, 0x7e),
  cntrl: (b) => b < 0x20 || b === 0x7f,
};

export function classBytes(name: string): ByteSet | undefined {
  const pred = CLASSES[name];
  if (pred === undefined) return undefined;
  const set = newByteSet();
  for (let b = 0; b < 256; b++) if (pred(b)) set[b] = 1;
  return set;
}

/** Parse a bracket expression; `start` indexes the character after `[`. */
export function parseBracket(p: string, start: number): BracketResult {
  const set = newByteSet();
  let i = start;
  let negate = false;
  if (p.charCodeAt(i) === 0x5e /* ^ */) {
    negate = true;
    i++;
  }
  const contentStart = i;
  // previous single character that may start a range (-1: none, e.g. after a class)
  let prev = -1;
  let first = true;
  for (;;) {
    if (i >= p.length) return { ok: false, message: i === start || (negate && i === start + 1) ? 'Invalid regular expression' : MSG_UNMATCHED_BRACKET };
    const c = p.charCodeAt(i);
    if (c === 0x5d /* ] */ && !first) {
      i++;
      break;
    }
    first = false;
    // [: :], [= =], [. .]
    if (c === 0x5b /* [ */ && i + 1 < p.length && ':=.'.includes(p[i + 1]!)) {
      const kind = p[i + 1]!;
      const close = p.indexOf(kind + ']', i + 2);
      if (close < 0) return { ok: false, message: MSG_UNMATCHED_BRACKET };
      const name = p.slice(i + 2, close);
      i = close + 2;
      if (kind === ':') {
        const cls = classBytes(name);
        if (cls === undefined) return { ok: false, message: 'Invalid character class name' };
        for (let b = 0; b < 256; b++) if (cls[b]) set[b] = 1;
        // a class cannot end a range: `[[:alpha:]-z]` is an error, as in GNU
        if (p.charCodeAt(i) === 0x2d && i + 1 < p.length && p.charCodeAt(i + 1) !== 0x5d) {
          return { ok: false, message: 'Invalid range end' };
        }
        prev = -1;
        continue;
      }
      if (name.length !== 1) return { ok: false, message: 'Invalid collation character' };
      const b = name.charCodeAt(0);
      const r = addMaybeRange(p, i, b, set);
      if (!r.ok) return r;
      i = r.next;
      prev = -1;
      continue;
    }
    i++;
    const r = addMaybeRange(p, i, c, set);
    if (!r.ok) return r;
    prev = c;
    i = r.next;
  }
  void prev;
  // `[:space:]` written without the outer brackets: GNU grep refuses it
  const content = p.slice(contentStart, i - 1);
  if (!negate && content.length >= 2 && content[0] === ':' && content[content.length - 1] === ':') {
    return { ok: false, message: 'character class syntax is [[:space:]], not [:space:]' };
  }
  return { ok: true, bytes: set, negated: negate, next: i };
}

/** `lo` was just read and `i` points after it: handle an optional `-hi`. */
function addMaybeRange(p: string, i: number, lo: number, set: ByteSet): { ok: true; next: number } | { ok: false; message: string } {
  if (p.charCodeAt(i) === 0x2d /* - */ && i + 1 < p.length && p.charCodeAt(i + 1) !== 0x5d) {
    let hi: number;
    let next: number;
    if (p.charCodeAt(i + 1) === 0x5b && i + 2 < p.length && '.='.includes(p[i + 2]!)) {
      const kind = p[i + 2]!;
      const close = p.indexOf(kind + ']', i + 3);
      if (close < 0) return { ok: false, message: MSG_UNMATCHED_BRACKET };
      const name = p.slice(i + 3, close);
      if (name.length !== 1) return { ok: false, message: 'Invalid collation character' };
      hi = name.charCodeAt(0);
      next = close + 2;
    } else if (p.charCodeAt(i + 1) === 0x5b && p[i + 2] === ':') {
      return { ok: false, message: 'Invalid range end' };
    } else {
      hi = p.charCodeAt(i + 1);
      next = i + 2;
    }
    if (hi < lo) return { ok: false, message: 'Invalid range end' };
    for (let b = lo; b <= hi; b++) set[b] = 1;
    return { ok: true, next };
  }
  set[lo] = 1;
  return { ok: true, next: i };
}
