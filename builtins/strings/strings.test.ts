import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { strings } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const bin = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const FILES = {
  'sb.bin': bin('abc\0defg\0hello world\tx\n\x01longer string here\x80\xffmorebytes\r\nab'),
  'wide-l': bin('a\0b\0c\0d\0e\0\0\0x\0y\0z\0w\0\x01\x02h\0i\0j\0k\0'),
  'wide-b': bin('\0a\0b\0c\0d\0e\x01\x02\0x\0y\0z\0w'),
  'wide-L': bin('a\0\0\0b\0\0\0c\0\0\0d\0\0\0\x01\0\0\0e\0\0\0f\0\0\0g\0\0\0h\0\0\0'),
  'wide-B': bin('\0\0\0a\0\0\0b\0\0\0c\0\0\0d\x05\0\0\0e\0\0\0f\0\0\0g\0\0\0h'),
  'empty': '',
  'long': 'x'.repeat(200000) + '\n' + 'yyyy',
};

describe('strings: exact GNU output', () => {
  it('default scan', async () => {
    expect((await runBuiltin(strings, ['sb.bin'], { files: FILES })).stdout).toBe(
      'defg\nhello world\tx\nlonger string here\nmorebytes\n',
    );
  });
  it('offsets, names, separators', async () => {
    expect((await runBuiltin(strings, ['-t', 'x', '-f', 'sb.bin'], { files: FILES })).stdout).toBe(
      'sb.bin:       4 defg\nsb.bin:       9 hello world\tx\nsb.bin:      18 longer string here\nsb.bin:      2c morebytes\n',
    );
    expect((await runBuiltin(strings, ['-s', '|', 'sb.bin'], { files: FILES })).stdout).toBe(
      'defg|hello world\tx|longer string here|morebytes|',
    );
  });
  it('errors', async () => {
    const r = await runBuiltin(strings, ['nosuch', 'd', 'sb.bin', '-n', '9'], { files: { ...FILES, 'd/x': '' } });
    expect(r).toMatchObject({
      stdout: 'hello world\tx\nlonger string here\nmorebytes\n',
      stderr: "strings: 'nosuch': No such file\nstrings: Warning: 'd' is a directory\n",
      code: 1,
    });
    expect(await runBuiltin(strings, ['-n', '0'])).toMatchObject({ stderr: 'strings: invalid minimum string length 0\n', code: 1 });
    expect(await runBuiltin(strings, ['-T', 'binary', 'x'])).toMatchObject({ code: 1 });
    expect(await runBuiltin(strings, ['@opts'])).toMatchObject({
      stderr: 'strings: @opts: @FILE option files are refused: rshell reads options only from the command line\n', code: 1,
    });
  });
});

describe('strings: differential against GNU strings', () => {
  const argSets = [
    [], ['-a'], ['-d'], ['-n', '2'], ['-n2'], ['--bytes=3'], ['-3'], ['-10'], ['-n', '0x3'], ['-n', '010'], ['-n', ' 5'],
    ['-n', '-5'], ['-n', '4294967297'], ['-n', '2x'], ['-n', ''], ['-0'],
    ['--bytes=2', '-5'], ['-5', '--bytes=2'], ['-t', 'x'], ['-t', 'o'], ['-t', 'd'], ['-o'], ['-t', 'o', '-o'],
    ['-o', '-t', 'x'], ['--radix=d'], ['-f'], ['-td', '-f', '-s', 'XX'], ['-w'], ['-eS'], ['-e', 'S', '-w'],
    ['-e', 's'], ['-el'], ['-eb'], ['-eL'], ['-eB'], ['-el', '-n', '2'], ['-eb', '-t', 'x'], ['-eL', '-td', '-n1'],
    ['-U', 'd'], ['--unicode=invalid'], ['-U', 's'], ['-U', 'show'], ['-U', 'q'], ['-x'], ['-t', 'z'], ['-e', 'x'], ['-t'], ['-n'],
    ['--foo'], ['-s', ''], ['--output-separator', ', '], ['-f', '-'], ['--print-file-name', '-t', 'o'],
  ];
  const operandSets = [['sb.bin'], ['wide-l', 'wide-b'], ['wide-L', 'wide-B'], ['empty', 'sb.bin'], ['nosuch', 'sb.bin'], ['long'], []];
  for (const args of argSets) {
    it(`strings ${args.join(' ')}`, async () => {
      for (const ops of operandSets) {
        for (const chunkSize of [1, 3, 65536]) {
          const opts = { files: FILES, stdin: bin('stdin text here\0more\x01stuff'), chunkSize };
          const { ours, gnu } = await both(strings, [...args, ...ops], opts);
          expect({ ops, chunkSize, ...ours }).toEqual({ ops, chunkSize, ...gnu });
        }
      }
    });
  }

  it('wide encodings on aligned text', async () => {
    for (const [enc, file] of [['l', 'wide-l'], ['b', 'wide-b'], ['L', 'wide-L']] as const) {
      for (const extra of [[], ['-td'], ['-n', '2']]) {
        const { ours, gnu } = await both(strings, ['-e', enc, ...extra, file], { files: FILES });
        expect(ours).toEqual(gnu);
      }
    }
  });

  it('fuzz: random bytes, encodings, min lengths', { timeout: 900_000 }, async () => {
    const long = process.env.TEXT_FUZZ_LONG === '1';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(0x61, 0x62, 0x20, 0x09, 0x0a, 0x0d, 0x00, 0x01, 0x80, 0xff, 0x7f), { maxLength: 60 }),
        fc.constantFrom('s', 'S', 'b', 'l', 'B', 'L'),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        async (bytes, enc, min, ws, chunkSize) => {
          const args = ['-e', enc, '-n', String(min), '-t', 'd', ...(ws ? ['-w'] : []), 'f'];
          const opts = { files: { f: Uint8Array.from(bytes) }, chunkSize };
          expect(await runOurs(strings, args, opts)).toEqual(runGnu('strings', args, opts));
        },
      ),
      { numRuns: long ? 3000 : 100, seed: long ? undefined : 29 },
    );
  });
});
