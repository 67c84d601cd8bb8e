// Test-only: run gawk 5.2 (the oracle of the awk command and its runtime) once over many cases. Each
// case's answer is one record ended by \x01, so answers can hold newlines. Tests skip without gawk.
import { spawnSync } from 'node:child_process';

export const hasGawk: boolean = spawnSync('gawk', ['--version'], { stdio: 'ignore' }).status === 0;

export interface GawkRun {
  out: string;
  err: string;
  code: number;
}

/** gawk with LANG=C over latin1 stdin; output decoded as latin1 */
export function gawk(args: string[], stdin = '', env: Record<string, string> = {}): GawkRun {
  const r = spawnSync('gawk', args, {
    input: Buffer.from(stdin, 'latin1'),
    env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin:/bin', ...env },
    maxBuffer: 1 << 28,
  });
  return { out: r.stdout.toString('latin1'), err: r.stderr.toString('latin1'), code: r.status ?? -1 };
}

/** one \x01-terminated answer per input line */
export function gawkAnswers(program: string, lines: readonly string[], env: Record<string, string> = {}): string[] {
  const r = gawk(['-e', program], lines.map((l) => l + '\n').join(''), env);
  if (r.code !== 0) throw new Error(`gawk failed (${r.code}): ${r.err}`);
  const parts = r.out.split('\x01');
  parts.pop();
  return parts;
}
