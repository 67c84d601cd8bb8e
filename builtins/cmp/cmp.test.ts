// cmp against GNU diffutils 3.8: every flag, skips and limits, EOF notes, errors.

import { describe, it } from 'vitest';
import { cmp } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const files = { a: 'abc\ndef\nghi\n', b: 'abc\ndxf\nghI\nmore\n', s: 'abc\n', p: 'ab', e: '', h: '\xe9\x01z\n', k: 'a\x7fz\n', big: 'x'.repeat(300000) + 'y', big2: 'x'.repeat(300000) + 'z' };

describe('cmp: against GNU', () => {
  const cases: string[][] = [
    ['a', 'b'], ['-b', 'a', 'b'], ['-l', 'a', 'b'], ['-lb', 'a', 'b'], ['-s', 'a', 'b'], ['-s', 'a', 'a'], ['--silent', 's', 'a'],
    ['s', 'a'], ['p', 'a'], ['e', 'a'], ['a', 'e'], ['-l', 's', 'a'], ['-n', '5', 'a', 'b'], ['-n', '0', 'a', 'b'], ['--bytes=1K', 'a', 'b'],
    ['-i', '5', 'a', 'b'], ['-i', '4:4', 'a', 'b'], ['-i', '0x4:010', 'a', 'b'], ['-i', '1KB', 'a', 'b'], ['--ignore-initial=2', '-l', 'a', 'b'],
    ['a', 'b', '4', '4'], ['a', 'b', '4'], ['-b', 'h', 'k'], ['-lb', 'h', 'k'], ['-c', 'a', 'b'], ['--print-chars', 'a', 'b'], ['--verbose', 'a', 'b'],
    ['big', 'big2'], ['-l', 'big', 'big2'], ['a', 'nosuch'], ['nosuch', 'a'], ['-s', 'a', 'nosuch'], ['-i', 'x', 'a', 'b'], ['-i', '1:', 'a', 'b'],
    ['-n', '-1', 'a', 'b'], ['-l', '-s', 'a', 'b'], ['-s', '-l', 'a', 'b'], [], ['a', 'b', '1', '1', '1'], ['--bogus'], ['--help'], ['a', 'b', 'x'],
  ];
  for (const args of cases) {
    it(`cmp ${args.join(' ')}`, async () => {
      await expectSameAsGnu(cmp, args, { files });
    });
  }
  it('stdin', async () => {
    await expectSameAsGnu(cmp, ['a'], { files, stdin: 'abc\ndeX\n' });
    await expectSameAsGnu(cmp, ['-', 'a'], { files, stdin: 'abc\n' });
    await expectSameAsGnu(cmp, ['-l', '-', 'a'], { files, stdin: 'abX\n' });
  });
});
