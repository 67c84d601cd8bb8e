// The public Runner: the interpreter in the caller's thread (isolation 'none'), or each run in a
// worker thread of its own from a warm pool (isolation 'worker'), with a heap cap and a deadline
// the host enforces even when the script is stuck in synchronous code (host-run.ts).
import { Worker } from 'node:worker_threads';
import { totalmem } from 'node:os';
import type { RunnerOptions, RunOptions, RunResult } from '../api.js';
import { InProcessRunner } from '../interp/runner.js';
import { runInputError } from '../interp/run-inputs.js';
import { WorkerPool } from './pool.js';
import { runOnWorker } from './host-run.js';
import type { WorkerOptions } from './protocol.js';
import type { InProcessSession } from '../interp/session.js';
import type { PreviewReport } from '../check/preview.js';

/** the default heap cap of a worker, MiB */
export const DEFAULT_HEAP_MIB = 512;

/**
 * The worker's script: dist/rshell-worker.mjs beside the library's bundle (and beside the CLI's
 * core, which defines import.meta.url to its own file: scripts/build-cli.mjs). Run from the
 * sources (the tests), the built one in dist/: `node scripts/build.mjs` first.
 */
function workerScript(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? '../../dist/rshell-worker.mjs' : './rshell-worker.mjs', here);
}

function positiveInt(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new Error(`${what}: must be a positive integer`);
  return v;
}

function workerOptions(o: RunnerOptions): WorkerOptions {
  const w: WorkerOptions = {};
  if (o.allowedPaths !== undefined) w.allowedPaths = o.allowedPaths;
  if (o.allowedCommands !== undefined) w.allowedCommands = o.allowedCommands;
  if (o.env !== undefined) w.env = o.env;
  if (o.cwd !== undefined) w.cwd = o.cwd;
  if (o.timeoutMs !== undefined) w.timeoutMs = o.timeoutMs;
  if (o.mode !== undefined) w.mode = o.mode;
  if (o.procPath !== undefined) w.procPath = o.procPath;
  if (o.limits !== undefined) w.limits = o.limits;
  // rules are data and cross to the worker; the approver and the audit hook are host functions
  if (o.rules !== undefined) w.rules = o.rules;
  if (o.inheritEnv !== undefined) w.inheritEnv = o.inheritEnv;
  return w;
}

export class Runner {
  /** warnings from construction (skipped roots), also given to onWarning */
  readonly warnings: string[];
  /** 'worker' or 'none', as resolved from the options */
  readonly isolation: 'worker' | 'none';
  private readonly local: InProcessRunner;
  private readonly pool: WorkerPool | null = null;
  private readonly heapMiB: number;
  private readonly timeoutMs: number;

  constructor(opts: RunnerOptions = {}) {
    const isolation = opts.isolation ?? 'none';
    if (isolation !== 'worker' && isolation !== 'none') {
      throw new Error(`Isolation: unknown isolation "${String(isolation)}" (expected "worker" or "none")`);
    }
    this.heapMiB = opts.maxHeapMiB === undefined ? DEFAULT_HEAP_MIB : positiveInt(opts.maxHeapMiB, 'MaxHeapMiB');
    const maxWorkers = opts.maxWorkers === undefined ? undefined : positiveInt(opts.maxWorkers, 'MaxWorkers');
    // validates every other option (and reports skipped roots) here, in the caller's thread
    this.local = new InProcessRunner(opts);
    this.warnings = this.local.warnings;
    this.isolation = isolation;
    this.timeoutMs = opts.timeoutMs ?? 0;
    if (isolation === 'worker' && (opts.approve !== undefined || opts.onCommand !== undefined || opts.commands !== undefined)) {
      // reaching host functions from a worker by message is not built yet: refuse rather than
      // run without the approvals or the audit the embedder asked for
      throw new Error("Isolation: approve, onCommand and commands need isolation 'none' for now");
    }
    if (isolation === 'worker') {
      const workerData = { options: workerOptions(opts) };
      const resourceLimits = { maxOldGenerationSizeMb: this.heapMiB };
      const file = workerScript();
      // as many heaps at their cap as half the machine's memory holds
      const max = maxWorkers ?? Math.max(1, Math.floor(totalmem() / 2 / (this.heapMiB * 1024 * 1024)));
      this.pool = new WorkerPool(() => new Worker(file, { workerData, resourceLimits, stdin: false }), max);
      this.pool.prewarm();
    }
  }

  /** the static preview of a script under this runner's policy: nothing runs (src/check/preview.ts) */
  check(script: string): PreviewReport {
    return this.local.check(script);
  }

  /**
   * a shell whose state (cwd, variables, functions, options, traps, $?) lasts from one run() to
   * the next, each call with its own deadline; close() runs its EXIT trap. In-process only for now.
   */
  session(): InProcessSession {
    if (this.isolation === 'worker') throw new Error("Session: sessions need isolation 'none' for now");
    return this.local.session();
  }

  /** the most runs that have a worker at once (worker mode); more wait for one */
  get maxWorkers(): number {
    return this.pool?.max ?? 0;
  }

  async run(script: string, opts: RunOptions = {}): Promise<RunResult> {
    if (!this.pool) return this.local.run(script, opts);
    const bad = runInputError(script, opts);
    if (bad) throw bad;
    // cancelled already: nothing may run, and a worker would run a short script before it read
    // the cancel that follows the script; the in-process runner answers without running it
    if (opts.signal?.aborted) return this.local.run(script, opts);
    const t0 = performance.now();
    const pool = this.pool;
    const got = pool.acquire();
    const w = got instanceof Worker ? got : await got;
    const { result, reusable } = await runOnWorker(w, script, opts, { timeoutMs: this.timeoutMs, heapMiB: this.heapMiB }, t0);
    pool.release(w, reusable);
    return result;
  }

  /**
   * Terminates the workers (worker mode): idle ones at once, a run in flight ends as its worker
   * stops. Later runs are refused. Idle workers never keep a process alive, so a host need not call
   * this to exit; it frees their memory sooner.
   */
  async close(): Promise<void> {
    await this.pool?.close();
  }
}
