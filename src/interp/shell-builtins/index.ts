// The table of shell builtins implemented against ShellContext (see ../shell-api.ts).
import type { ShellBuiltin } from '../shell-api.js';
import { caller } from './caller.js';
import { cd } from './cd.js';
import { dirs, popd, pushd } from './dirs.js';
import { echo } from './echo.js';
import { getopts } from './getopts.js';
import { hash } from './hash.js';
import { help } from './help.js';
import { mapfile, readarray } from './mapfile.js';
import { printf } from './printf.js';
import { pwd } from './pwd.js';
import { read } from './read.js';
import { bracket, test } from './test.js';
import { colon, falseBuiltin, trueBuiltin } from './true.js';
import { type } from './type.js';

const ALL: ShellBuiltin[] = [
  echo,
  printf,
  test,
  bracket,
  trueBuiltin,
  falseBuiltin,
  colon,
  read,
  mapfile,
  readarray,
  getopts,
  cd,
  dirs,
  pushd,
  popd,
  pwd,
  type,
  hash,
  help,
  caller,
];

export const SHELL_BUILTINS: ReadonlyMap<string, ShellBuiltin> = new Map(ALL.map((c) => [c.name, c]));
