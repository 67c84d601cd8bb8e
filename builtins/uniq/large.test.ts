// uniq over many chunks: groups that straddle chunks, wide counts, -c/-d/-u/-i/-f, long lines.
import { describe, it } from 'vitest';
import { uniq } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

let TEXT = '';
let x = 1;
for (let i = 0; i < 20000; i++) {
  x = (x * 1103515245 + 12345) & 0x7fffffff;
  const v = ['a', 'A', 'b', 'x y', 'x z', ''][x % 6]!;
  TEXT += (v + '\n').repeat(1 + (x % 5));
}
TEXT += 'k'.repeat(70000) + '\n' + 'k'.repeat(70000) + '\n' + 'q\n'.repeat(1_100_000) + 'end';

describe('uniq over many chunks vs GNU uniq', () => {
  for (const args of [['-c'], [], ['-d'], ['-u'], ['-ci'], ['-c', '-f1'], ['-D']]) {
    it(args.join(' ') || '(none)', async () => {
      await expectSameAsGnu(uniq, args, { stdin: TEXT, chunkSize: 4099 });
    });
  }
});
