// Every failure the fuzz (scripts.fuzz.test.ts) found, as the minimal script it shrank to, judged
// by the same properties in the same world. `fixed: false` marks one that still fails on main:
// its test is `it.fails` (a fix makes it fail, asking for `fixed: true`).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runner as RunnerType } from '../../src/index.js';
import { closeRunner, fuzzOptions, judge, watchHostErrors } from './judge.js';
import { type FuzzWorld, makeFuzzWorld } from './world.js';

const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.mjs');
const { Runner } = (await import(DIST)) as typeof import('../../src/index.js');

/** as in the fuzz: a 100 ms deadline, 400 ms of grace in-process */
const TIMEOUT_MS = 100;
const LIMIT_MS = 500;
/** the in-process promise is 100 ms past the deadline; `make attacks` widens it on a shared machine */
const MARGIN_MS = Number(process.env.ATTACK_MARGIN_MS ?? 100);

interface Finding {
  script: string;
  /** what it broke when found, and why */
  note: string;
  fixed: boolean;
  /** the issue's own bound where the fuzz's wide grace would let a quiet machine pass it today */
  limitMs?: number;
}

const FINDINGS: Finding[] = [
  {
    script: "for ((j=0; j<14; j++)); do printf -v x '%s' ${x@Q}; done",
    note:
      '${x@Q} triples x each time; the last expansion quotes ~800 KB into 2.4 MB and splits it, ' +
      '0.3–1 s in one step with no deadline check (then maxVarBytes refuses it): 1231, 1183, 959 ms ' +
      'under a 100 ms deadline (seed -1033636143, a load average of 12–14)',
    fixed: true,
    limitMs: TIMEOUT_MS + MARGIN_MS,
  },
  {
    script: 'for ((j=0; j<4; j++)); do printf "%2000000d" 1 >&2; done',
    note:
      'four 2 MB printf paddings into the captured output, ~100 ms each with no deadline check inside, ' +
      'and four iterations never reach the loop clock (every 128): 350–730 ms under a 100 ms deadline, ' +
      'exit 0, timedOut false (seed 1216060004, shrunk by hand from `… > /dev/null >&2`)',
    fixed: true,
    limitMs: TIMEOUT_MS + MARGIN_MS,
  },
];

let unwatch = (): void => undefined;
let world: FuzzWorld;
let runner: RunnerType;
beforeAll(() => {
  unwatch = watchHostErrors();
  world = makeFuzzWorld();
  runner = new Runner(fuzzOptions(world, TIMEOUT_MS, 'none'));
});
afterAll(async () => {
  await closeRunner(runner);
  world.cleanup();
  unwatch();
});

describe('scripts the fuzz found, isolation none', () => {
  for (const f of FINDINGS) {
    (f.fixed ? it : it.fails)(f.script, async () => {
      expect(await judge(runner, world, f.script, f.limitMs ?? LIMIT_MS), f.note).toBe('');
    });
  }
});
