#!/usr/bin/env node
// `make conformance`: runs any directory of YAML scenarios through the built CLI
// (`node dist/rshell.js`, scenario-runner.mjs: runScenarioCli), with the same argv contract as
// /work/shared/tools/scenarios.py. Prints a per-group table, the bash-asserted subtotal, and ends
// with `N passed, M failed`; writes every failure with its diff to conformance-failures.txt (or
// --fail-log FILE).
//
//   node tests/harness/conformance.mjs [--only-bash-asserted] [--in-process] [--writable] [--jobs N]
//        [--cli CMD] [--fail-log FILE] [--timeout SECONDS] [--strict] DIR...
// Exit status 0 (it measures) unless --strict and something failed.
// --in-process runs the scenarios through dist/index.mjs's Runner instead of one process each: much
// faster, for iterating; the CLI run is the reference.
// --writable runs every scenario with its allowed paths read-write in remediation mode: suites
// recorded from bash (the Oils cases) create files with mkdir, touch and `>` without asking for
// :rw, so read-only they measure the sandbox's refusal instead of the feature under test.
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import {
  DEFAULT_CLI,
  builtRunnerFactory,
  failureLog,
  groupTable,
  loadSuite,
  runScenarioCli,
  runScenarioInProcess,
  runSuite,
} from './scenario-runner.mjs';

function parseArgs(argv) {
  const opts = {
    onlyBashAsserted: false,
    strict: false,
    inProcess: false,
    writable: false,
    jobs: availableParallelism() + 1,
    cli: DEFAULT_CLI,
    failLog: 'conformance-failures.txt',
    timeoutS: 20,
    roots: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only-bash-asserted') opts.onlyBashAsserted = true;
    else if (a === '--strict') opts.strict = true;
    else if (a === '--in-process') opts.inProcess = true;
    else if (a === '--writable') opts.writable = true;
    else if (a === '--jobs' || a === '-j') opts.jobs = Number(argv[++i]);
    else if (a === '--cli') opts.cli = argv[++i];
    else if (a === '--fail-log') opts.failLog = argv[++i];
    else if (a === '--timeout') opts.timeoutS = Number(argv[++i]);
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else opts.roots.push(a);
  }
  if (opts.roots.length === 0) throw new Error('usage: conformance.mjs [--only-bash-asserted] [--in-process] [--writable] [--jobs N] [--cli CMD] [--fail-log FILE] DIR...');
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const entries = loadSuite(opts.roots, { onlyBashAsserted: opts.onlyBashAsserted, writable: opts.writable });
  const started = Date.now();
  let run = (scenario) => runScenarioCli(scenario, { cli: opts.cli, timeoutS: opts.timeoutS });
  if (opts.inProcess) {
    const makeRunner = await builtRunnerFactory({ timeoutMs: opts.timeoutS * 1000 });
    run = (scenario) => runScenarioInProcess(scenario, makeRunner);
  }
  // in-process runs share one event loop: one at a time keeps a scenario's timing its own
  const results = await runSuite(entries, run, opts.inProcess ? 1 : opts.jobs);

  writeFileSync(opts.failLog, failureLog(results));
  for (const line of groupTable(results, opts.roots.length > 1)) console.log(line);
  const failed = results.filter((r) => r.failure !== null).length;
  const asserted = results.filter((r) => !r.scenario.skipAssertAgainstBash);
  const assertedPassed = asserted.filter((r) => r.failure === null).length;
  console.log(`bash-asserted: ${assertedPassed} passed, ${asserted.length - assertedPassed} failed`);
  console.log(`failures: ${opts.failLog}; ${((Date.now() - started) / 1000).toFixed(1)}s`);
  console.log(`${results.length - failed} passed, ${failed} failed`);
  // a measurement, not a gate: failures are expected on foreign suites unless --strict
  process.exitCode = opts.strict && failed > 0 ? 1 : 0;
}

main().catch((err) => {
  console.error(`conformance: ${err.message}`);
  process.exitCode = 2;
});
