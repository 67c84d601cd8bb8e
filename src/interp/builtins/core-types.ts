// A core builtin works on the interpreter's own state (the Shell), not through ShellContext.
import type { Shell, Status } from '../state/shell.js';

export type CoreBuiltin = (sh: Shell, args: string[]) => Status;
