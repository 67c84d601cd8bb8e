#### indexed arrays
a=(zero one two); echo ${a[0]} ${a[2]} ${a[-1]} ${#a[@]}; a[5]=five; echo ${#a[@]} ${a[@]}
#### array append
a=(1); a+=(2 3); a[1]+=x; echo ${a[@]}
#### sparse array unset
a=(a b c d); unset 'a[1]'; echo ${#a[@]} ${!a[@]} ${a[@]}
#### array element of scalar
s=str; echo ${s[0]} ${#s[@]}
#### negative index
a=(1 2 3); echo ${a[-2]}; a[-1]=x; echo ${a[@]}
#### assoc arrays
declare -A m; m[k1]=v1; m[k2]=v2; echo ${m[k1]} ${#m[@]}; m[k1]+=x; echo ${m[k1]}
#### assoc literal
declare -A m=([a]=1 [b]=2); echo ${m[a]}${m[b]}; unset 'm[a]'; echo ${#m[@]}
#### assoc with variable key
declare -A m; k='x y'; m[$k]=1; echo ${m['x y']} ${m["$k"]}
#### declare -p scalar and array
x=1; a=(p 'q r'); declare -p x a
#### declare -p assoc
declare -A m=([k]=v); declare -p m
#### declare -p attributes
declare -ix n=3; declare -r r=x; declare -p n r
#### readonly
readonly r=1; r=2; echo no
#### readonly inline assignment
readonly r=1; r=2 true; echo $?
#### unset readonly
readonly r=1; unset r; echo $? $r
#### export
export E=1; declare -p E; export -n E; declare -p E
#### local outside function
local x=1; echo $?
#### local shadows and restores
x=1; f() { local x; x=2; echo $x; }; f; echo $x
#### local unset stays local
x=g; f() { local x=l; unset x; echo "[${x-unset}]"; }; f; echo $x
#### unset function
f() { echo f; }; unset -f f; f 2>/dev/null; echo $?
#### unset variable
x=1; unset x; echo "[${x-gone}]"
#### unset array element
a=(1 2 3); unset 'a[0]'; echo ${a[@]}
#### inline assignment temporary
x=1; x=2 eval 'echo $x'; echo $x
#### inline assignment exported to command
X=val sh_dummy=1 cat /dev/null; f() { echo $X; }; X=in f; echo "[$X]"
#### assignment-only status
x=$(false); echo $?; y=1; echo $?
#### invalid identifier
declare 1x=2; echo $?
#### unset invalid
unset 1x; echo $?
#### nameref
x=1; declare -n r=x; echo $r; r=2; echo $x
#### nameref to array element
a=(a b c); declare -n r='a[1]'; echo $r
#### declare -a conversion
x=s; declare -a x; echo ${x[0]} ${#x[@]}
#### append string
s=a; s+=b; s+=c; echo $s
#### declare global in function
f() { declare -g G=1; declare L=2; }; f; echo "$G [${L-}]"
#### set listing contains var
myvar=abc; set | grep '^myvar='
#### shopt
shopt -s nullglob; shopt nullglob; shopt -u nullglob; shopt -q nullglob; echo $?
#### shopt invalid
shopt -s nosuch; echo $?
#### set invalid option
set -q; echo $?
#### UID set
[[ -n $UID ]] && echo has-uid
#### PWD set
[[ $PWD == /* ]] && echo abs
#### assoc iteration order is bash's hash order
declare -A m=([a]=1 [b]=2 [c]=3 [d]=4 [zz]=5 [k1]=6 [hello]=7 [world]=8 [xy]=9); echo ${!m[@]}; echo ${m[@]}; m[new]=10; unset 'm[a]'; m[a]=11; echo ${!m[@]}
#### unquoted at with non-whitespace IFS keeps empty elements
set -- "" "" ""; IFS=x; printf '[%s]' =$@=; echo; printf '[%s]' $*; echo; IFS=' '; printf '[%s]' =$@=; echo
