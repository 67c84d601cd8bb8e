import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { b2sum } from './index.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const FILES = { a: 'abc', e: '', big: new Uint8Array(100000).map((_, i) => (i * 7) & 0xff) };

describe('b2sum', () => {
  const cases = [
    ['a', 'e', 'big'], ['--tag', 'a'], ['-l', '128', 'a', 'big'], ['-l', '8', '--tag', 'a'], ['-l', '512', '--tag', 'a'],
    ['-l', '0', 'a'], ['-l', '7'], ['-l', '7', '--help'], ['-l', '1024', 'a'], ['-l', '1024', '--bogus'], ['-l', 'x'],
    ['-l', '99999999999999999999999'], ['-l', '-8'], ['-l', ' 16', 'a'], ['-l', '08', 'a'], ['--length=16k'], ['--help'],
  ];
  for (const args of cases) {
    it(`b2sum ${JSON.stringify(args)}`, async () => {
      const { ours, gnu } = await both(b2sum, args, { files: FILES, stdin: 'xyz' });
      expect(ours).toEqual(gnu);
    });
  }
  it('--check finds each line\'s length', async () => {
    const sums = runGnu('b2sum', ['-l', '16', 'a'], { files: FILES }).stdout + runGnu('b2sum', ['--tag', '-l', '256', 'big'], { files: FILES }).stdout +
      runGnu('b2sum', ['e'], { files: FILES }).stdout + 'BLAKE2b-7 (a) = 00\nBLAKE2b-1024 (a) = 00\n0 a\n2e  a\n';
    for (const args of [['-c', 'sums'], ['-c', '-w', 'sums'], ['-l', '8', '-c', 'sums']]) {
      const { ours, gnu } = await both(b2sum, args, { files: { ...FILES, sums } });
      expect(ours).toEqual(gnu);
    }
  });
  it('fuzz: random bytes and lengths', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 600 }), fc.integer({ min: 1, max: 64 }), async (bytes, n) => {
        const opts = { files: { f: bytes } };
        const args = ['-l', String(n * 8), 'f'];
        expect(await runOurs(b2sum, args, opts)).toEqual(runGnu('b2sum', args, opts));
      }),
      { numRuns: Number(process.env.RSHELL_FUZZ_RUNS ?? 100), seed: process.env.RSHELL_FUZZ_RUNS ? undefined : 9 },
    );
  });
});
