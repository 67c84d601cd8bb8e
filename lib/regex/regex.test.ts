import { describe, expect, it } from 'vitest';
import { compilePatterns, type CompileOptions } from './index.js';

function all(pattern: string | string[], record: string, opts: Partial<CompileOptions> = {}): string[] | string {
  const r = compilePatterns(Array.isArray(pattern) ? pattern : [pattern], { syntax: 'basic', ...opts });
  if (!r.ok) return 'ERR ' + r.message;
  const out: string[] = [];
  let from = 0;
  while (from <= record.length) {
    const m = r.matcher.find(record, from);
    if (m === null) break;
    if (m.end === m.start) { from = m.end + 1; continue; }
    out.push(record.slice(m.start, m.end));
    from = m.end;
  }
  return out;
}

describe('POSIX translation', () => {
  it('BRE basics', () => {
    expect(all('a*b', 'xaab b')).toEqual(['aab', 'b']);
    expect(all('*a', 'x*a')).toEqual(['*a']);
    expect(all('^*', '*x')).toEqual(['*']);
    expect(all('a\\{2\\}', 'aaaaa')).toEqual(['aa', 'aa']);
    expect(all('\\(ab\\)\\1', 'ababab')).toEqual(['abab']);
    expect(all('a\\|b', 'cab')).toEqual(['a', 'b']);
    expect(all('a+?', 'a+?')).toEqual(['a+?']);
    expect(all('a\\+', 'aaa')).toEqual(['aaa']);
    expect(all('x$y', 'x$y')).toEqual(['x$y']);
    expect(all('a^b', 'a^b')).toEqual(['a^b']);
    expect(all('\\{1\\}', '{1}')).toEqual(['{1}']);
  });
  it('ERE basics and leftmost-longest', () => {
    expect(all('ab|abcd', 'abcd', { syntax: 'extended' })).toEqual(['abcd']);
    expect(all('(ab)?(abcd)?', 'abcd', { syntax: 'extended' })).toEqual(['abcd']);
    expect(all('a{1', 'a{1', { syntax: 'extended' })).toEqual(['a{1']);
    expect(all('a{,2}', 'aaa', { syntax: 'extended' })).toEqual(['aa', 'a']);
    expect(all('*a', '*a', { syntax: 'extended' })).toEqual(['a']);
    expect(all(')', 'a)', { syntax: 'extended' })).toEqual([')']);
  });
  it('brackets and classes', () => {
    expect(all('[]a]', 'x]a')).toEqual([']', 'a']);
    expect(all('[^]a]', ']ab')).toEqual(['b']);
    expect(all('[[:digit:]]\\+', 'a12b3')).toEqual(['12', '3']);
    expect(all('[a\\]', 'x\\a')).toEqual(['\\', 'a']);
    expect(all('\\w\\+', 'ab_1 c')).toEqual(['ab_1', 'c']);
    expect(all('[[.-.]]', 'a-b')).toEqual(['-']);
    expect(all('.', '\xe9')).toEqual(['\xe9']);
  });
  it('case folding is ASCII only', () => {
    expect(all('ab', 'xAB', { icase: true })).toEqual(['AB']);
    expect(all('[a-c]', 'B', { icase: true })).toEqual(['B']);
    expect(all('\xe9', '\xc9', { icase: true })).toEqual([]);
  });
  it('word assertions, -w, -x', () => {
    expect(all('\\<fo', 'foo xfoo fo')).toEqual(['fo', 'fo']);
    expect(all('o\\>', 'foo xfo')).toEqual(['o', 'o']);
    expect(all('foo', 'xfoo foo foobar foo', { wholeWord: true })).toEqual(['foo', 'foo']);
    expect(all('a.*', 'abc', { wholeLine: true })).toEqual(['abc']);
    expect(all('b', 'abc', { wholeLine: true })).toEqual([]);
  });
  it('errors', () => {
    expect(all('[a', '')).toBe('ERR Unmatched [, [^, [:, [., or [=');
    expect(all('\\(', '')).toBe('ERR Unmatched ( or \\(');
    expect(all('\\)', '')).toBe('ERR Unmatched ) or \\)');
    expect(all('a\\{1', '')).toBe('ERR Unmatched \\{');
    expect(all('a\\{x\\}', '')).toBe('ERR Invalid content of \\{\\}');
    expect(all('\\1', '')).toBe('ERR Invalid back reference');
    expect(all('a\\', '')).toBe('ERR Trailing backslash');
    expect(all('[b-a]', '')).toBe('ERR Invalid range end');
    expect(all('x\\{99999\\}', '')).toBe('ERR Regular expression too big');
    expect(all('[[:foo:]]', '')).toBe('ERR Invalid character class name');
    expect(all('[:space:]', '')).toBe('ERR character class syntax is [[:space:]], not [:space:]');
    expect(all('(', '', { syntax: 'extended' })).toBe('ERR Unmatched ( or \\(');
    expect(all('a{2,1}', '', { syntax: 'extended' })).toBe('ERR Invalid content of \\{\\}');
  });
});

describe('ReDoS resistance', () => {
  const cases: [string, 'basic' | 'extended', string][] = [
    ['(a+)+$', 'extended', 'a'.repeat(50000) + 'b'],
    ['(x+x+)+y', 'extended', 'x'.repeat(50000)],
    ['(a|aa)*c', 'extended', 'a'.repeat(50000)],
    ['\\(a*\\)*b', 'basic', 'a'.repeat(50000)],
  ];
  for (const [p, syntax, input] of cases) {
    it(p, () => {
      const t = performance.now();
      const r = compilePatterns([p], { syntax });
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.matcher.test(input)).toBe(false);
      expect(performance.now() - t).toBeLessThan(2000);
    });
  }
  it('runs backrefs with nested repetition on the step-counted matcher', () => {
    const r = compilePatterns(['\\(a*\\)*\\1'], { syntax: 'basic' });
    expect(r.ok && r.matcher.test('aa')).toBe(true);
  });
});

describe('back-references to a group that did not take part (glibc: no match)', () => {
  const exec = (p: string, record: string, syntax: 'basic' | 'extended' = 'extended') => {
    const r = compilePatterns([p], { syntax, eol: -1, captures: true });
    if (!r.ok) return 'ERR ' + r.message;
    const m = r.matcher.exec(record, 0);
    return m === null ? null : m.groups;
  };
  it('fails where JavaScript would match the reference as empty', () => {
    expect(exec('(x)?a\\1', 'apple')).toBe(null);
    expect(exec('\\(x\\)*a\\1', 'apple', 'basic')).toBe(null);
    expect(exec('(a|(x))\\2', 'ax')).toBe(null);
    expect(exec('(x)?(y)?a\\1\\2', 'xax')).toBe(null);
  });
  it('still matches where the group took part, groups in POSIX numbering (markers hidden)', () => {
    expect(exec('(x)?a\\1', 'zxaxz')).toEqual(['xax', 'x']);
    expect(exec('(a|(x))\\2', 'xx')).toEqual(['xx', 'x', 'x']);
    expect(exec('((x)?a\\2)(b)?', 'xaxb')).toEqual(['xaxb', 'xax', 'x', 'b']);
    expect(exec('(x)?(a)\\1', 'xax')).toEqual(['xax', 'x', 'a']);
    // an empty group that took part
    expect(exec('()\\1a', 'a')).toEqual(['a', '']);
  });
  it('long records and empty ones too', () => {
    expect(exec('(x)?a\\1', 'a'.repeat(5000))).toBe(null);
    expect(exec('\\(\\)\\1', '', 'basic')).toEqual(['', '']);
  });
});

describe('ERE quantifiers with nothing to repeat, as GNU grep reads them', () => {
  const ere = { syntax: 'extended' as const };
  const warnings = (p: string) => {
    const r = compilePatterns([p], ere);
    return r.ok ? r.matcher.warnings : 'ERR ' + r.message;
  };
  it('after a leading anchor they repeat the anchor (GNU dfa), with one warning each', () => {
    const dfa = { ...ere, dfa: true };
    expect(all('^*a', 'banana', dfa)).toEqual(['a', 'a', 'a']);
    expect(all('^?a', 'ba', dfa)).toEqual(['a']);
    expect(all('^+a', 'ba', dfa)).toEqual([]);
    expect(warnings('^**a')).toEqual(['* at start of expression', '* at start of expression']);
    // without the dfa reading (sed, find, [[ =~ ]]: glibc) the quantifier is dropped
    expect(all('^*a', 'banana', ere)).toEqual([]);
    expect(all('^*a', 'ab', ere)).toEqual(['a']);
    expect(warnings('^{2}a')).toEqual(['{...} at start of expression']);
    expect(all('^{2,1}a', '{2,1}a', ere)).toEqual(['{2,1}a']);
  });
  it("regcomp's errors: a `)` right after a skipped quantifier is literal to glibc", () => {
    expect(all('(*)', '', ere)).toBe('ERR Unmatched ( or \\(');
    expect(all('(a^*)', '', ere)).toBe('ERR Unmatched ( or \\(');
    expect(all('((*))', '', ere)).toBe('ERR Unmatched ( or \\(');
    expect(all('(a|*))', 'a)', ere)).toEqual(['a)']);
    // GNU grep prints (-o, --color) the matches glibc's regex finds: regcomp's reading
    const regcomp = { ...ere, regcomp: true };
    expect(all('(a|*))', 'a)', regcomp)).toEqual(['a', ')']);
    expect(all('(*)*)', 'a))', regcomp)).toEqual(['))']);
    expect(all('^*a', 'banana', regcomp)).toEqual([]);
    expect(all('^*a', 'ab', regcomp)).toEqual(['a']);
    expect(all('({1})', '1}', ere)).toEqual([]); // dfa: an empty group
    expect(all('({1})', '1}', { ...ere, regcomp: true })).toEqual(['1}']);
  });
  it('intervals after an atom as glibc parse_dup_op reads them', () => {
    expect(all('a{}', '', ere)).toBe('ERR Invalid content of \\{\\}');
    expect(all('a{1,2,3}', '', ere)).toBe('ERR Invalid content of \\{\\}');
    expect(all('a{1,x}', 'a{1,x}', ere)).toEqual(['a{1,x}']);
    expect(all('a{,}', 'aa', ere)).toEqual(['aa']);
    expect(all('{}', '{}', ere)).toEqual(['{}']);
  });
});

describe('long records run on the linear-time engine', () => {
  // `x*=` over a long run of x's is quadratic for a backtracking search (seconds per call past
  // 100,000 bytes, in one native call no timeout can stop); these finish at once and agree with
  // the short-record answers
  const compile = (p: string, syntax: CompileOptions['syntax'] = 'basic') => {
    const r = compilePatterns([p], { syntax });
    if (!r.ok) throw new Error(r.message);
    return r.matcher;
  };
  const run = 'x'.repeat(200_000);

  it('test, find and exec give the short-record answers', () => {
    const m = compile('x*=');
    expect(m.test(run)).toBe(false);
    expect(m.test(run + '=')).toBe(true);
    expect(m.find(run + '=y', 0)).toEqual({ start: 0, end: 200_001 });
    expect(m.exec('ab' + run + '=', 5)?.start).toBe(5);
    const e = compile('(x+)(=?)$', 'extended');
    expect(e.exec(run, 0)).toMatchObject({ start: 0, end: 200_000 });
  });

  it('patterns the linear engine cannot run keep the backtracking one', () => {
    const m = compile('\\(x\\)\\1=');
    expect(m.test(run.slice(0, 5000) + 'xx=')).toBe(true);
  });
});

describe('compile failures as GNU reports them', () => {
  it('every pattern glibc rejects, in order', () => {
    const r = compilePatterns(['a{2,1}', 'ok', '('], { syntax: 'extended', dfa: true });
    expect(r).toEqual({
      ok: false,
      message: 'Invalid content of \\{\\}',
      errors: [
        { pattern: 0, message: 'Invalid content of \\{\\}' },
        { pattern: 2, message: 'Unmatched ( or \\(' },
      ],
    });
  });

  it("dfa's lower-case 'too big' for an interval with nothing to repeat, after its warnings", () => {
    expect(compilePatterns(['*x', '^{32768}', '+y'], { syntax: 'extended', dfa: true })).toEqual({
      ok: false,
      message: 'regular expression too big',
      warnings: ['* at start of expression', '{...} at start of expression'],
    });
    // only the upper bound counts, as in dfa's lex
    const open = compilePatterns(['^{32768,}'], { syntax: 'extended', dfa: true });
    expect(open.ok && open.matcher.warnings).toEqual(['{...} at start of expression']);
    // glibc's errors win over dfa's
    const both = compilePatterns(['{32768}', 'a{2,1}'], { syntax: 'extended', dfa: true });
    expect(both.ok === false && both.message).toBe('Invalid content of \\{\\}');
  });

  it("glibc's POSIX grammar (regcomp REG_EXTENDED) for [[ =~ ]]", () => {
    const glibc = { posixBasic: false, unmatchedParenOrd: true };
    for (const bad of ['^*a', '(*a)', '{1}a', 'a|*b', '+a', '$*', 'a{1', 'a{1,2', 'a{x}', 'a{2,1}', '[z-a]']) {
      expect(compilePatterns([bad], { syntax: 'extended', glibc }).ok, bad).toBe(false);
    }
    for (const good of ['a**', '()', 'a||b', 'a)', 'a{,2}', 'x{,}']) {
      expect(compilePatterns([good], { syntax: 'extended', glibc }).ok, good).toBe(true);
    }
  });
});

describe('checkpoint: the caller hears of the work, in units', () => {
  it('the backtracking matcher (back-references) calls it as it steps, and a throw stops the match', () => {
    const seen: number[] = [];
    const r = compilePatterns(['(.*)(.*)(.*)(.*)(.*)b\\1\\2\\3\\4\\5'], {
      syntax: 'extended',
      checkpoint: (u) => {
        seen.push(u);
        if (seen.length === 3) throw new Error('deadline');
      },
    });
    if (!r.ok) throw new Error(r.message);
    expect(() => r.matcher.test('a'.repeat(200) + 'bc')).toThrow('deadline');
    expect(seen).toEqual([16384, 16384, 16384]);
  });
  it("V8's finds over one long record count too (grep -o, s///g loop over them)", () => {
    let units = 0;
    const r = compilePatterns(['a|ab'], { syntax: 'extended', checkpoint: (u) => (units += u) });
    if (!r.ok) throw new Error(r.message);
    const s = 'ab'.repeat(1000);
    let n = 0;
    for (let m = r.matcher.find(s, 0); m !== null; m = r.matcher.find(s, m.end)) n++;
    expect(n).toBe(1000);
    expect(units).toBeGreaterThan(1000 * 16);
  });
});
