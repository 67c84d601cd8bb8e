// The one table of builtin commands (GNU-tool-like commands; shell builtins such as echo/printf/test
// live in src/interp/shell-builtins/). Add one import and one entry per command.
import type { Command } from './types.js';
import { cat } from './cat/index.js';
import { head } from './head/index.js';
import { tail } from './tail/index.js';
import { wc } from './wc/index.js';
import { tr } from './tr/index.js';
import { egrep, fgrep, grep } from './grep/index.js';
import { cut } from './cut/index.js';
import { uniq } from './uniq/index.js';
import { sort } from './sort/index.js';
import { tee } from './tee/index.js';
import { rm } from './rm/index.js';

const ALL: Command[] = [
  cat,
  head,
  tail,
  wc,
  tr,
  grep, egrep, fgrep,
  cut,
  uniq,
  sort,
  tee,
  rm,
];

export const COMMANDS: ReadonlyMap<string, Command> = new Map(ALL.map((c) => [c.name, c]));
