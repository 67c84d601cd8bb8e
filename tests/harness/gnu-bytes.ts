// Differential check of basename/dirname against the GNU binaries with arguments as raw bytes.
// spawnSync would re-encode a lone surrogate as U+FFFD, so the GNU side runs through bash with
// every argument spelled as $'\xNN…' (ANSI-C quoting yields the exact bytes). Test-only.

import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import type { Command } from '../../builtins/types.js';
import { runBuiltin } from '../../builtins/internal/testing.js';
import { decode, encode } from '../../lib/io/encoding.js';

export type Arg = string | Uint8Array;

const toBytes = (a: Arg): Uint8Array => (typeof a === 'string' ? encode(a) : a);
const ansiC = (b: Uint8Array): string => "$'" + Array.from(b, (x) => '\\x' + x.toString(16).padStart(2, '0')).join('') + "'";

interface Outcome {
  stdout: string;
  stderr: string;
  code: number;
}

export function runGnuBytes(tool: string, args: readonly Arg[], env: Record<string, string> = {}): Outcome {
  const script = ['exec', tool, ...args.map((a) => ansiC(toBytes(a)))].join(' ');
  // --norc and no stdin socket: bash reads ~/.bashrc when stdin is a socket (its rshd heuristic)
  const r = spawnSync('/bin/bash', ['--norc', '--noprofile', '-c', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin:/bin', ...env } });
  return { stdout: decode(new Uint8Array(r.stdout)), stderr: decode(new Uint8Array(r.stderr)), code: r.status ?? 128 };
}

export async function runOursBytes(cmd: Command, args: readonly Arg[], env: Record<string, string> = {}): Promise<Outcome> {
  const r = await runBuiltin(cmd, args.map((a) => decode(toBytes(a))), { env });
  return { stdout: r.stdout, stderr: r.stderr, code: r.code };
}

/** GNU's --help ends with online-help and bug-report lines that rshell's usage text leaves out */
const HELP_FOOTER = /\nGNU coreutils online help: [\s\S]*$/;

/** same stdout bytes, stderr and status as the GNU tool of the same name (--help minus its footer) */
export async function expectSameBytesAsGnu(cmd: Command, args: readonly Arg[], env: Record<string, string> = {}): Promise<void> {
  const gnu = runGnuBytes(cmd.name, args, env);
  gnu.stdout = gnu.stdout.replace(HELP_FOOTER, '');
  const ours = await runOursBytes(cmd, args, env);
  expect(ours, `${cmd.name} ${JSON.stringify(args.map((a) => decode(toBytes(a))))}`).toEqual(gnu);
}
