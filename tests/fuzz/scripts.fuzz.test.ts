// Grammar-based fuzzing of whole runs (gen.ts) against the built library, in each isolation mode
// the build has (worker mode once `isolation: 'worker'` really starts workers). Properties of every
// run, whatever the script:
//   - run() resolves: no rejection, no uncaught exception or unhandled rejection in the host, no
//     `internal error` (an exception the interpreter did not expect);
//   - it ends by its deadline plus a grace;
//   - nothing outside the root changes or appears (the canary tree, world.ts), and the canary's
//     secret never reaches stdout or stderr (scripts read ../outside, $OUT, / …: that must fail);
//   - the next `echo ok` on the same Runner works.
// RSHELL_FUZZ_RUNS=100000 runs more (the default, 2,000, is what `make test` runs); the seed is
// fixed (tests/setup/fast-check-seed.ts), FC_SEED=random draws fresh scripts.
// Every failure found becomes a case in regressions.test.ts.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runner as RunnerType } from '../../src/index.js';
import { workerIsolationSupported } from '../security/attack-runs.js';
import { scriptArb } from './gen.js';
import { closeRunner, fuzzOptions, judge, watchHostErrors } from './judge.js';
import { type FuzzWorld, makeFuzzWorld } from './world.js';

const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.mjs');
const { Runner } = (await import(DIST)) as typeof import('../../src/index.js');

const RUNS = Number(process.env.RSHELL_FUZZ_RUNS ?? 2000);
const TIMEOUT_MS = 100;
/**
 * past the deadline a run may take this much in-process. The attack corpus holds the deadline to
 * 100 ms on purpose-built loops; here the grace is wider, for a loaded machine (under a load
 * average of 10 on 2 cores, `while :; do seq 13 9 <<< x; done` overran a 150 ms deadline by up to 200 ms),
 * so a failure means a step that does not check the deadline. RSHELL_FUZZ_GRACE_MS sets it.
 */
const GRACE_MS = Number(process.env.RSHELL_FUZZ_GRACE_MS ?? 400);
/** … and this much more in a worker (terminating it) */
const WORKER_GRACE_MS = 500;

let unwatch = (): void => undefined;
beforeAll(() => {
  unwatch = watchHostErrors();
});
afterAll(() => unwatch());

const WORKER = workerIsolationSupported();

describe.each(['none', 'worker'])('fuzzed scripts, isolation %s', (isolation) => {
  // a broken worker build fails attacks.test.ts's probe test; here it is skipped like an absent one
  const supported = isolation === 'none' || WORKER === true;
  let world: FuzzWorld;
  let runner: RunnerType;
  beforeAll(() => {
    if (!supported) return;
    world = makeFuzzWorld();
    runner = new Runner(fuzzOptions(world, TIMEOUT_MS, isolation));
  });
  afterAll(async () => {
    if (runner) await closeRunner(runner);
    world?.cleanup();
  });

  const runs = isolation === 'none' ? RUNS : Math.ceil(RUNS / 10);
  const limitMs = TIMEOUT_MS + GRACE_MS + (isolation === 'none' ? 0 : WORKER_GRACE_MS);
  it(`${runs} generated scripts hold every property`, async (ctx) => {
    ctx.skip(!supported, "skipped until `isolation: 'worker'` runs scripts in a worker");
    await fc.assert(
      fc.asyncProperty(scriptArb, async (script) => {
        const why = await judge(runner, world, script, limitMs);
        expect(why, script).toBe('');
      }),
      { numRuns: runs },
    );
  }, 3_600_000);
});
