// Runner({ isolation: 'worker' }): each run in a pooled worker thread (src/isolation/). The same
// contract as in-process across the boundary (streams, stdin, signal, options), plus what only a
// worker gives: a deadline held even when the script blocks in synchronous code, and a heap cap
// whose exhaustion is a result, never the host's death. Needs the built worker: dist/rshell-worker.mjs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Runner, type RunnerOptions, type WritableLike } from '../../src/index.js';
import { runOnWorker } from '../../src/isolation/host-run.js';
import { WorkerPool } from '../../src/isolation/pool.js';
import { CancelSwitch } from '../../src/cli/cancel.js';

let dir: string;
const runners: Runner[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rshell-iso-'));
  writeFileSync(join(dir, 'data.txt'), 'one\ntwo\n');
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.close()));
  rmSync(dir, { recursive: true, force: true });
});

function runner(extra: RunnerOptions = {}): Runner {
  const r = new Runner({ isolation: 'worker', allowedCommands: 'all', allowedPaths: [dir], ...extra });
  runners.push(r);
  return r;
}

/** a sink that records what it gets, and refuses more (write() false) until drained by hand */
class SlowSink implements WritableLike {
  chunks: Uint8Array[] = [];
  private drainers: (() => void)[] = [];
  writes = 0;
  write(chunk: Uint8Array): boolean {
    this.chunks.push(chunk.slice());
    this.writes++;
    return false;
  }
  once(_e: 'drain', l: () => void): this {
    this.drainers.push(l);
    return this;
  }
  drain(): void {
    for (const l of this.drainers.splice(0)) l();
  }
  get text(): string {
    return Buffer.concat(this.chunks).toString();
  }
}

describe('worker isolation: the same contract as in-process', () => {
  it('runs a script with env, cwd, args, name and sourceFile', async () => {
    const r = runner({ env: { GREETING: 'hi' }, cwd: dir });
    const res = await r.run('echo "$GREETING $0 $1 $2 $PWD ${BASH_SOURCE[0]}"; cat data.txt; echo err >&2; exit 3', {
      name: 'job', args: ['a', 'b'], sourceFile: 'job.sh',
    });
    expect(res).toMatchObject({
      exitCode: 3, stdout: `hi job a b ${dir} job.sh\none\ntwo\n`, stderr: 'err\n', timedOut: false, cancelled: false, truncated: false,
    });
    expect(res.reason).toBeUndefined();
    expect(res.stdoutBytes).toEqual(new Uint8Array(Buffer.from(res.stdout ?? '')));
  });

  it('takes stdin as a string, as bytes and as an async iterable', async () => {
    const r = runner();
    expect((await r.run('cat', { stdin: 'text\n' })).stdout).toBe('text\n');
    expect((await r.run('od -An -tx1', { stdin: new Uint8Array([0xff, 0x00, 0x41]) })).stdout).toBe(' ff 00 41\n');
    async function* chunks() {
      yield 'a\n';
      yield new Uint8Array([0x62, 0x0a]);
    }
    expect((await r.run('cat; echo end', { stdin: chunks() })).stdout).toBe('a\nb\nend\n');
    expect((await r.run('[ -c /dev/stdin ] && echo null')).stdout).toBe('null\n');
  });

  it('reports a stdin source that fails as a read error, as in-process', async () => {
    const bad = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('boom')) }),
    };
    const res = await runner().run('cat; echo "st=$?"', { stdin: bad });
    expect(res.stdout).toBe('st=1\n');
    expect(res.stderr).toBe('cat: -: Input/output error\n');
  });

  it('streams output with backpressure: the script waits for the caller\'s drain', async () => {
    const r = runner();
    const out = new SlowSink();
    const p = r.run('for i in $(seq 1 100000); do echo "line $i"; done; echo done >&2', { stdout: out, stderr: out });
    while (out.chunks.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // the sink asked to wait: the worker stopped at its window (256 KiB and the chunk that crossed
    // it), far short of the whole output (1.2 MB)
    const early = out.chunks.reduce((n, c) => n + c.length, 0);
    expect(early).toBeLessThan(300_000);
    let settled = false;
    void p.then(() => (settled = true));
    while (!settled) {
      out.drain();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const res = await p;
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toBeUndefined();
    const lines = out.text.split('\n');
    expect(lines[0]).toBe('line 1');
    expect(lines.at(-3)).toBe('line 100000');
    expect(lines.at(-2)).toBe('done');
  });

  it('a caller stream that throws is a closed pipe: status 141, as in-process', async () => {
    const broken: WritableLike = {
      write() {
        throw new Error('gone');
      },
    };
    const res = await runner().run('seq 1 100000; echo after', { stdout: broken });
    expect(res.exitCode).toBe(141);
  });

  it('cancels through an AbortSignal or a CancelSignal', async () => {
    const r = runner();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const res = await r.run('while :; do :; done', { signal: ac.signal });
    expect(res).toMatchObject({ exitCode: 124, cancelled: true, timedOut: false, reason: 'cancelled', stderr: 'error: execution canceled\n' });
    const sw = new CancelSwitch();
    sw.abort();
    const pre = await r.run('echo never', { signal: sw });
    expect(pre).toMatchObject({ exitCode: 124, cancelled: true, stdout: '', stderr: 'error: execution canceled\n' });
    // the worker was reused or replaced: the runner goes on
    expect((await r.run('echo next')).stdout).toBe('next\n');
  });

  it('times out with the message the CLI prints', async () => {
    const res = await runner({ timeoutMs: 200 }).run('while :; do :; done');
    expect(res).toMatchObject({ exitCode: 124, timedOut: true, reason: 'timeout', stdout: '', stderr: 'error: execution timed out after 200ms\n' });
  });

  it('validates options in the caller\'s thread', () => {
    expect(() => new Runner({ isolation: 'thread' as never })).toThrow('Isolation: unknown isolation "thread" (expected "worker" or "none")');
    expect(() => new Runner({ isolation: 'worker', maxHeapMiB: 0 })).toThrow('MaxHeapMiB: must be a positive integer');
    expect(() => new Runner({ isolation: 'worker', maxWorkers: 1.5 })).toThrow('MaxWorkers: must be a positive integer');
    expect(() => new Runner({ isolation: 'worker', timeoutMs: -1 })).toThrow('MaxExecutionTime: duration must be >= 0');
  });

  it('reports skipped roots through onWarning once, at construction', async () => {
    const seen: string[] = [];
    const r = runner({ allowedPaths: [join(dir, 'missing'), dir], onWarning: (m) => seen.push(m) });
    expect(seen.length).toBe(1);
    expect(r.warnings).toEqual(seen);
    await r.run('echo x');
    expect(seen.length).toBe(1);
  });

  it('rejects bad run() inputs as in-process', async () => {
    await expect(runner().run('echo', { args: [1] as never })).rejects.toThrow('args: expected an array of strings');
  });
});

describe('worker isolation: what only a worker holds', () => {
  it('ends a script stuck in one synchronous step at its deadline plus the grace', async () => {
    // each doubling of the array is one synchronous step: no check of the deadline between them
    const r = runner({ timeoutMs: 1000 });
    const t0 = performance.now();
    const res = await r.run('a=({1..10000}); while :; do a+=("${a[@]}"); done');
    const took = performance.now() - t0;
    expect(res).toMatchObject({ exitCode: 124, timedOut: true, reason: 'timeout', stderr: 'error: execution timed out after 1s\n' });
    expect(took).toBeLessThan(1000 + 250 + 750);
    expect((await r.run('echo next')).stdout).toBe('next\n');
  });

  it('a worker out of heap is a result, and a fresh worker takes the next run', async () => {
    const r = runner({ maxHeapMiB: 128 });
    const res = await r.run('x=$(printf "%01000000d" 0); i=0; while :; do a[i++]=$x$i; done');
    expect(res.exitCode).toBe(1);
    expect(res.reason).toBe('memory');
    // the worker's heap cap, or the interpreter's own heap watch first (both say "memory limit exceeded")
    expect(res.stderr).toMatch(/^(rshell: memory limit exceeded \(128 MiB\)|memory limit exceeded \(the heap is \d+% of its limit\))\n$/);
    expect((await r.run('echo next')).stdout).toBe('next\n');
  }, 60_000);

  it('gives concurrent runs their own workers: a short run is not queued behind long ones', async () => {
    const r = runner({ timeoutMs: 6000 });
    const busy = Array.from({ length: 3 }, () => r.run('while :; do :; done'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const t0 = performance.now();
    const quick = await r.run('echo ok');
    expect(quick.stdout).toBe('ok\n');
    // (queued behind them, it would have waited for their 6 s timeout; bench/run.mjs measures the latency)
    expect(performance.now() - t0).toBeLessThan(4000);
    for (const b of await Promise.all(busy)) expect(b.reason).toBe('timeout');
  });

  it('queues runs past maxWorkers, in order', async () => {
    const r = runner({ maxWorkers: 1 });
    expect(r.maxWorkers).toBe(1);
    const order: string[] = [];
    await Promise.all(['a', 'b', 'c'].map((x) => r.run(`echo ${x}`).then((res) => order.push(res.stdout ?? ''))));
    expect(order).toEqual(['a\n', 'b\n', 'c\n']);
  });

  it('sizes the pool by memory', () => {
    expect(runner({ maxHeapMiB: 512 }).maxWorkers).toBeGreaterThanOrEqual(1);
    expect(runner({ maxHeapMiB: 1024 * 1024 }).maxWorkers).toBe(1);
  });

  it('refuses runs after close()', async () => {
    const r = runner();
    await r.run('true');
    await r.close();
    await expect(r.run('true')).rejects.toThrow('Runner.close() was called: the runner takes no more runs');
  });
});

describe('the host side of a run (host-run.ts) against workers that misbehave', () => {
  const cfg = { timeoutMs: 200, heapMiB: 32 };
  const onRun = (body: string) => `require('node:worker_threads').parentPort.on('message', (m) => { if (m.t === 'run') { ${body} } });`;

  it('terminates a worker blocked in synchronous code at the deadline plus 250 ms', async () => {
    const w = new Worker(onRun('for (;;) {}'), { eval: true });
    const t0 = performance.now();
    const { result, reusable } = await runOnWorker(w, 'x', {}, cfg, t0);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(440);
    expect(reusable).toBe(false);
    expect(result).toMatchObject({ exitCode: 124, timedOut: true, reason: 'timeout', stdout: '', stderr: 'error: execution timed out after 200ms\n' });
    await w.terminate();
  });

  it('terminates a blocked worker 250 ms after a cancel', async () => {
    const w = new Worker(onRun('for (;;) {}'), { eval: true });
    const sw = new CancelSwitch();
    setTimeout(() => sw.abort(), 50);
    const { result } = await runOnWorker(w, 'x', { signal: sw }, { timeoutMs: 0, heapMiB: 32 }, performance.now());
    expect(result).toMatchObject({ exitCode: 124, cancelled: true, reason: 'cancelled', stderr: 'error: execution canceled\n' });
    await w.terminate();
  });

  it('turns ERR_WORKER_OUT_OF_MEMORY into a result, and the stream sink gets the line', async () => {
    const w = new Worker(onRun('const a = []; for (let i = 0; ; i++) a.push({ i, s: "x" + i });'), {
      eval: true, resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    const got: string[] = [];
    const { result, reusable } = await runOnWorker(w, 'x', { stderr: { write: (c: Uint8Array) => void got.push(Buffer.from(c).toString()) } }, { timeoutMs: 0, heapMiB: 32 }, performance.now());
    expect(reusable).toBe(false);
    expect(result).toMatchObject({ exitCode: 1, reason: 'memory', timedOut: false, cancelled: false });
    expect(result.stderr).toBeUndefined();
    expect(got.join('')).toBe('rshell: memory limit exceeded (32 MiB)\n');
  }, 30_000);

  it('a worker that dies is an internal error, not a hang', async () => {
    const w = new Worker(onRun('process.exit(7)'), { eval: true });
    const { result } = await runOnWorker(w, 'x', {}, { timeoutMs: 0, heapMiB: 32 }, performance.now());
    expect(result).toMatchObject({ exitCode: 1, reason: 'internal-error', stderr: 'rshell: internal error: the worker stopped (exit code 7)\n' });
  });

  it('the pool replaces a worker that was not reusable and hands it to the next waiting run', async () => {
    let started = 0;
    const pool = new WorkerPool(() => {
      started++;
      return new Worker('setInterval(() => {}, 1000)', { eval: true });
    }, 1);
    const a = pool.acquire() as Worker;
    const next = pool.acquire();
    expect(next).toBeInstanceOf(Promise);
    pool.release(a, false);
    const b = await next;
    expect(b).not.toBe(a);
    expect(started).toBe(2);
    pool.release(b, true);
    expect(pool.acquire()).toBe(b);
    await pool.close();
  });
});

describe('RunResult.reason, in-process (the default isolation)', () => {
  const local = (extra: RunnerOptions = {}) => new Runner({ allowedCommands: 'all', ...extra });

  it('is absent for a run that ended on its own, whatever its status', async () => {
    const res = await local().run('echo x; exit 3');
    expect(res.reason).toBeUndefined();
    expect(res.exitCode).toBe(3);
  });

  it('timeout and cancel: the CLI\'s line in stderr', async () => {
    expect(await local({ timeoutMs: 1500 }).run('while :; do :; done')).toMatchObject({
      exitCode: 124, timedOut: true, reason: 'timeout', stderr: 'error: execution timed out after 1.5s\n',
    });
    const sw = new CancelSwitch();
    setTimeout(() => sw.abort(), 50);
    expect(await local().run('while :; do :; done', { signal: sw })).toMatchObject({
      exitCode: 124, cancelled: true, reason: 'cancelled', stderr: 'error: execution canceled\n',
    });
  });

  it('a budget: limit; the script size too', async () => {
    expect(await local({ limits: { maxLoopIterations: 10 } }).run('while :; do :; done')).toMatchObject({
      exitCode: 1, reason: 'limit', stderr: 'loop iteration limit exceeded (10)\n',
    });
    expect(await local({ limits: { maxScriptBytes: 4 } }).run('echo hello')).toMatchObject({
      exitCode: 2, reason: 'limit', stderr: 'script size limit exceeded (maxScriptBytes 4)\n',
    });
  });

  it('output past maxOutputBytes: output-limit, and a notice after everything else', async () => {
    const res = await local({ limits: { maxOutputBytes: 8 } }).run('for i in 1 2 3; do echo 12345; done; echo e >&2');
    expect(res).toMatchObject({ exitCode: 0, truncated: true, reason: 'output-limit', stdout: '12345\n12', stderr: 'e\nrshell: output truncated at 8 bytes (maxOutputBytes)\n' });
    const got: string[] = [];
    const sink: WritableLike = { write: (c: Uint8Array) => void got.push(Buffer.from(c).toString()) };
    const streamed = await local({ limits: { maxOutputBytes: 8 } }).run('echo 1234567890', { stderr: sink });
    expect(streamed.reason).toBe('output-limit');
    expect(got.join('')).toBe('rshell: output truncated at 8 bytes (maxOutputBytes)\n');
  });

  it('the same in a worker', async () => {
    const res = await runner({ limits: { maxOutputBytes: 8 } }).run('for i in 1 2 3; do echo 12345; done');
    expect(res).toMatchObject({ truncated: true, reason: 'output-limit', stdout: '12345\n12', stderr: 'rshell: output truncated at 8 bytes (maxOutputBytes)\n' });
  });
});
