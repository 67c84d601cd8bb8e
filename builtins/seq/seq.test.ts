import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seq } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';
import { formatLD, parseLD } from './longdouble.js';

describe('seq: exact GNU output', () => {
  it('counts', async () => {
    expect((await runBuiltin(seq, ['3'])).stdout).toBe('1\n2\n3\n');
    expect((await runBuiltin(seq, ['-s', ',', '1', '3'])).stdout).toBe('1,2,3\n');
    expect((await runBuiltin(seq, ['-w', '8', '10'])).stdout).toBe('08\n09\n10\n');
    expect((await runBuiltin(seq, ['5', '-2', '1'])).stdout).toBe('5\n3\n1\n');
  });
  it('long double rounding as GNU', async () => {
    expect((await runBuiltin(seq, ['-f', '%.1f', '0.15', '0.1', '0.35'])).stdout).toBe('0.2\n0.2\n');
    expect((await runBuiltin(seq, ['0', '0.000001', '0.000003'])).stdout).toBe('0.000000\n0.000001\n0.000002\n0.000003\n');
  });
  it('errors', async () => {
    expect(await runBuiltin(seq, [])).toMatchObject({
      stderr: "seq: missing operand\nTry 'seq --help' for more information.\n", code: 1,
    });
    expect(await runBuiltin(seq, ['1', '0', '3'])).toMatchObject({
      stderr: "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n", code: 1,
    });
    expect(await runBuiltin(seq, ['-f', '%d', '3'])).toMatchObject({
      stderr: "seq: format '%d' has unknown %d directive\n", code: 1,
    });
  });
  it('huge integers are exact', async () => {
    expect((await runBuiltin(seq, ['99999999999999999999', '100000000000000000001'])).stdout).toBe(
      '99999999999999999999\n100000000000000000000\n100000000000000000001\n',
    );
  });
  it('formats long doubles like glibc', () => {
    const f = (v: string, conv: string, precision?: number, flags = '', width?: number) =>
      formatLD(parseLD(v)!, { conv, precision, flags, width });
    expect(f('1', 'a')).toBe('0x8p-3');
    expect(f('0.1', 'g')).toBe('0.1');
    expect(f('1e-5', 'g')).toBe('1e-05');
    expect(f('123456789', 'g')).toBe('1.23457e+08');
    expect(f('2.5', 'f', 0)).toBe('2');
    expect(f('-5', 'f', 2, '0', 10)).toBe('-000005.00');
  });
});

describe('seq: differential against GNU seq', () => {
  const argSets = [
    ['1'], ['0'], ['-1'], ['5'], ['3', '1'], ['1', '3'], ['-3', '-1'], ['1', '2', '10'], ['10', '-3', '1'], ['1', '-1', '3'],
    ['0.1', '0.1', '1'], ['0', '0.1', '1'], ['0', '.1', '.35'], ['1.5', '3'], ['-.5', '1'], ['1.000', '1', '3'],
    ['0', '0.000001', '0.000003'], ['1e2', '1e2'], ['1e-2', '1e-2', '5e-2'], ['1.0e5', '1.0e5'], ['1', '1e0', '2'],
    ['-w', '1.5', '10'], ['-w', '-1', '1'], ['-w', '1', '0.5', '2'], ['-w', '.5', '1', '3'], ['-w', '1e1', '1e2'], ['-w', '1.5e1', '20'], ['-w', '1.25e1', '20'], ['-w', '1.2e3', '1300'], ['-w', '10e-1', '3'],
    ['-w', '1.5e-1', '1'], ['-w', '15e-1', '3'], ['-w', '1.e1', '12'], ['-w', '.5e1', '7'], ['-w', '1e0', '5'],
    ['-w', '-10', '3', '10'], ['-w', '0', '0.01', '0.05'], ['-w', '99', '101'], ['-w', '1.10', '1.15'],
    ['-s', ',', '1', '3'], ['-s', '', '1', '3'], ['-s', ', ', '1', '3'], ['-s', '\n\n', '1', '3'], ['-s:', '-1', '1'],
    ['-f', '%.3e', '1', '5'], ['-f', '%010.2f', '-5', '1'], ['-f', '%g', '1e10', '1e10'], ['-f', '%a', '1', '2'],
    ['-f', '%A', '0.1', '0.1'], ['-f', '%.2a', '3', '3'], ['-f', '%+G', '3', '3'], ['-f', '%#.0f', '1', '1'],
    ['-f', 'x%%y%gz', '1', '1'], ['-f', '%-8.3fX', '1', '2'], ['-f', '% g', '1', '2'], ['-f', '%#g', '1', '2'],
    ['-f', '%.0f', '0.5', '1', '2.5'], ['-f', '%.1f', '0.15', '0.1', '0.35'], ['-f', '%.20f', '0.1', '0.1'],
    ['-f', '%.15g', '0.1', '0.1', '0.3'], ['-f', '%e', '0', '0'], ['-f', '%g', '100000', '100000'], ['-f', '%g', '1e-4', '1e-4'],
    ['-f', '%g', '123456', '123457'], ['-f', '%Lg', '1', '2'], ['-f', "%'g", '1000', '1000'], ['-f', '%5g|', '1', '2'],
    ['-f', '%d', '3'], ['-f', '%f%f', '3'], ['-f', 'abc', '3'], ['-f', '%', '3'], ['-f', '%%', '3'], ['-f', '%g%', '3'],
    ['-w', '-f', '%g', '3'], ['1', '-w', '3'], ['-s'], ['-f'], ['-x'], ['--foo'], [], ['1', '2', '3', '4'], ['x'],
    ['1', 'x'], ['nan'], ['1', 'nan'], ['1', '0', '3'], ['1', '-0', '3'], ['1', '0.0', '3'], ['0x10'], ['0x1p1', '3'],
    ['0x1.8p1', '0x1p-1', '5'], ['1', 'inf', '3'], ['3', '-inf', '1'], ['1', "' 2'"], [' +1', '2'], [' 1', '2'], ['1 '],
    ['1e'], ['.'], ['1.'], ['+.5', '2'], ['-0', '1'], ['-0.0', '1'], ['99999999999999999999', '100000000000000000001'],
    ['18446744073709551617', '18446744073709551618'], ['-s', '--', '1', '3'], ['--', '-1', '1'], ['--sep=x', '2'],
    ['--equal-width', '9', '11'], ['--format=%g', '2'], ['1', '200', '1000'], ['1', '201', '1000'],
    ['-1e3', '400', '1e3'], ['1e18', '1e18'], ['12345678901234567890', '1', '12345678901234567891'],
    ['0.1', '0.01', '0.15'], ['-1', '-0.3', '-2'],
  ];
  for (const args of argSets) {
    it(`seq ${args.join(' ')}`, async () => {
      const { ours, gnu } = await both(seq, args);
      expect(ours).toEqual(gnu);
    });
  }

  it('fuzz: the integer fast path (digits incremented in place) across carries and up to 2^53', { timeout: 900_000 }, async () => {
    const long = process.env.TEXT_FUZZ_LONG === '1';
    const start = fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 9_007_199_254_730_000, max: 9_007_199_254_740_991 }));
    await fc.assert(
      fc.asyncProperty(start, fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 5000 }), fc.constantFrom([], ['-s', ','], ['-s', ' ']), async (a, st, span, flags) => {
        const args = [...flags, String(a), String(st), String(a + span)];
        expect(await runOurs(seq, args)).toEqual(runGnu('seq', args));
      }),
      { numRuns: long ? 3000 : 60, seed: long ? undefined : 7 },
    );
  });

  it('fuzz: random decimal operands', { timeout: 900_000 }, async () => {
    const long = process.env.TEXT_FUZZ_LONG === '1';
    const num = fc
      .tuple(fc.constantFrom('', '-'), fc.integer({ min: 0, max: 30 }), fc.constantFrom('', '.', '.0', '.5', '.25', '.1', '.05', '.333'))
      .map(([s, i, f]) => `${s}${i}${f}`);
    const step = fc.constantFrom('1', '0.1', '0.2', '0.25', '0.3', '-1', '-0.7', '2', '3.5', '0.05', '-0.15', '1e-1', '7');
    await fc.assert(
      fc.asyncProperty(
        num, step, num, fc.constantFrom([], ['-w'], ['-f', '%g'], ['-f', '%.2f'], ['-f', '%e'], ['-s', ' ']),
        async (a, s, b, flags) => {
          const args = [...flags, a, s, b];
          const ours = await runOurs(seq, args);
          const gnu = runGnu('seq', args);
          expect(ours).toEqual(gnu);
        },
      ),
      { numRuns: long ? 3000 : 100, seed: long ? undefined : 23 },
    );
  });
});

describe('a long separator', () => {
  // output is flushed by size too (a 10,000-byte separator crosses the 64 KiB flush many times)
  it.each([[['1', '30']], [['0.5', '1', '15']], [['-f', '%g', '1', '30']]])('seq -s LONG %j', async (args) => {
    const sep = 'x'.repeat(10_000);
    const r = await runBuiltin(seq, ['-s', sep, ...args]);
    const nums = runGnu('seq', args).stdout.trimEnd().split('\n');
    expect(r.stdout).toBe(nums.join(sep) + '\n');
  });
});
