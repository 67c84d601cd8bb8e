// Differential testing against the real GNU tools (coreutils 9.1, grep 3.8, LANG=C): run the same
// argv over the same files with the GNU binary and with our builtin, compare bytes and status.
// Test-only (child_process is allowed in tests, never in builtins/).

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { expect } from 'vitest';
import type { Command } from '../../builtins/types.js';
import { makeTempTree, runBuiltin, type RunOptions, type RunResult } from '../../builtins/internal/testing.js';
import { decode } from '../../lib/io/encoding.js';

export function runGnu(tool: string, args: string[], opts: RunOptions = {}): RunResult {
  const dir = makeTempTree(opts.files);
  try {
    opts.setup?.(dir);
    const r = spawnSync(tool, args, {
      cwd: opts.cwd === undefined ? dir : `${dir}/${opts.cwd}`,
      input: opts.stdin ?? '',
      env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin:/bin', ...opts.env },
      maxBuffer: 1 << 28,
    });
    const stdoutBytes = new Uint8Array(r.stdout);
    return { stdout: decode(stdoutBytes), stderr: decode(new Uint8Array(r.stderr)), code: r.status ?? 128, stdoutBytes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** run both and return them for comparison (name = the GNU binary = our command name) */
export async function both(cmd: Command, args: string[], opts: RunOptions = {}): Promise<{ ours: RunResult; gnu: RunResult }> {
  const gnu = runGnu(opts.name ?? cmd.name, args, opts);
  const ours = await runBuiltin(cmd, args, opts);
  return { ours, gnu };
}

/** expect identical stdout bytes, stderr and status */
export async function expectSameAsGnu(cmd: Command, args: string[], opts: RunOptions = {}, unordered = false): Promise<void> {
  const { ours, gnu } = await both(cmd, args, opts);
  const norm = (s: string) => (unordered ? s.split('\n').sort().join('\n') : s);
  expect({ stdout: norm(ours.stdout), stderr: ours.stderr, code: ours.code }, `${cmd.name} ${JSON.stringify(args)} stdin=${JSON.stringify(opts.stdin ?? "").slice(0, 80)}`).toEqual({
    stdout: norm(gnu.stdout),
    stderr: gnu.stderr,
    code: gnu.code,
  });
}
