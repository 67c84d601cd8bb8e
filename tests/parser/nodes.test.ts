// Unit tests: the AST of each node kind, with positions stripped (some tests assert positions).

import { describe, expect, it } from 'vitest';
import { parse, parseArith, lineOf, ParseError } from '../../src/syntax/index.js';

const POS_KEYS = new Set(['Pos', 'End', 'ValuePos', 'ValueEnd', 'Left', 'Right', 'OpPos', 'Lparen', 'Rparen', 'Lbrace', 'Rbrace',
  'Position', 'ThenPos', 'FiPos', 'WhilePos', 'DoPos', 'DonePos', 'ForPos', 'InPos', 'Case', 'In', 'Esac', 'Dollar', 'Let', 'Time',
  'Coproc', 'Semicolon', 'Lines']);

/** The AST without positions, empty lists and false/null fields: compact and exact. */
function strip(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(strip);
  if (x === null || typeof x !== 'object') return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    if ((POS_KEYS.has(k) && typeof v === 'number') || v === null || v === false || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = strip(v);
  }
  return out;
}
const cmd = (src: string) => strip(parse(src).Stmts[0].Cmd);
const lit = (Value: string) => ({ type: 'Lit', Value });
const word = (...Parts: unknown[]) => ({ type: 'Word', Parts });
const lw = (v: string) => word(lit(v));
const call = (...args: string[]) => ({ type: 'CallExpr', Args: args.map(lw) });
const stmt = (Cmd: unknown, extra: object = {}) => ({ type: 'Stmt', Cmd, ...extra });

describe('parser: simple commands and words', () => {
  it('call with literal args', () => expect(cmd('echo a b')).toEqual(call('echo', 'a', 'b')));
  it('assignments and append', () =>
    expect(cmd('a=1 b+=x cmd')).toEqual({
      type: 'CallExpr',
      Assigns: [{ type: 'Assign', Name: lit('a'), Value: lw('1') }, { type: 'Assign', Append: true, Name: lit('b'), Value: lw('x') }],
      Args: [lw('cmd')],
    }));
  it('indexed assignment and arrays', () => {
    expect(cmd('a[1]=x')).toEqual({ type: 'CallExpr', Assigns: [{ type: 'Assign', Name: lit('a'), Index: lw('1'), Value: lw('x') }] });
    expect(cmd('a=(x [2]=y)')).toEqual({
      type: 'CallExpr',
      Assigns: [{ type: 'Assign', Name: lit('a'), Array: { type: 'ArrayExpr', Elems: [{ type: 'ArrayElem', Value: lw('x') }, { type: 'ArrayElem', Index: lw('2'), Value: lw('y') }] } }],
    });
  });
  it('quotes keep escapes as written; $\'\' is undecoded', () =>
    expect(cmd(`echo 'a b' "x\\$y $z" $'\\n' a\\ b`)).toEqual({
      type: 'CallExpr',
      Args: [lw('echo'), word({ type: 'SglQuoted', Value: 'a b' }),
        word({ type: 'DblQuoted', Parts: [lit('x\\$y '), { type: 'ParamExp', Short: true, Param: lit('z') }] }),
        word({ type: 'SglQuoted', Dollar: true, Value: '\\n' }), lw('a\\ b')],
    }));
  it('line continuations are removed from literals', () => expect(cmd('ec\\\nho a\\\nb')).toEqual(call('echo', 'ab')));
  it('parameter expansions', () => {
    const pe = (src: string) => (cmd(`echo ${src}`) as { Args: { Parts: unknown[] }[] }).Args[1].Parts[0];
    expect(pe('${a:-w}')).toEqual({ type: 'ParamExp', Param: lit('a'), Exp: { type: 'Expansion', Op: ':-', Word: lw('w') } });
    expect(pe('${#a}')).toEqual({ type: 'ParamExp', Length: true, Param: lit('a') });
    expect(pe('${!p*}')).toEqual({ type: 'ParamExp', Excl: true, Param: lit('p'), Names: '*' });
    expect(pe('${a[@]:1:2}')).toEqual({ type: 'ParamExp', Param: lit('a'), Index: lw('@'), Slice: { type: 'Slice', Offset: lw('1'), Length: lw('2') } });
    expect(pe('${a//x/y}')).toEqual({ type: 'ParamExp', Param: lit('a'), Repl: { type: 'Replace', All: true, Orig: lw('x'), With: lw('y'), Anchor: '' } });
    expect(pe('${a/#x/y}')).toEqual({ type: 'ParamExp', Param: lit('a'), Repl: { type: 'Replace', Orig: lw('x'), With: lw('y'), Anchor: '#' } });
    expect(pe('${a/%$b}')).toEqual({ type: 'ParamExp', Param: lit('a'), Repl: { type: 'Replace', Orig: word({ type: 'ParamExp', Short: true, Param: lit('b') }), Anchor: '%' } });
    expect(pe('${a//#x}')).toEqual({ type: 'ParamExp', Param: lit('a'), Repl: { type: 'Replace', All: true, Orig: lw('#x'), Anchor: '' } });
    expect(pe('${a@Q}')).toEqual({ type: 'ParamExp', Param: lit('a'), Exp: { type: 'Expansion', Op: '@', Word: lw('Q') } });
    expect(pe('$1')).toEqual({ type: 'ParamExp', Short: true, Param: lit('1') });
  });
  it('command, arithmetic and process substitution, extglob', () => {
    expect(cmd('echo $(a) `b`')).toEqual({
      type: 'CallExpr',
      Args: [lw('echo'), word({ type: 'CmdSubst', Stmts: [stmt(call('a'))] }), word({ type: 'CmdSubst', Stmts: [stmt(call('b'))], Backquotes: true })],
    });
    expect(cmd('echo $((1+x*2))')).toEqual({
      type: 'CallExpr',
      Args: [lw('echo'), word({ type: 'ArithmExp', X: { type: 'BinaryArithm', Op: '+', X: lw('1'), Y: { type: 'BinaryArithm', Op: '*', X: lw('x'), Y: lw('2') } } })],
    });
    expect(cmd('cat <(a) @(x|y)')).toEqual({
      type: 'CallExpr',
      Args: [lw('cat'), word({ type: 'ProcSubst', Op: '<(', Stmts: [stmt(call('a'))] }), word({ type: 'ExtGlob', Op: '@(', Pattern: lit('x|y') })],
    });
  });
});

describe('parser: statements', () => {
  it('pipelines and lists nest to the left', () =>
    expect(cmd('a | b && c || d')).toEqual({
      type: 'BinaryCmd', Op: '||',
      X: stmt({ type: 'BinaryCmd', Op: '&&', X: stmt({ type: 'BinaryCmd', Op: '|', X: stmt(call('a')), Y: stmt(call('b')) }), Y: stmt(call('c')) }),
      Y: stmt(call('d')),
    }));
  it('negation, background, redirections', () => {
    const f = parse('! a >f 2>&1 &');
    expect(strip(f.Stmts[0])).toEqual({
      type: 'Stmt', Cmd: call('a'), Negated: true, Background: true,
      Redirs: [{ type: 'Redirect', Op: '>', Word: lw('f') }, { type: 'Redirect', Op: '>&', N: lit('2'), Word: lw('1') }],
    });
  });
  it('here-docs: quoted, unquoted, <<- strips tabs, two on a line', () => {
    const f = parse("cat <<'A' <<-B\nx $y\nA\n\tz $w\n\tB\n");
    const [r1, r2] = f.Stmts[0].Redirs;
    expect(strip(r1.Hdoc)).toEqual(lw('x $y\n'));
    expect(strip(r2.Hdoc)).toEqual(word(lit('z '), { type: 'ParamExp', Short: true, Param: lit('w') }, lit('\n')));
    expect(strip(parse('echo $(cat <<E\nin\nE\n)').Stmts[0].Cmd)).toEqual({
      type: 'CallExpr',
      Args: [lw('echo'), word({ type: 'CmdSubst', Stmts: [stmt(call('cat'), { Redirs: [{ type: 'Redirect', Op: '<<', Word: lw('E'), Hdoc: lw('in\n') }] })] })],
    });
  });
  it('if / elif / else', () =>
    expect(cmd('if a; then b; elif c; then d; else e; fi')).toEqual({
      type: 'IfClause', Cond: [stmt(call('a'))], Then: [stmt(call('b'))],
      Else: { type: 'IfClause', Cond: [stmt(call('c'))], Then: [stmt(call('d'))], Else: { type: 'IfClause', Then: [stmt(call('e'))] } },
    }));
  it('loops', () => {
    expect(cmd('while a; do b; done')).toEqual({ type: 'WhileClause', Cond: [stmt(call('a'))], Do: [stmt(call('b'))] });
    expect(cmd('until a; do b; done')).toEqual({ type: 'WhileClause', Until: true, Cond: [stmt(call('a'))], Do: [stmt(call('b'))] });
    expect(cmd('for i in x y; do b; done')).toEqual({ type: 'ForClause', Loop: { type: 'WordIter', Name: lit('i'), Items: [lw('x'), lw('y')] }, Do: [stmt(call('b'))] });
    expect(cmd('for ((i=0; i<2; i++)); do b; done')).toEqual({
      type: 'ForClause',
      Loop: { type: 'CStyleLoop', Init: { type: 'BinaryArithm', Op: '=', X: lw('i'), Y: lw('0') }, Cond: { type: 'BinaryArithm', Op: '<', X: lw('i'), Y: lw('2') }, Post: { type: 'UnaryArithm', Op: '++', Post: true, X: lw('i') } },
      Do: [stmt(call('b'))],
    });
  });
  it('case', () =>
    expect(cmd('case $x in a|b) c;; *) d;& esac')).toEqual({
      type: 'CaseClause', Word: word({ type: 'ParamExp', Short: true, Param: lit('x') }),
      Items: [{ type: 'CaseItem', Op: ';;', Patterns: [lw('a'), lw('b')], Stmts: [stmt(call('c'))] }, { type: 'CaseItem', Op: ';&', Patterns: [lw('*')], Stmts: [stmt(call('d'))] }],
    }));
  it('blocks, subshells, functions', () => {
    expect(cmd('{ a; }')).toEqual({ type: 'Block', Stmts: [stmt(call('a'))] });
    expect(cmd('(a)')).toEqual({ type: 'Subshell', Stmts: [stmt(call('a'))] });
    expect(cmd('f() { a; }')).toEqual({ type: 'FuncDecl', Parens: true, Name: lit('f'), Body: stmt({ type: 'Block', Stmts: [stmt(call('a'))] }) });
    expect(cmd('function f { a; }')).toEqual({ type: 'FuncDecl', RsrvWord: true, Name: lit('f'), Body: stmt({ type: 'Block', Stmts: [stmt(call('a'))] }) });
  });
  it('[[ ]] with bash precedence, (( )), let, declare, time', () => {
    expect(cmd('[[ a || -n b && c == d* ]]')).toEqual({
      type: 'TestClause',
      X: { type: 'BinaryTest', Op: '||', X: lw('a'), Y: { type: 'BinaryTest', Op: '&&', X: { type: 'UnaryTest', Op: '-n', X: lw('b') }, Y: { type: 'BinaryTest', Op: '==', X: lw('c'), Y: lw('d*') } } },
    });
    expect(cmd('[[ $x =~ ^a(b|c)$ ]]')).toEqual({
      type: 'TestClause', X: { type: 'BinaryTest', Op: '=~', X: word({ type: 'ParamExp', Short: true, Param: lit('x') }), Y: word(lit('^a(b|c)'), lit('$')) },
    });
    expect(cmd('((x = 1 ? 2 : 3))')).toEqual({
      type: 'ArithmCmd',
      X: { type: 'BinaryArithm', Op: '=', X: lw('x'), Y: { type: 'BinaryArithm', Op: '?', X: lw('1'), Y: { type: 'BinaryArithm', Op: ':', X: lw('2'), Y: lw('3') } } },
    });
    expect(cmd('let a++ b=2')).toEqual({
      type: 'LetClause', Exprs: [{ type: 'UnaryArithm', Op: '++', Post: true, X: lw('a') }, { type: 'BinaryArithm', Op: '=', X: lw('b'), Y: lw('2') }],
    });
    expect(cmd('local -r a=1 b')).toEqual({
      type: 'DeclClause', Variant: lit('local'),
      Args: [{ type: 'Assign', Naked: true, Value: lw('-r') }, { type: 'Assign', Name: lit('a'), Value: lw('1') }, { type: 'Assign', Naked: true, Name: lit('b') }],
    });
    expect(cmd('time -p a')).toEqual({ type: 'TimeClause', PosixFormat: true, Stmt: stmt(call('a')) });
  });
});

describe('parser: less common nodes', () => {
  it('coproc, select, $[ ], parens in arithmetic and tests', () => {
    expect(cmd('coproc w { a; }')).toEqual({ type: 'CoprocClause', Name: lw('w'), Stmt: stmt({ type: 'Block', Stmts: [stmt(call('a'))] }) });
    expect(cmd('coproc a b')).toEqual({ type: 'CoprocClause', Stmt: stmt(call('a', 'b')) });
    expect(cmd('select x in a; do b; done')).toEqual({
      type: 'ForClause', Select: true, Loop: { type: 'WordIter', Name: lit('x'), Items: [lw('a')] }, Do: [stmt(call('b'))],
    });
    expect(cmd('echo $[1]')).toEqual({ type: 'CallExpr', Args: [lw('echo'), word({ type: 'ArithmExp', Bracket: true, X: lw('1') })] });
    expect(cmd('((-(a)))')).toEqual({ type: 'ArithmCmd', X: { type: 'UnaryArithm', Op: '-', X: { type: 'ParenArithm', X: lw('a') } } });
    expect(cmd('[[ ! ( a ) ]]')).toEqual({ type: 'TestClause', X: { type: 'UnaryTest', Op: '!', X: { type: 'ParenTest', X: lw('a') } } });
  });
  it('$"…", ${ cmd;}, comments, case terminators', () => {
    expect(cmd('echo $"a"')).toEqual({ type: 'CallExpr', Args: [lw('echo'), word({ type: 'DblQuoted', Dollar: true, Parts: [lit('a')] })] });
    expect(cmd('echo ${ a;}')).toEqual({ type: 'CallExpr', Args: [lw('echo'), word({ type: 'CmdSubst', Stmts: [stmt(call('a'))], TempFile: true })] });
    const f = parse('a # one\n# two\n');
    expect(f.Stmts[0].Comments.map((c) => c.Text)).toEqual([' one']);
    expect(f.Last.map((c) => c.Text)).toEqual([' two']);
    expect((cmd('case x in a) ;;& b) ;& esac') as { Items: { Op: string }[] }).Items.map((i) => i.Op)).toEqual([';;&', ';&']);
  });
});

describe('parser: positions, errors, limits', () => {
  it('statement and word positions (JS offsets)', () => {
    const f = parse('echo é; ls -l\nx');
    expect(f.Stmts.map((s) => [s.Pos, s.End, s.Semicolon])).toEqual([[0, 7, 6], [8, 13, -1], [14, 15, -1]]);
    const w = (f.Stmts[1].Cmd as { Args: { Pos: number; End: number }[] }).Args[1];
    expect([w.Pos, w.End]).toEqual([11, 13]);
    expect(lineOf(f, 14)).toBe(2);
    expect(lineOf(f, 3)).toBe(1);
  });
  const err = (src: string) => {
    try {
      parse(src);
    } catch (e) {
      return e instanceof ParseError ? [e.message, e.incomplete] : ['not a ParseError', false];
    }
    return ['no error', false];
  };
  it("mvdan/sh's messages (columns in UTF-8 bytes)", () => {
    expect(err('echo "abc')).toEqual(['1:6: reached EOF without closing quote `"`', true]);
    expect(err('é "abc')).toEqual(['1:4: reached EOF without closing quote `"`', true]);
    expect(err('if true; then\n  fi')[0]).toBe('1:10: `then` must be followed by a statement list');
    expect(err('fi')[0]).toBe('1:1: `fi` can only be used to end an `if`');
    expect(err('if')).toEqual(['1:1: `if` must be followed by a statement list', true]);
    expect(err('(a')).toEqual(['1:1: reached EOF without matching `(` with `)`', true]);
    expect(err('echo (')[0]).toBe('1:1: `foo(` must be followed by `)`');
    expect(err('a=1 b (')[0]).toBe('1:7: a command can only contain words and redirects; encountered `(`');
    expect(err('cat <<EOF\nx')[0]).toBe('1:5: unclosed here-document `EOF`');
  });
  it('bad input never crashes', () => {
    expect(parse('echo a\0b').Stmts.length).toBe(1);
    // a raw byte (surrogate-escaped): mvdan/sh's grammar refuses it, the compat pass reads it as bash does
    expect(() => parse('echo \udc80', { bashCompat: false })).toThrow('1:6: invalid UTF-8 encoding');
    expect(JSON.stringify(parse('echo \udc80').Stmts.length)).toBe('1');
    expect(err('('.repeat(100_000))[0]).toMatch(/nesting too deep/);
    expect(err('echo ' + '$('.repeat(100_000))[0]).toMatch(/nesting too deep/);
    expect(() => parse('x'.repeat(100), { maxBytes: 10 })).toThrow(/script too large/);
  });
  it('parseArith', () => {
    expect(JSON.stringify(strip(parseArith('a + 2')))).toBe(JSON.stringify({ type: 'BinaryArithm', Op: '+', X: lw('a'), Y: lw('2') }));
    expect(parseArith('')).toBeNull();
    expect(() => parseArith('hello world')).toThrow('1:7: not a valid arithmetic operator: `world`');
  });
});
