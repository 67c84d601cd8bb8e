// Runs every tests/scenarios/**.yaml in-process through src/'s Runner, one vitest test per file
// (the running and checking are harness/scenario-runner.mjs's, shared with the bash comparison
// and the conformance runs). Scenarios listed in tests/scenarios/KNOWN_FAILURES are reported as
// skipped, so the suite stays green while the gaps stay visible; RSHELL_RUN_KNOWN_FAILURES=1 runs
// them too (to find the ones that now pass and can leave the list).
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Runner } from '../src/index.js';
import { SUITE_ROOT, loadKnownFailures, loadSuite, runScenarioInProcess, type RunnerFactory } from './harness/scenario-runner.mjs';

const known = loadKnownFailures();
const runKnown = process.env.RSHELL_RUN_KNOWN_FAILURES === '1';
const makeRunner: RunnerFactory = (opts) => new Runner(opts);

describe('scenarios', () => {
  test('KNOWN_FAILURES names only existing scenarios', () => {
    const missing = [...known.keys()].filter((p) => !existsSync(join(SUITE_ROOT, p)));
    expect(missing).toEqual([]);
  });

  // containerized scenarios need a host-prefixed sandbox: loadSuite leaves them out
  for (const { scenario } of loadSuite([SUITE_ROOT])) {
    const rel = relative(SUITE_ROOT, scenario.path);
    const reason = known.get(rel);
    const define = reason !== undefined && !runKnown ? test.skip : test;
    define(reason !== undefined ? `${rel} [known failure: ${reason}]` : rel, async () => {
      const outcome = await runScenarioInProcess(scenario, makeRunner);
      // The failure text carries the diffs; failing with it prints them as they are.
      if (outcome.failure !== null) expect.fail(`${scenario.description}\n${outcome.failure}`);
    });
  }
});
