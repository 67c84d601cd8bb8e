import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { vmstat } from './index.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';
import { hasTool } from '../../tests/harness/proc-oracle.js';

const HOST1 = fixtureProc('host1');

describe('vmstat on the captured host', () => {
  it('averages since boot (procps formula: value*HZ/total ticks, rounded)', async () => {
    const r = await runWithProc(vmstat, [], HOST1);
    expect(r.stdout).toBe(
      'procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n' +
        ' r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n' +
        ' 6  0      0 22906760  48208 1112748    0    0    82   150  434 35308 68 12 20  0  0\n',
    );
  });
  it('-s lists the counters; -S M converts', async () => {
    const r = await runWithProc(vmstat, ['-s', '-S', 'M'], HOST1);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(['        24105 M total memory', '          880 M used memory']);
    expect(r.stdout).toContain('   1796050231 boot time\n');
  });
  it('refusals and errors', async () => {
    expect(await runWithProc(vmstat, ['-d'], HOST1)).toMatchObject({ stderr: 'vmstat: -d is not supported by rshell\n', code: 1 });
    expect(await runWithProc(vmstat, ['0'], HOST1)).toMatchObject({ stderr: 'vmstat: delay must be positive integer\n', code: 1 });
    expect(await runWithProc(vmstat, ['a'], HOST1)).toMatchObject({ stderr: "vmstat: failed to parse argument: 'a'\n", code: 1 });
    expect(await runWithProc(vmstat, ['10', '4'], HOST1)).toMatchObject({ code: 1 });
    expect(await runWithProc(vmstat, ['-S', 'x'], HOST1)).toMatchObject({ code: 1 });
    expect(await runWithProc(vmstat, [], fixtureProc('empty'))).toMatchObject({ stderr: 'vmstat: Unable to create system stat structure\n', code: 1 });
  });
  it('delay and count sample within the deadline', async () => {
    const r = await runWithProc(vmstat, ['1', '2'], HOST1);
    const lines = r.stdout.split('\n');
    expect(lines.length).toBe(5);
    // the same tree twice: the interval line has no activity and 100% idle
    expect(lines[3]).toBe(' 6  0      0 22906760  48208 1112748    0    0     0     0    0    0  0  0 100  0  0');
  });
});

/** live: headers identical; numbers within a tolerance (they move between the two runs) */
describe.skipIf(process.platform !== 'linux' || !hasTool('vmstat'))('vmstat against procps on the live host', () => {
  for (const args of [[], ['-w'], ['-a'], ['-S', 'M'], ['-s']]) {
    it(`vmstat ${args.join(' ')}`, async () => {
      const real = spawnSync('vmstat', args, { env: { LANG: 'C', PATH: '/usr/bin:/bin' } }).stdout.toString().split('\n');
      const ours = (await runWithProc(vmstat, args, '/proc')).stdout.split('\n');
      expect(ours.length).toBe(real.length);
      ours.forEach((line, i) => {
        const a = line.trim().split(/\s+/);
        const b = (real[i] ?? '').trim().split(/\s+/);
        expect(a.length).toBe(b.length);
        a.forEach((x, j) => {
          const y = b[j] ?? '';
          if (/^[0-9]+$/.test(x) && /^[0-9]+$/.test(y)) expect(Math.abs(Number(x) - Number(y))).toBeLessThanOrEqual(Math.max(5, Number(y) * 0.05));
          else expect(x).toBe(y);
        });
      });
    });
  }
});
