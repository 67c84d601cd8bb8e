import { it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { matchPattern, removePrefix, removeSuffix, replacePattern } from '/work/main/src/interp/pattern.js';
let seed = Number(process.env.SEED ?? 3);
const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const pick = <T,>(a: T[]) => a[rnd(a.length)]!;
const atoms = ['a', 'b', 'c', '*', '?', '[ab]', '[!a]', '[a-b]', '\\*', '.', '[[:alpha:]]', '[]a]'];
const ext = ['?(', '*(', '+(', '@(', '!('];
function genPat(depth: number): string {
  let p = '';
  const n = 1 + rnd(4);
  for (let i = 0; i < n; i++) {
    if (depth < 2 && rnd(5) === 0) p += pick(ext) + genPat(depth + 1) + (rnd(2) ? '|' + genPat(depth + 1) : '') + ')';
    else p += pick(atoms);
  }
  return p;
}
const genStr = () => { let s = ''; const n = rnd(6); for (let i = 0; i < n; i++) s += pick(['a', 'b', 'c', '*', '.', 'ab']); return s; };
it('pattern fuzz vs bash', () => {
  const cases: { s: string; p: string }[] = [];
  for (let k = 0; k < 1200; k++) cases.push({ s: genStr(), p: genPat(0) });
  const q = (s: string) => "'" + s.replace(/'/g, "'\\''") + "'";
  const script = 'shopt -s extglob\n' + cases.map((c) => `s=${q(c.s)}; [[ $s == ${c.p} ]] && m=1 || m=0; printf '%s\\x01%s\\x01%s\\x01%s\\x01%s\\x01%s\\x02' $m "\${s#${c.p}}" "\${s##${c.p}}" "\${s%${c.p}}" "\${s%%${c.p}}" "\${s//${c.p}/X}"`).join('\n');
  const r = spawnSync('/bin/bash', [], { input: script, env: { LANG: 'C' }, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.stderr) console.log(r.stderr.slice(0, 500));
  const outs = r.stdout.split('\x02');
  let bad = 0;
  const X = { extglob: true };
  for (let k = 0; k < cases.length; k++) {
    const { s, p } = cases[k]!;
    const mine = [matchPattern(s, p, X) ? '1' : '0', removePrefix(s, p, false, X), removePrefix(s, p, true, X), removeSuffix(s, p, false, X), removeSuffix(s, p, true, X), replacePattern(s, p, 'X', 'all', X)].join('\x01');
    if (mine !== outs[k]) { if (bad++ < 15) console.log(JSON.stringify({ s, p }), '\n bash:', JSON.stringify(outs[k]), '\n mine:', JSON.stringify(mine)); }
  }
  console.log('bad', bad, 'of', cases.length);
});
