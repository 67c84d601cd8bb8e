// The one table of shell builtins: every builtin that needs the shell's own state (ShellContext,
// ../state/shell-api.ts). Commands that do not (cat, grep…) are the other kind, in
// builtins/registry.ts. The Runner hands this table to each run through its seam
// (../state/seam.ts): the dispatcher sits in the layer below.
import type { ShellBuiltin } from '../state/shell-api.js';
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
import { exitBuiltin, returnBuiltin, breakBuiltin, continueBuiltin, shiftBuiltin, evalBuiltin, sourceBuiltin, dotBuiltin, execBuiltin, waitBuiltin, trapBuiltin, commandBuiltin, builtinBuiltin, letBuiltin, setBuiltin, shoptBuiltin, unsetBuiltin, declareBuiltin, typesetBuiltin, localBuiltin, exportBuiltin, readonlyBuiltin } from './core.js';

const ALL: ShellBuiltin[] = [
  exitBuiltin, returnBuiltin, breakBuiltin, continueBuiltin, shiftBuiltin,
  evalBuiltin, sourceBuiltin, dotBuiltin, execBuiltin, waitBuiltin, trapBuiltin,
  commandBuiltin, builtinBuiltin, letBuiltin,
  setBuiltin, shoptBuiltin, unsetBuiltin,
  declareBuiltin, typesetBuiltin, localBuiltin, exportBuiltin, readonlyBuiltin,
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
