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
