// The CLI's last line of defence, for a script that does not end by itself: a thread of its own
// that watches the clock and the process's memory while the script runs in the main thread, and
// ends the process when the script is past its deadline by GRACE_MS (stuck in a synchronous step:
// nothing in the main thread runs any more, not even a timer) or its resident memory passes the
// cap (before V8's own out-of-memory abort would end it after a long agony of garbage collection).
// It writes the same one-line message as the library, then kills the process (status 137, as the
// kernel's OOM killer leaves it: a thread cannot make another one call exit()).
//
// Why not run the script in a worker, as the library's isolation 'worker' does: the worker's
// isolate and the interpreter's bundle, loaded there without the CLI's code cache, took ~4x the
// CPU of `rshell -c 'echo hi'`. The watchdog's thread runs ~10 lines, but loading worker_threads
// and starting a thread still costs the main thread ~10-20% of a cold start; so with --timeout
// it starts at once (the deadline must hold even for a script stuck from its first step), and
// without, only once the run has lasted START_LATE_MS: most runs are over by then, and a run
// that lasts longer gives the event loop a turn by then (the interpreter yields every 40 ms), so
// only a script stuck from its very first steps without a timeout goes unwatched (then the
// interpreter's own memory budgets are what stops it). The process is rshell's own: ending it
// harms no host. `--isolation worker` runs the script in a worker instead.
import { Worker } from 'node:worker_threads';
import { GRACE_MS } from '../isolation/host-run.js';
import { heapCapMessage, timeoutMessage } from '../interp/run-messages.js';

/** how often the watchdog looks */
const PERIOD_MS = 20;

const SOURCE = `
const { workerData: d } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const end = (line) => {
  try { writeSync(2, line); } catch {}
  process.kill(process.pid, 'SIGKILL');
};
setInterval(() => {
  if (d.deadline > 0 && Date.now() > d.deadline) end(d.timeoutLine);
  if (process.memoryUsage.rss() > d.capBytes) end(d.memoryLine);
}, ${PERIOD_MS});
`;

export interface WatchdogOptions {
  /** the run's timeout, ms; 0 = none */
  timeoutMs: number;
  /** resident memory past which the process is ended, MiB */
  capMiB: number;
}

/** a run without a timeout gets its watchdog after this long */
const START_LATE_MS = 30;

/** starts the watchdog (now with a timeout, else soon); it never keeps the process alive */
export function startWatchdog(o: WatchdogOptions): void {
  if (o.timeoutMs > 0) spawnWatchdog(o);
  else setTimeout(spawnWatchdog, START_LATE_MS, o).unref();
}

function spawnWatchdog(o: WatchdogOptions): void {
  const workerData = {
    deadline: o.timeoutMs > 0 ? Date.now() + o.timeoutMs + GRACE_MS : 0,
    capBytes: o.capMiB * 1024 * 1024,
    timeoutLine: timeoutMessage(o.timeoutMs) + '\n',
    memoryLine: heapCapMessage(o.capMiB) + '\n',
  };
  // (stdout and stderr true: the worker's own streams are not piped to the process's, which would
  // build process.stdout, a cost the CLI avoids: fd-output.ts; the watchdog writes by descriptor)
  const w = new Worker(SOURCE, { eval: true, workerData, stdin: false, stdout: true, stderr: true });
  w.unref();
}
