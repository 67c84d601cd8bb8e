// The scenario format shared by every runner (vitest in-process, bash comparison, CLI conformance):
// loading Go rshell's YAML schema, building a scenario's directory, and checking an outcome
// against its `expect` block. Plain JavaScript so the .mjs runners can use it without a build step;
// scenario.ts gives it types for the vitest suite.
//
// Semantics follow Go rshell's tests/scenarios_test.go and /work/shared/tools/scenarios.py:
//  - exit_code is always asserted (default 0);
//  - stdout_contains beats stdout_unordered, which beats stdout (default "");
//  - stderr_contains beats stderr (default "");
//  - the *_windows overrides are ignored (we run on Linux).
import yaml from 'js-yaml';
import { lutimesSync, mkdirSync, mkdtempSync, rmSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';

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
    files: ((doc.setup ?? {}).files ?? []).map((f) => ({
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
  const exactStdout = !(expect.stdoutContains && expect.stdoutContains.length) && !expect.stdoutUnordered;
  if (exactStdout && (expect.stdout ?? '') !== stdout) parts.push('  stdout (- expected, + actual):\n' + indent(lineDiff(expect.stdout ?? '', stdout)));
  const exactStderr = !(expect.stderrContains && expect.stderrContains.length);
  if (exactStderr && (expect.stderr ?? '') !== stderr) parts.push('  stderr (- expected, + actual):\n' + indent(lineDiff(expect.stderr ?? '', stderr)));
  return parts.join('\n');
}

const indent = (s) => s.split('\n').map((l) => '    ' + l).join('\n');

/** The group of a scenario for tables: its first two directories relative to the suite root. */
export function scenarioGroup(path, root) {
  const rel = relative(resolve(root), resolve(path)).split(sep);
  rel.pop();
  return rel.slice(0, 2).join('/') || '.';
}

/** Read KNOWN_FAILURES: one scenario path per line (relative to the suite root), `# reason` comments. */
export function loadKnownFailures(file) {
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
  const dir = mkdtempSync(join(tmpdir(), 'rshell-scn-'));
  try {
    setupScenarioDir(scenario, dir);
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
    return { stdout, stderr, exitCode, failure: describeFailure(scenario.expect, stdout, stderr, exitCode) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
