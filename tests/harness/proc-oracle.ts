// The oracle for the system builtins: the real procps/coreutils/iproute2 tool run in a private
// mount namespace whose /proc is a fixture tree (unshare -m + mount --bind), so both sides read
// the very same kernel files. Needs root and util-linux's unshare; tests skip cleanly without.
// Test-only (child_process is allowed in tests, never in builtins/).

import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import type { Command } from '../../builtins/types.js';
import { decode } from '../../lib/io/encoding.js';
import type { RunOptions, RunResult } from '../../builtins/internal/testing.js';
import { fixtureProc, runWithProc } from '../../builtins/internal/proc/testing.js';

function probe(): boolean {
  const r = spawnSync('unshare', ['-m', 'sh', '-c', 'mount --bind / /mnt && true'], { stdio: 'ignore' });
  return r.status === 0;
}

/** true when the real tools can be pointed at a fixture proc tree */
export const ORACLE_AVAILABLE = process.platform === 'linux' && probe();

/** whether `tool` exists on this machine (procps, iproute2, lsof may be missing) */
export function hasTool(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

/** run the real `tool args` with /proc replaced by `procDir` */
export function runRealWithProc(tool: string, args: string[], procDir: string): RunResult {
  const r = spawnSync('unshare', ['-m', 'sh', '-c', 'mount --bind "$0" /proc && exec "$@"', procDir, tool, ...args], {
    env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/sbin:/usr/bin:/sbin:/bin', COLUMNS: '80', TZ: 'UTC' },
    maxBuffer: 1 << 26,
  });
  const stdoutBytes = new Uint8Array(r.stdout);
  return { stdout: decode(stdoutBytes), stderr: decode(new Uint8Array(r.stderr)), code: r.status ?? 128, stdoutBytes };
}

/** run ours and the real tool on fixture `fixture`; expect identical stdout, stderr, status */
export async function expectSameAsRealOn(
  fixture: string, cmd: Command, args: string[], opts: RunOptions = {},
): Promise<void> {
  const proc = fixtureProc(fixture);
  const real = runRealWithProc(opts.name ?? cmd.name, args, proc);
  const ours = await runWithProc(cmd, args, proc, opts);
  expect({ stdout: ours.stdout, stderr: ours.stderr, code: ours.code }, `${cmd.name} ${JSON.stringify(args)} on ${fixture}`)
    .toEqual({ stdout: real.stdout, stderr: real.stderr, code: real.code });
}
