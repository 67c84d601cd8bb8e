// whoami: the name of the effective user (GNU coreutils 9.1), from the account databases read
// internally (builtins/internal/identity.ts).

import { defineCommand, writeUsageError } from '../internal/command.js';
import { accountsOf, credentials } from '../internal/identity.js';
import { quote } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { WHOAMI_USAGE } from './usage.js';

export const whoami = defineCommand({
  name: 'whoami',
  summary: 'print effective user name',
  help: WHOAMI_USAGE,
  flags: {},
  async run(ctx, { operands }) {
    if (operands.length > 0) return writeUsageError(ctx, `extra operand ${quote(operands[0]!)}`, 1);
    const uid = credentials().euid;
    const name = accountsOf(ctx).userByUid(uid)?.name;
    if (name === undefined) {
      await say(ctx.stderr, `whoami: cannot find name for user ID ${uid}\n`);
      return 1;
    }
    await say(ctx.stdout, `${name}\n`);
    return 0;
  },
});
