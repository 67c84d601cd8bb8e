import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pmap } from './index.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';
import { hasTool } from '../../tests/harness/proc-oracle.js';

const HOST1 = fixtureProc('host1');

describe('pmap on the captured host', () => {
  it('default format: header by comm, one line per mapping, total', async () => {
    const r = await runWithProc(pmap, ['5960'], HOST1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('5960:   sleep');
    // /usr/bin/sleep is outside the sandbox's root (a temp dir): its name is not shown
    expect(lines[1]).toBe('0000559b4b882000      8K r---- (restricted)');
    expect(lines).toContain('ffffffffff600000      4K --x--   [ anon ]');
    expect(lines.some((l) => l.endsWith('   [ stack ]'))).toBe(true);
    expect(lines[lines.length - 2]).toBe(' total             2924K');
    expect(r.code).toBe(0);
  });
  it('-x adds RSS and Dirty from smaps', async () => {
    const r = await runWithProc(pmap, ['-x', '5960'], HOST1);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual(['5960:   sleep', 'Address           Kbytes     RSS   Dirty Mode  Mapping', '0000559b4b882000       8       8       0 r---- (restricted)']);
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

describe('pmap names only the files the sandbox can see', () => {
  it('a mapped file inside the root by base name, one outside as (restricted)', async () => {
    const proc = fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-pmap-'));
    try {
      fs.cpSync(path.join(HOST1, '5960'), path.join(proc, '5960'), { recursive: true });
      const r = await runWithProc(pmap, ['5960'], proc, {
        files: { 'data.db': 'x' },
        setup: (dir) => {
          const maps = '559b4b882000-559b4b884000 r--p 00000000 fe:00 1 /etc/secret-store.db\n'
            + `559b4b884000-559b4b886000 r--p 00000000 fe:00 2 ${dir}/data.db\n`
            + `559b4b886000-559b4b887000 r--p 00000000 fe:00 2 ${dir}/gone.db (deleted)\n`
            + '7ffd00000000-7ffd00001000 rw-p 00000000 00:00 0 [stack]\n';
          fs.writeFileSync(path.join(proc, '5960', 'maps'), maps);
        },
      });
      expect(r).toMatchObject({
        stdout: '5960:   sleep\n'
          + '0000559b4b882000      8K r---- (restricted)\n'
          + '0000559b4b884000      8K r---- data.db\n'
          + '0000559b4b886000      4K r---- (restricted)\n'
          + '00007ffd00000000      4K rw---   [ stack ]\n'
          + ' total               24K\n',
        code: 0,
      });
    } finally {
      fs.rmSync(proc, { recursive: true, force: true });
    }
  });
  it.skipIf(process.platform !== 'linux')('the test runner itself: node and its libraries are outside the root', async () => {
    const r = await runWithProc(pmap, [String(process.pid)], '/proc');
    expect(r.code).toBe(0);
    const names = r.stdout.split('\n').slice(1, -2).map((l) => l.slice(l.indexOf('- ', 26) + 2));
    expect(names).toContain('(restricted)');
    expect(names.filter((n) => n !== '(restricted)' && n !== '  [ anon ]' && n !== '  [ stack ]')).toEqual([]);
  });
});

describe.skipIf(process.platform !== 'linux' || !hasTool('pmap'))('pmap against procps on a live process', () => {
  it('matches pmap and pmap -x except for the argv in the header', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 100));
    try {
      for (const args of [[String(child.pid)], ['-x', String(child.pid)], ['-q', String(child.pid)]]) {
        // every file sleep maps is outside the sandbox's root: (restricted) in place of its name
        const real = spawnSync('pmap', args, { env: { LANG: 'C', PATH: '/usr/bin:/bin' } }).stdout.toString()
          .replace(/^([0-9]+): {3}sleep 30\n/, '$1:   sleep\n')
          .replace(/^([0-9a-f]{16} .* [r-][w-][x-][s-]- )(?! *\[ )\S.*$/gm, '$1(restricted)');
        expect((await runWithProc(pmap, args, '/proc')).stdout).toBe(real);
      }
    } finally {
      child.kill();
    }
  });
});
