// Test helper: run a system builtin against a fixture proc tree (tests/fixtures/proc/<name>).

import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '../../types.js';
import { runBuiltin, type RunOptions, type RunResult } from '../testing.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.resolve(HERE, '../../../tests/fixtures/proc');

/** the proc root of fixture `name` (its tree is <name>/proc, with <name>/etc/passwd beside it) */
export function fixtureProc(name: string): string {
  return path.join(FIXTURES, name, 'proc');
}

/** runBuiltin with ctx.procPath pointing at `procPath` */
export function runWithProc(cmd: Command, args: string[], procPath: string, opts: RunOptions = {}): Promise<RunResult> {
  const wrapped: Command = { ...cmd, run: (ctx, a) => cmd.run({ ...ctx, procPath }, a) };
  return runBuiltin(wrapped, args, opts);
}
