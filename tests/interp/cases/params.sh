#### default op on array all
a=(); echo "[${a[@]:-empty}]"; b=(x); echo "[${b[@]:-empty}]"
#### alternate op keeps quoting
x=1; printf '[%s]' ${x:+"a b"} ${x:+a b}; echo
#### default op word splitting unquoted
unset u; printf '[%s]' ${u:-a b} "${u:-a b}"; echo
#### assign op in arithmetic context
unset n; echo $(( ${n:=4} * 2 )) $n
#### nested default ops
unset a b; c=deep; echo ${a:-${b:-$c}}
#### prefix removal per positional
set -- aa/x bb/y; echo "${@#*/}" "${*%/*}"
#### suffix removal longest vs shortest
f=a.b.c.d; echo ${f%.*} ${f%%.*} ${f#*.} ${f##*.}
#### removal with character class
v=abc123; echo ${v%%[0-9]*} ${v##*[a-z]}
#### replace anchored and all with patterns
v=aXbXc; echo ${v//X/-} ${v/#a/A} ${v/%c/C} ${v//[abc]/.}
#### replace with empty pattern parts
v=hello; echo "${v/l}" "${v//l}" "${v/#}" "${v/%/!}"
#### case modification with pattern
v='hello world'; echo ${v^^[aeiou]} ${v^} ${v,,}; w=ABC; echo ${w,}
#### length of unicode in C locale is bytes
v=héllo; echo ${#v}
#### substring of multibyte in C locale
v=ab; echo "${v:0:1}${v:1}"
#### slice with arithmetic expressions
v=abcdefgh; i=2; echo ${v:i:i+1} ${v:$((i*2))} ${v: -i}
#### slice of array with holes
a=([1]=b [3]=d [5]=f); echo ${a[@]:2} ${a[@]:0:2}
#### slice positional from zero includes dollar zero name
set -- a b c; echo ${@:1:2} ${#@}
#### at-Q on array
a=('x y' "it's"); echo "${a[@]@Q}"
#### at-E expands escapes
v='a\nb'; printf '%s|' "${v@E}"; echo
#### at-K on assoc
declare -A m=([k]=v); echo "${m[@]@K}"
#### at-a on variables
declare -r r=1; declare -A m=(); declare -i i=1; a=(); echo ${r@a} ${m@a} ${i@a} ${a@a}
#### indirection with default
x=target; target=val; echo ${!x:-none}; y=missing; echo ${!y:-none}
#### indirect to positional
set -- p q; n=2; echo ${!n}
#### names with prefix sorted
zb=1 za=2 zc=3; echo ${!z*}
#### keys of assoc and indexed sparse
a=([5]=x [2]=y); echo ${!a[*]}
#### dollar hash after shift
set -- a b c d; shift 2; echo $# $@
#### positional with braces and default
set -- ''; echo "[${1:-empty}] [${1-unset}] [${2-unset}]"
#### star with custom IFS in array
a=(x y z); IFS=,; echo "${a[*]}"; unset IFS; echo "${a[*]}"
#### word splitting of array element with spaces
a=('1 2' 3); for x in ${a[0]}; do echo "<$x>"; done
#### empty IFS keeps words whole in loop
IFS=; v='a b c'; for w in $v; do echo "<$w>"; done
#### IFS tab newline only
IFS=$'\t\n'; v=$'a b\tc'; printf '<%s>' $v; echo
#### multiple non-whitespace delimiters
IFS=,; v='a,,b,'; printf '<%s>' $v; echo
#### quotes inside parameter operand
v=''; echo "${v:-"quoted default"}" ${v:-'single q'}
#### dollar at in array literal
set -- 'a b' c; arr=("$@" d); echo ${#arr[@]} "${arr[0]}"
#### assignment from array star
a=(1 2 3); s="${a[*]}"; t=${a[@]}; echo "$s|$t"
#### integer attribute arithmetic on assign
declare -i x=10; x+=5; x=x*2; echo $x
#### uppercase attribute on append
declare -u u=ab; u+=cd; echo $u
#### readonly array element assign
declare -ra ra=(1 2); ra[0]=5; echo "${ra[@]}"
#### unset positional element not allowed
set -- a b; unset 1 2>/dev/null; echo $?
#### special vars
echo $((${#BASHPID} > 0)) $((SECONDS >= 0)) $(( ${#RANDOM} > 0 ))
#### dollar dash contains h and B
[[ $- == *h* && $- == *B* ]] && echo flags
#### parameter expansion in here string
v=world; cat <<< "hello ${v^}"
#### tilde in default operand
HOME=/hh; unset u; echo ${u:-~/x}
#### arithmetic expansion inside param operand
unset u; echo ${u:-$((2+3))}
#### nested command substitution in operand
unset u; echo ${u:-$(echo nested)}
