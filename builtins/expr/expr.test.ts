import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expr } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

describe('expr: exact output', () => {
  it('arithmetic is arbitrary precision', async () => {
    expect(await runBuiltin(expr, ['9223372036854775807', '+', '1'])).toMatchObject({ stdout: '9223372036854775808\n', code: 0 });
  });
  it('null results exit 1, errors 2', async () => {
    expect(await runBuiltin(expr, ['0'])).toMatchObject({ stdout: '0\n', code: 1 });
    expect(await runBuiltin(expr, ['1', '/', '0'])).toMatchObject({ stdout: '', stderr: 'expr: division by zero\n', code: 2 });
  });
  it('--help and --version', async () => {
    expect((await runBuiltin(expr, ['--help'])).stdout).toMatch(/^Usage: expr EXPRESSION\n/);
    expect((await runBuiltin(expr, ['--vers'])).stdout).toBe('expr (rshell) 0.1.0\n');
    expect((await runBuiltin(expr, ['--h'])).stdout).toMatch(/^Usage: expr EXPRESSION\n/);
  });
});

describe('expr: same as GNU', () => {
  const cases: string[][] = [
    ['9223372036854775807', '+', '1'], ['99999999999999999999999', '*', '99999999999'], ['-9223372036854775808', '-', '1'],
    ['5', '/', '0'], ['5', '%', '0'], ['a', '+', '1'], ['-7', '/', '2'], ['-7', '%', '2'], ['7', '%', '-2'], ['1', '+'], [],
    ['(', '1'], ['(', '1', '2'], [')'], ['1', '2'], ['abc', ':', 'a\\(.\\)'], ['abc', ':', 'x\\(.\\)'], ['abc', ':', '.*'],
    ['abc', ':', '^a'], ['abc', ':', 'a\\('], ['substr', 'hello', '2', '3'], ['substr', 'hello', 'a', '1'], ['substr', 'hello', '0', '2'],
    ['index', 'hello', 'lo'], ['length', 'hello'], ['match', 'abc', 'ab'], ['+', 'length'], ['length'], ['', '|', '0'], ['0', '|', ''],
    ['a', '&', '0'], ['a', '&', 'b'], ['2', '<', '10'], ['2', '<', '10a'], ['-0'], ['00'], ['-'], ['1', '=', '01'], ['a', '!=', 'b'],
    ['3', '>=', '3'], ['3', '==', '3'], ['--', '5'], ['--'], ['1', '+', '2', '*', '3'], ['abc', ':', 'b'], ['a\nb', ':', 'a'], ['10', '-', '-3'],
    ['abc', ':', '\\(a\\)\\|b'], ['abc', ':', 'a\\{1,2\\}'], ['substr'], ['index', 'a'], ['+'], ['--help', '1'], ['-5'], ['-x'],
    ['b', ':', '\\(a\\)*'], ['abc', ':', 'ab*'], ['', ':', ''], ['', ':', 'a*'], ['abc', ':', '*a'], ['a*c', ':', 'a\\*'], ['1', ':', '1', ':', '1'],
    ['match'], ['abc', ':', 'b\\|a'], ['abc', ':', '\\(b\\)\\|a'], ['x', '&', ''], ['', '&', 'x'], ['5', '*', '(', '2', '+', '3', ')'],
    ['length', 'length'], ['+', '+', '+'], ['substr', 'hello', '2', '99999999999999999999'], ['substr', 'hello', '-1', '2'],
    ['index', '', 'a'], ['007', '+', '1'], [' 1', '+', '1'], ['+1', '+', '1'], ['1', '<', 'a'], ['B', '<', 'a'], ['(', ')'],
    ['length', '(', 'abc', ')'], ['1', '|', '2', '&', '0'], ['a', '>', ''], ['9', ':', '[0-9]\\{1\\}$'], ['abc', ':', 'a.c'],
    ['a\\b', ':', 'a\\\\b'], ['x', ':', 'x\\>'], ['3', '-', '01'], ['a\nb', ':', 'a$'], ['a\nb', ':', 'a.b'], ['ab\nc', ':', '\\(.*\\)'],
    ['0', '|', '0'], ['', '|', ''], ['1', '/', '0', '|', '1'], ['0', '&', '1', '/', '0'], ['1', '|', '1', '/', '0'], ['1', '|', 'a', '+', '1'],
    ['x', ':', '\\(x\\)\\(y\\)*'], ["it's", '2'],
    // the longest match, when the pattern holds an assertion on what follows (found by the random BRE test)
    ['aa', ':', '\\|aa$'], ['aa', ':', 'a\\|aa$'], ['abab', ':', '\\(ab\\|a\\)*$'], ['ab', ':', '\\(a\\|ab\\)\\(c\\|$\\)'], ['xyz', ':', '.*\\|xyz$'],
    ['ab', ':', 'a\\|ab\\>'], ['a', ':', 'a\\{1'], ['é', ':', '.*'], ['length', 'é'], ['substr', 'héllo', '2', '2'],
    ['--foo'], ['---'], ['--foo', '1', '+', '1'], ['--help=x'], ['-h'], ['--', '--help'], ['--version', '1'], ['--', '--', '1'], ['index', 'abc', ''], ['1', '+', '(', '2'], ['(', '1', '+', '2', ')', ')'], ['-', '+', '1'], ['1', '-'],
  ];
  for (const args of cases) {
    it(JSON.stringify(args), async () => {
      await expectSameAsGnu(expr, args);
    });
  }
  it('random arithmetic and comparisons', async () => {
    const operand = fc.oneof(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String), fc.constantFrom('a', '', '0', '-0', '00', 'b'));
    const op = fc.constantFrom('+', '-', '*', '/', '%', '<', '<=', '=', '!=', '>=', '>', '|', '&', ':');
    await fc.assert(
      fc.asyncProperty(operand, op, operand, async (a, o, b) => {
        await expectSameAsGnu(expr, [a, o, b]);
      }),
      { numRuns: 80 },
    );
  });
  it('random BRE matches', async () => {
    const tok = fc.constantFrom('a', 'b', '.', '*', '\\(', '\\)', '\\|', '[ab]', '^', '$', 'a\\{1,2\\}', '\\+', '\\?');
    await fc.assert(
      fc.asyncProperty(fc.array(tok, { minLength: 1, maxLength: 6 }), fc.stringMatching(/^[ab]{0,8}$/), async (toks, text) => {
        await expectSameAsGnu(expr, [text, ':', toks.join('')]);
      }),
      { numRuns: 60 },
    );
  });
});
