// awkSprintf against gawk 5.2's sprintf: formats and arguments come in as input fields (so an
// argument that looks numeric is a strnum, as in a script), many cases per gawk run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gawk, hasGawk } from '../../../tests/harness/gawk-oracle.js';
import { awkSprintf, looksNumeric, strToNum, type AwkArg } from './index.js';

const d = describe.skipIf(!hasGawk);

/** a field: strnum when it looks numeric */
const field = (s: string): AwkArg => ({ num: () => strToNum(s), str: () => s, isNum: () => looksNumeric(s) });

const SEP = '\x02\x03';

/** each case: [format, ...args], all without tabs or newlines */
function gawkSprintf(cases: readonly string[][]): string[] {
  const maxArgs = Math.max(...cases.map((c) => c.length - 1));
  const calls = Array.from({ length: maxArgs + 1 }, (_, n) => `if (NF == ${n + 1}) s = sprintf($1${Array.from({ length: n }, (_x, k) => `, $${k + 2}`).join('')})`).join('; else ');
  const prog = `BEGIN{FS="\\t"} { ${calls}; printf "%s${SEP.replace(/\x02/, '\\002').replace(/\x03/, '\\003')}", s }`;
  const r = gawk(['-e', prog], cases.map((c) => c.join('\t') + '\n').join(''));
  if (r.code !== 0) throw new Error(r.err);
  const parts = r.out.split(SEP);
  parts.pop();
  return parts;
}

function ours(c: readonly string[]): string {
  const r = awkSprintf(c[0]!, c.slice(1).map(field));
  return 'text' in r ? r.text : `FATAL ${r.fatal}`;
}

function compare(cases: readonly string[][]): void {
  const want = gawkSprintf(cases);
  expect(want.length).toBe(cases.length);
  const bad = cases.map((c, i) => ({ c: JSON.stringify(c), got: ours(c), want: want[i] })).filter((r) => r.got !== r.want);
  expect(bad.slice(0, 25)).toEqual([]);
}

const NUMS = ['0', '-0', '1', '-1', '7', '42', '-42', '3.7', '-3.7', '0.5', '255', '256', '321', '65', '1e30', '-1e30', '18446744073709551616',
  '9223372036854775808', '-9223372036854775808', '9007199254740993', '1e-7', '123456.789', '+inf', '-inf', '+nan', '-nan', 'abc', '', ' 12 ', '0x1A', '2.5', '1e100'];

d('awkSprintf', () => {
  it('every conversion with every flag on chosen values', () => {
    const cases: string[][] = [];
    const convs = ['d', 'i', 'o', 'x', 'X', 'u', 'c', 's', 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A'];
    const specs = ['', '-', '+', ' ', '#', '0', '5', '-5', '05', '+05', '.0', '.3', '8.3', '-8.3', '08.3', '#.0', '#8', '+ 5', ' +5', '-05', "'", '.10', '20.15'];
    for (const conv of convs) for (const sp of specs) for (const n of NUMS) if (!(conv === 'c' && n === '')) cases.push([`[%${sp}${conv}]`, n]);
    compare(cases);
  });

  it('text, literal %, invalid and unfinished specs, * widths, positional args', () => {
    compare([
      ['plain'], ['100%%'], ['%5%|'], ['%'], ['abc%'], ['%5'], ['%.'], ['%z'], ['%hd', '3'], ['%lld', '3'], ['%hhd', '3'], ['%k', '1'], ['%5k%d', '7'],
      ['%.3.5d', '7'], ['%-0d', '7'], ['%0-5d|', '7'], ['%*d', '5', '42'], ['%-*d|', '5', '42'], ['%*d|', '-5', '42'], ['%.*f', '2', '3.14159'],
      ['%.*f', '-2', '3.14159'], ['%*.*f|', '10', '3', '3.14159'], ['%2$s %1$s', 'a', 'b'], ['%1$s %1$s', 'a'], ['%2$*1$d|', '6', '42'],
      ['%1$.*2$f', '3.14159', '2'], ['%s %s %s', 'a', 'b', 'c'], ['%c%c%c', 'A', '66', 'hello'], ['%5c|%-5c|', 'x', 'y'], ['%.0s|%.1s|%.9s', 'abc', 'abc', 'abc'],
      ['%Pd', '+nan'], ['%5.2Pf|', '-inf'], ['%P', '1'], ['%#x %#X %#o', '0', '0', '0'], ['%#.0o', '0'], ['%#.3o', '8'], ['%#010x', '255'], ['%-#10x|', '255'],
      ['%+.3d % .3d', '5', '5'], ['%+u % u', '5', '5'], ['%+x', '5'], ['%.0d|%.0x|%5.0d|', '0', '0', '0'], ['%s', ''],
      ['%d %d', '1', '2'], ['%d', '1', '2', '3'], ["%'d %'.2f", '1234567', '1234567.891'], ['%-+8.3e|', '12345.678'], ['%+08.2f|', '-3.14159'],
      ['%08s|', 'ab'], ['%-08d|', '-5'], ['% 08d|', '5'], ['%+ d|% +d', '5', '5'], ['%i%%', '5'],
    ]);
  });

  it('%c of numbers: the low byte, NUL for NaN, inf and past 2^64', () => {
    const vals = ['0', '1', '65', '127', '128', '255', '256', '321', '-1', '-255', '65.9', '1e10', '4294967361', '9007199254740993', '9223372036854775807',
      '18446744073709551615', '18446744073709551616', '1e30', '-1e30', '+inf', '-inf', '+nan', '-nan'];
    compare(vals.map((v) => ['[%c]', v]));
  });

  it('random formats and numbers', () => {
    const spec = fc
      .tuple(
        fc.subarray(['-', '+', ' ', '#', '0']),
        fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
        fc.constantFrom(...'diouxXcseEfFgGaA'.split('')),
      )
      .map(([fl, w, p, c]) => `%${fl.join('')}${w ?? ''}${p === undefined ? '' : '.' + p}${c}`);
    const num = fc.oneof(
      fc.double({ noNaN: true }).map((x) => (Number.isFinite(x) ? x.toPrecision(17) : x < 0 ? '-inf' : '+inf')),
      fc.integer({ min: -100000, max: 100000 }).map(String),
      fc.integer({ min: -1e9, max: 1e9 }).map((i) => String(i / 1000)),
      fc.constantFrom('0', '-0', 'x', '', '1e300', '5e-324', '0.5', '1.5', '2.5', '0.125'),
    );
    const cases = fc.sample(fc.tuple(spec, num), 4000).filter(([s, n]) => !(s.endsWith('c') && n === '')).map(([s, n]) => [`<${s}>`, n]);
    compare(cases);
  });
});

d('awkSprintf fatal errors', () => {
  const fatal = (fmt: string, ...args: string[]): string => {
    const r = awkSprintf(fmt, args.map(field));
    return 'fatal' in r ? `awk: cmd. line:1: ${r.fatal}\n` : `text ${r.text}`;
  };
  const gawkFatal = (fmt: string, ...args: string[]): string => {
    const r = gawk(['-v', `f=${fmt}`, `BEGIN { x = sprintf(f${args.map((a) => `, "${a}"`).join('')}); print "no" }`]);
    return r.err.replace(/^gawk:/, 'awk:');
  };
  it.each([
    ['%d %d', '1'], ['%s'], ['abc %5.2f'], ['%*d', '5'], ['%1$s %s', 'a'], ['%s %1$s', 'a'], ['%0$s', 'a'], ['%3$s', 'a'], ['%.2$s', 'a'], ['%*5d', '1'],
    ['%1$*d', '1', '2'], ['%*3$d', '1'], ['x y %d'],
  ])('%j', (fmt, ...args) => {
    expect(fatal(fmt, ...args)).toBe(gawkFatal(fmt, ...args));
  });
});
