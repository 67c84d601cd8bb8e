// Differences from GNU sed 4.9 that a differential fuzzer found, pinned with GNU's own output
// (recorded from sed 4.9, LANG=C, in a directory holding FILES). Unlike sed-gnu.test.ts these do
// not need GNU sed installed to run.
import { describe, expect, it } from 'vitest';
import { sed } from './index.js';
import { runBuiltin } from '../internal/testing.js';

const FILES = {
  f1: 'a\nb\n',
  f2: 'c\nd\n',
  'b.txt': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n',
  'a.txt': 'apple 3 x\nbanana 10 y\ncherry 2 z\napple 3 x\n\ndate 1.5K w\nBanana 10 y\n',
  'cont.sed': '1a foo\\',
  'contnl.sed': '1a foo\\\n',
  'd/keep': '',
};

interface Case {
  args: string[];
  stdin?: string;
  env?: Record<string, string>;
  stdout: string;
  stderr: string;
  code: number;
}

const CASES: Case[] = [
  // 1. -s / -i start each file afresh: hold space and ranges
  {"args":["-s","x","f1","f2"],"stdout":"\na\n\nc\n","stderr":"","code":0},
  {"args":["-s","/b/,/zz/P","f1","f2"],"stdout":"a\nb\nb\nc\nd\n","stderr":"","code":0},
  {"args":["-s","H;$!d;x","f1","f2"],"stdout":"\na\nb\n\nc\nd\n","stderr":"","code":0},
  {"args":["-s","2,4p","f1","f2"],"stdout":"a\nb\nb\nc\nd\nd\n","stderr":"","code":0},
  {"args":["-s","0,/c/d","f1","f2","f1"],"stdout":"d\n","stderr":"","code":0},
  // 2. ranges: N,+0 / N,~0 fire once past a consumed start line; first~step and +0 as ends
  {"args":["-n","2N;2,+0p","b.txt"],"stdout":"two\nthree\n","stderr":"","code":0},
  {"args":["-n","2N;2,~0p","b.txt"],"stdout":"two\nthree\n","stderr":"","code":0},
  {"args":["2~1n;3~0,~0d","b.txt"],"stdout":"one\ntwo\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n","stderr":"","code":0},
  {"args":["-n","+0p","f1"],"stdout":"a\nb\n","stderr":"","code":0},
  {"args":["-n","2,1~3p","b.txt"],"stdout":"two\nthree\nfour\n","stderr":"","code":0},
  {"args":["-n","/t/,0~4p","b.txt"],"stdout":"two\nthree\nfour\neight\nten\neleven\ntwelve\n","stderr":"","code":0},
  {"args":["-n","3n;3,2p","b.txt"],"stdout":"","stderr":"","code":0},
  // 3. \n in a/i/c text is a newline
  {"args":["1i a\\nb","f1"],"stdout":"a\nb\na\nb\n","stderr":"","code":0},
  {"args":["1a x\\\ny\\nz\\tw","f1"],"stdout":"a\nx\ny\nz\tw\nb\n","stderr":"","code":0},
  {"args":["-z","1c a\\nb","f1"],"stdout":"a\nb\u0000","stderr":"","code":0},
  // 4. a/i/c text ending in \ continues into the next -e; a file's final newline ends it
  {"args":["-e","1a foo\\","-e","bar","f1"],"stdout":"a\nfoo\nbar\nb\n","stderr":"","code":0},
  {"args":["-e","1a foo\\","-e","bar\\","-e","2p","f1"],"stdout":"a\nfoo\nbar\n2p\nb\n","stderr":"","code":0},
  {"args":["-e","1a foo\\tbar\\","f1"],"stdout":"a\nfoo\\tbar\nb\n","stderr":"","code":0},
  {"args":["-e","1{a foo\\","-e","}","f1"],"stdout":"","stderr":"sed: -e expression #1, char 0: unmatched `{'\n","code":1},
  {"args":["-f","cont.sed","-e","bar","f1"],"stdout":"a\nfoo\nbar\nb\n","stderr":"","code":0},
  {"args":["-f","contnl.sed","-e","=","f1"],"stdout":"1\na\nfoo\n\n2\nb\n","stderr":"","code":0},
  {"args":["-z","-e","1i\\","f1"],"stdout":"a\nb\n","stderr":"","code":0},
  // 5. a bracket expression in an s or address regex may hold the delimiter
  {"args":["s/[/]/X/","f1"],"stdout":"a\nb\n","stderr":"","code":0},
  {"args":["s/[/]/X/"],"stdin":"a/b\n","stdout":"aXb\n","stderr":"","code":0},
  {"args":["s/[/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 6: unterminated `s' command\n","code":1},
  {"args":["s/[[:punct:]/]/X/g"],"stdin":"a:b/\n","stdout":"aXbX\n","stderr":"","code":0},
  {"args":["/[/]/d"],"stdin":"a/b\nc\n","stdout":"c\n","stderr":"","code":0},
  // 6. l wraps at width 1 too, and -z ends wrapped lines with NUL
  {"args":["-n","l 1","f1"],"stdout":"\\\na$\n\\\nb$\n","stderr":"","code":0},
  {"args":["-n","-l","1","l","f1"],"stdout":"\\\na$\n\\\nb$\n","stderr":"","code":0},
  {"args":["-n","l 3"],"stdin":"abcdef\tg\u0001h\n","stdout":"ab\\\ncd\\\nef\\\n\\t\\\ng\\\n\\001\\\nh$\n","stderr":"","code":0},
  {"args":["-z","l 3","f1"],"stdout":"a\\\u0000\\n\\\u0000b\\\u0000\\n$\u0000a\nb\n","stderr":"","code":0},
  {"args":["-n","-l","4294967297","l"],"stdin":"abc\n","stdout":"\\\na\\\nb\\\nc$\n","stderr":"","code":0},
  // 7. --posix turns GNU extensions off; a lone ERE ) is an error, literal under POSIXLY_CORRECT until `v`
  {"args":["--posix","s/a\\+/X/","a.txt"],"stdout":"apple 3 x\nbanana 10 y\ncherry 2 z\napple 3 x\n\ndate 1.5K w\nBanana 10 y\n","stderr":"","code":0},
  {"args":["--posix","s/p\\+/X/;s/\\w/W/;s/n\\|a/|/"],"stdin":"ap+ple wn|a\n","stdout":"aXple W|\n","stderr":"","code":0},
  {"args":["--posix","-E","s/p+/X/;s/\\</</"],"stdin":"ap+ple\n","stdout":"aX+ple\n","stderr":"","code":0},
  {"args":["--posix","s/a/\\U&/"],"stdin":"a\n","stdout":"Ua\n","stderr":"","code":0},
  {"args":["--posix","F","f1"],"stdout":"","stderr":"sed: -e expression #1, char 1: unknown command: `F'\n","code":1},
  {"args":["--posix","1,2=","f1"],"stdout":"","stderr":"sed: -e expression #1, char 4: command only uses one address\n","code":1},
  {"args":["--posix","l 3","f1"],"stdout":"","stderr":"sed: -e expression #1, char 3: extra characters after command\n","code":1},
  {"args":["--posix","-E","s/)/X/"],"stdin":"a)\n","stdout":"aX\n","stderr":"","code":0},
  {"args":["-E","s/)/X/"],"stdin":"a)\n","stdout":"","stderr":"sed: -e expression #1, char 6: Unmatched ) or \\)\n","code":1},
  {"args":["-E","s/)/X/"],"stdin":"a)\n","env":{"POSIXLY_CORRECT":"1"},"stdout":"aX\n","stderr":"","code":0},
  {"args":["-E","v;s/)/X/"],"stdin":"a)\n","env":{"POSIXLY_CORRECT":"1"},"stdout":"","stderr":"sed: -e expression #1, char 8: Unmatched ) or \\)\n","code":1},
  // 8. glibc regcomp's errors (lib/regex alone reads grep's more lenient dialect)
  {"args":["-E","s/*/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 6: Invalid preceding regular expression\n","code":1},
  {"args":["-E","s/a|*b/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 9: Invalid preceding regular expression\n","code":1},
  {"args":["-E","s/^*/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 7: Invalid preceding regular expression\n","code":1},
  {"args":["-E","s/a{1/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 8: Unmatched \\{\n","code":1},
  {"args":["-E","s/a{x}/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 9: Invalid content of \\{\\}\n","code":1},
  {"args":["s/\\{1\\}/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 10: Invalid preceding regular expression\n","code":1},
  {"args":["s/a**/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 8: Invalid preceding regular expression\n","code":1},
  {"args":["s/a\\{1\\}\\{2\\}/x/","f1"],"stdout":"","stderr":"sed: -e expression #1, char 16: Invalid preceding regular expression\n","code":1},
  {"args":["s/*/x/"],"stdin":"a*\n","stdout":"ax\n","stderr":"","code":0},
  {"args":["-E","s/a{,2}b/x/"],"stdin":"aab\n","stdout":"x\n","stderr":"","code":0},
  {"args":["s/a\\b*/<&>/g;s/^\\?/?/"],"stdin":"ab a*\n","stdout":"ab <a*>\n","stderr":"","code":0},
  // 9. option values: 64-bit wrapping counts, int arguments, v VERSION, -f DIR; the removed L; output before a run-time error
  {"args":["s/./X/18446744073709551616","f1"],"stdout":"","stderr":"sed: -e expression #1, char 26: number option to `s' command may not be zero\n","code":1},
  {"args":["s/./X/18446744073709551618","f1"],"stdout":"a\nb\n","stderr":"","code":0},
  {"args":["-n","18446744073709551617p","f1"],"stdout":"a\n","stderr":"","code":0},
  {"args":["1q 4294967297","f1"],"stdout":"a\n","stderr":"","code":1},
  {"args":["1q 4294967295","f1"],"stdout":"a\n","stderr":"","code":0},
  {"args":["v 9.0","f1"],"stdout":"","stderr":"sed: -e expression #1, char 5: expected newer version of sed\n","code":1},
  {"args":["v 4.10","f1"],"stdout":"","stderr":"sed: -e expression #1, char 6: expected newer version of sed\n","code":1},
  {"args":["v 4.8","f1"],"stdout":"a\nb\n","stderr":"","code":0},
  {"args":["-f","d","p","f1"],"stdout":"a\nb\n","stderr":"sed: can't read p: No such file or directory\n","code":2},
  {"args":["-f","d","-e","p","f1"],"stdout":"a\na\nb\nb\n","stderr":"","code":0},
  {"args":["2L","f1"],"stdout":"a\n","stderr":"sed: INTERNAL ERROR: Bad cmd L\n","code":4},
  {"args":["2s//x/"],"stdin":"a\nb\n","stdout":"a\n","stderr":"sed: -e expression #1, char 0: no previous regular expression\n","code":1},
];

describe('sed: fuzzer findings, as GNU sed 4.9 prints them', () => {
  for (const c of CASES) {
    const env = c.env === undefined ? '' : `${Object.keys(c.env).join(' ')} `;
    it(`${env}sed ${JSON.stringify(c.args)}`, async () => {
      const stdin = c.stdin === undefined ? undefined : Buffer.from(c.stdin, 'latin1');
      const r = await runBuiltin(sed, c.args, { files: FILES, stdin, env: c.env });
      const stdout = Buffer.from(r.stdoutBytes).toString('latin1');
      expect({ stdout, stderr: r.stderr, code: r.code }).toEqual({ stdout: c.stdout, stderr: c.stderr, code: c.code });
    });
  }
});
