#### seq and status
true; echo $?; false; echo $?
#### and-or
true && echo a; false && echo b; false || echo c; true || echo d; echo $?
#### and-or chain status
false && true; echo $?; true && false || echo x
#### negation
! true; echo $?; ! false; echo $?
#### brace group
{ echo a; echo b; }; echo $?
#### subshell isolation
x=1; (x=2; echo in $x); echo out $x
#### subshell exit
(exit 3); echo $?
#### subshell cwd and functions don't leak
f() { echo f; }; (unset -f f; g() { :; }); f; declare -F g; echo $?
#### if elif else
for v in 1 2 3; do if [[ $v == 1 ]]; then echo one; elif [[ $v == 2 ]]; then echo two; else echo other; fi; done
#### if status when no branch
if false; then :; fi; echo $?
#### while loop
i=0; while [[ $i -lt 3 ]]; do echo $i; i=$((i+1)); done
#### until loop
i=0; until ((i >= 3)); do echo $i; ((i++)); done
#### for in
for x in a b "c d"; do echo "[$x]"; done
#### for without in uses positional
set -- p q; for x; do echo $x; done
#### c-style for
for ((i=0; i<3; i++)); do echo $i; done
#### c-style for empty parts
i=0; for ((;;)); do ((i++ >= 2)) && break; echo $i; done
#### break and continue
for i in 1 2 3 4; do [[ $i == 2 ]] && continue; [[ $i == 4 ]] && break; echo $i; done
#### break 2
for i in 1 2; do for j in a b; do echo $i$j; break 2; done; done; echo done
#### continue 2
for i in 1 2; do for j in a b; do echo $i$j; continue 2; done; echo never; done
#### break outside loop
break; echo $?
#### loop status
for i in 1 2; do false; done; echo $?
#### while loop status zero iterations
while false; do :; done; echo $?
#### case basic
for w in apple banana cherry; do case $w in a*) echo A;; b*|c*) echo BC;; esac; done
#### case fallthrough
case x in x) echo one;& y) echo two;; z) echo three;; esac
#### case continue matching
case abc in a*) echo one;;& *c) echo two;;& z*) echo three;; esac
#### case no match status
case q in a) echo a;; esac; echo $?
#### case quoted pattern
p='*'; case abc in "$p") echo quoted;; $p) echo unquoted;; esac
#### case default
case zz in a) ;; *) echo default;; esac
#### function basics
f() { echo "args:$#:$1:$2"; }; f a b; f
#### function keyword syntax
function g { echo g; }; function h() { echo h; }; g; h
#### function return status
f() { return 7; }; f; echo $?
#### return without arg keeps status
f() { false; return; }; f; echo $?
#### function local
x=g; f() { local x=l; echo $x; }; f; echo $x
#### local dynamic scope
x=g; f() { local x=f; g; }; g() { echo $x; }; f; g
#### recursion
fact() { if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 6
#### positional restored after call
set -- a b; f() { set -- x; echo $1; }; f; echo $1 $#
#### FUNCNAME
f() { echo ${FUNCNAME[0]} ${#FUNCNAME[@]}; g; }; g() { echo ${FUNCNAME[@]}; }; f
#### return outside function
return 2>/dev/null; echo $?
#### exit status
(exit 300); echo $?
#### exit in subshell
(echo a; exit 4; echo b); echo $?
#### exit stops script
echo a; exit 5; echo b
#### exit non numeric
exit abc
#### errexit basic
set -e; echo a; false; echo b
#### errexit in condition
set -e; if false; then :; fi; false || true; ! true; echo survived
#### errexit and list
set -e; false && true; echo survived; true && false; echo not
#### errexit subshell
set -e; (false; echo no); echo not reached
#### errexit function
set -e; f() { false; echo in; }; f; echo after
#### errexit in function in condition
set -e; f() { false; echo in; }; if f; then echo ok; fi
#### pipefail
false | true; echo $?; set -o pipefail; false | true; echo $?; true | (exit 3) | true; echo $?
#### PIPESTATUS
true | false | (exit 3); echo ${PIPESTATUS[@]}; echo ${PIPESTATUS[@]}
#### pipeline subshells
x=1; echo 2 | read x; echo $x; echo a | { x=3; cat; }; echo $x
#### negated pipeline
! false | true; echo $?
#### semicolons and newlines
echo a
echo b; echo c
#### eval
x='echo hi'; eval "$x"; eval 'y=5'; echo $y
#### eval status and break
eval 'false'; echo $?; for i in 1 2; do eval break; echo no; done; echo out
#### eval syntax error
eval 'if'; echo $?
#### trap EXIT
trap 'echo bye' EXIT; echo hi
#### trap EXIT with exit status
trap 'echo trap $?' EXIT; exit 3
#### trap ERR
trap 'echo err' ERR; false; true; echo end
#### trap listing
trap 'echo x' EXIT; trap -p EXIT; trap - EXIT; trap -p
#### command -v
f() { :; }; command -v f; command -v echo; command -v nosuch; echo $?
#### command runs builtin not function
echo() { builtin echo func; }; echo x; command echo y
#### colon and true false
:; echo $?; true; echo $?; false; echo $?
#### shift
set -- a b c; shift; echo $@; shift 2; echo $# ; shift; echo $?
#### set positional
set -- 1 2 3; echo $# $*; set --; echo $#
#### set -u
set -u; echo ${x-def}; echo $x; echo no
#### set -o listing subset
set -o | grep -E '^(errexit|nounset|pipefail)'
#### set -e reflected in $-
set -e; [[ $- == *e* ]] && echo has-e
#### unknown command
nosuchcmd; echo $?
