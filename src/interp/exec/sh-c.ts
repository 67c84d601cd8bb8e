// `sh -c TEXT` for builtins that run command strings (awk's system(), `print | "cmd"`, `"cmd" |
// getline`): the text is parsed and run by rshell in a fresh child shell (child-process.ts), with
// the caller's streams, under the same policy, sandbox, budgets and deadline. No process starts.

import type { ExecIO } from '../../../builtins/types.js';
import { PipeClosedError } from '../../../lib/io/errors.js';
import { CTL, type Shell } from '../state/shell.js';
import { applyExecEnv, becomeFreshProcess } from './child-process.js';
import { runText } from './run-text.js';

export async function runShellCommand(sh: Shell, script: string, io?: ExecIO): Promise<number> {
  const sub = sh.subshell();
  try {
    becomeFreshProcess(sub, sh);
    if (io?.env) applyExecEnv(sub, io.env);
    if (io?.cwd !== undefined) sub.cwd = io.cwd;
    if (io?.stdin) sub.fds[0] = { reader: io.stdin };
    if (io?.stdout) sub.fds[1] = { writer: io.stdout };
    if (io?.stderr) sub.fds[2] = { writer: io.stderr };
    let status: number;
    try {
      status = await runText(sub, script, 'sh: -c');
    } catch (e) {
      if (e instanceof PipeClosedError) return 141;
      throw e;
    }
    // `exit N` (and errexit) end the child with their status; return/break end it too
    if (sub.ctl === CTL.exit || sub.ctl === CTL.abort) return sub.status;
    return status;
  } finally {
    sub.vars.drop();
  }
}
