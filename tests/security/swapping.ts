// Runs swapper.mjs (a process that keeps swapping a path with a link to elsewhere) for the TOCTOU
// tests: start it, wait until it swaps, stop it and read how many swaps it made. One at a time;
// stopSwapper() in afterEach ends one a failed test left running.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const SWAPPER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'swapper.mjs');

let running: ChildProcess | undefined;

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** swaps `dir/name` with a link to `target` until the returned function stops it (its result: the swaps made) */
export async function startSwapper(dir: string, name: string, target: string, settleMs = 0): Promise<() => Promise<number>> {
  const child = spawn(process.execPath, [SWAPPER, dir, name, target], { stdio: ['ignore', 'pipe', 'inherit'] });
  running = child;
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  await new Promise<void>((resolve) => {
    const check = (): void => (out.includes('ready') ? resolve() : void setTimeout(check, 5));
    check();
  });
  if (settleMs > 0) await new Promise((r) => setTimeout(r, settleMs));
  return async () => {
    await stop(child);
    return Number(out.replace('ready\n', '')) || 0;
  };
}

/** for afterEach: ends a swapper still running */
export async function stopSwapper(): Promise<void> {
  if (running) await stop(running);
  running = undefined;
}
