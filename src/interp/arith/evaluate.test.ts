import { describe, expect, it } from 'vitest';
import type { ArithmExpr, BinAritOperator, Word } from '../../syntax/ast.js';
import { ArithError, evalArith, type ArithEnv } from './evaluate.js';

// A small arithmetic parser for these tests only (the real one lives in src/syntax/), producing
// mvdan/sh's node shapes with offsets into the source text.
const BIN_LEVELS: string[][] = [
  ['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<=', '>=', '<', '>'], ['<<', '>>'], ['+', '-'], ['*', '/', '%'],
];
const ASSIGN_OPS = ['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>='];
const OPS = ['<<=', '>>=', '**', '++', '--', '||', '&&', '==', '!=', '<=', '>=', '<<', '>>', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=',
  '+', '-', '*', '/', '%', '<', '>', '=', '!', '~', '&', '|', '^', '?', ':', ',', '(', ')', '[', ']'];

function parse(src: string): ArithmExpr {
  let i = 0;
  const ws = () => { while (src[i] === ' ') i++; };
  const peekOp = (): string | null => { ws(); for (const o of OPS) if (src.startsWith(o, i)) return o; return null; };
  const take = (o: string) => { ws(); if (!src.startsWith(o, i)) throw new Error(`expected ${o} at ${i}`); i += o.length; };
  const lit = (start: number, end: number) => ({ type: 'Lit' as const, Pos: start, End: end, ValuePos: start, ValueEnd: end, Value: src.slice(start, end) });
  const word = (parts: Word['Parts'], start: number): Word => ({ type: 'Word', Pos: start, End: i, Parts: parts });
  function primary(): ArithmExpr {
    ws();
    const start = i;
    if (src[i] === '(') { i++; const x = comma(); take(')'); return { type: 'ParenArithm', Pos: start, End: i, Lparen: start, Rparen: i - 1, X: x }; }
    const dollar = src[i] === '$';
    if (dollar) i++;
    const nameStart = i;
    while (i < src.length && /[A-Za-z0-9_#@]/.test(src[i]!)) i++;
    if (i === nameStart) throw new Error(`operand expected at ${i}`);
    const name = lit(nameStart, i);
    if (!dollar && src[i] !== '[') return word([name], start);
    let index: ArithmExpr | null = null;
    if (src[i] === '[') { i++; index = comma(); take(']'); }
    return word([{ type: 'ParamExp', Pos: start, End: i, Dollar: start, Rbrace: -1, Short: true, Excl: false, Length: false, Width: false,
      Param: name, Index: index, Slice: null, Repl: null, Names: null, Exp: null }], start);
  }
  function unary(): ArithmExpr {
    const o = peekOp();
    const start = i;
    if (o === '++' || o === '--' || o === '!' || o === '~' || o === '+' || o === '-') {
      i += o.length;
      const x = unary();
      return { type: 'UnaryArithm', Pos: start, End: i, OpPos: start, Op: o, Post: false, X: x };
    }
    let x = primary();
    const p = peekOp();
    if (p === '++' || p === '--') { const at = i; i += 2; x = { type: 'UnaryArithm', Pos: x.Pos, End: i, OpPos: at, Op: p, Post: true, X: x }; }
    return x;
  }
  function power(): ArithmExpr {
    const x = unary();
    if (peekOp() === '**') { const at = i; i += 2; const y = power(); return bin(x, '**', y, at); }
    return x;
  }
  function bin(x: ArithmExpr, op: string, y: ArithmExpr, at: number): ArithmExpr {
    return { type: 'BinaryArithm', Pos: x.Pos, End: y.End, OpPos: at, Op: op as BinAritOperator, X: x, Y: y };
  }
  function level(n: number): ArithmExpr {
    if (n === BIN_LEVELS.length) return power();
    let x = level(n + 1);
    for (;;) {
      const o = peekOp();
      if (!o || !BIN_LEVELS[n]!.includes(o)) return x;
      const at = i; i += o.length;
      x = bin(x, o, level(n + 1), at);
    }
  }
  function ternary(): ArithmExpr {
    const c = level(0);
    if (peekOp() !== '?') return c;
    const q = i; i++;
    const a = assignment();
    take(':');
    const colon = i - 1;
    const b = assignment();
    return bin(c, '?', bin(a, ':', b, colon), q);
  }
  function assignment(): ArithmExpr {
    const x = ternary();
    const o = peekOp();
    if (o && ASSIGN_OPS.includes(o)) { const at = i; i += o.length; return bin(x, o, assignment(), at); }
    return x;
  }
  function comma(): ArithmExpr {
    let x = assignment();
    while (peekOp() === ',') { const at = i; i++; x = bin(x, ',', assignment(), at); }
    return x;
  }
  const x = comma();
  ws();
  if (i < src.length) throw new Error(`trailing input at ${i}`);
  return x;
}

function makeEnv(vars: Record<string, string> = {}, assoc: string[] = []): ArithEnv & { vars: Record<string, string> } {
  const env = {
    vars,
    get: (name: string, index?: string) => vars[index === undefined ? name : `${name}[${index}]`],
    set: (name: string, value: string, index?: string) => { vars[index === undefined ? name : `${name}[${index}]`] = value; },
    expandWord: (w: Word) => {
      const p = w.Parts[0]!;
      if (p.type === 'ParamExp') return vars[p.Param.Value] ?? '';
      throw new Error('unexpected word');
    },
    parse: (src: string) => { try { return parse(src); } catch { return null; } },
    warn: () => {},
    isAssoc: (name: string) => assoc.includes(name),
  };
  return env;
}

function run(src: string, env = makeEnv()): string {
  try {
    return String(evalArith(parse(src), env, { text: src, offset: 0 }));
  } catch (e) {
    if (e instanceof ArithError) return 'ERR ' + e.message;
    throw e;
  }
}

describe('arithmetic (expectations observed with bash 5.2)', () => {
  it('wraps at 64 bits', () => {
    expect(run('2**63')).toBe('-9223372036854775808');
    expect(run('9223372036854775807+1')).toBe('-9223372036854775808');
    expect(run('-9223372036854775808/-1')).toBe('-9223372036854775808');
    expect(run('-9223372036854775808%-1')).toBe('0');
    expect(run('2**64')).toBe('0');
    expect(run('3**40')).toBe('-6289078614652622815');
    expect(run('-2**63')).toBe('-9223372036854775808');
    expect(run('0x7fffffffffffffff * 2')).toBe('-2');
    expect(run('9223372036854775808')).toBe('-9223372036854775808');
    expect(run('99999999999999999999')).toBe('7766279631452241919');
  });
  it('C operators', () => {
    expect(run('-7/2')).toBe('-3');
    expect(run('-7%3')).toBe('-1');
    expect(run('7>>1')).toBe('3');
    expect(run('-1>>1')).toBe('-1');
    expect(run('~5')).toBe('-6');
    expect(run('!0')).toBe('1');
    expect(run('1<<64')).toBe('1');
    expect(run('1<<65')).toBe('2');
    expect(run('1<<-1')).toBe('-9223372036854775808');
    expect(run('8>>-1')).toBe('0');
    expect(run('3 > 2 && 2 >= 2 && 1 != 2 && 5 == 5')).toBe('1');
    expect(run('6 & 3 | 8 ^ 1')).toBe(String((6 & 3) | (8 ^ 1)));
    expect(run('1 ? 2 : 1/0')).toBe('2');
    expect(run('0 && 1/0')).toBe('0');
    expect(run('1 || 1/0')).toBe('1');
    expect(run('(1+2)*3')).toBe('9');
    expect(run('-2**2')).toBe('4');
  });
  it('literals and bases', () => {
    expect(run('010')).toBe('8');
    expect(run('0x1F')).toBe('31');
    expect(run('0X1f')).toBe('31');
    expect(run('0x')).toBe('0');
    expect(run('36#z')).toBe('35');
    expect(run('37#z')).toBe('35');
    expect(run('62#Z')).toBe('61');
    expect(run('64#_')).toBe('63');
    expect(run('64#@')).toBe('62');
    expect(run('64#@_')).toBe('4031');
    expect(run('64#zZ')).toBe('2301');
    expect(run('36#Zz')).toBe('1295');
  });
  it('literal errors', () => {
    expect(run('2#3')).toBe('ERR 2#3: value too great for base (error token is "2#3")');
    expect(run('09')).toBe('ERR 09: value too great for base (error token is "09")');
    expect(run('0xg')).toBe('ERR 0xg: value too great for base (error token is "0xg")');
    expect(run('65#1')).toBe('ERR 65#1: invalid arithmetic base (error token is "65#1")');
    expect(run('1#1')).toBe('ERR 1#1: invalid arithmetic base (error token is "1#1")');
    expect(run('37#Z')).toBe('ERR 37#Z: value too great for base (error token is "37#Z")');
    expect(run('1e3')).toBe('ERR 1e3: value too great for base (error token is "1e3")');
    expect(run('2#')).toBe('ERR 2#: invalid integer constant (error token is "2#")');
    expect(run('08#1')).toBe('ERR 08#1: value too great for base (error token is "08#1")');
    expect(run('010#1')).toBe('ERR 010#1: invalid number (error token is "010#1")');
  });
  it('runtime errors with bash error tokens', () => {
    expect(run('1/0')).toBe('ERR 1/0: division by 0 (error token is "0")');
    expect(run(' 5 + 1/0 ')).toBe('ERR  5 + 1/0 : division by 0 (error token is "0 ")');
    expect(run('1/0+3')).toBe('ERR 1/0+3: division by 0 (error token is "0+3")');
    expect(run('(1/0)*2')).toBe('ERR (1/0)*2: division by 0 (error token is "0)*2")');
    expect(run('5%0')).toBe('ERR 5%0: division by 0 (error token is "0")');
    expect(run('x=0, 3/x')).toBe('ERR x=0, 3/x: division by 0 (error token is "x")');
    expect(run('2**-1')).toBe('ERR 2**-1: exponent less than 0 (error token is "1")');
    expect(run('3 = 4')).toBe('ERR 3 = 4: attempted assignment to non-variable (error token is "= 4")');
  });
  it('variables hold expressions', () => {
    expect(run('a*2', makeEnv({ a: ' 3 ' }))).toBe('6');
    expect(run('a*2', makeEnv({ a: 'x', x: '5' }))).toBe('10');
    expect(run('a*2', makeEnv({ a: '2+3' }))).toBe('10');
    expect(run('a', makeEnv({ a: ' 0x10 ' }))).toBe('16');
    expect(run('a+1', makeEnv({ a: '' }))).toBe('1');
    expect(run('nope+1')).toBe('1');
    expect(run('a+1', makeEnv({ a: '1/0' }))).toBe('ERR 1/0: division by 0 (error token is "0")');
    expect(run('a', makeEnv({ a: '09' }))).toBe('ERR 09: value too great for base (error token is "09")');
    expect(run('a', makeEnv({ a: 'b', b: 'a' }))).toBe('ERR b: expression recursion level exceeded (error token is "b")');
    expect(run('$y')).toBe('0');
    expect(run('v + 1', makeEnv({ v: '3 4' }))).toBe('ERR 3 4: syntax error in expression (error token is "4")');
    expect(run('v * 2', makeEnv({ v: '1 +' }))).toBe('ERR 1 +: syntax error: operand expected (error token is "+")');
  });
  it('assignment, increments, comma', () => {
    const env = makeEnv({ x: '5' });
    expect(run('x+=2, x**2', env)).toBe('49');
    expect(env.vars.x).toBe('7');
    const e2 = makeEnv({ i: '5' });
    expect(run('i++ + ++i', e2)).toBe('12');
    expect(e2.vars.i).toBe('7');
    const e3 = makeEnv({ x: '3' });
    expect(run('x ? x-- : 0', e3)).toBe('3');
    expect(e3.vars.x).toBe('2');
    expect(run('++5')).toBe('5');
    const e4 = makeEnv();
    expect(run('a = b = 4, a <<= 2, b %= 3, a|b', e4)).toBe('17');
    expect(e4.vars).toEqual({ a: '16', b: '1' });
  });
  it('array elements', () => {
    const env = makeEnv({ 'a[1]': '5', i: '1' });
    expect(run('a[i]++', env)).toBe('5');
    expect(env.vars['a[1]']).toBe('6');
    const m = makeEnv({ 'm[k]': '3' }, ['m']);
    expect(run('m[k]+1', m)).toBe('4');
    expect(run('x[1]')).toBe('0');
  });
  it('nounset', () => {
    const env = { ...makeEnv(), nounset: true };
    expect(run('zz+1', env)).toBe('ERR zz: unbound variable');
    expect(run('zz=1', env)).toBe('1');
  });
});

describe('exactness near 2^53', () => {
  it('powers and products are exact', () => {
    expect(run('3**33')).toBe('5559060566555523');
    expect(run('3**34')).toBe('16677181699666569');
    expect(run('7**19')).toBe('11398895185373143');
    expect(run('94906267*94906267')).toBe(String(94906267n * 94906267n));
    expect(run('9007199254740993/3')).toBe(String(9007199254740993n / 3n));
    expect(run('9007199254740991/2')).toBe('4503599627370495');
    expect(run('-9007199254740991%10')).toBe('-1');
  });
});

// bash evaluates skipped branches for their syntax only (noeval)
describe('skipped branches', () => {
  it('check literals and exponents but not variables or division', () => {
    expect(run('1 || 2 ** y', makeEnv({ y: '-5' }))).toBe('1');
    expect(run('1 || 2 ** -1 ')).toBe('ERR 1 || 2 ** -1 : exponent less than 0 (error token is "1 ")');
    expect(run('0 && 09')).toBe('ERR 0 && 09: value too great for base (error token is "09")');
    expect(run('1 || zz', { ...makeEnv(), nounset: true })).toBe('1');
    expect(run('1 || a', makeEnv({ a: '1/0' }))).toBe('1');
    expect(run('1 || b', makeEnv({ b: '2 +' }))).toBe('1');
    expect(run('1 ? 2 : 1/0')).toBe('2');
    expect(run('0 ? 1/0 : 3')).toBe('3');
    expect(run('255 ? 010 : ((x)) ** ~1')).toBe('ERR 255 ? 010 : ((x)) ** ~1: exponent less than 0 (error token is "1")');
  });
  it('do not assign', () => {
    const env = makeEnv({ x: '1' });
    expect(run('0 && (x=5)', env)).toBe('0');
    expect(run('1 || x++', env)).toBe('1');
    expect(env.vars.x).toBe('1');
  });
});
