// Large inputs: blocks gathered from many chunks (files and chunked stdin), the plain-string fast
// path next to the regex paths, records that straddle chunks, an unterminated last record.
import { describe, it } from 'vitest';
import { grep } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

function bigLog(lines: number): string {
  const words = ['ERROR', 'INFO', 'WARN', 'DEBUG'];
  let s = '';
  let x = 7;
  for (let i = 0; i < lines; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += `${i} ${words[x % 4]} ${'v'.repeat(x % 300)} id=${x % 1000}\n`;
  }
  return s;
}

const LOG = bigLog(6000) + 'tail ERROR no newline';
const cases: string[][] = [
  ['-c', 'ERROR'],
  ['ERROR'],
  ['-b', 'ERROR'],
  ['-o', '-b', 'id=99'],
  ['--color=always', 'id=12'],
  ['-m', '7', 'ERROR'],
  ['-l', 'WARN'],
  ['-n', 'ERROR'],
  ['-c', '-v', 'ERROR'],
  ['-c', 'ERRO[R]'],
  ['-cE', 'E.*R|id=9[0-9]+'],
  ['-A1', 'id=5'],
  ['-c', 'no newline'],
  ['-F', 'id=1'],
];

describe('grep over many chunks vs GNU grep', () => {
  for (const args of cases) {
    it(`${args.join(' ')} (file)`, async () => {
      await expectSameAsGnu(grep, [...args, 'log'], { files: { log: LOG } });
    });
    it(`${args.join(' ')} (stdin in odd chunks)`, async () => {
      await expectSameAsGnu(grep, args, { stdin: LOG, chunkSize: 4093 });
    });
  }
});
