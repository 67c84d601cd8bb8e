import { describe, expect, it } from 'vitest';
import { yes } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { PipeClosedError } from '../../lib/io/errors.js';
import { CollectingWriter } from '../../lib/io/pipe.js';
import type { CallContext } from '../types.js';

/** a stdout that takes `limit` bytes, then acts as a closed pipe */
function limitedContext(limit: number, checkAbort: () => void = () => {}): { ctx: CallContext; out: () => string } {
  const got: Uint8Array[] = [];
  let n = 0;
  const stdout = {
    closed: false,
    write(chunk: Uint8Array): void {
      if (n >= limit) throw new PipeClosedError();
      got.push(chunk.slice(0, limit - n));
      n += chunk.length;
    },
    writeString(): void {},
    flush(): void {},
  };
  const ctx: CallContext = {
    name: 'yes', stdin: { read: () => null }, stdout, stderr: new CollectingWriter(), cwd: '/', fs: undefined as never,
    getEnv: () => undefined, exportedEnv: () => [], signal: new AbortController().signal,
    limits: { maxLineBytes: 1 << 20, maxSortBytes: 1 << 28, maxFileBytes: 1 << 28 }, mode: 'read-only',
    procPath: '/proc', exec: () => Promise.resolve(127), runShellText: () => Promise.resolve(127), checkAbort,
  };
  return { ctx, out: () => Buffer.concat(got).toString('latin1') };
}

describe('yes', () => {
  it('repeats y, or its operands joined by spaces, in big writes', async () => {
    const a = limitedContext(10);
    await expect(Promise.resolve(yes.run(a.ctx, []))).rejects.toBeInstanceOf(PipeClosedError);
    expect(a.out()).toBe('y\ny\ny\ny\ny\n');
    const b = limitedContext(12);
    await expect(Promise.resolve(yes.run(b.ctx, ['a', 'b c']))).rejects.toBeInstanceOf(PipeClosedError);
    expect(b.out()).toBe('a b c\na b c\n');
    const c = limitedContext(3);
    await expect(Promise.resolve(yes.run(c.ctx, ['']))).rejects.toBeInstanceOf(PipeClosedError);
    expect(c.out()).toBe('\n\n\n');
  });
  it('stops at the deadline (checkAbort at every write)', async () => {
    let writes = 0;
    const stop = new Error('deadline');
    const d = limitedContext(1 << 30, () => {
      if (++writes > 5) throw stop;
    });
    await expect(Promise.resolve(yes.run(d.ctx, []))).rejects.toBe(stop);
  });
  it('options', async () => {
    expect((await runBuiltin(yes, ['--help'])).stdout).toMatch(/^Usage: yes \[STRING\]\.\.\.\n/);
    expect(await runBuiltin(yes, ['-x'])).toMatchObject({ code: 1, stderr: "yes: invalid option -- 'x'\nTry 'yes --help' for more information.\n" });
  });
});
