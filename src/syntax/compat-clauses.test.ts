// What the compat pass reads that the first pass refuses: let read again as words
// (compat-clauses.ts), here-document words with expansions (words.ts).

import { describe, expect, it } from 'vitest';
import { parse, ParseError } from './index.js';

describe('let read again as a command', () => {
  // letClause read `+(a)` without an error and stopped at the `=`: there was no first error to
  // raise again (the parser used to throw a TypeError here); the words stand, and their extended
  // glob is bash's syntax error at run time (tests/scenarios/shell/builtin_let/let_extglob_word_after_expression.yaml)
  it.each(['let +(a) =\n', 'let @(a) ,\n', 'let x=1 +(2) ]\n'])('%j parses as a call with its words', (src) => {
    const file = parse(src);
    const cmd = file.Stmts[0]?.Cmd;
    expect(cmd?.type).toBe('CallExpr');
    if (cmd?.type !== 'CallExpr') return;
    expect(cmd.Args.some((w) => w.Parts.some((p) => p.type === 'ExtGlob'))).toBe(true);
  });
});

describe('a here-document word read across a newline', () => {
  // the compat pass reads `${…}` in a here-doc word on past a line break, as bash does; that
  // newline used to make the lexer read the pending here-documents, whose Word was not set yet
  // (a TypeError out of parse()). Their bodies now start after the line where the word ends.
  it('an unclosed ${ is the end-of-file error bash gives', () => {
    expect(() => parse('cat <<a${x: 1\n')).toThrow(ParseError);
    try {
      parse('cat <<a${x: 1\n');
    } catch (e) {
      expect((e as ParseError).bashMessage(0)).toBe("line 1: unexpected EOF while looking for matching `}'");
    }
  });
  it('a closed one is the delimiter, and the body follows its line', () => {
    const r = parse('cat <<a${x:\n}\nhi\n', { heredocsToEOF: true }).Stmts[0]?.Redirs[0];
    expect(r?.Hdoc?.Parts.map((p) => (p.type === 'Lit' ? p.Value : p.type))).toEqual(['hi\n']);
  });
});
