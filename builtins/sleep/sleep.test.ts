import { describe, expect, it } from 'vitest';
import { parseInterval, sleep } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { CollectingWriter } from '../../lib/io/pipe.js';
import type { CallContext } from '../types.js';

describe('sleep: intervals', () => {
  const cases: [string, number | undefined][] = [
    ['1', 1], ['1s', 1], ['1m', 60], ['1h', 3600], ['1d', 86400], ['.5', 0.5], ['5.', 5], ['1e-3', 0.001], ['+1', 1],
    [' 1', 1], ['0x1p-3', 0.125], ['0x10', 16], ['inf', Infinity], ['INFINITY', Infinity], ['infm', Infinity],
    ['', undefined], ['x', undefined], ['1s2', undefined], ['1S', undefined], ['nan', undefined], ['-1', undefined], ['1 ', undefined],
  ];
  for (const [text, want] of cases) it(JSON.stringify(text), () => expect(parseInterval(text)).toBe(want));
});

describe('sleep: runs', () => {
  it('sums its operands and waits', async () => {
    const t = performance.now();
    expect(await runBuiltin(sleep, ['0.03', '0.0005m'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(performance.now() - t).toBeGreaterThanOrEqual(55);
  });
  it('errors', async () => {
    expect(await runBuiltin(sleep, [])).toMatchObject({ code: 1, stderr: "sleep: missing operand\nTry 'sleep --help' for more information.\n" });
    expect(await runBuiltin(sleep, ['x', 'y'])).toMatchObject({ code: 1, stderr: "sleep: invalid time interval 'x'\nsleep: invalid time interval 'y'\nTry 'sleep --help' for more information.\n" });
    expect(await runBuiltin(sleep, ['-1'])).toMatchObject({ code: 1, stderr: "sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n" });
    expect((await runBuiltin(sleep, ['--help'])).stdout).toMatch(/^Usage: sleep NUMBER\[SUFFIX\]\.\.\.\n/);
  });
  it('ends with the run abort error when the run is cancelled', async () => {
    const controller = new AbortController();
    const abortError = new Error('cancelled');
    const ctx: CallContext = {
      name: 'sleep', stdin: { read: () => null }, stdout: new CollectingWriter(), stderr: new CollectingWriter(), cwd: '/', fs: undefined as never,
      getEnv: () => undefined, exportedEnv: () => [], signal: controller.signal,
      limits: { maxLineBytes: 1 << 20, maxSortBytes: 1 << 28, maxFileBytes: 1 << 28 }, mode: 'read-only',
      procPath: '/proc', exec: () => Promise.resolve(127), runShellText: () => Promise.resolve(127),
      checkAbort: () => {
        if (controller.signal.aborted) throw abortError;
      },
    };
    setTimeout(() => controller.abort(), 20);
    const t = performance.now();
    await expect(Promise.resolve(sleep.run(ctx, ['inf']))).rejects.toBe(abortError);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});
