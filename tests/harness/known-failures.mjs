#!/usr/bin/env node
// Lists the scenarios of tests/scenarios/ that the built library (dist/index.mjs, `make build`)
// does not pass, in-process, exactly as tests/scenarios.test.ts runs them (scenario-runner.mjs).
//
//   node tests/harness/known-failures.mjs           # report: newly failing, now passing
//   node tests/harness/known-failures.mjs --write   # rewrite tests/scenarios/KNOWN_FAILURES
//
// --write keeps the reason of entries that still fail, adds new failures with the first line of
// their failure as the reason, and drops entries that pass now. Expectations are never touched.
import {
  KNOWN_FAILURES_FILE,
  SUITE_ROOT,
  builtRunnerFactory,
  compareWithKnownFailures,
  loadKnownFailures,
  loadSuite,
  runScenarioInProcess,
  runSuite,
  writeKnownFailures,
} from './scenario-runner.mjs';

const write = process.argv.includes('--write');
const makeRunner = await builtRunnerFactory();
const results = await runSuite(loadSuite([SUITE_ROOT]), (s) => runScenarioInProcess(s, makeRunner), 1);
const { failing, added, fixed } = compareWithKnownFailures(results, loadKnownFailures());

for (const p of added) console.log(`new failure: ${p}  # ${failing.get(p)}`);
for (const p of fixed) console.log(`passes now:  ${p}`);
console.log(`${failing.size} failing (${added.length} new, ${fixed.length} fixed since the list)`);
if (write) {
  writeKnownFailures(failing);
  console.log(`wrote ${KNOWN_FAILURES_FILE}`);
}
process.exitCode = 0;
