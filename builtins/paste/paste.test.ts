// paste against GNU paste (coreutils 9.1, LANG=C): every case runs both and compares stdout bytes,
// stderr and status. Chunk sizes of 1..3 push lines across chunk boundaries.

import { describe, expect, it } from 'vitest';
import { paste } from './index.js';
import { expectSameAsGnu, runGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';
import { parseDelimiters, quoteCMaybeColon } from './delimiters.js';
import { encode } from '../../lib/io/encoding.js';

const FILES: Record<string, string | Uint8Array> = {
  a: '1\n2\n3\n',
  b: 'x\ny',
  c: 'p\nq\nr\ns\nt\n',
  e: '',
  nl: '\n\n',
  crlf: 'a\r\nb\r\n',
  bin: new Uint8Array([0x00, 0xff, 0x0a, 0x41, 0x00, 0x0a, 0xfe]),
  z: new Uint8Array([0x61, 0x00, 0x62, 0x0a, 0x63, 0x00, 0x64]),
  'sp ace': 'S\n',
  'd/inner': 'i\n',
};

const same = (args: string[], stdin?: string | Uint8Array) => expectSameAsGnu(paste, args, { files: FILES, stdin });

describe('paste in parallel', () => {
  const cases: string[][] = [
    ['a', 'b'],
    ['a', 'b', 'c'],
    ['c', 'a'],
    ['b', 'c', 'b'],
    ['e'],
    ['e', 'e'],
    ['a', 'e', 'a'],
    ['e', 'a'],
    ['a', 'e'],
    ['nl', 'a'],
    ['crlf', 'a'],
    ['bin', 'a'],
    ['a', 'bin'],
    ['-z', 'z', 'a'],
    ['-z', 'a', 'z', 'bin'],
    ['--zero-terminated', 'b'],
    ['sp ace', 'a'],
    ['a'],
    ['b'],
  ];
  for (const args of cases) it(args.join(' '), () => same(args));

  it('reads stdin with no operand and for -', async () => {
    await same([], 'x\ny\n');
    await same(['-'], 'x\ny');
    await same(['-', 'a'], 'x\ny\nz\nw\n');
    await same(['a', '-'], 'x\n');
  });

  it('several - take stdin lines in turn', async () => {
    await same(['-', '-'], '1\n2\n3\n4\n5\n');
    await same(['-', '-', '-'], '1\n2\n3\n4\n5\n');
    await same(['-', 'a', '-'], '1\n2\n3\n4\n5\n');
    await same(['-', '-'], '1\n2\n3');
    await same(['-d', ',', '-', '-'], '');
  });
});

describe('delimiters', () => {
  const cases: string[][] = [
    ['-d', ',', 'a', 'b', 'c'],
    ['-d', ',:', 'a', 'b', 'c', 'a'],
    ['-d', '', 'a', 'b', 'c'],
    ['--delimiters=', 'a', 'b'],
    ['-d', '\\0x', 'a', 'b', 'a'],
    ['-d', '\\n', 'a', 'b'],
    ['-d', '\\t\\\\\\b\\f\\r\\v\\q', 'a', 'b', 'a', 'b', 'a', 'c', 'a', 'c', 'a'],
    ['-d', 'ab', 'c', 'e', 'e', 'a'],
    ['-d', '\u00e9', 'a', 'b', 'c'],
    ['-d', '\\\\', 'a', 'b'],
    ['--delim', '+', 'a', 'b'],
    ['-d', ',', '-d', ';', 'a', 'b'],
    ['-d,', 'a', 'b'],
    ['a', '-d', ',', 'b'],
  ];
  for (const args of cases) it(args.join(' '), () => same(args));

  it('refuses a list ending with a lone backslash, quoting it as GNU does', async () => {
    for (const d of ['\\', 'ab\\', 'a:b\\', 'a b\\', "a'b\\", '\\\\\\', 'x\\t\\', 'a"b\\', 'a\tb\\', 'a\nb\\', '\u00e9\\', '\x01\\', '?\\']) {
      await same(['-d', d, 'a']);
      await same(['-s', '-d', d, 'missing']);
    }
  });

  it('parses escapes into bytes, \\0 as empty', () => {
    expect(parseDelimiters('a\\0\\tb')).toEqual({ ok: true, list: [0x61, null, 0x09, 0x62] });
    expect(parseDelimiters('')).toEqual({ ok: true, list: [null] });
    expect(quoteCMaybeColon(encode('plain\\'))).toBe('plain\\');
    expect(quoteCMaybeColon(encode('a:\\'))).toBe('"a:\\\\"');
  });
});

describe('paste -s', () => {
  const cases: string[][] = [
    ['-s', 'a'],
    ['-s', 'a', 'b', 'c'],
    ['-s', 'e'],
    ['-s', 'e', 'a', 'e'],
    ['-s', 'nl'],
    ['-s', 'b'],
    ['-s', 'bin', 'crlf'],
    ['-sd', '+', 'a'],
    ['-s', '-d', ',;', 'c', 'c'],
    ['-s', '-d', '', 'a'],
    ['-s', '-d', '\\0,', 'c'],
    ['-sz', 'z', 'a'],
    ['-s', '-z', 'bin'],
    ['--serial', 'sp ace', 'a'],
  ];
  for (const args of cases) it(args.join(' '), () => same(args));

  it('reads stdin, and a second - finds it at its end', async () => {
    await same(['-sd+'], '1\n2\n3\n4\n5\n');
    await same(['-s'], '1\n2');
    await same(['-s', '-', '-'], '1\n2\n');
    await same(['-s', '-', 'a', '-'], '1\n2\n');
    await same(['-s'], '');
  });
});

describe('errors', () => {
  it('a missing file stops parallel paste before any output', async () => {
    await same(['a', 'missing', 'b']);
    await same(['missing']);
    await same(['a', 'b', 'missing', 'nope']);
    await same(['a', 'no:such']);
  });

  it('a missing file is skipped with -s', async () => {
    await same(['-s', 'a', 'missing', 'b']);
    await same(['-s', 'missing']);
  });

  it('a directory is a read error, then an ended input', async () => {
    await same(['a', 'd', 'b']);
    await same(['d']);
    await same(['d', 'a']);
    await same(['-s', 'a', 'd', 'b']);
    await same(['-s', 'd']);
  });

  it('rejects bad options with GNU wording', async () => {
    for (const args of [['-q'], ['--x'], ['-d'], ['--delimiters'], ['--d'], ['--serial=1'], ['-x', 'missing']]) await same(args);
  });

  it('--help and --version', async () => {
    const r = await runBuiltin(paste, ['--help']);
    const gnu = runGnu('paste', ['--help']);
    // GNU's text minus its online-help and bug-report footer
    expect(r.stdout).toBe(gnu.stdout.replace(/\nGNU coreutils online help: [\s\S]*$/, ''));
    expect(r.code).toBe(0);
    expect((await runBuiltin(paste, ['--version'])).stdout).toBe('paste (rshell) 0.1.0\n');
  });
});

describe('chunk boundaries', () => {
  for (const chunkSize of [1, 2, 3]) {
    it(`stdin in chunks of ${chunkSize}`, async () => {
      const opts = { files: FILES, chunkSize };
      expect((await runBuiltin(paste, ['-', '-'], { ...opts, stdin: 'ab\ncd\nef' })).stdout).toBe('ab\tcd\nef\t\n');
      expect((await runBuiltin(paste, ['-s', '-d', ',;'], { ...opts, stdin: 'ab\n\ncd\nef\n' })).stdout).toBe('ab,;cd,ef\n');
      expect((await runBuiltin(paste, ['-s', '-'], { ...opts, stdin: '\n' })).stdout).toBe('\n');
      expect((await runBuiltin(paste, ['-', 'a'], { ...opts, stdin: 'long line here\nx' })).stdout).toBe('long line here\t1\nx\t2\n\t3\n');
    });
  }
});

describe('long inputs', () => {
  const big = Array.from({ length: 5000 }, (_, i) => `line ${i} ${'x'.repeat(i % 97)}`).join('\n') + '\n';
  const long = 'y'.repeat(3_000_000) + '\nshort\n';
  const files = { ...FILES, big, long };
  it('many lines and lines far longer than a chunk', async () => {
    for (const args of [['big', 'a', 'big'], ['-s', 'big'], ['long', 'a'], ['a', 'long', 'long'], ['-s', 'long', 'big'], ['-', '-', '-'], ['-d', '\\0', 'long', 'big']]) {
      await expectSameAsGnu(paste, args, { files, stdin: big });
    }
  });

  it('many operands (own buffers)', async () => {
    const args = Array.from({ length: 40 }, (_, i) => ['a', 'b', 'c', 'e', 'big'][i % 5]!);
    await expectSameAsGnu(paste, args, { files });
    await expectSameAsGnu(paste, ['-d', 'abc', ...args], { files });
  });
});
