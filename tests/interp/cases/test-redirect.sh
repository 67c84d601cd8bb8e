#### dbracket strings
[[ abc == abc ]] && echo eq; [[ abc != abd ]] && echo ne; [[ a < b ]] && echo lt; [[ b > a ]] && echo gt
#### dbracket patterns
[[ abc == a* ]] && echo glob; [[ abc == "a*" ]] || echo quoted-literal; x='a*'; [[ abc == $x ]] && echo var-glob
#### dbracket regex
[[ abc123 =~ ^[a-z]+([0-9]+)$ ]] && echo ${BASH_REMATCH[0]} ${BASH_REMATCH[1]}
#### dbracket regex quoted literal
[[ 'a.c' =~ "a.c" ]] && echo y1; [[ abc =~ "a.c" ]] || echo n1
#### dbracket regex no match clears
[[ x =~ y ]]; echo ${#BASH_REMATCH[@]}
#### dbracket numeric
[[ 10 -gt 9 ]] && echo gt; [[ 2 -eq 2 ]] && echo eq; x=3; [[ x+1 -eq 4 ]] && echo arith
#### dbracket logic
[[ -n a && ( -z "" || -n b ) ]] && echo ok; [[ ! -z a ]] && echo not
#### dbracket -v
x=1; a=(1); [[ -v x ]] && echo x; [[ -v y ]] || echo noy; [[ -v a[0] ]] && echo a0; [[ -v a[3] ]] || echo noa3
#### dbracket -o
set -u; [[ -o nounset ]] && echo on; [[ -o errexit ]] || echo off
#### dbracket empty
[[ "" ]] || echo empty; [[ x ]] && echo nonempty
#### dbracket file tests
[[ -e /dev/null ]] && echo e; [[ -f /dev/null ]] || echo notfile; [[ -d /nonexistent ]] || echo nodir
#### redirect devnull
echo hidden >/dev/null; echo shown; echo err 2>/dev/null >&2; echo ok
#### redirect stderr to stdout
{ echo out; echo err >&2; } 2>&1
#### redirect both to null
{ echo out; echo err >&2; } &>/dev/null; echo after
#### here doc
cat <<EOF2
line $((1+1))
  indented
EOF2
#### here doc quoted
x=1; cat <<'EOF2'
$x `no`
EOF2
#### here doc dash
cat <<-EOF2
	tab stripped
	EOF2
#### here string
cat <<< "hello $((2+3))"
#### input redirect missing file
cat < nofile; echo $?
#### fd duplication and close
{ echo to3 >&3; } 3>&1; echo x >&-; echo $?
#### exec redirection persists
exec 2>/dev/null; nosuchcommand; echo after
#### read from here doc in loop
while read -r a b; do echo "$b-$a"; done <<EOF2
1 one
2 two
EOF2
#### pipe into while read
printf 'x\ny\n' | while read -r l; do echo "got $l"; done
#### process substitution
cat <(echo from-procsubst)
#### while read from process substitution
while read -r l; do echo "[$l]"; done < <(printf 'a\nb\n')
#### pipe to head closes writer
yes | head -n 2
#### stderr pipe with pipe-and
{ echo o; echo e >&2; } |& cat
#### ambiguous redirect
x='a b'; echo hi > $x; echo $?
