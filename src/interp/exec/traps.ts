// EXIT and ERR traps (the only ones rshell supports). A trap runs in the current shell with $?
// preserved for the trap's own commands; its status does not replace the command's.

import type { Shell, Status } from '../state/shell.js';
import { CTL } from '../state/shell.js';
import { runText } from './run-text.js';
import { andThen } from '../state/status.js';

export function runTrap(sh: Shell, name: 'EXIT' | 'ERR'): Status {
  const text = sh.traps.get(name);
  if (text === undefined || text === '') return sh.status;
  if (sh.inTrap.has(name)) return sh.status;
  const saved = sh.status;
  // BASH_COMMAND in a trap is the command that set it off
  if (sh.inTrap.size === 0) sh.trapCall = sh.currentCall;
  sh.inTrap.add(name);
  if (name === 'EXIT') sh.traps.delete('EXIT');
  let r: Status;
  try {
    // $LINENO in an ERR handler is the failed command's line, as in bash (EXIT's is 1)
    // a syntax error names the trap as bash does: `exit trap: line 1: …`, `error trap: …`
    r = runText(sh, text, name === 'ERR' ? 'error trap' : 'exit trap', name === 'ERR' ? sh.lineno - 1 : 0);
  } catch (e) {
    sh.inTrap.delete(name);
    throw e;
  }
  return andThen(r, (s) => {
    sh.inTrap.delete(name);
    if (sh.ctl === CTL.exit) return s;
    sh.status = saved;
    return saved;
  });
}
