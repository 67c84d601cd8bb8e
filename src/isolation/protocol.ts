// The messages between a host and a pool worker (worker.ts), one run at a time per worker.
//
// Output flows worker → host as chunks (transferred, not copied) with a window: the worker's
// stdout/stderr sink (PortSink) asks its writer to wait for 'drain' once WINDOW bytes are
// unacknowledged, and the host acknowledges a chunk only when the caller's stream accepted it
// (at once, or at its 'drain'). So a slow caller stream slows the script down as it does
// in-process, and memory between the two stays bounded. stdin flows host → worker on demand: one
// chunk per `pull`.
import type { RunEndReason, RunnerOptions } from '../api.js';

/** unacknowledged output bytes per stream before the worker's writer waits */
export const WINDOW = 256 * 1024;

/** the RunnerOptions a worker builds its interpreter from: what a structured clone can carry */
export type WorkerOptions = Pick<
  RunnerOptions,
  'allowedPaths' | 'allowedCommands' | 'env' | 'cwd' | 'timeoutMs' | 'mode' | 'procPath' | 'limits' | 'rules' | 'inheritEnv'
>;

export type StdinPlan = { k: 'none' } | { k: 'data'; data: string | Uint8Array } | { k: 'stream' };

export type HostMessage =
  | {
      t: 'run';
      script: string;
      name?: string;
      sourceFile?: string;
      args?: string[];
      stdin: StdinPlan;
      /** the caller passed a signal: the worker's run gets one the host can flip */
      cancellable: boolean;
    }
  | { t: 'cancel' }
  /** a stdin chunk; `end` at its end, `error` when the caller's source failed, `bad` for a non-chunk */
  | { t: 'stdin'; chunk?: Uint8Array | string; end?: true; error?: true; bad?: true }
  /** `n` bytes of stream `fd` reached the caller's stream */
  | { t: 'ack'; fd: 1 | 2; n: number }
  /** the caller's stream `fd` closed, errored or threw: later writes fail as on a closed pipe */
  | { t: 'gone'; fd: 1 | 2 };

export interface DoneResult {
  exitCode: number;
  truncated: boolean;
  timedOut: boolean;
  cancelled: boolean;
  reason?: RunEndReason;
}

export type WorkerMessage =
  | { t: 'out'; fd: 1 | 2; chunk: Uint8Array }
  | { t: 'pull' }
  | { t: 'done'; result: DoneResult };
