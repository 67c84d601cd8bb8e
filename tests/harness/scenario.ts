// Scenario loading and in-process execution for the vitest suite (tests/scenarios.test.ts).
// The logic lives in scenario-core.mjs, shared with the .mjs runners (bash comparison, CLI
// conformance, known-failures); this module gives it the library's types.
import type { RunnerOptions, RunOptions, RunResult } from '../../src/api.js';

export * from './scenario-core.mjs';

/** What the harness needs from the library: `new Runner(opts).run(script, runOpts)`. */
export interface RunnerLike {
  run(script: string, opts?: RunOptions): Promise<RunResult>;
}
export type RunnerFactory = (opts: RunnerOptions) => RunnerLike;
