// The table of builtin commands by name, made from every export of the registry (registry.ts).
// The CLI build (scripts/build-cli.mjs) swaps this file for a table of lazily loaded entries.
import type { Command } from './types.js';
import * as REGISTRY from './registry.js';

const ALL: readonly Command[] = Object.values(REGISTRY);

export const COMMANDS: ReadonlyMap<string, Command> = new Map(ALL.map((c) => [c.name, c]));
