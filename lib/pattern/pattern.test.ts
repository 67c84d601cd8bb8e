import { describe, expect, it } from 'vitest';
import { compilePattern, hasGlobChars, matchPattern, removePrefix, removeSuffix, replacePattern, unescapePattern } from './pattern.js';

const X = { extglob: true };

describe('bracket expressions (bash 5.2 [[ s == p ]])', () => {
  const cases: [string, string[]][] = [
    ['[]a]', ['a', ']']],
    ['[!]a]', ['-', 'b', '[', '\\', 'x', ':', 'l']],
    ['[a-]', ['a', '-']],
    ['[\\]]', [']']],
    ['[[:alpha:]]', ['a', 'b', 'x', 'l']],
    ['[[:foo:]]', []],
    ['[z-a]', []],
    ['[', ['[']],
    ['a[', ['a[']],
    ['[a', ['[a']],
    ['\\', ['\\']],
    ['[]', ['[]']],
    ['[]]', [']']],
    ['[^a]', [']', '-', 'b', '[', '\\', 'x', ':', 'l']],
    ['[[.a.]]', ['a']],
    ['[[=a=]]', ['a']],
    ['[a\\-z]', ['a', '-']],
    ['@(a', []],
    ['[:alpha:]', ['a', ':', 'l']],
  ];
  const subjects = ['a', ']', '-', 'b', '[', '\\', 'a[', '[a', 'x', '[]', ':', 'l', 'ab'];
  for (const [p, want] of cases) {
    it(p, () => {
      expect(subjects.filter((s) => matchPattern(s, p, X))).toEqual(want);
    });
  }
});

describe('matching', () => {
  it('stars, questions, escapes', () => {
    expect(matchPattern('abc', 'a*')).toBe(true);
    expect(matchPattern('abc', 'a?c')).toBe(true);
    expect(matchPattern('a*c', 'a\\*c')).toBe(true);
    expect(matchPattern('abc', 'a\\*c')).toBe(false);
    expect(matchPattern('ABC', 'a*', { nocase: true })).toBe(true);
    expect(matchPattern('a/b', '*', { pathname: true })).toBe(false);
    expect(matchPattern('a/b', '*')).toBe(true);
    // C locale: `?` is one byte, é is two (bash LANG=C: [[ é == ? ]] fails, [[ é == ?? ]] matches)
    expect(matchPattern('é', '?')).toBe(false);
    expect(matchPattern('é', '??')).toBe(true);
    expect(replacePattern('_μ_ and _μ_', '_?_', 'foo', 'all')).toBe('_μ_ and _μ_');
    expect(replacePattern('_μ_ and _μ_', '_??_', 'X', 'all')).toBe('X and X');
  });
  it('extglob', () => {
    expect(matchPattern('foo.c', '*.@(c|h)', X)).toBe(true);
    expect(matchPattern('foo.o', '*.@(c|h)', X)).toBe(false);
    expect(matchPattern('foo.o', '!(*.c)', X)).toBe(true);
    expect(matchPattern('foo.c', '!(*.c)', X)).toBe(false);
    expect(matchPattern('aaab', '+(a)b', X)).toBe(true);
    expect(matchPattern('b', '+(a)b', X)).toBe(false);
    expect(matchPattern('b', '*(a)b', X)).toBe(true);
    expect(matchPattern('ab', '?(a)b', X)).toBe(true);
    expect(matchPattern('abab', '*(ab|a@(b))', X)).toBe(true);
    expect(matchPattern('xyz.c', 'x!(y)z.c', X)).toBe(false);
    expect(matchPattern('xaz.c', 'x!(y)z.c', X)).toBe(true);
    expect(matchPattern('ABC', '[a-c]b?', { nocase: true })).toBe(true);
    expect(matchPattern('abc', '[[:upper:]]*', { nocase: true })).toBe(false);
    expect(matchPattern('xyz', '!(x)*', X)).toBe(true);
    expect(matchPattern('?(a)', '?(a)')).toBe(true); // without extglob: ? ( a )
    expect(matchPattern('x(a)', '?(a)')).toBe(true);
  });
  it('does not hang on pathological patterns', () => {
    const s = 'a'.repeat(40);
    const t0 = Date.now();
    expect(matchPattern(s + 'b', '*a*a*a*a*a*a*a*a*a*a*a*c')).toBe(false);
    expect(matchPattern(s + 'b', '*(a|aa)c', X)).toBe(false);
    expect(matchPattern(s.slice(0, 20) + 'b', '!(*(a|aa))c', X)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(3000);
  });
  it('caches', () => {
    expect(compilePattern('a*b')).toBe(compilePattern('a*b'));
  });
});

// expectations from bash 5.2 with x=abcabc (see report)
describe('substitutions', () => {
  const x = 'abcabc';
  it('& in the replacement (patsub_replacement)', () => {
    expect(replacePattern(x, 'b', '[&]', 'all')).toBe('a[b]ca[b]c');
    expect(replacePattern(x, 'b', '[\\&]', 'all')).toBe('a[&]ca[&]c');
    expect(replacePattern(x, 'b', '\\\\&', 'first')).toBe('a\\bcabc');
    expect(replacePattern(x, 'b', '\\\\\\&', 'first')).toBe('a\\&cabc');
    expect(replacePattern(x, 'b', '<&>', 'first')).toBe('a<b>cabc');
    expect(replacePattern(x, 'b', '<&>', 'first', { patsubReplacement: false })).toBe('a<&>cabc');
    expect(replacePattern('aaa', 'a', '&&', 'all')).toBe('aaaaaa');
  });
  it('empty matches and anchors', () => {
    expect(replacePattern(x, '*(z)', 'X', 'all', X)).toBe('XaXbXcXaXbXc');
    expect(replacePattern(x, '*(z)', 'X', 'first', X)).toBe('Xabcabc');
    expect(replacePattern(x, '', 'X', 'all')).toBe('abcabc');
    expect(replacePattern(x, '', 'X', 'prefix')).toBe('Xabcabc');
    expect(replacePattern(x, '', 'X', 'suffix')).toBe('abcabcX');
  });
  it('longest match with alternation and negation', () => {
    expect(replacePattern(x, '@(a|ab)', 'X', 'all', X)).toBe('XcXc');
    expect(removePrefix(x, '@(a|ab)', false, X)).toBe('bcabc');
    expect(removePrefix(x, '@(a|ab)', true, X)).toBe('cabc');
    expect(replacePattern(x, '!(a)', 'X', 'all', X)).toBe('X');
    expect(replacePattern(x, '!(a)c', 'X', 'first', X)).toBe('X');
    expect(removeSuffix(x, '!(c)', false, X)).toBe('abcabc');
    expect(removeSuffix(x, '!(c)', true, X)).toBe('');
  });
  it('quoted stars', () => {
    expect(replacePattern('a*b', '\\*', 'X', 'first')).toBe('aXb');
    expect(replacePattern('a*b', '[*]', 'X', 'all')).toBe('aXb');
  });
  it('plain forms', () => {
    expect(replacePattern(x, 'b', '', 'first')).toBe('acabc');
    expect(replacePattern(x, '?', '.', 'all')).toBe('......');
    expect(replacePattern(x, 'a', 'A', 'prefix')).toBe('Abcabc');
    expect(replacePattern(x, 'c', 'C', 'suffix')).toBe('abcabC');
    expect(replacePattern(x, 'b', 'B', 'prefix')).toBe('abcabc');
    expect(removePrefix(x, '*b', false)).toBe('cabc');
    expect(removePrefix(x, '*b', true)).toBe('c');
    expect(removeSuffix(x, 'b*', false)).toBe('abca');
    expect(removeSuffix(x, 'b*', true)).toBe('a');
    expect(replacePattern('aaa', 'a*', 'X', 'all')).toBe('X');
    expect(removeSuffix('file.tar.gz', '.*', false)).toBe('file.tar');
    expect(removeSuffix('file.tar.gz', '.*', true)).toBe('file');
    expect(removePrefix('/a/b/c', '*/', true)).toBe('c');
  });
});

describe('helpers', () => {
  it('hasGlobChars', () => {
    expect(hasGlobChars('abc')).toBe(false);
    expect(hasGlobChars('a*')).toBe(true);
    expect(hasGlobChars('a\\*')).toBe(false);
    expect(hasGlobChars('[ab]')).toBe(true);
    expect(hasGlobChars('[')).toBe(false);
    expect(hasGlobChars('@(a)')).toBe(false);
    expect(hasGlobChars('@(a)', true)).toBe(true);
  });
  it('unescapePattern', () => {
    expect(unescapePattern('a\\*b\\\\')).toBe('a*b\\');
  });
});

describe('empty subjects (bash: s=; ${s//*(a)/X} → X)', () => {
  it('replaces an empty match of an empty string', () => {
    expect(replacePattern('', '*(a)', 'X', 'all', X)).toBe('X');
    expect(replacePattern('', '*(a)', 'X', 'first', X)).toBe('X');
    expect(replacePattern('', '', 'X', 'all')).toBe('');
    expect(replacePattern('', 'a', 'X', 'all')).toBe('');
    expect(replacePattern('', '', 'X', 'prefix')).toBe('X');
    expect(replacePattern('', '', 'X', 'suffix')).toBe('X');
    expect(replacePattern('', '*', 'X', 'all')).toBe('X');
  });
});

describe('empty subjects and non-star patterns (bash: [][X][X][][][X] and [Xabc][abcX][XaXbXc])', () => {
  it('only a leading * matches at the end of the subject', () => {
    expect(replacePattern('', '?(a)', 'X', 'prefix', X)).toBe('');
    expect(replacePattern('', '?(a)', 'X', 'suffix', X)).toBe('X');
    expect(replacePattern('', '*(a)', 'X', 'prefix', X)).toBe('X');
    expect(replacePattern('', '?(a)', 'X', 'all', X)).toBe('');
    expect(replacePattern('', '?(a)', 'X', 'first', X)).toBe('');
    expect(replacePattern('', '!(a)', 'X', 'suffix', X)).toBe('X');
    expect(replacePattern('abc', '?(z)', 'X', 'prefix', X)).toBe('Xabc');
    expect(replacePattern('abc', '?(z)', 'X', 'suffix', X)).toBe('abcX');
    expect(replacePattern('abc', '?(z)', 'X', 'all', X)).toBe('XaXbXc');
  });
});
