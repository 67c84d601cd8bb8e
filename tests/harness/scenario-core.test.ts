import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  checkOutcome,
  commandPolicy,
  lineDiff,
  loadKnownFailures,
  loadScenario,
  resolveAllowedPaths,
  scenarioGroup,
  setupScenarioDir,
  type Scenario,
} from './scenario-core.mjs';

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
