// The bashCompat pass's deferred errors (src/syntax/deferred.ts): what bash parses and reports only
// when it runs is kept as marked text. The first pass (bashCompat: false) still gives mvdan/sh's
// error, and the interpreter side is covered by tests/scenarios/shell/deferred_errors.

import { describe, expect, it } from 'vitest';
import {
  parse, type ArithmCmd, type ArithmExp, type Assign, type CallExpr, type CStyleLoop, type DeclClause, type ForClause,
  type ParamExp, type Word, type WordPart,
} from '../../src/syntax/index.js';

function strictError(src: string): string {
  try {
    parse(src, { bashCompat: false });
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

function error(src: string, opts = {}): string {
  try {
    parse(src, opts);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

/** The parts of a word as short strings: a Lit's text, else the part's type. */
function parts(w: Word | null): string[] {
  return (w?.Parts ?? []).map((p: WordPart) => (p.type === 'Lit' ? p.Value : p.type));
}

function firstArgPart(src: string, arg = 1): WordPart {
  return (parse(src).Stmts[0].Cmd as CallExpr).Args[arg].Parts[0];
}

describe('arithmetic that does not parse is kept as text', () => {
  it('$(( )): the X is an Unparsed word from the first non-blank character to `))`', () => {
    expect(strictError('echo $((5 +)) x')).toBe('1:11: `+` must be followed by an expression');
    const ar = firstArgPart('echo $((5 +)) x') as ArithmExp;
    expect([ar.Pos, ar.End, ar.Left, ar.Right]).toEqual([5, 13, 5, 11]);
    expect(ar.X).toEqual({ type: 'Word', Pos: 8, End: 11, Unparsed: true, Parts: [{ type: 'Lit', Pos: 8, End: 11, ValuePos: 8, ValueEnd: 11, Value: '5 +' }] });
    // the rest of the line is read as usual
    expect((parse('echo $((5 +)) x').Stmts[0].Cmd as CallExpr).Args.map(parts)).toEqual([['echo'], ['ArithmExp'], ['x']]);
  });

  it('keeps trailing blanks, drops leading ones, and parses the expansions in it', () => {
    const ar = firstArgPart('echo $((  1 ? $x ))') as ArithmExp;
    const x = ar.X as Word;
    expect([x.Pos, x.End, x.Unparsed]).toEqual([10, 17, true]);
    expect(parts(x)).toEqual(['1 ? ', 'ParamExp', ' ']);
    expect(parts((firstArgPart('echo $(( "a" + ${b} $(c) ))') as ArithmExp).X as Word)).toEqual(['DblQuoted', ' + ', 'ParamExp', ' ', 'CmdSubst', ' ']);
    expect(parts((firstArgPart('echo $(( 1 } + ))') as ArithmExp).X as Word)).toEqual(['1 ', '}', ' + ']);
  });

  it('empty: `$(( ))` and `(( ))` hold an Unparsed word with no parts at the closing `))`', () => {
    expect(strictError('(( ))')).toBe('1:1: `((` must be followed by an expression');
    const cmd = parse('(( ))').Stmts[0].Cmd as ArithmCmd;
    expect([cmd.type, cmd.Pos, cmd.End, cmd.Right]).toEqual(['ArithmCmd', 0, 5, 3]);
    expect(cmd.X).toEqual({ type: 'Word', Pos: 3, End: 3, Parts: [], Unparsed: true });
    expect((firstArgPart('echo $(( ))') as ArithmExp).X).toEqual({ type: 'Word', Pos: 9, End: 9, Parts: [], Unparsed: true });
  });

  it('`$[ ]`, `(( ))` and every part of `for (( ; ; ))`', () => {
    const br = firstArgPart('echo $[1 +] y') as ArithmExp;
    expect([br.Bracket, br.End, parts(br.X as Word)]).toEqual([true, 11, ['1 +']]);
    expect(parts((parse('(( 1 +* 2 )); echo').Stmts[0].Cmd as ArithmCmd).X as Word)).toEqual(['1 +* 2 ']);
    const loop = (parse('for ((i=0; i<2 +; i++)); do :; done').Stmts[0].Cmd as ForClause).Loop as CStyleLoop;
    expect([loop.type, loop.Rparen, loop.End]).toEqual(['CStyleLoop', 21, 23]);
    expect([loop.Init, loop.Cond, loop.Post].map((w) => [(w as Word).Unparsed, parts(w as Word)])).toEqual([
      [true, ['i=0']], [true, ['i<2 +']], [true, ['i++']],
    ]);
    const empty = (parse('for ((;;1 +)); do break; done').Stmts[0].Cmd as ForClause).Loop as CStyleLoop;
    expect([empty.Init, empty.Cond, parts(empty.Post as Word)]).toEqual([null, null, ['1 +']]);
  });

  it('valid arithmetic keeps its tree; what bash rejects too keeps mvdan/sh error', () => {
    expect((firstArgPart('echo $((1 + 2))') as ArithmExp).X?.type).toBe('BinaryArithm');
    for (const src of ['echo $((1 +', 'echo $((1 + $(echo )) ))', 'echo $(( 1 + `x ))', 'for ((i=0; i<3 +)); do :; done']) {
      expect(error(src)).toBe(strictError(src));
    }
  });
});

describe('subscripts that are not arithmetic', () => {
  it('an assignment keeps `m[a.b-c]` and `a[x y]` as Unparsed text', () => {
    expect(strictError('m[a.b-c]=d')).toBe('1:4: floating point arithmetic is a zsh feature; tried parsing as bash');
    const a = (parse('m[a.b-c]=d').Stmts[0].Cmd as CallExpr).Assigns[0] as Assign;
    expect([a.Name?.Value, a.Index, parts(a.Value)]).toEqual([
      'm', { type: 'Word', Pos: 2, End: 7, Unparsed: true, Parts: [{ type: 'Lit', Pos: 2, End: 7, ValuePos: 2, ValueEnd: 7, Value: 'a.b-c' }] }, ['d'],
    ]);
    const b = (parse('a[x y]=1 b[$k z]=2').Stmts[0].Cmd as CallExpr).Assigns;
    expect(b.map((x) => parts(x.Index as Word))).toEqual([['x y'], ['ParamExp', ' z']]);
  });

  it('an expansion `${m[two words]}` keeps its parse with an Unparsed index', () => {
    const pe = (firstArgPart('echo "${m[two words]}"') as { Parts: ParamExp[] }).Parts[0];
    expect([pe.Param.Value, pe.Invalid, parts(pe.Index as Word), (pe.Index as Word).Unparsed]).toEqual(['m', undefined, ['two words'], true]);
  });

  it('`a[]`: an empty Unparsed index; `${a[]}` is also a bad substitution', () => {
    const a = (parse('m[]=x').Stmts[0].Cmd as CallExpr).Assigns[0];
    expect(a.Index).toEqual({ type: 'Word', Pos: 2, End: 2, Parts: [], Unparsed: true });
    const pe = firstArgPart('echo ${a[]}') as ParamExp;
    expect([pe.Param.Value, pe.Invalid, pe.End]).toEqual(['a', '${a[]}', 11]);
    expect((firstArgPart('echo ${#x[]}') as ParamExp).Invalid).toBe('${#x[]}');
  });
});

describe('bad substitutions', () => {
  it('a `${…}` mvdan/sh rejects becomes an Invalid ParamExp spanning to its `}`', () => {
    expect(strictError('echo "${x!}" b')).toBe('1:10: not a valid parameter expansion operator: `!`');
    for (const [src, text] of [['echo "${x!}" b', '${x!}'], ['echo ${%}', '${%}'], ['echo ${x:}', '${x:}'], ['echo ${@x}', '${@x}']]) {
      const p = firstArgPart(src);
      const pe = (p.type === 'DblQuoted' ? p.Parts[0] : p) as ParamExp;
      expect([pe.Invalid, pe.Pos, pe.End, pe.Rbrace, pe.Param.Value]).toEqual([text, src.indexOf('$'), src.indexOf('$') + text.length, src.indexOf('$') + text.length - 1, '']);
    }
    expect((parse('echo "${x!}" b').Stmts[0].Cmd as CallExpr).Args.map(parts)).toEqual([['echo'], ['DblQuoted'], ['b']]);
    // nested: only the inner one is bad (bash expands it only if the outer one needs its word)
    const outer = firstArgPart('echo ${x:-${y!}}') as ParamExp;
    const inner = outer.Exp?.Word?.Parts[0] as ParamExp | undefined;
    expect([outer.Invalid, inner?.Invalid]).toEqual([undefined, '${y!}']);
  });

  it('an unclosed one stays an error', () => {
    expect(error('echo ${x!')).toBe(strictError('echo ${x!'));
  });
});

describe('other constructs bash leaves to the builtins', () => {
  it('declare & co: an invalid name is an ordinary argument word', () => {
    expect(strictError('declare a=1 2b=2 c=3')).toBe('1:13: invalid var name');
    const d = parse('declare a=1 2b=2 c=3').Stmts[0].Cmd as DeclClause;
    expect(d.Args.map((a) => [a.Naked, a.Name?.Value ?? null, parts(a.Value)])).toEqual([
      [false, 'a', ['1']], [true, null, ['2b=2']], [false, 'c', ['3']],
    ]);
    expect((parse('local 1x=2').Stmts[0].Cmd as DeclClause).Args[0].Value?.Parts).toHaveLength(1);
  });

  it('`let` whose arguments are not expressions is a call of the `let` builtin', () => {
    expect(strictError('let v = 3')).toBe('1:7: statements must be separated by &, ; or a newline');
    expect(strictError('let')).toBe('1:1: `let` must be followed by an expression');
    expect((parse('let v = 3').Stmts[0].Cmd as CallExpr).Args.map(parts)).toEqual([['let'], ['v'], ['='], ['3']]);
    expect((parse('let').Stmts[0].Cmd as CallExpr).Args.map(parts)).toEqual([['let']]);
    expect(parse('let x=1 y+=2').Stmts[0].Cmd?.type).toBe('LetClause');
    // bash reads `+(` as an extended glob only with extglob on, too late for the script's parse
    expect(error('let x=1+( 2 )')).toBe('1:9: `(` must be followed by an expression');
  });

  it('`! !`: each `!` inverts again', () => {
    expect(strictError('! ! true')).toBe('1:1: cannot negate a command multiple times');
    expect(parse('! ! true').Stmts[0].Negated).toBe(false);
    expect(parse('! ! ! true').Stmts[0].Negated).toBe(true);
    const pipe = parse('! ! false | true').Stmts[0];
    expect([pipe.Negated, pipe.Cmd?.type]).toEqual([false, 'BinaryCmd']);
    expect(error('! !')).toBe(strictError('! !'));
  });
});

describe('here-documents that reach the end of the script (heredocsToEOF)', () => {
  it('off (the default, for a prompt): unclosed and incomplete, as mvdan/sh', () => {
    expect(error('cat <<EOF\nbody\n')).toBe('1:5: unclosed here-document `EOF`');
  });

  it('on: the body runs to the end and the Redirect carries bash\'s warning', () => {
    const opts = { heredocsToEOF: true };
    const r = parse('echo a\ncat <<EOF\nbody $x\n', opts).Stmts[1].Redirs[0];
    expect([parts(r.Hdoc), r.Warning]).toEqual([['body ', 'ParamExp', '\n'], "warning: here-document at line 2 delimited by end-of-file (wanted `EOF')"]);
    const q = parse("cat <<'EOF'\nx $y\nEO", opts).Stmts[0].Redirs[0];
    expect([parts(q.Hdoc), q.Warning]).toEqual([['x $y\nEO'], "warning: here-document at line 1 delimited by end-of-file (wanted `EOF')"]);
    const none = parse('cat <<EOF', opts).Stmts[0].Redirs[0];
    expect([none.Hdoc, none.Warning !== undefined]).toEqual([null, true]);
    // a closed here-doc has no warning
    expect(parse('cat <<EOF\nx\nEOF\n', opts).Stmts[0].Redirs[0].Warning).toBe(undefined);
  });
});

describe('`else` where no `if` is open', () => {
  it('mvdan/sh reads a command named `else`; parse() refuses it with bash\'s two lines', () => {
    expect(strictError('else echo x')).toBe('accepted');
    expect(error('else echo x')).toBe("1:1: syntax error near unexpected token `else'\n`else echo x'");
    expect(error('echo a\nif true; then :; fi; else b')).toBe("2:22: syntax error near unexpected token `else'\n`if true; then :; fi; else b'");
    for (const src of ['{ else; }', 'echo a && else', 'f() else', '! else', 'while else; do :; done']) {
      expect(error(src)).toMatch(/syntax error near unexpected token `else'/);
    }
  });

  it('`else` in its place, as an argument or an assignment name is fine', () => {
    for (const src of ['if a; then b; else c; fi', 'echo else', 'else=1 echo hi', 'for else in a; do :; done']) {
      expect(error(src)).toBe('accepted');
    }
  });

  it('a script mvdan/sh rejects keeps mvdan/sh error even with a misplaced `else` in it', () => {
    expect(error('until a; do else; donedone')).toBe(strictError('until a; do else; donedone'));
  });
});

describe('cost of the retries', () => {
  it('stays bounded on nested failing constructs (each level would re-read the inner ones)', () => {
    // 2^60 re-reads without the bound: the pass gives up and mvdan/sh's error stands
    const src = 'echo ' + '$(( $(echo '.repeat(60) + '1 +' + ') +))'.repeat(60);
    expect(error(src)).toBe(strictError(src));
    // many independent ones are all kept (each is read again once)
    const many = 'echo $((1 +))\n'.repeat(20000);
    expect(parse(many).Stmts).toHaveLength(20000);
  });
});
