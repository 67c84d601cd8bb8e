#!/usr/bin/env node
// `make bash-test`: checks the scenarios' expectations against real bash, byte for byte. Every
// scenario not marked `skip_assert_against_bash` (nor `containerized`) is run by GNU bash with
// LANG=C (scenario-runner.mjs: runScenarioBash, runScenariosBashDocker) and its stdout, stderr and
// exit status compared with the `expect` block.
//
// Where: inside Docker `debian:bookworm-slim` when `docker info` works (the reference system),
// otherwise the local /bin/bash. The first line of output says which.
//
//   node tests/harness/bash-compare.mjs [--local | --docker-script-locally] [--jobs N] [--verbose] DIR|FILE...
//   --local: never Docker; --docker-script-locally: the Docker runner script, run by the local bash
import { availableParallelism } from 'node:os';
import {
  BASH_DOCKER_IMAGE,
  dockerWorks,
  loadSuite,
  localBashVersion,
  runScenarioBash,
  runScenariosBashDocker,
  runSuite,
} from './scenario-runner.mjs';

function parseArgs(argv) {
  const opts = { local: false, dockerScriptLocally: false, jobs: Math.max(2, availableParallelism() * 2), verbose: false, roots: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--local') opts.local = true;
    else if (a === '--docker-script-locally') opts.dockerScriptLocally = true;
    else if (a === '--verbose' || a === '-v') opts.verbose = true;
    else if (a === '--jobs' || a === '-j') opts.jobs = Number(argv[++i]);
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else opts.roots.push(a);
  }
  if (opts.roots.length === 0) throw new Error('usage: bash-compare.mjs [--local] [--jobs N] [--verbose] DIR...');
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const entries = loadSuite(opts.roots, { onlyBashAsserted: true });
  const useDocker = !opts.local && !opts.dockerScriptLocally && dockerWorks();
  console.log(
    useDocker
      ? `bash: docker ${BASH_DOCKER_IMAGE}`
      : `bash: local /bin/bash (${localBashVersion()})${opts.dockerScriptLocally ? ', through the Docker runner script' : ''}`,
  );
  let results;
  if (useDocker || opts.dockerScriptLocally) {
    const outcomes = runScenariosBashDocker(entries.map((e) => e.scenario), { locally: !useDocker });
    results = entries.map((e, i) => ({ ...e, ...outcomes[i] }));
  } else {
    results = await runSuite(entries, runScenarioBash, opts.jobs);
  }

  let failed = 0;
  for (const r of results) {
    if (r.failure === null) {
      if (opts.verbose) console.log(`ok   ${r.scenario.path}`);
      continue;
    }
    failed++;
    console.log(`FAIL ${r.scenario.path}\n${r.failure}\n`);
  }
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((err) => {
  console.error(`bash-compare: ${err.message}`);
  process.exitCode = 2;
});
