// bash's words for syntax errors: each script, as a file bash 5.2 runs (LANG=C), with what bash
// printed after its `NAME: ` prefix and its exit status (recorded from /bin/bash, not written by hand).

import { describe, expect, it } from 'vitest';
import { parse, ParseError } from './index.js';

const CASES: [script: string, stderr: string, status: number][] = [
  ["echo )\n", "line 1: syntax error near unexpected token `)'\nline 1: `echo )'", 2],
  ["echo a | | echo b\n", "line 1: syntax error near unexpected token `|'\nline 1: `echo a | | echo b'", 2],
  ["| echo\n", "line 1: syntax error near unexpected token `|'\nline 1: `| echo'", 2],
  ["echo >\n", "line 1: syntax error near unexpected token `newline'\nline 1: `echo >'", 2],
  ["echo >\necho b\n", "line 1: syntax error near unexpected token `newline'\nline 1: `echo >'", 2],
  ["echo > ;\n", "line 1: syntax error near unexpected token `;'\nline 1: `echo > ;'", 2],
  ["echo a &&\n", "line 2: syntax error: unexpected end of file", 2],
  ["echo a &&\n\n", "line 3: syntax error: unexpected end of file", 2],
  ["echo a ||\n\n\n", "line 4: syntax error: unexpected end of file", 2],
  ["echo a |\n", "line 2: syntax error: unexpected end of file", 2],
  ["for x y; do echo; done\n", "line 1: syntax error near unexpected token `y'\nline 1: `for x y; do echo; done'", 2],
  ["for x in a b\necho\n", "line 2: syntax error near unexpected token `echo'\nline 2: `echo'", 2],
  ["for ; do\n", "line 1: syntax error near unexpected token `;'\nline 1: `for ; do'", 2],
  ["f() }\n", "line 1: syntax error near unexpected token `}'\nline 1: `f() }'", 2],
  ["f()\n", "line 2: syntax error: unexpected end of file", 2],
  ["f() \n\n", "line 3: syntax error: unexpected end of file", 2],
  ["if true; then fi\n", "line 1: syntax error near unexpected token `fi'\nline 1: `if true; then fi'", 2],
  ["if then fi\n", "line 1: syntax error near unexpected token `then'\nline 1: `if then fi'", 2],
  ["if true; then echo; fi fi\n", "line 1: syntax error near unexpected token `fi'\nline 1: `if true; then echo; fi fi'", 2],
  ["if true\nthen\necho\n\n", "line 5: syntax error: unexpected end of file", 2],
  ["{ }\n", "line 1: syntax error near unexpected token `}'\nline 1: `{ }'", 2],
  ["{ echo\n", "line 2: syntax error: unexpected end of file", 2],
  ["( echo\n", "line 2: syntax error: unexpected end of file", 2],
  ["( )\n", "line 1: syntax error near unexpected token `)'\nline 1: `( )'", 2],
  ["()\n", "line 1: syntax error near unexpected token `)'\nline 1: `()'", 2],
  ["echo ;;\n", "line 1: syntax error near unexpected token `;;'\nline 1: `echo ;;'", 2],
  ["case x in a) echo;; esac esac\n", "line 1: syntax error near unexpected token `esac'\nline 1: `case x in a) echo;; esac esac'", 2],
  ["case x in\na) echo ;;\n\n", "line 4: syntax error: unexpected end of file", 2],
  ["case x\nin a) ;;\n", "line 3: syntax error: unexpected end of file", 2],
  ["case x in a echo;; esac\n", "line 1: syntax error near unexpected token `echo'\nline 1: `case x in a echo;; esac'", 2],
  ["case\n", "line 1: syntax error near unexpected token `newline'\nline 1: `case'", 2],
  ["case x\n", "line 2: syntax error: unexpected end of file", 2],
  ["case x y\n", "line 1: syntax error near unexpected token `y'\nline 1: `case x y'", 2],
  ["while true; do echo\n", "line 2: syntax error: unexpected end of file", 2],
  ["while true; echo; done\n", "line 1: syntax error near unexpected token `done'\nline 1: `while true; echo; done'", 2],
  ["until false; do\n", "line 2: syntax error: unexpected end of file", 2],
  ["do echo\n", "line 1: syntax error near unexpected token `do'\nline 1: `do echo'", 2],
  ["done\n", "line 1: syntax error near unexpected token `done'\nline 1: `done'", 2],
  ["then\n", "line 1: syntax error near unexpected token `then'\nline 1: `then'", 2],
  ["fi\n", "line 1: syntax error near unexpected token `fi'\nline 1: `fi'", 2],
  ["}\n", "line 1: syntax error near unexpected token `}'\nline 1: `}'", 2],
  [")\n", "line 1: syntax error near unexpected token `)'\nline 1: `)'", 2],
  [";;\n", "line 1: syntax error near unexpected token `;;'\nline 1: `;;'", 2],
  [";\n", "line 1: syntax error near unexpected token `;'\nline 1: `;'", 2],
  ["echo a ;; echo\n", "line 1: syntax error near unexpected token `;;'\nline 1: `echo a ;; echo'", 2],
  ["echo a; ;\n", "line 1: syntax error near unexpected token `;'\nline 1: `echo a; ;'", 2],
  ["echo a & ;\n", "line 1: syntax error near unexpected token `;'\nline 1: `echo a & ;'", 2],
  ["echo <(\n", "line 2: unexpected EOF while looking for matching `)'", 2],
  ["x=( a b ) c=(\n", "line 1: unexpected EOF while looking for matching `)'", 1],
  ["function\n", "line 1: syntax error near unexpected token `newline'\nline 1: `function'", 2],
  ["function f\n", "line 2: syntax error: unexpected end of file", 2],
  ["function f g\n", "line 1: syntax error near unexpected token `g'\nline 1: `function f g'", 2],
  ["echo a b >& \n", "line 1: syntax error near unexpected token `newline'\nline 1: `echo a b >& '", 2],
  ["echo 2>\n", "line 1: syntax error near unexpected token `newline'\nline 1: `echo 2>'", 2],
  ["cat <<\n", "line 1: syntax error near unexpected token `newline'\nline 1: `cat <<'", 2],
  ["cat < >\n", "line 1: syntax error near unexpected token `>'\nline 1: `cat < >'", 2],
  ["echo $(\n", "line 2: unexpected EOF while looking for matching `)'", 2],
  ["echo $( ) )\n", "line 1: syntax error near unexpected token `)'\nline 1: `echo $( ) )'", 2],
  ["echo `\n", "line 1: unexpected EOF while looking for matching ``'", 2],
  ["echo \"$(echo \")\"\n", "line 2: unexpected EOF while looking for matching `)'", 2],
  ["if true; then\n  echo a\n  )\nfi\n", "line 3: syntax error near unexpected token `)'\nline 3: `  )'", 2],
  ["while :; do\n  echo x\ndone done\n", "line 3: syntax error near unexpected token `done'\nline 3: `done done'", 2],
  ["echo a; if\n", "line 2: syntax error: unexpected end of file", 2],
  ["select\n", "line 1: syntax error near unexpected token `newline'\nline 1: `select'", 2],
  ["echo |&\n", "line 2: syntax error: unexpected end of file", 2],
  ["echo a && && echo b\n", "line 1: syntax error near unexpected token `&&'\nline 1: `echo a && && echo b'", 2],
  ["echo a || ; echo\n", "line 1: syntax error near unexpected token `;'\nline 1: `echo a || ; echo'", 2],
  ["{ echo; } }\n", "line 1: syntax error near unexpected token `}'\nline 1: `{ echo; } }'", 2],
  ["[[ a == ]]\n", "line 1: unexpected argument `]]' to conditional binary operator", 0],
  ["[[ a ]\n", "line 1: conditional binary operator expected", 0],
  ["[[ -f ]]\n", "line 1: unexpected argument `]]' to conditional unary operator", 0],
  ["[[ a b ]]\n", "line 1: conditional binary operator expected", 0],
  ["[[ ( a ]]\n", "line 1: unexpected token `]]', expected `)'", 0],
  ["[[ ]]\n", "", 0],
  ["[[ a -eq ]]\n", "line 1: unexpected argument `]]' to conditional binary operator", 0],
  ["[[ ! ]]\n", "", 0],
  ["[[ a\n", "line 1: unexpected token `newline', conditional binary operator expected", 2],
  ["[[ a == b c ]]\n", "line 1: syntax error in conditional expression", 0],
  ["[[ a ) ]]\n", "line 1: syntax error in conditional expression: unexpected token `)'", 0],
  ["[[ a == b ]] ]]\n", "line 1: syntax error near unexpected token `]]'\nline 1: `[[ a == b ]] ]]'", 2],
  ["]]\n", "line 1: syntax error near unexpected token `]]'\nline 1: `]]'", 2],
  ["x=(a\nb\n\n", "line 1: unexpected EOF while looking for matching `)'", 1],
  ["echo $((1+\n2\n\n", "line 1: unexpected EOF while looking for matching `)'", 2],
  ["echo ${a\n\nb\n", "line 1: unexpected EOF while looking for matching `}'", 2],
  ["echo `a\n\nb\n", "line 1: unexpected EOF while looking for matching ``'", 2],
  ["echo $[1\n\n\n", "line 1: unexpected EOF while looking for matching `]'", 2],
  ["echo <(a\n\nb\n", "line 4: unexpected EOF while looking for matching `)'", 2],
  ["echo \"a\n$(b\n\n", "line 4: unexpected EOF while looking for matching `)'", 2],
  ["[[ a\necho hi\n", "line 1: unexpected token `newline', conditional binary operator expected", 0],
  ["function () { :; }\n", "line 1: syntax error near unexpected token `('\nline 1: `function () { :; }'", 2],
  ["function { :; }\n", "line 1: syntax error near unexpected token `:'\nline 1: `function { :; }'", 2],
  ["f() {\n\n", "line 3: syntax error: unexpected end of file", 2],
  ["echo a |\n\n\n", "line 4: syntax error: unexpected end of file", 2],
  ["if true; then :; else\n\n", "line 3: syntax error: unexpected end of file", 2],
  ["if true; then :; elif\n\n", "line 3: syntax error: unexpected end of file", 2],
  ["case x in a) ;; b\n\n", "line 1: syntax error near unexpected token `newline'\nline 1: `case x in a) ;; b'", 2],
  ["case x in a\n\n", "line 1: syntax error near unexpected token `newline'\nline 1: `case x in a'", 2],
  ["[[ a ==\n\n", "line 1: unexpected argument `newline' to conditional binary operator", 0],
  ["[[ -f\n\n", "line 1: unexpected argument `newline' to conditional unary operator", 0],
  ["[[ a ==\necho x\n", "line 1: unexpected argument `newline' to conditional binary operator", 0],
  ["[[ ( a\n\n", "line 1: unexpected token `newline', conditional binary operator expected\nline 1: expected `)'", 0],
  ["[[ ( a b ) ]]\n", "line 1: conditional binary operator expected\nline 1: expected `)'", 0],
  ["[[ a && ]]\n", "", 0],
  ["[[ a || ; ]]\n", "line 1: unexpected token `;' in conditional command", 0],
  // a regex word reads each ( to its ) (bash's parse_matched_pair), a # starts a comment
  ["[[ x =~ ( ]]\n", "line 1: unexpected EOF while looking for matching `)'\nline 2: unexpected argument to conditional binary operator", 2],
  ["[[ x =~ a( && y ]]\necho b\n", "line 1: unexpected EOF while looking for matching `)'\nline 3: unexpected argument to conditional binary operator", 2],
  ["[[ x =~ (a)) ]]\n", "line 1: syntax error in conditional expression: unexpected token `)'", 0],
  ["[[ a == #c ]]\n", "line 1: unexpected argument `newline' to conditional binary operator", 2],
  ["[[ x =~ (\n", "line 1: unexpected EOF while looking for matching `)'\nline 2: unexpected argument to conditional binary operator", 2],
  ["[[ x =~ (a|b) ]]; [[ y =~ ( ]]\n", "line 1: unexpected EOF while looking for matching `)'\nline 2: unexpected argument to conditional binary operator", 2],
  ["[[ a ]] ]]\n", "line 1: syntax error near unexpected token `]]'\nline 1: `[[ a ]] ]]'", 2],
  ["[[ a =~ ]]\n", "line 1: unexpected argument `]]' to conditional binary operator", 0],
  ["[[ -f a b ]]\n", "line 1: syntax error in conditional expression", 0],
  ["[[ a < ]]\n", "line 1: unexpected argument `]]' to conditional binary operator", 0],
  ["[[ ! -f ]]\n", "line 1: unexpected argument `]]' to conditional unary operator", 0],
  ["if [[ a == ]]; then echo; fi\n", "line 1: unexpected argument `]]' to conditional binary operator", 0],
  ["[[ a == ( ]]\n", "line 1: unexpected argument `(' to conditional binary operator", 0],
];

function bashOf(script: string): [string, number] {
  try {
    parse(script, { heredocsToEOF: true });
  } catch (e) {
    if (e instanceof ParseError) return [e.bashMessage(), e.bash.status];
    throw e;
  }
  return ['(parsed)', 0];
}

describe("bash's syntax error messages", () => {
  it.each(CASES)('%j', (script, stderr, status) => {
    expect(bashOf(script)).toEqual([stderr, status]);
  });

  it('keeps mvdan/sh\'s message, position and incomplete flag', () => {
    const e = (() => { try { parse('if true; then echo x\n'); } catch (x) { return x as ParseError; } throw new Error('parsed'); })();
    expect(e.message).toBe('1:1: `if` statement must end with `fi`');
    expect(e.incomplete).toBe(true);
    expect(e.bashMessage()).toBe('line 2: syntax error: unexpected end of file');
  });

  it('adds the line an eval\'d text starts after, on every line', () => {
    const e = (() => { try { parse('[[ ( a b ) ]]'); } catch (x) { return x as ParseError; } throw new Error('parsed'); })();
    expect(e.bashMessage(4)).toBe("line 5: conditional binary operator expected\nline 5: expected `)'");
  });

  it('words rshell\'s own limits as before', () => {
    const e = (() => { try { parse('echo a b c', { maxBytes: 3 }); } catch (x) { return x as ParseError; } throw new Error('parsed'); })();
    expect(e.bashMessage()).toBe(e.message);
    expect(e.message).toMatch(/script too large/);
  });
});
