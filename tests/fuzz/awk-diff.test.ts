// Differential fuzz of the awk command against gawk 5.2 (issue 20): generated programs
// (awk-gen.ts) over generated inputs, run by rshell's awk through the built library's Runner and by
// gawk as a child process, as `awk -f p.awk in.txt` in the same directory; stdout, stderr (gawk's
// "gawk:" read as "awk:") and the exit status must be equal.
//
// RSHELL_AWK_FUZZ_RUNS sets the number of cases (300 by default, what `make attacks` runs; 20000
// or more for a long run). The seed is fixed (tests/setup/fast-check-seed.ts); FC_SEED=random
// draws fresh programs. Skipped while builtins/awk/index.ts is absent (the language lands from
// another branch), without a built dist/, or without gawk.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runner as RunnerType } from '../../src/index.js';
import { hasGawk } from '../harness/gawk-oracle.js';
import { inputArb, programArb } from './awk-gen.js';

const REPO = join(import.meta.dirname, '..', '..');
const DIST = join(REPO, 'dist', 'index.mjs');
const HAVE_AWK = existsSync(join(REPO, 'builtins', 'awk', 'index.ts'));
const RUNS = Number(process.env.RSHELL_AWK_FUZZ_RUNS ?? 300);
const enabled = HAVE_AWK && hasGawk && existsSync(DIST);

interface Outcome {
  stdout: string;
  stderr: string;
  code: number;
}

function runGawk(dir: string): Outcome {
  const r = spawnSync('gawk', ['-f', 'p.awk', 'in.txt'], {
    cwd: dir,
    env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin:/bin' },
    argv0: 'awk',
    timeout: 10_000,
  });
  return { stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString('latin1'), code: r.status ?? -1 };
}

describe.skipIf(!enabled)('awk against gawk on generated programs', () => {
  let dir = '';
  let runner: RunnerType;
  beforeAll(async () => {
    const { Runner } = (await import(DIST)) as typeof import('../../src/index.js');
    dir = mkdtempSync(join(tmpdir(), 'rshell-awkfuzz-'));
    runner = new Runner({ allowedPaths: [dir], cwd: dir, allowedCommands: 'all', timeoutMs: 10_000 } as ConstructorParameters<typeof Runner>[0]);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`${RUNS} programs`, { timeout: Math.max(60_000, RUNS * 200) }, async () => {
    await fc.assert(
      fc.asyncProperty(programArb, inputArb, async (program, input) => {
        writeFileSync(join(dir, 'p.awk'), program);
        writeFileSync(join(dir, 'in.txt'), input);
        const want = runGawk(dir);
        const res = await runner.run('awk -f p.awk in.txt');
        const latin1 = (b: Uint8Array | undefined): string => (b ? Buffer.from(b).toString('latin1') : '');
        const got: Outcome = { stdout: latin1(res.stdoutBytes), stderr: latin1(res.stderrBytes), code: res.exitCode };
        expect({ program, input, ...got }).toEqual({ program, input, ...want });
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
