import { it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { formatPrintf } from '/work/main/src/interp/printf-format.js';
const convs = ['d', 'i', 'o', 'u', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 's', 'c', 'b', 'q'];
const flags = ['', '-', '+', ' ', '0', '#', '-0', '+0', '#0', ' 0'];
const widths = ['', '1', '5', '12', '*'];
const precs = ['', '.', '.0', '.1', '.3', '.10', '.*'];
const args = ['0', '1', '-1', '42', '-42', '3.14159', '-2.5', '0.5', '1e10', '1e-7', '123456789', 'abc', '', "'A", '0x1f', '077', '9223372036854775807', '-9223372036854775808', '2.5', '1.5', '0.125', '999.9995', 'a\\tb', 'x y', '100000', '1e100', '-0'];
let seed = 12345;
const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const pick = <T,>(a: T[]) => a[rnd(a.length)]!;
it('fuzz printf vs bash', () => {
  const cases: { fmt: string; args: string[] }[] = [];
  for (let k = 0; k < 1500; k++) {
    const c = pick(convs);
    const fmt = `%${pick(flags)}${pick(widths)}${pick(precs)}${c}|`;
    const a = [pick(args), pick(args), pick(args)];
    cases.push({ fmt, args: a });
  }
  const q = (s: string) => "'" + s.replace(/'/g, "'\\''") + "'";
  const script = cases.map((t) => `printf ${q(t.fmt)} ${t.args.map(q).join(' ')} 2>&1; printf '\\n<%d>\\n' $?`).join('\n');
  const r = spawnSync('/bin/bash', ['-c', script], { env: { LANG: 'C' }, encoding: 'latin1', maxBuffer: 1 << 26 });
  const outs = r.stdout.split(/\n<(\d+)>\n/);
  let bad = 0;
  for (let k = 0; k < cases.length; k++) {
    const bashOut = outs[2 * k]!.replace(/^\/bin\/bash: line \d+: printf: .*\n/gm, '').replace(/bash: line \d+: printf: [^\n]*\n/g, '');
    const bashStatus = Number(outs[2 * k + 1]);
    const res = formatPrintf(cases[k]!.fmt, cases[k]!.args);
    const mine = Buffer.from(res.output, 'utf8').toString('latin1');
    if (mine !== bashOut || res.status !== bashStatus) {
      if (bad++ < 25) console.log(JSON.stringify(cases[k]), '\n bash:', JSON.stringify(bashOut), bashStatus, '\n mine:', JSON.stringify(mine), res.status);
    }
  }
  console.log('bad', bad, 'of', cases.length);
});
