// `sort -n` through exact doubles, and its fallback when a key has too many digits.
import { describe, expect, it } from 'vitest';
import { sort } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { exactDecimal } from './exact-numbers.js';

const NUMS = [
  '10', '9', '-1', '-0', '0', '00', '-', '.', '', ' 3', '\t4', '1.50', '1.5', '1.500x', '-1.5', '-.5', '.5', '0.50',
  '999999999999999', '1000000000000000', '-999999999999999', '0.000000000000001', '123456789.123456',
  '+5', '1,000', '1e3', 'abc', '007', '7', '-007', '3.14159265358979', '2.0000000000000000001',
].join('\n') + '\n';
const BIG = '12345678901234567\n12345678901234568\n1\n-12345678901234567.5\n';

describe('sort -n with exact doubles vs GNU sort', () => {
  for (const args of [['-n'], ['-nr'], ['-nu'], ['-ns'], ['-rnu'], ['-k1n'], ['-k1,1nr']]) {
    it(args.join(' '), async () => {
      await expectSameAsGnu(sort, [...args, 'f'], { files: { f: NUMS } });
      await expectSameAsGnu(sort, [...args, 'f'], { files: { f: NUMS + BIG } });
    });
  }
  it('keys in a field', async () => {
    await expectSameAsGnu(sort, ['-t', ' ', '-k2n', 'f'], { files: { f: 'a 10 x\nb 9\nc 9.0\nd -3\ne\nf 1e2\n' } });
  });
  it('reads like strnumcmp', () => {
    expect([exactDecimal(' -0.50', 0, 6), exactDecimal('1.', 0, 2), exactDecimal('1234567890123456', 0, 16)]).toEqual([-0.5, 1, NaN]);
  });
});
