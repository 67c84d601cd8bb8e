import { describe, it } from 'vitest';
import { cut } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const FILES = {
  csv: 'a,b,c,d\n1,2,3\nnodelim\n,,\n',
  tabs: 'a\tb\tc\nx\ny\tz\n',
  nonl: 'abc,def',
  crlf: 'a,b\r\nc,d\r\n',
  bin: 'a\0b,c\xff\n',
  z: 'a,b\0c,d\0',
  empty: '',
};

const cases: string[][] = [
  ['-b1', 'csv'], ['-b', '2-3', 'csv'], ['-c', '-2', 'csv'], ['-b3-', 'csv'], ['-b', '1,3,5', 'csv'],
  ['-b', '1-2,3-4', '--output-delimiter=_', 'csv'], ['-c', '2,1-', 'csv'], ['-b', '5-', '--complement', 'csv'],
  ['-b', '2', '--complement', 'csv'], ['-n', '-b1', 'csv'], ['-b', '1 3', 'csv'],
  ['-f1', 'tabs'], ['-f2', 'tabs'], ['-f2', '-s', 'tabs'], ['-f', '1,3', 'tabs'], ['-f', '2-', 'tabs'],
  ['-d,', '-f2', 'csv'], ['-d', ',', '-f', '1,3', 'csv'], ['-d,', '-f3', 'csv'], ['-d,', '-f', '1-2', '--output-delimiter=::', 'csv'],
  ['-d,', '-f2', '--complement', 'csv'], ['-d,', '-f2', '-s', 'csv'], ['-d,', '-f9', 'csv'], ['-d,', '-f', '-2', 'csv'],
  ['-d,', '-f2', 'nonl'], ['-b2', 'nonl'], ['-d,', '-f2', 'crlf'], ['-d,', '-f1', 'bin'], ['-b2', 'bin'],
  ['-z', '-d,', '-f2', 'z'], ['-d', '', '-f1', 'bin'], ['-b1', 'empty'], ['-b1', 'nosuch', 'csv'], ['-b1', '-', 'csv'],
  ['-b1', 'csv', '-'], ['csv', '-b1'],
  [], ['-b'], ['-b', '0'], ['-f', '0'], ['-f', '2-1'], ['-f', '-'], ['-f', 'a'], ['-b', 'a'], ['-b1', '-f2'],
  ['-d:', '-b1'], ['-s', '-b1'], ['-f1', '-d', 'ab'], ['-f', '99999999999999999999'], ['-b', '99999999999999999999'],
  ['-f', '1-2-'], ['-b', '1-2-'], ['-f', '1x2'], ['-f', ''], ['-f', '1,'], ['--c'], ['--o', 'x'], ['-k'], ['--bogus'],
  ['-f1-', '--output-delimiter=', 'tabs'], ['-b1,3', '--output-delimiter=', 'csv'], ['-d,', '-f2-', '--output-delimiter', '', 'csv'],
  ['-f', '0-3'], ['-f', '3-0'], ['-f1', '--output-delimiter'], ['--bytes=2', 'csv'], ['--fie=2', '-d,', 'csv'],
];

describe('cut vs GNU coreutils 9.1', () => {
  for (const args of cases) {
    it(args.join(' ') || '(no args)', async () => {
      await expectSameAsGnu(cut, args, { files: FILES, stdin: 'in,put\n' });
    });
  }
  it('chunk boundaries', async () => {
    await expectSameAsGnu(cut, ['-d,', '-f2,4'], { stdin: 'a,b,c,d\n'.repeat(50) + 'x,y\n', chunkSize: 3 });
  });
  it('long lines', async () => {
    const line = 'x,'.repeat(200000) + '\n';
    await expectSameAsGnu(cut, ['-d,', '-f', '3,199999-'], { stdin: line.repeat(3) });
  });
});

describe('cut -z unterminated final record (GNU prev_c quirk)', () => {
  for (const input of [',', 'a,', ',,', 'a,b,', ',a', 'a', 'a,b']) {
    for (const args of [['-z', '-d,', '-f2'], ['-z', '-d,', '-f1'], ['-z', '-d,', '-f1', '-s'], ['-z', '-d,', '-f2', '-s'], ['-z', '-d,', '-f1,2']]) {
      it(`${JSON.stringify(input)} ${args.join(' ')}`, async () => {
        await expectSameAsGnu(cut, args, { stdin: input });
      });
    }
  }
});
