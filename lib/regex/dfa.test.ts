// The byte DFA behind grep's record search, checked against GNU grep on many shapes of pattern
// (counts and printed lines over a varied text).
import { describe, expect, it } from 'vitest';
import { grep } from '../../builtins/grep/index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { compilePatterns } from './index.js';
import { parsePosix } from './parse.js';
import { buildLineDfa } from './dfa.js';

function text(): string {
  const words = ['alpha', 'Bravo', 'c3po', 'x-ray', 'ab', 'aXb', 'zzz', 'a.b', 'caf\xe9', '\xff\xfe', 'tab\there', 'aaaa', 'abab', ''];
  let s = '';
  let x = 3;
  for (let i = 0; i < 3000; i++) {
    let line = '';
    for (let k = 0; k < 1 + (i % 6); k++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      line += words[x % words.length] + (x % 3 === 0 ? ' ' : '');
    }
    s += line + '\n';
  }
  return s + 'last ab';
}

const TEXT = text();
const patterns: string[][] = [
  ['-E', 'a.*b|c[0-9]+'],
  ['-E', 'a[^b]*b'],
  ['-E', '(ab){2}'],
  ['-E', 'a{2,3}'],
  ['-E', 'a{3}'],
  ['-E', 'x-?ray|Br(a|e)vo'],
  ['-i', 'bravo'],
  ['-i', '[b-c][^a-q]'],
  ['-E', '[[:digit:]][[:alpha:]]+'],
  ['a\\.b'],
  ['\\(ab\\)*c'],
  ['-E', '\xff|\xe9'],
  ['-F', '-i', 'ALPHA'],
  ['-e', 'zzz', '-e', 'x.r'],
  ['-E', 'b+$'],
  ['-E', 'a|'],
  ['\t'],
];

describe('grep through the byte DFA vs GNU grep', () => {
  for (const p of patterns) {
    it(p.join(' '), async () => {
      await expectSameAsGnu(grep, ['-c', ...p, 'f'], { files: { f: TEXT } });
      await expectSameAsGnu(grep, [...p, 'f'], { files: { f: TEXT } });
    });
  }
  it('-z records', async () => {
    await expectSameAsGnu(grep, ['-zc', '-E', 'a.*b'], { files: { f: TEXT.replace(/ /g, '\0') } });
  });
  it('is used for nested repetition only, never for anchors or back-references', () => {
    const dfa = (p: string) => {
      const r = compilePatterns([p], { syntax: 'extended' });
      return r.ok && r.matcher.lineDfa !== null;
    };
    expect([dfa('(a|aa)*c'), dfa('a.*b'), dfa('^(a+)+'), dfa('(a)\\1'), dfa('(x*)*'), dfa('\\b(x+)+')]).toEqual([true, false, false, false, false, false]);
  });
  it('finds the same records as the RegExp, pattern by pattern', () => {
    const lines = TEXT.split('\n');
    const bytes = new Uint8Array(Buffer.from(TEXT, 'latin1'));
    for (const p of patterns) {
      const args = p.filter((a) => !a.startsWith('-'));
      const syntax = p.includes('-E') ? 'extended' : p.includes('-F') ? 'fixed' : 'basic';
      const icase = p.includes('-i');
      if (syntax === 'fixed' || args.length !== 1) continue;
      const parsed = parsePosix(args[0]!, syntax);
      if (!parsed.ok) throw new Error(parsed.message);
      const dfa = buildLineDfa(parsed.value.root, icase, 0x0a);
      const re = compilePatterns(args, { syntax, icase });
      if (dfa === null || !re.ok) continue;
      const expected = lines.filter((l) => re.matcher.test(l)).length;
      let found = 0;
      let pos = 0;
      for (;;) {
        const e = dfa.matchEnd(bytes, pos, bytes.length);
        if (e < 0) break;
        found++;
        const nl = bytes.indexOf(0x0a, e);
        if (nl < 0) break;
        pos = nl + 1;
      }
      expect(found, p.join(' ')).toBe(expected);
    }
  });
  it('survives a cache flush (many states)', async () => {
    let s = '';
    for (let i = 0; i < 20000; i++) s += ((i * 7919) % 100003).toString(2) + '\n';
    await expectSameAsGnu(grep, ['-cE', '1([01]|[01]){12}1'], { files: { f: s } });
    await expectSameAsGnu(grep, ['-E', '(1|01)+0{3}1'], { files: { f: s } });
  });
  it('nested repetition that backtracks badly', async () => {
    const s = 'a'.repeat(5000) + '\n' + 'a'.repeat(3000) + 'c\nxyz\n';
    await expectSameAsGnu(grep, ['-cE', '(a|aa)*c'], { files: { f: s } });
    await expectSameAsGnu(grep, ['-cE', '(a+)+b'], { files: { f: s } });
  });
});
