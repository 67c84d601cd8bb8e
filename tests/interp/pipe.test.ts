// The in-memory byte plumbing (lib/io/pipe.ts): bounded pipes with backpressure, EOF and EPIPE,
// the output budget, the collecting and buffered writers.
import { describe, expect, it } from 'vitest';
import {
  BufferedStreamWriter, BytesReader, CollectingWriter, OutputBudget, Pipe, abortableReader, readerFromSource,
} from '../../lib/io/pipe.js';
import { PipeClosedError, RunAbortedError } from '../../lib/io/errors.js';
import type { AbortSource } from '../../lib/io/pipe.js';
import { Writable } from 'node:stream';
import { Runner } from '../../src/index.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array | null): string => (b ? new TextDecoder().decode(b) : '<EOF>');

function abortSource(): AbortSource & { fire(e: RunAbortedError): void } {
  const cbs = new Set<(e: RunAbortedError) => void>();
  const s = {
    aborted: null as RunAbortedError | null,
    onAbort(cb: (e: RunAbortedError) => void) {
      cbs.add(cb);
      return () => cbs.delete(cb);
    },
    fire(e: RunAbortedError) {
      s.aborted = e;
      for (const cb of cbs) cb(e);
    },
  };
  return s;
}

describe('Pipe', () => {
  it('passes chunks synchronously while there is room', () => {
    const p = new Pipe(null, 8);
    expect(p.writer.write(enc('abc'))).toBeUndefined();
    expect(dec(p.reader.read() as Uint8Array)).toBe('abc');
  });

  it('gives EOF after the writer closes and the data is drained', () => {
    const p = new Pipe();
    p.writer.write(enc('x'));
    p.writer.close();
    expect(dec(p.reader.read() as Uint8Array)).toBe('x');
    expect(p.reader.read()).toBeNull();
  });

  it('applies backpressure past its capacity', async () => {
    const p = new Pipe(null, 4);
    const w = p.writer.write(enc('123456'));
    expect(w).toBeInstanceOf(Promise);
    let done = false;
    (w as Promise<void>).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    expect(dec(p.reader.read() as Uint8Array)).toBe('123456');
    await w;
    expect(done).toBe(true);
  });

  it('wakes a waiting reader on write and on close', async () => {
    const p = new Pipe();
    const r = p.reader.read();
    expect(r).toBeInstanceOf(Promise);
    p.writer.write(enc('late'));
    expect(dec(await r)).toBe('late');
    const r2 = p.reader.read();
    p.writer.close();
    expect(await r2).toBeNull();
  });

  it('throws PipeClosedError to writers once the reader is gone', async () => {
    const p = new Pipe(null, 2);
    const pending = p.writer.write(enc('xyz')) as Promise<void>;
    p.reader.close();
    await expect(pending).rejects.toBeInstanceOf(PipeClosedError);
    expect(() => p.writer.write(enc('more'))).toThrow(PipeClosedError);
    expect(p.writer.closed).toBe(true);
  });

  it('fails waiting readers and writers when the run aborts', async () => {
    const a = abortSource();
    const p = new Pipe(a, 2);
    const r = p.reader.read() as Promise<Uint8Array | null>;
    const err = new RunAbortedError('timeout', 'execution timed out after 1s');
    a.fire(err);
    await expect(r).rejects.toBe(err);
    expect(() => p.writer.write(enc('x'))).toThrow(err);
  });

  it('copies chunks so a writer may reuse its buffer', () => {
    const p = new Pipe();
    const buf = enc('aaa');
    p.writer.write(buf);
    buf.fill(98);
    expect(dec(p.reader.read() as Uint8Array)).toBe('aaa');
  });
});

describe('writers and readers', () => {
  it('OutputBudget lets bytes through up to the limit', () => {
    const b = new OutputBudget(5);
    expect(b.take(3)).toBe(3);
    expect(b.take(3)).toBe(2);
    expect(b.take(1)).toBe(0);
    expect(b.truncated).toBe(true);
  });

  it('writers copy what they are given, also from a node Buffer (whose slice() is a view)', async () => {
    const chunk = Buffer.from('abcd');
    const c = new CollectingWriter(100, null);
    c.write(chunk);
    const got: string[] = [];
    const b = new BufferedStreamWriter({ write: (x) => {
      got.push(dec(x));
      return true;
    } }, null, 100);
    b.write(chunk);
    const p = new Pipe();
    const pw = p.writer.write(chunk);
    chunk.fill(0x7a);
    expect(dec(c.bytes())).toBe('abcd');
    await b.flush();
    expect(got.join('')).toBe('abcd');
    if (pw) await pw;
    expect(dec(await p.reader.read())).toBe('abcd');
  });

  it('CollectingWriter caps and reports overflow', () => {
    let over = 0;
    const w = new CollectingWriter(4, null, () => over++);
    w.writeString('ab');
    w.writeString('cdef');
    expect(dec(w.bytes())).toBe('abcd');
    expect(w.overflowed).toBe(true);
    expect(over).toBe(1);
  });

  it('BufferedStreamWriter flushes at its threshold and on flush()', () => {
    const got: string[] = [];
    const w = new BufferedStreamWriter({ write: (c) => {
      got.push(dec(c));
      return true;
    } }, null, 4);
    w.writeString('ab');
    expect(got).toEqual([]);
    w.writeString('cd');
    expect(got).toEqual(['abcd']);
    w.writeString('e');
    w.flush();
    expect(got).toEqual(['abcd', 'e']);
  });

  it('BufferedStreamWriter waits for drain when the sink is full', async () => {
    let drain: (() => void) | null = null;
    const sink = {
      write: () => false,
      once: (_e: 'drain', l: () => void) => {
        drain = l;
      },
    };
    const w = new BufferedStreamWriter(sink, null, 1);
    const r = w.writeString('xx');
    expect(r).toBeInstanceOf(Promise);
    drain!();
    await r;
  });

  it('BufferedStreamWriter stops waiting when the sink closes instead of draining', async () => {
    const sink = new Writable({ highWaterMark: 1, write: () => undefined }); // never calls back
    const w = new BufferedStreamWriter(sink, null, 1);
    const r = w.writeString('xx');
    expect(r).toBeInstanceOf(Promise);
    sink.destroy();
    await r; // resolved by 'close', not left hanging
    expect(() => w.writeString('more')).toThrow(PipeClosedError);
    expect(sink.listenerCount('drain') + sink.listenerCount('close')).toBe(0);
  });

  it('a Runner whose stdout stream is destroyed mid-run ends like a closed pipe (141), not a hang', async () => {
    const sink = new Writable({ highWaterMark: 16, write: () => undefined });
    setTimeout(() => sink.destroy(), 20);
    const r = await new Runner({ allowedCommands: 'all' }).run('while :; do echo xxxxxxxxxxxxxxxx; done; echo after', { stdout: sink });
    expect(r.exitCode).toBe(141);
    expect(r.stderr).toBe('');
  });

  it("a caller's async stdin keeps what 'read' gives back for the next command", async () => {
    async function* gen() {
      yield 'one\ntwo\nrest\n';
    }
    const r = await new Runner({ allowedCommands: 'all' }).run('read a; cat; echo "a=$a"', { stdin: gen() });
    expect(r.stdout).toBe('two\nrest\na=one\n');
  });

  it('readerFromSource reads strings, bytes and async iterables', async () => {
    expect(dec(readerFromSource('hi').read() as Uint8Array)).toBe('hi');
    expect(dec(new BytesReader(enc('b')).read() as Uint8Array)).toBe('b');
    async function* gen() {
      yield 'a';
      yield enc('b');
    }
    const r = readerFromSource(gen());
    expect(dec(await r.read())).toBe('a');
    expect(dec(await r.read())).toBe('b');
    expect(await r.read()).toBeNull();
  });

  it('abortableReader gives up a read that never completes', async () => {
    const a = abortSource();
    const r = abortableReader({ read: () => new Promise<Uint8Array | null>(() => undefined) }, a);
    const p = r.read() as Promise<Uint8Array | null>;
    const err = new RunAbortedError('cancelled', 'execution canceled');
    a.fire(err);
    await expect(p).rejects.toBe(err);
  });
});
