// Round-2 conformance fixes, each checked against bash 5.2 (LANG=C) output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runner } from '../../src/index.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rshell-round2-'));
  mkdirSync(join(dir, 'd'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(script: string) {
  const r = new Runner({ allowedCommands: 'all', allowedPaths: [dir], cwd: dir, env: { HOME: '/h' } });
  const res = await r.run(script, { stdin: '' });
  return { out: res.stdout, err: res.stderr, code: res.exitCode };
}

describe('round 2', () => {
  it.each([
    ['echo $(( "1 + 2" * 3 ))', '7\n'],
    ['x=1+2; echo $(($x*3)) $((x*3))', '7 9\n'],
    ['x=1+2; (( y = $x*3 )); let "z=$x*3"; echo $y $z', '7 7\n'],
    ['echo $(( 1 + $(echo 2+3) * 2 ))', '9\n'],
    ["printf 'a\\nb\\n' | { read x; cat; }", 'b\n'],
    ["printf 'a\\nb\\nc\\n' | { mapfile -n1 x; cat; }", 'b\nc\n'],
    ["{ read x; cat; } <<< $'a\\nb'", 'b\n'],
    ["printf 'a\\nb\\n' | { head -n1; cat; }", 'a\n'],
    ["s='_μ_ and _μ_'; echo ${s//_?_/foo} ${s//_??_/X}", '_μ_ and _μ_ X and X\n'],
    ['case __μ__ in __?__) echo yes;; *) echo no;; esac', 'no\n'],
    ['x=çx IFS=ç; printf "<%s>" $x; echo', '<><><x>\n'],
    ['set - +; set + -; echo $# "$@"', '1 +\n'],
    ['set -- -h; getopts h o; set --; getopts h o; echo $OPTIND', '1\n'],
    ['declare -A b=([k]=~ [j]=~/a); declare -a d=([1]=~/b); echo ${b[k]} ${b[j]} ${d[1]}', '~ ~/a /h/b\n'],
    ["i=1; a=([100+i++]=$((i++)) [200+i++]=$((i++))); echo ${!a[@]} ${a[@]}", '103 204 1 2\n'],
    ['a=([0]=1+2+3 [a[0]]=10 [a[6]]=hello); echo ${!a[@]}', '0 6 10\n'],
    ["printf '%s\\0' 1 3 | { mapfile -d '' arr; echo ${#arr[@]} \"${arr[1]}\"; }", '2 3\n'],
    ["set -- '' ''; IFS=; echo \"[${*:-m}]\" [${*:-m}] [${*:+p}]", '[m] [ ] [p]\n'],
    ['shopt -u globskipdots; echo d/.*', 'd/. d/..\n'],
  ])('%s', async (script, out) => {
    expect((await run(script)).out).toBe(out);
  });

  it('a directory as stdin fails on read, as in bash', async () => {
    expect(await run('cat < d; echo st=$?')).toEqual({ out: 'st=1\n', err: 'cat: -: Is a directory\n', code: 0 });
    expect(await run('read x < d; echo st=$?')).toEqual({ out: 'st=1\n', err: 'read: read error: 0: Is a directory\n', code: 0 });
  });

  it('bad literals report the literal as the error token', async () => {
    const r = await run('echo $(( 1 + 65#1 + 2 ))');
    expect(r.err).toContain('1 + 65#1: invalid arithmetic base (error token is "65#1")');
  });
});
