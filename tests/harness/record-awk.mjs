#!/usr/bin/env node
// Records the `expect` block of awk scenarios (tests/scenarios/cmd/awk/) by running them through
// bash with `awk` meaning gawk 5.2 (oracle-bin/awk), LANG=C, exactly as bash-compare.mjs checks
// them: expectations are never written by hand. A scenario marked skip_assert_against_bash (what
// rshell must refuse and gawk does not) keeps the expect block written for rshell.
//
//   node tests/harness/record-awk.mjs FILE|DIR...
//
// Everything from the `expect:` line on is replaced; the rest of the file is kept as written.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findScenarioFiles, loadScenario, setupScenarioDir } from './scenario-runner.mjs';

const ORACLE_BIN = fileURLToPath(new URL('./oracle-bin', import.meta.url));

/** a YAML double-quoted scalar: JSON's escapes are YAML's */
const q = (s) => JSON.stringify(s);

function record(path) {
  const scenario = loadScenario(path);
  if (scenario.skipAssertAgainstBash) return 'kept';
  const work = mkdtempSync(join(tmpdir(), 'rshell-record-'));
  try {
    const dir = join(work, 'dir');
    mkdirSync(dir);
    setupScenarioDir(scenario, dir);
    const scriptPath = join(work, 'script.sh');
    writeFileSync(scriptPath, scenario.script);
    const env = { PATH: `${ORACLE_BIN}:${process.env.PATH ?? '/usr/bin:/bin'}`, LANG: 'C', ...scenario.envs };
    const r = spawnSync('/bin/bash', [scriptPath], { cwd: dir, env, timeout: 20_000 });
    const stdout = r.stdout.toString('utf8');
    const stderr = r.stderr.toString('utf8');
    const text = readFileSync(path, 'utf8');
    const at = text.search(/^expect:/m);
    const head = (at < 0 ? text : text.slice(0, at)).replace(/\n*$/, '\n');
    writeFileSync(path, `${head}expect:\n  stdout: ${q(stdout)}\n  stderr: ${q(stderr)}\n  exit_code: ${r.status ?? 128}\n`);
    return 'recorded';
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const roots = process.argv.slice(2);
if (roots.length === 0) {
  console.error('usage: record-awk.mjs FILE|DIR...');
  process.exitCode = 2;
} else {
  const counts = {};
  for (const f of findScenarioFiles(roots)) {
    const what = record(f);
    counts[what] = (counts[what] ?? 0) + 1;
  }
  console.log(Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', '));
}
