// Differential tests: the same argv and input through GNU sed 4.9 and our builtin, byte for byte.
import { describe, it } from 'vitest';
import { sed } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const TEXT = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n';
const FILES = {
  'a.txt': 'alpha\nbeta\ngamma\n', 'b.txt': 'one\ntwo\n', 'nonl.txt': 'x\ny', 'empty.txt': '',
  'scr': 's/o/X/\np\n', 'scr2': '1a\\\nfoo\n', 'scr3': 's/a/X\n', 'scr4': '#n\n/t/p\n', 'scr5': '/x/{\np\n',
};

// [args, stdin?]
const CASES: [string[], string?][] = [
  // basics and printing
  [['p']], [['-n', 'p']], [['--quiet', '2p']], [['--silent', '$p']], [['-n', '$=']], [['=']],
  [['-n', '/t/p']], [['/t/d']], [['2,4d']], [['2,4!d']], [['0,/o/d']], [['1,/o/d']], [['/two/,/four/d']],
  [['/two/,+2d']], [['/two/,~4d']], [['2~3d']], [['0~2d']], [['1~0p', '-n']], [['4,2p', '-n']], [['$!d']],
  [['-n', '/e/Ip']], [['-n', '/E/Ip']], [['\\,t,d']], [['\\|t|p', '-n']],
  // substitution
  [['s/o/0/']], [['s/o/0/g']], [['s/e/E/2']], [['s/e/E/2g']], [['s/o/[&]/g']], [['s/\\(t\\)\\(.\\)/\\2\\1/']],
  [['-E', 's/(t)(.)/\\2\\1/']], [['-r', 's/o+/<&>/g']], [['s/O/x/I']], [['s/O/x/gi']], [['-n', 's/o/0/p']],
  [['s/x*/-/g']], [['s/e*/X/2']], [['s/\\w\\+/\\U&/']], [['s/\\w\\+/\\u&/g']], [['-E', 's/(\\w+)/\\L\\u\\1/g'], 'HELLO WORLD\n'],
  [['s/./\\U&\\E!/'], 'abc\n'], [['s/a/\\n/'], 'bab\n'], [['s/a/\\t/'], 'bab\n'], [['s/a/\\x41/'], 'bab\n'], [['s/a/\\&/'], 'bab\n'],
  [['s|/|\\||g'], 'a/b/c\n'], [['s/\\//:/g'], 'a/b/c\n'], [['s/^/> /']], [['s/$/ </']], [['s/b\\?a/X/g'], 'aba\n'],
  [['N;s/\\n/+/']], [['N;N;s/^t/T/Mg']], [['N;s/o$/O/M']], [['$!N;s/.\\n./--/']], [['s/[^o]*/X/']],
  [['s/a\\|b/X/g'], 'abc\n'], [['-E', 's/a|b/X/g'], 'abc\n'], [['s/\\(a\\)*/<\\1>/'], 'aaab\n'],
  [['s/x/\\0\\0/'], 'axb\n'],
  // y
  [['y/abc/xyz/'], 'aabbcc\n'], [['y/o\\n/O_/;N;y/\\n/|/']], [['y,a\\,b,x\\,y,'], 'a,b\n'],
  // hold space, n N D P
  [['-n', 'h;n;G;p']], [['x;$!d;x;G']], [['1!G;h;$!d']], [['-n', 'H;${x;s/\\n/,/g;p}']], [['$!N;P;D']], [['N;P;D']],
  [['n;d']], [['-n', 'n;p']], [['N']], [['$!N']], [['N;N;D']], [['g']], [['z;s/^$/empty/']], [['-n', 'P']],
  // branches
  [[':a;N;$!ba;s/\\n/,/g']], [[':a;s/o//;ta']], [['s/o/0/;Tx;s/$/!/;:x']], [['s/o/0/;tx;s/$/?/;:x']], [['b end;s/o/0/;:end']],
  [['-e', ':a', '-e', 's/x//', '-e', 'ta']], [['/o/b;s/$/ no-o/']],
  // quit
  [['3q']], [['3q5']], [['3Q']], [['-n', '3q;p']], [['2{p;q}']], [['$q3']],
  // text commands
  [['2a\\\nadded']], [['2a added']], [['2i\\\ninserted']], [['2i   inserted']], [['2c\\\nchanged']], [['2,4c\\\nchanged']],
  [['$a end']], [['a\\']], [['1a foo\\tbar\\\\baz']], [['1a\\  lead']], [['2!c X']], [['-e', '1a\\', '-e', 'next']],
  [['1{a one\n}']], [['1a\\\nx\\\ny']], [['3q;a after']],
  // blocks
  [['-n', '2,4{/t/p}']], [['-n', '/o/{/e/!p}']], [['1,3{2d;s/^/-/}']], [['-n', '{p};p']], [['2{;p;}']],
  // l, =, F
  [['-n', 'l'], 'a\tb\\c\x01\xff\n'], [['-n', 'l 5'], 'abcdefghij\n'], [['-l', '4', '-n', 'l'], 'abcdefghij\n'], [['-n', 'l 0'], 'x'.repeat(100) + '\n'],
  [['-n', '$l'], 'a\nb'], [['F'], 'x\n'], [['-n', '$=', 'a.txt', 'b.txt']], [['-s', '-n', '$=', 'a.txt', 'b.txt']],
  // files
  [['p', 'a.txt', 'nosuch', 'b.txt']], [['-n', '$p', 'a.txt', 'nonl.txt']], [['p', 'nonl.txt']], [['p', 'nonl.txt', 'b.txt']],
  [['$d', 'a.txt', 'empty.txt']], [['-s', '1d', 'a.txt', 'b.txt']], [['F', 'a.txt', '-', 'b.txt'], 'in\n'], [['N;N;N;N', 'a.txt', 'b.txt']],
  [['-s', 'N;s/\\n/,/', 'a.txt', 'b.txt']],
  // edge input
  [['p'], ''], [['p'], 'x'], [['s/\r//'], 'a\r\nb\r\n'], [['-z', 's/a/b/'], 'a\0a\0'], [['-z', 'N;s/\\x00/-/'], 'a\0b\0'],
  [['s/\\x00/NUL/'], 'a\0b\n'], [['s/\\xff/FF/'], 'a\xffb\n'],
  // comments, #n, options
  [['#n\np']], [['#n']], [['p # comment']], [['s/a/b/ # c'], 'a\n'], [['-e', 'p', '-e', 'p']], [['--expression=p', '-n']],
  [['--posix', '-n', 'p']], [['-u', 'p']], [['-b', 'p']], [['--sandbox', 'p']], [['-E', '-r', '--regexp-extended', 's/(o)/[\\1]/']],
  [['-n', '--', 'p']], [['-s', '-n', '--separate', '1p', 'a.txt', 'b.txt']],
  // script files
  [['-f', 'scr']], [['-f', 'scr2']], [['-f', 'scr', '-e', 'p']], [['-f', 'scr4']], [['--file=scr', '-n']],
  [['-f', 'scr3']], [['-e', 'p', '-f', 'scr3']], [['-f', 'scr5']], [['-f', 'scr', 'a.txt']],
  // regex details
  [['s/\\(l\\)\\1/LL/'], 'hello\n'], [['-E', 's/(abc)\\1/X/'], 'abcabc\n'], [['s/[.]/X/'], 'a.b\n'], [['s/\\s/_/;s/\\bb/B/'], 'a b\n'],
  [["s/\\`a/X/;s/b\\'/Y/"], 'ab\n'], [['-E', 's/(a)(b)?/[\\2]/'], 'ab\n'], [['s/\\(a*\\) \\(b*\\)/\\2 \\1/'], 'aaa bbb\n'],
  [['s/a/b/;s//c/'], 'aa\n'], [['/o/s//0/g']], [['-n', '/o/{//p}']], [['s/[[:upper:]]/u/g'], 'AbC\n'], [['s/\\<./X/g'], 'ab cd\n'],
  [['s/a\\{2,\\}/X/'], 'aaaa\n'], [['-E', 's/a{2}/X/g'], 'aaaaa\n'], [['s/\\n/X/'], 'a\n'], [['-E', 's/(x)|(y)/[\\1\\2]/g'], 'xy\n'],
  [['s/é/e/'], 'caf\xc3\xa9\n'], [['s/./X/g'], '\xc3\xa9\n'], [['y/\xc3/C/'], '\xc3\xa9\n'],
  // errors
  [['s/x/y']], [['s/x/y/z']], [['s/x/y/0']], [['s/x/y/gg']], [['s/x/y/pp']], [['s/x/y/2/3']], [['s/\\(x/y/']], [['-E', 's/(x/y/']],
  [['s/x/\\1/']], [['p;p x']], [['{p']], [['p}']], [['1,2,3p']], [['k']], [['0p']], [['0,5p']], [['ba']], [['y/ab/c/']],
  [['/x']], [['1!!p']], [['1,2q']], [['1#foo']], [['}']], [['1}']], [['a']], [['+1p']], [['1,p']], [['s//x/']],
  [['s/l//I;s//x/I']], [['r']], [[':']], [['1:a']], [['y/abc/']], [['s/a/b/w']], [['-e', 'p', '-e', 's/x']],
  [[]], [['-x']], [['--bogus']], [['--s']], [['-l']], [['-e']], [['-f', 'nosuch']], [['p', 'nosuch']],
  // each -e and -f is compiled where getopt meets it, before a later --help or --version
  [['-e', 's/a', '--help']], [['-e', 's/a', '--version']], [['-f', 'nosuch', '--help']], [['-e', 'p', '-f', 'scr3', '--vers']],
  [['-l', '5x', '-n', 'l'], 'abcdefghij\n'], [['--line-length=-1', '-n', 'l'], 'abcdefghij\n'],
];

describe('sed vs GNU sed 4.9', () => {
  for (const [args, stdin] of CASES) {
    it(`sed ${JSON.stringify(args)}`, async () => {
      await expectSameAsGnu(sed, args, { stdin: stdin === undefined ? TEXT : Buffer.from(stdin, 'latin1'), files: FILES });
    });
  }
});

describe('sed vs GNU sed 4.9: labels and t after n/N', () => {
  const more: string[][] = [
    ['-n', '{b};p'], [':a}'], ['-n', 'bx#c\n:x#c\np'], ['-n', '-e', 's/o/x/', '-e', 'n', '-e', 't end', '-e', 'p', '-e', ':end'],
    ['s/o/x/;N;t;s/^/-/'], ['s/o/x/;$!D;t;s/$/!/'],
  ];
  for (const args of more) {
    it(`sed ${JSON.stringify(args)}`, async () => {
      await expectSameAsGnu(sed, args, { stdin: TEXT });
    });
  }
});
