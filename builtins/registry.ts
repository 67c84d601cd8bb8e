// The one table of builtin commands (GNU-tool-like commands; shell builtins such as echo/printf/test
// live in src/interp/shell-builtins/). Add one import and one entry per command.
import type { Command } from './types.js';

const ALL: Command[] = [
];

export const COMMANDS: ReadonlyMap<string, Command> = new Map(ALL.map((c) => [c.name, c]));
