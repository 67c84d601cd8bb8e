// A script must not take its host down with V8's out-of-memory abort: past 256 MB of RSS the
// runtime watches the heap against its limit and stops the run with a limit error at 75% of it
// (src/interp/state/runtime.ts watchHeap). Run in a child node with a small heap, so the abort would
// show as a dead process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.mjs');

test('600 array elements of 1 MB each stop with a limit error in a 512 MB heap, the host lives', () => {
  const script = 'big=$(printf "%01000000d" 0); for i in {1..600}; do a[i]=$big$i; done; echo ok';
  const host = `
    const { Runner } = await import(${JSON.stringify(DIST)});
    const res = await new Runner({ allowedCommands: 'all', timeoutMs: 60000 }).run(${JSON.stringify(script)});
    console.log(JSON.stringify({ exitCode: res.exitCode, stdout: res.stdout, stderr: res.stderr }));`;
  const p = spawnSync(process.execPath, ['--max-old-space-size=512', '--input-type=module', '-e', host], { encoding: 'utf8', timeout: 120_000 });
  expect(p.status).toBe(0);
  const res = JSON.parse(p.stdout) as { exitCode: number; stdout: string; stderr: string };
  expect(res.exitCode).toBe(1);
  expect(res.stdout).toBe('');
  expect(res.stderr).toMatch(/^memory limit exceeded \(the heap is \d+% of its limit\)\n$/);
});
