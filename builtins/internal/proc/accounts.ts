// The account databases for id, whoami and groups: the passwd and group files beside the proc
// root (`<proc>/../etc/passwd`, i.e. /etc/passwd for /proc, as ps reads user names), read here
// because the script may not name them. Only the fields the lookups need leave this module (a
// user's name, uid and primary gid; a group's name, gid and member names): never passwords,
// shells, home directories or the files themselves. Reads are bounded; failures are empty tables.
// The process's own credentials come from `process` (getuid and friends), never from files.

import * as fs from 'node:fs';
import * as path from 'node:path';

const MAX_DB_BYTES = 16 << 20;

export interface UserEntry {
  name: string;
  uid: number;
  gid: number;
}

export interface GroupEntry {
  name: string;
  gid: number;
  members: readonly string[];
}

export interface Credentials {
  uid: number;
  euid: number;
  gid: number;
  egid: number;
  /** supplementary groups (getgroups) */
  groups: readonly number[];
}

function readDb(procRoot: string, db: 'passwd' | 'group'): string[] {
  try {
    const file = path.join(procRoot, '..', 'etc', db);
    const st = fs.statSync(file);
    if (!st.isFile() || st.size > MAX_DB_BYTES) return [];
    return fs.readFileSync(file, 'latin1').split('\n');
  } catch {
    return [];
  }
}

const NUMBER = /^[0-9]{1,10}$/;

export class Accounts {
  private usersTable: UserEntry[] | undefined;
  private groupsTable: GroupEntry[] | undefined;

  constructor(private readonly procRoot: string) {}

  private users(): UserEntry[] {
    if (this.usersTable !== undefined) return this.usersTable;
    const out: UserEntry[] = [];
    for (const line of readDb(this.procRoot, 'passwd')) {
      const f = line.split(':');
      if (f.length < 4 || !NUMBER.test(f[2]!) || !NUMBER.test(f[3]!)) continue;
      out.push({ name: f[0]!, uid: Number(f[2]), gid: Number(f[3]) });
    }
    this.usersTable = out;
    return out;
  }

  private groups(): GroupEntry[] {
    if (this.groupsTable !== undefined) return this.groupsTable;
    const out: GroupEntry[] = [];
    for (const line of readDb(this.procRoot, 'group')) {
      const f = line.split(':');
      if (f.length < 3 || !NUMBER.test(f[2]!)) continue;
      out.push({ name: f[0]!, gid: Number(f[2]), members: (f[3] ?? '').split(',').filter((m) => m !== '') });
    }
    this.groupsTable = out;
    return out;
  }

  /** getpwuid: the first entry with that uid */
  userByUid(uid: number): UserEntry | undefined {
    return this.users().find((u) => u.uid === uid);
  }

  /** getpwnam */
  userByName(name: string): UserEntry | undefined {
    return this.users().find((u) => u.name === name);
  }

  /** getgrgid's name */
  groupName(gid: number): string | undefined {
    return this.groups().find((g) => g.gid === gid)?.name;
  }

  /** getgrouplist: the primary group, then each group listing the user, without repeats */
  groupList(user: string, primary: number): number[] {
    const out = [primary];
    for (const g of this.groups()) if (g.members.includes(user) && !out.includes(g.gid)) out.push(g.gid);
    return out;
  }
}

/** the process's own credentials (0 for all where the platform has none) */
export function credentials(): Credentials {
  const p = process;
  return {
    uid: p.getuid?.() ?? 0, euid: p.geteuid?.() ?? 0, gid: p.getgid?.() ?? 0, egid: p.getegid?.() ?? 0,
    groups: p.getgroups?.() ?? [],
  };
}
