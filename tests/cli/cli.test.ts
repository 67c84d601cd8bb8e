// The built CLI (dist/rshell.js, made by `make build`, which `make unit` depends on) as a process:
// argv contract, exit statuses, messages, stdin, streaming, --json, timeouts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'rshell.js');
const work = mkdtempSync(join(tmpdir(), 'rshell-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function rshell(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: work, input: input ?? '', encoding: 'utf8', timeout: 20_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe('rshell CLI', () => {
  test('--version and --help', () => {
    expect(rshell(['--version'])).toEqual({ stdout: 'rshell 0.1.0\n', stderr: '', status: 0 });
    const help = rshell(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: rshell /);
  });

  test('bad flags: error: …, status 1', () => {
    expect(rshell(['--bogus'])).toEqual({
      stdout: '',
      stderr: "error: unknown flag: --bogus\nRun 'rshell --help' for usage.\n",
      status: 1,
    });
    expect(rshell(['--timeout', 'soon', '-c', 'true']).stderr).toBe(
      'error: invalid argument "soon" for "--timeout" flag: time: invalid duration "soon"\nRun \'rshell --help\' for usage.\n',
    );
  });

  test('-c runs the script; its status is ours', () => {
    expect(rshell(['--allow-all-commands', '-c', 'echo hi; (exit 3)'])).toEqual({ stdout: 'hi\n', stderr: '', status: 3 });
  });

  test('-c NAME ARG… sets $0 and $1…', () => {
    expect(rshell(['--allow-all-commands', '-c', 'echo "$0|$1|$#"', 'me', 'a b', 'c']).stdout).toBe('me|a b|2\n');
  });

  test('a script file and its arguments', () => {
    const file = join(work, 'script.sh');
    writeFileSync(file, 'echo "$0 $1 $2"\n');
    expect(rshell(['--allow-all-commands', file, 'x', '-y']).stdout).toBe(`${file} x -y\n`);
  });

  test('a missing script file', () => {
    expect(rshell(['/nonexistent/s.sh'])).toEqual({ stdout: '', stderr: 'error: open /nonexistent/s.sh: no such file or directory\n', status: 1 });
  });

  test('the script on stdin', () => {
    expect(rshell(['--allow-all-commands'], 'x=5\necho $((x * 2))\n').stdout).toBe('10\n');
    expect(rshell(['--allow-all-commands', '-'], 'echo dash\n').stdout).toBe('dash\n');
  });

  test('stdin reaches the script with -c', () => {
    expect(rshell(['--allow-all-commands', '-c', 'echo start; cat; echo end'], 'one\ntwo\n').stdout).toBe('start\none\ntwo\nend\n');
  });

  test("what 'read' did not use of stdin reaches the next command, as in bash", () => {
    expect(rshell(['--allow-all-commands', '-c', 'read a; read b; cat; echo "a=$a b=$b"'], 'one\ntwo\nrest\n').stdout).toBe(
      'rest\na=one b=two\n',
    );
  });

  test("syntax errors: status 2, bash's text after its `NAME: ` prefix", () => {
    expect(rshell(['--allow-all-commands', '-c', 'echo "oops'])).toEqual({
      stdout: '',
      stderr: "line 1: unexpected EOF while looking for matching `\"'\n",
      status: 2,
    });
  });

  test('--env sets variables; the host environment is invisible', () => {
    const r = spawnSync(process.execPath, [CLI, '--allow-all-commands', '--env', 'A=1', '-c', 'echo "${A}-${HOME-unset}"'], {
      encoding: 'utf8',
      env: { ...process.env, HOME: '/root' },
    });
    expect(r.stdout).toBe('1-unset\n');
  });

  test('command policy', () => {
    expect(rshell(['--allowed-commands', 'rshell:echo', '-c', 'echo a; cat f; echo $?'])).toEqual({
      stdout: 'a\n127\n',
      stderr: 'cat: command not allowed\n',
      status: 0,
    });
    const bad = rshell(['--allowed-commands', 'cat', '-c', 'true']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^error: .*cat/);
  });

  test('allowed paths', () => {
    writeFileSync(join(work, 'data.txt'), 'inside\n');
    expect(rshell(['-p', work, '--allow-all-commands', '-c', 'cat data.txt']).stdout).toBe('inside\n');
    const denied = rshell(['--allow-all-commands', '-c', 'cat data.txt']);
    expect(denied.status).toBe(1);
    expect(denied.stdout).toBe('');
  });

  test('--mode remediation writes into :rw paths only', () => {
    const rw = join(work, 'rw');
    mkdirSync(rw, { recursive: true });
    const script = 'echo saved > rw/out.txt && cat rw/out.txt';
    expect(rshell(['-p', `${rw}:rw,${work}`, '--mode', 'remediation', '--allow-all-commands', '-c', script])).toEqual({
      stdout: 'saved\n',
      stderr: '',
      status: 0,
    });
    const readOnly = rshell(['-p', `${rw}:rw,${work}`, '--allow-all-commands', '-c', 'echo x > rw/other.txt']);
    expect(readOnly.status).toBe(1);
    expect(readOnly.stderr).toContain('rw/other.txt');
  });

  test('--proc-path feeds the system commands', () => {
    const proc = join(work, 'proc');
    mkdirSync(join(proc, 'sys', 'kernel'), { recursive: true });
    writeFileSync(join(proc, 'sys', 'kernel', 'hostname'), 'fakehost\n');
    expect(rshell(['--proc-path', proc, '--allowed-commands', 'rshell:hostname', '-c', 'hostname']).stdout).toBe('fakehost\n');
  });

  test('a missing allowed path is skipped with a warning', () => {
    const r = rshell(['-p', `/nonexistent-rshell-root,${work}`, '--allow-all-commands', '-c', 'echo "$ALLOWED_PATHS"']);
    expect(r).toEqual({
      stdout: `${work}\n`,
      stderr: 'AllowedPaths: skipping "/nonexistent-rshell-root": no such file or directory\n',
      status: 0,
    });
  });

  test('--timeout: status 124 and Go wording', () => {
    const started = Date.now();
    const r = rshell(['--timeout', '300ms', '--allow-all-commands', '-c', 'echo start; while :; do :; done']);
    expect(r).toEqual({ stdout: 'start\n', stderr: 'error: execution timed out after 300ms\n', status: 124 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('--json', () => {
    const r = rshell(['--json', '--allow-all-commands', '-c', 'echo out; echo err >&2; exit 4']);
    expect(r.status).toBe(4);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      stdout: 'out\n', stderr: 'err\n', exit_code: 4, truncated: false, timed_out: false, cancelled: false, reason: null,
      stdout_encoding: 'utf-8', stderr_encoding: 'utf-8',
    });
    expect(typeof report.duration_ms).toBe('number');
    expect(Object.keys(report).sort()).toEqual([
      'cancelled', 'duration_ms', 'exit_code', 'reason', 'stderr', 'stderr_encoding', 'stdout', 'stdout_encoding', 'timed_out', 'truncated',
    ]);
  });

  test('output streams before the script ends', async () => {
    const child = spawn(process.execPath, [CLI, '--allow-all-commands', '--timeout', '10s', '-c', 'echo early; while :; do :; done'], {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (c: Buffer) => resolve(c.toString())));
    expect(first).toBe('early\n');
    expect(child.exitCode).toBeNull(); // still running
    child.kill('SIGKILL');
  });

  test('a closed stdout ends the script (SIGPIPE-like)', () => {
    const started = Date.now();
    const r = spawnSync('/bin/bash', ['-c', `"${process.execPath}" "${CLI}" --allow-all-commands -c 'while :; do echo y; done' | head -n 2`], {
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(r.stdout).toBe('y\ny\n');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('a reader that leaves while the writer waits for drain: status 141 at once', () => {
    const r = spawnSync(
      '/bin/bash',
      ['-c', `"${process.execPath}" "${CLI}" --allow-all-commands --timeout 20s -c 'while :; do echo yyyyyyyyyyyyyyyy; done' | (sleep 1; head -c 5; echo); echo "status \${PIPESTATUS[0]}"`],
      { encoding: 'utf8', timeout: 15_000 },
    );
    expect(r.stdout).toBe('yyyyy\nstatus 141\n');
  });
});
