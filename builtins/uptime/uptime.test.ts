import { describe, expect, it } from 'vitest';
import { uptime } from './index.js';
import { formatPretty, formatSince, formatUptime } from './format.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';
import { ORACLE_AVAILABLE, hasTool, runRealWithProc } from '../../tests/harness/proc-oracle.js';

const oracle = ORACLE_AVAILABLE && hasTool('uptime');

/** the real output with the user count removed (rshell leaves it out) */
const withoutUsers = (s: string): string => s.replace(/,\s+[0-9]+ users?,\s+/, ', ');

describe('uptime against procps on fixture trees', () => {
  for (const fixture of ['host1', 'big', 'malformed', 'empty']) {
    for (const args of [[], ['-p'], ['-s'], ['-ps'], ['-sp'], ['--pretty'], ['--since'], ['-x'], ['a'], ['--help'], ['-h']]) {
      it.skipIf(!oracle)(`${fixture}: uptime ${args.join(' ')}`, async () => {
        // a second may tick between the two runs: retry once
        for (let attempt = 0; ; attempt++) {
          const real = runRealWithProc('uptime', args, fixtureProc(fixture));
          const ours = await runWithProc(uptime, args, fixtureProc(fixture));
          const same = ours.stdout === withoutUsers(real.stdout) && ours.stderr === real.stderr && ours.code === real.code;
          if (same || attempt === 1) {
            expect({ stdout: ours.stdout, stderr: ours.stderr, code: ours.code })
              .toEqual({ stdout: withoutUsers(real.stdout), stderr: real.stderr, code: real.code });
            return;
          }
        }
      });
    }
  }
});

describe('uptime formats', () => {
  const load = { one: 0.125, five: 1, fifteen: 12.345, running: 1, total: 2 };
  const at = new Date(2024, 0, 2, 3, 4, 5);
  it('minutes, hours, days', () => {
    expect(formatUptime(at, 59, load)).toBe(' 03:04:05 up 0 min, load average: 0.12, 1.00, 12.34\n');
    expect(formatUptime(at, 3600 * 5 + 61, load)).toBe(' 03:04:05 up  5:01, load average: 0.12, 1.00, 12.34\n');
    expect(formatUptime(at, 86400 + 120, undefined)).toBe(' 03:04:05 up 1 day, 2 min, \n');
    expect(formatUptime(at, 86400 * 3 + 3600 * 13, load)).toBe(' 03:04:05 up 3 days, 13:00, load average: 0.12, 1.00, 12.34\n');
  });
  it('pretty', () => {
    expect(formatPretty(30)).toBe('up 0 minutes\n');
    expect(formatPretty(60)).toBe('up 1 minute\n');
    expect(formatPretty(86400 * 365 * 21 + 86400 * 8 + 7200)).toBe('up 2 decades, 1 year, 4 weeks, 1 day, 2 hours\n');
  });
  it('since', () => {
    const now = new Date(2024, 0, 2, 3, 4, 5).getTime();
    expect(formatSince(now, 3600.4)).toBe('2024-01-02 02:04:05\n');
  });
  it('reports a missing or malformed uptime file', async () => {
    expect(await runWithProc(uptime, [], fixtureProc('empty'))).toMatchObject({
      stderr: 'uptime: Cannot get system uptime: No such file or directory\n', code: 1,
    });
    expect(await runWithProc(uptime, ['-p'], fixtureProc('malformed'))).toMatchObject({
      stderr: 'uptime: Cannot get system uptime\n', code: 1,
    });
    expect((await runWithProc(uptime, ['-p'], fixtureProc('big'))).stdout).toBe('up 14 weeks, 2 days, 2 minutes\n');
  });
});
