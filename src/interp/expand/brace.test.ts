import { describe, expect, it } from 'vitest';
import type { Word, WordPart } from '../../syntax/ast.js';
import { BraceLimitError, expandBraces } from './brace.js';

/** a Word from shell-ish text: '…' becomes a SglQuoted part, $name a ParamExp, the rest Lit */
function word(src: string): Word {
  const parts: WordPart[] = [];
  let lit = '';
  let litStart = 0;
  const flush = (i: number) => {
    if (lit) parts.push({ type: 'Lit', Pos: litStart, End: i, ValuePos: litStart, ValueEnd: i, Value: lit });
    lit = '';
    litStart = i;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "'") {
      flush(i);
      const end = src.indexOf("'", i + 1);
      parts.push({ type: 'SglQuoted', Pos: i, End: end + 1, Left: i, Right: end, Dollar: false, Value: src.slice(i + 1, end) });
      i = end;
      litStart = i + 1;
    } else if (c === '$' && /[a-z]/.test(src[i + 1] ?? '')) {
      flush(i);
      const name = /^[a-z]+/.exec(src.slice(i + 1))![0];
      const Param = { type: 'Lit' as const, Pos: i + 1, End: i + 1 + name.length, ValuePos: i + 1, ValueEnd: i + 1 + name.length, Value: name };
      parts.push({ type: 'ParamExp', Pos: i, End: Param.End, Dollar: i, Rbrace: -1, Short: true, Excl: false, Length: false, Width: false, Param, Index: null, Slice: null, Repl: null, Names: null, Exp: null });
      i += name.length;
      litStart = i + 1;
    } else {
      if (!lit) litStart = i;
      if (c === '\\') { lit += src.slice(i, i + 2); i++; } else lit += c;
    }
  }
  flush(src.length);
  return { type: 'Word', Pos: 0, End: src.length, Parts: parts };
}

/** what bash would print for each resulting word (quote removal; $x shown as <x>) */
function render(w: Word): string {
  return w.Parts.map((p) => {
    if (p.type === 'Lit') return p.Value.replace(/\\(.)/g, '$1').replace(/\\$/, '');
    if (p.type === 'SglQuoted') return p.Value;
    if (p.type === 'ParamExp') return `<${p.Param.Value}>`;
    return '?';
  }).join('');
}

const ex = (src: string) => expandBraces(word(src)).map(render);

// expectations: bash 5.2 `printf '[%s]' WORD` (empty results shown as '' here; bash drops them later)
describe('brace expansion', () => {
  const cases: [string, string[]][] = [
    ['{a}{b,c}', ['{a}b', '{a}c']],
    ['{}', ['{}']],
    ['{a,b', ['{a,b']],
    ['a{,}b', ['ab', 'ab']],
    ['{a,b}{1..3}', ['a1', 'a2', 'a3', 'b1', 'b2', 'b3']],
    ['{1..3..0}', ['1', '2', '3']],
    ['{1..10..3}', ['1', '4', '7', '10']],
    ['{10..1..3}', ['10', '7', '4', '1']],
    ['{1..10..-3}', ['1', '4', '7', '10']],
    ['{01..10}', ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10']],
    ['{-05..5..5}', ['-05', '000', '005']],
    ['{a..e}', ['a', 'b', 'c', 'd', 'e']],
    ['{Z..a}', ['Z', '[', '', ']', '^', '_', '`', 'a']],
    ['{e..a..2}', ['e', 'c', 'a']],
    ['{1..a}', ['{1..a}']],
    ['{-1..-3}', ['-1', '-2', '-3']],
    ['{001..3}', ['001', '002', '003']],
    ['{1..03}', ['01', '02', '03']],
    ['x{a,{b,c}d}y', ['xay', 'xbdy', 'xcdy']],
    ['{a,b}}', ['a}', 'b}']],
    ['{{a,b}', ['{a', '{b']],
    ['{a,b\\}c}', ['a', 'b}c']],
    ['\\{a,b}', ['{a,b}']],
    ["{a,'b,c'}", ['a', 'b,c']],
    ['{a..b..c}', ['{a..b..c}']],
    ['{,}', ['', '']],
    ['{,a}', ['', 'a']],
    ['a{b}c{d,e}', ['a{b}cd', 'a{b}ce']],
    ['{a\\,b,c}', ['a,b', 'c']],
    ['{x..y}z', ['xz', 'yz']],
    ['{1...3}', ['{1...3}']],
    ['{9223372036854775806..9223372036854775807}', ['9223372036854775806', '9223372036854775807']],
    ['{0x1..3}', ['{0x1..3}']],
    ['{+1..3}', ['1', '2', '3']],
    ['{a,b}{', ['a{', 'b{']],
    ['}{a,b}', ['}a', '}b']],
    ['{a,b}x{c,d}', ['axc', 'axd', 'bxc', 'bxd']],
    ['{a,$x}y', ['ay', '<xy>']],
    ['{a,$x}-', ['a-', '<x>-']],
    ['$x{01..2}', ['<x01>', '<x02>']],
    ['$x{-1..0}', ['<x>-1', '<x0>']],
    // bash expands the raw text first: `$v{a,b}` is `$va $vb`
    ['$x{a,b}', ['<xa>', '<xb>']],
    ['$x{1..2}-', ['<x1>-', '<x2>-']],
    ['$x{-,+}', ['<x>-', '<x>+']],
    ["'{a,b}'", ['{a,b}']],
    ["{a'{',b}", ['a{', 'b']],
  ];
  for (const [src, want] of cases) it(src, () => expect(ex(src)).toEqual(want));

  it('returns the word itself when nothing expands', () => {
    const w = word('{a}');
    expect(expandBraces(w)[0]).toBe(w);
  });
  it('limits the number of words', () => {
    expect(() => expandBraces(word('{1..1000000}'), 1000)).toThrow(BraceLimitError);
    expect(() => expandBraces(word('{1..100}{1..100}'), 1000)).toThrow(BraceLimitError);
    expect(expandBraces(word('{1..10}{1..10}'), 1000)).toHaveLength(100);
  });
  it('counts the words of the result, not a running total over nested levels', () => {
    const nested = (n: number): string => '{a,'.repeat(n) + 'b' + '}'.repeat(n);
    expect(expandBraces(word(nested(600)), 1000)).toHaveLength(601);
    expect(() => expandBraces(word(nested(1001)), 100000)).toThrow('brace expansion: nesting too deep (more than 1000 levels)');
  });
});
