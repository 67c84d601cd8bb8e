// The runtime's smaller pieces: fatal results as types and errors, NaN signs, the default
// strftime format, sort function names; against gawk where it has an answer.
import { describe, expect, it } from 'vitest';
import { gawk, hasGawk } from '../../../tests/harness/gawk-oracle.js';
import {
  AwkFatalError, DEFAULT_STRFTIME_FORMAT, and, awkSprintf, numToStr, sortedInCompare, strftime,
  type BitResult, type SortCompare, type SprintfResult,
} from './index.js';
import { NEG_NAN, POS_NAN, negateNaN, signBit } from './numbers.js';
import { validSortFunctionName } from './sort.js';

describe('fatal results', () => {
  it('numToStr throws AwkFatalError when CONVFMT wants more arguments', () => {
    expect(() => numToStr(0.5, '%d %d')).toThrow(AwkFatalError);
    try {
      numToStr(0.5, '%d %d');
    } catch (e) {
      expect((e as AwkFatalError).fatal).toBe("fatal: not enough arguments to satisfy format string\n\t`%d %d'\n\t    ^ ran out for this one");
    }
  });
  it('results are typed unions', () => {
    const r: SprintfResult = awkSprintf('%s', []);
    const b: BitResult = and([1, -1]);
    expect('fatal' in r).toBe(true);
    expect(typeof b === 'object' && b.fatal).toBe('fatal: and: argument 2 negative value -1 is not allowed');
  });
});

describe('NaN signs', () => {
  it('NEG_NAN prints -nan, POS_NAN +nan, negateNaN flips', () => {
    expect(numToStr(NEG_NAN, '%.6g')).toBe('-nan');
    expect(numToStr(POS_NAN, '%.6g')).toBe('+nan');
    expect(signBit(negateNaN(NEG_NAN))).toBe(false);
    expect(signBit(negateNaN(POS_NAN))).toBe(true);
    expect(negateNaN(3)).toBe(-3);
  });
});

describe.skipIf(!hasGawk)('against gawk', () => {
  it('the default strftime format', () => {
    const want = gawk(['-e', `BEGIN { print strftime("${DEFAULT_STRFTIME_FORMAT}", 86400 * 365, 1) }`]).out;
    expect(strftime(DEFAULT_STRFTIME_FORMAT, 86400 * 365, true, undefined) + '\n').toBe(want);
  });
  it('sort function names: empty or with a blank is invalid', () => {
    expect(validSortFunctionName('cmp')).toBe(true);
    expect(validSortFunctionName('')).toBe(false);
    expect(validSortFunctionName('a b')).toBe(false);
    const r = gawk(['-e', 'BEGIN { a[1]; PROCINFO["sorted_in"] = "a b"; for (k in a) print k }']);
    expect(r.err).toBe("awk: cmd. line:1: fatal: `a b' is invalid as a function name\n".replace(/^awk/, 'gawk'));
    const cmp: SortCompare | null = sortedInCompare('a b');
    expect(cmp).toBeNull();
  });
});
