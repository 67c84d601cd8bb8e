// Grammar-based generator of scripts to *run* (fast-check): random compositions of loops,
// expansions, arrays, functions, subshells, pipelines, commands from the allow-list and
// redirections, over a few files in the root and a few paths that lead outside it (the canary
// directory `../outside`, its absolute path in $OUT, `/`). Loops are mostly bounded, so most
// scripts end on their own; a few `while :` loops end on the deadline.

import fc from 'fast-check';

type Arb = fc.Arbitrary<string>;

const names = fc.constantFrom('a', 'b', 'x', 'i', 'arr', 'm', 'REPLY');

/** paths in the root, and ones that try to leave it */
export const insidePaths = ['f1', 'f2', 'd1', 'd1/f3', 'd1/d2', 'new', 'd1/new', '.', '*', 'd1/*', '/dev/null'];
const outsidePaths = [
  '../outside/secret.txt', '../outside', '$OUT/secret.txt', '$OUT', '$OUT/sub/secret2.txt', '../outside/*', '/', '..', '../..', '$OUT/new', '../outside/new', '../new',
  // after a `cd ..` or `cd /` (the root's ancestors are traversable): relative to there
  'outside/secret.txt', 'outside', 'outside/*', '*/*', '*/sub/*', '$OUT/../*', '/proc/self/root$OUT/secret.txt', '/dev/fd/0', '~',
];
const path: Arb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...insidePaths) }, { weight: 1, arbitrary: fc.constantFrom(...outsidePaths) });

const literal = fc.constantFrom('foo', 'a b', 'x', '1', '42', '-n', '*', '?', '[ab]*', '{1..5}', '{a,b}c', 'a,b', '', "'q q'", '"d q"', '$\'\\n\'', 'é', '0', '-1', '9999');
const small = fc.integer({ min: 0, max: 20 }).map(String);

const arith: Arb = fc.letrec((tie) => ({
  e: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('1', '2', 'i', 'x', 'i+1', '${#arr[@]}', 'RANDOM%7'),
    fc.tuple(tie('e') as Arb, fc.constantFrom('+', '-', '*', '/', '%', '**', '<<', '<', '==', '&&', '||', '^'), tie('e') as Arb).map(([a, o, b]) => `${a}${o}${b}`),
    fc.tuple(names, fc.constantFrom('=', '+=', '*=')).map(([n, o]) => `${n}${o}2`),
    names.map((n) => `${n}++`),
  ),
})).e;

function word(depth: number): Arb {
  const leaf: Arb = fc.oneof(
    { weight: 3, arbitrary: literal },
    { weight: 2, arbitrary: path },
    small,
    names.map((n) => `$${n}`),
    names.map((n) => `"$${n}"`),
    fc.constantFrom('"${arr[@]}"', '${arr[*]}', '${#arr[@]}', '${!arr[@]}', '"${m[@]}"', '${m[k]}', '"$@"', '$#', '$?', '${x:-d}', '${x:=d}', '${x:+p}', '${x#*a}', '${x%%b*}', '${x//a/bb}', '${x/#f/g}', '${x^^}', '${x,,}', '${x:1:2}', '${#x}', '${x@Q}', '${!x}', '$RANDOM', '$PWD', '~', '$OUT'),
    arith.map((a) => `$((${a}))`),
  );
  if (depth <= 0) return leaf;
  return fc.oneof(
    { weight: 5, arbitrary: leaf },
    fc.tuple(leaf, leaf).map(([a, b]) => a + b),
    fc.array(leaf, { minLength: 1, maxLength: 3 }).map((ws) => `"${ws.join(' ').replace(/"/g, '')}"`),
    command(depth - 1).map((c) => `$(${c})`),
    command(depth - 1).map((c) => `<(${c})`),
  );
}

const redirect = (w: Arb): Arb =>
  fc.oneof(
    fc.tuple(fc.constantFrom('>', '>>', '<', '2>', '&>', '<>', '>|', '2>>'), path).map(([o, p]) => `${o} ${p}`),
    fc.constantFrom('2>&1', '2>/dev/null', '>/dev/null', '>&2'),
    w.map((x) => `<<< ${x}`),
  );

/** a command from the allow-list, with arguments that fit it */
function simple(depth: number): Arb {
  const w = word(Math.max(0, depth - 1));
  const ws = fc.array(w, { maxLength: 3 }).map((a) => a.join(' '));
  const p = path;
  const cmd = fc.oneof(
    { weight: 3, arbitrary: ws.map((a) => `echo ${a}`) },
    fc.tuple(fc.constantFrom("'%s\\n'", "'%d %s'", "'%5.2s|'", "'%q\\n'", "'%b'", "-v x '%s'"), ws).map(([f, a]) => `printf ${f} ${a}`),
    fc.tuple(fc.constantFrom('cat', 'wc -l', 'sort', 'sort -u', 'tac', 'uniq', 'head -n 2', 'tail -n 1', 'od -c', 'cut -c1-3', 'stat -c %s', 'du', 'ls', 'ls -la', 'strings', 'md5sum'), p).map(([c, a]) => `${c} ${a}`),
    fc.tuple(fc.constantFrom('grep', 'grep -E', 'grep -c', 'grep -rl'), fc.constantFrom('a', 'x|y', '^f', '(a)\\1', 'o*'), p).map(([c, r, a]) => `${c} '${r}' ${a}`),
    fc.tuple(fc.constantFrom('s/a/b/', 's/o*/X/g', 'p', '1d', 's/\\(.\\)/\\1\\1/', '$!N', 'w new'), p).map(([e, a]) => `sed '${e}' ${a}`),
    fc.tuple(fc.constantFrom('mkdir -p', 'touch', 'rm -f', 'rm -rf', 'truncate -s 3', 'cd', 'test -e', 'test -f', '[ -d', 'basename', 'dirname', 'source', '.', 'find'), p).map(([c, a]) => (c === '[ -d' ? `[ -d ${a} ]` : `${c} ${a}`)),
    fc.tuple(fc.constantFrom('cp', 'mv', 'cp -r', 'tee', 'paste', 'sort -o'), p, p).map(([c, a, b]) => `${c} ${a} ${b}`),
    fc.tuple(fc.constantFrom('find'), p, fc.constantFrom('-name "*"', '-type f', '-maxdepth 1', '-newer f1', '-empty')).map(([c, a, o]) => `${c} ${a} ${o}`),
    fc.tuple(small, small).map(([a, b]) => `seq ${a} ${b}`),
    fc.tuple(fc.constantFrom('tr a b', 'tr -d x', 'xargs echo', 'xargs -n1 echo', 'wc -c', 'head -c 5', 'sort -r', 'cat -A', 'expr 1 + 2')).map(([c]) => c),
    fc.tuple(fc.constantFrom('read', 'read -r x', 'read -a arr', 'mapfile -t arr', 'readarray arr'), fc.oneof(p.map((x) => `< ${x}`), fc.constant(''))).map(([c, r]) => `${c} ${r}`),
    fc.tuple(names, w).map(([n, v]) => `${n}=${v}`),
    fc.tuple(names, w).map(([n, v]) => `${n}+=${v}`),
    fc.tuple(names, fc.array(w, { maxLength: 3 })).map(([n, v]) => `${n}=(${v.join(' ')})`),
    fc.tuple(names, fc.array(w, { maxLength: 3 })).map(([n, v]) => `${n}+=(${v.join(' ')})`),
    fc.tuple(small, w).map(([i, v]) => `arr[${i}]=${v}`),
    w.map((v) => `declare -A m; m[k]=${v}; m[$RANDOM]=1`),
    fc.tuple(fc.constantFrom('unset', 'export', 'local', 'readonly', 'declare -i', 'declare -a', 'shift', 'set --'), names).map(([c, n]) => `${c} ${n}`),
    ws.map((a) => `set -- ${a}`),
    ws.map((a) => `eval ${JSON.stringify(a)}`),
    arith.map((a) => `((${a}))`),
    arith.map((a) => `let "${a}"`),
    fc.tuple(w, fc.constantFrom('==', '!=', '=~', '<'), fc.constantFrom('a*', '@(a|b)', '(a)(b)?', '[0-9]+', '*')).map(([a, o, b]) => `[[ ${a} ${o} ${b} ]]`),
    // file names reaching a command by its options and scripts, not as operands
    fc.tuple(fc.constantFrom("sed 'r %P' f1", "sed 'R %P' f1", "sed 'w %P' f1", "sed -n 'W %P' f1", "sed -i s/a/b/ %P", 'grep -f %P f1', 'grep -r CANARY %P', 'sort -o %P f1', 'tee -a %P < f1', 'xargs -a %P echo', 'xargs cat <<< %P', 'find %P -exec cat {} +', 'find %P -exec cat {} \\;', 'find %P -fprint f9', 'ls -R %P', 'du -a %P', 'stat -c %n %P/*', 'cp -t %P f1', 'mv -t %P f2', 'cp -r %P d1', 'exec 3< %P; cat <&3', 'exec 4> %P; echo x >&4', 'cat < %P', 'source %P', 'readarray -t arr < %P; echo "${arr[@]}"', 'od -c %P', 'strings %P', 'paste %P f1', 'head -c 100 %P', 'tail -c 100 %P', 'cut -c1-9 %P', 'uniq %P new', 'truncate -s 0 %P', 'rm -rf %P', 'mkdir %P/x', 'touch %P/x', 'mv %P d1', 'cd %P && cat *', 'cd %P && ls -a', 'pushd %P; cat secret.txt; popd'), path).map(([t, p]) => t.replaceAll('%P', p)),
    fc.constantFrom(':', 'true', 'false', 'pwd', 'cd', 'cd -', 'shopt -s extglob', 'shopt -s globstar nullglob', 'set -e', 'set +e', 'set -u', 'set -o pipefail', 'break', 'continue', 'return 3', 'exit 4', 'wait', 'f', 'g x y', 'type cat', 'hash', 'trap "echo t" EXIT', 'echo $((1/0))', 'printf "%2000000d" 1 > /dev/null'),
  );
  return fc.tuple(cmd, fc.array(redirect(w), { maxLength: 2 })).map(([c, rs]) => [c, ...rs].join(' '));
}

export function command(depth: number): Arb {
  const s = simple(depth);
  if (depth <= 0) return s;
  const sub = command(depth - 1);
  const list = fc.array(sub, { minLength: 1, maxLength: 3 }).map((cs) => cs.join('; '));
  return fc.oneof(
    { weight: 6, arbitrary: s },
    fc.tuple(sub, fc.constantFrom(' | ', ' && ', ' || ', ' |& '), sub).map(([a, o, b]) => a + o + b),
    fc.tuple(list, list, list).map(([c, t, e]) => `if ${c}; then ${t}; else ${e}; fi`),
    fc.tuple(small, list).map(([n, b]) => `i=0; while ((i++ < ${n})); do ${b}; done`),
    fc.tuple(names, fc.array(word(0), { maxLength: 4 }), list).map(([n, ws, b]) => `for ${n} in ${ws.join(' ')}; do ${b}; done`),
    fc.tuple(small, list).map(([n, b]) => `for ((j=0; j<${n}; j++)); do ${b}; done`),
    fc.tuple(word(0), list, list).map(([w, a, b]) => `case ${w} in a*|"") ${a};; *) ${b};; esac`),
    list.map((l) => `( ${l} )`),
    list.map((l) => `{ ${l}; }`),
    fc.tuple(fc.constantFrom('f', 'g'), list).map(([n, b]) => `${n}() { local x=$1; ${b}; }`),
    list.map((l) => `x=$(${l})`),
  );
}

/** a here-document ends its line: it stands alone, between commands */
const heredoc: Arb = fc
  .tuple(fc.constantFrom('cat', 'sort', 'read -r x', 'mapfile arr', 'sed s/a/b/', 'tee new'), fc.array(word(1), { maxLength: 3 }), fc.constantFrom('EOF', "'EOF'"))
  .map(([c, ws, d]) => `${c} <<${d}\n${ws.join(' ').replace(/EOF/g, '')}\nEOF`);

/** a whole script: a few commands, one per line; now and then an endless loop, which ends on the deadline */
export const scriptArb: Arb = fc
  .array(
    fc.oneof(
      { weight: 60, arbitrary: command(2) },
      { weight: 6, arbitrary: heredoc },
      { weight: 1, arbitrary: command(1).map((c) => `while :; do ${c}; done`) },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((cs) => cs.join('\n'));
