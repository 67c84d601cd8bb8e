// What id, groups and whoami print: names for ids from the account databases (read inside
// builtins/internal/proc/accounts.ts, never by the script), the process's credentials, and the
// group lists as coreutils builds them.

import type { CallContext } from '../types.js';
import { Accounts, credentials, type UserEntry } from './proc/accounts.js';

export { credentials };

export function accountsOf(ctx: Pick<CallContext, 'procPath'>): Accounts {
  return new Accounts(ctx.procPath);
}

/** a USER operand: a name, else a number taken as a uid (coreutils parse_user_spec) */
export function lookupUser(acc: Accounts, operand: string): UserEntry | undefined {
  const byName = acc.userByName(operand);
  if (byName !== undefined) return byName;
  if (/^\+?[0-9]{1,10}$/.test(operand)) {
    const uid = Number(operand.replace(/^\+/, ''));
    const u = acc.userByUid(uid);
    return u;
  }
  return undefined;
}

/** the process's groups as coreutils' mgetgroups lists them: the effective gid, then getgroups() */
export function processGroups(egid: number, groups: readonly number[]): number[] {
  const out = [egid];
  for (const g of groups) if (!out.includes(g)) out.push(g);
  return out;
}
