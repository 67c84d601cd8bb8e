// Where a construct that mvdan/sh's grammar rejects ends, found the way bash finds it: by matching
// brackets over the raw text (bash's parse_matched_pair), skipping quoted strings, backslash
// escapes and nested `$(…)`, `${…}`. The bashCompat pass (deferred.ts) uses these ends to keep
// such a construct as raw text that fails only when it runs, as in bash.

export const BACKSLASH = 92;
export const SQUOTE = 39;
export const DQUOTE = 34;
export const BQUOTE = 96;
const DOLLAR = 36;
export const LPAREN = 40;
export const RPAREN = 41;
const LBRACK = 91;
const RBRACK = 93;
const LBRACE = 123;
const RBRACE = 125;

/** Index just past the quoted string that starts at `i`, or -1 when the text ends first. */
export function skipQuoted(src: string, i: number, quote: number): number {
  for (let j = i + 1; j < src.length; j++) {
    const c = src.charCodeAt(j);
    if (c === BACKSLASH && quote !== SQUOTE) j++;
    else if (c === quote) return j + 1;
  }
  return -1;
}

/**
 * The index of the `close` character that ends a construct opened just before `from` (depth 1),
 * counting nested `open`/`close` pairs and stepping over quotes, escapes and nested `$(…)`/`${…}`.
 * -1 when the text ends first.
 */
function matchingClose(src: string, from: number, open: number, close: number): number {
  let depth = 1;
  let i = from;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    switch (c) {
      case BACKSLASH:
        i += 2;
        continue;
      case SQUOTE: case DQUOTE: case BQUOTE: {
        const end = skipQuoted(src, i, c);
        if (end < 0) return -1;
        i = end;
        continue;
      }
      case DOLLAR: {
        const n = src.charCodeAt(i + 1);
        if ((n === LPAREN || n === LBRACE) && n !== open) {
          const end = matchingClose(src, i + 2, n, n === LPAREN ? RPAREN : RBRACE);
          if (end < 0) return -1;
          i = end + 1;
          continue;
        }
        break;
      }
    }
    if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
    i++;
  }
  return -1;
}

/** For `$((…))` or `((…))` whose text starts at `from`: the index of the first `)` of `))`, or -1. */
export function arithClose(src: string, from: number): number {
  // the two parentheses count as one level each; the closing pair must be adjacent
  const inner = matchingClose(src, from, LPAREN, RPAREN);
  if (inner < 0 || src.charCodeAt(inner + 1) !== RPAREN) return -1;
  return inner;
}

/** For a subscript or `$[…]` whose text starts at `from` (after `[`): the index of its `]`, or -1. */
export function bracketClose(src: string, from: number): number {
  return matchingClose(src, from, LBRACK, RBRACK);
}

/** For `${…}` whose text starts at `from` (after `${`): the index of its `}`, or -1. */
export function braceClose(src: string, from: number): number {
  return matchingClose(src, from, LBRACE, RBRACE);
}

/** The offsets of the `;` in src[from, to) outside parentheses, brackets and quotes (`for ((a; b; c))`). */
export function topLevelSemicolons(src: string, from: number, to: number): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === SQUOTE || c === DQUOTE || c === BQUOTE) {
      const end = skipQuoted(src, i, c);
      if (end < 0) return out;
      i = end - 1;
    } else if (c === LPAREN || c === LBRACK || c === LBRACE) depth++;
    else if (c === RPAREN || c === RBRACK || c === RBRACE) depth--;
    else if (c === 59 && depth === 0) out.push(i);
  }
  return out;
}

/**
 * In a `${x:…}` slice whose text is src[from, to): the index of the `:` that ends the offset, or -1.
 * As bash's skiparith: outside quotes, parentheses and nested `$(…)`/`${…}`, and not the `:` of a
 * `?:` (`${s:1?2:3:1}` is offset `1?2:3`, length `1`).
 */
export function sliceColon(src: string, from: number, to: number): number {
  let depth = 0;
  let quests = 0;
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === SQUOTE || c === DQUOTE || c === BQUOTE) {
      const end = skipQuoted(src, i, c);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === DOLLAR && (src.charCodeAt(i + 1) === LPAREN || src.charCodeAt(i + 1) === LBRACE)) {
      const n = src.charCodeAt(i + 1);
      const end = matchingClose(src, i + 2, n, n === LPAREN ? RPAREN : RBRACE);
      if (end < 0) return -1;
      i = end;
    } else if (c === LPAREN) depth++;
    else if (c === RPAREN) depth--;
    else if (c === 63 && depth === 0) quests++;
    else if (c === 58 && depth === 0) {
      if (quests === 0) return i;
      quests--;
    }
  }
  return -1;
}
