// numToStr, strToNum, looksNumeric and strtonum against gawk 5.2, many cases per gawk run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gawkAnswers, hasGawk } from '../../../tests/harness/gawk-oracle.js';
import { awkSprintf, looksNumeric, numToStr, strToNum, strtonum } from './index.js';
import { NEG_NAN, POS_NAN, signBit } from './numbers.js';

const d = describe.skipIf(!hasGawk);

/** a double as text gawk's strtod reads back to the same double */
const exact = (x: number): string => (Number.isFinite(x) ? x.toPrecision(17) : x !== x ? (signBit(x) ? '-nan' : '+nan') : x < 0 ? '-inf' : '+inf');

// CONVFMT="%s" makes gawk recurse until it crashes: not a case
const FORMATS = ['%.6g', '%d', '%.2f', '%.17g', '%e', '%5.1f', '%x', '%.30g', '%g', '%i', '%.3e'];

const VALUES = [
  0, -0, 1, -1, 0.1, 0.5, 1.5, 2.5, -2.5, 1e6, 1e15, 1e16, 1e17, 1e21, 1e22, 1e30, -1e30, 123456789012, 2 ** 53, 2 ** 53 + 2,
  2 ** 63, -(2 ** 63), 2 ** 63 - 1024, -(2 ** 63) + 1024, 2 ** 64, 1e300, -1e300, 5e-324, 1e-5, 1e-4, 0.0001234, 123456.5,
  1234567.5, 0.125, 0.375, 999999.5, 9999995, 0.30000000000000004, 1 / 3, -1 / 3, 100, 1e5 + 0.5, 3.25159, Infinity, -Infinity,
  NEG_NAN, POS_NAN, 17.5, 255.9, 65.2, 1.015625, 1015.625, 0.0009765625, 2 ** -20, 1.5 * 2 ** 40 + 0.5, 12345.5, 0.00390625,
];

function gawkNumToStr(values: readonly number[], formats: readonly string[]): string[] {
  const lines: string[] = [];
  for (const f of formats) for (const v of values) lines.push(`${f}\t${exact(v)}`);
  return gawkAnswers('BEGIN{FS="\\t"} {CONVFMT=$1; x=$2+0; printf "%s\\x01", (x "")}', lines);
}

d('numToStr (CONVFMT)', () => {
  it('matches gawk on chosen values and formats', () => {
    const want = gawkNumToStr(VALUES, FORMATS);
    const got = FORMATS.flatMap((f) => VALUES.map((v) => numToStr(v, f)));
    const rows = got.map((g, i) => ({ case: i, fmt: FORMATS[Math.floor(i / VALUES.length)], v: exact(VALUES[i % VALUES.length]!), g, w: want[i] }));
    expect(rows.filter((r) => r.g !== r.w)).toEqual([]);
  });

  it('matches gawk on random doubles (%.6g and others)', () => {
    const values = fc.sample(
      fc.oneof(
        fc.double({ noNaN: true }),
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.integer({ min: -1000000, max: 1000000 }).map((i) => i / 8),
        fc.integer({ min: -1e9, max: 1e9 }).map((i) => i / 1000),
      ),
      1500,
    );
    const fmts = ['%.6g', '%.2f', '%.10g', '%e'];
    const want = gawkNumToStr(values, fmts);
    const got = fmts.flatMap((f) => values.map((v) => numToStr(v, f)));
    const bad = got.map((g, i) => [fmts[Math.floor(i / values.length)], exact(values[i % values.length]!), g, want[i]]).filter((r) => r[2] !== r[3]);
    expect(bad.slice(0, 20)).toEqual([]);
  });
});

const STRINGS = [
  '', ' ', '0', '1', '-1', '+1', ' 12 ', '\t3\n', '1e3', '1E3', '1e', '1e+', '.5', '5.', '.', '-.5e-2', '+-3', '--3', '0x1A', '-0x1A', '0X10',
  '0x', '00x1', '017', '08', '1,5', '12abc', 'abc', 'inf', 'nan', '+inf', '-inf', '+nan', '-nan', '+INF', '-NaN', '+infinity', '-nanx',
  ' +inf ', 'infinity', '1e400', '-1e400', '1e-400', '4.9e-324', '2.5e-320', '9007199254740993', '123456789012345678901234567890',
  '\v7', '\f8', '\r9', ' 1 2', '1.2.3', '0.1e1x', '+', '-', 'e5', '\x01', '1\x00', '  -0', '-0', '0e0', '3e-2', '000123', '1_000',
];

d('strToNum and looksNumeric', () => {
  it('match gawk on chosen strings', () => {
    const lines = STRINGS.filter((s) => !s.includes('\n'));
    const want = gawkAnswers('{ x = $0 + 0; printf "%.17g|%s\\x01", x, typeof($0) }', lines);
    const got = lines.map((s) => `${awkG17(strToNum(s) + 0)}|${looksNumeric(s) ? 'strnum' : 'string'}`);
    expect(lines.map((s, i) => [s, got[i]]).filter((_r, i) => got[i] !== want[i])).toEqual([]);
  });

  it('match gawk on random numeric-ish text', () => {
    const lines = fc.sample(fc.string({ unit: fc.constantFrom(...' \t+-.0123456789eExXinfaN'.split('')), maxLength: 8 }), 2000);
    const want = gawkAnswers('{ x = $0 + 0; printf "%.17g|%s\\x01", x, typeof($0) }', lines);
    const got = lines.map((s) => `${awkG17(strToNum(s) + 0)}|${looksNumeric(s) ? 'strnum' : 'string'}`);
    expect(lines.map((s, i) => [JSON.stringify(s), got[i], want[i]]).filter((_r, i) => got[i] !== want[i]).slice(0, 20)).toEqual([]);
  });
});

d('strtonum', () => {
  it('matches gawk on string values', () => {
    const lines = [...STRINGS.filter((s) => !s.includes('\n')), '0x1f', '0XFFg', '0777', '0778', '0.5', '00.5', '007e1', '0x1.8', '0xffffffffffffffffff', '01234567012345670123'];
    const want = gawkAnswers('{ printf "%.17g\\x01", strtonum($0 "") }', lines);
    const got = lines.map((s) => awkG17(strtonum(s)));
    expect(lines.map((s, i) => [s, got[i], want[i]]).filter((_r, i) => got[i] !== want[i])).toEqual([]);
  });
});

function awkG17(x: number): string {
  const r = awkSprintf('%.17g', [{ num: () => x, str: () => '', isNum: () => true }]);
  return 'text' in r ? r.text : r.fatal;
}
