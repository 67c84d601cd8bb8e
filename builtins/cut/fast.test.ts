// The one-slice fast path over many chunks: lines straddling chunks, lines without the
// delimiter, too few fields, -s, -z, an unterminated last line, long lines.
import { describe, it } from 'vitest';
import { cut } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

function bigText(lines: number, sep: string, eol: string): string {
  let s = '';
  let x = 11;
  for (let i = 0; i < lines; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const n = x % 7; // 0..6 fields after the first
    let line = `f${i}`;
    for (let k = 0; k < n; k++) line += sep + 'w'.repeat((x >> k) % 40);
    if (i % 997 === 0) line += sep + 'x'.repeat(70000); // longer than a chunk and the output buffer
    s += line + eol;
  }
  return s;
}

const TEXT = bigText(5000, ' ', '\n') + 'last a b c';
const ZTEXT = bigText(800, ',', '\0') + 'z,';
const cases: string[][] = [
  ['-d', ' ', '-f2'],
  ['-d', ' ', '-f1'],
  ['-d', ' ', '-f3-'],
  ['-d', ' ', '-f2-4'],
  ['-d', ' ', '-f5', '-s'],
  ['-d', ' ', '-f1-2', '--output-delimiter= '],
];

describe('cut fast path vs GNU cut', () => {
  for (const args of cases) {
    it(`${args.join(' ')} (file)`, async () => {
      await expectSameAsGnu(cut, [...args, 'f'], { files: { f: TEXT } });
    });
    it(`${args.join(' ')} (stdin in odd chunks)`, async () => {
      await expectSameAsGnu(cut, args, { stdin: TEXT, chunkSize: 3001 });
    });
  }
  it('-z, and the unterminated last record', async () => {
    await expectSameAsGnu(cut, ['-z', '-d', ',', '-f2'], { stdin: ZTEXT, chunkSize: 777 });
    await expectSameAsGnu(cut, ['-z', '-d', ',', '-f1'], { stdin: ZTEXT });
    await expectSameAsGnu(cut, ['-z', '-d', ',', '-f2'], { stdin: 'a,' });
  });
});
