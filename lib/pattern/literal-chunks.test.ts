// spliceLiteral's chunked replace-all gives what the plain left-to-right scan gives
import { expect, it } from 'vitest';
import { spliceLiteral } from './literal.js';

function plain(s: string, lit: string, rep: string): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf(lit); i >= 0; i = s.indexOf(lit, from)) {
    out += s.slice(from, i) + rep;
    from = i + lit.length;
  }
  return out + s.slice(from);
}

it('matches the plain scan on long strings, whatever falls on a chunk boundary', () => {
  const texts = [
    '0'.repeat(200_000),
    'ab'.repeat(100_001),
    'aaa'.repeat(70_000) + 'b',
    'x'.repeat(65_535) + 'abc' + 'y'.repeat(70_000) + 'abc',
    'x'.repeat(65_534) + 'aaaa' + 'x'.repeat(65_530) + 'aa',
    'q'.repeat(300_000),
  ];
  for (const s of texts) {
    for (const [lit, rep] of [['0', '1'], ['ab', ''], ['aa', 'XYZ'], ['abc', '-'], ['a', 'aa'], ['q', ''], ['ba', 'ab']] as const) {
      const i = s.indexOf(lit);
      if (i < 0) continue;
      expect(spliceLiteral(s, lit, true, rep, i)).toBe(plain(s, lit, rep));
    }
  }
});
