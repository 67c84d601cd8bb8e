// The literal-string cache shared by parses must never change a value: same text in, same text out,
// whatever collides in its table.
import { describe, expect, it } from 'vitest';
import { internSlice } from '../../src/syntax/intern.js';
import { parse } from '../../src/syntax/index.js';

describe('internSlice', () => {
  it('returns the slice text, short or long, empty or not', () => {
    const src = 'echo then a_very_long_word_indeed x';
    expect(internSlice(src, 0, 4)).toBe('echo');
    expect(internSlice(src, 5, 9)).toBe('then');
    expect(internSlice(src, 10, 31)).toBe('a_very_long_word_indeed'.slice(0, 21));
    expect(internSlice(src, 3, 3)).toBe('');
  });

  it('stays exact over many distinct words that must share table slots', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`);
    const src = words.join(' ');
    let at = 0;
    for (const w of words) {
      expect(internSlice(src, at, at + w.length)).toBe(w);
      at += w.length + 1;
    }
  });

  it('hands out one string for repeated words, across parses', () => {
    const a = parse('grep -n foo; grep -n foo');
    const b = parse('grep -n foo');
    const lit = (f: typeof a, s: number, w: number) => {
      const cmd = f.Stmts[s].Cmd;
      if (cmd === null || cmd.type !== 'CallExpr') throw new Error('not a call');
      const part = cmd.Args[w].Parts[0];
      if (part.type !== 'Lit') throw new Error('not a literal');
      return part.Value;
    };
    expect(lit(a, 0, 0)).toBe('grep');
    expect(lit(a, 1, 2)).toBe('foo');
    expect(lit(b, 0, 1)).toBe('-n');
  });
});
