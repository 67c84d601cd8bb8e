// logname: the login name (GNU coreutils 9.1 calls getlogin(), which reads the utmp entry of
// the controlling terminal). rshell runs have no login session, so it answers as GNU does
// without one.

import { defineCommand, writeUsageError } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { LOGNAME_USAGE } from './usage.js';

export const logname = defineCommand({
  name: 'logname',
  summary: 'print user\'s login name',
  help: LOGNAME_USAGE,
  flags: {},
  async run(ctx, { operands }) {
    if (operands.length > 0) return writeUsageError(ctx, `extra operand ${quote(operands[0]!)}`, 1);
    await say(ctx.stderr, 'logname: no login name\n');
    return 1;
  },
});
