// rshell's library entry point.
export * from './syntax/index.js';
export { Runner } from './isolation/runner.js';
export type {
  RunnerOptions, RunOptions, RunResult, RunLimits, RunEndReason, WritableLike, StdinSource, CancelSignal,
  Rule, RuleAction, ApprovalRequest, CommandEvent, CommandDecision,
} from './api.js';
export { checkScript } from './check/index.js';
export type { InProcessSession as Session, SessionRunResult } from './interp/session.js';
export type { PreviewReport, PreviewCommand, PreviewPath, PreviewDecision } from './check/preview.js';
// the command framework, for RunnerOptions.commands (docs/RULES.md describes it)
export { defineCommand, defineRawCommand, flag, reject } from '../builtins/internal/command.js';
export type { CallContext, Command, ExecIO } from '../builtins/types.js';
