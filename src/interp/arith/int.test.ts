import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as I from './int.js';

// reference semantics: C int64 arithmetic done on BigInt and wrapped
const wrap = (b: bigint) => BigInt.asIntN(64, b);
const big = (v: I.Int) => BigInt(v);
const int64 = fc.oneof(
  fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
  fc.bigInt({ min: -(1n << 54n), max: 1n << 54n }),
  fc.integer({ min: -1000, max: 1000 }).map(BigInt),
);
const asInt = (b: bigint): I.Int => I.canon(b);

describe('int64 helpers agree with BigInt reference', () => {
  const ops: [string, (a: I.Int, b: I.Int) => I.Int, (a: bigint, b: bigint) => bigint][] = [
    ['add', I.add, (a, b) => wrap(a + b)],
    ['sub', I.sub, (a, b) => wrap(a - b)],
    ['mul', I.mul, (a, b) => wrap(a * b)],
    ['band', I.band, (a, b) => a & b],
    ['bor', I.bor, (a, b) => a | b],
    ['bxor', I.bxor, (a, b) => a ^ b],
    ['shl', I.shl, (a, b) => wrap(a << BigInt.asUintN(6, b))],
    ['shr', I.shr, (a, b) => a >> BigInt.asUintN(6, b)],
  ];
  for (const [name, f, ref] of ops) {
    it(name, () => {
      fc.assert(fc.property(int64, int64, (a, b) => {
        const r = f(asInt(a), asInt(b));
        expect(big(r)).toBe(ref(a, b));
        expect(typeof r === 'bigint' ? !Number.isSafeInteger(Number(r)) || r > BigInt(Number.MAX_SAFE_INTEGER) || r < BigInt(Number.MIN_SAFE_INTEGER) : Number.isSafeInteger(r)).toBe(true);
      }), { numRuns: 2000 });
    });
  }
  it('div and mod', () => {
    fc.assert(fc.property(int64, int64, (a, b) => {
      if (b === 0n) return;
      expect(big(I.div(asInt(a), asInt(b)))).toBe(wrap(a / b));
      expect(big(I.mod(asInt(a), asInt(b)))).toBe(wrap(a % b));
    }), { numRuns: 3000 });
  });
  it('pow', () => {
    fc.assert(fc.property(fc.integer({ min: -40, max: 40 }), fc.integer({ min: 0, max: 70 }), (a, b) => {
      let ref = 1n;
      for (let k = 0; k < b; k++) ref = wrap(ref * BigInt(a));
      expect(big(I.pow(a, b))).toBe(ref);
    }), { numRuns: 2000 });
  });
});
