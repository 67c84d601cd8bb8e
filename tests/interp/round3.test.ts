// Round-3 conformance fixes, each checked against bash 5.2 (LANG=C) output.
import { describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';

async function run(script: string) {
  const r = new Runner({ allowedCommands: 'all', allowedPaths: ['/tmp'], cwd: '/tmp', env: { HOME: '/h' } });
  const res = await r.run(script, { stdin: '' });
  return { out: res.stdout, err: res.stderr, code: res.exitCode };
}

describe('round 3', () => {
  it.each([
    ["var=V; echo \"${x:-'$var'}\"", "'V'\n"],
    ["var=V; echo \"${x:-'a\\$b'}\" \"${x:-'${var}x'}\"", "'a$b' 'Vx'\n"],
    ["echo \"${x:-'$(echo hi) `echo b` $((1+2))'}\"", "'hi b 3'\n"],
    ["var=V; echo \"${x:-'a b'}\" ${x:-'$var'}", "'a b' $var\n"],
    ["var=V; echo \"${x#'$var'}\" \"${var#'V'}\" \"${var/'V'/r}\"", '  r\n'],
  ])('%s', async (script, out) => {
    const r = await run(script);
    expect(r.out).toBe(out);
    expect(r.err).toBe('');
  });
});

describe('`!` and errexit', () => {
  it.each([
    // set -e run inside `! f` takes effect when errexit was off as `!` began
    ['foo() { set -e; false; echo executed; }; ! foo; echo after', '', 1],
    // …but not when it was already on
    ['set -e; foo() { set -e; false; echo executed; }; ! foo; echo after', 'executed\nafter\n', 0],
    ['f() { false; echo in; }; set -e; ! f; echo status $?', 'in\nstatus 1\n', 0],
    // the ERR trap stays quiet inside `! f` either way
    ['trap "echo ERR" ERR; foo() { false; echo in; }; ! foo; echo out', 'in\nout\n', 0],
    ['foo() { set -e; false; echo executed; }; if foo; then :; fi; foo && echo and', 'executed\nexecuted\nand\n', 0],
  ])('%s', async (script, out, code) => {
    const r = await run(script);
    expect(r).toEqual({ out, err: '', code });
  });
});

describe('${!a[@]} followed by an operator is an indirection', () => {
  it.each([
    ["declare -A ref=([k]=v1); v1=value; echo \"${!ref[@]:2}\" \"${!ref[@]#?}\" \"${!ref[@]@Q}\" ${!ref[@]}", "lue alue 'value' k\n"],
    ["ref=('a3[@]'); a3=(1 2 3); printf '<%s>' \"${!ref[@]:1}\" \"${!ref[@]/2/x}\"; echo", '<2><3><1><x><3>\n'],
    ["ref=(v2); v2=; echo \"${!ref[@]:=assign}\" $v2", 'assign assign\n'],
  ])('%s', async (script, out) => {
    const r = await run(script);
    expect(r).toEqual({ out, err: '', code: 0 });
  });
});

describe('arrays: keys with empty IFS, assoc slices, null tests through indirection', () => {
  it.each([
    ["IFS=''; a=(v1 v2 v3); printf '<%s>' ${!a[*]} ${!a[@]} \"${!a[*]}\"; echo", '<0 1 2><0><1><2><012>\n'],
    ['declare -A b=([x]=1 [y]=2 [z]=3); echo ${b[@]} : ${b[@]: -1} : ${b[@]: -2:1} : ${b[@]:0:1} : ${b[@]:1:1}: ${b[@]:2} : ${b[@]:5}', '3 2 1 : 1 : 2 : 3 : 3: 2 1 :\n'],
    ['set -- ""; r=@; echo "[${!r:-x}]"; a=(""); r="a[@]"; echo "[${!r:-x}] [${a[@]:-x}]"; a=(); echo "[${!r:-x}]"', '[]\n[] [x]\n[x]\n'],
  ])('%s', async (script, out) => {
    const r = await run(script);
    expect(r).toEqual({ out, err: '', code: 0 });
  });
});

describe('$_ after assignments and declarations', () => {
  it.each([
    [': foo; x=1; echo "[$_]"; : foo; x=1 >/dev/null; echo "[$_]"; : foo; x=$_; echo $x', '[]\n[]\nfoo\n'],
    ['declare s=bar; echo "[$_]"; declare -a q; echo "[$_]"; export e=1; echo "[$_]"', '[s=bar]\n[q]\n[e=1]\n'],
    ['declare a=(1 2); echo "[$_]"; declare -g d=(1); echo "[$_]"; f() { local z=1 y; echo "[$_]"; }; f', '[a]\n[d]\n[y]\n'],
    ['declare a[2]=4; echo "[$_]"; declare +x v=3; echo "[$_]"', '[a[2]=4]\n[v=3]\n'],
  ])('%s', async (script, out) => {
    const r = await run(script);
    expect(r).toEqual({ out, err: '', code: 0 });
  });
});

describe('declare -A over a scalar keeps it as [0]', () => {
  it('converts', async () => {
    const r = await run('s=hello; declare -A s; declare -p s; t=w; declare -A t+=([a]=x); declare -p t; u=w; declare -A u=([a]=x); declare -p u; w=1; declare -A w+=1 ; declare -p w');
    expect(r.out).toBe('declare -A s=([0]="hello" )\ndeclare -A t=([0]="w" [a]="x" )\ndeclare -A u=([a]="x" )\ndeclare -A w=([0]="11" )\n');
  });
});

describe('declare -a "x=(…)" parses the value at run time', () => {
  it('expands the words', async () => {
    const r = await run('v=V; declare "x=(1 2 3)"; declare -p x; declare -a "y=(1 $v \'a b\')"; declare -p y; declare -A "z=([k]=v)"; declare -p z; a=(a); declare -a "a+=(b c)"; declare -p a; declare -a "q=(1"; declare -p q');
    expect(r.out).toBe('declare -- x="(1 2 3)"\ndeclare -a y=([0]="1" [1]="V" [2]="a b")\ndeclare -A z=([k]="v" )\ndeclare -a a=([0]="a" [1]="b" [2]="c")\ndeclare -a q=([0]="(1")\n');
  });
});
