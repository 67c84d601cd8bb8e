// The resource-attack corpus (attacks.ts) against the built library (dist/index.mjs), in host
// processes of their own with a capped heap (attack-runs.ts): a fatal V8 out-of-memory there
// shows as a failed attack, not as a dead test run. Each attack, in each isolation mode, must end
// by its deadline plus a margin with a non-zero status and a one-line reason on stderr (never an
// `internal error`, never a long echo of its input), keep the host alive and its peak RSS under the
// heap cap plus a margin, and leave the Runner usable (`echo ok` runs after it).
//
// Worker isolation is tested when the build has it (a run with `isolation: 'worker'` really starts
// a worker, attack-host.mjs --probe); until then its cases are skipped and switch on by themselves.
// Attacks that fail today are listed in attack-known-failures.ts with what they break: there they
// must still break exactly that (a subset of it), so a fix shows as a failing test that says to
// take the entry out of the list.
//
// ATTACK_REPORT=file.json writes every outcome there (timings, status, stderr, RSS) for a look;
// ATTACK_ONLY=text runs only the attacks whose name holds it (the others are skipped);
// ATTACK_SHARDS=n runs n hosts at once per mode (default 2); ATTACK_MARGIN_MS widens the margin.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_FAILURES } from './attack-known-failures.js';
import { type Result, runAll, violations, withinKnown, workerIsolationSupported } from './attack-runs.js';
import { ATTACKS } from './attacks.js';

/** hosts at once per mode: more overlap the runs on 2 cores and blur the deadline checks */
const SHARDS = Number(process.env.ATTACK_SHARDS ?? 2);
const WORKER = workerIsolationSupported();
const ONLY = process.env.ATTACK_ONLY;
const SELECTED = ATTACKS.filter((a) => ONLY === undefined || a.name.includes(ONLY));
const report: Record<string, Record<string, { violations: string[]; result: Result | undefined }>> = {};

afterAll(() => {
  if (process.env.ATTACK_REPORT) writeFileSync(process.env.ATTACK_REPORT, JSON.stringify(report, null, 1));
});

it('worker isolation is either absent (ignored option) or working', () => {
  expect(typeof WORKER === 'string' ? WORKER : '').toBe('');
});

it('the corpus holds at least 60 attacks, each named once; every known failure names one', () => {
  expect(ATTACKS.length).toBeGreaterThanOrEqual(60);
  const names = new Set(ATTACKS.map((a) => a.name));
  expect(names.size).toBe(ATTACKS.length);
  expect(Object.keys(KNOWN_FAILURES).filter((n) => !names.has(n))).toEqual([]);
});

describe.each(['none', 'worker'] as const)('resource attacks, isolation %s', (isolation) => {
  const supported = isolation === 'none' || WORKER === true;
  let outcomes = new Map<string, Result>();
  beforeAll(async () => {
    if (!supported) return;
    outcomes = await runAll(isolation, SELECTED, SHARDS);
    report[isolation] = Object.fromEntries(
      SELECTED.map((a) => [a.name, { violations: violations(a, isolation, outcomes.get(a.name)), result: outcomes.get(a.name) }]),
    );
  }, 600_000);

  it.for(ATTACKS.map((a) => [a.name, a] as const))('%s', ([, attack], ctx) => {
    ctx.skip(!supported, "skipped until `isolation: 'worker'` runs scripts in a worker (attack-host.mjs --probe)");
    ctx.skip(!SELECTED.includes(attack), 'not selected by ATTACK_ONLY');
    const o = outcomes.get(attack.name);
    const got = violations(attack, isolation, o);
    const entry = KNOWN_FAILURES[attack.name];
    const known = entry?.[isolation];
    const detail = o === undefined ? 'no outcome' : JSON.stringify(o);
    if (known === undefined) {
      expect(got, detail).toEqual([]);
      return;
    }
    // a known failure: still failing, and only in the known ways
    if (entry?.flaky === true && got.length === 0) return;
    expect(got.length, `${attack.name} passes now in isolation ${isolation}: take it out of KNOWN_FAILURES`).toBeGreaterThan(0);
    expect({ got, known, within: withinKnown(got, known) }, detail).toMatchObject({ within: true });
  });
});
