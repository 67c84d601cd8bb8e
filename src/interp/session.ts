// A shell that lasts from one call to the next (Runner.session()), as an agent's terminal does:
// cwd, variables, arrays, functions, options, traps, $?, $$ and the directory stack are kept
// natively — the same Shell moves to each call's Runtime (Shell.rebind), so every call has its own
// deadline, signal and budgets. A call stopped midway (timeout, cancel) keeps what it changed, as
// bash does after an interrupt. `exit` ends the session (its EXIT trap runs then); close() ends it
// otherwise and runs the EXIT trap.

import type { RunOptions, RunResult } from '../api.js';
import type { Sandbox } from '../../allowedpaths/types.js';
import type { Shell } from './state/shell.js';
import type { InProcessRunner } from './runner.js';

/** what a session carries between its calls (runner.ts reads and fills it) */
export interface SessionState {
  shell: Shell | null;
  sandbox: Sandbox | null;
  /** the shell ran `exit` (or its last call was close()) */
  exited: boolean;
  /** this call is close(): the EXIT trap runs at its end */
  closing: boolean;
}

export interface SessionRunResult extends RunResult {
  /** the script ran `exit`: the session is over, later calls are refused */
  exited: boolean;
}

export class InProcessSession {
  private readonly state: SessionState = { shell: null, sandbox: null, exited: false, closing: false };
  /** calls run one after another, in the order made */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly runner: InProcessRunner) {}

  /** the working directory the last call left (undefined before the first) */
  get cwd(): string | undefined {
    return this.state.shell?.cwd;
  }

  /** $? after the last call */
  get status(): number {
    return this.state.shell?.status ?? 0;
  }

  get exited(): boolean {
    return this.state.exited;
  }

  /** the functions defined so far (REPL completion) */
  functionNames(): string[] {
    return this.state.shell === null ? [] : [...this.state.shell.funcs.keys()];
  }

  /** the variables set so far (REPL completion) */
  variableNames(): string[] {
    return this.state.shell === null ? [] : this.state.shell.vars.names();
  }

  run(script: string, opts: RunOptions = {}): Promise<SessionRunResult> {
    const next = this.queue.then(async () => {
      if (this.state.exited) throw new Error('Session: the shell has exited');
      const r = await this.runner.run(script, opts, this.state);
      return { ...r, exited: this.state.exited };
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** end the session: the EXIT trap runs (its output in the result), then the sandbox closes */
  close(opts: RunOptions = {}): Promise<SessionRunResult> {
    const next = this.queue.then(async () => {
      let r: RunResult = { exitCode: this.status, truncated: false, durationMs: 0, timedOut: false, cancelled: false, stdout: '', stderr: '' };
      if (!this.state.exited && this.state.shell !== null) {
        this.state.closing = true;
        r = await this.runner.run('', opts, this.state);
      }
      this.state.exited = true;
      this.state.sandbox?.close();
      this.state.sandbox = null;
      this.state.shell = null;
      return { ...r, exited: true };
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
