// Issue 19's first finding through the CLI: the array-doubling script must end within 3 s under
// `--timeout 2s`, with a non-zero status and a one-line reason, never V8's fatal out-of-memory.
// The host is killed at 8 s, so a failure costs that much and no more.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'rshell.js');

interface Ended {
  ms: number;
  status: number | null;
  signal: string | null;
  stderr: string;
}

function cli(args: string[], killAfterMs: number): Promise<Ended> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, ['--max-old-space-size=768', CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    p.stderr.setEncoding('utf8');
    p.stderr.on('data', (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    const t = setTimeout(() => p.kill('SIGKILL'), killAfterMs);
    p.on('close', (status, signal) => {
      clearTimeout(t);
      resolve({ ms: performance.now() - t0, status, signal, stderr });
    });
  });
}

// before the budgets and deadline checks, the run ignored the timeout and died of V8's heap limit
// after about 36 s
it('the doubling script ends within 3 s under --timeout 2s, non-zero, with a one-line reason', async () => {
  const r = await cli(['--allow-all-commands', '--timeout', '2s', '-c', 'a=({1..10000}); while :; do a+=("${a[@]}"); done'], 8000);
  expect(r.signal).toBe(null);
  expect(r.status).not.toBe(0);
  expect(r.ms).toBeLessThan(3000);
  expect(r.stderr).toMatch(/^[^\n]+\n$/);
  expect(r.stderr).not.toMatch(/FATAL|heap/i);
}, 20_000);
