import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { wc } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const seq = (n: number): string => Array.from({ length: n }, (_, i) => `${i + 1}\n`).join('');
const FILES = {
  's20': seq(20),
  'nonl': 'a b\nc',
  'crlf': 'a\r\nb c\r\n',
  'ctl': 'a\x01b \x01 \x80x\xff\t\tq\vw\fe\rr\n',
  'empty': '',
  'bin': new Uint8Array([0, 255, 10, 1, 2, 10, 128, 65, 32, 66]),
  'a b': 'spaced name\n',
  'n\nl': 'newline name\n',
  'wide': 'x'.repeat(123456) + '\n',
};

describe('wc: exact GNU output', () => {
  it('defaults, widths from file sizes, total', async () => {
    expect((await runBuiltin(wc, ['s20'], { files: FILES })).stdout).toBe('20 20 51 s20\n');
    expect((await runBuiltin(wc, ['-l', 's20'], { files: FILES })).stdout).toBe('20 s20\n');
    expect((await runBuiltin(wc, ['-l', 's20', 's20'], { files: FILES })).stdout).toBe(' 20 s20\n 20 s20\n 40 total\n');
  });
  it('stdin: width 7 unless one count', async () => {
    expect((await runBuiltin(wc, [], { stdin: 'hi\n' })).stdout).toBe('      1       1       3\n');
    expect((await runBuiltin(wc, ['-l'], { stdin: 'hi\n' })).stdout).toBe('1\n');
    expect((await runBuiltin(wc, ['-lw'], { stdin: 'hi\n' })).stdout).toBe('      1       1\n');
  });
  it('words and widths in the C locale', async () => {
    expect((await runBuiltin(wc, ['-wL', 'ctl'], { files: FILES })).stdout).toBe(' 6 18 ctl\n');
  });
  it('errors: missing file, directory', async () => {
    const r = await runBuiltin(wc, ['s20', 'd', 'nosuch'], { files: { ...FILES, 'd/x': '' } });
    expect(r).toMatchObject({
      stdout: '     20      20      51 s20\n      0       0       0 d\n     20      20      51 total\n',
      stderr: 'wc: d: Is a directory\nwc: nosuch: No such file or directory\n',
      code: 1,
    });
  });
  it('refuses --files0-from', async () => {
    expect(await runBuiltin(wc, ['--files0-from=x'])).toMatchObject({
      stderr: 'wc: --files0-from is refused: rshell reads only the files named as operands (name them instead)\n', code: 1,
    });
  });
});

describe('wc: differential against GNU wc', () => {
  const argSets = [[], ['-l'], ['-w'], ['-c'], ['-m'], ['-L'], ['-lw'], ['-cm'], ['-lwcmL'], ['--lines', '--words'],
    ['--max-line-length'], ['--debug'], ['--c'], ['-x'], ['--foo'], ['-l', '--'], ['--chars', '-L']];
  const operandSets = [['s20'], ['nonl', 'crlf'], ['ctl', 'bin', 'empty'], ['-'], ['nosuch', 'nonl', '-'], [],
    ['a b', 'n\nl'], ['wide'], ['wide', 's20'], ['empty']];
  for (const args of argSets) {
    it(`wc ${args.join(' ')}`, async () => {
      for (const ops of operandSets) {
        for (const chunkSize of [1, 5, 65536]) {
          // GNU sees a pipe on stdin (non-regular: width 7), as our test stdin is
          const opts = { files: FILES, stdin: 'x y\nz\t1\n', chunkSize };
          const { ours, gnu } = await both(wc, [...args, ...ops], opts);
          expect({ ops, chunkSize, ...ours }).toEqual({ ops, chunkSize, ...gnu });
        }
      }
    });
  }

  it('fuzz: random bytes and count sets', { timeout: 900_000 }, async () => {
    const long = process.env.TEXT_FUZZ_LONG === '1';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 60 }),
        fc.subarray(['-l', '-w', '-c', '-m', '-L']),
        fc.integer({ min: 1, max: 9 }),
        async (bytes, flags, chunkSize) => {
          const opts = { files: { f: Uint8Array.from(bytes) }, chunkSize };
          expect(await runOurs(wc, [...flags, 'f'], opts)).toEqual(runGnu('wc', [...flags, 'f'], opts));
        },
      ),
      { numRuns: long ? 3000 : 80, seed: long ? undefined : 17 },
    );
  });
});
