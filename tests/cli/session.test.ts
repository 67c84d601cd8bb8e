// ReplaySession: state carried between REPL lines. Checked twice: against real bash standing in
// for the Runner (proves the replay logic on the reference shell), and against rshell's Runner.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunOptions, RunResult, WritableLike } from '../../src/api.js';
import type { ScriptRunner } from '../../src/cli/execute.js';
import { ReplaySession } from '../../src/cli/session.js';
import { Runner } from '../../src/index.js';

const work = mkdtempSync(join(tmpdir(), 'rshell-session-'));
mkdirSync(join(work, 'sub'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** real bash behind the ScriptRunner interface */
const bashRunner: ScriptRunner = {
  run(script: string, opts?: RunOptions): Promise<RunResult> {
    return new Promise((resolve) => {
      const child = spawn('/bin/bash', ['-c', script], { cwd: work, env: { LANG: 'C', PATH: '/usr/bin:/bin' }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (c: Buffer) => opts?.stdout?.write(c));
      child.stderr.on('data', (c: Buffer) => opts?.stderr?.write(c));
      opts?.signal?.addEventListener('abort', () => child.kill('SIGKILL'));
      child.on('close', (code) => {
        const cancelled = opts?.signal?.aborted ?? false;
        resolve({ exitCode: cancelled ? 124 : (code ?? 1), truncated: false, durationMs: 0, timedOut: false, cancelled });
      });
    });
  },
};

const rshellRunner = (): ScriptRunner => new Runner({ allowedPaths: [work], allowedCommands: 'all', cwd: work });

function capture(): { out: WritableLike; text: () => string } {
  const chunks: Uint8Array[] = [];
  return { out: { write: (c: Uint8Array) => {
      chunks.push(c.slice());
      return true;
    } }, text: () => Buffer.concat(chunks).toString() };
}

async function transcript(runner: ScriptRunner, lines: string[]) {
  const session = new ReplaySession(runner, work);
  const outputs: { out: string; err: string; status: number; exited: boolean; cwd: string }[] = [];
  for (const l of lines) {
    const o = capture();
    const e = capture();
    const { result, exited } = await session.run(l, { stdout: o.out, stderr: e.out });
    outputs.push({ out: o.text(), err: e.text(), status: result.exitCode, exited, cwd: session.cwd() });
  }
  return outputs;
}

const LINES = [
  'x=5; declare -a arr=(a "b c"); declare -A m=([k]=v); f() { echo "f:$1"; }',
  'echo "$x ${arr[1]} ${m[k]}"; f go',
  'cd sub; readonly R=1; set -o pipefail; shopt -s extglob',
  'echo "$PWD $R"; set -o | grep pipefail; shopt extglob',
  'false',
  'echo "status $?"',
  'unset x; echo "x=${x-unset}"',
  'echo "x=${x-unset}"; printf "no newline"',
  "trap 'echo bye' EXIT; echo set",
  'exit 4',
];

const EXPECTED = (cwd: string) => [
  { out: '', err: '', status: 0, exited: false, cwd },
  { out: '5 b c v\nf:go\n', err: '', status: 0, exited: false, cwd },
  { out: '', err: '', status: 0, exited: false, cwd: `${cwd}/sub` },
  { out: `${cwd}/sub 1\npipefail       \ton\nextglob        \ton\n`, err: '', status: 0, exited: false, cwd: `${cwd}/sub` },
  { out: '', err: '', status: 1, exited: false, cwd: `${cwd}/sub` },
  { out: 'status 1\n', err: '', status: 0, exited: false, cwd: `${cwd}/sub` },
  { out: 'x=unset\n', err: '', status: 0, exited: false, cwd: `${cwd}/sub` },
  { out: 'x=unset\nno newline', err: '', status: 0, exited: false, cwd: `${cwd}/sub` },
  { out: 'set\nbye\n', err: '', status: 0, exited: false, cwd: `${cwd}/sub` },
  { out: '', err: '', status: 4, exited: true, cwd: `${cwd}/sub` },
];

describe('ReplaySession', () => {
  test('with bash as the runner', async () => {
    expect(await transcript(bashRunner, LINES)).toEqual(EXPECTED(work));
  });

  test('with rshell as the runner', async () => {
    expect(await transcript(rshellRunner(), LINES)).toEqual(EXPECTED(work));
  });
});
