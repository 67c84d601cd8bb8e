// Test helper for the command tests (builtins/*/*.test.ts): run the real GNU tool and our builtin
// on the same files and stdin, and return both results in one comparable shape. GNU runs with
// LANG=C in its own temp dir.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import type { Command } from '../../builtins/types.js';
import { runBuiltin, type RunOptions } from '../../builtins/internal/testing.js';
import { encode } from '../../lib/io/encoding.js';

export interface Outcome {
  stdout: string; // latin1: one char per byte, so any byte difference shows
  stderr: string;
  code: number;
}

const latin1 = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

function toBuffer(v: string | Uint8Array): Buffer {
  return typeof v === 'string' ? Buffer.from(v, 'utf8') : Buffer.from(v);
}

export function runGnu(tool: string, args: string[], opts: RunOptions = {}): Outcome {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-gnu-')));
  try {
    for (const [rel, content] of Object.entries(opts.files ?? {})) {
      const full = path.join(dir, rel);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, toBuffer(content));
    }
    opts.setup?.(dir);
    const env: Record<string, string> = { LANG: 'C', PATH: '/usr/bin:/bin', ...(opts.env ?? {}) };
    const r = spawnSync(tool, args, {
      cwd: opts.cwd === undefined ? dir : path.join(dir, opts.cwd),
      input: toBuffer(opts.stdin ?? ''),
      env,
      maxBuffer: 1 << 30,
    });
    return { stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString('latin1'), code: r.status ?? -1 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function runOurs(cmd: Command, args: string[], opts: RunOptions = {}): Promise<Outcome> {
  const r = await runBuiltin(cmd, args, opts);
  // stderr is ASCII or file names: compare it byte-wise too
  const stderr = latin1(encode(r.stderr));
  return { stdout: latin1(r.stdoutBytes), stderr, code: r.code };
}

/** both outcomes, for `expect(ours).toEqual(gnu)` */
export async function both(
  cmd: Command,
  args: string[],
  opts: RunOptions = {},
  tool = cmd.name,
): Promise<{ ours: Outcome; gnu: Outcome }> {
  return { ours: await runOurs(cmd, args, opts), gnu: runGnu(tool, args, opts) };
}

/**
 * One test per argument set: the command with each operand set after its arguments, its input
 * read in chunks of 1, 4 and 64 KiB, against GNU (head and tail use it).
 */
export function itMatchesGnuOn(
  cmd: Command, argSets: readonly string[][], operandSets: readonly string[][], opts: RunOptions,
): void {
  for (const args of argSets) {
    it(`${cmd.name} ${args.join(' ')}`, async () => {
      for (const ops of operandSets) {
        for (const chunkSize of [1, 4, 65536]) {
          const { ours, gnu } = await both(cmd, [...args, ...ops], { ...opts, chunkSize });
          expect({ ops, chunkSize, ...ours }).toEqual({ ops, chunkSize, ...gnu });
        }
      }
    });
  }
}
