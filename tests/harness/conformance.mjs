#!/usr/bin/env node
// Runs any directory of YAML scenarios through the built CLI (`node dist/rshell.js`), with the same
// argv contract as /work/shared/tools/scenarios.py: cwd = the scenario's directory, stdin empty,
//   rshell [--allowed-paths a,b] [--allowed-commands rshell:x,...] [--allow-all-commands]
//          [--env K=V ...] -c SCRIPT
// Prints a per-group table, the bash-asserted subtotal, and ends with `N passed, M failed`; writes
// every failure with its diff to conformance-failures.txt (or --fail-log FILE).
//
//   node tests/harness/conformance.mjs [--only-bash-asserted] [--writable] [--jobs N] [--cli CMD]
//        [--fail-log FILE] [--timeout SECONDS] [--strict] DIR...
// Exit status 0 (it measures) unless --strict and something failed.
// --in-process runs the scenarios through dist/index.mjs's Runner instead of one process each: much
// faster, for iterating; the CLI run is the reference.
// --writable runs every scenario with its allowed paths read-write in remediation mode: suites
// recorded from bash (the Oils cases) create files with mkdir, touch and `>` without asking for
// :rw, so read-only they measure the sandbox's refusal instead of the feature under test.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  commandPolicy,
  describeFailure,
  findScenarioFiles,
  runScenarioInProcess,
  loadScenario,
  mapConcurrent,
  resolveAllowedPaths,
  scenarioGroup,
  setupScenarioDir,
} from './scenario-core.mjs';

const utf8 = new TextDecoder('utf-8');

function parseArgs(argv) {
  const opts = {
    onlyBashAsserted: false,
    strict: false,
    inProcess: false,
    writable: false,
    jobs: availableParallelism() + 1,
    // the bin itself, as a user runs it (its first line drops NODE_EXTRA_CA_CERTS: build-cli.mjs)
    cli: join(import.meta.dirname, '..', '..', 'dist', 'rshell.js'),
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
  if (opts.roots.length === 0) throw new Error('usage: conformance.mjs [--only-bash-asserted] [--writable] [--jobs N] [--cli CMD] [--fail-log FILE] DIR...');
  return opts;
}

/** the CLI argv for a scenario, as scenarios.py builds it */
function cliArgv(scenario, dir) {
  const argv = [];
  const paths = resolveAllowedPaths(scenario.allowedPaths, dir);
  if (paths && paths.length > 0) argv.push('--allowed-paths', paths.join(','));
  const policy = commandPolicy(scenario);
  if (policy === 'all') argv.push('--allow-all-commands');
  else if (policy.length > 0) argv.push('--allowed-commands', policy.join(','));
  for (const [k, v] of Object.entries(scenario.interpreterEnv)) argv.push('--env', `${k}=${v}`);
  if (scenario.mode) argv.push('--mode', scenario.mode);
  argv.push('-c', scenario.script);
  return argv;
}

function runOne(scenario, cli, timeoutS) {
  const dir = mkdtempSync(join(tmpdir(), 'rshell-conf-'));
  setupScenarioDir(scenario, dir);
  const [cmd, ...pre] = cli.split(/\s+/).filter(Boolean);
  return new Promise((resolve) => {
    const child = spawn(cmd, [...pre, ...cliArgv(scenario, dir)], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      const stdout = utf8.decode(Buffer.concat(out));
      const stderr = utf8.decode(Buffer.concat(err));
      const failure = timedOut
        ? `timeout after ${timeoutS}s`
        : describeFailure(scenario.expect, stdout, stderr, code ?? 128 + 9);
      resolve({ scenario, failure });
    });
  });
}

function printTable(results, multipleRoots) {
  const groups = new Map();
  for (const r of results) {
    // with several roots, each group is prefixed by its root's name to stay unambiguous
    const inRoot = scenarioGroup(r.scenario.path, r.root);
    const g = multipleRoots ? `${basename(r.root)}/${inRoot}` : inRoot;
    const t = groups.get(g) ?? { passed: 0, total: 0 };
    t.total++;
    if (r.failure === null) t.passed++;
    groups.set(g, t);
  }
  for (const [g, t] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const mark = t.passed === t.total ? ' ' : '*';
    console.log(`${mark} ${g.padEnd(40)} ${String(t.passed).padStart(5)}/${String(t.total).padEnd(5)}`);
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const scenarios = [];
  for (const root of opts.roots) {
    for (const file of findScenarioFiles([root])) {
      const s = loadScenario(file);
      if (s.containerized) continue;
      if (opts.onlyBashAsserted && s.skipAssertAgainstBash) continue;
      if (opts.writable) {
        s.mode = 'remediation';
        s.allowedPaths = s.allowedPaths?.map((p) => p.replace(/(:ro|:rw)?$/, ':rw'));
      }
      scenarios.push({ scenario: s, root });
    }
  }
  const started = Date.now();
  let runScenario = (scenario) => runOne(scenario, opts.cli, opts.timeoutS);
  if (opts.inProcess) {
    const { Runner } = await import(join(import.meta.dirname, '..', '..', 'dist', 'index.mjs'));
    const makeRunner = (o) => new Runner({ ...o, timeoutMs: opts.timeoutS * 1000 });
    runScenario = async (scenario) => ({ scenario, failure: (await runScenarioInProcess(scenario, makeRunner)).failure });
  }
  const results = await mapConcurrent(scenarios, opts.inProcess ? 1 : opts.jobs, async ({ scenario, root }) => ({
    ...(await runScenario(scenario)),
    root,
  }));

  const failures = results.filter((r) => r.failure !== null);
  writeFileSync(
    opts.failLog,
    failures.map((r) => `${r.scenario.path}\n${r.failure.split('\n').map((l) => '    ' + l).join('\n')}\n`).join('\n'),
  );
  printTable(results, opts.roots.length > 1);
  const asserted = results.filter((r) => !r.scenario.skipAssertAgainstBash);
  const assertedPassed = asserted.filter((r) => r.failure === null).length;
  console.log(`bash-asserted: ${assertedPassed} passed, ${asserted.length - assertedPassed} failed`);
  console.log(`failures: ${opts.failLog}; ${((Date.now() - started) / 1000).toFixed(1)}s`);
  console.log(`${results.length - failures.length} passed, ${failures.length} failed`);
  // a measurement, not a gate: failures are expected on foreign suites unless --strict
  process.exitCode = opts.strict && failures.length > 0 ? 1 : 0;
}

main().catch((err) => {
  console.error(`conformance: ${err.message}`);
  process.exitCode = 2;
});
