// The one-line messages a run ends with when it did not end on its own, in one place: the library
// writes them to the run's stderr (in-process and in a worker), and the CLI prints nothing of its
// own, so a library caller and a CLI user read the same words. The timeout and cancel lines keep
// Go rshell's wording (`error: execution timed out after 5s`); the rest are rshell's own limits.

/** Go's Duration.String() for a non-negative number of nanoseconds ("5s", "1m0s", "300ms") */
export function formatDuration(ns: number): string {
  if (ns === 0) return '0s';
  if (ns < 1e3) return `${ns}ns`;
  // (the micro sign as an escape: the CLI core must stay ASCII, scripts/cli-launcher.mjs)
  if (ns < 1e6) return `${trimFraction(ns / 1e3)}\u00b5s`;
  if (ns < 1e9) return `${trimFraction(ns / 1e6)}ms`;
  const totalSeconds = ns / 1e9;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds - hours * 3600) / 60);
  const seconds = trimFraction(Math.round((totalSeconds - hours * 3600 - minutes * 60) * 1e9) / 1e9);
  if (hours > 0) return `${hours}h${minutes}m${seconds}s`;
  if (minutes > 0) return `${minutes}m${seconds}s`;
  return `${seconds}s`;
}

function trimFraction(n: number): string {
  // Go prints up to 9 fractional digits without trailing zeros
  return n.toFixed(9).replace(/\.?0+$/, '');
}

/** the run reached its timeout */
export const timeoutMessage = (timeoutMs: number): string =>
  `error: execution timed out after ${formatDuration(Math.round(timeoutMs * 1e6))}`;

/** the caller's signal cancelled the run */
export const CANCELLED_MESSAGE = 'error: execution canceled';

/** a worker's heap reached its cap (RunnerOptions.maxHeapMiB) */
export const heapCapMessage = (mib: number): string => `rshell: memory limit exceeded (${mib} MiB)`;

/** stdout or stderr reached maxOutputBytes: the rest was dropped */
export const truncatedMessage = (limit: number): string =>
  `rshell: output truncated at ${limit} bytes (maxOutputBytes)`;
