// What one command may hold and how long its inner loops run between looks at the run's state.
//
// Memory: everything a command accumulates (sort's lines, tac's text, sed's pattern and hold
// spaces, xargs' arguments) counts against one per-command budget, `ctx.limits.maxSortBytes`
// (the run's maxMemoryBytes, at most 256 MiB). Past it the command stops the way GNU's xalloc_die
// does (`sort: memory exhausted`), with the budget named so the script's author knows why.
//
// Time: a command whose inner loop is CPU-bound on data already in memory (sorting millions of
// lines, sed branching over a big pattern space) never waits on a stream, so neither the
// deadline nor the host's AbortSignal would reach it. `Pacer.step()` is called every few
// thousand units of work: it checks the deadline by the clock, and every ~40 ms hands back a
// promise that gives the event loop a turn (the host's cancel and timers run there).

import type { CallContext } from '../types.js';

/** the byte budget of one command's own data */
export function commandBudget(ctx: CallContext): number {
  return ctx.limits.maxSortBytes;
}

/**
 * GNU's wording for an allocation that failed (xalloc_die), then rshell's reason:
 * `sort: memory exhausted (over rshell's per-command memory budget of 100 bytes, maxMemoryBytes)`.
 */
export function memoryExhausted(cmd: string, budget: number): string {
  return `${cmd}: memory exhausted (over rshell's per-command memory budget of ${budget} bytes, maxMemoryBytes)\n`;
}

/** how long CPU-bound work runs before the event loop gets a turn */
const TURN_MS = 40;

export class Pacer {
  private nextTurn: number;

  constructor(private readonly checkAbort: () => void) {
    this.nextTurn = performance.now() + TURN_MS;
  }

  /**
   * The deadline (throws the run's abort error), then a promise when the event loop is due a
   * turn. Cheap enough for every few thousand units of work, not for every one.
   */
  step(): void | Promise<void> {
    this.checkAbort();
    const now = performance.now();
    if (now < this.nextTurn) return;
    return this.turn();
  }

  /** the deadline alone, by the clock (throws the run's abort error): for synchronous callbacks */
  deadline(): void {
    this.checkAbort();
  }

  private turn(): Promise<void> {
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.nextTurn = performance.now() + TURN_MS;
      this.checkAbort();
    });
  }
}
