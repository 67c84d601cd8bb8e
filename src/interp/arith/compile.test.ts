// The compiled arithmetic (arith-compile.ts) against the tree-walking evaluator (arith.ts) it must
// equal: random expressions over literals, variables, every operator, assignments, skipped
// branches, division by zero and bad literals. Same value or same error message, same variables
// afterwards. Deterministic: a fixed-seed generator.
import { describe, expect, it } from 'vitest';
import type { ArithmExpr } from '../../syntax/ast.js';
import { parseArith } from '../../syntax/index.js';
import { ArithError, evalArith, type ArithEnv } from './evaluate.js';
import { evalArithCompiled } from './compile.js';

function rng(seed: number) {
  let s = seed;
  const rnd = (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return (s >>> 12) % n;
  };
  return { rnd, pick: <T>(a: readonly T[]): T => a[rnd(a.length)]! };
}

function makeEnv(vars: Map<string, string>, nounset = false): ArithEnv {
  return {
    get: (name, index) => vars.get(index === undefined ? name : `${name}[${index}]`),
    set: (name, value, index) => {
      vars.set(index === undefined ? name : `${name}[${index}]`, value);
    },
    expandWord: () => '0',
    parse: (src) => {
      try {
        return parseArith(src);
      } catch (e) {
        return { message: (e as Error).message };
      }
    },
    warn: () => {},
    isAssoc: () => false,
    nounset,
  };
}

type Outcome = { value?: string; error?: string; vars: [string, string][] };

function run(evaluate: typeof evalArith, x: ArithmExpr, text: string, nounset: boolean): Outcome {
  const vars = new Map([['a', '5'], ['b', '-3'], ['z', '0'], ['e', '2+3'], ['big', '9223372036854775807'], ['arr[1]', '7']]);
  const env = makeEnv(vars, nounset);
  try {
    const v = evaluate(x, env, { text, offset: 0 });
    return { value: String(v), vars: [...vars] };
  } catch (e) {
    if (!(e instanceof ArithError)) throw e;
    return { error: `${e.kind}: ${e.message}`, vars: [...vars] };
  }
}

const OPERANDS = ['0', '1', '7', '08', '0x1f', '2#101', '64#z', 'a', 'b', 'z', 'e', 'big', 'unset', 'arr[1]', 'arr[a-4]'];
const BINARY = ['+', '-', '*', '/', '%', '**', '<<', '>>', '&', '|', '^', '==', '!=', '<', '<=', '>', '>=', '&&', '||', ','];
const ASSIGN = ['=', '+=', '-=', '*=', '/=', '%=', '<<=', '>>=', '&=', '|=', '^='];
const TARGETS = ['a', 'b', 'z', 'n', 'arr[1]'];

function gen(r: ReturnType<typeof rng>, depth: number): string {
  const { rnd, pick } = r;
  if (depth > 3) return pick(OPERANDS);
  switch (rnd(9)) {
    case 0:
      return `${pick(['-', '+', '!', '~'])}${gen(r, depth + 1)}`;
    case 1:
      return rnd(2) ? `${pick(['++', '--'])}${pick(TARGETS)}` : `${pick(TARGETS)}${pick(['++', '--'])}`;
    case 2:
      return `${pick(TARGETS)} ${pick(ASSIGN)} ${gen(r, depth + 1)}`;
    case 3:
      return `${gen(r, depth + 1)} ? ${gen(r, depth + 1)} : ${gen(r, depth + 1)}`;
    case 4:
      return `(${gen(r, depth + 1)})`;
    case 5:
    case 6:
    case 7:
      return `${gen(r, depth + 1)} ${pick(BINARY)} ${gen(r, depth + 1)}`;
    default:
      return pick(OPERANDS);
  }
}

describe('compiled arithmetic equals the tree walker', () => {
  for (const nounset of [false, true]) {
    it(`random expressions${nounset ? ' under nounset' : ''}`, () => {
      const r = rng(nounset ? 29 : 17);
      const bad: string[] = [];
      let compared = 0;
      for (let k = 0; k < 3000; k++) {
        const text = gen(r, 0);
        let x: ArithmExpr | null;
        try {
          x = parseArith(text);
        } catch {
          continue;
        }
        if (x === null) continue;
        compared++;
        const want = run(evalArith, x, text, nounset);
        const got = run(evalArithCompiled, x, text, nounset);
        // twice: the second evaluation runs the cached closures
        const again = run(evalArithCompiled, x, text, nounset);
        if (JSON.stringify(want) !== JSON.stringify(got) || JSON.stringify(got) !== JSON.stringify(again)) {
          bad.push(`${text}\n  walker:   ${JSON.stringify(want)}\n  compiled: ${JSON.stringify(got)}`);
        }
      }
      expect(compared).toBeGreaterThan(1000);
      expect(bad.slice(0, 5)).toEqual([]);
    });
  }

  it('`$x` in the text is substituted before parsing, as bash does', () => {
    const text = '$e*2';
    const x = parseArith(text)!;
    const env = { ...makeEnv(new Map([['e', '1+2']])), expandWord: () => '1+2' };
    // 1+2*2, not (1+2)*2
    expect(evalArithCompiled(x, env, { text, offset: 0 })).toBe(5);
    expect(evalArith(x, env, { text, offset: 0 })).toBe(5);
  });
});
