// Whole-line sorts of large inputs: many repeats (grouped path), mostly distinct lines (the
// ordinary sort after the probe), -r, -u, bytes above 0x7f, -z, an unterminated last line.
import { describe, it } from 'vitest';
import { sort } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

function lines(n: number, distinct: number): string {
  let s = '';
  let x = 5;
  const vals = ['/api', '/api/users', '/Api', 'b\xff', 'b\x80x', '', ' lead', 'z'];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += (distinct <= vals.length ? vals[x % distinct] : `v${x % distinct}`) + '\n';
  }
  return s;
}

const REPEATS = lines(120_000, 8) + 'z';
const DISTINCT = lines(60_000, 1_000_000);

describe('whole-line sort of large inputs vs GNU sort', () => {
  for (const args of [[], ['-r'], ['-u'], ['-ru']]) {
    it(`repeats ${args.join(' ')}`, async () => {
      await expectSameAsGnu(sort, [...args, 'f'], { files: { f: REPEATS } });
    });
    it(`distinct ${args.join(' ')}`, async () => {
      await expectSameAsGnu(sort, [...args, 'f'], { files: { f: DISTINCT } });
    });
  }
  it('-z and two files', async () => {
    await expectSameAsGnu(sort, ['-z', 'f'], { files: { f: REPEATS.replace(/\n/g, '\0') } });
    await expectSameAsGnu(sort, ['f', 'g'], { files: { f: REPEATS, g: 'a\nz\n' } });
  });
});
