import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cksum } from './index.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';
import { runBuiltin } from '../internal/testing.js';

const MD5A = '0cc175b9c0f1b6a831c399e269772661';
const FILES: Record<string, string | Uint8Array> = {
  a: 'a',
  e: '',
  big: new Uint8Array(70000).map((_, i) => (i * 31) & 0xff),
  'n\nl': 'y',
  'dir/x': 'x',
  ck: `junk\nMD5 (a) = ${MD5A}\njunk\nSHA1 (e) = da39a3ee5e6b4b0d3255bfef95601890afd80709\n`,
  legacy: '4294967295 0 e\nCRC (e) = 4294967295\n',
  blake: 'BLAKE2b-16 (a) = 0000\nBLAKE2b (e) = 786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce\n',
  untagged: `${MD5A}  a\n`,
};

describe('cksum', () => {
  const cases: string[][] = [
    [], ['a', 'e', 'big'], ['-'], ['dir'], ['nosuch', 'a'], ['-z', 'a'], ['n\nl'],
    ['-a', 'sysv', 'a', 'big'], ['-a', 'bsd', 'a', 'big'], ['-a', 'sysv', 'dir'], ['-a', 'bsd'],
    ['-a', 'md5', 'a'], ['-a', 'sha1', 'a'], ['-a', 'sha224', 'a'], ['-a', 'sha256', 'a'], ['-a', 'sha384', 'a'],
    ['-a', 'sha512', 'a'], ['-a', 'blake2b', 'a'], ['-a', 'sm3', 'a'], ['-a', 'blake2b', '-l', '128', 'a', 'big'],
    ['-a', 'md5', '--untagged', 'a', 'n\nl'], ['-a', 'md5', '--tag', '--untagged', 'a'], ['-a', 'md5', '--untagged', '--tag', 'a'],
    ['-a', 'md5', 'n\nl'], ['-a', 'md5', '-z', 'n\nl'], ['--tag', 'a'], ['--untagged', 'a'],
    ['-a', 'md', 'a'], ['-a', 'foo'], ['-l', '9'], ['-l', 'x'], ['-l', '8', 'a'], ['-a', 'md5', '-l', '1024'],
    ['-a', 'blake2b', '-l', '520', 'a'], ['-l', '0', '-a', 'md5', 'a'],
    ['-c', 'ck'], ['-c', '-w', 'ck'], ['-c', '-w', 'ck', 'legacy', 'blake'], ['-c', '--strict', 'ck'], ['-a', 'md5', '-c', '-w', 'ck'],
    ['-a', 'md5', '-c', 'untagged'], ['-c', 'untagged'], ['-a', 'crc', '-c', 'ck'], ['-a', 'sysv', '-c', '-z'],
    ['-c', '-z', 'ck'], ['--tag', '-c', 'ck'], ['--status', 'a'], ['-a', 'blake2b', '-c', 'blake'],
    ['--debug', 'a', 'e'], ['-t', 'a'], ['-b', '--help'], ['--help', '-b'], ['a', '-b'], ['--debug', '-a', 'md5', 'a'], ['--s'], ['--bogus'], ['-b'], ['--help'],
  ];
  for (const args of cases) {
    it(`cksum ${JSON.stringify(args)}`, async () => {
      const { ours, gnu } = await both(cksum, args, { files: FILES, stdin: 'abc' });
      expect(ours).toEqual(gnu);
    });
  }
  it('the CRC over chunked stdin', async () => {
    expect((await runBuiltin(cksum, [], { stdin: 'abc', chunkSize: 1 })).stdout).toBe('1219131554 3\n');
  });
  it('fuzz: random bytes and algorithms', { timeout: 600_000 }, async () => {
    const runs = Number(process.env.RSHELL_FUZZ_RUNS ?? 100);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom([], ['-a', 'sysv'], ['-a', 'bsd'], ['-a', 'md5'], ['-a', 'blake2b', '-l', '8'], ['-a', 'blake2b', '-l', '264'], ['-a', 'sm3', '--untagged']),
        async (bytes, flags) => {
          const opts = { files: { f: bytes } };
          const args = [...flags, 'f'];
          expect(await runOurs(cksum, args, opts)).toEqual(runGnu('cksum', args, opts));
        },
      ),
      { numRuns: runs, seed: process.env.RSHELL_FUZZ_RUNS ? undefined : 3 },
    );
  });
});
