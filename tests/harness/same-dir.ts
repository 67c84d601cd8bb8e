// One script through GNU (bash, LANG=C) and through rshell in the same directory: for behaviour
// that depends on the filesystem (readdir order), where two copies of a tree could differ.
import { spawnSync } from 'node:child_process';
import { Runner } from '../../src/index.js';

export interface Outcome {
  stdout: string;
  stderr: string;
  code: number;
}

export function gnuIn(dir: string, script: string): Outcome {
  const r = spawnSync('bash', ['--norc', '-c', script], { cwd: dir, env: { LANG: 'C', PATH: '/usr/bin:/bin' } });
  return { stdout: r.stdout.toString(), stderr: r.stderr.toString(), code: r.status ?? -1 };
}

export async function rshellIn(dir: string, script: string): Promise<Outcome> {
  const runner = new Runner({ allowedPaths: [dir], allowedCommands: 'all', cwd: dir });
  const r = await runner.run(script, { stdin: '' });
  return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', code: r.exitCode };
}
