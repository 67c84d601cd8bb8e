// The stepped sort gives exactly what one native sort gives (order and stability), and looks at
// the run's state as it goes: a deadline that passes mid-sort stops it.
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempTree } from '../internal/testing.js';
import { Pacer } from '../internal/budget.js';
import { mapInSteps, sortInSteps } from './stepped.js';
import { Runner } from '../../src/index.js';

function pseudoRandom(n: number, mod: number): number[] {
  const out: number[] = [];
  let x = 7;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out.push(x % mod);
  }
  return out;
}

describe('sortInSteps', () => {
  it('sorts strings as Array.prototype.sort() does, looking at the clock past 2^18 elements', async () => {
    for (const n of [0, 1, 5, 262_144, 300_007]) {
      const items = pseudoRandom(n, 50_000).map((v) => `k${v}`);
      const expected = items.slice().sort();
      let steps = 0;
      const got = await sortInSteps(items.slice(), undefined, new Pacer(() => void steps++));
      expect(got).toEqual(expected);
      if (n > 262_144) expect(steps).toBeGreaterThan(3);
      else expect(steps).toBeLessThanOrEqual(2); // the look after the sort, and after its turn
    }
  });

  it('is stable with a comparator (ties keep input order)', async () => {
    const items = pseudoRandom(300_000, 100).map((key, seq) => ({ key, seq }));
    const got = await sortInSteps(items.slice(), (a, b) => a.key - b.key, new Pacer(() => undefined));
    const expected = items.slice().sort((a, b) => a.key - b.key);
    expect(got).toEqual(expected);
  });

  it('stops when the deadline passes mid-sort', async () => {
    const items = pseudoRandom(300_000, 1_000_000).map(String);
    let calls = 0;
    const pace = new Pacer(() => {
      if (++calls === 2) throw new Error('deadline');
    });
    await expect(sortInSteps(items, undefined, pace)).rejects.toThrow('deadline');
    await expect(mapInSteps(items, (s) => s.length, new Pacer(() => {
      throw new Error('deadline');
    }))).rejects.toThrow('deadline');
  });
});

describe('the deadline reaches a CPU-bound sort', () => {
  // before the stepped sort, sorting 1,500,000 lines was one synchronous call of seconds: the
  // run overran a 400 ms timeout by all of it. The input is a file, read in a few milliseconds,
  // so the deadline falls inside the sort. The bound is loose (a loaded CI machine); the figures
  // in the report were measured on their own.
  let dir = '';
  beforeAll(() => {
    const lines = pseudoRandom(1_500_000, 1 << 30);
    dir = makeTempTree({ f: lines.join('\n') + '\n' });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const flags of ['', '-n', '-t: -k1,1', '-g']) {
    it(`sort ${flags || '(whole lines)'}`, async () => {
      const runner = new Runner({ allowedPaths: [dir], cwd: dir, allowedCommands: 'all', timeoutMs: 400 });
      const t0 = performance.now();
      const r = await runner.run(`sort ${flags} f | tail -1`);
      const took = performance.now() - t0;
      expect(r.exitCode).toBe(124);
      expect(took).toBeLessThan(400 + 600);
      // the Runner is fine afterwards
      expect((await runner.run('echo ok')).stdout).toBe('ok\n');
    });
  }
});
