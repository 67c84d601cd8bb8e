// Differential tests: the same program and input through gawk 5.2.1 and our awk, byte for byte
// (stdout, stderr, status). Both run under the name gawk, so the diagnostics carry the same
// prefix. Skipped where gawk is not installed. Commands (system, pipes) are covered by the
// scenarios, which run through the whole interpreter.
import { spawnSync } from 'node:child_process';
import { describe, it } from 'vitest';
import { awk } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const HAVE_GAWK = spawnSync('gawk', ['--version']).status === 0;

const FILES = {
  'data.txt': 'alpha 1 x\nbeta 2 y\ngamma 3 z\n\ndelta 10 w\n',
  'colon.txt': 'a:b:c\nd::f\n',
  'prog.awk': 'BEGIN { n = 0 }\n{ n += $2 }\nEND { print "sum", n }\n',
  'bad.awk': 'BEGIN {\n  print 1\n  x = 1 +* 2\n}\n',
  'para.txt': '\n\na b\nc\n\n\nd e\nf\n\n',
};

const T = 'one two three\nfour five\n\nsix\n';

// [args, stdin?]
const CASES: [string[], string?][] = [
  // fields and records
  [['{ print $2, NF }'], T], [['{ print $NF; print $(NF-1) }'], 'a b c\n'], [['{ $5 = "E"; print; print NF }'], T],
  [['{ NF = 2; print }'], T], [['{ $1 = $1; print }', 'OFS=-'], T], [['-F:', '{ print $2 "|" NF }', 'colon.txt']],
  [['-F', '[0-9]', '{ print $1 }', 'data.txt']], [['-F', '', '{ print $2 }'], 'abc\n'], [['BEGIN { FS = "," } { print $2 }'], 'a,b\n'],
  [['-F', 't', '{ print $1 }'], 'atb\n'], [['-F', '\\t', '{ print $2 }'], 'a\tb\n'], [['{ print; $0 = "x y"; print $2 }'], T],
  [['BEGIN { RS = "" } { print NR ": " $1 "/" NF }', 'para.txt']], [['BEGIN { RS = "[0-9]" } { print $0 "|" RT }'], 'a1b22c'],
  [['BEGIN { RS = ";" } { print NR ":" $0 }'], 'a;b;c\n'], [['END { print $0, NF, NR }'], T], [['BEGIN { FIELDWIDTHS = "2 3" } { print $1 "|" $2 }'], 'abcdefg\n'],
  [['BEGIN { FPAT = "[0-9]+" } { print NF, $2 }'], 'a12b345c6\n'], [['{ print length() }'], 'héllo\n'], [['{ print }'], 'no newline'],
  [['{ print $1 }'], 'a\r\nb\r\n'], [['{ print ($1 == 0), ($3 == 0), ($1 < 1) }'], '\n'],
  // expressions
  [['BEGIN { print 1 " " -1; x = 3; print x -1, x " " -x }']], [['BEGIN { print -2^2, 2^3^2, 2**3, !0, !"", !"a" }']],
  [['BEGIN { a = 1; a += a++ + ++a; print a }']], [['BEGIN { print 10 % 3 * 2, 7 / 2, int(-3.7), -7 % 3 }']],
  [['BEGIN { x = "10"; y = 9; print (x < y), ("10" < "9"), (x + 0 < y) }']], [['{ print ($1 < $2) }'], '10 9\nabc abd\n'],
  [['BEGIN { print 1e6, 1e16, 0.1, 100/3, 2^53, 123456789012 }']], [['BEGIN { CONVFMT = "%.2g"; a = 3.14159; b = a ""; print b; OFMT = "%.3f"; print a }']],
  [['BEGIN { print (1,2) in a; a[1,2]; print ((1,2) in a); x = "a"; print x ~ "a" == 1, 1 in a == 0 }']],
  [['BEGIN { print 1==1 ? "y" : "n"; print 0 ? "a" : 1 ? "b" : "c" }']], [['BEGIN { print length "x"; print length }']],
  [['BEGIN { $0 = "3 4"; i = 1; print $i++; print i; print $i^2 }']], [['BEGIN { x; print x == 0, x == "", length(x), typeof(x), typeof(y) }']],
  [['BEGIN { print 0x10, 011, "a\\tb\\101" }']], [['BEGIN { print -"3" "4", 1 - -1 }']],
  // statements
  [['BEGIN { while (i < 5) { i++; if (i == 2) continue; if (i == 4) break; print i } }']], [['BEGIN { do print "once"; while (0) }']],
  [['BEGIN { for (i = 0; i < 3; i++) print i; exit 3 } END { print "end" }']], [['END { exit 4 } END { print "no" }'], ''],
  [['BEGIN { if (1) print "a"; else print "b" }']], [['BEGIN { if (0)\nprint "a"\nelse\nprint "b" }']],
  [['NR == 2, NR == 3 { print NR ": " $0 }'], T], [['/two/,/five/'], T], [['!seen[$1]++'], 'a\nb\na\n'], [['NF'], T],
  [['{ getline; print "got:" $0 }'], T], [['BEGIN { while ((getline line) > 0) n++; print n, NR }'], T],
  [['BEGIN { while ((getline l < "colon.txt") > 0) print "r", l; print (getline l < "nonexist") }']],
  [['FNR == 2 { nextfile } { print FILENAME, $1 }', 'data.txt', 'colon.txt']],
  [['BEGINFILE { print "start", FILENAME } ENDFILE { print "end", FNR } { next }', 'data.txt', 'colon.txt']],
  [['{ print v, $1 }', 'v=1', 'colon.txt', 'v=2', 'colon.txt']], [['BEGIN { ARGV[1] = "colon.txt"; ARGC = 2 } { n++ } END { print n }']],
  [['-f', 'prog.awk', 'data.txt']], [['-e', 'BEGIN { print "e1" }', '-e', 'BEGIN { print "e2" }']], [['-v', 'x=a\\tb', 'BEGIN { print x, typeof(x) }']],
  [['-v', 'n=5', 'BEGIN { print n + 1, typeof(n) }']], [['--', 'BEGIN { print "dd" }']],
  // arrays and functions
  [['BEGIN { a["x"] = 1; delete a["x"]; print length(a); a[1]; delete a; print length(a) }']],
  [['function f(n) { return n <= 1 ? 1 : n * f(n - 1) } BEGIN { print f(10) }']],
  [['function g(a) { a["k"] = 5 } BEGIN { g(arr); print arr["k"] }']], [['function f(x) { x = 5 } BEGIN { y = 1; f(y); print y }']],
  [['function f(a, b) { b = a * 2; return b } BEGIN { print f(3), b }']], [['function f(a) { return a } BEGIN { f(1, 2) }']],
  [['BEGIN { PROCINFO["sorted_in"] = "@ind_str_asc"; a["x"]; a["z"]; a["y"]; for (k in a) print k }']],
  // builtins
  [['BEGIN { print substr("hello", 0, 2), substr("hello", -1, 3), substr("hello", 2), substr("hello", 1.5, 2), substr("hello", 2, 100) }']],
  [['BEGIN { print index("foobar", "bar"), length(12345), toupper("abc") tolower("XyZ") }']],
  [['BEGIN { s = "hello world"; print gsub(/o/, "0", s), s; print sub(/l+/, "[&]", s), s; t = "aaa"; print gsub(/x*/, "-", t), t }']],
  [['BEGIN { s = "hello"; sub(/l/, "\\\\&", s); print s }']], [['{ sub(/o/, "0"); gsub(/e/, "E"); print }'], T],
  [['BEGIN { print match("foobar", /o+/), RSTART, RLENGTH; print match("x", /z/), RSTART, RLENGTH }']],
  [['BEGIN { if (match("foo=bar", /(.+)=(.+)/, m)) print m[1], m[2], m[0], m[1, "start"], m[2, "length"] }']],
  [['BEGIN { n = split("a,b,,c", p, ","); print n, p[1], p[3], p[4]; n = split("  a  b  ", q); print n, q[1] }']],
  [['BEGIN { n = split("a1b22c", p, /[0-9]+/, s); print n, p[3], s[1], s[2]; print split("abc", c, ""), c[2] }']],
  [['BEGIN { print gensub(/(a)(b)/, "<\\\\2\\\\1>", "g", "abab"), gensub(/b/, "B", 2, "abab") }']],
  [['BEGIN { a[1] = "c"; a[2] = "a"; a[3] = "b"; n = asort(a); for (i = 1; i <= n; i++) printf "%s ", a[i]; print "" }']],
  [['BEGIN { print strtonum("0x1F"), and(12, 10), or(12, 10), xor(12, 10), lshift(1, 4) }']],
  [['BEGIN { printf "%5s|%-5s|%05d|%x|%o|%e|%g\\n", "ab", "cd", 42, 255, 8, 1234.5, 0.0001 }']],
  [['BEGIN { printf "%d%%\\n", 50; printf("%s-%s\\n", "a", "b") }']], [['BEGIN { IGNORECASE = 1; print ("ABC" ~ /b/), index("ABC", "b"), ("A" == "a") }']],
  [['BEGIN { print typeof(1), typeof("a"), typeof(a[1]); split("1 a", q); print typeof(q[1]), typeof(q[2]) }']],
  [['BEGIN { print "x" > "/dev/stderr"; print "y" > "/dev/stdout" }']],
  // regexes
  [['/[[:digit:]]+/ { print "num", $0 }'], 'a\n12\n'], [['$0 ~ "a.c"'], 'abc\na.c\nxyz\n'], [['/a\\/b/'], 'a/b\nab\n'],
  [['BEGIN { print ("ba" ~ /\\Ba/), ("a rat" ~ /\\yrat\\y/), ("a word" ~ /\\<word/), ("b" ~ /^[\\y]$/) }']],
  [['BEGIN { print ("a]" ~ /a[\\]]/), ("a\\\\" ~ /a[\\\\]/), ("aa" ~ /^a{2}$/), ("a{" ~ /a{/) }']],
  // errors
  [['BEGIN { x = }']], [['BEGIN {']], [['{ print $1 ']], [['BEGIN { foo( }']], [['BEGIN { print 1 < 2 < 3 }']], [['/[/']],
  [['BEGIN { print "abc }']], [['-f', 'bad.awk']], [['-f', 'nonexist.awk']], [['BEGIN { next }']], [['BEGIN { break }']],
  [['BEGIN { return 1 }']], [['BEGIN { print 1 / 0 }']], [['BEGIN { x = 0; print 1 / x }']], [['BEGIN { x = "a"; x[1] = 2 }']],
  [['BEGIN { a[1] = 1; a = 2 }']], [['BEGIN { if ("a" ~ "[") print 1 }']], [['{ print }', 'nonexist']], [['BEGIN { f() }']],
  [['BEGIN { if (1) { print "yes" }; else print "no" }']], [['function f() { next } BEGIN { f() }']], [['-v', 'length=1', 'BEGIN { }']],
  [['BEGIN { print "a\\/" }']], [['BEGIN { x = sqrt(-4) }']], [[]], [['-z']], [['-f']],
];

describe.skipIf(!HAVE_GAWK)('awk against gawk 5.2.1', () => {
  for (const [args, stdin] of CASES) {
    it(`awk ${JSON.stringify(args)}`, async () => {
      await expectSameAsGnu(awk, args, { name: 'gawk', stdin: stdin ?? '', files: FILES });
    });
  }
});
