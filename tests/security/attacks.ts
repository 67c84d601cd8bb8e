// The resource-attack corpus: scripts a model could write that try to exhaust the host's memory
// or hold its thread past the deadline. Each must end by its deadline (plus a small margin) with
// a non-zero status and a one-line reason, keep the host alive and under its heap cap, and leave
// the Runner usable for the next run (attacks.test.ts runs them).

export interface Attack {
  /** what it attacks, as the test names it */
  name: string;
  script: string;
  /** the run's timeout (ms); the run must end within it plus the margin */
  timeoutMs?: number;
  /** a file of this many zero bytes is `big` in the run's directory */
  bigFileBytes?: number;
  /** files (relative path → text) made in the run's directory first */
  files?: Record<string, string>;
  /** the Runner's allowedCommands; default 'all' */
  allowedCommands?: string[] | 'all';
  /**
   * ending normally in time (any status, no message) is right too: the attack's output goes to
   * `head`, which may end the pipeline as bash's would (the attacking stage then dies of SIGPIPE,
   * silently), or rshell's matcher is linear where a backtracking one is not, or the attack ends
   * with the real tool's answer (a back-reference pattern the step-counted matcher settles fast,
   * an unclosed extglob that simply does not match, a 1 MB pattern that compiles and runs)
   */
  mayFinish?: boolean;
  /** stderr is the attack's own flood: its size is not a message echoing a pattern */
  floodsStderr?: boolean;
}

/** 1 MB in a variable, made without a loop */
const MEG = 'x=$(printf "%01048576d" 0); ';

/** a pipeline into `head`: a zero status may be right (see Attack.mayFinish) */
const headed = (name: string, script: string): Attack => ({ name, script, mayFinish: true });

export const ATTACKS: Attack[] = [
  // ---------------------------------------------------------------- strings and arrays doubling
  { name: 'string doubling', script: 'x=x; while :; do x=$x$x; done' },
  { name: 'string += doubling', script: 's=x; while :; do s+=$s; done' },
  { name: 'array doubling with +=', script: 'a=({1..10000}); while :; do a+=("${a[@]}"); done' },
  { name: 'array doubling by reassignment', script: 'a=(x); while :; do a=("${a[@]}" "${a[@]}"); done' },
  { name: 'array doubling with a 1 MB element', script: `${MEG}a=("$x"); while :; do a+=("\${a[@]}"); done` },
  { name: 'associative array growth', script: 'declare -A m; i=0; while :; do m[k$i]=$i$i$i$i$i$i$i$i; ((i++)); done' },
  { name: 'associative array of 1 MB values', script: `${MEG}declare -A m; i=0; while :; do m[k$i]=$x; ((i++)); done` },
  { name: 'indexed array of 1 MB elements', script: `${MEG}i=0; while :; do a[i++]=$x; done` },
  { name: '4,000 variables of 1 MB by eval', script: `${MEG}for i in {1..4000}; do eval "v$i=\\$x"; done` },
  { name: '4,000 variables of 1 MB by printf -v', script: `${MEG}for i in {1..4000}; do printf -v v$i %s "$x"; done` },
  { name: 'positional parameters doubling', script: 'set -- a; while :; do set -- "$@" "$@"; done' },
  { name: '"$@" of 1 MB words doubling', script: `${MEG}set -- "$x"; while :; do set -- "$@" "$@"; done` },
  { name: 'string doubling through $( )', script: 's=x; while :; do s=$(printf "%s%s" "$s" "$s"); done' },
  { name: 'printf -v doubling', script: 's=x; while :; do printf -v s "%s%s" "$s" "$s"; done' },
  { name: 'local doubling in recursion', script: 'f(){ local s=$1$1; f "$s"; }; f x' },
  { name: '${x//?/$x} squaring', script: 'x=$(printf "%01000d" 0); while :; do x=${x//?/$x}; done' },
  { name: '100,000-element array copied in a loop', script: 'a=({1..100000}); while :; do b=("${a[@]}"); done' },
  { name: 'array from a doubling word split', script: 'x="a b"; while :; do x="$x $x"; a=($x); done' },
  // ---------------------------------------------------------------- brace and glob bombs
  headed('brace range of 10^8', 'echo {1..99999999} | head -c 10'),
  { name: 'brace range into an array', script: 'a=({1..99999999})' },
  headed('brace product of 2^30', `echo ${'{a,b}'.repeat(30)} | head -c 10`),
  { name: 'brace product built by printf and eval', script: 'x=$(printf "{a,b}%.0s" {1..60000}); eval "echo $x"' },
  { name: '250 KB of {a,b}', script: 'x=$(printf "{a,b}%.0s" {1..50000}); eval "a=($x)"' },
  { name: 'nested braces', script: 'x=$(printf "{a,%.0s" {1..20000})a$(printf "}%.0s" {1..20000}); eval "echo $x"' },
  { name: 'nested brace products', script: 'x=$(printf "{a,b,{c,d}%.0s" {1..2000})$(printf "}%.0s" {1..2000}); eval "echo $x$x$x"' },
  { name: 'brace ranges in a loop', script: 'while :; do a=({1..1000000}); done' },
  { name: 'glob bomb over many files', script: 'touch f{1..20000}; while :; do a=(* * * * * * * *); done' },
  { name: 'glob of a deep pattern', script: 'mkdir -p a/a/a/a/a/a/a/a; while :; do echo */*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/* >/dev/null; done' },
  { name: 'globstar in a loop', script: 'mkdir -p d{1..30}/e{1..30}; shopt -s globstar; while :; do a=(**); done' },
  { name: 'extglob nested stars', script: 'shopt -s extglob; x=$(printf "%01000d" 0); while :; do [[ $x == *(*(*(*(0))))1 ]]; done' },
  // ---------------------------------------------------------------- recursion and nesting
  { name: 'function recursion', script: 'f(){ f; }; f' },
  { name: 'mutual recursion', script: 'f(){ g; }; g(){ f; }; f' },
  { name: 'recursion with doubling arguments', script: 'f(){ f "$@" "$@"; }; f x' },
  { name: 'subshell recursion', script: 'f(){ (f); }; f' },
  { name: 'command substitution recursion', script: 'f(){ echo $(f); }; f' },
  { name: 'pipeline recursion', script: 'f(){ f | f; }; f' },
  { name: 'eval recursion', script: 'x=\'eval "$x"\'; eval "$x"' },
  { name: 'source recursion', script: 'echo "source ./r.sh" > r.sh; source ./r.sh' },
  { name: 'deeply nested subshells in the source text', script: 'x=$(printf "(%.0s" {1..100000}); eval "$x"' },
  { name: 'deeply nested arithmetic', script: 'x=$(printf "(%.0s" {1..100000})1$(printf ")%.0s" {1..100000}); echo $((x))' },
  { name: 'deep ${ } nesting', script: 'x=$(printf "\\${a:-%.0s" {1..50000}); eval "echo $x"' },
  { name: 'deep if nesting', script: 'x=$(printf "if :; then %.0s" {1..50000}); eval "$x"' },
  { name: 'deep $( ) nesting', script: 'x=$(printf "\\$(%.0s" {1..50000}); eval "echo $x"' },
  // ---------------------------------------------------------------- printf widths and precisions
  headed('printf huge width', 'printf "%2147483647d" 1 | head -c 10'),
  { name: 'printf huge width into a variable', script: 'printf -v x "%999999999d" 1' },
  headed('printf huge precision', 'printf "%.2147483647d" 1 | head -c 10'),
  headed('printf width by star', 'printf "%*d" 2000000000 1 | head -c 10'),
  { name: 'printf width loop into a variable', script: 's=; while :; do printf -v s "%s%100000d" "$s" 1; done' },
  // ---------------------------------------------------------------- loops into variables
  { name: 'seq into a variable', script: 'x=$(seq 1 100000000)' },
  { name: 'seq into an array', script: 'a=($(seq 1 100000000))' },
  { name: 'yes-like loop into a variable', script: 'x=$(while :; do echo y; done)' },
  { name: 'mapfile from an endless pipe', script: 'mapfile a < <(while :; do echo y; done)' },
  { name: 'mapfile from seq', script: 'mapfile a < <(seq 1 60000000)' },
  { name: 'read from /dev/zero', script: 'read x < /dev/zero' },
  { name: 'mapfile from /dev/zero', script: 'mapfile -d "" a < /dev/zero' },
  { name: 'read -d from an endless pipe', script: 'while :; do echo -n y; done | { read -d "" x; }' },
  { name: 'command substitution of /dev/zero', script: 'x=$(< /dev/zero)' },
  { name: 'cat /dev/zero into a variable', script: 'x=$(cat /dev/zero)' },
  // ---------------------------------------------------------------- commands over unbounded input
  { name: 'sort of an endless pipe (yes | sort)', script: 'while :; do echo y; done | sort' },
  { name: 'tac of an endless pipe', script: 'while :; do echo y; done | tac' },
  headed('sort of /dev/zero', 'sort /dev/zero | head -c 1'),
  headed('uniq of one endless line', 'tr -d "\\n" < /dev/zero | uniq | head -c 1'),
  { name: 'sed hold space doubling', script: 'echo x | sed ":a;h;G;ba"' },
  { name: 'sed pattern space doubling', script: 'echo x | sed ":a;s/.*/&&/;ba"' },
  { name: 'grep of one endless line', script: 'tr -d "\\n" < /dev/zero | grep -c x' },
  { name: 'sort of a 64 MB file', script: 'sort big | head -c 1', bigFileBytes: 64 * 1024 * 1024, mayFinish: true },
  { name: 'tac of a 64 MB file', script: 'tac big > /dev/null', bigFileBytes: 64 * 1024 * 1024, mayFinish: true },
  { name: 'a pipe never drained', script: 'while :; do echo y; done | { read x; while :; do :; done; }' },
  { name: 'od of /dev/zero into a variable', script: 'x=$(od -v /dev/zero)' },
  headed('xargs of an endless stream', 'while :; do echo y; done | xargs echo | head -c 1'),
  // ---------------------------------------------------------------- regular expressions
  { name: 'grep -E back-reference ReDoS', script: 'printf "%0200d\\n" 0 | tr 0 a | grep -E "(a*)(a*)(a*)(a*)(a*)(a*)b\\1"', mayFinish: true },
  { name: 'grep nested repetition', script: 'printf "%050d!\\n" 0 | grep -E "(0+)+$"', mayFinish: true },
  { name: 'grep -E back-reference ReDoS in a loop', script: 'x=$(printf "%030d" 0); while :; do echo "$x" | grep -E "(0*)(0*)(0*)1\\1"; done' },
  { name: 'sed back-reference ReDoS', script: 'printf "%0200d\\n" 0 | sed -E "s/(0*)(0*)(0*)(0*)(0*)(0*)1\\1/x/"', mayFinish: true },
  { name: '[[ =~ ]] back-reference ReDoS', script: 'x=$(printf "%0200d" 0); [[ $x =~ (0*)(0*)(0*)(0*)(0*)(0*)1\\1 ]]', mayFinish: true },
  { name: 'expr back-reference ReDoS', script: 'x=$(printf "%0200d" 0); expr "$x" : "\\(0*\\)\\(0*\\)\\(0*\\)\\(0*\\)\\(0*\\)\\(0*\\)1\\1"', mayFinish: true },
  { name: 'huge grep pattern', script: `${MEG}grep -c "$x" /dev/null`, mayFinish: true },
  { name: 'huge grep -w pattern', script: `${MEG}echo a | grep -w "$x"`, mayFinish: true },
  { name: 'huge sed pattern', script: `${MEG}echo a | sed "s/$x//"` },
  { name: 'huge [[ =~ ]] pattern', script: `${MEG}[[ a =~ $x ]]`, mayFinish: true },
  { name: 'huge find -name pattern', script: `${MEG}find . -name "$x"`, mayFinish: true },
  // ---------------------------------------------------------------- pattern operations
  { name: '${x//0*1/z} on 100 KB', script: 'x=$(printf "%0100000d" 0); y=${x//0*1/z}' },
  { name: '${x//@(0|00)1/z} extglob on 100 KB', script: 'shopt -s extglob; x=$(printf "%0100000d" 0); y=${x//@(0|00)1/z}' },
  { name: '100,000 unclosed @(a| in [[ == ]]', script: 'x=$(printf "@(a|%.0s" {1..100000}); [[ a == $x ]]', mayFinish: true },
  { name: '${x//0/1} on 1 MB in a loop', script: `${MEG}while :; do y=\${x//0/1}; done` },
  { name: 'case over a large subject', script: 'x=$(printf "%0200000d" 0); case $x in *1*1*1*1*1) echo m;; esac', mayFinish: true },
  { name: '${x#*1*1*1} on a large subject', script: 'x=$(printf "%0200000d" 0); y=${x##*1*1*1}', mayFinish: true },
  // ---------------------------------------------------------------- arithmetic, here-docs, output
  { name: 'arithmetic loop', script: 'i=0; while ((1)); do ((i++)); done' },
  { name: 'arithmetic for loop', script: 'for ((i=0;;i++)); do :; done' },
  { name: 'arithmetic exponent', script: 'while :; do : $((2**62**62**62)); done' },
  { name: 'here-doc bomb', script: `${MEG}while :; do cat <<EOF > /dev/null\n$x$x$x$x$x$x$x$x\nEOF\ndone` },
  { name: 'here-doc doubling', script: `s=x; while :; do s=$(cat <<EOF\n$s$s\nEOF\n); done` },
  { name: 'here-string doubling', script: 's=x; while :; do s=$(cat <<< "$s$s"); done' },
  { name: 'output flood', script: 'while :; do echo flood; done' },
  { name: 'stderr flood', script: 'while :; do echo flood >&2; done', floodsStderr: true },
  { name: 'output of a huge line', script: `${MEG}while :; do printf "%s" "$x"; done` },
  { name: 'file growth in the root', script: `${MEG}while :; do echo "$x" >> f; done` },
  // ---------------------------------------------------------------- allow-list gates
  { name: 'mapfile under an echo-only allow-list', script: 'mapfile a < f', allowedCommands: ['rshell:echo'], files: { f: 'x\n' } },
  { name: 'readarray under an echo-only allow-list', script: 'readarray a < f', allowedCommands: ['rshell:echo'], files: { f: 'x\n' } },
  { name: 'source under an echo-only allow-list', script: 'source ./f', allowedCommands: ['rshell:echo'], files: { f: 'echo leaked\n' } },
];
