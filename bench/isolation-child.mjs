// The isolation rows of `make bench` (run.mjs), in a node process of its own: what a run in a
// pooled worker costs over one in-process, how long a trivial run waits while ten CPU-bound runs
// share the machine (each mode), and the memory of an idle pool worker.
// argv: the library's index.mjs. Prints one JSON object.
const { Runner } = await import(process.argv[2]);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** ms per run('echo hi') through `runner`, after a warm-up */
async function perRun(runner, n) {
  for (let i = 0; i < 100; i++) await runner.run('echo hi');
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await runner.run('echo hi');
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * run('echo ok') issued every 5 ms (as a host's requests come, from a timer) while ten runs of
 * `while :; do :; done` are active: from when each was due to its result, in ms
 */
async function latencyUnderLoad(isolation, seconds) {
  const runner = new Runner({ isolation, allowedCommands: 'all', maxWorkers: 16 });
  for (let i = 0; i < 20; i++) await runner.run('echo ok');
  const ac = new AbortController();
  const busy = Array.from({ length: 10 }, () => runner.run('while :; do :; done', { signal: ac.signal }));
  // steady state: the busy runs have their workers (or slices), and the spare worker has started
  // (on a loaded machine that can take seconds: the first run after the load came waits for it)
  await sleep(2000);
  const t0 = performance.now();
  await runner.run('echo ok');
  const first = performance.now() - t0;
  const lat = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const due = performance.now() + 5;
    await sleep(5);
    await runner.run('echo ok');
    lat.push(performance.now() - due);
  }
  ac.abort();
  await Promise.all(busy);
  await runner.close();
  return { p50: quantile(lat, 0.5), p99: quantile(lat, 0.99), n: lat.length, first };
}

async function idleWorkerRss() {
  const rss = () => process.memoryUsage().rss;
  globalThis.gc?.();
  await sleep(200);
  const before = rss();
  const n = 4;
  const runner = new Runner({ isolation: 'worker', allowedCommands: 'all', maxWorkers: n });
  // n runs at once: n workers, then idle
  await Promise.all(Array.from({ length: n }, () => runner.run('echo warm')));
  await sleep(1000);
  const after = rss();
  await runner.close();
  return (after - before) / n / 1024;
}

const local = new Runner({ allowedCommands: 'all' });
const pooled = new Runner({ isolation: 'worker', allowedCommands: 'all' });
const inProc = await perRun(local, 1000);
const inWorker = await perRun(pooled, 1000);
await pooled.close();
const out = {
  echo: { inProc, inWorker, overheadMs: inWorker - inProc },
  fairNone: await latencyUnderLoad('none', 5),
  fairWorker: await latencyUnderLoad('worker', 5),
  idleWorkerKiB: await idleWorkerRss(),
};
process.stdout.write(JSON.stringify(out));
