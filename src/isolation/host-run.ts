// One run on a pool worker, seen from the host: the caller's stdin goes over on demand, output comes
// back into the caller's streams (or is collected), the caller's signal becomes a `cancel`, and the
// host's own timer stops a worker that does not end by itself: at the deadline plus GRACE_MS
// (a script blocked in synchronous code never reaches the interpreter's own checks), or GRACE_MS
// after a cancel. A worker that ran out of heap (ERR_WORKER_OUT_OF_MEMORY) is a result too.
import type { Worker } from 'node:worker_threads';
import type { RunEndReason, RunOptions, RunResult, WritableLike } from '../api.js';
import type { DoneResult, HostMessage, StdinPlan, WorkerMessage } from './protocol.js';
import { CANCELLED_MESSAGE, heapCapMessage, timeoutMessage } from '../interp/run-messages.js';
import { isAsyncIterable } from '../../lib/io/host-stdin.js';
import { encode } from '../../lib/io/encoding.js';

/** how long a worker may overrun its deadline, or take to stop once cancelled, before it is terminated */
export const GRACE_MS = 250;

export interface HostRunConfig {
  timeoutMs: number;
  heapMiB: number;
}

type Ended = { done: DoneResult } | { killed: 'timeout' | 'cancelled' | 'memory' | 'crash'; detail?: string };

/** Where one stream of the run goes: the caller's sink, or a list of chunks for RunResult. */
class HostSide {
  readonly chunks: Uint8Array[] = [];
  private gone = false;
  constructor(
    private readonly fd: 1 | 2,
    private readonly sink: WritableLike | undefined,
    private readonly post: (m: HostMessage) => void,
  ) {}

  /** the end of what the worker wrote last: whether it already gave the run's final line */
  private tail: Uint8Array = new Uint8Array(0);

  /** a chunk from the worker: acknowledged once the caller's stream took it */
  take(chunk: Uint8Array): void {
    const n = chunk.byteLength;
    if (n > 0) this.tail = chunk.subarray(Math.max(0, n - 256));
    const sink = this.sink;
    if (!sink) {
      this.chunks.push(chunk);
      this.post({ t: 'ack', fd: this.fd, n });
      return;
    }
    if (this.gone) return;
    let ok: unknown;
    try {
      ok = sink.write(chunk);
    } catch {
      this.lose();
      return;
    }
    if (ok !== false || !sink.once) {
      this.post({ t: 'ack', fd: this.fd, n });
      return;
    }
    const s = sink as WritableLike & { once(event: string, l: () => void): unknown };
    let settled = false;
    const finish = (how: 'drain' | 'gone'): void => {
      if (settled) return;
      settled = true;
      try {
        sink.removeListener?.('drain', onDrain);
        sink.removeListener?.('close', onGone);
        sink.removeListener?.('error', onGone);
      } catch {
        // the listeners stay; `settled` makes them no-ops
      }
      if (how === 'gone') this.lose();
      else this.post({ t: 'ack', fd: this.fd, n });
    };
    const onDrain = (): void => finish('drain');
    const onGone = (): void => finish('gone');
    try {
      s.once('drain', onDrain);
      if (sink.removeListener) {
        s.once('close', onGone);
        s.once('error', onGone);
      }
    } catch {
      finish('gone');
    }
  }

  /** the final line of a run the host ended: past everything the worker wrote */
  append(line: string): void {
    // the worker may have said it itself just before the host's timer fired (a loaded machine)
    if (Buffer.from(this.tail).toString('latin1').endsWith(`${line}\n`)) return;
    const bytes = encode(line + '\n');
    if (!this.sink) this.chunks.push(bytes);
    else if (!this.gone) {
      try {
        this.sink.write(bytes);
      } catch {
        // the caller's stream is gone; the result says it all the same
      }
    }
  }

  private lose(): void {
    this.gone = true;
    this.post({ t: 'gone', fd: this.fd });
  }

  bytes(): Uint8Array {
    if (this.chunks.length === 1) return this.chunks[0]!;
    let size = 0;
    for (const c of this.chunks) size += c.byteLength;
    const out = new Uint8Array(size);
    let off = 0;
    for (const c of this.chunks) {
      out.set(c, off);
      off += c.byteLength;
    }
    return out;
  }
}

function stdinPlan(src: RunOptions['stdin']): StdinPlan {
  if (src === undefined) return { k: 'none' };
  if (typeof src === 'string' || src instanceof Uint8Array) return { k: 'data', data: src };
  return isAsyncIterable(src) ? { k: 'stream' } : { k: 'none' };
}

/**
 * Runs `script` on `w`; resolves with the result and whether the worker may run again. Never
 * rejects: a worker that fails is a result with a reason.
 */
export function runOnWorker(
  w: Worker,
  script: string,
  opts: RunOptions,
  cfg: HostRunConfig,
  t0: number,
): Promise<{ result: RunResult; reusable: boolean }> {
  return new Promise((resolve) => {
    const post = (m: HostMessage): void => w.postMessage(m);
    const out = new HostSide(1, opts.stdout, post);
    const err = new HostSide(2, opts.stderr, post);
    const plan = stdinPlan(opts.stdin);
    let input: AsyncIterator<Uint8Array | string> | null = null;
    let killTimer: ReturnType<typeof setTimeout> | null = null;
    let ended = false;
    const signal = opts.signal;

    const pull = (): void => {
      if (!input) {
        try {
          input = (opts.stdin as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
        } catch {
          post({ t: 'stdin', error: true });
          return;
        }
      }
      input.next().then(
        (r) => {
          if (ended) return;
          if (r.done) post({ t: 'stdin', end: true });
          else if (typeof r.value === 'string' || r.value instanceof Uint8Array) post({ t: 'stdin', chunk: r.value });
          else post({ t: 'stdin', bad: true });
        },
        () => {
          if (!ended) post({ t: 'stdin', error: true });
        },
      );
    };

    const onMessage = (m: WorkerMessage): void => {
      if (m.t === 'out') (m.fd === 1 ? out : err).take(m.chunk);
      else if (m.t === 'pull') pull();
      else if (m.t === 'done') finish({ done: m.result });
    };
    const onError = (e: Error & { code?: string }): void => {
      finish(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { killed: 'memory' } : { killed: 'crash', detail: e.message });
    };
    const onExit = (code: number): void => finish({ killed: 'crash', detail: `the worker stopped (exit code ${code})` });
    const kill = (why: 'timeout' | 'cancelled'): void => {
      finish({ killed: why });
    };
    const onAbort = (): void => {
      post({ t: 'cancel' });
      if (!ended) {
        if (killTimer) clearTimeout(killTimer);
        killTimer = setTimeout(kill, GRACE_MS, 'cancelled');
      }
    };

    function finish(how: Ended): void {
      if (ended) return;
      ended = true;
      if (killTimer) clearTimeout(killTimer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
      if (input) void Promise.resolve(input.return?.()).catch(() => undefined);
      let exitCode: number;
      let timedOut = false;
      let cancelled = false;
      let truncated = false;
      let reason: RunEndReason | undefined;
      let reusable = false;
      if ('done' in how) {
        ({ exitCode, timedOut, cancelled, truncated, reason } = how.done);
        reusable = true;
      } else if (how.killed === 'timeout') {
        exitCode = 124;
        timedOut = true;
        reason = 'timeout';
        err.append(timeoutMessage(cfg.timeoutMs));
      } else if (how.killed === 'cancelled') {
        exitCode = 124;
        cancelled = true;
        reason = 'cancelled';
        err.append(CANCELLED_MESSAGE);
      } else if (how.killed === 'memory') {
        // 1, as every other budget of rshell's ends a run (bash's own xmalloc failure is fatal too)
        exitCode = 1;
        reason = 'memory';
        err.append(heapCapMessage(cfg.heapMiB));
      } else {
        exitCode = 1;
        reason = 'internal-error';
        err.append(`rshell: internal error: ${how.detail ?? 'the worker failed'}`);
      }
      const result: RunResult = { exitCode, truncated, durationMs: performance.now() - t0, timedOut, cancelled };
      if (reason) result.reason = reason;
      if (!opts.stdout) {
        const b = out.bytes();
        result.stdoutBytes = b;
        result.stdout = new TextDecoder().decode(b);
      }
      if (!opts.stderr) {
        const b = err.bytes();
        result.stderrBytes = b;
        result.stderr = new TextDecoder().decode(b);
      }
      resolve({ result, reusable });
    }

    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    const msg: HostMessage = { t: 'run', script, stdin: plan, cancellable: signal !== undefined };
    if (opts.name !== undefined) msg.name = opts.name;
    if (opts.sourceFile !== undefined) msg.sourceFile = opts.sourceFile;
    if (opts.args !== undefined) msg.args = opts.args;
    post(msg);
    if (cfg.timeoutMs > 0) killTimer = setTimeout(kill, cfg.timeoutMs + GRACE_MS, 'timeout');
    if (signal) {
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }
  });
}
