// Running one script from the command line: output streams straight to the process's stdout and
// stderr (the Runner honours their backpressure), or is collected for --json. Ctrl-C cancels the
// run; a closed stdout (`rshell -c yes | head -1`) ends it as bash's SIGPIPE would.
import type { RunOptions, RunResult, WritableLike } from '../api.js';
import { formatDuration } from './duration.js';
import { GuardedOutput, type NodeWritable } from './guarded-output.js';
import type { ScriptSource } from './script-source.js';
import { CancelSwitch } from './cancel.js';

export interface ScriptRunner {
  run(script: string, opts?: RunOptions): Promise<RunResult>;
}

export interface ExecuteEnv {
  stdout: NodeWritable;
  stderr: WritableLike;
  /** subscribe to Ctrl-C; returns the unsubscribe function */
  onInterrupt(handler: () => void): () => void;
}

export interface ExecuteOptions {
  json: boolean;
  /** the --timeout value, for the message */
  timeoutNs: number;
}

const encoder = new TextEncoder();
const writeText = (w: WritableLike, s: string) => void w.write(encoder.encode(s));

/** The line printed when a run did not end on its own, in Go rshell's wording. */
export function abortMessage(result: RunResult, timeoutNs: number): string | undefined {
  if (result.timedOut) return `error: execution timed out after ${formatDuration(timeoutNs)}\n`;
  if (result.cancelled) return 'error: execution canceled\n';
  return undefined;
}

/** Runs the script; resolves to the process exit status. */
export async function executeScript(
  runner: ScriptRunner,
  source: ScriptSource,
  opts: ExecuteOptions,
  env: ExecuteEnv,
): Promise<number> {
  const cancel = new CancelSwitch();
  let stdoutClosed = false;
  const stdout = new GuardedOutput(env.stdout, (err) => {
    if (err.code === 'EPIPE') stdoutClosed = true;
    cancel.abort();
  });
  const unsubscribe = env.onInterrupt(() => cancel.abort());
  try {
    const result = await runner.run(source.script, {
      stdin: source.stdin,
      name: source.name,
      ...(source.sourceFile !== undefined ? { sourceFile: source.sourceFile } : {}),
      args: source.args,
      signal: cancel,
      ...(opts.json ? {} : { stdout, stderr: env.stderr }),
    });
    if (stdoutClosed) return 141; // 128 + SIGPIPE, as bash reports a writer whose reader left
    const message = abortMessage(result, opts.timeoutNs);
    if (opts.json) {
      const report = {
        stdout: result.stdout ?? '',
        stderr: (result.stderr ?? '') + (message ?? ''),
        exit_code: result.exitCode,
        duration_ms: Math.round(result.durationMs * 1000) / 1000,
        truncated: result.truncated,
      };
      writeText(stdout, JSON.stringify(report) + '\n');
    } else if (message) {
      writeText(env.stderr, message);
    }
    return result.exitCode;
  } finally {
    unsubscribe();
    stdout.detach();
  }
}
