import { describe, expect, it } from 'vitest';
import { uname } from './index.js';
import { hostname } from '../hostname/index.js';
import { nproc } from '../nproc/index.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';
import { ORACLE_AVAILABLE, expectSameAsRealOn } from '../../tests/harness/proc-oracle.js';

// host1 was captured on this machine's kernel, so uname(2) and the fixture agree
const liveHost = ORACLE_AVAILABLE && (await runWithProc(uname, ['-a'], '/proc')).stdout ===
  (await runWithProc(uname, ['-a'], fixtureProc('host1'))).stdout;

describe('uname / hostname / nproc against the real tools', () => {
  const unameArgs = [[], ['-a'], ['-s'], ['-n'], ['-r'], ['-v'], ['-m'], ['-p'], ['-i'], ['-o'], ['-snrvmpio'],
    ['--all'], ['--kernel-name', '--nodename'], ['--sysname'], ['--release'], ['-z'], ['x'], ['--ker'], ['-a', 'x']];
  for (const args of unameArgs) {
    it.skipIf(!liveHost)(`uname ${args.join(' ')}`, async () => expectSameAsRealOn('host1', uname, args));
  }
  for (const args of [[], ['-s'], ['--short'], ['-x'], ['-h']]) {
    it.skipIf(!liveHost)(`hostname ${args.join(' ')}`, async () => expectSameAsRealOn('host1', hostname, args));
  }
  for (const args of [[], ['--all'], ['--ignore=1'], ['--ignore', '99'], ['--ignore=x'], ['--ignore=-1'], ['x'], ['--ign=0'], ['--ignore']]) {
    it.skipIf(!liveHost)(`nproc ${args.join(' ')}`, async () => expectSameAsRealOn('host1', nproc, args));
  }
});

describe('uname / hostname / nproc on hand-made trees', () => {
  const big = fixtureProc('big');
  it('uname reads sys/kernel', async () => {
    const r = await runWithProc(uname, ['-snrv'], big);
    expect(r.stdout).toBe('Linux db-primary-01.example.internal 5.10.0-28-amd64 #1 SMP Debian 5.10.209-2 (2024-01-31)\n');
  });
  it('uname -o', async () => {
    expect((await runWithProc(uname, ['-o'], big)).stdout).toBe('GNU/Linux\n');
  });
  it('hostname and hostname -s', async () => {
    expect((await runWithProc(hostname, [], big)).stdout).toBe('db-primary-01.example.internal\n');
    expect((await runWithProc(hostname, ['-s'], big)).stdout).toBe('db-primary-01\n');
  });
  it('hostname refuses to set the name or ask the resolver', async () => {
    expect(await runWithProc(hostname, ['newname'], big)).toMatchObject({
      stdout: '', stderr: 'hostname: setting the host name is refused: rshell does not change the system\n', code: 1,
    });
    expect(await runWithProc(hostname, ['-F', 'f'], big)).toMatchObject({ code: 1 });
    expect(await runWithProc(hostname, ['--fqdn'], big)).toMatchObject({
      stderr: 'hostname: --fqdn is refused: rshell does not query the resolver (DNS, NIS)\n', code: 1,
    });
    expect(await runWithProc(hostname, ['-I'], big)).toMatchObject({ stderr: 'hostname: -I is refused: rshell does not query the resolver (DNS, NIS)\n', code: 1 });
  });
  it('nproc counts the affinity list and honours OMP_*', async () => {
    expect((await runWithProc(nproc, [], big)).stdout).toBe('96\n');
    expect((await runWithProc(nproc, ['--ignore=100'], big)).stdout).toBe('1\n');
    expect((await runWithProc(nproc, [], big, { env: { OMP_NUM_THREADS: '4' } })).stdout).toBe('4\n');
    expect((await runWithProc(nproc, [], big, { env: { OMP_NUM_THREADS: '8', OMP_THREAD_LIMIT: '3' } })).stdout).toBe('3\n');
  });
  it('--version', async () => {
    expect((await runWithProc(uname, ['--version'], big)).stdout).toBe('uname (rshell) 0.1.0\n');
    expect((await runWithProc(hostname, ['-V'], big)).stdout).toBe('hostname (rshell) 0.1.0\n');
    expect((await runWithProc(nproc, ['--version'], big)).stdout).toBe('nproc (rshell) 0.1.0\n');
  });
});
