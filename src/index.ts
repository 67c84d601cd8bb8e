// rshell's library entry point.
export * from './syntax/index.js';
export { Runner } from './isolation/runner.js';
export type {
  RunnerOptions, RunOptions, RunResult, RunLimits, RunEndReason, WritableLike, StdinSource, CancelSignal,
  Rule, RuleAction, ApprovalRequest, CommandEvent, CommandDecision,
} from './api.js';
export { checkScript } from './check/index.js';
