// process.stdout as the Runner's sink, made safe for a reader that goes away. Once the stream
// errors (EPIPE: `rshell … | head -1`), a writer waiting for 'drain' would wait forever, so the
// guard releases every waiter and swallows further writes; the run, cancelled by then, can end.
import type { WritableLike } from '../api.js';

export interface NodeWritable {
  write(chunk: Uint8Array, cb?: (err?: Error | null) => void): boolean;
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
  on(event: 'error', listener: (err: NodeJS.ErrnoException) => void): unknown;
  off(event: 'error', listener: (err: NodeJS.ErrnoException) => void): unknown;
}

export class GuardedOutput implements WritableLike {
  private broken = false;
  private readonly waiters = new Set<() => void>();
  private readonly onError = (err: NodeJS.ErrnoException) => {
    this.broken = true;
    this.onBroken(err);
    const pending = [...this.waiters];
    this.waiters.clear();
    for (const release of pending) release();
  };

  constructor(
    private readonly target: NodeWritable,
    private readonly onBroken: (err: NodeJS.ErrnoException) => void,
  ) {
    target.on('error', this.onError);
  }

  write(chunk: Uint8Array, cb?: (err?: Error | null) => void): boolean {
    if (this.broken) {
      cb?.(null);
      return true;
    }
    return this.target.write(chunk, cb);
  }

  once(_event: 'drain', listener: () => void): unknown {
    if (this.broken) {
      setImmediate(listener);
      return this;
    }
    const release = () => {
      this.target.removeListener('drain', release);
      this.waiters.delete(release);
      listener();
    };
    this.waiters.add(release);
    this.target.once('drain', release);
    return this;
  }

  /** stop watching the stream */
  detach(): void {
    this.target.off('error', this.onError);
  }
}
