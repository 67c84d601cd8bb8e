// Runs the resource-attack corpus in host processes (attack-host.mjs) with a capped heap, a few
// at once, and judges each outcome. A host that dies (V8's fatal out-of-memory, a signal) or
// stays silent past an attack's deadline plus WATCHDOG_MS is killed and charged to the attack it
// had started; a new host takes the attacks after it.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Attack } from './attacks.js';

export const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.mjs');
const HOST = join(import.meta.dirname, 'attack-host.mjs');

/** the host's V8 heap cap (--max-old-space-size) */
export const HEAP_CAP_MIB = 768;
/** what node itself, the library, code and buffers outside the V8 heap take besides it */
export const RSS_MARGIN_MIB = 512;
/**
 * the run's timeout when the attack does not set one: long enough that an attack stopped by a
 * budget in a few hundred ms stays inside it on a loaded machine (at a load average of 20 on 2
 * cores, `{a,b}`×30 took 1.2 s to reach the brace budget)
 */
export const TIMEOUT_MS = 1500;
/** the in-process deadline holds to within this (ATTACK_MARGIN_MS=… on a loaded machine) */
export const MARGIN_MS = Number(process.env.ATTACK_MARGIN_MS ?? 100);
/** what worker isolation may add on top: terminating a stuck worker and answering */
export const WORKER_GRACE_MS = 500;
/** a host silent this long past the attack's deadline is stuck: killed, the attack failed */
const WATCHDOG_MS = 1500;

export interface Outcome {
  name: string;
  elapsedMs: number;
  /** CPU time of the host process during the run (all its threads) */
  cpuMs: number;
  exitCode: number;
  reason?: string;
  timedOut?: boolean;
  stderrBytes: number;
  stderrHead: string;
  stderrTail: string;
  stdoutBytes: number;
  next: string;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  hostErrors: string[];
}

/** an attack's outcome, or why there is none (the host died or hung in it) */
export type Result = Outcome | { lost: string; elapsedMs: number };

/**
 * whether `isolation: 'worker'` really runs scripts in a worker in this build: true, false (the
 * option is ignored: not built yet), or what went wrong when it is there and broken
 */
export function workerIsolationSupported(): boolean | string {
  const p = spawnSync(process.execPath, [HOST, DIST, '--probe'], { encoding: 'utf8', timeout: 30_000 });
  try {
    const o = JSON.parse(p.stdout.trim().split('\n').pop() ?? '{}') as { worker?: boolean; error?: string };
    return o.error ?? o.worker === true;
  } catch {
    return `the probe printed ${JSON.stringify(p.stdout.slice(-300))}, status ${p.status}: ${p.stderr.slice(-300)}`;
  }
}

/** one host over `attacks` in order; a new one after each death */
async function runShard(isolation: string, attacks: readonly Attack[], out: Map<string, Result>): Promise<void> {
  let rest = attacks.slice();
  while (rest.length > 0) {
    const byName = new Map(rest.map((a) => [a.name, a]));
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_CAP_MIB}`, HOST, DIST, isolation], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let started: string | undefined;
    let startedAt = 0;
    let stderr = '';
    let buf = '';
    let watchdog: NodeJS.Timeout | undefined;
    let killedByWatchdog = false;
    const arm = (a: Attack | undefined): void => {
      clearTimeout(watchdog);
      if (!a) return;
      watchdog = setTimeout(
        () => {
          killedByWatchdog = true;
          child.kill('SIGKILL');
        },
        (a.timeoutMs ?? TIMEOUT_MS) + WATCHDOG_MS,
      );
    };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      stderr = (stderr + d).slice(-2000);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const o = JSON.parse(line) as Outcome | { start: string };
        if ('start' in o) {
          started = o.start;
          startedAt = performance.now();
          arm(byName.get(o.start));
        } else {
          out.set(o.name, o);
          started = undefined;
          arm(undefined);
        }
      }
    });
    child.stdin.end(JSON.stringify(rest.map((a) => ({ ...a, timeoutMs: a.timeoutMs ?? TIMEOUT_MS }))));
    const [status, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
    clearTimeout(watchdog);
    if (started !== undefined) {
      const why = killedByWatchdog ? `the host hung in it (killed after ${WATCHDOG_MS} ms past the deadline)` : `the host died (status ${status}, signal ${signal})`;
      out.set(started, { lost: `${why}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`, elapsedMs: performance.now() - startedAt });
    } else if (rest.some((a) => !out.has(a.name))) {
      for (const a of rest) if (!out.has(a.name)) out.set(a.name, { lost: `the host ended before it (status ${status}): ${stderr.slice(-300)}`, elapsedMs: 0 });
    }
    rest = rest.filter((a) => !out.has(a.name));
  }
}

/** every attack's result, from `shards` hosts at once (attacks dealt round-robin) */
export async function runAll(isolation: string, attacks: readonly Attack[], shards: number): Promise<Map<string, Result>> {
  const out = new Map<string, Result>();
  const parts: Attack[][] = Array.from({ length: shards }, () => []);
  for (const [i, a] of attacks.entries()) parts[i % shards].push(a);
  await Promise.all(parts.map((p) => runShard(isolation, p, out)));
  return out;
}

/**
 * The margin past the deadline, stretched by how much of a core the host had during the run: the
 * work after the last look at the clock takes longer in wall time on a machine shared with other
 * test files (CI runs them in parallel on 2 cores). A CPU-bound overrun has a share near 1 and
 * keeps the plain 100 ms; the stretch is at most 5x (a share of 0.2).
 */
function loadedMargin(r: Outcome): number {
  const share = r.elapsedMs > 0 ? Math.min(1, r.cpuMs / r.elapsedMs) : 1;
  return MARGIN_MS / Math.max(0.2, share);
}

/** what an outcome breaks, as short kinds the known-failures list names */
export type Violation = 'lost' | 'deadline' | 'status' | 'message' | 'internal-error' | 'long-message' | 'next-run' | 'rss' | 'host-error';

export function violations(attack: Attack, isolation: string, r: Result | undefined): Violation[] {
  if (r === undefined || 'lost' in r) return ['lost'];
  const v: Violation[] = [];
  const limit = (attack.timeoutMs ?? TIMEOUT_MS) + loadedMargin(r) + (isolation === 'none' ? 0 : WORKER_GRACE_MS);
  if (r.elapsedMs > limit) v.push('deadline');
  const mayFinish = attack.mayFinish === true;
  if (r.exitCode === 0 && !mayFinish) v.push('status');
  const lastLine = r.stderrTail.replace(/\n$/, '').split('\n').pop() ?? '';
  // the reason comes last: after a flood too
  const said = lastLine.trim() !== '' && !(attack.floodsStderr === true && lastLine === 'flood');
  // a pipeline that ended normally may be silent; one stopped by its deadline must say so
  if (!said && !(mayFinish && r.stderrBytes === 0 && r.exitCode !== 124)) v.push('message');
  if (/internal error/.test(r.stderrHead + r.stderrTail)) v.push('internal-error');
  // a clean message is one short line: never a 1 MB pattern echoed back (floods excepted)
  if (attack.floodsStderr !== true && (r.stderrBytes > 4096 || lastLine.length > 300)) v.push('long-message');
  if (r.next !== 'ok\n') v.push('next-run');
  if (r.rssAfterMiB > HEAP_CAP_MIB + RSS_MARGIN_MIB && r.rssAfterMiB > r.rssBeforeMiB) v.push('rss');
  if (r.hostErrors.length > 0) v.push('host-error');
  return v;
}

/**
 * whether what an attack broke is within what it is known to break: an attack lost in its host
 * (died or hung) was never judged on the rest, so it may break anything once it ends; one known to
 * overrun its deadline may be lost under load instead
 */
export function withinKnown(got: readonly Violation[], known: readonly Violation[]): boolean {
  if (known.includes('lost')) return true;
  // a known failure that stops on its deadline may overrun it by more than MARGIN_MS on a loaded
  // machine (measured under a load average of 10 on 2 cores: up to +220 ms)
  const ok = new Set<Violation>([...known, 'deadline']);
  if (known.includes('deadline')) ok.add('lost');
  return got.every((v) => ok.has(v));
}
