// What an error thrown by a command becomes: its message on the shell's stderr (as redirected at
// the place it is caught) and a status; fatal ones also stop the current command list.

import { CTL, type Exec, type Shell, type Status } from './shell.js';
import { ExpansionError, AssignError, Suspend, reportExits } from './errors.js';
import { BadFdError } from '../../../lib/io/pipe.js';

/** turn an error thrown by a command into its status (messages printed); rethrow the rest */
export function statusOfError(sh: Shell, e: unknown): number {
  if (e instanceof ExpansionError) {
    if (e.message) sh.error(e.message);
    // a bad substitution is report_error's (see reportError)
    const exit = e.exit || (e.reported && reportExits(sh));
    if (exit || e.fatal) {
      sh.ctl = exit ? CTL.exit : CTL.abort;
      sh.status = e.status;
    }
    return e.status;
  }
  if (e instanceof AssignError) {
    // `r=2` with r readonly abandons the current top-level command; under set -e, the shell
    sh.error(e.message);
    sh.ctl = reportExits(sh) ? CTL.exit : CTL.abort;
    sh.status = e.status;
    return e.status;
  }
  if (e instanceof Suspend) {
    // a waiting command substitution reached outside any expansion (builtin-evaluated text)
    e.promise.catch(() => undefined);
    sh.error('command substitution inside an evaluated subscript is not supported here');
    return 1;
  }
  if (e instanceof BadFdError) {
    sh.error(`write error: Bad file descriptor`);
    return 1;
  }
  throw e;
}

/**
 * A command's errors reported inside its own redirections: `(( 1/0 )) 2>/dev/null`,
 * `[[ 1a -eq 1 ]] 2>&1` and `unset 'a[1/0]' 2>/dev/null` send the message where the command's
 * stderr goes, as bash does (the statement's own catch would print it after the redirections
 * were undone). Wraps what runs once the redirections are in place.
 */
export function reportingErrors(body: Exec): Exec {
  return (sh) => runReporting(sh, body);
}

/** run `body`, its errors turned into statuses here (see reportingErrors), with no closure made */
export function runReporting(sh: Shell, body: Exec): Status {
  let r: Status;
  try {
    r = body(sh);
  } catch (e) {
    return statusOfError(sh, e);
  }
  return typeof r === 'number' ? r : r.catch((e: unknown) => statusOfError(sh, e));
}
