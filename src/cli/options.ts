// RunnerOptions from the parsed command line.
import type { RunnerOptions } from '../api.js';
import type { CliOptions } from './args.js';

/** RunnerOptions from the parsed flags (the Runner validates them and throws on bad ones). */
export function runnerOptions(opts: CliOptions, cwd: string, warn: (message: string) => void): RunnerOptions {
  const ro: RunnerOptions = {
    allowedPaths: opts.allowedPaths,
    allowedCommands: opts.allowAllCommands ? 'all' : opts.allowedCommands,
    env: opts.env,
    // Scripts see the directory rshell was started in (the Runner refuses it if it is outside the
    // allowed paths only when the script uses it).
    cwd,
    onWarning: warn,
  };
  if (opts.timeoutNs > 0) ro.timeoutMs = opts.timeoutNs / 1e6;
  if (opts.mode) ro.mode = opts.mode;
  if (opts.procPath !== undefined) ro.procPath = opts.procPath;
  return ro;
}

