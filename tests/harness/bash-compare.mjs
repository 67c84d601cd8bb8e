#!/usr/bin/env node
// Checks the scenarios' expectations against real bash, byte for byte: every scenario not marked
// `skip_assert_against_bash` (nor `containerized`) is run by GNU bash with LANG=C, its script in a
// file outside its working directory (so globs do not see it), stdin empty, and its stdout, stderr
// and exit status compared with the `expect` block.
//
// Where: inside Docker `debian:bookworm-slim` when `docker info` works (the reference system),
// otherwise the local /bin/bash. The first line of output says which.
//
//   node tests/harness/bash-compare.mjs [--local | --docker-script-locally] [--jobs N] [--verbose] DIR|FILE...
//   --local: never Docker; --docker-script-locally: the Docker runner script, run by the local bash
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFailure, findScenarioFiles, loadScenario, mapConcurrent, setupScenarioDir } from './scenario-core.mjs';

const DOCKER_IMAGE = 'debian:bookworm-slim';
const TIMEOUT_MS = 20_000;
const utf8 = new TextDecoder('utf-8'); // invalid bytes → U+FFFD, as scenarios.py decodes

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

const dockerWorks = () => spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 15_000 }).status === 0;

function localBashVersion() {
  const r = spawnSync('/bin/bash', ['--version'], { encoding: 'utf8' });
  return (r.stdout ?? '').split('\n')[0] || 'unknown version';
}

/** Run one scenario with the local bash; resolves to { stdout, stderr, exitCode }. */
function runLocal(scenario, workRoot, index) {
  const dir = join(workRoot, `s${index}`);
  mkdirSync(dir);
  setupScenarioDir(scenario, dir);
  const scriptPath = join(workRoot, `s${index}.sh`);
  writeFileSync(scriptPath, scenario.script);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', ...scenario.envs };
  return new Promise((resolve) => {
    const child = spawn('/bin/bash', [scriptPath], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      resolve({
        stdout: utf8.decode(Buffer.concat(out)),
        stderr: utf8.decode(Buffer.concat(err)) + (signal === 'SIGKILL' ? `\n[timed out after ${TIMEOUT_MS} ms]` : ''),
        exitCode: code ?? 128 + 9,
      });
    });
  });
}

const shQuote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Run every scenario in one container, as Go rshell's TestShellScenariosAgainstBash does: the work
 * directory is mounted at /work; runner.sh runs each scenario in /work/sN with its script in
 * /work/scripts. `runner.sh` takes the work directory from $W (default /work), so the same script
 * can be run without Docker (`--docker-script-locally`, to test this path where Docker is absent).
 */
function runAllInDocker(scenarios, workRoot, locally) {
  mkdirSync(join(workRoot, 'scripts'));
  mkdirSync(join(workRoot, 'out'));
  const lines = ['#!/bin/bash', 'W=${W:-/work}'];
  if (!locally && scenarios.some((s) => s.path.includes('/cmd/strings/'))) {
    lines.push('apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq binutils >/dev/null 2>&1');
  }
  scenarios.forEach((scenario, i) => {
    const dir = join(workRoot, `s${i}`);
    mkdirSync(dir);
    setupScenarioDir(scenario, dir);
    writeFileSync(join(workRoot, 'scripts', `s${i}.sh`), scenario.script);
    const envs = Object.entries(scenario.envs).map(([k, v]) => `${k}=${shQuote(v)}`).join(' ');
    lines.push(
      `(cd "$W/s${i}" && env -i PATH="$PATH" LANG=C ${envs} timeout -s KILL ${TIMEOUT_MS / 1000} bash "$W/scripts/s${i}.sh") ` +
        `</dev/null >"$W/out/s${i}.stdout" 2>"$W/out/s${i}.stderr"; echo $? >"$W/out/s${i}.ec"`,
    );
  });
  writeFileSync(join(workRoot, 'runner.sh'), lines.join('\n') + '\n');
  const r = locally
    ? spawnSync('/bin/bash', [join(workRoot, 'runner.sh')], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, W: workRoot } })
    : spawnSync('docker', ['run', '--rm', '-v', `${workRoot}:/work`, DOCKER_IMAGE, 'bash', '/work/runner.sh'], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
  if (r.status !== 0) throw new Error(`${locally ? 'runner.sh' : 'docker run'} failed with status ${r.status}`);
  return scenarios.map((_, i) => ({
    stdout: utf8.decode(readFileSync(join(workRoot, 'out', `s${i}.stdout`))),
    stderr: utf8.decode(readFileSync(join(workRoot, 'out', `s${i}.stderr`))),
    exitCode: Number(readFileSync(join(workRoot, 'out', `s${i}.ec`), 'utf8').trim()),
  }));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const scenarios = findScenarioFiles(opts.roots)
    .map(loadScenario)
    .filter((s) => !s.skipAssertAgainstBash && !s.containerized);
  const useDocker = !opts.local && !opts.dockerScriptLocally && dockerWorks();
  console.log(
    useDocker
      ? `bash: docker ${DOCKER_IMAGE}`
      : `bash: local /bin/bash (${localBashVersion()})${opts.dockerScriptLocally ? ', through the Docker runner script' : ''}`,
  );

  const workRoot = mkdtempSync(join(tmpdir(), 'rshell-bash-'));
  let outcomes;
  try {
    outcomes = useDocker || opts.dockerScriptLocally
      ? runAllInDocker(scenarios, workRoot, !useDocker)
      : await mapConcurrent(scenarios, opts.jobs, (s, i) => runLocal(s, workRoot, i));
  } finally {
    rmSync(workRoot, { recursive: true, force: true });
  }

  let failed = 0;
  scenarios.forEach((scenario, i) => {
    const o = outcomes[i];
    const failure = describeFailure(scenario.expect, o.stdout, o.stderr, o.exitCode);
    if (failure === null) {
      if (opts.verbose) console.log(`ok   ${scenario.path}`);
      return;
    }
    failed++;
    console.log(`FAIL ${scenario.path}\n${failure}\n`);
  });
  console.log(`${scenarios.length - failed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((err) => {
  console.error(`bash-compare: ${err.message}`);
  process.exitCode = 2;
});
