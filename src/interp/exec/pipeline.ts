// Pipelines: every stage runs concurrently in its own subshell, connected by bounded pipes with
// backpressure. A stage that ends closes its pipe ends: the reader sees EOF, a writer whose reader
// has gone gets PipeClosedError → status 141 (bash's SIGPIPE). PIPESTATUS and pipefail.

import type { BinaryCmd, Stmt } from '../../syntax/ast.js';
import type { Exec, Fd, Status } from '../state/shell.js';
import { Pipe } from '../../../lib/io/pipe.js';
import { PipeClosedError } from '../../../lib/io/errors.js';
import { compileStmt, finishSubshell } from './compile.js';

interface Stage {
  exec: Exec;
  /** `|&`: stderr goes down the pipe too */
  withStderr: boolean;
}

function flatten(cmd: BinaryCmd, out: Stage[]): void {
  const x = cmd.X;
  if (isInnerPipe(x)) flatten(x.Cmd as BinaryCmd, out);
  else out.push({ exec: compileStmt(x), withStderr: false });
  out[out.length - 1]!.withStderr = cmd.Op === '|&';
  const y = cmd.Y;
  if (isInnerPipe(y)) flatten(y.Cmd as BinaryCmd, out);
  else out.push({ exec: compileStmt(y), withStderr: false });
}

function isInnerPipe(s: Stmt): boolean {
  return (
    s.Cmd !== null && s.Cmd.type === 'BinaryCmd' && (s.Cmd.Op === '|' || s.Cmd.Op === '|&') &&
    !s.Negated && s.Redirs.length === 0
  );
}

function stageStatus(e: unknown): number {
  if (e instanceof PipeClosedError) return 141;
  throw e;
}

export function compilePipeline(cmd: BinaryCmd): Exec {
  const stages: Stage[] = [];
  flatten(cmd, stages);
  const n = stages.length;
  return (sh) => {
    const rt = sh.rt;
    if (n > rt.limits.maxPipelineStages) {
      rt.breach(`pipeline stage limit exceeded (maxPipelineStages ${rt.limits.maxPipelineStages})`);
    }
    if (sh.subshellDepth >= rt.limits.maxSubshellDepth) {
      rt.breach(`subshell nesting limit exceeded (maxSubshellDepth ${rt.limits.maxSubshellDepth})`);
    }
    // n stages (two at least: flatten pushes both sides), n - 1 pipes between them
    const pipes: Pipe[] = [];
    for (let i = 0; i < n - 1; i++) pipes.push(new Pipe(rt));
    const results: Status[] = [];
    let async = false;
    // `shopt -s lastpipe`: the last stage runs in this shell (`… | read x` sets x), reading the pipe
    const lastHere = n > 1 && sh.shopt('lastpipe');
    for (let i = 0; i < n; i++) {
      const here = lastHere && i === n - 1;
      const sub = here ? sh : sh.subshell();
      let stdin0: Fd | null = null;
      if (here) {
        stdin0 = sh.fds[0] ?? null;
        sh.fds = sh.fds.slice();
      }
      const piped: Fd | null = i > 0 ? { reader: pipes[i - 1]!.reader } : null;
      if (piped !== null) sub.fds[0] = piped;
      if (i < n - 1) {
        sub.fds[1] = { writer: pipes[i]!.writer };
        if (stages[i]!.withStderr) sub.fds[2] = { writer: pipes[i]!.writer };
      }
      const cleanup = (): void => {
        if (i < n - 1) pipes[i]!.closeWrite();
        if (i > 0) pipes[i - 1]!.closeRead();
        // give this shell its stdin back, unless the stage moved it on (`exec < file`)
        if (here && sh.fds[0] === piped) {
          sh.fds = sh.fds.slice();
          sh.fds[0] = stdin0;
        }
      };
      let r: Status;
      try {
        r = here ? stages[i]!.exec(sh) : finishSubshell(sub, stages[i]!.exec);
      } catch (e) {
        cleanup();
        // the earlier stages still running are abandoned with this throw: their failure (the same
        // abort, as a rule) must not become an unhandled rejection in the host
        for (const x of results) if (typeof x !== 'number') x.catch(() => undefined);
        throw e;
      }
      if (typeof r === 'number') {
        cleanup();
        results.push(r);
      } else {
        async = true;
        results.push(
          r.then(
            (v) => {
              cleanup();
              return v;
            },
            (e) => {
              cleanup();
              return stageStatus(e);
            },
          ),
        );
      }
    }
    const finish = (sts: number[]): number => { // one status per stage
      sh.pipeStatus = sts;
      if (sh.opt('pipefail')) {
        for (let i = sts.length - 1; i >= 0; i--) if (sts[i] !== 0) return sts[i]!;
        return 0;
      }
      return sts[sts.length - 1]!;
    };
    if (!async) return finish(results as number[]);
    return Promise.all(results).then(finish);
  };
}
