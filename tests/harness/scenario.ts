// Scenario loading and in-process execution for the vitest suite (tests/scenarios.test.ts).
// The format logic lives in scenario-core.mjs, shared with the bash and CLI runners.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunnerOptions, RunOptions, RunResult } from '../../src/api.js';
import {
  commandPolicy,
  describeFailure,
  resolveAllowedPaths,
  setupScenarioDir,
  type Scenario,
} from './scenario-core.mjs';

export * from './scenario-core.mjs';

/** What the harness needs from the library: `new Runner(opts).run(script, runOpts)`. */
export interface RunnerLike {
  run(script: string, opts?: RunOptions): Promise<RunResult>;
}
export type RunnerFactory = (opts: RunnerOptions) => RunnerLike;

export interface ScenarioOutcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** null when the scenario passed, else a report with diffs */
  failure: string | null;
}

/** the RunnerOptions a scenario asks for, given its directory */
export function runnerOptionsFor(scenario: Scenario, dir: string): RunnerOptions {
  const opts: RunnerOptions = {
    allowedPaths: resolveAllowedPaths(scenario.allowedPaths, dir) ?? [],
    allowedCommands: commandPolicy(scenario),
    env: scenario.interpreterEnv,
    // Go's scenario runner sets runner.Dir to the scenario directory, inside a root or not.
    cwd: dir,
  };
  if (scenario.mode === 'read-only' || scenario.mode === 'remediation') opts.mode = scenario.mode;
  return opts;
}

/** Build the scenario's directory, run its script in-process with empty stdin, check the result. */
export async function runScenarioInProcess(scenario: Scenario, makeRunner: RunnerFactory): Promise<ScenarioOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'rshell-scn-'));
  try {
    setupScenarioDir(scenario, dir);
    let stdout = '';
    let stderr = '';
    let exitCode: number;
    try {
      const runner = makeRunner(runnerOptionsFor(scenario, dir));
      const result = await runner.run(scenario.script, { stdin: '' });
      stdout = result.stdout ?? '';
      stderr = result.stderr ?? '';
      exitCode = result.exitCode;
    } catch (err) {
      // A configuration error is reported like the CLI reports it: `error: …`, status 1.
      stderr = `error: ${(err as Error).message}\n`;
      exitCode = 1;
    }
    return { stdout, stderr, exitCode, failure: describeFailure(scenario.expect, stdout, stderr, exitCode) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
