// id: print real and effective user and group IDs (GNU coreutils 9.1), from the process's
// credentials or a USER's entry in the account databases (builtins/internal/identity.ts).

import type { CallContext } from '../types.js';
import { defineCommand, flag, type CommandLine } from '../internal/command.js';
import { accountsOf, credentials, lookupUser, processGroups } from '../internal/identity.js';
import { quote } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { ID_USAGE } from './usage.js';

// long options in GNU id's table order
const FLAGS = {
  a: flag.boolean('-a'),
  context: flag.boolean('-Z --context'),
  group: flag.boolean('-g --group'),
  groups: flag.boolean('-G --groups'),
  name: flag.boolean('-n --name'),
  real: flag.boolean('-r --real'),
  user: flag.boolean('-u --user'),
  zero: flag.boolean('-z --zero'),
};

async function fail(ctx: CallContext, text: string): Promise<number> {
  await say(ctx.stderr, text);
  return 1;
}

async function run(ctx: CallContext, { flags, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const only = (flags.user ? 1 : 0) + (flags.group ? 1 : 0) + (flags.groups ? 1 : 0);
  if (flags.context) {
    if (only > 0 || operands.length > 0) return fail(ctx, 'id: cannot print security context when user specified\n');
    return fail(ctx, 'id: --context (-Z) works only on an SELinux-enabled kernel\n');
  }
  if (only > 1) return fail(ctx, 'id: cannot print "only" of more than one choice\n');
  const defaultFormat = only === 0;
  if (defaultFormat && (flags.name || flags.real)) return fail(ctx, 'id: cannot print only names or real IDs in default format\n');
  if (defaultFormat && flags.zero) return fail(ctx, 'id: option --zero not permitted in default format\n');

  const acc = accountsOf(ctx);
  const userName = (uid: number): string | undefined => acc.userByUid(uid)?.name;
  const groupName = (gid: number): string | undefined => acc.groupName(gid);
  const end = flags.zero ? '\0' : '\n';
  let status = 0;
  type Who = { uid: number; euid: number; gid: number; egid: number; groups: number[] };
  const describe = (w: Who): { text: string; problems: string } => {
    let problems = '';
    const named = (kind: 'user' | 'group', idn: number): string => {
      const n = kind === 'user' ? userName(idn) : groupName(idn);
      if (n !== undefined) return n;
      problems += `id: cannot find name for ${kind} ID ${idn}\n`;
      status = 1;
      return String(idn);
    };
    if (flags.user || flags.group) {
      const idn = flags.user ? (flags.real ? w.uid : w.euid) : flags.real ? w.gid : w.egid;
      return { text: (flags.name ? named(flags.user ? 'user' : 'group', idn) : String(idn)) + end, problems };
    }
    if (flags.groups) {
      // -r lists the real group first (print_group_list)
      const list = flags.real ? [w.gid, ...w.groups.filter((g) => g !== w.gid)] : w.groups;
      const items = list.map((g) => (flags.name ? named('group', g) : String(g)));
      return { text: items.join(flags.zero ? '\0' : ' ') + end, problems };
    }
    const un = (uid: number): string => `${uid}${userName(uid) === undefined ? '' : `(${userName(uid)})`}`;
    const gn = (gid: number): string => `${gid}${groupName(gid) === undefined ? '' : `(${groupName(gid)})`}`;
    let line = `uid=${un(w.uid)} gid=${gn(w.gid)}`;
    if (w.euid !== w.uid) line += ` euid=${un(w.euid)}`;
    if (w.egid !== w.gid) line += ` egid=${gn(w.egid)}`;
    return { text: `${line} groups=${w.groups.map(gn).join(',')}\n`, problems };
  };
  const emit = async (w: Who): Promise<void> => {
    const d = describe(w);
    await say(ctx.stdout, d.text);
    await say(ctx.stderr, d.problems);
  };
  if (operands.length === 0) {
    const c = credentials();
    await emit({ uid: c.uid, euid: c.euid, gid: c.gid, egid: c.egid, groups: processGroups(c.egid, c.groups) });
    return status;
  }
  for (const op of operands) {
    ctx.checkAbort();
    const u = lookupUser(acc, op);
    if (u === undefined) {
      await say(ctx.stderr, `id: ${quote(op)}: no such user\n`);
      status = 1;
      continue;
    }
    await emit({ uid: u.uid, euid: u.uid, gid: u.gid, egid: u.gid, groups: acc.groupList(u.name, u.gid) });
  }
  return status;
}

export const id = defineCommand({
  name: 'id',
  summary: 'print real and effective user and group IDs',
  help: ID_USAGE,
  flags: FLAGS,
  run,
});
