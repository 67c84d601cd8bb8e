import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  SUITE_ROOT,
  checkOutcome,
  cliArgv,
  commandPolicy,
  compareWithKnownFailures,
  groupTable,
  lineDiff,
  loadKnownFailures,
  loadScenario,
  loadSuite,
  resolveAllowedPaths,
  runScenarioBash,
  scenarioGroup,
  setupScenarioDir,
  type Scenario,
  type SuiteResult,
} from './scenario-runner.mjs';

const work = mkdtempSync(join(tmpdir(), 'rshell-harness-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function scenarioFrom(yamlText: string): Scenario {
  const file = join(work, `s${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, yamlText);
  return loadScenario(file);
}

describe('loadScenario', () => {
  test('reads the Go schema; chmod is octal as in YAML 1.1', () => {
    const s = scenarioFrom(`description: d
skip_assert_against_bash: true
setup:
  files:
    - path: a/b.txt
      content: "x"
      chmod: 0755
    - path: link
      symlink: a/b.txt
      mod_time: "2020-06-15T00:00:00Z"
input:
  allowed_paths: ["$DIR"]
  interpreter_env: {A: 1}
  script: |+
    echo hi
expect:
  stdout: |+
    hi
  exit_code: 3
`);
    expect(s.skipAssertAgainstBash).toBe(true);
    expect(s.files[0]).toMatchObject({ path: 'a/b.txt', content: 'x', chmod: 0o755 });
    expect(s.interpreterEnv).toEqual({ A: '1' });
    expect(s.script).toBe('echo hi\n');
    expect(s.expect).toMatchObject({ stdout: 'hi\n', exitCode: 3 });
    const dir = mkdtempSync(join(work, 'd-'));
    setupScenarioDir(s, dir);
    expect(statSync(join(dir, 'a/b.txt')).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(dir, 'a/b.txt'), 'utf8')).toBe('x');
    expect(readlinkSync(join(dir, 'link'))).toBe('a/b.txt');
    expect(lstatSync(join(dir, 'link')).mtime.toISOString()).toBe('2020-06-15T00:00:00.000Z');
  });

  test('defaults: exit 0, no expectations', () => {
    const s = scenarioFrom('description: x\ninput:\n  script: "true"\nexpect: {}\n');
    expect(s.expect.exitCode).toBe(0);
    expect(checkOutcome(s.expect, '', '', 0)).toBeNull();
    expect(checkOutcome(s.expect, 'out', '', 0)).toMatch(/^stdout "out" != ""/);
  });
});

test('command policy as scenarios.py decides it', () => {
  const base = scenarioFrom('input:\n  script: x\n');
  expect(commandPolicy(base)).toBe('all');
  expect(commandPolicy({ ...base, allowAllCommands: true, allowedCommands: ['rshell:cat'] })).toBe('all');
  expect(commandPolicy({ ...base, allowedCommands: ['rshell:cat'] })).toEqual(['rshell:cat']);
  expect(commandPolicy({ ...base, allowAllCommands: false })).toEqual([]);
  expect(commandPolicy({ ...base, allowedCommands: [] })).toBe('all');
});

test('allowed paths: $DIR, relative, absolute only when present, suffixes', () => {
  expect(resolveAllowedPaths(['$DIR', 'sub:rw', '$DIR/x:ro', '/nonexistent-root', '/tmp'], '/d')).toEqual([
    '/d',
    '/d/sub:rw',
    '/d/x:ro',
    '/tmp',
  ]);
  expect(resolveAllowedPaths(undefined, '/d')).toBeUndefined();
});

test('expectation precedence: contains > unordered > exact', () => {
  const exp = { stdout: 'never', stdoutUnordered: 'b\na\n', stdoutContains: ['x'], stderr: '', exitCode: 0 };
  expect(checkOutcome(exp, 'xyz', '', 0)).toBeNull();
  expect(checkOutcome({ ...exp, stdoutContains: undefined }, 'a\nb\n', '', 0)).toBeNull();
  expect(checkOutcome({ ...exp, stdoutContains: undefined }, 'a\nc\n', '', 0)).toMatch(/unordered/);
  expect(checkOutcome({ exitCode: 1, stderrContains: ['oops'] }, '', 'big oops\n', 1)).toBeNull();
  expect(checkOutcome({ exitCode: 1 }, '', '', 2)).toMatch(/^exit 2 != 1/);
});

test('lineDiff marks expected-only and actual-only lines', () => {
  expect(lineDiff('a\nb\nc', 'a\nx\nc')).toBe('  a\n- b\n+ x\n  c');
});

test('groups and the known-failures list', () => {
  expect(scenarioGroup('/s/shell/pipe/advanced/x.yaml', '/s')).toBe('shell/pipe');
  expect(scenarioGroup('/s/x.yaml', '/s')).toBe('.');
  const list = join(work, 'KNOWN');
  writeFileSync(list, '# header\nshell/a.yaml  # why it fails\n\nshell/b.yaml\n');
  expect([...loadKnownFailures(list)]).toEqual([
    ['shell/a.yaml', 'why it fails'],
    ['shell/b.yaml', ''],
  ]);
});

test('a suite: containerized left out, bash-asserted only, writable', () => {
  const root = mkdtempSync(join(work, 'suite-'));
  writeFileSync(join(root, 'a.yaml'), 'input:\n  allowed_paths: ["$DIR", "x:ro"]\n  script: "true"\n');
  writeFileSync(join(root, 'b.yaml'), 'skip_assert_against_bash: true\ninput:\n  script: "true"\n');
  writeFileSync(join(root, 'c.yaml'), 'containerized: true\ninput:\n  script: "true"\n');
  const names = (opts?: object) => loadSuite([root], opts).map((e) => e.scenario.path.slice(root.length + 1));
  expect(names()).toEqual(['a.yaml', 'b.yaml']);
  expect(names({ onlyBashAsserted: true })).toEqual(['a.yaml']);
  const [a] = loadSuite([root], { writable: true });
  expect(a!.scenario).toMatchObject({ mode: 'remediation', allowedPaths: ['$DIR:rw', 'x:rw'] });
  expect(a!.root).toBe(root);
});

test('the CLI argv, as scenarios.py builds it', () => {
  const s = scenarioFrom('input:\n  allowed_paths: ["$DIR"]\n  allowed_commands: ["rshell:cat"]\n  interpreter_env: {A: b}\n  script: "cat x"\n');
  expect(cliArgv(s, '/d')).toEqual(['--allowed-paths', '/d', '--allowed-commands', 'rshell:cat', '--env', 'A=b', '-c', 'cat x']);
  expect(cliArgv(scenarioFrom('input:\n  script: ":"\n'), '/d')).toEqual(['--allow-all-commands', '-c', ':']);
});

test('bash runs the script from outside the scenario directory, with only PATH, LANG and envs', async () => {
  const s = scenarioFrom(`setup:
  files:
    - path: f.txt
      content: ""
input:
  envs: {E: e}
  script: |+
    echo * "$LANG" "$E" "\${HOME-unset}"
expect:
  stdout: |+
    f.txt C e unset
  exit_code: 0
`);
  const outcome = await runScenarioBash(s);
  expect(outcome).toMatchObject({ stderr: '', exitCode: 0, failure: null });
});

test('group table and the comparison with KNOWN_FAILURES', () => {
  const result = (path: string, failure: string | null) =>
    ({ scenario: { path: join(SUITE_ROOT, path) }, root: SUITE_ROOT, failure }) as unknown as SuiteResult;
  const results = [result('shell/a/x.yaml', null), result('shell/a/y.yaml', 'exit 1 != 0\n  diff'), result('cmd/b/z.yaml', 'why')];
  expect(groupTable(results, false)).toEqual([
    `* ${'cmd/b'.padEnd(40)}     0/1    `,
    `* ${'shell/a'.padEnd(40)}     1/2    `,
  ]);
  const known = new Map([['cmd/b/z.yaml', 'listed reason'], ['shell/gone.yaml', 'fixed']]);
  const { failing, added, fixed } = compareWithKnownFailures(results, known);
  expect([...failing]).toEqual([
    ['shell/a/y.yaml', 'exit 1 != 0'],
    ['cmd/b/z.yaml', 'listed reason'],
  ]);
  expect(added).toEqual(['shell/a/y.yaml']);
  expect(fixed).toEqual(['shell/gone.yaml']);
});
