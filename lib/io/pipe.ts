// In-memory byte plumbing for the interpreter: a bounded pipe with backpressure, a buffered writer
// over the caller's Node-style stream, a collecting writer (command substitution, buffered results),
// fixed readers (strings, here-docs, the caller's stdin) and an output budget.
//
// Everything follows the synchronous fast path of streams.ts: a write returns undefined when the
// bytes were taken at once and a Promise only when the caller must wait; a read returns a chunk
// directly when one is ready.

import type { ByteReader, ByteWriter } from './streams.js';
import { PipeClosedError, type RunAbortedError } from './errors.js';
import { encode } from './encoding.js';
import type { StdinSource, WritableLike } from './host-types.js';
import { HostStdinReader, isAsyncIterable } from './host-stdin.js';

/**
 * A copy of the first n bytes: writers keep what they are given, and callers may reuse their
 * buffer. Not `chunk.slice()`: on a node Buffer that is a view of the same memory.
 */
function copyOf(chunk: Uint8Array, n: number): Uint8Array {
  return Uint8Array.prototype.slice.call(chunk, 0, n);
}

export const PIPE_CAPACITY = 64 * 1024;

/** Something that can interrupt waiting pipes (the run's abort state). */
export interface AbortSource {
  readonly aborted: RunAbortedError | null;
  onAbort(cb: (err: RunAbortedError) => void): () => void;
  /**
   * Optional: throw when the deadline has passed, and return a promise when the event loop needs
   * a turn. Called per chunk, so two stages handing chunks to each other through promises (a pure
   * microtask ping-pong that never lets timers fire) still stop on time.
   */
  check?(): void | Promise<void>;
  /**
   * Optional: throw when the run is aborted or its deadline has passed, by the clock (not only by
   * the timer, which cannot fire while a caller's always-ready stream keeps the loop on microtasks).
   */
  checkAbort?(): void;
}

type Waiter = { resolve: () => void; reject: (e: Error) => void };

/**
 * A bounded pipe. The write side and the read side are separate objects (`writer`, `reader`) so a
 * pipeline stage can close the end it owns: closing the writer gives the reader EOF once drained;
 * closing the reader makes every later write throw PipeClosedError (bash's SIGPIPE).
 */
export class Pipe {
  private chunks: Uint8Array[] = [];
  private head = 0;
  private size = 0;
  private writeClosed = false;
  private readClosed = false;
  private readWaiter: Waiter | null = null;
  private writeWaiters: Waiter[] = [];
  private unsubscribe: (() => void) | null = null;
  readonly writer: ByteWriter & { close(): void };
  readonly reader: ByteReader & { close(): void };

  constructor(
    private readonly abort: AbortSource | null = null,
    private readonly capacity = PIPE_CAPACITY,
  ) {
    if (abort) this.unsubscribe = abort.onAbort((e) => this.fail(e));
    const self = this;
    this.writer = {
      write: (c) => self.write(c),
      writeString: (s) => self.write(encode(s)),
      flush: () => undefined,
      get closed() {
        return self.readClosed;
      },
      close: () => self.closeWrite(),
    };
    this.reader = {
      read: () => self.read(),
      pushBack: (rest) => self.pushBack(rest),
      close: () => self.closeRead(),
    };
  }

  private fail(err: Error): void {
    const r = this.readWaiter;
    this.readWaiter = null;
    if (r) r.reject(err);
    const ws = this.writeWaiters;
    this.writeWaiters = [];
    for (const w of ws) w.reject(err);
  }

  private write(chunk: Uint8Array): void | Promise<void> {
    const a = this.abort;
    if (a) {
      if (a.aborted) throw a.aborted;
      const y = a.check?.();
      if (y) return y.then(() => this.write(chunk));
    }
    if (this.readClosed) throw new PipeClosedError();
    if (this.writeClosed || chunk.length === 0) return;
    this.chunks.push(copyOf(chunk, chunk.length));
    this.size += chunk.length;
    const r = this.readWaiter;
    if (r) {
      this.readWaiter = null;
      r.resolve();
    }
    if (this.size <= this.capacity) return;
    return new Promise<void>((resolve, reject) => this.writeWaiters.push({ resolve, reject }));
  }

  private read(): Uint8Array | null | Promise<Uint8Array | null> {
    const a = this.abort;
    if (a) {
      if (a.aborted) throw a.aborted;
      const y = a.check?.();
      if (y) return y.then(() => this.read());
    }
    if (this.head < this.chunks.length) {
      const c = this.chunks[this.head]!;
      this.chunks[this.head++] = EMPTY;
      if (this.head > 64 && this.head * 2 > this.chunks.length) {
        this.chunks = this.chunks.slice(this.head);
        this.head = 0;
      }
      this.size -= c.length;
      if (this.size <= this.capacity && this.writeWaiters.length) {
        const ws = this.writeWaiters;
        this.writeWaiters = [];
        for (const w of ws) w.resolve();
      }
      return c;
    }
    if (this.writeClosed || this.readClosed) return null;
    return new Promise<void>((resolve, reject) => {
      this.readWaiter = { resolve, reject };
    }).then(() => this.read());
  }

  private pushBack(rest: Uint8Array): void {
    if (this.readClosed || rest.length === 0) return;
    if (this.head > 0) this.chunks[--this.head] = rest;
    else this.chunks.unshift(rest);
    this.size += rest.length;
  }

  closeWrite(): void {
    if (this.writeClosed) return;
    this.writeClosed = true;
    const r = this.readWaiter;
    this.readWaiter = null;
    if (r) r.resolve();
    this.maybeRelease();
  }

  closeRead(): void {
    if (this.readClosed) return;
    this.readClosed = true;
    this.chunks = [];
    this.head = 0;
    this.size = 0;
    this.fail(new PipeClosedError());
    this.maybeRelease();
  }

  private maybeRelease(): void {
    if (this.writeClosed && this.readClosed && this.unsubscribe) {
      this.unsubscribe();
      this.unsubscribe = null;
    }
  }
}

const EMPTY = new Uint8Array(0);

/** A reader over fixed bytes (here-docs, here-strings, string stdin). */
export class BytesReader implements ByteReader {
  private done = false;
  constructor(private bytes: Uint8Array) {}
  read(): Uint8Array | null {
    if (this.done || this.bytes.length === 0) return null;
    this.done = true;
    return this.bytes;
  }
  pushBack(rest: Uint8Array): void {
    if (rest.length === 0) return;
    this.bytes = rest;
    this.done = false;
  }
}

/**
 * A reader that fails as read(2) fails on a directory (EISDIR) or a closed descriptor (EBADF):
 * builtins recognise the carried fsError and word it as the GNU tool does (`cat: -: Is a directory`).
 */
export function failingReader(code: 'EISDIR' | 'EBADF' | 'EIO', message: string): ByteReader {
  return {
    read(): never {
      const err = new Error(message) as Error & { fsError: { code: string; message: string } };
      err.fsError = { code, message };
      throw err;
    },
  };
}

/** standard input after `0<&-` */
export const CLOSED_READER: ByteReader = failingReader('EBADF', 'Bad file descriptor');

export const EMPTY_READER: ByteReader = { read: () => null };

/**
 * A reader over the caller's stdin source (string, bytes or async iterable). An async iterable is
 * read through HostStdinReader (host-stdin.ts): its failures are read errors (EIO), never
 * exceptions of its own; anything that is not a StdinSource reads as EIO too (run() refuses it
 * before the run starts). `abort` bounds an iterable's reads by the run's deadline and abort state.
 */
export function readerFromSource(src: StdinSource | undefined, abort: AbortSource | null = null): ByteReader {
  if (src === undefined) return EMPTY_READER;
  if (typeof src === 'string') return new BytesReader(encode(src));
  if (src instanceof Uint8Array) return new BytesReader(src);
  if (isAsyncIterable(src)) return new HostStdinReader(src, abort);
  return failingReader('EIO', 'Input/output error');
}

/** The script's standard input for one run: the caller's source, bounded by the run (`abort`). */
export function stdinReader(src: StdinSource | undefined, abort: AbortSource): ByteReader {
  return isAsyncIterable(src) ? new HostStdinReader(src, abort) : abortableReader(readerFromSource(src), abort);
}

/** A reader whose pending reads fail when the run is aborted (a caller stdin that never ends). */
export function abortableReader(r: ByteReader, abort: AbortSource): ByteReader {
  const wrapped: ByteReader = {
    read(): Uint8Array | null | Promise<Uint8Array | null> {
      if (abort.aborted) throw abort.aborted;
      const x = r.read();
      if (!(x instanceof Promise)) return x;
      return new Promise<Uint8Array | null>((resolve, reject) => {
        const off = abort.onAbort(reject);
        x.then(
          (v) => {
            off();
            resolve(v);
          },
          (e) => {
            off();
            reject(e);
          },
        );
      });
    },
  };
  // what the source can give back stays possible through the wrapper (`read a; cat` on stdin)
  if (r.unread) wrapped.unread = (rest) => r.unread!(rest);
  if (r.pushBack) wrapped.pushBack = (rest) => r.pushBack!(rest);
  return wrapped;
}

/** /dev/null for one run: discards everything, but still stops a writer when the run must end */
export function nullWriterFor(abort: AbortSource): ByteWriter {
  const check = (): void | Promise<void> => {
    if (abort.aborted) throw abort.aborted;
    return abort.check?.();
  };
  return { write: check, writeString: check, flush: () => undefined, closed: false };
}

/** Writes fail as on a closed descriptor (`>&-`): the interpreter reports EBADF. */
export class BadFdError extends Error {
  constructor(readonly fd: number) {
    super('Bad file descriptor');
  }
}

export function closedWriter(fd: number): ByteWriter {
  return {
    write: () => {
      throw new BadFdError(fd);
    },
    writeString: () => {
      throw new BadFdError(fd);
    },
    flush: () => undefined,
    closed: true,
  };
}

/**
 * Per-run output budget for one stream (stdout or stderr): bytes past the limit are dropped and
 * `truncated` is set. The script keeps running (documented choice: drop, don't stop).
 */
export class OutputBudget {
  used = 0;
  truncated = false;
  constructor(readonly limit: number) {}
  /** how many of n bytes may still pass */
  take(n: number): number {
    const room = this.limit - this.used;
    if (n <= room) {
      this.used += n;
      return n;
    }
    this.truncated = true;
    const k = Math.max(room, 0);
    this.used += k;
    return k;
  }
}

/** before a writer of the run's output takes bytes: throw when the run is over, or the turn it owes the event loop */
function waitFor(a: AbortSource | null): Promise<void> | undefined {
  if (a === null) return undefined;
  if (a.aborted) throw a.aborted;
  return a.check?.() ?? undefined;
}

/** how many of `n` bytes the run's output budget lets through */
function admitted(budget: OutputBudget | null, n: number): number {
  return budget === null || n === 0 ? n : budget.take(n);
}

/** Collects bytes in memory, with an optional cap (command substitution, buffered run output). */
export class CollectingWriter implements ByteWriter {
  private parts: Uint8Array[] = [];
  length = 0;
  closed = false;
  /** set when bytes were refused because of `cap` */
  overflowed = false;
  /** the run's abort state: a writer past its budget must still stop on the deadline */
  abort: AbortSource | null = null;
  constructor(
    private readonly cap = Infinity,
    private readonly budget: OutputBudget | null = null,
    private readonly onOverflow: (() => void) | null = null,
  ) {}
  write(chunk: Uint8Array): void | Promise<void> {
    const y = waitFor(this.abort);
    if (y) return y.then(() => this.write(chunk));
    if (chunk.length === 0) return;
    let n = admitted(this.budget, chunk.length);
    if (this.length + n > this.cap) {
      n = Math.max(0, this.cap - this.length);
      this.overflowed = true;
    }
    if (n > 0) {
      this.parts.push(copyOf(chunk, n));
      this.length += n;
    }
    if (this.overflowed && this.onOverflow) this.onOverflow();
  }
  writeString(s: string): void | Promise<void> {
    return this.write(encode(s));
  }
  flush(): void {}
  bytes(): Uint8Array {
    if (this.parts.length === 1) return this.parts[0]!;
    const out = new Uint8Array(this.length);
    let off = 0;
    for (const p of this.parts) {
      out.set(p, off);
      off += p.length;
    }
    this.parts = [out];
    return out;
  }
}

/**
 * Buffers writes to a caller's WritableLike (process.stdout, a file stream) and flushes at
 * ~64 KiB, honouring 'drain' when the sink says it is full.
 *
 * The sink is the caller's code, so the writer fails closed:
 * - a sink whose write() throws, or that emits 'close'/'error' while we wait, is gone: this write
 *   and every later one throw PipeClosedError, as a closed stdout (status 141, nothing printed);
 * - a wait for 'drain' also ends when the run is aborted (its deadline, the caller's signal, a
 *   budget): the write then fails with the run's RunAbortedError (exit 124, timedOut/cancelled),
 *   and the sink is never waited for again (`stalled`): what is written later is handed over
 *   without waiting;
 * - handOver(), at the very end of a run when nothing could end a wait any more, writes what is
 *   left without waiting.
 */
export class BufferedStreamWriter implements ByteWriter {
  private buf: Uint8Array[] = [];
  private buffered = 0;
  private waiting: Promise<void> | null = null;
  closed = false;
  /**
   * The other stream of the same run (stdout ↔ stderr): its pending bytes are pushed out before
   * ours, so output written to both keeps its order when they reach the same terminal or file.
   */
  peer: BufferedStreamWriter | null = null;
  /** the run's abort state (see CollectingWriter.abort): also ends a wait for 'drain' */
  abort: AbortSource | null = null;
  /** set once the sink closed, errored or threw: nothing more can reach it */
  private sinkGone = false;
  /** the run was aborted while this writer waited for the sink: it is not waited for again */
  private stalled: RunAbortedError | null = null;

  constructor(
    private readonly sink: WritableLike,
    private readonly budget: OutputBudget | null,
    private readonly threshold = PIPE_CAPACITY,
  ) {}
  write(chunk: Uint8Array): void | Promise<void> {
    const y = waitFor(this.abort);
    if (y) return y.then(() => this.write(chunk));
    const n = admitted(this.budget, chunk.length);
    if (n === 0) return;
    const peer = this.peer;
    if (peer !== null && peer.buffered > 0) {
      try {
        const r = peer.flush();
        if (r) r.catch(() => undefined);
      } catch {
        // the peer's own sink failed: its next write reports it
      }
    }
    this.buf.push(copyOf(chunk, n));
    this.buffered += n;
    if (this.buffered >= this.threshold) return this.flush();
  }
  writeString(s: string): void | Promise<void> {
    return this.write(encode(s));
  }
  flush(): void | Promise<void> {
    if (this.waiting) return this.waiting.then(() => this.flush());
    if (this.buffered === 0) return;
    const data = this.take();
    if (this.sinkGone) throw new PipeClosedError();
    const ok = this.put(data);
    if (ok !== false || !this.sink.once || this.stalled) return;
    const a = this.abort;
    if (a?.aborted) {
      // nothing would end the wait: the run is over
      this.stalled = a.aborted;
      throw a.aborted;
    }
    const w: Promise<void> = this.drained(a).then(() => {
      if (this.waiting === w) this.waiting = null;
    });
    this.waiting = w;
    return w.then(() => this.afterWait());
  }

  /**
   * The end of a run: what is left goes to the sink without waiting for 'drain' (nothing bounds a
   * wait then; a Node stream keeps the bytes and writes them out). Failures are dropped: the
   * result is already decided.
   */
  handOver(): void {
    if (this.buffered === 0) return;
    const data = this.take();
    if (this.sinkGone) return;
    try {
      this.put(data);
    } catch {
      // the sink is gone; the run's result stands
    }
  }

  /** the buffered bytes as one chunk, and the buffer emptied */
  private take(): Uint8Array {
    let data: Uint8Array;
    if (this.buf.length === 1) data = this.buf[0]!;
    else {
      data = new Uint8Array(this.buffered);
      let off = 0;
      for (const p of this.buf) {
        data.set(p, off);
        off += p.length;
      }
    }
    this.buf = [];
    this.buffered = 0;
    return data;
  }

  /**
   * sink.write, with a throwing sink taken as a closed one (its message goes nowhere); false: the
   * sink asks to wait for 'drain'
   */
  private put(data: Uint8Array): boolean {
    try {
      return this.sink.write(data) !== false;
    } catch {
      this.sinkGone = true;
      throw new PipeClosedError();
    }
  }

  private afterWait(): void {
    if (this.stalled) throw this.stalled;
  }

  /**
   * Resolves on 'drain', on 'close'/'error' of a Node stream (later writes then throw, EPIPE-like),
   * or when the run is aborted (afterWait then throws the run's error).
   */
  private drained(a: AbortSource | null): Promise<void> {
    const sink = this.sink as WritableLike & {
      once(event: string, listener: (...args: unknown[]) => void): unknown;
    };
    return new Promise<void>((resolve) => {
      let settled = false;
      let offAbort: (() => void) | null = null;
      const done = (how: 'drain' | 'gone' | RunAbortedError): void => {
        if (settled) return;
        settled = true;
        if (how === 'gone') this.sinkGone = true;
        else if (how !== 'drain') this.stalled = how;
        if (offAbort) offAbort();
        try {
          sink.removeListener?.('drain', onDrain);
          sink.removeListener?.('close', onGone);
          sink.removeListener?.('error', onGone);
        } catch {
          // the caller's stream refused: the listeners stay, settled makes them no-ops
        }
        resolve();
      };
      const onDrain = (): void => done('drain');
      const onGone = (): void => done('gone');
      try {
        sink.once('drain', onDrain);
        if (sink.removeListener) {
          // only streams that can also detach listeners get close/error hooks (no leak per write)
          sink.once('close', onGone);
          sink.once('error', onGone);
        }
      } catch {
        done('gone');
        return;
      }
      if (!settled && a !== null) offAbort = a.onAbort((e) => done(e));
    });
  }
}
