// The script's standard input when the caller gives an async iterable (a Node Readable, a
// generator, process.stdin). The caller's code runs inside every read, so this adapter fails
// closed (the contract is documented on StdinSource in src/api.ts):
//
// - a source that throws, rejects, or yields something that is not bytes or a string is a read
//   failure, EIO, worded by each builtin as GNU does (`cat: -: Input/output error`, status 1), and
//   the script goes on; the source's own message never reaches the script's output;
// - a source that is always ready (every next() resolves at once) would keep the event loop on
//   microtasks forever: the run's deadline is checked by the clock at every read, and the event
//   loop gets a turn (setImmediate) every STDIN_YIELD_BYTES or STDIN_YIELD_MS, so timers and the caller's
//   AbortSignal run;
// - a read that never settles ends when the run is aborted (timeout, signal, budget).

import type { ByteReader } from './streams.js';
import type { RunAbortedError } from './errors.js';
import type { StdinSource } from './host-types.js';
import { encode } from './encoding.js';
import type { AbortSource } from './pipe.js';

/** bytes read between two turns of the event loop, at most */
export const STDIN_YIELD_BYTES = 16 * 1024 * 1024;
/** milliseconds between two turns of the event loop, at most, while the source is always ready */
export const STDIN_YIELD_MS = 20;

/**
 * The monotonic clock (process.hrtime, as src/interp/state/clock.ts: not `performance`, whose first use
 * loads perf_hooks at start-up).
 */
function nowMs(): number {
  const t = process.hrtime();
  return t[0]! * 1e3 + t[1]! / 1e6;
}

/** A read failure of standard input: the shape builtins word as GNU does (see failingReader). */
export interface StdinReadError extends Error {
  fsError: { code: 'EIO'; message: 'Input/output error' };
}

/** read(2)'s EIO: what a failing caller source becomes (its own message is not kept) */
export function stdinReadError(): StdinReadError {
  const err = new Error('Input/output error') as StdinReadError;
  err.fsError = { code: 'EIO', message: 'Input/output error' };
  return err;
}

/** a chunk as bytes, or null when the source yielded something else (a read failure) */
function bytesOf(v: unknown): Uint8Array | null {
  if (typeof v === 'string') return encode(v);
  if (v instanceof Uint8Array) return v;
  return null;
}

/**
 * A reader over the caller's async iterable. `abort` (the run's Runtime) bounds every read by the
 * run's deadline and abort state; without it (unit tests) reads are plain.
 */
export class HostStdinReader implements ByteReader {
  private it: AsyncIterator<unknown> | null = null;
  private ended = false;
  /** the source failed once: every later read fails too, as a broken descriptor keeps failing */
  private failed = false;
  /** bytes `read`/`mapfile` gave back: the next reader (`read a; cat`) starts with them, as in bash */
  private readonly pushedBack: Uint8Array[] = [];
  private lastYield = nowMs();
  private bytesSinceYield = 0;

  /** stops listening for the caller's stream's 'error' (see watchErrors), or null */
  private unwatch: (() => void) | null = null;

  constructor(
    private readonly src: AsyncIterable<unknown>,
    private readonly abort: AbortSource | null = null,
  ) {
    this.watchErrors();
  }

  /**
   * A Node stream that emits 'error' while nothing listens throws it in the host process, and
   * Node's async iterator adds its listener only at the first next(): a stream that fails before
   * the script reads (or in a script that never reads) would take the host down. So listen from
   * the start: the error is this reader's, read as EIO by the next read, as a later failure is.
   */
  private watchErrors(): void {
    const em = this.src as { on?: unknown; removeListener?: unknown };
    if (typeof em.on !== 'function') return;
    const onError = (): void => {
      this.failed = true;
    };
    try {
      (em.on as (ev: string, f: () => void) => unknown).call(em, 'error', onError);
    } catch {
      // not an emitter after all: its failures still come through the iterator
      return;
    }
    const off = em.removeListener;
    this.unwatch = () => {
      if (typeof off === 'function') {
        try {
          (off as (ev: string, f: () => void) => unknown).call(em, 'error', onError);
        } catch {
          // the caller's object: nothing to do if it refuses
        }
      }
    };
  }

  /** the run is over: stop listening to the caller's stream (it is the caller's again) */
  close(): void {
    const u = this.unwatch;
    this.unwatch = null;
    u?.();
  }

  read(): Uint8Array | null | Promise<Uint8Array | null> {
    if (this.pushedBack.length) return this.pushedBack.pop()!;
    const a = this.abort;
    if (a !== null) {
      if (a.aborted) throw a.aborted;
      // the deadline by the clock: a timer cannot fire while the source keeps the loop busy
      a.checkAbort?.();
      if (this.bytesSinceYield >= STDIN_YIELD_BYTES || nowMs() - this.lastYield >= STDIN_YIELD_MS) {
        return this.yieldThenRead(a);
      }
    }
    if (this.failed) throw stdinReadError();
    if (this.ended) return null;
    return this.pull();
  }

  pushBack(rest: Uint8Array): void {
    if (rest.length) this.pushedBack.push(rest);
  }

  /** a turn for the event loop (timers, the caller's signal), then the read */
  private yieldThenRead(a: AbortSource): Promise<Uint8Array | null> {
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.lastYield = nowMs();
      this.bytesSinceYield = 0;
      if (a.aborted) throw a.aborted;
      return this.read();
    });
  }

  /** the next chunk from the source; every way it can fail becomes EIO */
  private pull(): Promise<Uint8Array | null> {
    let next: unknown;
    try {
      if (this.it === null) {
        // asked for at the first read: a script that never reads never starts the caller's stream
        const it: unknown = this.src[Symbol.asyncIterator]();
        if (typeof it !== 'object' || it === null || typeof (it as AsyncIterator<unknown>).next !== 'function') {
          return Promise.reject(this.fail());
        }
        this.it = it as AsyncIterator<unknown>;
      }
      next = this.it.next();
    } catch {
      return Promise.reject(this.fail());
    }
    const settled = Promise.resolve(next).then(
      (r) => this.take(r),
      () => {
        throw this.fail();
      },
    );
    const a = this.abort;
    return a === null ? settled : raceAbort(settled, a);
  }

  private take(r: unknown): Uint8Array | null | Promise<Uint8Array | null> {
    if (this.failed) throw stdinReadError();
    if (typeof r !== 'object' || r === null) throw this.fail();
    const res = r as IteratorResult<unknown>;
    if (res.done) {
      this.ended = true;
      return null;
    }
    const b = bytesOf(res.value);
    if (b === null) throw this.fail();
    // an empty chunk is not the end of input: read on (read() yields when that takes long)
    if (b.length === 0) return this.read();
    this.bytesSinceYield += b.length;
    return b;
  }

  private fail(): StdinReadError {
    this.failed = true;
    return stdinReadError();
  }
}

/** `p`, or the run's abort error as soon as the run is aborted (a source that never answers) */
function raceAbort<T>(p: Promise<T>, a: AbortSource): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const off = a.onAbort((e: RunAbortedError) => reject(e));
    p.then(
      (v) => {
        off();
        resolve(v);
      },
      (e: unknown) => {
        off();
        reject(e);
      },
    );
  });
}

/** true for what readerFromSource takes as an async iterable */
export function isAsyncIterable(src: StdinSource | undefined): src is AsyncIterable<Uint8Array | string> {
  return typeof src === 'object' && src !== null && !(src instanceof Uint8Array) &&
    typeof (src as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function';
}
