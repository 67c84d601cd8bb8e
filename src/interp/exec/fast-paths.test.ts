// The compiled fast paths (issue 7: loops) against bash 5.2: each script exercises one shortcut
// — compiled arithmetic, literal words, `$N`, ${x#p}-style operators with fixed patterns, literal
// pattern matching, compiled [[ ]], lazy case patterns, function calls — on the inputs where a
// shortcut could go wrong (unset values, nounset, non-ASCII text, IFS changes, empty patterns).
// stdout and the exit status must be bash's exactly. Skipped when /bin/bash is not bash 5.2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Runner } from '../../index.js';

const version = spawnSync('/bin/bash', ['-c', 'echo $BASH_VERSION'], { encoding: 'utf8' }).stdout ?? '';
const haveBash = version.startsWith('5.2');
const dir = mkdtempSync(join(tmpdir(), 'rshell-fast-'));
// files for the glob cases (rshell's read-only mode cannot create them)
for (const f of ['a', 'b', 'f1', 'f2']) writeFileSync(join(dir, f), '');

function bash(script: string): { stdout: string; status: number } {
  // the script on stdin, as rshell's tests do elsewhere: `bash -c` may read ~/.bashrc here
  const r = spawnSync('/bin/bash', [], { cwd: dir, input: script, env: { LANG: 'C', PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
  return { stdout: r.stdout, status: r.status ?? -1 };
}

async function ours(script: string): Promise<{ stdout: string; status: number }> {
  const r = await new Runner({ allowedCommands: 'all', allowedPaths: [dir], cwd: dir }).run(script);
  return { stdout: r.stdout ?? '', status: r.exitCode };
}

const SCRIPTS: Record<string, string> = {
  'arith: literals, variables, ++/--, compound ops': 'a=5; b=0x10; ((c = a * b + 010)); echo $c $((a++)) $a $((--a)) $((a+=3)) $((a<<2)) $((7/2)) $((-7%3))',
  'arith: comparisons and logic with skipped branches': 'x=0; echo $((1<2)) $((2<=1)) $((3==3)) $((3!=3)) $((0 && x++)) $x $((1 || x++)) $x $((x ? 10 : 20))',
  'arith: variable OP literal shapes': 'x=-7; echo $((x/2)) $((x%3)) $((x*3)) $((x-1)) $((x+010)) $((x<0x10)) $((x<=-7)) $((x>-8)) $((x>=9223372036854775807)) $((x==-7)) $((x!=7)); m=9223372036854775807; echo $((m+1)) $((m*2)) $((m/2)) $((m%10)) $((m>9223372036854775806)); u=; echo $((u+1)) $((nope<1)); e="2+3"; echo $((e*2)) $((e%4)); echo $((0 && x/0)) $((1 || x%0)); a=3 b=-4; echo $((a+b)) $((a-b)) $((a*b)) $((a<b)) $((a<=b)) $((a>b)) $((a>=b)) $((a==b)) $((a!=b)); p="q++"; q=1; echo $((p+q)) $q $((q+p)) $q; echo $((x/0)); echo after',
  'arith: a variable holding an expression': 'e="2+3"; echo $((e*2)) $(($e*2)); v=" 42 "; echo $((v+1)); w=-7; echo $((w*2))',
  'arith: 64-bit wrap-around': 'm=9223372036854775807; echo $((m+1)) $((m*2)) $((-m-1)) $(( (m+1)/-1 ))',
  'arith: division by zero in a taken and a skipped branch': 'echo $((0 && 1/0)); (( 1/0 )); echo status=$?',
  'arith: nounset inside (( ))': 'set -u; (( z + 1 )); echo not-reached',
  'arith: array elements and assignment to them': 'a=(3 4 5); i=1; echo $((a[i]+a[2])); ((a[0]+=10)); echo ${a[0]}',
  'arith: bad literal reported only when evaluated': 'echo $((1 ? 2 : 08)); echo $((0 ? 2 : 3))',
  'words: [ and a[b stay literal, [ab] globs': 'echo [ a[b [ab] x[; shopt -s nullglob; echo [ a[b zz[q',
  'words: $((…)) unquoted with IFS containing a digit': 'IFS=1; echo $((2110+1)); IFS=-; x=$((0-5)); echo $x $((0-5))',
  'words: positional parameters': 'f(){ echo "$1|$2|${3}"; r=$1; echo $r; }; f "a b" "" c; f; set -- "x  y" z; echo $1 "$1" $2',
  'words: $1 under nounset': 'set -u; f(){ echo "<$1>"; }; f ok; f',
  'param: # ## % %% with literal shapes': 's=hello/world.txt.gz; echo ${s%.*} ${s%%.*} ${s#*/} ${s##*.} ${s#hello} ${s%gz} ${s#h*} ${s##h*}x ${s%*gz}x ${s%%*gz}x ${s#nomatch}',
  'param: non-ASCII subjects': 's=héllo/wörld.tx; echo ${s%.*} ${s##*/} ${s/ö/o} ${#s} ${s//l/L} ${s%ö*} ${s#*é}',
  'param: replacement forms': 's=banana; echo ${s/a/A} ${s//a/A} ${s/#b/B} ${s/%a/Z} ${s//an/&&} ${s/a/\\&} ${s//x/y} ${s/a} ${s//} ${s/#/P} ${s/%/S}',
  'param: patsub_replacement off': 'shopt -u patsub_replacement; s=abc; echo ${s/b/[&]}',
  'param: unset and empty values': 'u=; echo "${#u}" "${u%x}" "${nope#a}" "${#nope}"; set -u; echo ${nope%a}; echo after',
  'param: glob-like results are split and globbed': 's="f* x"; echo ${s%x}; IFS=/; p=a/b; echo ${p%c}',
  'param: quoted and pattern metacharacters in patterns': 's="a*b.c"; echo ${s%"*"*} ${s#a\\*} ${s%.[a-z]} ${s/\\*/-} ${s/"."/_}',
  'param: arrays and $@ are not scalars': 'a=(x.1 y.2); echo ${a%.*} ${a[1]%.*} ${a[@]%.*}; set -- p.q r.s; echo ${@%.*} ${1%.*}',
  'test: [[ ]] operators': 'x=5; y=abc; [[ $x -lt 10 && $y == a* ]] && echo 1; [[ $y != abc ]] || echo 2; [[ ! -z $y ]] && echo 3; [[ $y < abd ]] && echo 4; [[ x$x == "x5" ]] && echo 5; [[ $y == "a*" ]] || echo 6',
  'test: [[ ]] arithmetic operands': 'v="2+3"; [[ $v -eq 5 ]] && echo eq; [[ 010 -eq 8 ]] && echo oct; [[ " 7 " -gt 6 ]] && echo sp; [[ -3 -lt 0 ]] && echo neg',
  'test: [[ ]] pattern with tilde and nocasematch': 'HOME=/h; [[ /h/x == ~/* ]] && echo tilde; shopt -s nocasematch; [[ ABC == abc ]] && echo nocase; [[ ABC == a?c ]] && echo nocase2',
  'test: [ ] integer forms': '[ 5 -lt 10 ] && echo a; [ -5 -lt 0 ] && echo b; [ 007 -eq 7 ] && echo c; [ " 3" -eq 3 ] && echo d; [ 1 -lt x ]; echo s=$?',
  'case: literal, glob, alternatives and fall-through': 'for w in start stop sta "s*" x; do case $w in start) echo A;; s*p) echo B;& "s*") echo C;;& sta|x) echo D;; *) echo E;; esac; done',
  'case: lazy pattern expansion': 'n=0; case a in b$((n+=1))) ;; a) ;; c$((n+=10))) ;; esac; echo $n',
  'case: nocasematch and quoted patterns': 'shopt -s nocasematch; case ABC in "abc") echo q;; esac; case ABC in abc) echo u;; esac; shopt -u nocasematch; case "*" in "*") echo star;; esac',
  'case: subject from arithmetic': 'for ((i=0;i<6;i++)); do case $((i%3)) in 0) echo z;; 1|2) echo o;; esac; done',
  'functions: return, locals, recursion, status': 'f(){ local x=$1; ((x<=1)) && { echo 1; return 3; }; echo $x; f $((x-1)); }; f 3; echo st=$?; g(){ return 7; }; g; echo $?',
  'functions: break inside a function does not leak': 'f(){ break; }; for i in 1 2; do f; echo $i; done',
  'assign: += on strings, integers and arrays': 's=a; s+=b; s+=$((1+1)); echo $s; declare -i n=5; n+=3; echo $n; a=(1); a+=x; echo ${a[@]}; readonly r=1; r+=2; echo $r',
  'assign: long values built by appends (flattened as they grow)': 's=; for ((i=0;i<5000;i++)); do s+="é$i"; done; echo ${#s} ${s:0:12} ${s:4000:16} ${s: -9}; t=; for ((i=0;i<3000;i++)); do t=$t${i}x; done; echo ${#t} ${t:2500:10}; a=(); for ((i=0;i<2000;i++)); do a[1]+=ab; done; echo ${#a[1]} ${a[1]:3990}; declare -u u=; for ((i=0;i<1500;i++)); do u+=q; done; echo ${#u} ${u:0:5}; v=$s; v+=.; echo ${#v} ${v: -3}',
  'read: whole lines with -r and without, IFS variants, NUL, continuation, no final newline': "data=$'a b  \\n  lead\\ttab\\t\\n\\n back\\\\slash \\\\\\n cont\\nnul\\x01byte\\nx:y: z:\\nlast'; printf '%s' \"$data\" | { while IFS= read -r l; do echo \"[$l]\"; done; echo \"end [$l]\"; }; printf '%s' \"$data\" | { while read -r l; do echo \"<$l>\"; done; echo \"end <$l>\"; }; printf '%s' \"$data\" | { while read l; do echo \"{$l}\"; done; }; printf '%s' \"$data\" | { while read -r a b; do echo \"($a|$b)\"; done; }; printf '%s' \"$data\" | { while IFS=: read -r a b c; do echo \"($a|$b|$c)\"; done; }; printf '%s' \"$data\" | { while IFS=' ' read -r a; do echo \"'$a'\"; done; }; printf 'p\\0q\\nr\\n' | { read -r x; echo \"${#x} $x\"; }; printf 'a:b:c' | { read -r -d : x; read -r -d : y; read -r -d : z; echo \"$x $y $z $?\"; }; printf '%070000d\\nnext\\n' 5 | { IFS= read -r x; read -r y; echo ${#x} $y; }; read -r a <<< '  x y  '; echo \"[$a]\"; read a <<< 'q\\'; echo \"[$a] $?\"; while read -r -a arr; do echo ${#arr[@]} \"${arr[1]}\"; done <<< $' one two \\n\\tthree'",
  'loops: for over words and c-style': 'n=0; for w in $(seq 1 50); do n=$((n+w)); done; echo $n; for ((i=0,j=10;i<j;i+=3,j--)); do echo -n "$i,$j "; done; echo',
  'words: $(cmd) split on the default IFS': 'for w in $(printf " a\\tb\\n\\n c  "); do echo "<$w>"; done; for w in $(printf ""); do echo never; done; echo $(echo "f* x[ ?") ; set -f; echo $(echo "f*"); set +f; echo $(echo "é ü")',
  'words: $(cmd) with IFS changed or unset': 'IFS=:; for w in $(echo "a:b c"); do echo "<$w>"; done; unset IFS; for w in $(echo "a:b c"); do echo "[$w]"; done',
  'loops: while with [ ] and until': 'i=0; while [ $i -lt 5 ]; do i=$((i+1)); done; echo $i; until [[ $i -eq 0 ]]; do ((i--)); done; echo $i',
  'test: quick shapes and $_': '[ a = a ]; echo $? $_; test -n x; echo $? $_; [ ! "" ]; echo $?; [ ! -n "" ]; echo $?; [ -z ]; echo $?; test; echo $?; [ ]; echo $?; [ "(" = "(" ]; echo $?; [ ! = ! ]; echo $?; [ -n = -n ]; echo $? $_',
  'test: quick operands: quoting, $1, $\'…\', unset': 'u=; [ "$u" = "" ] && echo e; [ "$nope" = "" ] && echo n; [ $\'a\' = a ] && echo d; [ "a b" = \'a b\' ] && echo q; f(){ [ $1 -gt 2 ] && echo big; }; f 3; f 1; f; echo s=$?',
  'test: operands that split, glob or vanish': 'x="1 2"; [ $x -lt 3 ]; echo s=$?; x=; [ $x = a ]; echo s=$?; x="*"; [ $x = a ]; echo s=$?; IFS=1; x=213; [ $x -lt 5 ]; echo s=$?',
  'test: big numbers, bad integers, missing ]': '[ 99999999999999999 -gt 1 ] && echo big; [ -99999999999999999 -lt 1 ] && echo neg; [ x -lt 1 ]; echo s=$?; [ 1 -lt 2; echo s=$?; [ a \\< b ] && echo lt; [ b \\> a ] && echo gt',
  'test: a function named [ and test, xtrace': '[(){ echo "fn:$*"; }; [ 1 -lt 2 ]; unset -f [; test(){ echo "t:$*"; }; test a = a; unset -f test; { set -x; [ 1 -lt 2 ]; test -n x; set +x; } 2>&1',
  'test: nounset operands': 'set -u; x=1; [ "$x" = 1 ] && echo ok; [ "$nope" = "" ]; echo not-reached',
  'calls: argv reused across runs and recursion': 'f(){ saved+=("[$*]"); if (($1 > 0)); then f $(($1 - 1)) x$1 y; fi; echo "$# $*"; }; f 3 a; g(){ last=("$@"); }; set -- p q; for i in 1 2 3; do g "$@" $i; done; echo "${saved[@]}" "${last[@]}" $_; h(){ echo "$@"; }; for w in a "b c" ""; do h $w .; done',
  'case: literal table: order, stars, duplicates, fall-through': 'for w in a b c d ""; do case $w in a) echo A;; b|c) echo BC;;& c) echo C;; *) echo S;; esac; done; case b in *) echo star;; b) echo b;; esac; case a in a) echo 1;; a) echo 2;; esac; case a in a) echo 1;& b) echo 2;; c) echo 3;; esac; case "" in "") echo empty;; esac',
  'case: literal table fallbacks: quoted globs, extglob, nocasematch': 'for w in "a*" abc A; do case $w in "a*") echo lit;; a*) echo glob;; a) echo a;; esac; done; shopt -s extglob; case ab in @(a|b)b) echo x;; ab) echo y;; esac; for m in -s -u; do shopt $m nocasematch; case A in a) echo yes$m;; *) echo no$m;; esac; done; case é in é) echo e;; esac',
};

describe.skipIf(!haveBash)('fast paths match bash 5.2', () => {
  for (const [name, script] of Object.entries(SCRIPTS)) {
    it(name, async () => {
      expect(await ours(script)).toEqual(bash(script));
    });
  }
});
