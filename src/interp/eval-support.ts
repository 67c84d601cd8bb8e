// Compiling text at run time (eval, source, traps): register the source facts, then compile.

import type { File } from '../syntax/ast.js';
import { compileStmts as compileRaw } from './compile.js';
import { registerSource } from './source-info.js';
import type { Exec } from './shell.js';

export function compileStmts(stmts: File['Stmts'], file: File, text: string, lineBase = 0): Exec {
  registerSource(file, text, lineBase);
  return compileRaw(stmts);
}
