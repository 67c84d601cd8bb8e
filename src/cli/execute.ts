// Running one script from the command line: output streams straight to the process's stdout and
// stderr (the Runner honours their backpressure), or is collected for --json. Ctrl-C cancels the
// run; a closed stdout (`rshell -c yes | head -1`) ends it as bash's SIGPIPE would.
import type { RunOptions, RunResult, WritableLike } from '../api.js';
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
}

const encoder = new TextEncoder();
const writeText = (w: WritableLike, s: string) => void w.write(encoder.encode(s));

/** output for --json: text when it is UTF-8, else its bytes in base64 (and the field says which) */
function jsonText(bytes: Uint8Array | undefined): { text: string; encoding: 'utf-8' | 'base64' } {
  const b = bytes ?? new Uint8Array(0);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(b), encoding: 'utf-8' };
  } catch {
    return { text: Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64'), encoding: 'base64' };
  }
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
    // the run's own stderr ends with the line that says why it ended early (timeout, cancel,
    // memory, truncated output): the library writes it, for the CLI and its callers alike
    if (opts.json) {
      const out = jsonText(result.stdoutBytes);
      const err = jsonText(result.stderrBytes);
      const report = {
        stdout: out.text,
        stderr: err.text,
        exit_code: result.exitCode,
        duration_ms: Math.round(result.durationMs * 1000) / 1000,
        truncated: result.truncated,
        timed_out: result.timedOut,
        cancelled: result.cancelled,
        reason: result.reason ?? null,
        stdout_encoding: out.encoding,
        stderr_encoding: err.encoding,
      };
      writeText(stdout, JSON.stringify(report) + '\n');
    }
    return result.exitCode;
  } finally {
    unsubscribe();
    stdout.detach();
  }
}
