#### quoting
echo 'a  b' "c  d" e\ \ f
#### dollar single quotes
echo $'a\tb\nc' $'\x41\101\u0042' $'it\'s'
#### double quote escapes
echo "a\$b \"q\" \\ \x `echo hi`"
#### backslash newline
echo a\
b
#### default ops
unset u; e=; s=set; echo "${u-d1} ${u:-d2} ${e-d3} ${e:-d4} ${s:-d5}"
#### alternate ops
unset u; e=; s=set; echo "[${u+a1}] [${u:+a2}] [${e+a3}] [${e:+a4}] [${s:+a5}]"
#### assign ops
unset u; echo ${u=one} $u; e=; echo ${e:=two} $e
#### error op
x=${u:?custom message}; echo not reached
#### error op default message
echo ${u?}
#### length
s=hello; a=(1 22 333); echo ${#s} ${#a[@]} ${#a[1]} ${#}
#### prefix suffix removal
p=/usr/local/lib/file.tar.gz; echo ${p#*/} ${p##*/} ${p%.*} ${p%%.*}
#### pattern removal with quotes
x='a*b*c'; echo ${x#'a*'} ${x#a*}
#### replace
s=hello; echo ${s/l/L} ${s//l/L} ${s/#h/H} ${s/%o/O} ${s/x/y} ${s//l}
#### replace with ampersand
s=abc; echo ${s/b/[&]} "${s/b/\&}"
#### case modification
s=hello; t=WORLD; echo ${s^} ${s^^} ${t,} ${t,,} ${s^^[lo]}
#### substring
s=abcdef; echo ${s:2} ${s:1:3} ${s: -2} ${s:(-3):2} ${s:2:-1}
#### substring out of range
s=abc; echo "[${s:5}]" "[${s:1:0}]"
#### at operators
s="it's"; echo ${s@Q}; t='a\tb'; echo ${t@E}; u=lower; echo ${u@U} ${u@u}; V=X; echo ${V@L}
#### at A and a
declare -i n=5; echo ${n@A} ${n@a}; arr=(x y); echo ${arr@a}
#### indirection
x=y; y=z; echo ${!x}; a=(p q); r='a[1]'; echo ${!r}
#### prefix names
ab1=1 ab2=2 ac=3; echo ${!ab*}; for n in "${!ab@}"; do echo $n; done
#### array keys
a=(x y z); a[7]=w; echo ${!a[@]}
#### special params
set -- a b c; echo $# $1 ${3} "$*" "$@"
#### positional beyond 9
set -- 1 2 3 4 5 6 7 8 9 10 11; echo $10 ${10} ${11}
#### dollar star with IFS
set -- a b c; IFS=:; echo "$*"; IFS=; echo "$*"; unset IFS; echo "$*"
#### dollar at fields
set -- 'a b' c; for x in "$@"; do echo "[$x]"; done; for x in $@; do echo "<$x>"; done
#### empty dollar at
set --; for x in "$@"; do echo never; done; echo "[$@]"; echo "x$@y"
#### arrays fields
a=('a b' c); printf '[%s]\n' "${a[@]}"; printf '<%s>\n' ${a[@]}; printf '{%s}\n' "${a[*]}"
#### empty array quoted
a=(); printf '[%s]\n' x "${a[@]}" y
#### command substitution
x=$(echo hello); y=`echo world`; echo "$x $y"
#### command substitution strips newlines
x=$(printf 'a\n\n\n'); echo "[$x]"
#### nested command substitution
echo $(echo $(echo deep))
#### command substitution status
x=$(exit 3); echo $?; $(exit 4); echo $?
#### command substitution in subshell
x=1; y=$(x=2; echo $x); echo $x $y
#### arithmetic expansion
x=5; echo $((x * 2 + 1)) $((x / 2)) $((x % 3)) $((2 ** 10)) $(( (x > 3) ? 1 : 0 ))
#### arithmetic assignment
x=1; echo $((x += 4)) $x $((x++)) $x $((--x))
#### arithmetic 64 bit
echo $((2**62)) $((2**63)) $((-2**63)) $(( 9223372036854775807 + 1 ))
#### arithmetic bases
echo $((0x10)) $((010)) $((2#101)) $((36#z))
#### arithmetic division by zero
echo $((1/0)); echo after
#### arithmetic in function is fatal
f() { echo $((1/0)); echo in; }; f; echo after
#### let and arith command
let x=3+4; echo $x; ((y = x * 2)); echo $y; ((0)); echo $?; let 0; echo $?
#### arith command error not fatal
((1/0)); echo "after $?"
#### tilde
HOME=/home/u; echo ~ ~/x "~" x=~/a; y=~:~; echo $y; [[ ~+ == "$PWD" ]] && echo plus
#### brace expansion
echo {a,b}{1,2} x{1..3} {5..1..2} {a..c} {01..03} pre{,fix}
#### brace with variables not expanded
n=3; echo {1..$n}
#### IFS splitting whitespace
x='  a   b  '; printf '[%s]\n' $x
#### IFS splitting non-whitespace
IFS=:; x=':a::b:'; printf '[%s]\n' $x
#### IFS mixed
IFS=' :'; x=' a : b :c'; printf '[%s]\n' $x
#### IFS empty no split
IFS=; x='a b'; printf '[%s]\n' $x
#### unquoted empty disappears
e=; printf '[%s]\n' a $e b "$e"
#### split result adjacent to literal
x='1 2'; printf '[%s]\n' a${x}b
#### noglob
set -f; echo *; set +f
#### nounset with default ok
set -u; echo ${zz:-ok}; echo ${#zz}
#### RANDOM range
x=$RANDOM; (( x >= 0 && x < 32768 )) && echo ok
#### LINENO
echo $LINENO
echo $LINENO
#### dollar underscore
echo a b; echo $_
#### dollar question in arithmetic
false; echo $(( $? + 1 ))
#### quoted at in string context
set -- a b; x="$@"; echo "$x"; y=$*; echo "$y"
#### declare integer
declare -i n; n=2+3; echo $n; n+=1; echo $n
#### declare lower upper
declare -l lo=ABC; declare -u up=abc; echo $lo $up
#### word splitting of command substitution
printf '[%s]\n' $(echo 'a  b')
#### assignment no splitting
x='a  b'; y=$x; echo "$y"
#### glob in variable stays literal when quoted
x='*'; echo "$x"
