// The one seam between the interpreter's layers. Word expansion (expand/) sits below execution
// (exec/), yet `$(…)` and `<(…)` run commands; the dispatcher (exec/) sits below the shell
// builtins (builtins/), yet it calls them. Both reach up through this object, which the Runner
// hands every run (runner.ts builds it from the layers above), as mvdan/sh's interp hands
// expand.Config its CmdSubst and ProcSubst callbacks: no module-level hooks, and what crosses
// a layer upward is listed here.

import type { Stmt } from '../../syntax/ast.js';
import type { Exec, Shell, Status } from './shell.js';
import type { ShellBuiltin } from './shell-api.js';

export interface Seam {
  /** compile statements to closures (exec/compile.ts): the body of a substitution */
  compileStmts(stmts: readonly Stmt[]): Exec;
  /** run `body` in a subshell of `sh` that `setup` prepares first (exec/compile.ts) */
  runInSubshell(sh: Shell, body: Exec, setup?: (sub: Shell) => void): Status;
  /** the shell builtins by name: the one table of builtins/index.ts */
  readonly builtins: ReadonlyMap<string, ShellBuiltin>;
}
