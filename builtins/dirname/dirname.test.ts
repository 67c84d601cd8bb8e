import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dirname } from './index.js';
import { dirName } from '../internal/path-names.js';
import { runBuiltin } from '../internal/testing.js';
import { expectSameBytesAsGnu, type Arg } from '../../tests/harness/gnu-bytes.js';
import { decode, encode } from '../../lib/io/encoding.js';

describe('dirname: pure rules', () => {
  const cases: [string, string][] = [
    ['', '.'], ['/', '/'], ['//', '/'], ['///', '/'], ['///a//b//', '///a'], ['a/', '.'], ['.', '.'], ['..', '.'],
    ['/usr/bin/', '/usr'], ['a/b', 'a'], ['/a', '/'], ['//a', '/'], ['a//b', 'a'], ['a/b/c///', 'a/b'],
  ];
  for (const [name, want] of cases) {
    it(JSON.stringify(name), () => expect(decode(dirName(encode(name)))).toBe(want));
  }
});

describe('dirname: exact output', () => {
  it('one line per operand, -z ends them with NUL', async () => {
    expect((await runBuiltin(dirname, ['dir1/str', 'dir2/str', 'stdio.h'])).stdout).toBe('dir1\ndir2\n.\n');
    expect((await runBuiltin(dirname, ['a/b', '-z', '/'])).stdout).toBe('a\0/\0');
  });
  it('errors, --help and --version', async () => {
    expect(await runBuiltin(dirname, [])).toMatchObject({ code: 1, stdout: '', stderr: "dirname: missing operand\nTry 'dirname --help' for more information.\n" });
    expect((await runBuiltin(dirname, ['--h'])).stdout).toMatch(/^Usage: dirname \[OPTION\] NAME\.\.\.\n/);
    expect((await runBuiltin(dirname, ['--version'])).stdout).toBe('dirname (rshell) 0.1.0\n');
  });
});

describe('dirname: same as GNU', () => {
  const ff = new Uint8Array([0xff, 0x2f, 0xfe, 0x2f, 0x61]);
  const cases: Arg[][] = [
    [], [''], ['/'], ['//'], ['///'], ['///a//b//'], ['a/'], ['.'], ['..'], ['./'], ['../..//'], ['/a'], ['//a'],
    ['//a//'], ['a//b'], ['/usr/bin/'], ['dir1/str', 'dir2/str', 'stdio.h'], ['', '', '/'],
    ['-z', 'a/b', 'c'], ['a/b', '-z'], ['--zero', '/x/y/'], ['--ze', 'x'], ['-z'], ['-'], ['--'], ['--', '-z'],
    ['--', '--'], ['-', '-/x'], ['-x'], ['--bogus'], ['--zero=1', 'a'], ['-zz', 'a/b'], ['--help'], ['--he', 'x'],
    ['a', '--help'], ['--bogus', '--help'], ['a b/c d'], ['dir/with\nnewline/x'], ['x\n/y'],
    [ff], [ff, new Uint8Array([0xc3, 0x2f, 0xa9])], ['é/é/'],
  ];
  for (const args of cases) {
    it(JSON.stringify(args.map((a) => (typeof a === 'string' ? a : decode(a)))), async () => {
      await expectSameBytesAsGnu(dirname, args);
    });
  }
  it('POSIXLY_CORRECT stops at the first operand', async () => {
    await expectSameBytesAsGnu(dirname, ['a/b', '-z'], { POSIXLY_CORRECT: '1' });
    await expectSameBytesAsGnu(dirname, ['-z', 'a/b', '--help'], { POSIXLY_CORRECT: '1' });
  });
  it('random names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.stringMatching(/^[a/.]{0,8}$/), { minLength: 1, maxLength: 3 }), async (names) => {
        await expectSameBytesAsGnu(dirname, ['--', ...names]);
      }),
      { numRuns: process.env.TEXT_FUZZ_LONG ? 2000 : 60 },
    );
  });
});
