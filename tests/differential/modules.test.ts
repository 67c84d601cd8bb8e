// Differential tests against the real bash (the oracle): random printf formats, patterns and
// arithmetic expressions, each run by /bin/bash (LANG=C) in one process and by our modules.
// Skipped when /bin/bash is not bash 5.2. Deterministic: a fixed-seed generator.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseArith } from '../../src/syntax/index.js';
import { ArithError, evalArith } from '../../src/interp/arith/evaluate.js';
import { matchPattern, removePrefix, removeSuffix, replacePattern } from '../../lib/pattern/pattern.js';
import { formatPrintf } from '../../lib/printf/format.js';

const version = spawnSync('/bin/bash', ['-c', 'echo $BASH_VERSION'], { encoding: 'utf8' }).stdout ?? '';
const haveBash = version.startsWith('5.2');

function rng(seed: number) {
  let s = seed;
  const rnd = (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return (s >>> 12) % n;
  };
  return { rnd, pick: <T>(a: readonly T[]): T => a[rnd(a.length)]! };
}

const q = (s: string) => "'" + s.replace(/'/g, "'\\''") + "'";

function bash(script: string, encoding: 'utf8' | 'latin1' = 'utf8'): string {
  const r = spawnSync('/bin/bash', [], { input: script, env: { LANG: 'C' }, encoding, maxBuffer: 1 << 26 });
  return r.stdout;
}

describe.skipIf(!haveBash)('differential against bash 5.2', () => {
  it('printf conversions', () => {
    const { pick } = rng(7);
    const convs = ['d', 'i', 'o', 'u', 'x', 'X', 'e', 'E', 'f', 'g', 'G', 's', 'c', 'b', 'q'];
    const flags = ['', '-', '+', ' ', '0', '#', '-0', '#0'];
    const args = ['0', '-1', '42', '3.14159', '-2.5', '0.125', '999.9995', '1e100', '1e-7', "'A", '0x1f', '077',
      '9223372036854775807', 'abc', '', 'a\\tb', 'x y', '12abc', '2.675', '99.96', '-0'];
    const cases = Array.from({ length: 400 }, () => ({
      fmt: `%${pick(flags)}${pick(['', '1', '6', '12'])}${pick(['', '.', '.0', '.2', '.10'])}${pick(convs)}|`,
      args: [pick(args), pick(args)],
    }));
    const script = cases.map((c) => `printf ${q(c.fmt)} ${c.args.map(q).join(' ')} 2>/dev/null; printf '\\n<%d>\\n' $?`).join('\n');
    const outs = bash(script, 'latin1').split(/\n<(\d+)>\n/);
    const bad: string[] = [];
    cases.forEach((c, k) => {
      const r = formatPrintf(c.fmt, c.args);
      const mine = Buffer.from(r.output, 'utf8').toString('latin1');
      if (mine !== outs[2 * k] || String(r.status) !== outs[2 * k + 1]) bad.push(`${JSON.stringify(c)} bash=${JSON.stringify(outs[2 * k])} ours=${JSON.stringify(mine)}`);
    });
    expect(bad).toEqual([]);
  });

  it('patterns: [[ == ]], # ## % %% //', () => {
    const { rnd, pick } = rng(11);
    const atoms = ['a', 'b', '*', '?', '[ab]', '[!a]', '\\*', '.', '[[:alpha:]]'];
    const gen = (d: number): string => {
      let p = '';
      for (let i = 0, n = 1 + rnd(3); i < n; i++) {
        if (d < 2 && rnd(5) === 0) p += pick(['?(', '*(', '+(', '@(']) + gen(d + 1) + (rnd(2) ? '|' + gen(d + 1) : '') + ')';
        else p += pick(atoms);
      }
      return p;
    };
    const cases = Array.from({ length: 400 }, () => ({ s: Array.from({ length: rnd(5) }, () => pick(['a', 'b', '*', '.', 'ab'])).join(''), p: gen(0) }));
    const script = 'shopt -s extglob\n' + cases.map(({ s, p }) =>
      `s=${q(s)}; [[ $s == ${p} ]] && m=1 || m=0; printf '%s\\x01%s\\x01%s\\x01%s\\x01%s\\x01%s\\x02' $m "\${s#${p}}" "\${s##${p}}" "\${s%${p}}" "\${s%%${p}}" "\${s//${p}/X}"`).join('\n');
    const outs = bash(script).split('\x02');
    const X = { extglob: true };
    const bad: string[] = [];
    cases.forEach(({ s, p }, k) => {
      const mine = [matchPattern(s, p, X) ? '1' : '0', removePrefix(s, p, false, X), removePrefix(s, p, true, X),
        removeSuffix(s, p, false, X), removeSuffix(s, p, true, X), replacePattern(s, p, 'X', 'all', X)].join('\x01');
      if (mine !== outs[k]) bad.push(`${JSON.stringify({ s, p })} bash=${JSON.stringify(outs[k])} ours=${JSON.stringify(mine)}`);
    });
    expect(bad).toEqual([]);
  });

  it('arithmetic values and side effects', () => {
    const { rnd, pick } = rng(5);
    const lits = ['0', '1', '2', '7', '-1', '255', '0x1f', '010', '2#101', '64#zZ', '9223372036854775807', '3000000000', 'x', 'y', 'z'];
    const bin = ['+', '-', '*', '/', '%', '**', '<<', '>>', '&', '|', '^', '<', '>=', '==', '!=', '&&', '||', ','];
    const gen = (d: number): string => {
      const r = rnd(10);
      if (d > 3 || r < 3) return pick(lits);
      if (r < 5) return pick(['-', '!', '~']) + gen(d + 1);
      if (r < 6) return '(' + gen(d + 1) + ')';
      if (r < 7) return gen(d + 1) + ' ? ' + gen(d + 1) + ' : ' + gen(d + 1);
      if (r < 8) return pick(['x', 'y']) + pick(['=', '+=', '*=', '<<=']) + gen(d + 1);
      return gen(d + 1) + ' ' + pick(bin) + ' ' + gen(d + 1);
    };
    const cases: string[] = [];
    while (cases.length < 400) {
      const g = gen(0);
      if (!/--|\+\+/.test(g)) cases.push(g);
    }
    const outs = bash(cases.map((e) => `( x=3 y=-5 z='x+1'; echo "$(( ${e} )) $x $y" ) 2>/dev/null || echo ERR`).join('\n')).split('\n');
    const bad: string[] = [];
    cases.forEach((e, k) => {
      const vars: Record<string, string> = { x: '3', y: '-5', z: 'x+1' };
      let mine: string;
      try {
        const ast = parseArith(e)!;
        const env = {
          get: (n: string) => vars[n],
          set: (n: string, v: string) => void (vars[n] = v),
          expandWord: () => '',
          parse: (s: string) => {
            try {
              return parseArith(s);
            } catch {
              return null;
            }
          },
          warn: () => {},
          isAssoc: () => false,
        };
        mine = `${evalArith(ast, env, { text: e, offset: 0 })} ${vars.x} ${vars.y}`;
      } catch (err) {
        // a parse error (mvdan/sh rejects what bash rejects at run time) or a run-time ArithError
        if (!(err instanceof ArithError) && (err as Error).name !== 'ParseError') throw err;
        mine = 'ERR';
      }
      if (mine !== outs[k]) bad.push(`${JSON.stringify(e)} bash=${outs[k]} ours=${mine}`);
    });
    expect(bad).toEqual([]);
  });
});
