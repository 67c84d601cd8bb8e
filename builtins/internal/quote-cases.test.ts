import { describe, expect, it } from 'vitest';
import { quotef as quoteName, quote as quoteValue } from './quote.js';

describe('quoteName (coreutils quotef, C locale)', () => {
  const cases: [string, string][] = [
    ['abc', 'abc'], ['a b', "'a b'"], ["it's", '"it\'s"'], ['x$y', "'x$y'"], ['a\nb', "'a'$'\\n''b'"],
    ['a\tb', "'a'$'\\t''b'"], ['é', "''$'\\303\\251'"], ['\udcff', "''$'\\377'"], ['a"b', "'a\"b'"],
    ['a\\b', "'a\\b'"], ['~a', "'~a'"], ['a~', 'a~'], ['a=b', "'a=b'"], ['#a', "'#a'"], ['a#', 'a#'],
    ['x{y', 'x{y'], ['!a', "'!a'"], ['a,b', 'a,b'], ['a:b', "'a:b'"], ['a]b', 'a]b'], ['', "''"],
    ["it's $x", "'it'\\''s $x'"], ['\x01', "''$'\\001'"], ['a\x7f', "'a'$'\\177'"], ["'", '"\'"'],
    ['\x1b', "''$'\\033'"], ['\x07\b\f\r\v', "''$'\\a\\b\\f\\r\\v'"],
  ];
  for (const [input, want] of cases) it(JSON.stringify(input), () => expect(quoteName(input)).toBe(want));
});

describe('quoteValue (coreutils quote, C locale)', () => {
  it('escapes', () => {
    expect(quoteValue("it's")).toBe("'it\\'s'");
    expect(quoteValue('a\nb')).toBe("'a\\nb'");
    expect(quoteValue('a b\\')).toBe("'a b\\\\'");
    expect(quoteValue('é')).toBe("'\\303\\251'");
    expect(quoteValue('x')).toBe("'x'");
  });
});
