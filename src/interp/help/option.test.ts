import { describe, expect, it } from 'vitest';
import { parse } from '../../syntax/index.js';
import type { LetClause } from '../../syntax/ast.js';
import { helpAmongOptions, isLetHelp } from './option.js';

describe('helpAmongOptions (bash internal_getopt meeting --help)', () => {
  it('finds --help among the leading options', () => {
    expect(helpAmongOptions(['--help'], 'fnp')).toBe(true);
    expect(helpAmongOptions(['-n', '--help'], 'fnp')).toBe(true);
    expect(helpAmongOptions(['-nf', '--help', 'x'], 'fnp')).toBe(true);
  });
  it('stops at an operand, at --, at a lone -, or at an invalid option', () => {
    expect(helpAmongOptions(['x', '--help'], 'fnp')).toBe(false);
    expect(helpAmongOptions(['--', '--help'], 'fnp')).toBe(false);
    expect(helpAmongOptions(['-', '--help'], 'fnp')).toBe(false);
    expect(helpAmongOptions(['-x', '--help'], 'fnp')).toBe(false);
    expect(helpAmongOptions([], 'fnp')).toBe(false);
  });
  it('skips option arguments', () => {
    expect(helpAmongOptions(['-p', '--help'], 'fnp', { withArg: 'p' })).toBe(false);
    expect(helpAmongOptions(['-pvar', '--help'], 'fnp', { withArg: 'p' })).toBe(true);
    expect(helpAmongOptions(['-a', 'name', '--help'], 'cla', { withArg: 'a' })).toBe(true);
  });
  it("takes an optional argument only when it does not look like an option (set -o)", () => {
    const set = { optionalArg: 'o', plus: true };
    expect(helpAmongOptions(['-o', '--help'], 'eo', set)).toBe(true);
    expect(helpAmongOptions(['-o', 'pipefail', '--help'], 'eo', set)).toBe(true);
    expect(helpAmongOptions(['+e', '--help'], 'eo', set)).toBe(true);
    expect(helpAmongOptions(['+e', '--help'], 'eo')).toBe(false);
  });
});

describe('isLetHelp', () => {
  const letOf = (src: string): LetClause => parse(src).Stmts[0]!.Cmd as LetClause;
  it('recognises `let --help` written as one word', () => {
    expect(isLetHelp(letOf('let --help'))).toBe(true);
    expect(isLetHelp(letOf('let --help x'))).toBe(true);
  });
  it('leaves arithmetic alone', () => {
    expect(isLetHelp(letOf('let --x'))).toBe(false);
    expect(isLetHelp(letOf('let help--'))).toBe(false);
    expect(isLetHelp(letOf('let x --help'))).toBe(false);
    expect(isLetHelp(letOf('let -- help'))).toBe(false);
  });
});
