// The registry of builtin commands (GNU-tool-like commands; shell builtins such as echo, printf,
// test live in src/interp/builtins/). Adding a command is one line here: export it.
// commands.ts builds the COMMANDS table from these exports, and the CLI build
// (scripts/build-cli.mjs) reads these lines to load each command's module on first use.

export { sed } from './sed/index.js';
export { cat } from './cat/index.js';
export { head } from './head/index.js';
export { tail } from './tail/index.js';
export { wc } from './wc/index.js';
export { tr } from './tr/index.js';
export { seq } from './seq/index.js';
export { strings } from './strings/index.js';
export { egrep, fgrep, grep } from './grep/index.js';
export { cut } from './cut/index.js';
export { uniq } from './uniq/index.js';
export { sort } from './sort/index.js';
export { tee } from './tee/index.js';
export { rm } from './rm/index.js';
export { mkdir } from './mkdir/index.js';
export { truncate } from './truncate/index.js';
export { logrotate } from './logrotate/index.js';
export { touch } from './touch/index.js';
export { uname } from './uname/index.js';
export { hostname } from './hostname/index.js';
export { nproc } from './nproc/index.js';
export { free } from './free/index.js';
export { uptime } from './uptime/index.js';
export { ps } from './ps/index.js';
export { ss } from './ss/index.js';
export { df } from './df/index.js';
export { ip } from './ip/index.js';
export { vmstat } from './vmstat/index.js';
export { pmap } from './pmap/index.js';
export { lsof } from './lsof/index.js';
export { mv } from './mv/index.js';
export { cp } from './cp/index.js';
export { ls } from './ls/index.js';
export { find } from './find/index.js';
export { xargs } from './xargs/index.js';
export { du } from './du/index.js';
export { stat } from './stat/index.js';
export { tac } from './tac/index.js';
export { od } from './od/index.js';
export { expr } from './expr/index.js';
export { basename } from './basename/index.js';
export { dirname } from './dirname/index.js';
export { paste } from './paste/index.js';
export { rev } from './rev/index.js';
export { nl } from './nl/index.js';
export { fold } from './fold/index.js';
