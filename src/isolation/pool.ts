// A Runner's warm workers. A run takes an idle worker or starts one, up to `max` at once (sized by
// memory, not by cores: each may grow to its heap cap); past that, runs wait in order. A worker
// that finished a run normally goes back to the idle list for the next one; one that was
// terminated (deadline, heap exhausted, cancelled and stuck) is gone and the next run starts a
// fresh one. Idle workers are unref'd: they never keep the host's process alive.
import type { Worker } from 'node:worker_threads';

/** how long after the last idle worker was taken a spare is started */
const SPARE_AFTER_MS = 20;

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker) => void)[] = [];
  /** workers started and not yet terminated, idle or busy */
  private live = 0;
  private closed = false;
  private readonly all = new Set<Worker>();
  private spareTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly start: () => Worker,
    readonly max: number,
  ) {}

  /** a worker started ahead of the first run, so that it is warm when the run comes */
  prewarm(): void {
    if (this.live === 0 && !this.closed) this.release(this.spawn(), true);
  }

  /** a worker for one run: now, or when one comes free */
  acquire(): Worker | Promise<Worker> {
    if (this.closed) throw new Error('Runner.close() was called: the runner takes no more runs');
    const w = this.idle.pop() ?? (this.live < this.max ? this.spawn() : undefined);
    if (!w) return new Promise<Worker>((resolve) => this.waiting.push(resolve));
    w.ref();
    if (this.idle.length === 0) this.spareSoon();
    return w;
  }

  /**
   * One spare: with every worker busy, the next run would wait for a worker's start (tens of ms,
   * seconds when busy runs hold every core). Started a little later, not at once: a host that runs
   * one short script (the CLI) is done by then and never pays for it.
   */
  private spareSoon(): void {
    if (this.spareTimer || this.live >= this.max) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = null;
      if (!this.closed && this.idle.length === 0 && this.live < this.max) this.release(this.spawn(), true);
    }, SPARE_AFTER_MS);
    this.spareTimer.unref();
  }

  /** the run on `w` is over; `reusable` false when it was terminated or must not run again */
  release(w: Worker, reusable: boolean): void {
    if (!reusable || this.closed) {
      this.retire(w);
      // a slot came free: the first waiting run gets a fresh worker
      const next = this.waiting.shift();
      if (next && !this.closed) next(this.spawn());
      return;
    }
    const next = this.waiting.shift();
    if (next) {
      next(w);
      return;
    }
    w.unref();
    this.idle.push(w);
  }

  /** terminates every worker; runs in flight end as their worker stops */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    if (this.spareTimer) clearTimeout(this.spareTimer);
    await Promise.all([...this.all].map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const w = this.start();
    this.live++;
    this.all.add(w);
    // a worker that dies while idle (it should not) leaves the idle list
    w.once('exit', () => {
      if (this.all.delete(w)) this.live--;
      const i = this.idle.indexOf(w);
      if (i >= 0) this.idle.splice(i, 1);
    });
    // an 'error' with no listener would be rethrown in the host: the run's own listener reports it
    w.on('error', () => undefined);
    return w;
  }

  private retire(w: Worker): void {
    if (this.all.delete(w)) this.live--;
    void w.terminate();
  }
}
