// Errors that unwind a builtin or a pipeline stage. They are thrown only at stream boundaries
// (once per stage), never used for ordinary control flow.

/** The reader of a pipe went away: bash would deliver SIGPIPE. Status 141 for the writing stage. */
export class PipeClosedError extends Error {
  constructor() {
    super('broken pipe');
    this.name = 'PipeClosedError';
  }
}

/** The run was cancelled, timed out, or hit a budget. `reason` is the user-visible message. */
export class RunAbortedError extends Error {
  constructor(
    readonly kind: 'timeout' | 'cancelled' | 'limit',
    message: string,
  ) {
    super(message);
    this.name = 'RunAbortedError';
  }
}
