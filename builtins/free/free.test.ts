import { describe, expect, it } from 'vitest';
import { free } from './index.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';
import { ORACLE_AVAILABLE, expectSameAsRealOn, hasTool } from '../../tests/harness/proc-oracle.js';
import { scaleSize } from './format.js';

const oracle = ORACLE_AVAILABLE && hasTool('free');

describe('free against procps on fixture trees', () => {
  const argSets = [
    [], ['-h'], ['-h', '--si'], ['-w'], ['-t'], ['-b', '-t'], ['-k'], ['-m'], ['-g'], ['--kilo'], ['--mega'],
    ['--giga'], ['--tera'], ['--peta'], ['--tebi'], ['--pebi'], ['-l'], ['-v'], ['-w', '-h', '-t', '-l', '-v'],
    ['-b', '-h'], ['-h', '-b'], ['-m', '--si'], ['--human', '--wide', '--total'], ['-x'], ['extra'], ['-s', '0'],
    ['-s', 'a'], ['-s', '-1'], ['-c', '0'], ['-c', 'a'], ['-c', '1'], ['-c', '99999999999999999999'], ['--help'], ['--bogus'],
    ['-s'], ['--si', '-h', '-g'],
  ];
  for (const fixture of ['host1', 'big', 'malformed', 'empty']) {
    for (const args of argSets) {
      it.skipIf(!oracle)(`${fixture}: free ${args.join(' ')}`, async () => {
        await expectSameAsRealOn(fixture, free, args);
      });
    }
  }
});

describe('free, exact', () => {
  it('prints the big fixture', async () => {
    const r = await runWithProc(free, ['-h', '-t'], fixtureProc('big'));
    expect(r.stdout).toBe(
      '               total        used        free      shared  buff/cache   available\n' +
        'Mem:           1.0Ti       244Gi        11Gi       1.9Gi       102Gi       762Gi\n' +
        'Swap:          8.0Gi       6.8Gi       1.2Gi\n' +
        'Total:         1.0Ti       251Gi        12Gi\n',
    );
    expect(r.code).toBe(0);
  });
  it('repeats with -c and -s, a blank line between reports', async () => {
    const r = await runWithProc(free, ['-c', '2', '-s', '0.01'], fixtureProc('malformed'));
    const block =
      '               total        used        free      shared  buff/cache   available\n' +
      'Mem:            2048        2048           0           0           0           0\n' +
      'Swap:              0           0           0\n';
    expect(r.stdout).toBe(block + '\n' + block);
  });
  it('reports a missing meminfo', async () => {
    const r = await runWithProc(free, [], fixtureProc('empty'));
    expect(r).toMatchObject({ stdout: '', stderr: 'free: Memory information file /proc/meminfo does not exist\n', code: 1 });
  });
  it('--version', async () => {
    expect((await runWithProc(free, ['-V'], fixtureProc('empty'))).stdout).toBe('free (rshell) 0.1.0\n');
  });
  it('scales like procps', () => {
    const h = { exponent: 0, si: false, human: true };
    expect(scaleSize(0, h)).toBe('0B');
    expect(scaleSize(8856, h)).toBe('8.6Mi');
    expect(scaleSize(1023, h)).toBe('1.0Mi');
    expect(scaleSize(1, h)).toBe('1.0Ki');
  });
});
