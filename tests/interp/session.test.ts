// Runner.session(): state kept natively between calls, each call with its own deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runner } from '../../src/index.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rshell-session-'));
  mkdirSync(join(dir, 'sub'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runner = () => new Runner({ allowedCommands: 'all', allowedPaths: [dir], cwd: dir, timeoutMs: 2000 });

describe('sessions', () => {
  it('keep cwd, variables, arrays, functions, options, traps, $?, $$ and the directory stack', async () => {
    const s = runner().session();
    const first = await s.run('cd sub; x=1; a=(p q); declare -A m=([k]=v); f() { echo "f:$*"; }; set -u; shopt -s nullglob; trap "echo bye" EXIT; pushd / >/dev/null; false');
    expect([first.exitCode, first.stdout, first.exited]).toEqual([1, '', false]);
    const r = await s.run('echo "$? $x ${a[1]} ${m[k]}"; f 1 2; [[ $- == *u* ]] && echo nounset; shopt -q nullglob && echo nullglob; dirs; echo $$ > /dev/null');
    expect(r.stdout).toBe(`1 1 q v\nf:1 2\nnounset\nnullglob\n/ ${join(dir, 'sub')}\n`);
    expect(s.cwd).toBe('/');
    const pids = await Promise.all([s.run('echo $$'), s.run('echo $$')]);
    expect(pids[0]!.stdout).toBe(pids[1]!.stdout);
    const end = await s.close();
    expect([end.stdout, end.exited]).toEqual(['bye\n', true]);
    await expect(s.run('echo')).rejects.toThrow('Session: the shell has exited');
  });

  it('each call has its own deadline; what a stopped call changed is kept', async () => {
    const s = new Runner({ allowedCommands: 'all', timeoutMs: 200 }).session();
    const stopped = await s.run('y=2; while :; do :; done; y=3');
    expect(stopped.timedOut).toBe(true);
    const r = await s.run('echo "$y"; n=0; while ((n < 1000)); do ((n++)); done; echo $n');
    expect([r.stdout, r.timedOut]).toEqual(['2\n1000\n', false]);
  });

  it('a call stopped inside a function leaves the function; its globals stay', async () => {
    const s = new Runner({ allowedCommands: 'all', timeoutMs: 200 }).session();
    await s.run('g() { local l=1; z=5; while :; do :; done; }; g');
    const r = await s.run('echo "${l-unset} $z ${FUNCNAME[0]-none}"; local q=1 2>&1 | head -c 0; echo ok');
    expect(r.stdout).toBe('unset 5 none\nok\n');
  });

  it('exit ends the session and runs the EXIT trap then', async () => {
    const s = runner().session();
    await s.run('trap "echo trapped" EXIT');
    const r = await s.run('echo a; exit 3; echo b');
    expect([r.stdout, r.exitCode, r.exited, s.exited]).toEqual(['a\ntrapped\n', 3, true, true]);
    expect((await s.close()).stdout).toBe('');
  });

  it('variables held count against the memory budget of every later call', async () => {
    const s = new Runner({ allowedCommands: 'all', limits: { maxMemoryBytes: 4 * 1024 * 1024, maxVarBytes: 8 * 1024 * 1024 } }).session();
    // 1.5 MB kept from the first call plus 3 MB made in the second pass 4 MiB; either alone does not
    await s.run('printf -v x "%01500000d" 0');
    const r = await s.run('y=$x$x');
    expect(r.stderr).toMatch(/memory limit exceeded/);
    expect((await s.run('echo ${#x}')).stdout).toBe('1500000\n');
    const fresh = await new Runner({ allowedCommands: 'all', limits: { maxMemoryBytes: 4 * 1024 * 1024, maxVarBytes: 8 * 1024 * 1024 } }).run('printf -v y "%03000000d" 0; echo ${#y}');
    expect(fresh.stdout).toBe('3000000\n');
  });

  it('worker isolation refuses sessions for now', () => {
    const w = new Runner({ isolation: 'worker', maxWorkers: 1 });
    try {
      expect(() => w.session()).toThrow("Session: sessions need isolation 'none' for now");
    } finally {
      w.close();
    }
  });
});
