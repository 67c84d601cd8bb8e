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

/** seconds in bash's `times` output ("0m0.015s 0m0.091s" lines: shell, then children) */
function timesTotalMs(out: string): number {
  let ms = 0;
  for (const m of out.matchAll(/(\d+)m([\d.]+)s/g)) ms += (Number(m[1]) * 60 + Number(m[2])) * 1000;
  return ms;
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

function measureOurs(fn: () => void): Sample {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  fn();
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const c = process.cpuUsage(c0);
  return { wallMs, cpuMs: (c.user + c.system) / 1000 };
}

function measureBash(): Sample {
  const t0 = process.hrtime.bigint();
  const out = execFileSync('/bin/bash', ['-c', 'cat d/* > /dev/null; times'], { cwd: base, encoding: 'utf8' });
  return { wallMs: Number(process.hrtime.bigint() - t0) / 1e6, cpuMs: timesTotalMs(out) };
}

/**
 * Both sides run alternately five times and the best of each counts, so load from other test
 * files hits them alike. CPU time (ours: process.cpuUsage; bash + cat: `times`) is the stable
 * measure and carries the 2× bound; wall time is asserted with slack for a loaded machine (the
 * bash side's fork/exec is cheap, our side shares its process with the test runner).
 */
it('10,000 small files: sandbox ≤ 2× bash + GNU cat', { retry: 2 }, () => {
  const sb = createSandbox([base]);
  const f = sb.at(base);
  let bytes = 0;
  const ours = (): void => {
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
  };
  const best = { ours: { wallMs: Infinity, cpuMs: Infinity }, bash: { wallMs: Infinity, cpuMs: Infinity } };
  for (let i = 0; i < 5; i++) {
    const o = measureOurs(ours);
    const b = measureBash();
    best.ours = { wallMs: Math.min(best.ours.wallMs, o.wallMs), cpuMs: Math.min(best.ours.cpuMs, o.cpuMs) };
    best.bash = { wallMs: Math.min(best.bash.wallMs, b.wallMs), cpuMs: Math.min(best.bash.cpuMs, b.cpuMs) };
  }
  sb.close();
  expect(bytes).toBeGreaterThan(FILES * 7);
  const wallRatio = best.ours.wallMs / best.bash.wallMs;
  const cpuRatio = best.ours.cpuMs / best.bash.cpuMs;
  console.log(
    `sandbox ${best.ours.wallMs.toFixed(0)} ms wall / ${best.ours.cpuMs.toFixed(0)} ms cpu; ` +
      `bash+cat ${best.bash.wallMs.toFixed(0)} ms wall / ${best.bash.cpuMs.toFixed(0)} ms cpu; ` +
      `ratios wall ${wallRatio.toFixed(2)} cpu ${cpuRatio.toFixed(2)}`,
  );
  expect(cpuRatio).toBeLessThanOrEqual(2);
  expect(wallRatio).toBeLessThanOrEqual(3);
});
