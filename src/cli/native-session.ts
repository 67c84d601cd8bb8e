// The REPL's session on the library's native one (Runner.session()): the shell itself persists
// between lines, so a line interrupted by Ctrl-C keeps what it had changed, as bash does. Worker
// isolation has no native sessions yet: the REPL then replays state as text (session.ts).
import type { RunOptions } from '../api.js';
import type { InProcessSession } from '../interp/session.js';
import type { SessionRunOptions, SessionRunResult, ShellSession } from './session.js';

export class NativeSession implements ShellSession {
  private lastStatus = 0;

  constructor(
    private readonly session: InProcessSession,
    private readonly initialCwd: string,
  ) {}

  cwd(): string {
    return this.session.cwd ?? this.initialCwd;
  }

  status(): number {
    return this.lastStatus;
  }

  async run(script: string, opts: SessionRunOptions): Promise<SessionRunResult> {
    const runOpts: RunOptions = { stdin: '', stdout: opts.stdout, stderr: opts.stderr };
    if (opts.signal) runOpts.signal = opts.signal;
    const r = await this.session.run(script, runOpts);
    // Ctrl-C: 130 as in an interactive bash (128 + SIGINT)
    this.lastStatus = r.cancelled ? 130 : r.exitCode;
    const { exited, ...result } = r;
    return { result, exited };
  }

  functionNames(): string[] {
    return this.session.functionNames();
  }

  variableNames(): string[] {
    return this.session.variableNames();
  }
}
