// One plain text key, compared in place, on a larger input with ties, short lines and bytes
// above 0x7f.
import { describe, it } from 'vitest';
import { sort } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

let TEXT = '';
let x = 9;
for (let i = 0; i < 4000; i++) {
  x = (x * 1103515245 + 12345) & 0x7fffffff;
  TEXT += `${x % 50} ${['b', 'a', 'ab', '\xe9', 'a b', ''][x % 6]}${x % 7 === 0 ? '' : ' ' + (x % 13)}:${x % 3}\n`;
}

describe('sort by one text key vs GNU sort', () => {
  for (const args of [['-k2'], ['-k2,2'], ['-k2r'], ['-r', '-k2,2'], ['-k2,2', '-s'], ['-k2,2', '-u'], ['-t:', '-k2'], ['-k1.2,1.3'], ['-b', '-k2']]) {
    it(args.join(' '), async () => {
      await expectSameAsGnu(sort, [...args, 'f'], { files: { f: TEXT } });
    });
  }
});
