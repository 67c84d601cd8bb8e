// The one table of builtin commands (GNU-tool-like commands; shell builtins such as echo/printf/test
// live in src/interp/shell-builtins/). Add one import and one entry per command.
import type { Command } from './types.js';
import { sed } from './sed/index.js';
import { cat } from './cat/index.js';
import { head } from './head/index.js';
import { tail } from './tail/index.js';
import { wc } from './wc/index.js';
import { tr } from './tr/index.js';
import { seq } from './seq/index.js';
import { strings } from './strings/index.js';
import { egrep, fgrep, grep } from './grep/index.js';
import { cut } from './cut/index.js';
import { uniq } from './uniq/index.js';
import { sort } from './sort/index.js';
import { tee } from './tee/index.js';
import { rm } from './rm/index.js';
import { mkdir } from './mkdir/index.js';
import { truncate } from './truncate/index.js';
import { logrotate } from './logrotate/index.js';
import { touch } from './touch/index.js';
import { uname } from './uname/index.js';
import { hostname } from './hostname/index.js';
import { nproc } from './nproc/index.js';
import { free } from './free/index.js';
import { uptime } from './uptime/index.js';
import { ps } from './ps/index.js';
import { ss } from './ss/index.js';
import { df } from './df/index.js';
import { ip } from './ip/index.js';
import { vmstat } from './vmstat/index.js';
import { pmap } from './pmap/index.js';
import { lsof } from './lsof/index.js';
import { mv } from './mv/index.js';
import { cp } from './cp/index.js';
import { ls } from './ls/index.js';
import { find } from './find/index.js';
import { xargs } from './xargs/index.js';
import { du } from './du/index.js';
import { stat } from './stat/index.js';
import { tac } from './tac/index.js';
import { od } from './od/index.js';
import { expr } from './expr/index.js';
import { basename } from './basename/index.js';
import { dirname } from './dirname/index.js';
import { paste } from './paste/index.js';

const ALL: Command[] = [
  sed,
  cat,
  head,
  tail,
  wc,
  tr,
  seq,
  strings,
  grep, egrep, fgrep,
  cut,
  uniq,
  sort,
  tee,
  rm,
  mkdir,
  truncate,
  logrotate,
  touch,
  uname, hostname, nproc, free, uptime, ps, ss, df, ip, vmstat, pmap, lsof,
  mv,
  cp,
  ls,
  find,
  xargs,
  du,
  stat,
  tac,
  od,
  expr,
  basename,
  dirname,
  paste,
];

export const COMMANDS: ReadonlyMap<string, Command> = new Map(ALL.map((c) => [c.name, c]));
