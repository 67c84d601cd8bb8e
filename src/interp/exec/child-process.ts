// What a command that starts another process would hand it, for builtins that run commands:
// `env NAME=V cmd` / `env -i cmd` (the child's environment) and awk's system(), `print | "cmd"`
// and `"cmd" | getline` (a `sh -c` child). rshell starts no process: the child is a copy of the
// shell that sees only what a real child would — exported variables, no functions, no
// non-exported variables, no positional parameters, default options — and runs in process
// under the same policy, sandbox, budgets and deadline.

import type { ExecEnv } from '../../../builtins/types.js';
import type { Shell } from '../state/shell.js';
import { ATTR, newVariable, scalarOf, VarStore } from '../state/vars.js';

/** variables every bash process has whether or not they were exported (initVars) */
const SHELL_OWN = new Set(['IFS', 'OPTIND', 'PS4', 'PPID', 'UID', 'EUID', 'BASH_VERSION', 'BASH_VERSINFO']);

/** apply `env`'s changes to a child's variables: -i, -u NAME, NAME=VALUE (in that order) */
export function applyExecEnv(child: Shell, env: ExecEnv): void {
  const vars = child.vars;
  if (env.clear) {
    for (const [name, v] of vars.visible()) if (v.attrs & ATTR.export) vars.remove(name);
  }
  for (const name of env.unset ?? []) {
    const v = vars.lookup(name);
    if (v && v.attrs & ATTR.export) vars.remove(name);
  }
  for (const [name, value] of env.set ?? []) {
    // a readonly or typed variable of the parent does not bind the child process
    if (vars.lookup(name)) vars.remove(name);
    vars.add(vars.frames[0]!, name, newVariable(value, ATTR.export));
  }
}

/**
 * Turn a subshell copy into what `sh -c` would start as: the exported scalars and the shell's
 * own variables, no functions, no positional parameters, default set options.
 */
export function becomeFreshProcess(child: Shell, parent: Shell): void {
  const store = new VarStore(parent.rt);
  const frame = store.frames[0]!;
  for (const [name, v] of parent.vars.visible()) {
    if (v.attrs & ATTR.export) {
      const s = scalarOf(v.value);
      if (s !== undefined) store.add(frame, name, newVariable(s, ATTR.export));
    } else if (SHELL_OWN.has(name)) {
      store.add(frame, name, newVariable(v.value, v.attrs));
    }
  }
  child.vars.drop();
  child.vars = store;
  child.funcs = new Map();
  child.positional = [];
  child.arg0 = 'sh';
  child.traps = new Map();
  child.shownTraps = null;
  for (const [name] of child.setOpts) child.setOpts.set(name, false);
  for (const n of ['braceexpand', 'hashall', 'interactive-comments']) child.setOpts.set(n, true);
  child.frames = [];
  child.callDepth = 0;
  child.noErrexit = 0;
}
