// Budgets for one run: defaults, validation, and the checks the interpreter makes at every command,
// loop iteration, function call and expansion.

import type { RunLimits } from '../../api.js';
import { RunAbortedError } from '../../../lib/io/errors.js';

export const DEFAULT_LIMITS: RunLimits = {
  maxOutputBytes: 10 * 1024 * 1024,
  maxCmdSubstBytes: 1024 * 1024,
  maxHeredocBytes: 10 * 1024 * 1024,
  maxScriptBytes: 5 * 1024 * 1024,
  maxScriptNodes: 50_000,
  maxVarBytes: 1024 * 1024,
  maxLoopIterations: 100_000_000,
  maxCallDepth: 1000,
  maxGlobEntries: 10_000,
  maxPipelineStages: 256,
  maxSubshellDepth: 64,
  maxMemoryBytes: 256 * 1024 * 1024,
};

/** merged limits, or an error message naming the bad field */
export function resolveLimits(partial: Partial<RunLimits> | undefined): RunLimits | string {
  const out: RunLimits = { ...DEFAULT_LIMITS };
  if (!partial) return out;
  for (const [k, v] of Object.entries(partial)) {
    if (!(k in DEFAULT_LIMITS)) return `limits: unknown limit "${k}"`;
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || !Number.isInteger(v)) {
      return `limits.${k}: must be a non-negative integer`;
    }
    (out as unknown as Record<string, number>)[k] = v;
  }
  return out;
}

export function limitError(what: string): RunAbortedError {
  return new RunAbortedError('limit', what);
}
