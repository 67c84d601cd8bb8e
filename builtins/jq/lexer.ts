// jq 1.7.1's tokens (src/lexer.l). Strings are not tokens of their own here: the parser reads
// them itself (parser.ts) because `\(...)` nests a whole expression inside one.

export type TokKind =
  | 'ident' // a name, `true`, keywords are 'kw'
  | 'kw'
  | 'field' // .name
  | 'binding' // $name
  | 'loc' // $__loc__
  | 'num'
  | 'format' // @name
  | 'qq' // the opening quote of a string
  | 'op'
  | 'eof'
  | 'invalid';

export interface Token {
  kind: TokKind;
  text: string;
  /** offset in the program text */
  start: number;
}

const KEYWORDS = new Set([
  'as', 'import', 'include', 'module', 'def', 'if', 'then', 'else', 'elif', 'and', 'or', 'end',
  'reduce', 'foreach', 'try', 'catch', 'label', 'break',
]);

// longest first, as flex matches them
const OPS = [
  '?//', '//=', '!=', '==', '//', '|=', '+=', '-=', '*=', '/=', '%=', '<=', '>=', '..',
  '.', '?', '=', ';', ',', ':', '|', '+', '-', '*', '/', '%', '$', '<', '>', '[', ']', '{', '}', '(', ')',
];

const isIdStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isIdChar = (c: number): boolean => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** the end of `name(::name)*` starting at i (a name start there) */
function identEnd(src: string, i: number): number {
  let j = i;
  for (;;) {
    while (j < src.length && isIdChar(src.charCodeAt(j))) j++;
    if (src.startsWith('::', j) && j + 2 < src.length && isIdStart(src.charCodeAt(j + 2))) {
      j += 2;
      continue;
    }
    return j;
  }
}

/** skip blanks and comments from i */
export function skipSpace(src: string, i: number): number {
  for (;;) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) i++;
    else if (c === 35) {
      while (i < src.length && src.charCodeAt(i) !== 10) i++;
    } else return i;
  }
}

/** the token at i (blanks already skipped) */
export function lexAt(src: string, i: number): Token {
  if (i >= src.length) return { kind: 'eof', text: '', start: i };
  const c = src.charCodeAt(i);
  if (c === 34) return { kind: 'qq', text: '"', start: i };
  if (isIdStart(c)) {
    const j = identEnd(src, i);
    const text = src.slice(i, j);
    return { kind: KEYWORDS.has(text) ? 'kw' : 'ident', text, start: i };
  }
  if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(i + 1)))) {
    let j = i;
    while (isDigit(src.charCodeAt(j))) j++;
    if (src.charCodeAt(j) === 46) {
      j++;
      while (isDigit(src.charCodeAt(j))) j++;
    }
    const e = src.charCodeAt(j);
    if (e === 101 || e === 69) {
      let k = j + 1;
      const s = src.charCodeAt(k);
      if (s === 43 || s === 45) k++;
      if (isDigit(src.charCodeAt(k))) {
        while (isDigit(src.charCodeAt(k))) k++;
        j = k;
      }
    }
    return { kind: 'num', text: src.slice(i, j), start: i };
  }
  if (c === 46 && isIdStart(src.charCodeAt(i + 1))) {
    let j = i + 1;
    while (j < src.length && isIdChar(src.charCodeAt(j))) j++;
    return { kind: 'field', text: src.slice(i + 1, j), start: i };
  }
  if (c === 36) {
    if (src.startsWith('$__loc__', i)) return { kind: 'loc', text: '$__loc__', start: i };
    if (isIdStart(src.charCodeAt(i + 1))) {
      const j = identEnd(src, i + 1);
      return { kind: 'binding', text: src.slice(i + 1, j), start: i };
    }
  }
  if (c === 64 && isIdChar(src.charCodeAt(i + 1))) {
    let j = i + 1;
    while (j < src.length && isIdChar(src.charCodeAt(j))) j++;
    return { kind: 'format', text: src.slice(i + 1, j), start: i };
  }
  for (const op of OPS) if (src.startsWith(op, i)) return { kind: 'op', text: op, start: i };
  return { kind: 'invalid', text: src[i] ?? '', start: i };
}

/** bison's name for a token in `unexpected X` */
export function tokenName(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return 'end of file';
    case 'ident':
      return 'IDENT';
    case 'field':
      return 'FIELD';
    case 'binding':
      return 'BINDING';
    case 'loc':
      return '$__loc__';
    case 'num':
      return 'LITERAL';
    case 'format':
      return 'FORMAT';
    case 'qq':
      return 'QQSTRING_START';
    case 'invalid':
      return 'INVALID_CHARACTER';
    case 'kw':
      return t.text;
    case 'op':
      if (t.text === ']' || t.text === '}' || t.text === ')') return 'INVALID_CHARACTER';
      return t.text.length === 1 ? `'${t.text}'` : t.text;
  }
}
