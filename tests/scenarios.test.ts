// Runs every tests/scenarios/**.yaml in-process through the Runner: one vitest test per file.
// Scenarios listed in tests/scenarios/KNOWN_FAILURES are reported as skipped, so the suite stays
// green while the gaps stay visible; RSHELL_RUN_KNOWN_FAILURES=1 runs them too (to find the ones
// that now pass and can leave the list).
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  findScenarioFiles,
  loadKnownFailures,
  loadScenario,
  runScenarioInProcess,
  type RunnerFactory,
} from './harness/scenario.js';

const SUITE_ROOT = join(import.meta.dirname, 'scenarios');
const files = existsSync(SUITE_ROOT) ? findScenarioFiles([SUITE_ROOT]) : [];
const known = loadKnownFailures(join(SUITE_ROOT, 'KNOWN_FAILURES'));
const runKnown = process.env.RSHELL_RUN_KNOWN_FAILURES === '1';

// The library is imported lazily so that a tree whose Runner has not landed yet reports the
// scenarios as todo instead of failing to load.
let makeRunner: RunnerFactory | undefined;
let loadError = '';
try {
  const lib = (await import('../src/index.js')) as Record<string, unknown>;
  const Runner = lib.Runner as (new (opts: object) => ReturnType<RunnerFactory>) | undefined;
  if (typeof Runner === 'function') makeRunner = (opts) => new Runner(opts);
  else loadError = 'src/index.ts does not export Runner yet';
} catch (err) {
  loadError = `src/index.ts failed to load: ${(err as Error).message}`;
}

describe('scenarios', () => {
  test('KNOWN_FAILURES names only existing scenarios', () => {
    const missing = [...known.keys()].filter((p) => !existsSync(join(SUITE_ROOT, p)));
    expect(missing).toEqual([]);
  });

  for (const file of files) {
    const rel = relative(SUITE_ROOT, file);
    if (!makeRunner) {
      test.todo(`${rel} (${loadError})`);
      continue;
    }
    const scenario = loadScenario(file);
    if (scenario.containerized) {
      test.skip(`${rel} [containerized: needs a host-prefixed sandbox]`);
      continue;
    }
    const reason = known.get(rel);
    const define = reason !== undefined && !runKnown ? test.skip : test;
    define(reason !== undefined ? `${rel} [known failure: ${reason}]` : rel, async () => {
      const outcome = await runScenarioInProcess(scenario, makeRunner!);
      // The failure text carries the diffs; failing with it prints them as they are.
      if (outcome.failure !== null) expect.fail(`${scenario.description}\n${outcome.failure}`);
    });
  }
});
