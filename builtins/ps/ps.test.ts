import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ps } from './index.js';
import { fieldNamed, type PsEnv } from './fields.js';
import type { ProcessInfo } from '../internal/proc/process.js';
import { lsof } from '../lsof/index.js';
import { pmap } from '../pmap/index.js';
import { ss } from '../ss/index.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';
import { hasTool } from '../../tests/harness/proc-oracle.js';

const PROCS = fixtureProc('procs');
const live = process.platform === 'linux' && hasTool('ps');

async function ours(args: string[], proc = PROCS) {
  return runWithProc(ps, args, proc);
}

describe('ps on the hand-made process table', () => {
  it('default: same euid and tty as self (4242 on pts/3)', async () => {
    expect((await ours([])).stdout).toBe(
      '    PID TTY          TIME CMD\n' +
        '   4242 pts/3    00:00:03 bash\n' +
        '   4300 pts/3    00:02:00 my (weird) prog)\n' +
        '   4301 pts/3    00:00:00 defunct-child\n',
    );
  });
  it('-e -o with user truncation, groups, STAT flags, pid_max widths', async () => {
    const r = await ours(['-e', '-o', 'pid,user,group,tty,stat,ni,pri,nlwp,vsz,rss,%mem,%cpu,c,time,etime,comm,args']);
    expect(r.stdout).toBe(
      '    PID USER     GROUP    TT       STAT  NI PRI NLWP    VSZ   RSS %MEM %CPU  C     TIME     ELAPSED COMMAND         COMMAND\n' +
        '      1 root     root     ?        Ss     0  19    1 166992 12000  0.1  0.0  0 00:00:02    01:06:40 systemd         systemd\n' +
        '      2 root     root     ?        S      0  19    1      0     0  0.0  0.0  0 00:00:00    01:06:40 kthreadd        [kthreadd]\n' +
        '    300 root     root     ?        I      0  19    1      0     0  0.0  0.0  0 00:00:00    01:06:40 kworker/0:1-eve [kworker/0:1-events]\n' +
        '   4242 averyve+ staff    pts/3    Ss     0  19    1  10272  5120  0.0  0.9  0 00:00:03       06:40 bash            bash\n' +
        '   4300 averyve+ staff    pts/3    RNl+   5  14    4 41943040 1048576 13.1 40.0 40 00:02:00   05:00 my (weird) prog my (weird) prog)\n' +
        '   4301 averyve+ staff    pts/3    Z<+   -5  24    1      0     0  0.0  0.0  0 00:00:00       03:20 defunct-child   defunct-child\n' +
        '   5000 nobody   nogroup  ?        SLsl   0  19    7 2202009 208000 2.6 94.4 94 00:31:28      33:20 postgres        postgres\n',
    );
    expect(r.code).toBe(0);
  });
  it('pcpu is %cpu under another name', async () => {
    const a = await ours(['-e', '-o', 'pid,%cpu']);
    const b = await ours(['-e', '-o', 'pid,pcpu']);
    expect(b.stdout).toBe(a.stdout);
    expect(b.stdout).toContain('   4242  0.9\n');
  });
  it('--sort with several keys, descending', async () => {
    const r = await ours(['-e', '-o', 'pid,ni,comm', '--sort=-ni,pid']);
    expect(r.stdout).toBe(
      '    PID  NI COMMAND\n   4300   5 my (weird) prog)\n      1   0 systemd\n      2   0 kthreadd\n' +
        '    300   0 kworker/0:1-events\n   4242   0 bash\n   5000   0 postgres\n   4301  -5 defunct-child\n',
    );
  });
  it('aux keeps columns aligned after wide values', async () => {
    const r = await ours(['aux', '--sort=-rss']);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND');
    // START depends on today's date: compare around it
    expect(lines[1]?.slice(0, 54)).toBe('averyve+    4300 40.0 13.1 41943040 1048576 pts/3 RNl+');
    expect(lines[1]?.slice(60)).toBe('  2:00 my (weird) prog)');
  });
  it('-p selects, -o name=HEADER renames, --no-headers drops the header', async () => {
    expect((await ours(['-p', '4300,1', '-o', 'pid=ID,comm=NAME'])).stdout).toBe('     ID NAME\n      1 systemd\n   4300 my (weird) prog)\n');
    expect((await ours(['-o', 'pid=,comm=', '-p', '2'])).stdout).toBe('      2 kthreadd\n');
    expect((await ours(['--no-headers', '-p', '2'])).stdout).toBe('      2 ?        00:00:00 kthreadd\n');
  });
  it('-p with no match prints the header and exits 1', async () => {
    expect(await ours(['-p', '999'])).toMatchObject({ stdout: '    PID TTY          TIME CMD\n', code: 1 });
  });
  it('-f shows [comm] for kernel threads and comm for the rest', async () => {
    const r = await ours(['-f', '-p', '2,4300']);
    expect(r.stdout.split('\n').map((l) => l.replace(/ +\S+ +(\?|pts\/3) /, ' T $1 '))).toEqual([
      'UID          PID    PPID  C STIME TTY          TIME CMD',
      'root           2       0  0 T ?        00:00:00 [kthreadd]',
      'averyve+    4300    4242 40 T pts/3    00:02:00 my (weird) prog)',
      '',
    ]);
  });
  it('errors as procps words them', async () => {
    const tail = "\nUsage:\n ps [options]\n\n Try 'ps --help <simple|list|output|threads|misc|all>'\n  or 'ps --help <s|l|o|t|m|a>'\n for additional help text.\n\nFor more details see ps(1).\n";
    expect(await ours(['-o', 'foo'])).toMatchObject({ stderr: 'error: unknown user-defined format specifier "foo"\n' + tail, code: 1 });
    expect(await ours(['-p', 'x'])).toMatchObject({ stderr: 'error: process ID list syntax error\n' + tail, code: 1 });
    expect(await ours(['-p', ','])).toMatchObject({ stderr: 'error: improper list\n' + tail, code: 1 });
    expect(await ours(['-p', ''])).toMatchObject({ stderr: 'error: list of process IDs must follow -p\n' + tail, code: 1 });
    expect(await ours(['--sort=nope'])).toMatchObject({ stderr: 'error: unknown sort specifier\n' + tail, code: 1 });
    expect(await ours(['--notaflag'])).toMatchObject({ stderr: 'error: unknown gnu long option\n' + tail, code: 1 });
    expect(await ours(['-o'])).toMatchObject({ stderr: 'error: format specification must follow -o\n' + tail, code: 1 });
  });
  it('refuses what it does not support, and BSD e (environment) always', async () => {
    expect(await ours(['e'])).toMatchObject({
      stderr: "ps: BSD e (show the environment) is refused: rshell never reads another process's environment\n", code: 1,
    });
    expect(await ours(['-L'])).toMatchObject({ code: 1 });
    expect((await ours(['-L'])).stderr).toContain('ps: option -L is not supported by rshell');
    expect(await ours(['foo'])).toMatchObject({ code: 1 });
  });
  it('--help and --version', async () => {
    expect((await ours(['--help'])).stdout).toContain('Usage: ps [options] [PIDLIST]');
    expect((await ours(['--version'])).stdout).toBe('ps (rshell) 0.1.0\n');
  });
  it('an empty proc root lists nothing', async () => {
    expect(await ours(['-e'], fixtureProc('empty'))).toMatchObject({ stdout: '  PID TTY          TIME CMD\n', code: 1 });
  });
});

/** procps words start times by two different rules: STIME/START by calendar day, STARTED by 24 hours */
describe('start-time fields at fixed clocks', () => {
  const at = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime() / 1000;
  const show = (name: string, started: number, now: number) => {
    const env = { bootTime: started, now, uptime: now - started } as PsEnv;
    return fieldNamed(name)!.text({ startTicks: 0 } as ProcessInfo, env);
  };
  it('STIME and START: HH:MM on the same calendar day, MmmDD after midnight, the year before this one', () => {
    const started = at(2026, 11, 30, 14, 50, 31);
    for (const f of ['stime', 'start_time']) {
      expect(show(f, started, at(2026, 11, 30, 23, 59))).toBe('14:50');
      expect(show(f, started, at(2026, 12, 1, 0, 5))).toBe('Nov30');
      expect(show(f, at(2026, 1, 2, 3, 4), at(2026, 12, 31, 23, 0))).toBe('Jan02');
      expect(show(f, at(2025, 12, 31, 23, 0), at(2026, 1, 1, 0, 30))).toBe(' 2025');
    }
  });
  it('STARTED: HH:MM:SS within 24 hours (across midnight too), then "  Mmm DD" even years back', () => {
    const started = at(2026, 11, 30, 14, 50, 31);
    expect(show('start', started, at(2026, 12, 1, 0, 5))).toBe('14:50:31');
    expect(show('start', started, at(2026, 12, 1, 14, 51))).toBe('  Nov 30');
    expect(show('start', at(2023, 3, 5, 1, 2), at(2026, 12, 1, 0, 5))).toBe('  Mar 05');
  });
});

/** live parity with procps on processes that do not change between the two runs */
describe.skipIf(!live)('ps against procps on the live /proc', () => {
  const real = (args: string[]) => spawnSync('ps', args, { env: { LANG: 'C', PATH: '/usr/bin:/bin', TZ: 'UTC' } });
  const stable = ['-p', '1,2', '-o'];
  for (const fields of [
    'pid,ppid,pgid,sid,uid,user,group,gid,tty,stat,s,ni,pri,nlwp,vsz,sz,comm',
    'pid,tname,time,ucmd', 'user,pid,tname,stat,bsdtime,comm', 'pid,etimes,lstart,comm',
  ]) {
    it(`ps ${stable.join(' ')} ${fields}`, async () => {
      const r = real([...stable, fields]);
      const o = await runWithProc(ps, [...stable, fields], '/proc');
      expect(o.stdout).toBe(r.stdout.toString());
      expect(o.code).toBe(r.status);
    });
  }
  for (const args of [['-p', '2'], ['-f', '-p', '2'], ['u', '-p', '2'], ['-p', '99999'], ['-o', 'foo'], ['-p', 'x'], ['--sort=foo']]) {
    it(`ps ${args.join(' ')}`, async () => {
      const r = real(args);
      const o = await runWithProc(ps, args, '/proc');
      expect({ out: o.stdout, err: o.stderr, code: o.code }).toEqual({ out: r.stdout.toString(), err: r.stderr.toString(), code: r.status });
    });
  }
});

/** a process started with a secret in argv and environment shows up by pid and comm only */
describe.skipIf(process.platform !== 'linux')('ps never shows argv or environment', () => {
  const SECRET = 'hunter2-TOPSECRET-7f3a';
  let child: ReturnType<typeof spawn> | undefined;
  beforeAll(async () => {
    // `sh -c 'sleep 30; :' SECRET`: sh stays alive with the secret in its argv and environment
    child = spawn('sh', ['-c', 'sleep 30; :', SECRET], { env: { SECRET_TOKEN: SECRET, PATH: '/usr/bin:/bin' }, stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(() => {
    child?.kill();
  });
  it('ps -ef / aux / -o args print comm, never the secret', async () => {
    const pid = String(child?.pid);
    for (const args of [['-ef'], ['aux'], ['-e', '-o', 'pid,args,cmd,command,comm'], ['-f', '-p', pid], ['x']]) {
      const r = await runWithProc(ps, args, '/proc');
      expect(r.stdout).not.toContain(SECRET);
      expect(r.stderr).not.toContain(SECRET);
    }
    const r = await runWithProc(ps, ['-o', 'pid=,comm=', '-p', pid], '/proc');
    expect(r.stdout.trim().split(/\s+/)).toEqual([pid, 'sh']);
    // nor does any other system builtin that looks at processes
    for (const [cmd, args] of [[lsof, ['-p', pid]], [pmap, ['-x', pid]], [ss, ['-a']]] as const) {
      const o = await runWithProc(cmd, [...args], '/proc');
      expect(o.stdout + o.stderr).not.toContain(SECRET);
    }
  });
});
