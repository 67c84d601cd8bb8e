// The caller's side of a run fails closed (crash-fuzzer findings): a stdout that stops accepting
// writes, a stdin that is always ready or that fails, and run() inputs of the wrong type. None of
// them may hang the host, leak an internal error's text, or become an unhandled rejection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable, Writable } from 'node:stream';
import { Runner, type RunOptions } from '../../src/index.js';
import { HostStdinReader, stdinReadError } from '../../lib/io/host-stdin.js';
import { BufferedStreamWriter } from '../../lib/io/pipe.js';
import { PipeClosedError, RunAbortedError } from '../../lib/io/errors.js';

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown): void => {
  unhandled.push(e);
};
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  // a rejection nobody handled is reported after a turn of the event loop
  await new Promise((r) => setTimeout(r, 50));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

const runner = (timeoutMs = 0) => new Runner({ allowedCommands: 'all', timeoutMs });

/** a sink that never calls back (its buffer fills, 'drain' never comes) */
const neverCallsBack = () => new Writable({ write: () => undefined });
/** a sink that says it is full and never drains, with no Node stream behind it */
const neverDrains = () => ({ write: () => false, once: () => undefined });

const endless = () => {
  const b = Buffer.alloc(65536, 97);
  return {
    generator: (async function* () {
      for (;;) yield b;
    })(),
    readable: Readable.from(
      (function* () {
        for (;;) yield b;
      })(),
    ),
  };
};

function cancelAfter(ms: number): AbortSignal {
  const ac = new AbortController();
  setTimeout(() => ac.abort(), ms);
  return ac.signal;
}

describe('a stdout that stops accepting writes', () => {
  it.each([
    ['never calls back', neverCallsBack],
    ['never drains', neverDrains],
  ])('that %s ends at the timeout (124, timedOut)', async (_, sink) => {
    const res = await runner(500).run('seq 1000000', { stdout: sink() });
    expect(res).toMatchObject({ exitCode: 124, timedOut: true, cancelled: false });
    expect(res.durationMs).toBeLessThan(2500);
  });

  it.each([
    ['never calls back', neverCallsBack],
    ['never drains', neverDrains],
  ])('that %s ends when the signal fires (124, cancelled)', async (_, sink) => {
    const res = await runner().run('seq 1000000', { stdout: sink(), signal: cancelAfter(200) });
    expect(res).toMatchObject({ exitCode: 124, timedOut: false, cancelled: true });
  });

  it('stuck at the last flush (output under the buffer size) still ends at the timeout', async () => {
    const res = await runner(300).run('seq 10000', { stdout: neverCallsBack() });
    expect(res).toMatchObject({ exitCode: 124, timedOut: true });
    const err = await runner(300).run('seq 10000 >&2', { stderr: neverDrains() });
    expect(err).toMatchObject({ exitCode: 124, timedOut: true });
  });

  it('a slow sink still gets every byte, in order', async () => {
    const got: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 1024,
      write(c: Buffer, _e, cb) {
        got.push(Buffer.from(c));
        setImmediate(cb);
      },
    });
    const res = await runner(20000).run('seq 100000; echo end >&2', { stdout: slow, stderr: slow });
    expect(res.exitCode).toBe(0);
    const want = Array.from({ length: 100000 }, (_, i) => i + 1).join('\n') + '\nend\n';
    expect(Buffer.concat(got).toString()).toBe(want);
  });

  it('a write waiting for drain fails with the run\'s error when the run is aborted', async () => {
    const cbs: ((e: RunAbortedError) => void)[] = [];
    const abort = {
      aborted: null as RunAbortedError | null,
      onAbort(cb: (e: RunAbortedError) => void) {
        cbs.push(cb);
        return () => undefined;
      },
    };
    const w = new BufferedStreamWriter(neverDrains(), null, 1);
    w.abort = abort;
    const p = w.writeString('xx');
    expect(p).toBeInstanceOf(Promise);
    const err = new RunAbortedError('timeout', 'execution timed out after 1s');
    abort.aborted = err;
    for (const cb of cbs) cb(err);
    await expect(p).rejects.toBe(err);
    // the sink is not waited for again: what is left is handed over at the end
    w.abort = null;
    expect(w.writeString('more')).toBeUndefined();
  });
});

describe('a stdout whose write throws', () => {
  const throwing = () => ({
    write: (): boolean => {
      throw new Error('write threw');
    },
  });

  it.each([
    'seq 100000; echo never >&2',
    'for i in $(seq 20000); do echo $i; done; echo never >&2',
  ])('ends the run as a closed stdout: 141, no internal error (%s)', async (script) => {
    const res = await runner(5000).run(script, { stdout: throwing() });
    expect(res.exitCode).toBe(141);
    expect(res.stderr).not.toContain('internal error');
    expect(res.stderr).not.toContain('write threw');
  });

  it('inside a pipeline, the writing stage gets 141 and the script goes on (bash)', async () => {
    const res = await runner(5000).run('seq 100000 | cat; echo "st=$?" >&2', { stdout: throwing() });
    expect(res.stderr).toBe('st=141\n');
  });

  it('output that reaches the sink only at the end still reports 141', async () => {
    const res = await runner(5000).run('echo hi', { stdout: throwing() });
    expect(res.exitCode).toBe(141);
    expect(res.stderr).toBe('');
  });

  it('the writer itself throws PipeClosedError from then on', () => {
    const w = new BufferedStreamWriter(throwing(), null, 1);
    expect(() => w.writeString('a')).toThrow(PipeClosedError);
    expect(() => w.writeString('b')).toThrow(PipeClosedError);
  });
});

describe('a stdin that is always ready', () => {
  it.each([
    ['wc'],
    ['wc -l'],
    ['wc -c'],
    ['tail -c 1'],
    ['cat > /dev/null'],
  ])('%s stops at the timeout, and host timers run meanwhile', async (script) => {
    for (const stdin of Object.values(endless())) {
      let ticks = 0;
      const t = setInterval(() => ticks++, 20);
      const res = await runner(400).run(script, { stdin });
      clearInterval(t);
      expect(res).toMatchObject({ exitCode: 124, timedOut: true });
      expect(res.durationMs).toBeLessThan(2400);
      expect(ticks).toBeGreaterThan(0);
    }
  });

  it('stops when the caller\'s signal fires', async () => {
    const { generator, readable } = endless();
    for (const stdin of [generator, readable]) {
      const res = await runner().run('wc -l', { stdin, signal: cancelAfter(200) });
      expect(res).toMatchObject({ exitCode: 124, cancelled: true });
    }
  });
});

describe('a stdin that fails', () => {
  const boom = (): Record<string, () => RunOptions['stdin']> => ({
    'async generator': () =>
      (async function* () {
        yield 'line1\n';
        throw new Error('stdin boom');
      })(),
    'Node Readable': () =>
      new Readable({
        read() {
          this.push('line1\n');
          this.destroy(new Error('stdin boom'));
        },
      }),
    'bad chunk': () =>
      (async function* () {
        yield 'line1\n';
        yield 42 as unknown as string;
      })(),
  });

  it.each([
    ['cat; echo "after=$?"', 'line1\nafter=1\n', 'cat: -: Input/output error\n'],
    ['read a; read b; echo "a=$a b=$b st=$?"', 'a=line1 b= st=1\n', 'read: read error: 0: Input/output error\n'],
    // bash's mapfile stops at a read error as at end of input, silently
    ['mapfile a; echo "n=${#a[@]} st=$?"', 'n=1 st=0\n', ''],
    ['grep l; echo "after=$?"', 'line1\nafter=2\n', 'grep: (standard input): Input/output error\n'],
    ['head -n 5; echo "after=$?"', 'line1\nafter=1\n', "head: error reading 'standard input': Input/output error\n"],
    ['sort; echo "after=$?"', 'after=2\n', 'sort: read failed: -: Input/output error\n'],
  ])('%s: a read error, and the script goes on', async (script, out, err) => {
    for (const [kind, make] of Object.entries(boom())) {
      const res = await runner(5000).run(script, { stdin: make() });
      expect({ kind, out: res.stdout, err: res.stderr, code: res.exitCode }).toEqual({ kind, out, err, code: 0 });
    }
  });

  it('wc reports it and counts what it read', async () => {
    const res = await runner(5000).run('wc -l; echo "after=$?"', { stdin: boom()['async generator']!() });
    expect(res.stdout).toBe('1\nafter=1\n');
    expect(res.stderr).toMatch(/^wc: .*Input\/output error\n$/);
  });

  it.each([
    ['an iterator that is not an object', { [Symbol.asyncIterator]: () => 5 }],
    ['asking for the iterator throws', { [Symbol.asyncIterator]: () => { throw new Error('secret'); } }],
    ['next() throws', { [Symbol.asyncIterator]: () => ({ next: () => { throw new Error('secret'); } }) }],
    ['next() gives a non-object', { [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(7) }) }],
    ['a null chunk', (async function* () { yield null; })()],
  ])('%s: a read error without its message', async (_, stdin) => {
    const res = await runner(5000).run('cat; echo "st=$?"; cat; echo "st=$?"', { stdin: stdin as RunOptions['stdin'] });
    expect(res.stdout).toBe('st=1\nst=1\n');
    expect(res.stderr).toBe('cat: -: Input/output error\ncat: -: Input/output error\n');
  });

  it('empty chunks are not end of input; a plain (non-promise) iterator works', async () => {
    const empties = (async function* () {
      yield '';
      yield new Uint8Array(0);
      yield 'x\n';
    })();
    expect((await runner(5000).run('cat', { stdin: empties })).stdout).toBe('x\n');
    let n = 0;
    const plain = { [Symbol.asyncIterator]: () => ({ next: () => (n++ < 2 ? { done: false, value: 'p\n' } : { done: true, value: undefined }) }) };
    expect((await runner(5000).run('cat', { stdin: plain as unknown as RunOptions['stdin'] })).stdout).toBe('p\np\n');
  });

  it('a script that never reads never asks the source for its iterator', async () => {
    const res = await runner().run('echo hi', { stdin: { [Symbol.asyncIterator]: () => { throw new Error('asked'); } } });
    expect(res).toMatchObject({ exitCode: 0, stdout: 'hi\n', stderr: '' });
  });

  it('the adapter turns a failure into the EIO read error builtins word', async () => {
    // biome-ignore lint/correctness/useYield: a source that fails at its first read
    const r = new HostStdinReader((async function* () { throw new Error('secret'); })());
    const err = await (r.read() as Promise<unknown>).catch((e: unknown) => e);
    expect(err).toMatchObject({ fsError: { code: 'EIO', message: 'Input/output error' } });
    expect((err as Error).message).not.toContain('secret');
    expect(stdinReadError().fsError.code).toBe('EIO');
  });
});

describe('run() inputs', () => {
  const sink = { write: () => true };
  it.each([
    ['script', 42, {}, 'script: expected a string'],
    ['options', 'echo', null, 'options: expected an object'],
    ['stdin null', 'cat', { stdin: null }, 'stdin: expected a string, a Uint8Array or an async iterable'],
    ['stdin 42', 'cat', { stdin: 42 }, 'stdin: expected'],
    ['stdin {}', 'cat', { stdin: {} }, 'stdin: expected'],
    ['stdout', 'echo', { stdout: {} }, 'stdout: expected a writable stream'],
    ['stderr', 'echo', { stderr: 'x' }, 'stderr: expected a writable stream'],
    ['stdout.once', 'echo', { stdout: { write: () => true, once: 1 } }, 'stdout: once must be a function'],
    ['signal', 'echo', { signal: {} }, 'signal: expected an AbortSignal'],
    ['args', 'echo', { args: [null] }, 'args: expected an array of strings'],
    ['args not an array', 'echo', { args: 'a' }, 'args: expected an array of strings'],
    ['name', 'echo', { name: 5 }, 'name: expected a string'],
    ['sourceFile', 'echo', { sourceFile: {} }, 'sourceFile: expected a string'],
  ])('rejects a wrong %s with a TypeError naming it, before anything runs', async (_, script, opts, msg) => {
    let wrote = false;
    const out = {
      write: () => {
        wrote = true;
        return true;
      },
    };
    const o = opts && typeof opts === 'object' && !('stdout' in opts) ? { ...opts, stdout: out } : opts;
    const p = runner().run(script as string, o as RunOptions);
    await expect(p).rejects.toThrow(TypeError);
    await expect(p).rejects.toThrow(msg);
    expect(wrote).toBe(false);
  });

  it('accepts every documented shape', async () => {
    const r = runner(5000);
    const ok = [
      await r.run('echo "$0 $1"', { stdin: 'a', name: 'n', args: ['x'], sourceFile: 'f' }),
      await r.run('cat', { stdin: new TextEncoder().encode('b') }),
      await r.run('cat', { stdin: Readable.from(['c']) }),
      await r.run('true', { signal: new AbortController().signal, stdout: sink, stderr: sink }),
      await r.run('true'),
      await r.run('true', undefined),
    ];
    expect(ok.map((x) => x.exitCode)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(ok[0]!.stdout).toBe('n x\n');
  });
});
