// groups: the groups a user is in (GNU coreutils 9.1): the process's groups without an operand,
// `NAME : g1 g2` for each USERNAME, from the account databases read internally.

import { defineCommand } from '../internal/command.js';
import { accountsOf, credentials, processGroups } from '../internal/identity.js';
import { quote } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { GROUPS_USAGE } from './usage.js';

export const groups = defineCommand({
  name: 'groups',
  summary: 'print the groups a user is in',
  help: GROUPS_USAGE,
  flags: {},
  async run(ctx, { operands }) {
    const acc = accountsOf(ctx);
    let status = 0;
    const names = (list: readonly number[]): string => {
      const out: string[] = [];
      for (const g of list) {
        const n = acc.groupName(g);
        if (n === undefined) status = 1;
        out.push(n ?? String(g));
      }
      return out.join(' ');
    };
    if (operands.length === 0) {
      const c = credentials();
      await say(ctx.stdout, `${names(processGroups(c.egid, c.groups))}\n`);
      return status;
    }
    for (const op of operands) {
      ctx.checkAbort();
      const u = acc.userByName(op);
      if (u === undefined) {
        await say(ctx.stderr, `groups: ${quote(op)}: no such user\n`);
        status = 1;
        continue;
      }
      await say(ctx.stdout, `${op} : ${names(acc.groupList(u.name, u.gid))}\n`);
    }
    return status;
  },
});
