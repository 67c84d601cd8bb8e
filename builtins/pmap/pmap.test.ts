import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pmap } from './index.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';
import { hasTool } from '../internal/proc/testing-oracle.js';

const HOST1 = fixtureProc('host1');

describe('pmap on the captured host', () => {
  it('default format: header by comm, one line per mapping, total', async () => {
    const r = await runWithProc(pmap, ['5960'], HOST1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('5960:   sleep');
    expect(lines[1]).toBe('0000559b4b882000      8K r---- sleep');
    expect(lines).toContain('ffffffffff600000      4K --x--   [ anon ]');
    expect(lines.some((l) => l.endsWith('   [ stack ]'))).toBe(true);
    expect(lines[lines.length - 2]).toBe(' total             2924K');
    expect(r.code).toBe(0);
  });
  it('-x adds RSS and Dirty from smaps', async () => {
    const r = await runWithProc(pmap, ['-x', '5960'], HOST1);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual(['5960:   sleep', 'Address           Kbytes     RSS   Dirty Mode  Mapping', '0000559b4b882000       8       8       0 r---- sleep']);
    expect(lines.slice(-3)).toEqual(['---------------- ------- ------- ------- ', 'total kB            2924    1808     108', '']);
  });
  it('kernel threads, several pids, a missing pid (status 42), -q', async () => {
    expect(await runWithProc(pmap, ['2', '999'], HOST1)).toMatchObject({ stdout: '2:   [kthreadd]\n total                0K\n', code: 42 });
    expect((await runWithProc(pmap, ['-q', '2'], HOST1)).stdout).toBe('2:   [kthreadd]\n');
  });
  it('errors and refusals', async () => {
    expect(await runWithProc(pmap, [], HOST1)).toMatchObject({ stderr: 'pmap: argument missing\n', code: 1 });
    expect(await runWithProc(pmap, ['-p', '1'], HOST1)).toMatchObject({ stderr: 'pmap: -p/--show-path is refused: mappings are shown by base name only\n', code: 1 });
    expect(await runWithProc(pmap, ['-n'], HOST1)).toMatchObject({ code: 1 });
    expect(await runWithProc(pmap, ['-C', 'f', '1'], HOST1)).toMatchObject({ code: 1 });
    expect((await runWithProc(pmap, ['x'], HOST1)).code).toBe(1);
  });
});

describe.skipIf(process.platform !== 'linux' || !hasTool('pmap'))('pmap against procps on a live process', () => {
  it('matches pmap and pmap -x except for the argv in the header', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 100));
    try {
      for (const args of [[String(child.pid)], ['-x', String(child.pid)], ['-q', String(child.pid)]]) {
        const real = spawnSync('pmap', args, { env: { LANG: 'C', PATH: '/usr/bin:/bin' } }).stdout.toString()
          .replace(/^([0-9]+): {3}sleep 30\n/, '$1:   sleep\n');
        expect((await runWithProc(pmap, args, '/proc')).stdout).toBe(real);
      }
    } finally {
      child.kill();
    }
  });
});
