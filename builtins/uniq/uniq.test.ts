import { describe, expect, it } from 'vitest';
import { uniq } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';

const FILES = {
  f: 'a\na\nb\nc\nc\nc\nd\n',
  ws: ' x a\n\ty a\nb\nb b\n  b b\n',
  mixed: 'A\na\nB\nb\nb\n',
  chars: 'aXb\naYb\nzXb\n',
  nonl: 'a\na',
  crlf: 'a\r\na\r\na\n',
  bin: 'a\0b\na\0b\n\xff\n\xff\n',
  z: 'a\0a\0b\0',
  empty: '',
  'dir/x': '',
};

const cases: string[][] = [
  ['f'], ['-c', 'f'], ['-d', 'f'], ['-u', 'f'], ['-d', '-u', 'f'], ['-c', '-d', 'f'], ['-cu', 'f'], ['-D', 'f'],
  ['--all-repeated=prepend', 'f'], ['--all-repeated=separate', 'f'], ['-Di', 'f'], ['-Du', 'f'], ['--all-repeated=sep', 'f'], ['-D', '-d', 'f'], ['-D', '-u', 'f'],
  ['--group', 'f'], ['--group=prepend', 'f'], ['--group=append', 'f'], ['--group=both', 'f'],
  ['-f1', 'ws'], ['-f1', '-c', 'ws'], ['-f', '2', 'ws'], ['-1', 'ws'], ['-s1', 'chars'], ['-s1', '-w1', '-c', 'chars'],
  ['-w1', 'chars'], ['-w', '0', 'chars'], ['-i', 'mixed'], ['-ic', 'mixed'], ['nonl'], ['-c', 'nonl'], ['crlf'], ['bin'], ['-c', 'bin'],
  ['-z', 'z'], ['-zc', 'z'], ['empty'], ['-c', 'empty'], ['nosuch'], ['-'], ['f', '-c'],
  ['-f', 'x'], ['-s', 'x'], ['-w', 'x'], ['-f', '-1'], ['--group', '-c'], ['-D', '-c'], ['--all-repeated=x'], ['--group=x'],
  ['a', 'b', 'c'], ['-k'], ['--c'], ['--s'], ['--bogus'], ['-w', '99999999999999999999999', 'f'], ['-f', '99999999999999999999999', 'f'],
  ['-s', '100', 'f'],
  // the obsolete +N (skip N bytes) where getopt meets it; anything else starting with '+' is a file
  ['+1', 'chars'], ['chars', '+1'], ['+1', '-c', 'chars'], ['+1', '-2', 'ws'], ['-s', '0', '+1', 'chars'], ['+1', '-s', '0', 'chars'],
  ['--', '+1', 'chars'], ['+x', 'chars'], ['+', 'chars'], ['+1k', 'chars'], ['+18446744073709551615', 'chars'],
  ['+18446744073709551616', 'chars'], ['+1', 'f', 'f', 'f'], ['+1'],
  // the input is opened before the output; '-' as OUTPUT is standard output
  ['f', '-'], ['nosuch', '-'], ['nosuch', 'out'], ['dir', '-'],
  // a read error names no errno
  ['dir'], ['-c', 'dir'],
];

describe('uniq vs GNU coreutils 9.1', () => {
  for (const args of cases) {
    it(args.join(' ') || '(no args)', async () => {
      await expectSameAsGnu(uniq, args, { files: FILES, stdin: 'x\nx\ny\n' });
    });
  }
  for (const [env, args] of [
    [{ POSIXLY_CORRECT: '1' }, ['+1', 'chars']],
    [{ _POSIX2_VERSION: '200112' }, ['+1']],
    [{ _POSIX2_VERSION: '200809' }, ['+1', 'chars']],
  ] as [Record<string, string>, string[]][]) {
    it(`${JSON.stringify(env)} ${args.join(' ')}`, async () => {
      await expectSameAsGnu(uniq, args, { files: FILES, env, stdin: 'ax\nbx\n' });
    });
  }
  it('chunk boundaries', async () => {
    await expectSameAsGnu(uniq, ['-c'], { stdin: 'aa\naa\nb\n'.repeat(40), chunkSize: 2 });
  });
});

describe('argmatch: empty values are ambiguous', () => {
  for (const args of [['--all-repeated='], ['--group='], ['--group=s'], ['--all-repeated=x'], ['--group=p'], ['--all-repeated=p']]) {
    it(args.join(' '), async () => {
      await expectSameAsGnu(uniq, args, { stdin: 'a\na\nb\n' });
    });
  }
});

describe('uniq holds one line at a time', () => {
  // the line it compares against and a count are all uniq keeps (-c, -d, -D, --group alike): a
  // line past maxLineBytes (endless input without a newline: /dev/zero) stops it, after the
  // output of the lines before
  it.each([
    [[], 'a\n'], [['-c'], '      2 a\n'], [['-d'], 'a\n'], [['-D'], 'a\na\n'], [['--group'], 'a\na\n'], [['-u'], ''],
  ] as [string[], string][])('%j', async (args, stdout) => {
    const r = await runBuiltin(uniq, args, { stdin: 'a\na\n' + 'x'.repeat(50) + '\nb\n', limits: { maxLineBytes: 10 } });
    expect(r).toMatchObject({ stdout, stderr: 'uniq: -: line too long (over 10 bytes)\n', code: 1 });
  });
});
