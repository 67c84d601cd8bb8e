// Shared by the write builtins (touch mkdir rm cp mv truncate logrotate tee): the read-only-mode
// refusal and a per-run counter for budgets (their output helpers live in print.ts).
//
// A write builtin asks `remediationRefusal(ctx)` first: in read-only mode it names the missing
// capability (Go rshell's wording) and nothing is touched. In remediation mode the sandbox decides
// per path (`:rw` roots only) and its refusals read as EACCES ("Permission denied").

import type { CallContext } from '../types.js';

export function remediationRefusal(ctx: Pick<CallContext, 'mode' | 'name'>): string | undefined {
  if (ctx.mode === 'remediation') return undefined;
  return `${ctx.name}: filesystem capability not available (remediation mode required)\n`;
}

/**
 * One counter per run, keyed by the run's AbortSignal (the interpreter makes one per run and
 * shares it with every command, subshell and pipeline stage of that run).
 */
const RUN_COUNTERS = new WeakMap<AbortSignal, Map<string, number>>();

export function runCounter(ctx: Pick<CallContext, 'signal'>, key: string): { value: number; add(n: number): void } {
  let counters = RUN_COUNTERS.get(ctx.signal);
  if (counters === undefined) {
    counters = new Map();
    RUN_COUNTERS.set(ctx.signal, counters);
  }
  const map = counters;
  return {
    get value() {
      return map.get(key) ?? 0;
    },
    add(n: number) {
      map.set(key, (map.get(key) ?? 0) + n);
    },
  };
}
