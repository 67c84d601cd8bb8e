import { describe, expect, it } from 'vitest';
import { grep } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';
import { compilePcre } from './pcre.js';

const TEXT = 'foo bar\nfoobar\nbar foo\nFOO\nprice: 42 USD\nid=17; id=23\n<a><b>\nabcabc\n\ttab\xa0line\nx\ry\n';

// each against GNU grep 3.8 -P (LANG=C)
const PATTERNS = [
  'foo(?=bar)', 'foo(?!bar)', '(?<=id=)\\d+', '(?<!foo)bar', 'price: \\K\\d+', '\\w+=\\d+', '^\\s', '\\bfoo\\b', '<.+?>', 'a++b', 'o*+o',
  '(?>ab|a)c', '(?i)^foo$', '^(?i:f)OO', '(?<x>abc)\\k<x>', '(?P<y>b)(?P=y)', '(abc)\\1', '(a)(b)\\g{-1}', '\\Qa.b\\E', '[[:digit:]]+',
  '[[:^alpha:]]', 'id\\x{3d}1', '(?x) foo \\s bar # c', '\\h', '\\H+', '\\v', 'x\\Ry', '\\N+', '[\\d\\s]+', '[^\\w]+', '[a-c&&]', '\\p{L}+',
  '\\P{L}', '[\\p{N}]', 'a{2}', 'a{,2}', 'o{1,}', 'f(?#comment)o', '\\x41', '\\101', '\\cI', '\\e', '(?s).', '(?-i)FOO', '[]a]', '[^]a]',
  'x.y', '\\Aabc', 'abc\\z', 'abc\\Z', '(?<=a|bc)d', '(?<=a\\d{2})', '(?<=(ab)+)c',
  '(', ')', 'a{3,1}', '[b-a]', '\\', '[[:nope:]]', '(?z)', '\\2', '\\x{100}', '*a', 'a**', '\\p{Nope}', '(?P<1>a)',
];

describe('grep -P against GNU grep 3.8', () => {
  it.each(PATTERNS)('%s', async (p) => {
    await expectSameAsGnu(grep, ['-onP', p], { stdin: TEXT });
  });
  it.each([['-iP', 'FOO\\b'], ['-wP', 'foo'], ['-xP', 'foo\\w*'], ['-vcP', 'o'], ['-cP', ''], ['-P', '-e', 'a', '-e', 'b'], ['-lP', 'x'], ['-LP', 'zzz'], ['-P', 'a\nb']])('%s %s', async (...args) => {
    await expectSameAsGnu(grep, args, { stdin: TEXT });
  });
});

describe('grep -P: what rshell refuses', () => {
  const refusals: [string, string][] = [
    ['(?R)', 'grep: rshell: recursion, conditionals, branch resets and callouts are not supported in -P patterns\n'],
    ['(?(1)a|b)', 'grep: rshell: recursion, conditionals, branch resets and callouts are not supported in -P patterns\n'],
    ['(*SKIP)a', 'grep: rshell: backtracking control verbs are not supported in -P patterns\n'],
    ['\\Ga', 'grep: rshell: \\G is not supported in -P patterns\n'],
    ['(?U)a', 'grep: rshell: the (?U) option is not supported in -P patterns\n'],
    ['(?=a)(a+)+$', "grep: rshell: a repetition of a repetition that V8's linear-time engine cannot run (look-around, back-references, atomic groups, counts over 16) could take exponential time; refused in -P patterns\n"],
  ];
  it.each(refusals)('%s', async (p, message) => {
    const r = await runBuiltin(grep, ['-P', p], { stdin: 'a\n' });
    expect(r).toMatchObject({ stdout: '', stderr: message, code: 2 });
  });
  it('-w makes nested repetition a refusal too (its look-behind needs backtracking)', () => {
    expect(compilePcre(['(a+)+b'], { icase: false, wholeLine: false, wholeWord: true }).ok).toBe(false);
    expect(compilePcre(['(a+)+b'], { icase: false, wholeLine: false, wholeWord: false }).ok).toBe(true);
  });
});
