// RunnerOptions from the parsed command line.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RunnerOptions } from '../api.js';
import type { CliOptions } from './args.js';
import { auditLog, loadRules } from './policy-files.js';

/**
 * The directory the script starts in: the one rshell was started in when it lies inside an allowed
 * path, else none (the Runner then starts in the first allowed path, or `/` without any): a
 * directory outside every root is not the script's to see, not even its name through $PWD.
 */
export function startDirectory(cwd: string, allowedPaths: readonly string[]): string | undefined {
  for (const entry of allowedPaths) {
    const given = resolve(cwd, entry.replace(/:(ro|rw)$/, ''));
    let root = given;
    try {
      root = realpathSync(given);
    } catch {
      // a root that does not exist holds no directory
    }
    if (cwd === root || cwd.startsWith(root.endsWith('/') ? root : root + '/')) return cwd;
  }
  return undefined;
}

/** RunnerOptions from the parsed flags (the Runner validates them and throws on bad ones). */
export function runnerOptions(opts: CliOptions, cwd: string, warn: (message: string) => void): RunnerOptions {
  const ro: RunnerOptions = {
    allowedPaths: opts.allowedPaths,
    allowedCommands: opts.allowAllCommands ? 'all' : opts.allowedCommands,
    env: opts.env,
    onWarning: warn,
    // in-process by default, under the watchdog (watchdog.ts says why not in a worker)
    isolation: opts.isolation ?? 'none',
  };
  const start = startDirectory(cwd, opts.allowedPaths);
  if (start !== undefined) ro.cwd = start;
  if (opts.maxHeapMiB !== undefined) ro.maxHeapMiB = opts.maxHeapMiB;
  if (opts.timeoutNs > 0) ro.timeoutMs = opts.timeoutNs / 1e6;
  if (opts.mode) ro.mode = opts.mode;
  if (opts.procPath !== undefined) ro.procPath = opts.procPath;
  if (opts.inheritEnv.length > 0) ro.inheritEnv = opts.inheritEnv;
  if (opts.rulesFile !== undefined) ro.rules = loadRules(opts.rulesFile);
  if (opts.auditLog !== undefined) ro.onCommand = auditLog(opts.auditLog).onCommand;
  return ro;
}
