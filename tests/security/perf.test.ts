// Performance bound from the brief: opening and reading 10,000 small files through the sandbox
// costs at most 2× what bash + GNU cat take for `cat d/*` (glob + open + read + close each file).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSandbox } from '../../allowedpaths/index.js';

const FILES = 10_000;
let base: string;

beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-perf-')));
  fs.mkdirSync(path.join(base, 'd'));
  for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(base, 'd', `f${i}`), `line ${i}\n`);
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

function best(runs: number, fn: () => void): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return min;
}

it('10,000 small files: sandbox ≤ 2× bash + GNU cat', { retry: 2 }, () => {
  const bashMs = best(3, () => execFileSync('/bin/bash', ['-c', 'cat d/* > /dev/null'], { cwd: base }));
  const sb = createSandbox([base]);
  const f = sb.at(base);
  let bytes = 0;
  const ourMs = best(3, () => {
    bytes = 0;
    const list = f.readdir('d');
    if (!list.ok) throw new Error(list.error.message);
    const names = list.value.map((e) => e.name).sort();
    for (const n of names) {
      const r = f.open(`d/${n}`);
      if (!r.ok) throw new Error(r.error.message);
      for (let c = r.value.read(); c !== null; c = r.value.read()) bytes += (c as Uint8Array).length;
      r.value.close();
    }
  });
  sb.close();
  expect(bytes).toBeGreaterThan(FILES * 7);
  console.log(`sandbox ${ourMs.toFixed(1)} ms, bash+cat ${bashMs.toFixed(1)} ms, ratio ${(ourMs / bashMs).toFixed(2)}`);
  expect(ourMs).toBeLessThanOrEqual(2 * bashMs);
});
