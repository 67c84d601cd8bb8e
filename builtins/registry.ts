// The one table of builtin commands (GNU-tool-like commands; shell builtins such as echo/printf/test
// live in src/interp/shell-builtins/). Add one import and one entry per command.
import type { Command } from './types.js';
import { cat } from './cat/index.js';

const ALL: Command[] = [
  cat,
];

export const COMMANDS: ReadonlyMap<string, Command> = new Map(ALL.map((c) => [c.name, c]));
