// The second parse pass (bashCompat): constructs bash runs and mvdan/sh rejects, each listed in
// docs/PARSER_DIVERGENCES.md. The first pass (bashCompat: false) must still give mvdan/sh's error.

import { describe, expect, it } from 'vitest';
import { parse, type ArrayExpr, type CallExpr, type ParamExp, type Stmt } from '../../src/syntax/index.js';

function strictError(src: string): string {
  try {
    parse(src, { bashCompat: false });
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

/** The shape of a statement list: node types, nested, without positions. */
function shape(stmts: readonly Stmt[]): unknown {
  return stmts.map((s) => {
    const c = s.Cmd;
    if (c === null) return null;
    switch (c.type) {
      case 'Subshell': return { Subshell: shape(c.Stmts) };
      case 'CallExpr':
        return c.Args.map((w) => {
          const p = w.Parts[0];
          return p.type === 'Lit' ? p.Value : p.type === 'CmdSubst' ? { CmdSubst: shape(p.Stmts) } : p.type;
        });
      case 'BinaryCmd': return { [c.Op]: [shape([c.X]), shape([c.Y])] };
      default: return c.type;
    }
  });
}

describe('bashCompat: `((` and `$((` that bash reads as nested parentheses', () => {
  it('a `((` whose inner `)` is not followed by `)` is a subshell in a subshell', () => {
    const src = '(( echo 1\necho 2\n) )';
    expect(strictError(src)).toBe('1:9: not a valid arithmetic operator: `1`');
    const f = parse(src);
    expect(shape(f.Stmts)).toEqual([{ Subshell: [{ Subshell: [['echo', '1'], ['echo', '2']] }] }]);
    const outer = f.Stmts[0].Cmd as { Lparen: number; Rparen: number; Stmts: Stmt[] };
    expect([outer.Lparen, outer.Rparen]).toEqual([0, 19]);
    expect((outer.Stmts[0].Cmd as { Lparen: number }).Lparen).toBe(1);
  });

  it('`$((` the same way becomes a command substitution of a subshell', () => {
    const f = parse('echo $(( echo 1\n) )');
    expect(shape(f.Stmts)).toEqual([['echo', { CmdSubst: [{ Subshell: [['echo', '1']] }] }]]);
  });

  it('inside backquotes (pkg-config idiom)', () => {
    const f = parse('x=`((a b) || (c)) 2>/dev/null`');
    const ce = f.Stmts[0].Cmd as CallExpr;
    expect(ce.Assigns[0].Value?.Parts[0].type).toBe('CmdSubst');
  });

  it('real arithmetic is untouched, and unbalanced text keeps mvdan/sh error', () => {
    expect(parse('(( (a) + (b) ))').Stmts[0].Cmd?.type).toBe('ArithmCmd');
    expect(parse('echo $(( (a) ))').Stmts[0].Cmd?.type).toBe('CallExpr');
    // arithmetic that does not parse is kept as text (deferred.test.ts)
    expect((parse('(( x y ))').Stmts[0].Cmd as { X: { Unparsed?: true } }).X.Unparsed).toBe(true);
    expect(() => parse('(( a')).toThrow(/^1:1: reached EOF without matching `\(\(` with `\)\)`$/);
  });
});

describe('bashCompat: other constructs', () => {
  it('an empty slice length is an empty word (bash: 0)', () => {
    expect(strictError('echo ${a::}')).toBe('1:10: `:` must be followed by an expression');
    const pe = (parse('echo ${a:1:}').Stmts[0].Cmd as CallExpr).Args[1].Parts[0] as ParamExp;
    expect(pe.Slice?.Length).toEqual({ type: 'Word', Pos: 11, End: 11, Parts: [] });
    const pe2 = (parse('echo ${@::}').Stmts[0].Cmd as CallExpr).Args[1].Parts[0] as ParamExp;
    expect(pe2.Slice?.Offset).toBe(null);
    expect(pe2.Slice?.Length?.type).toBe('Word');
    expect(strictError('echo ${a:}')).toBe('1:9: `:` must be followed by an expression');
    // a bad substitution for bash, at run time (deferred.test.ts)
    expect(((parse('echo ${a:}').Stmts[0].Cmd as CallExpr).Args[1].Parts[0] as ParamExp).Invalid).toBe('${a:}');
  });

  it('`@()` inside [[ ]] is an empty extended glob', () => {
    const f = parse("[[ '' == @() ]]");
    const x = (f.Stmts[0].Cmd as { X: { Y: { Parts: unknown[] } } }).X;
    expect(x.Y.Parts).toEqual([
      { type: 'ExtGlob', Pos: 9, End: 12, OpPos: 9, Op: '@(', Pattern: { type: 'Lit', Pos: 11, End: 11, ValuePos: 11, ValueEnd: 11, Value: '' } },
    ]);
    expect(() => parse('echo @()')).toThrow('encountered `(`');
  });

  it('an expansion in a here-doc delimiter is taken as text; the unquoted body is parsed for expansions', () => {
    expect(strictError('cat <<${a}\nhere\n${a}\n')).toBe('1:7: expansions not allowed in heredoc words');
    for (const [src, body] of [
      ['cat <<${a}\nhere $x\n${a}\necho', ['here ', 'ParamExp', '\n']],
      ['cat <<$(a b)\nv\n$(a b)\n', ['v\n']],
      ['cat <<-x$a\n\tv\n\tx$a\n', ['v\n']],
      ['cat <<x$a\n$a\nx$a\n', ['ParamExp', '\n']],
      ['cat <<"${a}"\nhere $x\n${a}\n', ['here $x\n']],
    ] as const) {
      const f = parse(src);
      const hdoc = f.Stmts[0].Redirs[0].Hdoc;
      expect(hdoc?.Parts.map((p) => (p.type === 'Lit' ? p.Value : p.type))).toEqual(body);
    }
    expect(() => parse('cat <<`a`\nx\n`a`')).toThrow('1:7: expansions not allowed in heredoc words');
  });

  it('`let x=( … )` keeps blanks inside the parentheses', () => {
    expect(strictError('let x=( 1 )')).toBe('1:7: `(` must be followed by an expression');
    const f = parse('let x=( 1 + 2 ) y+=( 3 )');
    const lc = f.Stmts[0].Cmd as { Exprs: { Op: string; Y: { type: string; Lparen: number; Rparen: number } }[] };
    expect(lc.Exprs.map((e) => [e.Op, e.Y.type, e.Y.Lparen, e.Y.Rparen])).toEqual([
      ['=', 'ParenArithm', 6, 14],
      ['+=', 'ParenArithm', 19, 23],
    ]);
    expect(() => parse('let x=1+( 2 )')).toThrow('1:9: `(` must be followed by an expression');
  });

  it('`[k]+=v` in an array literal sets ArrayElem.Append', () => {
    expect(strictError('a=([k]+=1)')).toBe('1:4: `[x]` must be followed by `=`');
    const arr = ((parse('a=([k]=1 [k]+=2 [j]+=)').Stmts[0].Cmd as CallExpr).Assigns[0].Array as ArrayExpr).Elems;
    expect(arr.map((e) => [e.Pos, e.End, e.Append ?? false, e.Value?.Parts.map((p) => (p.type === 'Lit' ? p.Value : ''))])).toEqual([
      [3, 8, false, ['1']],
      [9, 15, true, ['2']],
      [16, 21, true, undefined],
    ]);
  });

  it('`x$foo[5] = 42` in arithmetic: the subscript joins the word as written', () => {
    expect(strictError('echo $(( x$foo[5] = 42 ))')).toBe('1:15: `[` must follow a name like a[i]');
    expect(strictError('echo $(( x$foo = 1 ))')).toBe('1:16: `=` must follow a name');
    const ae = (parse('echo $(( x$foo[i+1] += 2 ))').Stmts[0].Cmd as CallExpr).Args[1].Parts[0] as { X: { Op: string; X: { Pos: number; End: number; Parts: { type: string; Value?: string }[] } } };
    expect(ae.X.Op).toBe('+=');
    expect([ae.X.X.Pos, ae.X.X.End, ae.X.X.Parts.map((p) => p.Value ?? p.type)]).toEqual([9, 19, ['x', 'ParamExp', '[i+1]']]);
    expect(parse('echo $(( x$foo[5]++ ))').Stmts.length).toBe(1);
    expect(strictError('echo $(( x$foo [5] ))')).toBe('1:16: `[` must follow a name like a[i]');
    expect(strictError('echo $(( 1 = 2 ))')).toBe('1:12: `=` must follow a name');
    // bash evaluates `xbar [5]` and `1 = 2` and fails then: kept as text (deferred.test.ts)
    for (const src of ['echo $(( x$foo [5] ))', 'echo $(( 1 = 2 ))']) {
      const x = ((parse(src).Stmts[0].Cmd as CallExpr).Args[1].Parts[0] as { X: { Unparsed?: true } }).X;
      expect(x.Unparsed).toBe(true);
    }
  });

  it('`$\\<newline>?` is `$?` (always: bash drops line continuations first)', () => {
    const pe = (parse('echo $\\\n?').Stmts[0].Cmd as CallExpr).Args[1].Parts[0] as ParamExp;
    expect([pe.type, pe.Short, pe.Param.Value, pe.Pos, pe.End]).toEqual(['ParamExp', true, '?', 5, 9]);
  });
});

describe('`${x///}`: a slash right after `//` with nothing more is the pattern (bash)', () => {
  const repl = (src: string) => ((parse(src).Stmts[0]!.Cmd as CallExpr).Args[1]!.Parts[0] as ParamExp).Repl!;
  it('keeps the consumed slash as an empty With, where `${x//}` has none', () => {
    expect(repl('echo ${x///}')).toMatchObject({ All: true, Orig: { Parts: [] }, With: { type: 'Word', Parts: [], Pos: 11, End: 11 } });
    expect(repl('echo ${x//}').With).toBeNull();
    expect(repl('echo ${x/a/}').With).toBeNull();
  });
});
