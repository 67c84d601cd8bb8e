// bash's decision at `((` and `$((`: arithmetic, or two nested parentheses?
//
// bash (parse.y, parse_dparen / parse_arith_cmd) reads the text after `((` up to the `)` that
// closes the inner `(`, and only calls it arithmetic when the very next character is another `)`.
// Otherwise `((` is a subshell in a subshell, and `$((` a command substitution of a subshell:
//   (( echo 1
//   ) )                  → ( ( echo 1 ) )
// mvdan/sh always parses arithmetic there and fails, so the parser asks this scan first and only
// acts on a definite "not arithmetic" (see docs/PARSER_DIVERGENCES.md).

import { BACKSLASH, BQUOTE, DQUOTE, LPAREN, RPAREN, SQUOTE, skipQuoted } from './raw-scan.js';

/**
 * For a `((` whose second `(` ends at `from` (the first character inside): true when bash reads
 * arithmetic, false when it reads nested parentheses, null when the text ends first (unbalanced).
 */
export function dparenIsArith(src: string, from: number): boolean | null {
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
        if (end < 0) return null;
        i = end;
        continue;
      }
      case LPAREN:
        depth++;
        break;
      case RPAREN:
        if (--depth === 0) return src.charCodeAt(i + 1) === RPAREN;
        break;
    }
    i++;
  }
  return null;
}
