// A pool worker's main (bundled to dist/rshell-worker.mjs): one interpreter, built once from the
// Runner's options, running one script at a time for the host (host-run.ts) over the protocol in
// protocol.ts. It owns nothing the host must clean up: the host terminates it at the deadline
// plus a grace, or when its heap ran out (resourceLimits), and starts a fresh one.
import { parentPort, workerData } from 'node:worker_threads';
import type { CancelSignal, RunOptions, WritableLike } from '../api.js';
import { InProcessRunner } from '../interp/runner.js';
import { WINDOW, type HostMessage, type WorkerMessage, type WorkerOptions } from './protocol.js';

type Listener = () => void;

/** The run's stdout or stderr as a Node-like stream over the port (protocol.ts: the window). */
class PortSink implements WritableLike {
  private unacked = 0;
  private gone = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    private readonly fd: 1 | 2,
    private readonly post: (m: WorkerMessage, transfer?: ArrayBuffer[]) => void,
  ) {}

  write(chunk: Uint8Array): boolean {
    // as a stream that threw: the writer takes it for a closed pipe (status 141)
    if (this.gone) throw new Error('the stream is closed');
    // the writers hand over chunks they own, sliced to size (lib/io/pipe.ts): moved, not copied
    const n = chunk.byteLength;
    const own = chunk.byteOffset === 0 && n === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer;
    // (counted before: a transferred chunk is empty on this side afterwards)
    this.unacked += n;
    this.post({ t: 'out', fd: this.fd, chunk }, own ? [chunk.buffer as ArrayBuffer] : undefined);
    return this.unacked < WINDOW;
  }

  once(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  acked(n: number): void {
    const before = this.unacked;
    this.unacked -= n;
    if (before >= WINDOW && this.unacked < WINDOW) this.emit('drain');
  }

  lost(): void {
    this.gone = true;
    this.emit('close');
  }

  private emit(event: string): void {
    const set = this.listeners.get(event);
    if (!set) return;
    const all = [...set];
    set.clear();
    for (const l of all) l();
  }
}

/** The caller's signal, on this side: flipped by the host's `cancel`. */
class RemoteCancel implements CancelSignal {
  aborted = false;
  private listeners: Listener[] = [];
  addEventListener(_type: 'abort', listener: Listener): void {
    if (!this.aborted) this.listeners.push(listener);
  }
  removeEventListener(_type: 'abort', listener: Listener): void {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    for (const l of this.listeners.splice(0)) l();
  }
}

/** The caller's stdin stream, on this side: each read asks the host for its next chunk. */
class RemoteStdin implements AsyncIterable<Uint8Array | string> {
  private waiting: { resolve: (r: IteratorResult<Uint8Array | string>) => void; reject: (e: Error) => void } | null = null;
  constructor(private readonly post: (m: WorkerMessage) => void) {}

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array | string> {
    return {
      next: () =>
        new Promise<IteratorResult<Uint8Array | string>>((resolve, reject) => {
          this.waiting = { resolve, reject };
          this.post({ t: 'pull' });
        }),
      return: () => Promise.resolve({ done: true as const, value: undefined }),
    };
  }

  deliver(m: Extract<HostMessage, { t: 'stdin' }>): void {
    const w = this.waiting;
    if (!w) return;
    this.waiting = null;
    if (m.error) w.reject(new Error('stdin failed'));
    // something that is not a chunk: the reader reports it as a read error, as in-process
    else if (m.bad) w.resolve({ done: false, value: 0 as unknown as string });
    else if (m.end || m.chunk === undefined) w.resolve({ done: true, value: undefined });
    else w.resolve({ done: false, value: m.chunk });
  }
}

const port = parentPort;
if (port) {
  const runner = new InProcessRunner((workerData as { options: WorkerOptions }).options);
  const post = (m: WorkerMessage, transfer?: ArrayBuffer[]): void => port.postMessage(m, transfer);
  let out: PortSink | null = null;
  let err: PortSink | null = null;
  let cancel: RemoteCancel | null = null;
  let stdin: RemoteStdin | null = null;
  port.on('message', (m: HostMessage) => {
    switch (m.t) {
      case 'run': {
        out = new PortSink(1, post);
        err = new PortSink(2, post);
        cancel = m.cancellable ? new RemoteCancel() : null;
        stdin = m.stdin.k === 'stream' ? new RemoteStdin(post) : null;
        const opts: RunOptions = { stdout: out, stderr: err };
        if (m.stdin.k === 'data') opts.stdin = m.stdin.data;
        else if (stdin) opts.stdin = stdin;
        if (cancel) opts.signal = cancel;
        if (m.name !== undefined) opts.name = m.name;
        if (m.sourceFile !== undefined) opts.sourceFile = m.sourceFile;
        if (m.args !== undefined) opts.args = m.args;
        void runner.run(m.script, opts).then((r) => {
          post({ t: 'done', result: { exitCode: r.exitCode, truncated: r.truncated, timedOut: r.timedOut, cancelled: r.cancelled, ...(r.reason ? { reason: r.reason } : {}) } });
        });
        break;
      }
      case 'cancel':
        cancel?.abort();
        break;
      case 'stdin':
        stdin?.deliver(m);
        break;
      case 'ack':
        (m.fd === 1 ? out : err)?.acked(m.n);
        break;
      case 'gone':
        (m.fd === 1 ? out : err)?.lost();
        break;
    }
  });
}
