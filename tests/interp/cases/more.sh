#### glob star
touch_() { :; }; echo *.none; shopt -s nullglob; echo [*.none]; shopt -u nullglob
#### failglob
shopt -s failglob; echo *.none; echo after
#### extglob case
shopt -s extglob
for w in foo.c bar.h baz; do case $w in *.@(c|h)) echo src $w;; !(*.*)) echo noext $w;; esac; done
#### nocasematch
shopt -s nocasematch; case ABC in abc) echo ci;; esac; [[ XyZ == xyz ]] && echo dbl
#### xtrace
set -x; x=1; echo "a b" $x; set +x
#### xtrace PS4
PS4='>> '; set -x; echo hi
#### declare -f and -F
f() { echo hi; }; declare -F; declare -F f
#### printf builtin formats
printf '%s-%d|%5s|%-3s|%03d\n' a 42 r l 7
#### printf reuse format
printf '%s\n' a b c
#### read splitting
read -r a b <<< "one two three"; echo "[$a] [$b]"
#### read IFS
IFS=: read -r x y <<< "p:q:r"; echo "$x|$y"
#### read array
read -ra arr <<< "x y z"; echo ${#arr[@]} ${arr[2]}
#### mapfile
mapfile -t lines <<'EOF2'
l1
l2
EOF2
echo ${#lines[@]} ${lines[1]}
#### test builtin
[ -n x ] && echo n; [ a = a ] && echo eq; test 3 -lt 4 && echo lt; [ ! -z "" ] || echo z
#### test builtin error
[ a -lt 3 ]; echo $?
#### string ops on positional
set -- hello.txt world.md; echo ${1%.*} ${@#*.}
#### array operators per element
a=(one two three); echo ${a[@]^} ${a[@]/o/0} ${a[@]:1:1}
#### length of element and positional
set -- abc; a=(xy); echo ${#1} ${#a} ${#a[0]}
#### nested quotes in substitution
x="$(echo "inner \"quoted\" text")"; echo "$x"
#### backquote with escapes
echo `echo \$HOME | tr A-Z a-z` > /dev/null; x=`echo a\\\\b`; echo "$x"
#### arithmetic comparison operators
echo $((3<4)) $((3>4)) $((3==3)) $((3!=3)) $((!0)) $((~0)) $((5&3)) $((5|3)) $((5^3)) $((1<<4)) $((256>>2))
#### arithmetic logical short circuit
x=0; echo $(( 0 && (x=1) )) $x $(( 1 || (x=2) )) $x
#### arithmetic comma and ternary
echo $(( a=1, b=2, a+b )) $(( 5 > 3 ? 10 : 20 ))
#### arithmetic with array elements
a=(5 10); i=1; echo $(( a[0] + a[i] )); (( a[1]++ )); echo ${a[1]}
#### arithmetic unset var is zero
unset z; echo $(( z + 1 ))
#### arithmetic recursive variable
x='y+1'; y=2; echo $((x * 2))
#### integer overflow wraps
echo $(( 9223372036854775807 * 2 ))
#### for loop over command output
for w in $(echo a b c); do echo -$w-; done
#### while with break in nested function
f() { return 1; }; i=0; while :; do ((i++)); f || break; done; echo $i
#### until with continue
i=0; until ((i>=4)); do ((i++)); ((i==2)) && continue; echo $i; done
#### case with character classes
for c in a 1 ' '; do case "$c" in [[:alpha:]]) echo alpha;; [[:digit:]]) echo digit;; [[:space:]]) echo space;; esac; done
#### case with escaped pattern chars
case '*' in \*) echo star;; esac; case 'a?' in 'a?') echo q;; esac
#### function redefinition and unset
f() { echo 1; }; f; f() { echo 2; }; f; unset -f f; declare -F f; echo $?
#### function with redirect on definition
f() { echo out; echo err >&2; } 2>/dev/null; f
#### function exit status of last command
f() { true; false; }; f; echo $?
#### local array
f() { local -a arr=(1 2); echo ${#arr[@]}; }; f; echo "[${arr[@]}]"
#### local inherits value with same name
x=5; f() { local x; echo "[$x]"; }; f
#### subshell exit status and output order
(echo a; (echo b; exit 2); echo "inner=$?"); echo outer=$?
#### command substitution with pipeline
x=$(printf 'b\na\n' | sort); echo $x
#### command substitution trailing newlines only
x=$(printf '\n\n'); echo "[${#x}]"
#### here doc with command substitution
cat <<EOF2
sum=$(( 2 + 3 )) cmd=$(echo sub)
EOF2
#### here doc backslashes
cat <<EOF2
a\$b \\ \`x\` \n
EOF2
#### here string variable
v='a b'; cat <<< $v
#### redirect order matters
{ echo err >&2; } 2>&1 >/dev/null
#### dollar-brace in assignment keeps spaces
x="a    b"; y=${x}; echo "$y"
#### IFS in read and splitting independent
x='a:b'; IFS=: ; set -- $x; echo $#; unset IFS; set -- $x; echo $#
#### dollar star unquoted splits each
set -- 'a b' c; printf '[%s]' $*; echo
#### at-sign with prefix suffix in quotes
set -- a b; printf '[%s]' "x$@y"; echo
#### empty string argument kept
printf '[%s]' "" ''; echo
#### assignment tilde after colon only in assignment
HOME=/h; PATHLIKE=~/a:~/b; echo $PATHLIKE; echo a:~/b
#### ansi c quoting with control chars and @Q
x=$'a\nb'; echo "${x@Q}"
#### indirect array all
a=(1 2 3); n='a[@]'; echo ${!n}
#### declare -A iteration single key
declare -A m=([only]=1); for k in "${!m[@]}"; do echo $k=${m[$k]}; done
#### unset whole array
a=(1 2); unset a; echo ${#a[@]}
#### array slice negative
a=(1 2 3 4 5); echo ${a[@]: -2} ${a[@]:1:2}
#### positional slice
set -- a b c d; echo ${@:2} ${@:2:2} ${*: -1}
#### parameter length of special
set -- a b c; echo ${##} ${#*} ${#@}
#### pipe exit status with errexit in pipeline
set -e; false | true; echo survived
#### negation does not trigger errexit
set -e; ! true; echo survived
#### errexit with or list last element
set -e; false || false; echo never
#### ERR trap in function
trap 'echo ERR $?' ERR; f() { false; }; f; echo done
#### EXIT trap runs once on exit in function
trap 'echo bye' EXIT; f() { exit 3; }; f; echo never
#### EXIT trap in subshell
(trap 'echo sub-exit' EXIT; echo in); echo out
#### eval with positional
set -- x y; eval 'echo $2 $1'
#### source missing file
source ./nope.sh; echo $?
#### let multiple
let a=1 b=a+1; echo $a $b; let 'c = b * 3'; echo $c
#### double bracket with arithmetic and parens
x=5; [[ ( $x -gt 3 ) && ( $x -lt 10 ) ]] && echo in-range
#### double bracket regex with special chars in variable
re='^a.c$'; [[ abc =~ $re ]] && echo m1; [[ 'a.c' =~ ^a\.c$ ]] && echo m2
#### BASH_REMATCH groups
[[ 'key=value' =~ ([^=]+)=(.*) ]] && echo ${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${#BASH_REMATCH[@]}
#### string comparison in dbracket with spaces
a='x y'; [[ $a == 'x y' ]] && echo same
#### noclobber message
set -o noclobber; echo x > /dev/null; echo ok
#### command not found in pipeline
nosuch | cat; echo ${PIPESTATUS[@]}
#### shift error message
shift x; echo $?
#### exit with too many args
exit 1 2
#### break with too many args
for i in 1; do break 1 2; done; echo $?
#### continue numeric error
for i in 1; do continue x; done; echo $?
#### declare -f prints bash's layout
f() { local x=1; echo "a $x" | cat >&2; if [[ $x == 1 ]]; then echo one; elif true; then :; else echo no; fi; for i in 1 2; do echo $i; done; while false; do break; done; case $x in a|b) echo ab;; *) echo other;; esac; { echo g; }; (echo sub); x=$((x+1)); a && b || c; ! true; return 0; }; declare -f f
#### declare -f c-style for and until
g() { for ((i=0;i<2;i++)); do :; done; echo x > /dev/null 2>&1; until false; do break; done; }; declare -f g
#### command -V function
h() { echo hi; }; command -V h
