// Deadline checks inside the compile of a large pattern. Parsing and compiling take about 0.6 µs
// a byte each, so a 1 MB pattern is a second of synchronous work: the compile steps call
// `step()` per atom or node and the caller's checkpoint (CompileOptions.checkpoint, a WorkMeter's
// `spend` or the run's abort check) runs every STEPS_PER_CHECK of them.

const STEPS_PER_CHECK = 4096;

export type CompileStep = () => void;

/** a step counter that calls `checkpoint` every STEPS_PER_CHECK steps; a no-op without one */
export function compileMeter(checkpoint: ((units: number) => void) | undefined): CompileStep | undefined {
  if (checkpoint === undefined) return undefined;
  let n = 0;
  return () => {
    if (++n >= STEPS_PER_CHECK) {
      n = 0;
      checkpoint(STEPS_PER_CHECK);
    }
  };
}
