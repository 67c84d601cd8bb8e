// A script must not take its host down with V8's out-of-memory abort: past 256 MB of RSS the
// runtime watches the heap against its limit and stops the run with a limit error at 75% of it
// (src/interp/state/runtime.ts watchHeap). Run in a child node with a small heap, so the abort would
// show as a dead process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.mjs');

const SCRIPT = 'big=$(printf "%01000000d" 0); for i in {1..600}; do a[i]=$big$i; done; echo ok';

/** the run's result in a child node with a 512 MB heap */
function runSmallHeap(limits: string): { exitCode: number; stdout: string; stderr: string } {
  const host = `
    const { Runner } = await import(${JSON.stringify(DIST)});
    const res = await new Runner({ allowedCommands: 'all', timeoutMs: 60000, limits: ${limits} }).run(${JSON.stringify(SCRIPT)});
    console.log(JSON.stringify({ exitCode: res.exitCode, stdout: res.stdout, stderr: res.stderr }));`;
  const p = spawnSync(process.execPath, ['--max-old-space-size=512', '--input-type=module', '-e', host], { encoding: 'utf8', timeout: 120_000 });
  expect(p.status).toBe(0);
  return JSON.parse(p.stdout) as { exitCode: number; stdout: string; stderr: string };
}

test('600 array elements of 1 MB each stop at the memory budget (maxMemoryBytes), the host lives', () => {
  const res = runSmallHeap('{}');
  expect(res.exitCode).toBe(1);
  expect(res.stdout).toBe('');
  expect(res.stderr).toBe('memory limit exceeded (maxMemoryBytes 268435456)\n');
});

test('with the budget raised past the heap, the heap watch stops them in a 512 MB heap, the host lives', () => {
  const res = runSmallHeap('{ maxMemoryBytes: 4 * 1024 ** 3 }');
  expect(res.exitCode).toBe(1);
  expect(res.stdout).toBe('');
  expect(res.stderr).toMatch(/^memory limit exceeded \(the heap is \d+% of its limit\)\n$/);
});
