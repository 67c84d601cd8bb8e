import { it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { parseArith } from '/work/main/src/syntax/index.js';
import { ArithError, evalArith } from '/work/main/src/interp/arith.js';
let seed = Number(process.env.SEED ?? 303);
const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return (seed >>> 12) % n; };
const pick = <T,>(a: T[]) => a[rnd(a.length)]!;
const lits = ['0', '1', '2', '3', '7', '-1', '10', '255', '0x1f', '010', '2#101', '64#zZ', '9223372036854775807', '4294967296', '3000000000', 'x', 'y', 'z'];
const bin = ['+', '-', '*', '/', '%', '**', '<<', '>>', '&', '|', '^', '<', '>', '<=', '>=', '==', '!=', '&&', '||', ','];
const un = ['-', '+', '!', '~'];
function gen(d: number): string {
  const r = rnd(10);
  if (d > 3 || r < 3) return pick(lits);
  if (r < 5) return pick(un) + gen(d + 1);
  if (r < 6) return '(' + gen(d + 1) + ')';
  if (r < 7) return gen(d + 1) + ' ? ' + gen(d + 1) + ' : ' + gen(d + 1);
  if (r < 8) return pick(['x', 'y']) + pick(['=', '+=', '*=', '-=', '<<=', '^=']) + gen(d + 1);
  return gen(d + 1) + ' ' + pick(bin) + ' ' + gen(d + 1);
}
it('arith fuzz vs bash', () => {
  const cases: string[] = [];
  while (cases.length < 1500) { const g = gen(0); if (!/--|\+\+/.test(g)) cases.push(g); }
  const script = cases.map((e) => `x=3 y=-5 z='x+1'; echo "$(( ${e} )) $x $y" 2>&1 || echo ERR`).map((l) => `( ${l} ) 2>/dev/null || echo ERR`).join('\n');
  const r = spawnSync('/bin/bash', [], { input: script, env: { LANG: 'C' }, encoding: 'utf8', maxBuffer: 1 << 26 });
  const outs = r.stdout.split('\n');
  let bad = 0;
  for (let k = 0; k < cases.length; k++) {
    const vars: Record<string, string> = { x: '3', y: '-5', z: 'x+1' };
    let mine: string;
    try {
      const ast = parseArith(cases[k]!);
      const v = evalArith(ast, {
        get: (n) => vars[n], set: (n, val) => { vars[n] = val; }, expandWord: () => '', parse: (s) => { try { return parseArith(s); } catch { return null; } }, isAssoc: () => false,
      }, { text: cases[k]!, offset: 0 });
      mine = `${v} ${vars.x} ${vars.y}`;
    } catch (e) {
      if (!(e instanceof ArithError) && !(e instanceof Error)) throw e;
      mine = 'ERR';
    }
    if (mine !== outs[k]) { if (bad++ < 12) console.log(JSON.stringify(cases[k]), '\n bash:', outs[k], '\n mine:', mine); }
  }
  console.log('bad', bad, 'of', cases.length);
});
