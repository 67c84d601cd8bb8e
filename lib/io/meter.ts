// What a long synchronous step reports as it goes, so that the run's deadline and memory budget
// hold inside it and not only between commands: a pattern replacement over a megabyte, a copy of
// a large array, a list of words being built. The interpreter's Runtime is one; libraries take
// one as an argument and call it every few thousand units of work (never per character).

export interface WorkMeter {
  /**
   * `units` of work were done (about one per byte scanned or copied, more per element or match
   * tried). Reads the clock now and then and throws a RunAbortedError (errors.ts) once the run
   * must stop: its deadline passed, it was cancelled, or the heap is nearly full.
   */
  spend(units: number): void;
  /**
   * A value of `bytes` is about to be made (a replacement's result, a list of words): throws a
   * RunAbortedError when it would not fit in what the run's memory budget has left.
   */
  fits(bytes: number): void;
}

/** a meter that never stops anything: for callers outside a run (tests, the commands' own uses) */
export const NO_METER: WorkMeter = {
  spend() {},
  fits() {},
};
