// GNU grep 3.8 rules checked against the real grep: the group separator between files, back-
// references to groups that did not take part, quantifiers after a leading anchor, regcomp's
// errors GNU reports before its dfa matcher runs, --include/--exclude order and operand names,
// and the runs where no line can be selected (nothing is read).

import { describe, it } from 'vitest';
import { grep } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const FILES = {
  b: 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n',
  'a.txt': 'apple 3 x\nbanana 10 y\ncherry 2 z\napple 3 x\n\ndate 1.5K w\nBanana 10 y\n',
  words: 'The quick brown fox\njumps over the lazy dog\nHello world\nsecond line here\nthe end\n',
  br: 'ab\nba\nbba\nxax\nax\nxx\n\nabab\naa\na\nxa\naba\nxaxa x\nx)\n{2,1}a\n',
  z: 'a\0b\0a\0',
  empty: '',
  exf: '*.log  \n\nsub\n',
  'd/g.log': 'hello\n',
  'd/sub/f.txt': 'hello\n',
};

function check(cases: string[][], opts: { stdin?: string; unordered?: boolean } = {}): void {
  for (const args of cases) {
    it(args.join(' '), async () => {
      await expectSameAsGnu(grep, args, { files: FILES, stdin: opts.stdin ?? FILES.b }, opts.unordered === true);
    });
  }
}

describe('the group separator also sets apart groups of different files', () => {
  check([
    ['-A1', 'one', 'b', 'b'],
    ['-B1', 'two', 'b', 'b'],
    ['-C1', 'one', 'b', '-'],
    ['-m1', '-A1', 'e', 'b', 'b'],
    ['-z', '-A0', 'a', 'z', 'z'],
    ['-o', '-A1', 'one', 'b', 'b'],
    ['-A1', 'one', 'b', 'a.txt', 'b'],
    ['-A1', 'twelve', 'b', 'b'],
    ['-c', '-A1', 'one', 'b', 'b'],
    ['--group-separator=XX', '-A1', 'one', 'b', 'b'],
    ['--no-group-separator', '-A1', 'one', 'b', 'b'],
  ]);
});

describe('a back-reference to a group that did not take part fails', () => {
  check([
    ['-E', '(x)?a\\1', 'a.txt'],
    ['\\(x\\)*a\\1', 'a.txt'],
    ['-E', '(a|(x))\\2', 'a.txt'],
    ['-E', '(x)?a\\1', 'br'],
    ['-oE', '(x)?a\\1', 'br'],
    ['-cE', '(x)*a\\1', 'br'],
    ['-nE', '(a|(x))\\2', 'br'],
    ['-wE', '(x)?a\\1', 'br'],
    ['-xE', '(x)?a\\1', 'br'],
    ['-iE', '(X)?A\\1', 'br'],
    ['-vE', '(x)?a\\1', 'br'],
    ['-E', '-e', '(x)?a\\1', '-e', '(b)?b\\1', 'br'],
    ['--color=always', '-E', '(x)?a\\1', 'br'],
    ['-E', '(x)?(y)?a\\1\\2', 'br'],
    ['-E', '((x)?a)\\2', 'br'],
    ['\\(\\)\\1', 'br'],
  ]);
});

describe('ERE: a quantifier after a leading anchor repeats the anchor (GNU dfa), with a warning', () => {
  check([
    ['-E', '^*a', 'a.txt'],
    ['-E', '^?a', 'a.txt'],
    ['-E', '^+a', 'a.txt'],
    ['-E', '^**a', 'a.txt'],
    ['-E', '^*+a', 'a.txt'],
    ['-E', '(^*a)', 'a.txt'],
    ['-E', 'x|^*a', 'a.txt'],
    ['-E', '\\<*a', 'a.txt'],
    ['-E', '$*a', 'a.txt'],
    ['-E', '^*$', 'a.txt'],
    ['-E', '^{2}a', 'a.txt'],
    ['-E', '^{2,1}a', 'br'],
    ['-E', 'a^*b', 'a.txt'],
  ]);
  // the matches GNU prints come from glibc's regex, which drops such a quantifier (`^*a` is `^a`)
  check([
    ['-oE', '^*a', 'a.txt'],
    ['--color=always', '-E', '^*a', 'a.txt'],
    ['-oE', '\\<*a', 'a.txt'],
    ['-oE', '(a|*))', 'br'],
    ['-oE', '(*)*)', 'br'],
    ['--color=always', '-E', '({1})', 'br'],
  ]);
});

describe("invalid regexes: glibc regcomp's errors, reported before the dfa matcher runs", () => {
  check([
    ['-E', 'a{}', 'a.txt'],
    ['-E', '(a){}', 'a.txt'],
    ['-E', 'a*{}', 'a.txt'],
    ['-E', 'a{1,2,3}', 'a.txt'],
    ['-E', 'a{1,x}', 'br'],
    ['-E', 'a{,}', 'br'],
    ['-E', '(*)', 'a.txt'],
    ['-E', '(+)', 'a.txt'],
    ['-E', '(a|*)', 'a.txt'],
    ['-E', '(^*)', 'a.txt'],
    ['-E', '(a\\<*)', 'a.txt'],
    ['-E', '(a$?)', 'a.txt'],
    ['-E', '({)', 'a.txt'],
    ['-E', '((*))', 'a.txt'],
    ['-E', '(a|*))', 'br'],
    ['-E', '(*)*)', 'br'],
    ['-E', '({1})', 'br'],
    ['-E', '*)', 'br'],
  ]);
});

describe('--include/--exclude: the last matching rule decides; operands match as typed', () => {
  check([
    ['--exclude=*.log', '--include=*.txt', 'e', 'words'],
    ['--include=*.txt', 'e', 'words'],
    ['--exclude=*.txt', '--include=*.txt', 'e', 'a.txt'],
    ['--include=*.txt', '--exclude=*.txt', 'e', 'a.txt'],
    ['--exclude=./a.txt', 'e', './a.txt'],
    ['--exclude=a*', 'e', './a.txt'],
    ['--exclude=*/a.txt', 'e', './a.txt'],
    ['--exclude=a.txt', 'e', '-'],
    ['--exclude=nosuch', 'e', 'nosuch'],
    ['-r', '--exclude-dir=d', 'hello', 'd/'],
    ['-r', '--exclude-dir=d', 'hello', 'd'],
    ['-r', '--exclude-dir=d/sub', 'hello', 'd'],
    ['-r', '--exclude=d/g.log', 'hello', 'd'],
    ['-r', '--include=*.log', '--exclude=*.log', 'hello', 'd'],
    ['-r', '--exclude=*.log', '--include=*.log', 'hello', 'd'],
    ['-r', '--exclude-from=exf', 'hello', 'd'],
    ['-r', '--include=*.txt', '--exclude-from=exf', 'hello', 'd'],
    ['-r', '--exclude-from=nosuch', 'hello', 'd'],
  ], { unordered: true });
});

describe('no line can be selected: GNU fails at once, reading nothing', () => {
  check([
    ['-m', '0', 'x', 'missing'],
    ['-m0', '-E', 'a{1,2,3}', 'a.txt'],
    ['-c', '-m0', 'x', 'a.txt'],
    ['-v', '', 'd'],
    ['-c', '-v', '', 'a.txt'],
    ['-v', '-e', '', '-e', '', 'a.txt'],
    ['-v', '-x', '', 'a.txt'],
    ['-f', 'empty', 'missing'],
    ['-v', '-f', 'empty', 'a.txt'],
    ['-L', '-m0', 'x', 'a.txt', 'missing'],
    ['-q', '-L', '-m0', 'x', 'a.txt'],
    ['-l', '-v', '', 'a.txt'],
    ['-L', '-v', '', 'a.txt'],
  ]);
});

describe('an ambiguous long option with a value is quoted whole', () => {
  check([['--in=apple', 'a.txt']]);
});
