// The compat pass's second readings (compat-clauses.ts).

import { describe, expect, it } from 'vitest';
import { parse } from './index.js';

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
