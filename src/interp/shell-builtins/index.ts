// The table of shell builtins implemented against ShellContext (see ../shell-api.ts).
import type { ShellBuiltin } from '../shell-api.js';

const ALL: ShellBuiltin[] = [
];

export const SHELL_BUILTINS: ReadonlyMap<string, ShellBuiltin> = new Map(ALL.map((c) => [c.name, c]));
