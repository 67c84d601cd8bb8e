// Test helper: run one script with real bash (LANG=C) and with rshell's Runner over copies of the
// same tree; compare stdout, stderr and status. Test-only (child_process is fine in tests).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { expect } from 'vitest';
import { Runner } from '../../src/index.js';
import { makeTempTree } from '../../builtins/internal/testing.js';

export interface ScriptResult {
  stdout: string;
  stderr: string;
  code: number;
}

export function bashScript(script: string, files: Record<string, string | Uint8Array> = {}, setup?: (dir: string) => void): ScriptResult {
  const dir = makeTempTree(files);
  try {
    setup?.(dir);
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { cwd: dir, env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin:/bin' } });
    return { stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), code: r.status ?? 128 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function rshellScript(script: string, files: Record<string, string | Uint8Array> = {}, setup?: (dir: string) => void): Promise<ScriptResult> {
  const dir = makeTempTree(files);
  try {
    setup?.(dir);
    const runner = new Runner({ allowedPaths: [dir], allowedCommands: 'all', cwd: dir });
    const r = await runner.run(script);
    return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', code: r.exitCode };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function expectScriptLikeBash(script: string, files: Record<string, string | Uint8Array> = {}, setup?: (dir: string) => void): Promise<void> {
  const ours = await rshellScript(script, files, setup);
  const gnu = bashScript(script, files, setup);
  expect(ours, script).toEqual(gnu);
}
