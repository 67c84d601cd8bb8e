import { describe, expect, it } from 'vitest';
import { md5sum } from './index.js';
import { both, runGnu } from '../../tests/harness/gnu-oracle.js';

// the options, formats and --check are shared (internal/checksum/, tested through sha256sum):
// here the digest, its tag and its check lines
const FILES = { a: 'abc', e: '', big: new Uint8Array(100000).map((_, i) => (i * 7) & 0xff), 'b\\s': 'x' };

describe('md5sum', () => {
  for (const args of [['a', 'e', 'big'], ['--tag', 'a', 'b\\s'], ['-b', '-z', 'a'], [], ['-c', '--tag'], ['--bogus']]) {
    it(`md5sum ${JSON.stringify(args)}`, async () => {
      const { ours, gnu } = await both(md5sum, args, { files: FILES, stdin: 'xyz' });
      expect(ours).toEqual(gnu);
    });
  }
  it('--check of its own output, plain and tagged, one line changed', async () => {
    const plain = runGnu('md5sum', ['a', 'e', 'big'], { files: FILES }).stdout;
    const tagged = runGnu('md5sum', ['--tag', 'a', 'e'], { files: FILES }).stdout;
    const files = { ...FILES, sums: plain.replace(/^./, (c) => (c === '0' ? '1' : '0')) + tagged };
    const { ours, gnu } = await both(md5sum, ['-c', 'sums'], { files });
    expect(ours).toEqual(gnu);
  });
  it('--help', async () => {
    const { ours, gnu } = await both(md5sum, ['--help'], {});
    expect(ours).toEqual(gnu);
  });
});
