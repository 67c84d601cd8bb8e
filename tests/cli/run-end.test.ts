// How a CLI run that did not end on its own says so: one line on stderr (the library's, the same
// words in --json), the --json fields, the watchdog that holds the deadline and the memory cap for
// a script stuck in one synchronous step, --isolation worker, and the start directory.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'rshell.js');
const work = mkdtempSync(join(tmpdir(), 'rshell-cli-end-'));
mkdirSync(join(work, 'sub'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function rshell(args: string[], cwd = work) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, input: '', encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
  // a process the watchdog killed: 137, as a shell reports it
  return { stdout: r.stdout, stderr: r.stderr, status: r.signal === 'SIGKILL' ? 137 : r.status, ms: Date.now() - t0 };
}

// each doubling of the array is one synchronous step, which no check of the interpreter sees
const DOUBLING = 'a=({1..10000}); while :; do a+=("${a[@]}"); done';

describe('a run that ends early says why', () => {
  test('a script stuck in one step ends at --timeout plus the grace, with one line', () => {
    const r = rshell(['--allow-all-commands', '--timeout', '1s', '-c', DOUBLING]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: execution timed out after 1s\n');
    // 137: the watchdog ended the process; 124: the interpreter saw the deadline itself
    expect([124, 137]).toContain(r.status);
    expect(r.ms).toBeLessThan(3000);
  });

  test('memory past --max-heap ends the run with one line', () => {
    const r = rshell(['--allow-all-commands', '--max-heap', '128', '-c', 'x=$(printf "%01000000d" 0); i=0; while :; do a[i++]=$x$i; done']);
    expect(r.stdout).toBe('');
    // the watchdog (137), or the interpreter's own heap watch or budget first (1)
    expect(r.stderr).toMatch(/^(rshell: )?memory limit exceeded \(.*\)\n$/);
    expect([1, 137]).toContain(r.status);
  });

  test('--isolation worker: the worker is terminated at the deadline plus the grace', () => {
    const r = rshell(['--allow-all-commands', '--isolation', 'worker', '--timeout', '1s', '-c', `echo start; ${DOUBLING}`]);
    // the interpreter's own deadline ends it in the worker, which flushes what it wrote; had the
    // host terminated the worker at the grace, that would have been lost with it
    expect(r).toMatchObject({ stderr: 'error: execution timed out after 1s\n', status: 124 });
    expect(['start\n', '']).toContain(r.stdout);
    expect(r.ms).toBeLessThan(4000);
    expect(rshell(['--allow-all-commands', '--isolation', 'worker', '-c', 'echo hi; exit 3'])).toMatchObject({ stdout: 'hi\n', stderr: '', status: 3 });
  });

  test('output past the cap: the rest is dropped, and stderr says so', () => {
    const r = rshell(['--allow-all-commands', '-c', 'seq 1 3000000; echo "st=$?" >&2']);
    expect(r.stdout.length).toBe(10485760);
    expect(r.stdout.slice(-16)).toBe('1449607\n1449608\n');
    expect(r.stderr).toBe('st=0\nrshell: output truncated at 10485760 bytes (maxOutputBytes)\n');
    expect(r.status).toBe(0);
  });

  test('--json: timed_out, cancelled, reason and the message in stderr', () => {
    const r = rshell(['--json', '--allow-all-commands', '--timeout', '200ms', '-c', 'echo a; while :; do :; done']);
    expect(r.status).toBe(124);
    expect(JSON.parse(r.stdout)).toMatchObject({
      stdout: 'a\n', stderr: 'error: execution timed out after 200ms\n', exit_code: 124, timed_out: true, cancelled: false, reason: 'timeout', truncated: false,
    });
  });

  test('--json: output that is not UTF-8 is given in base64, and says so', () => {
    const r = rshell(['--json', '--allow-all-commands', '-c', "printf 'a\\377b'; printf 'ok' >&2"]);
    expect(JSON.parse(r.stdout)).toMatchObject({ stdout: 'Yf9i', stdout_encoding: 'base64', stderr: 'ok', stderr_encoding: 'utf-8', reason: null });
  });
});

describe('the start directory', () => {
  test('outside every allowed path, the script starts in the first one, and never sees the host path', () => {
    const sub = join(work, 'sub');
    expect(rshell(['-p', sub, '--allow-all-commands', '-c', 'pwd; echo "$PWD"'])).toMatchObject({ stdout: `${sub}\n${sub}\n`, status: 0 });
  });

  test('without any allowed path: /', () => {
    expect(rshell(['--allow-all-commands', '-c', 'pwd; echo "$PWD"'])).toMatchObject({ stdout: '/\n/\n', status: 0 });
  });

  test('inside an allowed path, it starts where rshell was started', () => {
    expect(rshell(['-p', work, '--allow-all-commands', '-c', 'pwd'], join(work, 'sub'))).toMatchObject({ stdout: `${join(work, 'sub')}\n`, status: 0 });
  });
});
