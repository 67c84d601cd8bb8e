import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sha256sum } from './index.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';
import { runBuiltin } from '../internal/testing.js';

const bin = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const FILES: Record<string, string | Uint8Array> = {
  a: 'abc',
  e: '',
  'b\\s': 'x',
  'n\nl': 'y',
  'c\rr': 'z',
  'sp ace': 'q',
  'dir/x': 'x',
  ok: `${ABC}  a\n`,
  bad: `${EMPTY}  a\n`,
  tagged: `SHA256 (a) = ${ABC}\nSHA256 (e) = ${EMPTY.toUpperCase()}\n`,
  mixed: `${ABC}  a\nnonsense\n${ABC} *nosuch\n\n# comment\n${EMPTY}  e\r\n`,
  reversed: `${ABC} a\n${EMPTY}  e\n`,
  escaped: `\\${ABC}  n\\nl\n\\${ABC}  b\\\\s\n\\${ABC}  c\\rr\n\\${ABC}  bad\\x\n`,
  garbage: 'hello\nworld\n',
  dashes: `${ABC}  -\n`,
  bin: bin('\x00\xff\x80abc\n\x01'),
};

describe('sha256sum (and the shared checksum framework)', () => {
  const cases: string[][] = [
    ['a'], ['a', 'e'], ['-'], [], ['--tag', 'a', 'e'], ['-b', 'a'], ['-t', 'a'], ['-z', 'a', 'n\nl'],
    ['b\\s', 'n\nl', 'c\rr', 'sp ace'], ['--tag', 'b\\s', 'n\nl'], ['nosuch', 'a'], ['dir', 'a'], ['bin'],
    ['-c', 'ok'], ['-c', 'bad'], ['--check', 'tagged'], ['-c', 'mixed'], ['-c', '-w', 'mixed'], ['-c', '--strict', 'mixed'],
    ['-c', '--quiet', 'ok', 'bad'], ['-c', '--status', 'bad'], ['-c', '--status', 'ok'], ['-c', 'reversed'], ['-c', 'escaped'],
    ['-c', 'garbage'], ['-c', 'e'], ['-c', 'nosuch'], ['-c', 'dir'], ['-c', '--ignore-missing', 'mixed'], ['-c', 'dashes'], ['-c', '-'],
    ['-c', '--ignore-missing', 'bad'], ['-c', '--quiet', '--status', '-w', 'mixed'],
    ['--tag', '-t'], ['-t', '--tag', 'a'], ['-c', '-z'], ['-c', '--tag'], ['-c', '-b'], ['--ignore-missing'], ['--status'], ['--warn'],
    ['--quiet'], ['--strict'], ['--s'], ['--t'], ['-x'], ['--bogus'], ['--help'],
  ];
  for (const args of cases) {
    it(`sha256sum ${JSON.stringify(args)}`, async () => {
      const { ours, gnu } = await both(sha256sum, args, { files: FILES, stdin: 'abc' });
      if (args[0] === '--help') {
        expect(ours).toEqual(gnu);
        return;
      }
      expect(ours).toEqual(gnu);
    });
  }
  it('--check reading stdin, the dash line is misformatted', async () => {
    const { ours, gnu } = await both(sha256sum, ['-c'], { files: FILES, stdin: `${ABC}  -\n${ABC}  a\n` });
    expect(ours).toEqual(gnu);
  });
  it('chunked stdin', async () => {
    const r = await runBuiltin(sha256sum, [], { stdin: 'abc', chunkSize: 1 });
    expect(r.stdout).toBe(`${ABC}  -\n`);
  });
  it('a check line past maxLineBytes stops that file', async () => {
    const r = await runBuiltin(sha256sum, ['-c', 'long'], { files: { long: `${'a'.repeat(200)}\n` }, limits: { maxLineBytes: 100 } });
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: 'sha256sum: long: line too long (over 100 bytes)\n' });
  });
  it('--version', async () => {
    expect((await runBuiltin(sha256sum, ['--version'])).stdout).toBe('sha256sum (rshell) 0.1.0\n');
  });
  it('fuzz: random check files', { timeout: 600_000 }, async () => {
    const runs = Number(process.env.RSHELL_FUZZ_RUNS ?? 150);
    const piece = fc.constantFrom(ABC, EMPTY, ABC.toUpperCase(), ABC.slice(1), 'SHA256', ' (', ') = ', '(a)', ' ', '  ', ' *', '\t', '\\', 'a', 'e', 'n\\nl', '-', '\r', '#', '=', 'x', 'SHA256-128', 'nosuch', 'dir');
    const line = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 5 }), fc.subarray(['-w', '--strict', '--quiet', '--status', '--ignore-missing']), async (lines, flags) => {
        const opts = { files: { ...FILES, sums: lines.join('\n') + '\n' }, stdin: 'abc' };
        const args = ['-c', ...flags, 'sums'];
        expect(await runOurs(sha256sum, args, opts)).toEqual(runGnu('sha256sum', args, opts));
      }),
      { numRuns: runs, seed: process.env.RSHELL_FUZZ_RUNS ? undefined : 5 },
    );
  });
});
