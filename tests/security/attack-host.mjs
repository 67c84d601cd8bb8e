// A host process for the resource-attack corpus (attack-runs.ts): runs the attacks it is given,
// one after another, each on a fresh Runner of the built library, and prints a JSON line for each:
// how long the run took, its result, whether the next run on the same Runner worked, and the
// process's peak RSS before and after. A `start` line goes before each attack, so that a host that
// dies or hangs shows which attack did it (the parent kills a host that stays silent too long).
//   node --max-old-space-size=N attack-host.mjs DIST ISOLATION < attacks.json
//   node attack-host.mjs DIST --probe       prints {"worker": true|false}
//
// Worker isolation is detected, not assumed: node:worker_threads' Worker is wrapped (before the
// library is loaded) to count the workers made, so `isolation: 'worker'` is "supported" only when
// a run with it really starts a worker — an option the Runner ignores is not mistaken for one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const wt = require('node:worker_threads');
let workersMade = 0;
const RealWorker = wt.Worker;
wt.Worker = class CountedWorker extends RealWorker {
  constructor(...args) {
    super(...args);
    workersMade++;
  }
};
syncBuiltinESMExports();

const [dist, isolation] = process.argv.slice(2);
const { Runner } = await import(dist);
const say = (o) => process.stdout.write(JSON.stringify(o) + '\n');
/** a Runner with workers may hold them until closed: whatever the method is called */
async function closeRunner(r) {
  for (const m of ['close', 'dispose', 'destroy', 'terminate']) {
    if (typeof r?.[m] === 'function') return void (await r[m]());
  }
  if (typeof r?.[Symbol.asyncDispose] === 'function') await r[Symbol.asyncDispose]();
}
const rssMiB = () => process.resourceUsage().maxRSS / 1024;

if (isolation === '--probe') {
  // worker: a run with the option started a worker and worked; error: it started one, or threw,
  // and did not work (a broken build must fail the tests, not skip them)
  let worker = false;
  let error;
  try {
    const r = new Runner({ isolation: 'worker', allowedCommands: 'all', timeoutMs: 5000 });
    const res = await r.run('echo ok');
    worker = workersMade > 0 && res.stdout === 'ok\n';
    if (workersMade > 0 && !worker) error = `a worker started, but echo ok gave ${JSON.stringify(res)}`;
    await closeRunner(r);
  } catch (e) {
    error = `threw: ${e?.message ?? e}`;
  }
  say({ worker, error });
  process.exit(0);
}

// a crash of the library's own promise plumbing is a finding, not a silent pass
const hostErrors = [];
process.on('unhandledRejection', (e) => hostErrors.push(`unhandledRejection: ${e?.message ?? e}`));
process.on('uncaughtException', (e) => hostErrors.push(`uncaughtException: ${e?.message ?? e}`));

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const attacks = JSON.parse(Buffer.concat(chunks).toString('utf8'));

for (const a of attacks) {
  const dir = mkdtempSync(join(tmpdir(), 'rshell-attack-'));
  if (a.bigFileBytes) writeFileSync(join(dir, 'big'), Buffer.alloc(a.bigFileBytes));
  for (const [name, text] of Object.entries(a.files ?? {})) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const opts = {
    allowedCommands: a.allowedCommands ?? 'all',
    allowedPaths: [`${dir}:rw`],
    cwd: dir,
    mode: 'remediation',
    timeoutMs: a.timeoutMs,
    // 'none' explicitly too: the default may become 'worker' (an unknown option is ignored today)
    isolation,
  };
  const rssBefore = rssMiB();
  say({ start: a.name });
  let res;
  let elapsedMs;
  let cpuMs = 0;
  let next = '';
  const errorsBefore = hostErrors.length;
  try {
    const runner = new Runner(opts);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    try {
      res = await runner.run(a.script);
    } catch (e) {
      res = { exitCode: -1, stdout: '', stderr: `host threw: ${e?.message ?? e}` };
    }
    elapsedMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    cpuMs = (cpu.user + cpu.system) / 1000;
    try {
      next = (await runner.run('echo ok')).stdout;
    } catch (e) {
      next = `host threw: ${e?.message ?? e}`;
    }
    await closeRunner(runner);
  } catch (e) {
    res = { exitCode: -1, stdout: '', stderr: `host threw: ${e?.message ?? e}` };
    elapsedMs = 0;
  }
  const stderr = String(res.stderr ?? '');
  say({
    name: a.name,
    elapsedMs,
    cpuMs,
    exitCode: res.exitCode,
    reason: res.reason,
    timedOut: res.timedOut,
    stderrBytes: stderr.length,
    // the head and the tail: a message echoing a 1 MB pattern shows as a long stderr
    stderrHead: stderr.slice(0, 300),
    stderrTail: stderr.slice(-300),
    stdoutBytes: String(res.stdout ?? '').length,
    next,
    rssBeforeMiB: rssBefore,
    rssAfterMiB: rssMiB(),
    hostErrors: hostErrors.slice(errorsBefore),
  });
  rmSync(dir, { recursive: true, force: true });
}
// a pool of workers, or anything else left open, must not keep the host from ending
process.exit(0);
