import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { basenc } from './index.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const ENCODINGS = ['--base64', '--base64url', '--base32', '--base32hex', '--base16', '--base2msbf', '--base2lsbf', '--z85'];
const FILES = { a: 'hello world\n', quad: 'abcd', 'dir/x': '' };

describe('basenc', () => {
  const cases: string[][] = [
    ['a'], ['--base64'], ['--base64', 'a', 'b'], ['--b', 'a'], ['--base3', 'a'], ['--base64', '--base16', 'a'], ['--z85', 'a'], ['--z85', 'quad'],
    ['--base16', '-w', '5', 'a'], ['--base2lsbf', '-w', '0', 'a'], ['--base64url', 'dir'], ['--base32hex', 'nosuch'], ['--help'],
    ...ENCODINGS.map((e) => [e, 'a']),
  ];
  for (const args of cases) {
    it(`basenc ${JSON.stringify(args)}`, async () => {
      const { ours, gnu } = await both(basenc, args, { files: FILES, stdin: '>>>?' });
      expect(ours).toEqual(gnu);
    });
  }
  it('decodes what it encoded, each encoding', async () => {
    for (const e of ENCODINGS) {
      const enc = runGnu('basenc', [e, 'quad'], { files: FILES }).stdout;
      const { ours, gnu } = await both(basenc, [e, '-d'], { stdin: Buffer.from(enc, 'latin1') });
      expect({ e, ...ours }).toEqual({ e, ...gnu });
    }
  });
  it('z85 past a 30720-byte block: the whole blocks are written before the length error', async () => {
    const opts = { files: { f: new Uint8Array(30723).fill(7) } };
    expect(await runOurs(basenc, ['--z85', 'f'], opts)).toEqual(runGnu('basenc', ['--z85', 'f'], opts));
  });
  it('fuzz: decoding random text in every encoding, with and without -i', { timeout: 600_000 }, async () => {
    const alphabet = fc.constantFrom(...'AB01fz=\n\r -_+/.#%MFRA9xv:'.split(''));
    await fc.assert(
      fc.asyncProperty(fc.array(alphabet, { maxLength: 40 }), fc.constantFrom(...ENCODINGS), fc.boolean(), async (chars, e, ignore) => {
        const opts = { stdin: chars.join('') };
        const args = [e, '-d', ...(ignore ? ['-i'] : [])];
        expect(await runOurs(basenc, args, opts)).toEqual(runGnu('basenc', args, opts));
      }),
      { numRuns: Number(process.env.RSHELL_FUZZ_RUNS ?? 300), seed: process.env.RSHELL_FUZZ_RUNS ? undefined : 21 },
    );
  });
  it('fuzz: encoding random bytes with random wraps', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(...ENCODINGS), fc.integer({ min: 0, max: 20 }), async (bytes, e, w) => {
        const opts = { stdin: bytes };
        const args = [e, '-w', String(w)];
        expect(await runOurs(basenc, args, opts)).toEqual(runGnu('basenc', args, opts));
      }),
      { numRuns: Number(process.env.RSHELL_FUZZ_RUNS ?? 200), seed: process.env.RSHELL_FUZZ_RUNS ? undefined : 22 },
    );
  });
});
