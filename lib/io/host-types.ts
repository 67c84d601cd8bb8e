// What a host hands a run as its standard streams: a Node-style sink for stdout/stderr and a
// source for stdin. Public through src/api.ts; defined here, beside the plumbing that uses them.

/**
 * Anything with a Node-style write(); process.stdout and fs.WriteStream qualify.
 *
 * The run fails closed on a sink that misbehaves:
 * - a write() that throws, or a Node stream that emits 'close' or 'error' while the run waits for
 *   'drain', is a closed stdout (as a pipe whose reader left): the command writing gets status 141
 *   (bash's SIGPIPE) and, as bash itself dies of SIGPIPE when it writes there, a write at the top
 *   level ends the run with exit code 141, silently. Output is buffered (~64 KiB), so a sink that
 *   fails at the last flush also ends the run with 141. The sink's own error message is not shown;
 * - a sink that stops accepting writes (never calls back, never emits 'drain') is waited for only
 *   until the run's timeout or the caller's signal: the run then ends with exit code 124 and
 *   `timedOut` or `cancelled`, as any timeout or cancellation. Without a timeout or a signal,
 *   nothing ends that wait.
 */
export interface WritableLike {
  // biome-ignore lint/suspicious/noConfusingVoidType: a write() that returns nothing is a valid sink
  write(chunk: Uint8Array, cb?: (err?: Error | null) => void): boolean | void;
  once?(event: 'drain', listener: () => void): unknown;
  /**
   * Node streams have these: a sink that errors or closes while a write waits for 'drain' ends
   * the wait (later writes fail like a closed pipe) instead of hanging the run.
   */
  removeListener?(event: 'drain' | 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
}

/**
 * The script's standard input. An async iterable (a Node Readable, an async generator) is read
 * lazily, at the script's first read, and bounded by the run: its reads end at the timeout or the
 * signal, and a source that is always ready still lets timers and signals run (the event loop gets
 * a turn every 16 MiB or 20 ms). A source that throws or rejects, or yields a chunk that is neither
 * a Uint8Array nor a string, is a read error (EIO): each command reports it as the GNU tool does
 * (`cat: -: Input/output error`, status 1), later reads fail the same way, and the script goes on.
 * The source's own error message is not shown. Empty chunks are skipped.
 */
export type StdinSource = string | Uint8Array | AsyncIterable<Uint8Array | string>;
