// rshell's library entry point.
export * from './syntax/index.js';
export { Runner } from './interp/runner.js';
export type {
  RunnerOptions, RunOptions, RunResult, RunLimits, WritableLike, StdinSource, CancelSignal,
} from './api.js';
export { checkScript } from './check/index.js';
