import { describe, expect, it } from 'vitest';
import { grep, egrep, fgrep } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';

const FILES = {
  a: 'foo\nbar\nfoo bar\n',
  b: 'foo\nzz\n',
  ctx: 'a\nfoo\nb\nc\nd\nfoo\ne\n',
  crlf: 'ab\r\ncd\r\n',
  nonl: 'x\nfoo',
  bin: 'x\0foo\n',
  hi: 'caf\xc3\xa9\n\xff\xfe\n',
  'd/e/f': 'foo\n',
  'd/g': 'foo\n',
  words: 'xfoo foo foobar foo\nfoo_bar\nabcd\n',
  pats: 'foo\nzz\n',
  empty: '',
};

const cases: string[][] = [
  ['foo', 'a'],
  ['foo', 'a', 'b'],
  ['-c', 'foo', 'a', 'b'],
  ['-n', 'foo', 'a'],
  ['-b', 'foo', 'a'],
  ['-bo', 'bar', 'a'],
  ['-v', 'foo', 'a'],
  ['-vc', 'foo', 'a'],
  ['-i', 'FOO', 'a'],
  ['-y', 'FOO', 'a'],
  ['-w', 'foo', 'words'],
  ['-ow', 'foo', 'words'],
  ['-x', 'foo', 'a'],
  ['-l', 'foo', 'a', 'b', 'ctx'],
  ['-L', 'zz', 'a', 'b'],
  ['-h', 'foo', 'a', 'b'],
  ['-H', 'foo', 'a'],
  ['-o', 'o*', 'a'],
  ['-q', 'foo', 'a'],
  ['-q', 'nothing', 'a'],
  ['-s', 'foo', 'nosuch'],
  ['foo', 'nosuch', 'a'],
  ['-m1', 'foo', 'a'],
  ['-m1', '-A2', 'foo', 'ctx'],
  ['-A1', 'foo', 'ctx'],
  ['-B1', 'foo', 'ctx'],
  ['-C1', '-n', 'foo', 'ctx'],
  ['-2', 'foo', 'ctx'],
  ['-o', '-C1', 'foo', 'ctx'],
  ['--group-separator=XX', '-A0', 'foo', 'ctx'],
  ['--no-group-separator', '-A0', 'foo', 'ctx'],
  ['-c', '-C1', 'foo', 'ctx'],
  ['-vn', '-B1', 'foo', 'ctx'],
  ['-e', 'foo', '-e', 'zz', 'a', 'b'],
  ['-f', 'pats', 'a', 'b'],
  ['-f', 'empty', 'a'],
  ['-f', 'nosuch', 'a'],
  ['-E', 'fo+|zz', 'a', 'b'],
  ['-F', 'o b', 'a'],
  ['-E', '-F', 'x', 'a'],
  ['-G', 'fo\\+', 'a'],
  ['b$', 'crlf'],
  ['-c', 'b.$', 'crlf'],
  ['foo', 'nonl'],
  ['-c', 'foo', 'nonl'],
  ['foo', 'bin'],
  ['-c', 'foo', 'bin'],
  ['-a', 'foo', 'bin'],
  ['-z', 'foo', 'bin'],
  ['-I', 'foo', 'bin'],
  ['--binary-files=without-match', 'foo', 'bin'],
  ['.', 'hi'],
  ['-c', '^.\\{2\\}$', 'hi'],
  ['-r', 'foo', 'd'],
  ['-r', 'foo', 'd/'],
  ['-rh', 'foo', 'd'],
  ['-rc', 'foo', 'd'],
  ['--include=f', '-r', 'foo', 'd'],
  ['--exclude=f', '-r', 'foo', 'd'],
  ['--exclude-dir=e', '-r', 'foo', 'd'],
  ['foo', 'd'],
  ['-d', 'skip', 'foo', 'd'],
  ['--color=always', '-n', 'foo', 'a', 'b'],
  ['--color=always', '-C1', 'foo', 'ctx'],
  ['--color=always', '-c', 'foo', 'a', 'b'],
  ['--color=always', '-l', 'foo', 'a', 'b'],
  ['--color=always', '-o', 'o', 'a'],
  ['--color=never', 'foo', 'a'],
  ['-Z', '-l', 'foo', 'a', 'b'],
  ['-Z', 'foo', 'a', 'b'],
  ['--label=LBL', '-H', 'foo'],
  ['-k', 'foo'],
  ['--bogus', 'foo'],
  ['--co', 'foo'],
  ['-e'],
  [],
  ['-A', 'x', 'foo', 'a'],
  ['-m', 'x', 'foo', 'a'],
  ['-m', '-1', 'foo', 'a'],
  ['-C', '-1', 'foo', 'a'],
  ['-m0', 'foo', 'a'],
  ['[', 'a'],
  ['\\(', 'a'],
  ['-E', '*foo', 'a'],
  ['-E', 'a{1', 'a'],
  ['', 'a'],
  ['-c', '', 'a'],
  ['-w', '', 'a'],
  ['-E', 'ab|abcd', '-o', 'words'],
  ['\\<f', '-o', 'words'],
  ['o\\>', '-c', 'words'],
  ['\\bfoo\\b', '-o', 'words'],
  ['-x', '-F', 'foo', 'a'],
  ['-wF', 'foo', 'words'],
  ['-e', 'foo', '-v', '-e', 'bar', 'a'],
  ['foo', '-', 'a'],
  ['--binary-files=foo', 'x', 'a'],
  ['-D', 'foo', 'x', 'a'],
  ['-d', 'foo', 'x', 'a'],
];

describe('grep vs GNU grep 3.8', () => {
  for (const args of cases) {
    it(args.join(' ') || '(no args)', async () => {
      // directory order: node's readdir is sorted, GNU's fts is not — compare -r output unordered
      await expectSameAsGnu(grep, args, { files: FILES, stdin: 'foo\nstdin line\n' }, args.some((a) => a.startsWith('-r')));
    });
  }
  it('the matches inside a printed line are found without -x, as GNU finds them (-o, --color)', async () => {
    for (const [stdin, args] of [
      ['\naa', ['-v', '-x', '-o', '-m1', '-A1', 'a']],
      ['b\naa\n', ['-v', '-x', '--color=always', '-m1', '-A1', 'a']],
      ['a\nab\nxa\n', ['-x', '-o', '-C1', 'a']],
      ['aXa\n', ['-x', '-o', '-E', 'a|aXa']],
    ] as const) {
      await expectSameAsGnu(grep, [...args], { stdin });
    }
  });
  it('egrep / fgrep', async () => {
    await expectSameAsGnu(egrep, ['fo+|zz', 'a', 'b'], { files: FILES });
    await expectSameAsGnu(fgrep, ['o+', 'a'], { files: FILES, stdin: 'o+\n' });
  });
  it('-P: PCRE2 syntax, as GNU grep 3.8 in the C locale', async () => {
    for (const args of [['-P', 'x'], ['-oP', '(?<=f)o+'], ['-cP', 'o(?!o)'], ['-oP', 'fo\\Ko'], ['-P', '(?>fo+)o'], ['-P', 'o++'], ['-P', '(']]) {
      await expectSameAsGnu(grep, [...args, 'a'], { files: FILES });
    }
  });
  it('ReDoS patterns finish fast', async () => {
    const input = 'a'.repeat(100000) + 'b\n' + 'x'.repeat(100000) + '\n';
    for (const p of ['(a+)+$', '(x+x+)+y', '(a|aa)*c']) {
      const t = performance.now();
      const r = await runBuiltin(grep, ['-cE', p], { stdin: input });
      expect(r).toMatchObject({ stdout: '0\n', code: 1 });
      expect(performance.now() - t).toBeLessThan(3000);
    }
  });
  it('runs back-references with nested repetition (the step-counted matcher), as GNU does', async () => {
    await expectSameAsGnu(grep, ['\\(a*\\)*\\1'], { stdin: 'aa\n' });
    await expectSameAsGnu(grep, ['-o', '\\(a*\\)*b\\1'], { stdin: 'aabaa\nxbx\n' });
  });
  it('long lines: up to the limit work, past it a clear error', async () => {
    const ok = await runBuiltin(grep, ['-c', 'b'], { stdin: 'a'.repeat(1000) + 'b\n', limits: { maxLineBytes: 2000 } });
    expect(ok).toMatchObject({ stdout: '1\n', code: 0 });
    const big = await runBuiltin(grep, ['-c', 'b'], { stdin: 'a'.repeat(5000) + 'b\nb\n', limits: { maxLineBytes: 2000 }, chunkSize: 512 });
    expect(big).toMatchObject({ stderr: 'grep: (standard input): line too long (over 2000 bytes)\n', code: 2 });
  });
  it('a 2 MiB line with the default 1 MiB limit', async () => {
    const r = await runBuiltin(grep, ['-c', 'b'], { stdin: 'a'.repeat(2 << 20) + 'b\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('grep: (standard input): line too long (over 1048576 bytes)\n');
  });
  it('--help and --version', async () => {
    const r = await runBuiltin(grep, ['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('Usage: grep [OPTION]... PATTERNS [FILE]...\n')).toBe(true);
    const v = await runBuiltin(grep, ['--version']);
    expect(v.stdout).toBe('grep (rshell) 0.1.0\n');
  });
});

describe('quantifiers after assertions (GNU laststart)', () => {
  for (const [p, extra] of [['\\<\\{1,2\\}\\{1,2\\}a', []], ['\\<*a', []], ['^*a', []], ['\\<+a', ['-E']], ['\\b*a', []], ['a\\>*', []]] as [string, string[]][]) {
    it(p, async () => {
      for (const input of ['xa a\n', 'a\n', '{1,2}a\n', '*a\n', 'x*a\n', 'a*\n']) {
        await expectSameAsGnu(grep, [...extra, '-c', p], { stdin: input });
      }
    });
  }
});

describe('word assertions next to decided atoms', () => {
  for (const p of ['\\>a**', '\\<-', '-\\>', 'a\\<b', 'a\\>b', '\\<a', 'a\\>', ' \\<x', 'x\\> ']) {
    it(p, async () => {
      for (const input of ['', 'a\n', 'a-b\n', 'ab\n', ' x \n', '-x\n']) await expectSameAsGnu(grep, ['-c', p], { stdin: input });
    });
  }
});

describe('-i folds case before negating a bracket', () => {
  for (const p of ['[^a]a', '[^B]', '[^[:upper:]]x', '[^a-c]']) {
    it(p, async () => {
      for (const input of ['aa\n', 'Aa\nba\nBa\n', 'Bx\nbx\n', 'C\nd\n']) {
        await expectSameAsGnu(grep, ['-i', p], { stdin: input });
        await expectSameAsGnu(grep, ['-io', p], { stdin: input });
      }
    });
  }
});

describe('back-references across alternatives', () => {
  for (const [p, extra] of [['\\(a\\)x\\|b\\1', []], ['\\(a\\)\\1\\|b', []], ['(a)|b\\1', ['-E']], ['(a)(b|\\1)', ['-E']]] as [string, string[]][]) {
    it(p, async () => {
      await expectSameAsGnu(grep, [...extra, p], { stdin: 'ax\nb\naa\nab\n' });
    });
  }
});

describe('-m with trailing context across blocks', () => {
  for (const [input, args] of [['\na', ['-m1', '-A1', 'a*']], ['x\nx\ny\n', ['-m1', '-A1', 'x']], ['x\nfoo\ny\nx\n', ['-m1', '-A2', 'x']]] as [string, string[]][]) {
    it(`${JSON.stringify(input)} ${args.join(' ')}`, async () => {
      await expectSameAsGnu(grep, args, { stdin: input });
      await expectSameAsGnu(grep, args, { stdin: input, chunkSize: 1 });
    });
  }
});

describe('stacked intervals', () => {
  for (const p of ['a\\{1,2\\}\\{1,2\\}', 'a\\{3\\}\\{1,2\\}', 'a\\{0,1\\}\\{2\\}', '\\(a\\)\\1\\{1,2\\}\\{1,2\\}', 'a\\{2\\}\\{2\\}']) {
    it(p, async () => {
      await expectSameAsGnu(grep, ['-o', p], { stdin: 'a\naa\naaa\naaaa\naaaaaaa\n' });
    });
  }
});

describe('empty matches at the end of an unterminated last line', () => {
  for (const p of ['\\>', '$', 'x*', '\\b']) {
    it(p, async () => {
      for (const input of ['a', 'a\n', 'a\nb', '', ' ']) await expectSameAsGnu(grep, ['-c', p], { stdin: input });
    });
  }
});

describe('-o with -v prints the matches of context lines', () => {
  for (const args of [['-v', '-o', '-A1', '[^a]'], ['-v', '-o', '-C1', 'b'], ['-vno', '-C1', 'b'], ['-vo', '--color=always', '-B1', 'b']]) {
    it(args.join(' '), async () => {
      for (const input of ['\n.', 'x\nb\nx\n', 'a\nb\nc\nb\n', 'b\nq\nq\nq\nb\n']) await expectSameAsGnu(grep, args, { stdin: input });
    });
  }
});

describe('--color values', () => {
  // the words compare without regard to ASCII case
  for (const args of [['--color'], ['--color=auto'], ['--colour=always'], ['--color=never'], ['--color=', 'x'], ['--color=ALWAYS'], ['--color=Never'], ['--colour=If-Tty'], ['--color=constructor', 'x']]) {
    it(args.join(' '), async () => {
      const gnuHelp = args[0] === '--color=' || args[0] === '--color=constructor';
      if (gnuHelp) {
        const r = await runBuiltin(grep, [...args, 'a'], { stdin: 'a\n' });
        expect(r.code).toBe(0);
        expect(r.stdout.startsWith('Usage: grep')).toBe(true);
        return;
      }
      await expectSameAsGnu(grep, [...args, 'a'], { stdin: 'a\nb\n' });
    });
  }
});

describe('-w words right after another match (GNU grep)', () => {
  // a word whose leading boundary is the last byte of the word before it: `..` holds two words
  // for [^a], each bounded by the other
  it('finds every bounded word, with -o, --color, -c and -n', async () => {
    const inputs = ['..\n', '\xc3\xbf\n', 'x.y\n', '#$\n', 'foo bar foo_x foo\n', 'a.a.b..c\n', 'a b\n'];
    for (const stdin of inputs) {
      for (const p of ['[^a]', 'foo', '[a-z]*', '.']) {
        for (const flags of [['-ow'], ['-w'], ['-wc'], ['-w', '--color=always'], ['-wn', '-o']]) {
          await expectSameAsGnu(grep, [...flags, p], { stdin });
        }
      }
    }
  });
});

describe('-o and --color take the longest match, also before an assertion on what follows', () => {
  // JavaScript takes the first alternative that matches; POSIX the longest (`\|aa$` is "aa")
  it('matches GNU', async () => {
    for (const p of ['\\|aa$', 'fo\\|foo\\>', 'a\\|ab\\b', 'x*\\|xy$']) {
      for (const flags of [['-o'], ['--color=always']]) {
        await expectSameAsGnu(grep, [...flags, p], { stdin: 'aa\nxaa\nfoo foobar\nab abc\nxy\n' });
      }
    }
  });
});
