import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base64 } from './index.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const FILES = { a: 'hello world\n', long: 'x'.repeat(300), 'dir/x': '' };

describe('base64', () => {
  const cases: string[][] = [
    ['a'], [], ['-'], ['long'], ['-w', '0', 'long'], ['-w', '7', 'long'], ['--wrap=1', 'a'], ['-w', ' +5', 'a'], ['-w', '99999999999999999999999', 'a'], ['-w', '9223372036854775807', 'a'], ['-w', '9223372036854775808', 'a'],
    ['-w', 'x'], ['-w', '-1'], ['-w', '5k'], ['-w', ''], ['a', 'b'], ['dir'], ['-d', 'dir'], ['nosuch'], ['--d', 'a'], ['-x'], ['--help'],
    ['-d', 'a'], ['-d', '-i', 'a'], ['-di', 'long'], ['--ignore-garbage', 'a'],
  ];
  for (const args of cases) {
    it(`base64 ${JSON.stringify(args)}`, async () => {
      const { ours, gnu } = await both(base64, args, { files: FILES, stdin: 'some input\n' });
      expect(ours).toEqual(gnu);
    });
  }
  it('decodes its own output, wrapped or not, chunked', async () => {
    for (const w of ['76', '0', '3']) {
      const enc = runGnu('base64', ['-w', w, 'long'], { files: FILES }).stdout;
      for (const chunkSize of [1, 5, 65536]) {
        const { ours, gnu } = await both(base64, ['-d'], { stdin: enc, chunkSize });
        expect({ w, chunkSize, ...ours }).toEqual({ w, chunkSize, ...gnu });
      }
    }
  });
  it('inputs past the encoding block (the direct 32-bit path), every wrap kind', { timeout: 60_000 }, async () => {
    const big = new Uint8Array(600_001).map((_, i) => (i * 2654435761) >>> 13);
    for (const w of ['76', '0', '8', '10', '1']) {
      const opts = { files: { big } };
      const ours = await runOurs(base64, ['-w', w, 'big'], opts);
      const gnu = runGnu('base64', ['-w', w, 'big'], opts);
      expect({ w, same: ours.stdout === gnu.stdout, code: ours.code, stderr: ours.stderr }).toEqual({ w, same: true, code: gnu.code, stderr: gnu.stderr });
      const back = await runOurs(base64, ['-d'], { stdin: Buffer.from(ours.stdout, 'latin1'), chunkSize: 65536 });
      expect(back.stdout === Buffer.from(big).toString('latin1')).toBe(true);
    }
  });
  it('fuzz: random bytes, random text to decode', { timeout: 600_000 }, async () => {
    const chars = fc.constantFrom(...'AaZz09+/=\n\r -_MFRA!'.split(''));
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 120 }), fc.array(chars, { maxLength: 30 }), fc.integer({ min: 0, max: 9 }), fc.boolean(), async (bytes, text, w, ignore) => {
        const enc = ['-w', String(w)];
        expect(await runOurs(base64, enc, { stdin: bytes })).toEqual(runGnu('base64', enc, { stdin: bytes }));
        const dec = ['-d', ...(ignore ? ['-i'] : [])];
        const opts = { stdin: text.join('') };
        expect(await runOurs(base64, dec, opts)).toEqual(runGnu('base64', dec, opts));
      }),
      { numRuns: Number(process.env.RSHELL_FUZZ_RUNS ?? 200), seed: process.env.RSHELL_FUZZ_RUNS ? undefined : 31 },
    );
  });
});
