import { it } from 'vitest';
import { matchPattern } from '/work/main/src/interp/pattern.js';
const X = { extglob: true };
it('x', () => {
  for (const [s, p] of [['foo.c','*.@(c|h)'],['foo.o','!(*.c)'],['aaab','+(a)b'],['b','*(a)b'],['ab','?(a)b'],['abab','*(ab|a@(b))'],['xyz.c','x!(y)z.c'],['xyz','!(x)*'],['x(a)','?(a)']])
    console.log(s, p, matchPattern(s, p, X));
  const s = 'a'.repeat(40);
  let t = Date.now();
  console.log(matchPattern(s + 'b', '*a*a*a*a*a*a*a*a*a*a*a*c'), Date.now() - t); t = Date.now();
  console.log(matchPattern(s.slice(0,25) + 'b', '*(a|aa)c', X), Date.now() - t); t = Date.now();
});
