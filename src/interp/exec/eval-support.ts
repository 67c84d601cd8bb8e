// Compiling text at run time (eval, source, traps): register the source facts, then compile it
// line by line, as bash reads such text.
//
// An expansion error (`${x!}`, a readonly assignment) abandons the command line it happens in.
// At the top of a script that is the script's line (runner.ts); inside eval or source in the
// main shell, bash's parse_and_execute is the top level instead: the error abandons that line
// of the text, and the next line of the text runs (`eval 'echo ${x!}'; echo next` prints next).
// In a subshell the abandonment is not stopped there: it ends the subshell, as in bash.

import type { File, Stmt } from '../../syntax/ast.js';
import { compileStmts as compileRaw, runSeq } from './compile.js';
import { info, registerSource } from '../state/source-info.js';
import { CTL, type Exec, type Shell } from '../state/shell.js';

/** consecutive statements that share a line (`a; b`) form one unit */
export function groupByLine(stmts: readonly Stmt[]): Stmt[][] {
  const out: Stmt[][] = [];
  let prevEnd = -1;
  for (const st of stmts) {
    const start = info.lineOf(st);
    if (out.length && start === prevEnd) out[out.length - 1]!.push(st);
    else out.push([st]);
    prevEnd = info.endLineOf(st);
  }
  return out;
}

export function compileStmts(stmts: File['Stmts'], file: File, text: string, lineBase = 0): Exec {
  registerSource(file, text, lineBase);
  const lines = groupByLine(stmts).map((group) => containLine(compileRaw(group)));
  return (sh) => runSeq(sh, lines, 0, 0);
}

/** one line of the text: an abandoned line stops here in the main shell (see above) */
function containLine(line: Exec): Exec {
  return (sh) => {
    const r = line(sh);
    return typeof r === 'number' ? lineEnded(sh, r) : lineEndedLater(sh, r);
  };
}

function lineEndedLater(sh: Shell, r: Promise<number>): Promise<number> {
  return r.then((s) => lineEnded(sh, s));
}

function lineEnded(sh: Shell, s: number): number {
  if (sh.ctl !== CTL.abort || sh.isSubshell) return s;
  sh.ctl = CTL.none;
  return sh.status;
}
