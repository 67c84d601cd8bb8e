// One fuzzed run judged against every property (scripts.fuzz.test.ts says which), for the fuzz
// and for the regressions it found (regressions.test.ts).
import type { Runner, RunnerOptions, RunResult } from '../../src/index.js';
import { CANARY, type FuzzWorld, UNNAMED } from './world.js';

const hostErrors: string[] = [];
const onError = (e: unknown): void => {
  hostErrors.push(e instanceof Error ? (e.stack ?? e.message) : String(e));
};

/** record uncaught exceptions and unhandled rejections in this process; returns the undo */
export function watchHostErrors(): () => void {
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  };
}

/** the Runner options the fuzz runs with, in its world */
export function fuzzOptions(world: FuzzWorld, timeoutMs: number, isolation: string): RunnerOptions {
  const opts: Record<string, unknown> = {
    allowedCommands: 'all',
    allowedPaths: [`${world.root}:rw`],
    cwd: world.root,
    mode: 'remediation',
    timeoutMs,
    env: { OUT: world.outside },
    // 'none' explicitly too: the default may become 'worker' (an unknown option is ignored today)
    isolation,
  };
  // `isolation` is not in RunnerOptions until worker isolation is merged
  return opts as RunnerOptions;
}

/** the run, and how long it took; a rejection as a string */
async function timedRun(runner: Runner, world: FuzzWorld, script: string): Promise<{ res: RunResult; ms: number } | string> {
  world.resetRoot();
  const t0 = performance.now();
  try {
    const res = await runner.run(script);
    return { res, ms: performance.now() - t0 };
  } catch (e) {
    return `run() rejected: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** what a run broke, '' when nothing */
export async function judge(runner: Runner, world: FuzzWorld, script: string, limitMs: number): Promise<string> {
  let r = await timedRun(runner, world, script);
  // an overrun must hold on a second and third try: on a loaded machine one run in a few thousand
  // overran by hundreds of ms once (a load average of 12 on 2 cores), while a step that does not
  // check the deadline overruns every time
  const times: number[] = [];
  for (let i = 0; i < 2 && typeof r !== 'string' && r.ms > limitMs; i++) {
    times.push(Math.round(r.ms));
    r = await timedRun(runner, world, script);
  }
  if (typeof r === 'string') return r;
  const { res, ms } = r;
  const problems: string[] = [];
  if (ms > limitMs) problems.push(`took ${[...times, Math.round(ms)].join(', ')} ms (limit ${limitMs})`);
  const out = (res.stdout ?? '') + (res.stderr ?? '');
  if (out.includes(CANARY)) problems.push('the canary secret reached the output');
  if (out.includes(UNNAMED)) problems.push('a canary name reached the output (a listing outside the root)');
  const leaked = world.leakedIntoRoot();
  if (leaked.length > 0) problems.push(`the canary reached the root: ${leaked.join(' ')}`);
  if (/internal error/.test(res.stderr ?? '')) problems.push(`internal error: ${(res.stderr ?? '').slice(0, 300)}`);
  const changed = world.outsideChanges();
  if (changed) problems.push(`changed outside the root:\n${changed}`);
  // let a stray rejection or exception from the run surface before looking
  await new Promise((r) => setImmediate(r));
  if (hostErrors.length > 0) problems.push(`host errors: ${hostErrors.splice(0).join(' | ')}`);
  // `echo ok` runs under the same short deadline: on a loaded machine it may miss it, so a
  // timed-out one is tried again (seen once in 2,000 runs under a load average of 12)
  let next: { stdout?: string; stderr?: string; timedOut?: boolean } = {};
  for (let i = 0; i < 3; i++) {
    next = await runner.run('echo ok').catch((e: unknown) => ({ stdout: `rejected: ${String(e)}` }));
    if (next.timedOut !== true) break;
  }
  if (next.stdout !== 'ok\n') problems.push(`the next run printed ${JSON.stringify(next.stdout)} ${JSON.stringify(next.stderr)}${next.timedOut ? ' (timed out)' : ''}`);
  return problems.join('\n');
}

/** a Runner with workers may hold them until closed: whatever the method is called, if any */
export async function closeRunner(r: Runner): Promise<void> {
  const o = r as unknown as Record<string | symbol, unknown>;
  for (const m of ['close', 'dispose', 'destroy', 'terminate', Symbol.asyncDispose]) {
    const f = o[m];
    if (typeof f === 'function') {
      await (f as () => unknown).call(r);
      return;
    }
  }
}
