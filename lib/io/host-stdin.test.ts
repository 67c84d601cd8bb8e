// A caller's Node stream given as stdin that fails before the script reads it (or in a script that
// never reads): Node's async iterator listens for 'error' only from its first next(), so without
// the reader's own listener the 'error' event would be thrown in the host process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { Runner } from '../../src/index.js';

const uncaught: unknown[] = [];
const onUncaught = (e: unknown): void => {
  uncaught.push(e);
};
// vitest reports an uncaught exception as a failure of the whole file; count them here instead
let saved: NodeJS.UncaughtExceptionListener[] = [];
beforeAll(() => {
  saved = process.listeners('uncaughtException');
  process.removeAllListeners('uncaughtException');
  process.on('uncaughtException', onUncaught);
});
afterAll(() => {
  process.off('uncaughtException', onUncaught);
  for (const l of saved) process.on('uncaughtException', l);
});

/** a stream that fails at once (destroy emits 'error' on the next tick) */
function failingNow(): Readable {
  const r = new Readable({ read: () => undefined });
  r.destroy(new Error('secret: disk on fire'));
  return r;
}

/** a stream that fails a little later, while the script is busy with something else */
function failingSoon(): Readable {
  const r = new Readable({ read: () => undefined });
  setTimeout(() => r.destroy(new Error('secret: later')), 5);
  return r;
}

const runner = () => new Runner({ allowedCommands: 'all', timeoutMs: 5000 });
/** a busy while (rshell has no sleep): the run gives the event loop turns, so the error comes mid-run */
const BUSY = 'i=0; while ((i++ < 300000)); do :; done';
const turn = () => new Promise((r) => setTimeout(r, 30));

describe('a stdin stream that emits error before any read', () => {
  it('a script that never reads: the run ends normally, the host sees nothing', async () => {
    const res = await runner().run(`echo hi; ${BUSY}; echo bye`, { stdin: failingNow() });
    await turn();
    expect(res).toMatchObject({ exitCode: 0, stdout: 'hi\nbye\n', stderr: '' });
    expect(uncaught).toEqual([]);
  });

  it('a script that reads later: cat reports EIO and the script goes on', async () => {
    const res = await runner().run(`${BUSY}; cat; echo "after=$?"; read x; echo "read=$?"`, { stdin: failingSoon() });
    await turn();
    expect(res.stdout).toBe('after=1\nread=1\n');
    expect(res.stderr).toBe('cat: -: Input/output error\nread: read error: 0: Input/output error\n');
    expect(uncaught).toEqual([]);
  });

  it('a script that reads at once: the same EIO', async () => {
    const res = await runner().run('cat; echo "after=$?"', { stdin: failingNow() });
    await turn();
    expect(res).toMatchObject({ exitCode: 0, stdout: 'after=1\n', stderr: 'cat: -: Input/output error\n' });
    expect(uncaught).toEqual([]);
  });

  it('after the run the listener is gone: the stream is the caller\'s again', async () => {
    const r = new Readable({ read: () => undefined });
    const before = r.listenerCount('error');
    await runner().run('echo hi', { stdin: r });
    expect(r.listenerCount('error')).toBe(before);
  });
});
