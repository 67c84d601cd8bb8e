// arith-direct.ts: the direct arithmetic of loops (issue 7, cold loops) must give what the general
// path gives, and what bash gives. Two checks: scripts against bash 5.2 on the values where a
// shortcut could go wrong, and a property test that evaluates random expressions over random
// variable values both through `((…))` / `$((…))` (direct when the shape allows) and through
// `let` (always the general path), comparing output, status and error text.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Runner } from '../../index.js';
import { plainDecimal } from './arith-direct.js';

const version = spawnSync('/bin/bash', ['-c', 'echo $BASH_VERSION'], { encoding: 'utf8' }).stdout ?? '';
const haveBash = version.startsWith('5.2');

function bash(script: string): { stdout: string; stderr: string; status: number } {
  const r = spawnSync('/bin/bash', [], { input: script, env: { LANG: 'C', PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr.replace(/^(\/bin\/)?bash: line \d+: /gm, ''), status: r.status ?? -1 };
}

async function ours(script: string): Promise<{ stdout: string; stderr: string; status: number }> {
  const r = await new Runner({ allowedCommands: 'all' }).run(script);
  return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', status: r.exitCode };
}

describe('plainDecimal', () => {
  it('reads plain decimals and refuses everything bash reads otherwise', () => {
    expect([ '0', '7', '-7', '-0', '123456789012345', '-123456789012345'].map(plainDecimal)).toEqual([0, 7, -7, 0, 123456789012345, -123456789012345]);
    for (const s of ['', '-', '07', '-07', '00', '0x1', ' 1', '1 ', '+1', '1e3', '1234567890123456', 'a', '1+1', '--1']) {
      expect(plainDecimal(s)).toBeNaN();
    }
  });
});

const SCRIPTS: Record<string, string> = {
  'counters and conditions': 'i=0; n=0; while ((i<7)); do ((i++)); ((n+=i)); done; echo $i $n; for ((j=10; j>0; j-=3)); do echo -n "$j "; done; echo; k=5; echo $((k--)) $k $((--k)) $((++k)) $((k++)) $k',
  'values the direct path leaves to the general one': 'for v in "" " 5" 08 010 0x1f 1+2 -0 -5 9007199254740991 9223372036854775807 abc; do x=$v; echo "[$v] $((x+1)) $((x*2)) $((x<3)) $((-x))"; done',
  'unset, arrays, namerefs, readonly, integer, case attributes': 'echo $((u+1)); a=(7 8); echo $((a+1)); ((a++)); echo ${a[@]}; declare -n r=t; t=4; ((r+=2)); echo $t; readonly ro=1; ((ro++)); echo $ro $?; declare -i ii=3; ((ii*=5)); echo $ii; declare -u up=1; ((up+=1)); echo $up',
  'overflow past 2^53 and division': 'm=9007199254740991; echo $((m+1)) $((m+m)) $((m*3)) $((-m-2)) $((m/2)) $((m%7)) $((-9/2)) $((-9%2)) $((9/-2))',
  'errors: division by zero, nounset': 'x=3; echo $((x/0)); echo next; ((x%=0)); echo $? $x; set -u; echo $((x+1)); ((nope++)); echo unreached',
  'logic with unset and zero operands': 'z=0; echo $((z && y)) $((1 || y)) $((z || 2)) $((!z)) $((!5)) $((z==0)) $((z!=0)); set -u; echo $((0 && y)) $((1 || y))',
  'assignment inside a loop condition and $((…)) in assignments': 'i=0; while ((i+=2, i<9)); do :; done; echo $i; n=0; for w in a b c; do n=$((n+1)); done; echo $n; s=0; for ((i=0;i<4;i++)); do s=$((s+i*i)); done; echo $s',
  'allexport': 'set -a; c=1; ((c++)); declare -p c; d=$((c*3)); declare -p d',
  'assignments of one $((…))': 'n=0; for w in a b c; do n=$((n+1)); done; echo $n; declare -i q; q=$((3+4)); echo $q; s=ab; s=$((s)); echo $s; t=$((010)); echo $t; u=$((zz+1)); echo $u; x=$((1/0)); echo after',
  'assignment of $((…)) to a readonly variable': 'm=$((2)); readonly m; m=$((m+1)); echo unreached',
  'functions and locals': 'f(){ local i=1; ((i+=10)); echo $i; ((g++)); }; g=5; f; f; echo $g $i',
};

describe.skipIf(!haveBash)('direct arithmetic against bash 5.2', () => {
  for (const [name, script] of Object.entries(SCRIPTS)) {
    it(name, async () => {
      const want = bash(script);
      const got = await ours(script);
      expect(got.stdout).toBe(want.stdout);
      expect(got.status).toBe(want.status);
      expect(got.stderr).toBe(want.stderr);
    });
  }
});

// ---------------------------------------------------------------- direct against general

const VALUES = ['0', '1', '-1', '7', '-12', '', '08', '0x10', '2+3', ' 4', '9007199254740991', '-9007199254740991', 'abc'];
const NAMES = ['a', 'b', 'c'];
const BINARY = ['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '&&', '||'];

const operand = fc.oneof(fc.constantFrom(...NAMES), fc.constantFrom('0', '1', '3', '100', '9007199254740991'));
const expr: fc.Arbitrary<string> = fc.letrec((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    operand,
    fc.tuple(tie('e'), fc.constantFrom(...BINARY), tie('e')).map(([x, op, y]) => `${x}${op}${y}`),
    tie('e').map((x) => `(${x})`),
    fc.tuple(fc.constantFrom('-', '!'), tie('e')).map(([op, x]) => `${op}(${x})`),
  ),
})).e as fc.Arbitrary<string>;
const top = fc.oneof(
  expr,
  fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom('++', '--')).map(([n, op]) => `${n}${op}`),
  fc.tuple(fc.constantFrom('++', '--'), fc.constantFrom(...NAMES)).map(([op, n]) => `${op}${n}`),
  fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom('=', '+=', '-=', '*=', '/=', '%='), expr).map(([n, op, x]) => `${n}${op}${x}`),
);
const setup = fc.tuple(...NAMES.map(() => fc.option(fc.constantFrom(...VALUES), { nil: undefined })));

function script(values: (string | undefined)[], body: string): string {
  const init = values.map((v, i) => (v === undefined ? `unset ${NAMES[i]}` : `${NAMES[i]}='${v}'`)).join('; ');
  return `${init}; ${body}; echo "st=$? a=$a b=$b c=$c"`;
}

describe('direct arithmetic against the general path (let)', () => {
  it('gives the same values, statuses, assignments and errors', async () => {
    await fc.assert(
      fc.asyncProperty(setup, top, async (values, x) => {
        const direct = await ours(script(values, `((${x}))`));
        const general = await ours(script(values, `let '${x}'`));
        expect(direct.stdout).toBe(general.stdout);
        expect(direct.status).toBe(general.status);
        expect(direct.stderr.replace(/^\(\(: /gm, '')).toBe(general.stderr.replace(/^let: /gm, ''));
        const expanded = await ours(script(values, `echo "v=$((${x}))"`));
        const viaLet = await ours(script(values, `let 'v=(${x})'; echo "v=$v"`));
        if (expanded.stderr === '') expect(expanded.stdout).toBe(viaLet.stdout);
      }),
      { numRuns: 300 },
    );
  });
});
