// The one scenario runner: loading Go rshell's YAML schema, building a scenario's directory,
// running its script (in-process through a Runner, through the CLI, or through real bash) and
// checking the outcome against its `expect` block. Every way the project runs scenarios goes
// through here; the entry points only read their flags and print:
//   tests/scenarios.test.ts           vitest: tests/scenarios/ in-process (src/'s Runner)
//   tests/harness/bash-compare.mjs    `make bash-test`: the bash-asserted ones through real bash
//   tests/harness/conformance.mjs     `make conformance`: any suite through the CLI (or in-process)
//   tests/harness/known-failures.mjs  which of tests/scenarios/ fail now; --write the list
// Plain JavaScript so the .mjs entry points need no build step; scenario-runner.d.mts types it.
//
// Semantics follow Go rshell's tests/scenarios_test.go and /work/shared/tools/scenarios.py:
//  - exit_code is always asserted (default 0);
//  - stdout_contains beats stdout_unordered, which beats stdout (default "");
//  - stderr_contains beats stderr (default "");
//  - the *_windows overrides are ignored (we run on Linux).
import yaml from 'js-yaml';
import { spawn, spawnSync } from 'node:child_process';
import { lutimesSync, mkdirSync, mkdtempSync, rmSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(import.meta.dirname, '..', '..');
/** the project's own suite, and the list of its scenarios rshell does not pass yet */
export const SUITE_ROOT = join(REPO, 'tests', 'scenarios');
export const KNOWN_FAILURES_FILE = join(SUITE_ROOT, 'KNOWN_FAILURES');

// ---- the format: find, load, set up -------------------------------------------------------------


// Go's yaml.v3 (and PyYAML) read `chmod: 0644` as octal; js-yaml's YAML 1.2 core schema reads it as
// decimal 644. One extra implicit int type restores the YAML 1.1 reading for 0-prefixed integers.
const octalInt = new yaml.Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (data) => data !== null && /^[-+]?0[0-7]+$/.test(data),
  construct: (data) => parseInt(data, 8),
  predicate: () => false,
});
const SCENARIO_SCHEMA = yaml.DEFAULT_SCHEMA.extend({ implicit: [octalInt] });

/** every .yaml/.yml file under the given files or directories, sorted */
export function findScenarioFiles(roots) {
  const out = [];
  const walk = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) walk(join(p, name));
    } else if (p.endsWith('.yaml') || p.endsWith('.yml')) {
      out.push(p);
    }
  };
  for (const r of roots) walk(r);
  return out.sort();
}

const asString = (v) => (v === undefined || v === null ? undefined : String(v));
const asStringMap = (m) =>
  Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));

/** Parse one scenario file into a normalised object (see scenario.ts for its type). */
export function loadScenario(path) {
  const doc = yaml.load(readFileSync(path, 'utf8'), { schema: SCENARIO_SCHEMA }) ?? {};
  const input = doc.input ?? {};
  const expect = doc.expect ?? {};
  return {
    path,
    description: asString(doc.description) ?? '',
    skipAssertAgainstBash: doc.skip_assert_against_bash === true,
    containerized: doc.containerized === true,
    files: (doc.setup?.files ?? []).map((f) => ({
      path: String(f.path),
      content: asString(f.content),
      chmod: typeof f.chmod === 'number' ? f.chmod : undefined,
      symlink: asString(f.symlink),
      modTime: asString(f.mod_time),
    })),
    script: asString(input.script) ?? '',
    envs: asStringMap(input.envs),
    interpreterEnv: asStringMap(input.interpreter_env),
    allowedPaths: Array.isArray(input.allowed_paths) ? input.allowed_paths.map(String) : undefined,
    allowedCommands: Array.isArray(input.allowed_commands) ? input.allowed_commands.map(String) : undefined,
    allowAllCommands: typeof input.allow_all_commands === 'boolean' ? input.allow_all_commands : undefined,
    mode: asString(input.mode),
    expect: {
      stdout: asString(expect.stdout),
      stdoutUnordered: asString(expect.stdout_unordered),
      stdoutContains: Array.isArray(expect.stdout_contains) ? expect.stdout_contains.map(String) : undefined,
      stderr: asString(expect.stderr),
      stderrContains: Array.isArray(expect.stderr_contains) ? expect.stderr_contains.map(String) : undefined,
      exitCode: typeof expect.exit_code === 'number' ? expect.exit_code : 0,
    },
  };
}

/** Create the scenario's setup files under `dir` (which must exist). */
export function setupScenarioDir(scenario, dir) {
  for (const f of scenario.files) {
    const full = join(dir, f.path);
    mkdirSync(dirname(full), { recursive: true });
    if (f.symlink !== undefined) {
      symlinkSync(f.symlink, full);
    } else {
      writeFileSync(full, f.content ?? '', { mode: 0o644 });
      if (f.chmod !== undefined) chmodSync(full, f.chmod);
    }
    if (f.modTime !== undefined) {
      const t = new Date(f.modTime).getTime() / 1000;
      lutimesSync(full, t, t);
    }
  }
}

/**
 * allowed_paths entries → sandbox root specs. `$DIR` (alone or as a prefix) is the scenario
 * directory; relative entries are joined to it; absolute ones are kept only when they exist
 * (as the Go runner and scenarios.py do). A `:ro`/`:rw` suffix is carried over.
 */
export function resolveAllowedPaths(entries, dir) {
  if (entries === undefined) return undefined;
  const out = [];
  for (const entry of entries) {
    const m = /^(.*?)(:ro|:rw)?$/.exec(entry);
    let p = m[1];
    const suffix = m[2] ?? '';
    if (p === '$DIR' || p.startsWith('$DIR/')) p = dir + p.slice(4);
    else if (!p.startsWith('/')) p = join(dir, p);
    else if (!existsSync(p)) continue;
    out.push(p + suffix);
  }
  return out;
}

/** the command policy: 'all' or a list of `rshell:name` entries (possibly empty = none) */
export function commandPolicy(scenario) {
  if (scenario.allowAllCommands === true) return 'all';
  if (scenario.allowedCommands && scenario.allowedCommands.length > 0) return scenario.allowedCommands;
  if (scenario.allowAllCommands === undefined) return 'all';
  return [];
}

// ---- checking an outcome ------------------------------------------------------------------------

const clip = (s, n = 300) => JSON.stringify(s.length > n ? s.slice(0, n) + '…' : s);

/** null when the outcome matches the expectation, else a one-line reason */
export function checkOutcome(expect, stdout, stderr, exitCode) {
  if (expect.exitCode !== exitCode) {
    return `exit ${exitCode} != ${expect.exitCode}; stdout=${clip(stdout, 200)} stderr=${clip(stderr, 200)}`;
  }
  if (expect.stdoutContains && expect.stdoutContains.length > 0) {
    for (const s of expect.stdoutContains) if (!stdout.includes(s)) return `stdout lacks ${clip(s)}: ${clip(stdout, 200)}`;
  } else if (expect.stdoutUnordered) {
    const a = [...stdout.split('\n')].sort().join('\n');
    const b = [...expect.stdoutUnordered.split('\n')].sort().join('\n');
    if (a !== b) return `stdout (unordered) ${clip(stdout)} != ${clip(expect.stdoutUnordered)}`;
  } else if ((expect.stdout ?? '') !== stdout) {
    return `stdout ${clip(stdout)} != ${clip(expect.stdout ?? '')}`;
  }
  if (expect.stderrContains && expect.stderrContains.length > 0) {
    for (const s of expect.stderrContains) if (!stderr.includes(s)) return `stderr lacks ${clip(s)}: ${clip(stderr, 200)}`;
  } else if ((expect.stderr ?? '') !== stderr) {
    return `stderr ${clip(stderr)} != ${clip(expect.stderr ?? '')}`;
  }
  return null;
}

/** A line diff (expected → actual) for failure reports: `-` expected only, `+` actual only. */
export function lineDiff(expected, actual, maxLines = 40) {
  const a = expected.split('\n');
  const b = actual.split('\n');
  // LCS table; scenario outputs are small, and we cap the work for the odd huge one.
  if (a.length * b.length > 4_000_000) return `  (output too large to diff: ${a.length} vs ${b.length} lines)`;
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const lines = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push('  ' + JSON.stringify(a[i]).slice(1, -1));
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      lines.push('- ' + JSON.stringify(a[i]).slice(1, -1));
      i++;
    } else {
      lines.push('+ ' + JSON.stringify(b[j]).slice(1, -1));
      j++;
    }
  }
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines) shown.push(`  … ${lines.length - maxLines} more lines`);
  return shown.join('\n');
}

/** A multi-line failure report: the reason, then a diff of each stream that differs. */
export function describeFailure(expect, stdout, stderr, exitCode) {
  const reason = checkOutcome(expect, stdout, stderr, exitCode);
  if (reason === null) return null;
  const parts = [reason];
  if (expect.exitCode !== exitCode) parts.push(`  exit status: expected ${expect.exitCode}, got ${exitCode}`);
  const exactStdout = !(expect.stdoutContains?.length) && !expect.stdoutUnordered;
  if (exactStdout && (expect.stdout ?? '') !== stdout) parts.push('  stdout (- expected, + actual):\n' + indent(lineDiff(expect.stdout ?? '', stdout)));
  const exactStderr = !(expect.stderrContains?.length);
  if (exactStderr && (expect.stderr ?? '') !== stderr) parts.push('  stderr (- expected, + actual):\n' + indent(lineDiff(expect.stderr ?? '', stderr)));
  return parts.join('\n');
}

const indent = (s) => s.split('\n').map((l) => '    ' + l).join('\n');

// ---- running: in-process, through the CLI, through bash -----------------------------------------
// Each runner resolves to an outcome { stdout, stderr, exitCode, failure }: failure is null when
// the scenario passed, else a report with diffs (describeFailure).

const utf8 = new TextDecoder('utf-8'); // invalid bytes → U+FFFD, as scenarios.py decodes
const outcome = (scenario, stdout, stderr, exitCode) => ({
  stdout,
  stderr,
  exitCode,
  failure: describeFailure(scenario.expect, stdout, stderr, exitCode),
});

/** a fresh directory holding the scenario's setup files, and its removal */
function scenarioDir(scenario, prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  setupScenarioDir(scenario, dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** the RunnerOptions a scenario asks for, given its directory */
export function runnerOptionsFor(scenario, dir) {
  const opts = {
    allowedPaths: resolveAllowedPaths(scenario.allowedPaths, dir) ?? [],
    allowedCommands: commandPolicy(scenario),
    env: scenario.interpreterEnv,
    // Go's scenario runner sets runner.Dir to the scenario directory, inside a root or not.
    cwd: dir,
  };
  if (scenario.mode === 'read-only' || scenario.mode === 'remediation') opts.mode = scenario.mode;
  return opts;
}

/**
 * Build the scenario's directory, run its script in-process (`makeRunner(opts).run(script)`, empty
 * stdin), check the result. A constructor error is reported as the CLI reports it.
 */
export async function runScenarioInProcess(scenario, makeRunner) {
  const { dir, remove } = scenarioDir(scenario, 'rshell-scn-');
  try {
    let stdout = '';
    let stderr = '';
    let exitCode;
    try {
      const runner = makeRunner(runnerOptionsFor(scenario, dir));
      const result = await runner.run(scenario.script, { stdin: '' });
      stdout = result.stdout ?? '';
      stderr = result.stderr ?? '';
      exitCode = result.exitCode;
    } catch (err) {
      stderr = `error: ${err.message}\n`;
      exitCode = 1;
    }
    return outcome(scenario, stdout, stderr, exitCode);
  } finally {
    remove();
  }
}

/** A Runner factory from the built library (dist/index.mjs: `make build` first). */
export async function builtRunnerFactory(extraOptions = {}) {
  const { Runner } = await import(join(REPO, 'dist', 'index.mjs'));
  return (opts) => new Runner({ ...opts, ...extraOptions });
}

/** the CLI argv for a scenario, as scenarios.py builds it */
export function cliArgv(scenario, dir) {
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

/** the bin itself, as a user runs it (its first line drops NODE_EXTRA_CA_CERTS: build-cli.mjs) */
export const DEFAULT_CLI = join(REPO, 'dist', 'rshell.js');

/** Spawn a command, collect its output; SIGKILL after timeoutMs. */
function collect(cmd, argv, options, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: utf8.decode(Buffer.concat(out)), stderr: utf8.decode(Buffer.concat(err)), exitCode: code ?? 128 + 9, timedOut });
    });
  });
}

/**
 * Run one scenario through the CLI, with scenarios.py's argv contract: cwd = the scenario's
 * directory, stdin empty, an environment of only PATH,
 *   rshell [--allowed-paths a,b] [--allowed-commands rshell:x,...] [--allow-all-commands]
 *          [--env K=V ...] [--mode M] -c SCRIPT
 */
export async function runScenarioCli(scenario, { cli = DEFAULT_CLI, timeoutS = 20 } = {}) {
  const { dir, remove } = scenarioDir(scenario, 'rshell-conf-');
  const [cmd, ...pre] = cli.split(/\s+/).filter(Boolean);
  try {
    const r = await collect(cmd, [...pre, ...cliArgv(scenario, dir)], { cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }, timeoutS * 1000);
    const result = outcome(scenario, r.stdout, r.stderr, r.exitCode);
    if (r.timedOut) result.failure = `timeout after ${timeoutS}s`;
    return result;
  } finally {
    remove();
  }
}

const BASH_TIMEOUT_MS = 20_000;
export const BASH_DOCKER_IMAGE = 'debian:bookworm-slim';

export const dockerWorks = () => spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 15_000 }).status === 0;

export function localBashVersion() {
  const r = spawnSync('/bin/bash', ['--version'], { encoding: 'utf8' });
  return (r.stdout ?? '').split('\n')[0] || 'unknown version';
}

/**
 * Run one scenario with the local GNU bash, as the expectations were recorded: `bash FILE` with
 * the script saved outside the scenario's directory (so globs do not see it), cwd = that
 * directory, stdin empty, an environment of only PATH, LANG=C and `input.envs`.
 */
/**
 * The oracles that are not the tool Debian installs under the name: `awk` is gawk 5.2 (Debian's
 * default is mawk), `jq` is jq 1.7.1 from jq-wasm (Debian 12 has jq 1.6). First on bash's PATH.
 */
const ORACLE_BIN = fileURLToPath(new URL('./oracle-bin', import.meta.url));

export async function runScenarioBash(scenario) {
  const work = mkdtempSync(join(tmpdir(), 'rshell-bash-'));
  try {
    const dir = join(work, 'dir');
    mkdirSync(dir);
    setupScenarioDir(scenario, dir);
    const scriptPath = join(work, 'script.sh');
    writeFileSync(scriptPath, scenario.script);
    const env = { PATH: `${ORACLE_BIN}:${process.env.PATH ?? '/usr/bin:/bin'}`, LANG: 'C', ...scenario.envs };
    const r = await collect('/bin/bash', [scriptPath], { cwd: dir, env }, BASH_TIMEOUT_MS);
    const stderr = r.stderr + (r.timedOut ? `\n[timed out after ${BASH_TIMEOUT_MS} ms]` : '');
    return outcome(scenario, r.stdout, stderr, r.exitCode);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const shQuote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Run every scenario in one container, as Go rshell's TestShellScenariosAgainstBash does: the work
 * directory is mounted at /work; runner.sh runs each scenario in /work/sN with its script in
 * /work/scripts. `runner.sh` takes the work directory from $W (default /work), so the same script
 * can be run by the local bash (`locally`, to test this path where Docker is absent).
 */
export function runScenariosBashDocker(scenarios, { locally = false } = {}) {
  const workRoot = mkdtempSync(join(tmpdir(), 'rshell-bash-'));
  try {
    mkdirSync(join(workRoot, 'scripts'));
    mkdirSync(join(workRoot, 'out'));
    const lines = ['#!/bin/bash', 'W=${W:-/work}'];
    if (!locally && scenarios.some((s) => s.path.includes('/cmd/strings/'))) {
      lines.push('apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq binutils >/dev/null 2>&1');
    }
    if (!locally && scenarios.some((s) => s.path.includes('/cmd/rg/'))) {
      lines.push('apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq ripgrep >/dev/null 2>&1');
    }
    scenarios.forEach((scenario, i) => {
      const dir = join(workRoot, `s${i}`);
      mkdirSync(dir);
      setupScenarioDir(scenario, dir);
      writeFileSync(join(workRoot, 'scripts', `s${i}.sh`), scenario.script);
      const envs = Object.entries(scenario.envs).map(([k, v]) => `${k}=${shQuote(v)}`).join(' ');
      lines.push(
        `(cd "$W/s${i}" && env -i PATH="$PATH" LANG=C ${envs} timeout -s KILL ${BASH_TIMEOUT_MS / 1000} bash "$W/scripts/s${i}.sh") ` +
          `</dev/null >"$W/out/s${i}.stdout" 2>"$W/out/s${i}.stderr"; echo $? >"$W/out/s${i}.ec"`,
      );
    });
    writeFileSync(join(workRoot, 'runner.sh'), lines.join('\n') + '\n');
    const r = locally
      ? spawnSync('/bin/bash', [join(workRoot, 'runner.sh')], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, W: workRoot } })
      : spawnSync('docker', ['run', '--rm', '-v', `${workRoot}:/work`, BASH_DOCKER_IMAGE, 'bash', '/work/runner.sh'], {
          stdio: ['ignore', 'inherit', 'inherit'],
        });
    if (r.status !== 0) throw new Error(`${locally ? 'runner.sh' : 'docker run'} failed with status ${r.status}`);
    return scenarios.map((scenario, i) =>
      outcome(
        scenario,
        utf8.decode(readFileSync(join(workRoot, 'out', `s${i}.stdout`))),
        utf8.decode(readFileSync(join(workRoot, 'out', `s${i}.stderr`))),
        Number(readFileSync(join(workRoot, 'out', `s${i}.ec`), 'utf8').trim()),
      ),
    );
  } finally {
    rmSync(workRoot, { recursive: true, force: true });
  }
}

// ---- suites: many scenarios, tables, the known-failures list ------------------------------------

/** Run `fn` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapConcurrent(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The scenarios of the given roots, each with the root it was found under (for group tables).
 * `containerized` ones need a host-prefixed sandbox and are left out. `onlyBashAsserted` drops
 * the `skip_assert_against_bash` ones; `writable` runs every scenario with its allowed paths
 * read-write in remediation mode (suites recorded from bash create files without asking for :rw).
 */
export function loadSuite(roots, { onlyBashAsserted = false, writable = false } = {}) {
  const entries = [];
  for (const root of roots) {
    for (const file of findScenarioFiles([root])) {
      const scenario = loadScenario(file);
      if (scenario.containerized) continue;
      if (onlyBashAsserted && scenario.skipAssertAgainstBash) continue;
      if (writable) {
        scenario.mode = 'remediation';
        scenario.allowedPaths = scenario.allowedPaths?.map((p) => p.replace(/(:ro|:rw)?$/, ':rw'));
      }
      entries.push({ scenario, root });
    }
  }
  return entries;
}

/**
 * Run a suite's entries ({ scenario, root }) with one of the runners above, `jobs` at a time;
 * each result is the entry with its outcome.
 */
export async function runSuite(entries, run, jobs) {
  return mapConcurrent(entries, jobs, async (entry) => ({ ...entry, ...(await run(entry.scenario)) }));
}

/** The group of a scenario for tables: its first two directories relative to the suite root. */
export function scenarioGroup(path, root) {
  const rel = relative(resolve(root), resolve(path)).split(sep);
  rel.pop();
  return rel.slice(0, 2).join('/') || '.';
}

/** Per-group pass counts, one line each, `*` marking a group with failures. */
export function groupTable(results, multipleRoots) {
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
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([g, t]) => `${t.passed === t.total ? ' ' : '*'} ${g.padEnd(40)} ${String(t.passed).padStart(5)}/${String(t.total).padEnd(5)}`);
}

/** Every failure with its report indented, for a fail log. */
export function failureLog(results) {
  return results
    .filter((r) => r.failure !== null)
    .map((r) => `${r.scenario.path}\n${indent(r.failure)}\n`)
    .join('\n');
}

/** Read KNOWN_FAILURES: one scenario path per line (relative to the suite root), `# reason` comments. */
export function loadKnownFailures(file = KNOWN_FAILURES_FILE) {
  const known = new Map();
  if (!existsSync(file)) return known;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const hash = raw.indexOf('#');
    const path = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (path === '') continue;
    known.set(path, hash >= 0 ? raw.slice(hash + 1).trim() : '');
  }
  return known;
}

/**
 * Compare a run of the project's suite with KNOWN_FAILURES: `failing` maps each failing
 * scenario (relative path) to its reason (the listed one, else its failure's first line);
 * `added` are failing and not listed, `fixed` listed and passing.
 */
export function compareWithKnownFailures(results, known) {
  const failing = new Map();
  for (const r of results) {
    if (r.failure === null) continue;
    const rel = relative(SUITE_ROOT, r.scenario.path);
    failing.set(rel, known.get(rel) || r.failure.split('\n')[0].slice(0, 140));
  }
  return {
    failing,
    added: [...failing.keys()].filter((p) => !known.has(p)),
    fixed: [...known.keys()].filter((p) => !failing.has(p)),
  };
}

/** Rewrite KNOWN_FAILURES as `failing` (path → reason), keeping its `#` header lines. */
export function writeKnownFailures(failing, file = KNOWN_FAILURES_FILE) {
  const header = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .join('\n');
  const body = [...failing].sort(([a], [b]) => a.localeCompare(b)).map(([p, why]) => `${p}  # ${why.replace(/\n/g, ' ')}`);
  writeFileSync(file, `${header}\n${body.join('\n')}${body.length ? '\n' : ''}`);
}
