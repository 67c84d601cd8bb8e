import * as fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { date } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { both } from '../../tests/harness/gnu-oracle.js';

// GNU date is run here only to print: never with -s/--set or a MMDDhhmm operand, which would
// set the host's clock
const FORMATS = [
  '%a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %n %p %P %q %r %R %s %S %t %T %u %U %V %w %W %x %X %y %Y %z %Z %%',
  '%N %3N %-N %_N %12N %_12N %-12N %0N %-3N',
  '%:z %::z %:::z %-z %_z %5z %-5:z %_10::z %05:z %::::z %:a %:',
  '%10d %_10d %-10d %010e %-e %0e %_H %-H %-j %_j %+Y %+10Y %10Y %_Y %+5s %-s %3q',
  '%^a %#a %#Z %^Z %^B %#p %#P %^p %^P %10a %010a %-10a %_10a %^10a %#10B %^c %#c %10c %#x %^h %#b',
  '%10F %12F %+12F %-12F %_12F %+F %-F %_F %10T %10%|%5%|%-5%|%E%|%_5%',
  '%Ey %OH %E %Ed %EY %Oa %En %EC %Ec %Oe %Oy %OS %Q %+ %5 x%',
];
const TIMES = ['@0', '@1.5', '@-1.5', '2021-03-04 05:06:07.123456789', '2020-12-31 23:59:59', '2021-01-03 12:00', '1999-01-01', '@2000000000.000000001', '2008-12-29'];
const ZONES = ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Lisbon', 'America/New_York', 'JST-9', 'Foo'];

describe('date: formats against GNU', () => {
  for (const tz of ZONES) {
    it(`TZ=${tz}`, async () => {
      for (const t of TIMES) {
        for (const f of FORMATS) {
          const { ours, gnu } = await both(date, ['-d', t, `+${f}`], { env: { TZ: tz } });
          expect({ t, f, ...ours }).toEqual({ t, f, ...gnu });
        }
      }
    });
  }
});

describe('date: options against GNU', () => {
  const cases: string[][] = [
    ['-d', '@0'], ['-u', '-d', '@0'], ['--utc', '-d', '@86399'], ['--universal', '-d', '@1'], ['--uct', '-d', '@1'],
    ['-I', '-d', '@0'], ['-Id', '-d', '@0'], ['-Ih', '-d', '@0'], ['-Iminutes', '-d', '@0'], ['-Iseconds', '-d', '@0'], ['-Ins', '-d', '@1.25'],
    ['--iso-8601', '-d', '@0'], ['--iso-8601=h', '-d', '@0'], ['-Ix', '-d', '@0'], ['-I=x'],
    ['-R', '-d', '@0'], ['--rfc-email', '-d', '@0'], ['--rfc-822', '-d', '@0'], ['--rfc-2822', '-d', '@0'],
    ['--rfc-3339=date', '-d', '@0'], ['--rfc-3339=seconds', '-d', '@0'], ['--rfc-3339=ns', '-d', '@1.5'], ['--rfc-3339'], ['--rfc-3339=x'],
    ['-R', '-R'], ['-Id', '-Is'], ['-R', '-d', '@0', '+%s'], ['-d', '@0', '+%s', '+%s'], ['-d', '@0', 'x'], ['-r', 'f', 'x'],
    ['-d', 'foo'], ['-d', ''], ['-d'], ['--date=@5'], ['-d', '2020-01-01', '-r', 'f'], ['-d', '1 day ago', '-d', '@0'],
    ['-d', 'TZ="Asia/Tokyo" 2020-01-01 09:00'], ['-d', '2021-03-04 10:00 +0530'], ['-d', '2021-06-01 12:00'],
    ['-d', '2021-03-04 +3 days'], ['-d', 'next monday', '+%a'], ['--resolution'], ['--resolution', '-R'],
    ['-r', 'f', '+%F'], ['-r', 'nope'], ['-f', 'dates'], ['-f', 'nope'], ['-f', '-'], ['--bogus'], ['--r'], ['--u', '-d', '@0'], ['--resolution', '-d', '@0'], ['--resolution', '+%s'],
  ];
  for (const args of cases) {
    it(args.join(' '), async () => {
      const files = { f: 'x', dates: '@0\nbad\n2021-03-04\n\n@86400\n' };
      const setup = (dir: string): void => {
        fs.utimesSync(`${dir}/f`, 1_600_000_000, 1_600_000_000.25);
      };
      const { ours, gnu } = await both(date, args, { env: { TZ: 'Europe/Lisbon' }, files, setup, stdin: '@7\n' });
      expect(ours).toEqual(gnu);
    });
  }
});

describe('date: what rshell refuses', () => {
  it('setting the clock', async () => {
    const refused = 'date: setting the date is refused: rshell never changes the system clock\n';
    expect(await runBuiltin(date, ['-s', '2020-01-01'])).toMatchObject({ code: 1, stdout: '', stderr: refused });
    expect(await runBuiltin(date, ['--set=x'])).toMatchObject({ code: 1, stderr: refused });
    expect(await runBuiltin(date, ['01010000'])).toMatchObject({ code: 1, stderr: refused });
    expect(await runBuiltin(date, ['0101'])).toMatchObject({ code: 1, stderr: "date: invalid date '0101'\n" });
    expect(await runBuiltin(date, ['-s', 'x', '-d', '@0'])).toMatchObject({ code: 1, stderr: "date: the options to print and set the time may not be used together\nTry 'date --help' for more information.\n" });
  });
  it('--debug', async () => {
    expect(await runBuiltin(date, ['--debug', '-d', '@0'])).toMatchObject({ code: 1, stderr: 'date: --debug is refused: rshell does not annotate date parsing\n' });
  });
});

describe('date: now', () => {
  afterEach(() => vi.useRealTimers());
  it('reads the clock (pinned with fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-02-29T12:34:56.789Z'));
    expect((await runBuiltin(date, [])).stdout).toBe('Thu Feb 29 12:34:56 UTC 2024\n');
    expect((await runBuiltin(date, ['+%N'])).stdout).toBe('789000000\n');
    expect((await runBuiltin(date, ['-d', '1 hour ago', '+%T'], { env: { TZ: 'Asia/Kolkata' } })).stdout).toBe('17:04:56\n');
    expect((await runBuiltin(date, ['-d', 'tomorrow', '+%F'])).stdout).toBe('2024-03-01\n');
  });
});
