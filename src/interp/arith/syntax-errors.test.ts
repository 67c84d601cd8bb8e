import { describe, expect, it } from 'vitest';
import { arithSyntaxError } from './syntax-errors.js';

// bash 5.2: v="$e" bash -c 'echo $(( v ))' (messages without the `bash: line 1: ` prefix)
describe('bash arithmetic syntax errors', () => {
  const cases: [string, string | null][] = [
    ['1 +', '1 +: syntax error: operand expected (error token is "+")'],
    ['1 + ', '1 + : syntax error: operand expected (error token is "+ ")'],
    ['1 +* 2', '1 +* 2: syntax error: operand expected (error token is "* 2")'],
    ['(1', '(1: missing `)\' (error token is "1")'],
    ['1)', '1): syntax error in expression (error token is ")")'],
    ['3 4', '3 4: syntax error in expression (error token is "4")'],
    ['a b', 'a b: syntax error in expression (error token is "b")'],
    ['1 ? 2', '1 ? 2: `:\' expected for conditional expression (error token is "2")'],
    ['*1', '*1: syntax error: operand expected (error token is "*1")'],
    ['1 = 2', '1 = 2: attempted assignment to non-variable (error token is "= 2")'],
    [', 1', ', 1: syntax error: operand expected (error token is ", 1")'],
    ['1 ,', '1 ,: syntax error: operand expected (error token is ",")'],
    ['a[', 'a[: bad array subscript (error token is "a[")'],
    ['1 2 3', '1 2 3: syntax error in expression (error token is "2 3")'],
    ['()', '(): syntax error: operand expected (error token is ")")'],
    ['1 +(', '1 +(: syntax error: operand expected (error token is "(")'],
    ['2 ** ', '2 ** : syntax error: operand expected (error token is "** ")'],
    ['!', '!: syntax error: operand expected (error token is "!")'],
    ['~', '~: syntax error: operand expected (error token is "~")'],
    ['1 << ', '1 << : syntax error: operand expected (error token is "<< ")'],
    ['x++5', 'x++5: syntax error in expression (error token is "5")'],
    ['++', '++: syntax error: operand expected (error token is "+")'],
    ['5--', '5--: syntax error: operand expected (error token is "-")'],
    ['a++b', 'a++b: syntax error in expression (error token is "b")'],
    ['1 $ 2', '1 $ 2: syntax error: invalid arithmetic operator (error token is "$ 2")'],
    ['x = y += 2, a[1]++ ? --b : c ** 2', null],
    ['++5 + -(3)', null],
    ['', null],
  ];
  for (const [text, want] of cases) it(JSON.stringify(text), () => expect(arithSyntaxError(text)).toBe(want));
});
