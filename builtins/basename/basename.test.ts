import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { basename } from './index.js';
import { baseName, removeSuffix } from '../internal/path-names.js';
import { runBuiltin } from '../internal/testing.js';
import { expectSameBytesAsGnu, type Arg } from '../../tests/harness/gnu-bytes.js';
import { decode, encode } from '../../lib/io/encoding.js';

const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);
const text = (b: Uint8Array): string => decode(b);

describe('basename: pure rules', () => {
  const cases: [string, string][] = [
    ['', ''], ['/', '/'], ['//', '/'], ['///', '/'], ['///a//b//', 'b'], ['a/', 'a'], ['.', '.'], ['..', '..'],
    ['/usr/bin/sort', 'sort'], ['a', 'a'], ['a/b/', 'b'], ['//a', 'a'], ['a//b', 'b'],
  ];
  for (const [name, want] of cases) {
    it(JSON.stringify(name), () => expect(text(baseName(encode(name)))).toBe(want));
  }
  it('a suffix is kept when it is the whole name or the name is /', () => {
    expect(text(removeSuffix(encode('.h'), encode('.h')))).toBe('.h');
    expect(text(removeSuffix(encode('/'), encode('/')))).toBe('/');
    expect(text(removeSuffix(encode('a.h'), encode('.h')))).toBe('a');
    expect(text(removeSuffix(encode('a.h'), encode('')))).toBe('a.h');
  });
  it('a suffix may split a UTF-8 character, as GNU compares bytes', () => {
    expect(removeSuffix(encode('xé'), bytes(0xa9))).toEqual(bytes(0x78, 0xc3));
  });
});

describe('basename: exact output', () => {
  it('NAME SUFFIX and -s', async () => {
    expect((await runBuiltin(basename, ['include/stdio.h', '.h'])).stdout).toBe('stdio\n');
    expect((await runBuiltin(basename, ['-s', '.h', 'a/x.h', 'b.h', '.h'])).stdout).toBe('x\nb\n.h\n');
    expect((await runBuiltin(basename, ['-az', 'a/', '/'])).stdout).toBe('a\0/\0');
  });
  it('errors', async () => {
    expect(await runBuiltin(basename, [])).toMatchObject({ code: 1, stdout: '', stderr: "basename: missing operand\nTry 'basename --help' for more information.\n" });
    expect(await runBuiltin(basename, ['a', 'b', 'c'])).toMatchObject({ code: 1, stderr: "basename: extra operand 'c'\nTry 'basename --help' for more information.\n" });
  });
  it('--help and --version', async () => {
    expect((await runBuiltin(basename, ['--help'])).stdout).toMatch(/^Usage: basename NAME \[SUFFIX\]\n/);
    expect((await runBuiltin(basename, ['--vers'])).stdout).toBe('basename (rshell) 0.1.0\n');
  });
});

describe('basename: same as GNU', () => {
  const ff = bytes(0x61, 0x2f, 0xff, 0xfe, 0x2e, 0x74);
  const cases: Arg[][] = [
    [], [''], ['', ''], ['/'], ['//'], ['///'], ['///a//b//'], ['a/'], ['.'], ['..'], ['./'], ['../..//'],
    ['/usr/bin/sort'], ['include/stdio.h', '.h'], ['stdio.h', 'stdio.h'], ['.h', '.h'], ['/', '/'], ['//', '/'],
    ['a/b.txt/', '.txt'], ['a/b.txt//', 'txt/'], ['x', ''], ['a', 'b', 'c'], ['a', 'b', 'c', 'd'],
    ['-a', 'a/b', 'c/d/', '/'], ['--multiple', 'x', 'y'], ['-s', '.h', 'a.h', 'b.c', '.h'], ['-s.h', 'a.h'],
    ['--suffix=.h', 'a.h'], ['--suffix', '.h', 'a.h'], ['--suf=', 'a'], ['-s', '', 'a'], ['-s', '.h'],
    ['-z', 'a/b', 'c'], ['-z', 'a/b'], ['-az', 'a', 'b'], ['--zero', '-a', 'x/y', '/'], ['-a'], ['-z'],
    ['-'], ['--'], ['--', '-'], ['--', '--'], ['--', '-a', 'x'], ['-a', '--', '-s'], ['-', '-'],
    ['a', '-s', 'x'], ['a', '-a'], ['a', '-z'], ['a/b', '--help'],
    ['-x'], ['--bogus'], ['-s'], ['--suffix'], ['--m'], ['--help'], ['--help', '--bogus'], ['--bogus', '--help'],
    ['--he'], ['--zero=1', 'a'], ['--multiple=x', 'a'], ['-sx'], ['-as', 'x'],
    ['a b/c d'], ['dir/with\nnewline/x\ny'], ['a/b\n', '\n'], ['a', 'b', 'x\ny'], ['a', 'b', "it's"],
    [ff], [ff, bytes(0xfe, 0x2e, 0x74)], [ff, bytes(0x2e, 0x74)], ['a', 'b', bytes(0xff)], ['-s', bytes(0xfe, 0x2e, 0x74), ff],
    ['xé', bytes(0xa9)], ['é/é', 'é'], ['-s', '1', 'a1', 'b01'], ['-s', '007', 'x007'],
  ];
  for (const args of cases) {
    it(JSON.stringify(args.map((a) => (typeof a === 'string' ? a : decode(a)))), async () => {
      await expectSameBytesAsGnu(basename, args);
    });
  }
  it('random names and suffixes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.stringMatching(/^[a/.b]{0,8}$/), { minLength: 1, maxLength: 3 }),
        fc.option(fc.stringMatching(/^[a/.b]{0,3}$/), { nil: undefined }),
        async (names, suffix) => {
          const args = suffix === undefined ? names : ['-s', suffix, ...names];
          await expectSameBytesAsGnu(basename, args);
          if (names.length === 1 && suffix !== undefined) await expectSameBytesAsGnu(basename, [names[0]!, suffix]);
        },
      ),
      { numRuns: process.env.TEXT_FUZZ_LONG ? 2000 : 60 },
    );
  });
});
