// State shared by everything one run does: configuration, policy, budgets, the deadline and the
// abort state. Subshells share it; only `Shell` is copied.

import * as v8 from 'node:v8';
import type { ApprovalRequest, CancelSignal, CommandEvent, RunLimits } from '../../api.js';
import type { Rules } from './rules.js';
import type { Command } from '../../../builtins/types.js';
import type { Sandbox, SandboxFS } from '../../../allowedpaths/types.js';
import type { ByteReader, ByteWriter } from '../../../lib/io/streams.js';
import { RunAbortedError } from '../../../lib/io/errors.js';
import { closedWriter, EMPTY_READER, type AbortSource } from '../../../lib/io/pipe.js';
import { limitError } from './limits.js';
import { monotonicMs } from './clock.js';
import type { Seam } from './seam.js';
import type { WorkMeter } from '../../../lib/io/meter.js';
import type { MemoryAccount } from './vars.js';

/** How long a loop may run synchronously before the event loop gets a turn. */
const YIELD_EVERY_MS = 40;
/**
 * The same for statements outside loops (recursion, long straight scripts): longer, so that in a
 * loop only the loop driver yields. A yield hands a promise back through every frame on the
 * stack, and optimised code that never saw one on that path is thrown away (a deopt, then a
 * recompile: a real share of a short run, issue 7); yielding from the loop driver only keeps the
 * promise out of the frames of the loop's body.
 */
const STATEMENT_YIELD_MS = 100;
/**
 * The least time between two looks at the heap (Runtime.watchHeap): V8's statistics cost ~2 us,
 * no system call. (RSS used to gate them: a /proc read, 10 us idle, 100-250 us timed inside a
 * running loop; the interleaved A/B of the change showed no difference either way.) What a script
 * allocates in a millisecond stays far inside the heap's last quarter, where the run stops.
 */
const MEMORY_LOOK_MS = 1;
/** the share of V8's heap limit at which a run stops */
const HEAP_STOP = 0.75;
/** loop iterations between two looks at the clock */
const ITERATIONS_PER_CLOCK = 128;
/**
 * Units of work (spend(): about a byte scanned or copied) between two looks at the clock inside
 * one synchronous step. 2^20 is about a millisecond of copying or matching, so a step that runs
 * for seconds (a replacement over a megabyte, a copy of a million elements) still stops within a
 * few milliseconds of the deadline, and the clock's cost (~50 ns) stays out of sight.
 */
const WORK_PER_LOOK = 1 << 20;

/**
 * Runs in progress on this thread. Each yields after its slice, and the event loop's timers and
 * I/O get their turn only once every run that was waiting has had one: with N busy runs a turn
 * came every N x 40 ms (a trivial run next to ten busy ones waited 400 ms). So each run's slice
 * is the period divided by N: the turn comes every ~40 ms however many runs share the thread.
 */
let runsOnThread = 0;

export interface RuntimeConfig {
  limits: RunLimits;
  sandbox: Sandbox | null;
  allowed: ReadonlySet<string> | 'all';
  mode: 'read-only' | 'remediation';
  procPath: string;
  timeoutMs: number;
  signal?: AbortSignal | CancelSignal;
  /** what the layers below exec/ reach up for (seam.ts) */
  seam: Seam;
  /** rules, approver and audit hook: null when none is set (the hot path checks only that) */
  policy?: Policy | null;
  /** the embedder's commands (RunnerOptions.commands), looked up before rshell's */
  customCommands?: ReadonlyMap<string, Command> | null;
  /** $$: a session's calls keep the first one's */
  pid?: number;
}

/** RunnerOptions' rules, approve and onCommand, resolved once per Runner */
export interface Policy {
  rules: Rules | null;
  approve: ((request: ApprovalRequest) => boolean | Promise<boolean>) | null;
  approvalTimeoutMs: number;
  onCommand: ((event: CommandEvent) => void) | null;
}

export class Runtime implements AbortSource, WorkMeter, MemoryAccount {
  aborted: RunAbortedError | null = null;
  private abortCbs = new Set<(e: RunAbortedError) => void>();
  readonly deadline: number;
  /** when the event loop last had a turn */
  private lastYield = monotonicMs();
  private disposed = false;
  loopIterations = 0;
  private readonly maxLoopIterations: number;
  private ticks = 0;
  private loopTicks = 0;
  /** statements and iterations between looks at the clock (1 while the heap is nearly full) */
  private tickMask = 255;
  private iterationsPerLook = ITERATIONS_PER_CLOCK;
  /** when the heap was last looked at; past half of its limit, it is looked at every time */
  private lastMemoryLook = 0;
  private heapTight = false;
  /** work left before spend() looks at the clock */
  private workLeft = WORK_PER_LOOK;
  /**
   * The memory budget (maxMemoryBytes): bytes of script-visible data held now, by the variables
   * of every shell of the run (VarStore.charge keeps it: a running total, never a walk).
   */
  used = 0;
  readonly max: number;
  readonly pid: number;
  private pidCounter: number;
  readonly startMs = Date.now();
  readonly limits: RunLimits;
  readonly sandbox: Sandbox | null;
  readonly allowed: ReadonlySet<string> | 'all';
  readonly mode: 'read-only' | 'remediation';
  readonly procPath: string;
  readonly seam: Seam;
  /** rules, approver and audit hook (RuntimeConfig.policy); null when the embedder set none */
  readonly policy: Policy | null;
  /** the embedder's commands (RuntimeConfig.customCommands), or null */
  readonly customCommands: ReadonlyMap<string, Command> | null;
  readonly emptyReader: ByteReader = EMPTY_READER;
  /** made at the first ask for `signal` (Node loads its AbortController module then, ~0.6 ms) */
  private abortController: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly timeoutMs: number;
  private signalListener: (() => void) | null = null;
  private externalSignal: AbortSignal | CancelSignal | undefined;
  /** process substitutions' pipes, visible to builtins as /dev/fd/N */
  readonly devFds = new Map<number, { reader?: ByteReader; writer?: ByteWriter }>();
  /** pathname expansion budget, shared by the whole run */
  readonly globBudget: { readdirCalls: number; maxReaddirCalls: number; maxEntries: number };
  /** files opened by `exec` redirections, closed when the run ends */
  readonly lingering: { close(): void }[] = [];
  /** flush the caller's streams when the event loop gets a turn */
  readonly flushers: (() => void | Promise<void>)[] = [];

  constructor(cfg: RuntimeConfig) {
    this.limits = cfg.limits;
    this.maxLoopIterations = cfg.limits.maxLoopIterations;
    this.max = cfg.limits.maxMemoryBytes;
    this.sandbox = cfg.sandbox;
    this.allowed = cfg.allowed;
    this.mode = cfg.mode;
    this.procPath = cfg.procPath;
    this.seam = cfg.seam;
    this.policy = cfg.policy ?? null;
    this.customCommands = cfg.customCommands ?? null;
    this.timeoutMs = cfg.timeoutMs;
    this.globBudget = {
      readdirCalls: 0,
      maxReaddirCalls: cfg.limits.maxGlobEntries,
      maxEntries: cfg.limits.maxGlobEntries,
    };
    this.deadline = cfg.timeoutMs > 0 ? monotonicMs() + cfg.timeoutMs : Infinity;
    runsOnThread++;
    this.pid = cfg.pid ?? 1000 + Math.floor(Math.random() * 30000);
    this.pidCounter = this.pid;
    if (cfg.timeoutMs > 0) {
      this.timer = setTimeout(() => this.abort(this.timeoutError()), cfg.timeoutMs);
    }
    const sig = cfg.signal;
    if (sig) {
      this.externalSignal = sig;
      if (sig.aborted) this.aborted = new RunAbortedError('cancelled', 'execution canceled');
      else {
        this.signalListener = () => this.abort(new RunAbortedError('cancelled', 'execution canceled'));
        sig.addEventListener('abort', this.signalListener, { once: true });
      }
    }
  }

  /** aborted with the run, for builtins to hand to what they wait on */
  get signal(): AbortSignal {
    if (this.abortController === null) {
      this.abortController = new AbortController();
      if (this.aborted) this.abortController.abort(this.aborted);
    }
    return this.abortController.signal;
  }

  private timeoutError(): RunAbortedError {
    const s = this.timeoutMs / 1000;
    return new RunAbortedError('timeout', `execution timed out after ${s}s`);
  }

  nextPid(): number {
    return ++this.pidCounter;
  }

  /**
   * A descriptor for a process substitution: as bash, the highest free one below 64 (63, then 62
   * while 63 is open…; a command's are closed when it ends, so the next one gets 63 again), and
   * past 63 only when none below is free. `inUse` says which the shell has open itself.
   */
  allocDevFd(entry: { reader?: ByteReader; writer?: ByteWriter }, inUse: (n: number) => boolean): number {
    const free = (k: number): boolean => !this.devFds.has(k) && !inUse(k);
    let n = 63;
    while (n >= 10 && !free(n)) n--;
    if (n < 10) for (n = 64; !free(n); ) n++;
    this.devFds.set(n, entry);
    return n;
  }

  onAbort(cb: (e: RunAbortedError) => void): () => void {
    this.abortCbs.add(cb);
    return () => this.abortCbs.delete(cb);
  }

  abort(err: RunAbortedError): void {
    if (this.aborted) return;
    this.aborted = err;
    if (this.abortController && !this.abortController.signal.aborted) this.abortController.abort(err);
    const cbs = [...this.abortCbs];
    this.abortCbs.clear();
    for (const cb of cbs) cb(err);
  }

  /** a budget was exceeded: stop the run with a message naming the limit */
  breach(what: string): never {
    const e = limitError(what);
    this.abort(e);
    throw e;
  }

  /** the memory budget is spent: stop the run, naming the limit and the option that raises it */
  over(): never {
    return this.breach(`memory limit exceeded (maxMemoryBytes ${this.max})`);
  }

  /** what the memory budget has left for a value being made */
  room(): number {
    return this.max - this.used;
  }

  /** a value of `bytes` is about to be made: it must fit in what the budget has left */
  fits(bytes: number): void {
    if (bytes > this.max - this.used) this.over();
  }

  /**
   * `units` of work done inside one synchronous step (WorkMeter): every WORK_PER_LOOK units, a
   * look at the clock (the deadline), the abort state and the heap. The next check() or
   * iteration() then looks at the clock too, so a loop of such steps also yields on time.
   */
  spend(units: number): void {
    if ((this.workLeft -= units) > 0) return;
    this.lookWhileWorking();
  }

  private lookWhileWorking(): void {
    this.workLeft = WORK_PER_LOOK;
    this.checkAbort();
    const now = monotonicMs();
    if (now - this.lastMemoryLook >= MEMORY_LOOK_MS) {
      this.lastMemoryLook = now;
      this.watchHeap();
    }
    this.ticks |= this.tickMask;
    this.loopTicks = this.iterationsPerLook;
  }

  /**
   * Called at every command and loop iteration: throws when the run must stop, and returns a
   * promise when synchronous work has run long enough that the event loop needs a turn (so
   * timers, the caller's AbortSignal and stream drains make progress).
   */
  check(): void | Promise<void> {
    if (this.aborted) throw this.aborted;
    // reading the clock costs more than a simple command (process.hrtime allocates): look every
    // 256 calls, well under a millisecond of the simplest loop
    if ((++this.ticks & this.tickMask) !== 0) return;
    return this.lookAtClock(STATEMENT_YIELD_MS);
  }

  /**
   * Called at every loop iteration, instead of check(): counts the iteration against the budget,
   * and gives the event loop a turn every YIELD_EVERY_MS.
   */
  iteration(): void | Promise<void> {
    if (++this.loopIterations > this.maxLoopIterations) {
      this.breach(`loop iteration limit exceeded (${this.maxLoopIterations})`);
    }
    if (this.aborted) throw this.aborted;
    if (++this.loopTicks < this.iterationsPerLook) return;
    this.loopTicks = 0;
    return this.lookAtClock(YIELD_EVERY_MS);
  }

  /** the deadline, then a turn for the event loop when the last one is `period` ms old */
  private lookAtClock(period: number): void | Promise<void> {
    const now = monotonicMs();
    if (now >= this.deadline) {
      const err = this.timeoutError();
      this.abort(err);
      throw this.aborted ?? err;
    }
    if (this.heapTight || now - this.lastMemoryLook >= MEMORY_LOOK_MS) {
      this.lastMemoryLook = now;
      this.watchHeap();
    }
    if (now - this.lastYield > period / runsOnThread) return this.yieldTurn(now);
  }

  /**
   * The heap against its limit: a script must not take its host down with V8's out-of-memory
   * abort (600 array elements of 1 MB each did, in a 512 MB heap, each element under
   * maxVarBytes). Past HEAP_STOP of the limit the run stops with a limit error; past half of it
   * the heap is looked at every statement and iteration.
   */
  private watchHeap(): void {
    const h = v8.getHeapStatistics();
    const share = h.used_heap_size / h.heap_size_limit;
    if (share > HEAP_STOP) this.breach(`memory limit exceeded (the heap is ${Math.round(share * 100)}% of its limit)`);
    const tight = share > 0.5;
    if (tight === this.heapTight) return;
    this.heapTight = tight;
    this.tickMask = tight ? 0 : 255;
    this.iterationsPerLook = tight ? 1 : ITERATIONS_PER_CLOCK;
  }

  /**
   * Give the event loop a turn. A method of its own: a closure in check() would make V8 allocate
   * a context on every call, the non-yielding ones included (issue 7).
   */
  private yieldTurn(now: number): Promise<void> {
    this.lastYield = now;
    for (const f of this.flushers) {
      try {
        const r = f();
        if (r) r.catch(() => undefined);
      } catch {
        // flushing is best effort here; the run's end flushes again
      }
    }
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.lastYield = monotonicMs();
      if (this.aborted) throw this.aborted;
    });
  }

  /**
   * What the sandbox calls before each read and write (Sandbox.at): the deadline, by the clock,
   * and a turn of the event loop every YIELD_EVERY_MS (reads wait for it), so a builtin in a synchronous read/write
   * loop (`cat /dev/zero > f`) still lets the caller's AbortSignal and timers run.
   */
  private readonly pace = (): void | Promise<void> => {
    this.checkAbort();
    const now = monotonicMs();
    if (now - this.lastYield > YIELD_EVERY_MS / runsOnThread) return this.yieldTurn(now);
  };

  checkAbort(): void {
    if (this.aborted) throw this.aborted;
    if (monotonicMs() >= this.deadline) {
      const err = this.timeoutError();
      this.abort(err);
      throw this.aborted ?? err;
    }
  }

  fsAt(cwd: string): SandboxFS | null {
    return this.sandbox ? this.sandbox.at(cwd, this.pace) : null;
  }

  isAllowed(name: string): boolean {
    return this.allowed === 'all' || this.allowed.has(name);
  }

  closedOut(fd: number): ByteWriter {
    return closedWriter(fd);
  }

  dispose(): void {
    if (!this.disposed) runsOnThread--;
    this.disposed = true;
    for (const f of this.lingering.splice(0)) {
      try {
        f.close();
      } catch {
        // closing at the end never fails the run
      }
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.signalListener && this.externalSignal) {
      this.externalSignal.removeEventListener('abort', this.signalListener);
    }
  }
}
