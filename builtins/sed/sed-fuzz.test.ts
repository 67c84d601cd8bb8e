// Differential fuzzing against GNU sed 4.9: random scripts built from addresses and commands over
// random inputs. A short run by default; TEXT_FUZZ_LONG=1 runs many more cases.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { sed } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const ADDRESSES = ['', '2', '$', '/a/', '1,3', '/b/,/c/', '2,+1', '1~2', '0,/a/', '/a/I,~2', '2!', '/c/!', '$!'];
const COMMANDS = [
  'p', 'd', 's/a/X/', 's/[bc]/&&/g', 's/\\(a\\)\\(b*\\)/\\2\\1/', 's/b*/-/2', 's/^./\\u&/', 'y/abc/bca/', 'N', '$!N', 'P',
  'h', 'H', 'g', 'G', 'x', '=', 'n', 'l', 'a T', 'i T', 'c T', 'q', 'z', 's/a\\|c/<&>/gp', 's/\\n/|/g', '{p;p}',
];
const script = fc
  .array(fc.tuple(fc.constantFrom(...ADDRESSES), fc.constantFrom(...COMMANDS)), { minLength: 1, maxLength: 4 })
  .map((cmds) => cmds.map(([a, c]) => a + c).join('\n'));
const input = fc
  .array(fc.stringMatching(/^[abc ]{0,6}$/), { minLength: 0, maxLength: 6 })
  .chain((lines) => fc.boolean().map((nl) => lines.join('\n') + (nl && lines.length > 0 ? '\n' : '')));
const flags = fc.constantFrom<string[]>([], ['-n'], ['-s'], ['-E'], ['-z']);

describe('sed fuzz vs GNU sed', () => {
  it('random scripts agree with GNU sed', async () => {
    await fc.assert(
      fc.asyncProperty(script, input, flags, async (s, stdin, f) => {
        await expectSameAsGnu(sed, [...f, s], { stdin });
      }),
      { numRuns: process.env.TEXT_FUZZ_LONG === '1' ? 3000 : 150 },
    );
  }, 120_000);
});
