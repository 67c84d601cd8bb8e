// The proc reader: the one place (besides allowedpaths/) that imports node:fs, because the system
// builtins (ps, free, ss, df…) must read kernel pseudo-files the script itself may not name.
//
// What keeps it safe (docs/SECURITY.md § Proc reader):
// - every path is checked against a fixed table of relative paths under the proc root
//   (`ALLOWED_PATHS` below); `cmdline` and `environ` can never match;
// - reads are bounded (`MAX_FILE_BYTES`) and loop over short reads, as /proc files return one
//   page per read(2);
// - failures come back as values (`undefined`), never as exceptions.

import * as fs from 'node:fs';
import * as path from 'node:path';

/** upper bound on any one proc file we hold (a huge mountinfo or net/unix still fits) */
export const MAX_FILE_BYTES = 64 << 20;
/** the longest line we accept in a proc file */
export const MAX_LINE_BYTES = 1 << 20;

const MAX_PASSWD_BYTES = 16 << 20;
const PID = '[1-9][0-9]{0,9}';
/** every relative path the reader will open, as anchored patterns */
const ALLOWED_PATHS: readonly RegExp[] = [
  /^(meminfo|loadavg|uptime|stat|vmstat|cpuinfo|swaps)$/,
  /^net\/(tcp|tcp6|udp|udp6|raw|raw6|unix|route|ipv6_route|dev|if_inet6|snmp|sockstat|sockstat6)$/,
  new RegExp(`^(${PID}|self)/(stat|status|comm|maps|smaps|mountinfo)$`),
  new RegExp(`^${PID}/task/${PID}/(stat|comm)$`),
  new RegExp(`^${PID}/fdinfo/[0-9]{1,10}$`),
  /^sys\/kernel\/(hostname|domainname|osrelease|ostype|version|pid_max)$/,
  /^sys\/net\/core\/default_qdisc$/,
];
/** directories the reader may list */
const ALLOWED_DIRS: readonly RegExp[] = [/^$/, new RegExp(`^${PID}/fd$`)];
/** symlinks the reader may resolve (open file descriptors of a process) */
const ALLOWED_LINKS: readonly RegExp[] = [/^self$/, new RegExp(`^${PID}/(fd/[0-9]{1,10}|cwd|exe|root)$`)];

/** the two account databases the reader may read beside the proc root */
function fileName(db: 'passwd' | 'group'): string {
  return db === 'passwd' ? 'passwd' : 'group';
}

const MAX_SERVICES_BYTES = 4 << 20;

function allowed(table: readonly RegExp[], rel: string): boolean {
  return table.some((re) => re.test(rel));
}

export class ProcReader {
  constructor(readonly root: string) {}

  private full(rel: string): string {
    return path.join(this.root, rel);
  }

  /** the whole file as latin1 text (one char per byte), or undefined when it cannot be read */
  read(rel: string, maxBytes = MAX_FILE_BYTES): string | undefined {
    if (!allowed(ALLOWED_PATHS, rel)) return undefined;
    let fd: number;
    try {
      fd = fs.openSync(this.full(rel), fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
    } catch {
      return undefined;
    }
    try {
      const chunks: Buffer[] = [];
      let total = 0;
      // /proc returns at most a page per read: keep reading until 0 (EOF) or the bound.
      for (;;) {
        const buf = Buffer.allocUnsafe(65536);
        const n = fs.readSync(fd, buf, 0, buf.length, null);
        if (n <= 0) break;
        total += n;
        if (total > maxBytes) return undefined;
        chunks.push(buf.subarray(0, n));
      }
      return Buffer.concat(chunks, total).toString('latin1');
    } catch {
      return undefined;
    } finally {
      fs.closeSync(fd);
    }
  }

  /** the file split in lines (no trailing empty line); lines past MAX_LINE_BYTES are dropped */
  lines(rel: string, maxLines = Number.MAX_SAFE_INTEGER): string[] | undefined {
    const text = this.read(rel);
    if (text === undefined) return undefined;
    const out: string[] = [];
    for (const line of text.split('\n')) {
      if (out.length >= maxLines) break;
      if (line.length > MAX_LINE_BYTES) continue;
      out.push(line);
    }
    if (out.length > 0 && out[out.length - 1] === '') out.pop();
    return out;
  }

  /** names in an allowed directory ('' is the proc root itself), or undefined */
  list(rel: string): string[] | undefined {
    if (!allowed(ALLOWED_DIRS, rel)) return undefined;
    try {
      return fs.readdirSync(this.full(rel));
    } catch {
      return undefined;
    }
  }

  /** numeric entries of the proc root, ascending: the process ids */
  pids(): number[] {
    const names = this.list('') ?? [];
    const pids: number[] = [];
    for (const n of names) if (/^[1-9][0-9]{0,9}$/.test(n)) pids.push(Number(n));
    return pids.sort((a, b) => a - b);
  }

  /** the target of an allowed symlink (an fd of a process), or undefined */
  readlink(rel: string): string | undefined {
    if (!allowed(ALLOWED_LINKS, rel)) return undefined;
    try {
      return fs.readlinkSync(this.full(rel), 'latin1');
    } catch {
      return undefined;
    }
  }

  /**
   * uid → user name from the passwd file beside the proc root (`<root>/../etc/passwd`, i.e.
   * /etc/passwd for /proc): ps, lsof and pmap print names as procps does. Only name and uid are
   * kept. Bounded like every read here.
   */
  userNames(): Map<number, string> {
    this.users ??= this.idNames('passwd');
    return this.users;
  }

  /** gid → group name from `<root>/../etc/group`, as userNames() */
  groupNames(): Map<number, string> {
    this.groups ??= this.idNames('group');
    return this.groups;
  }

  private idNames(db: 'passwd' | 'group'): Map<number, string> {
    const users = new Map<number, string>();
    let text: string;
    try {
      const file = path.join(this.root, '..', 'etc', fileName(db));
      const st = fs.statSync(file);
      if (!st.isFile() || st.size > MAX_PASSWD_BYTES) return users;
      text = fs.readFileSync(file, 'latin1');
    } catch {
      return users;
    }
    for (const line of text.split('\n')) {
      const f = line.split(':');
      if (f.length < 3 || !/^[0-9]+$/.test(f[2] ?? '')) continue;
      const uid = Number(f[2]);
      if (!users.has(uid)) users.set(uid, f[0] ?? '');
    }
    return users;
  }

  /**
   * "port/proto" → service name from `<root>/../etc/services` (getservbyport's database): ss
   * prints :ssh for port 22 unless -n. First entry wins, as in the C library.
   */
  services(): Map<string, string> {
    if (this.serviceNames !== undefined) return this.serviceNames;
    const out = new Map<string, string>();
    this.serviceNames = out;
    let text: string;
    try {
      const file = path.join(this.root, '..', 'etc', 'services');
      const st = fs.statSync(file);
      if (!st.isFile() || st.size > MAX_SERVICES_BYTES) return out;
      text = fs.readFileSync(file, 'latin1');
    } catch {
      return out;
    }
    for (const line of text.split('\n')) {
      const m = /^([^#\s]+)\s+([0-9]+)\/([a-z]+)/.exec(line);
      if (m === null) continue;
      const key = `${m[2]}/${m[3]}`;
      if (!out.has(key)) out.set(key, m[1] ?? '');
    }
    return out;
  }

  private serviceNames: Map<string, string> | undefined;
  private users: Map<number, string> | undefined;
  private groups: Map<number, string> | undefined;

  /**
   * stat(2) through an allowed link (what an open file descriptor refers to): type, device,
   * size and inode only — lsof's columns. The caller decides whether the path may be shown.
   */
  statLink(rel: string): { type: string; dev: number; rdev: number; size: number; ino: number } | { error: string } {
    if (!allowed(ALLOWED_LINKS, rel)) return { error: 'Permission denied' };
    try {
      const st = fs.statSync(this.full(rel));
      const type = st.isDirectory() ? 'DIR' : st.isFile() ? 'REG' : st.isCharacterDevice() ? 'CHR'
        : st.isBlockDevice() ? 'BLK' : st.isFIFO() ? 'FIFO' : st.isSocket() ? 'sock' : 'unknown';
      return { type, dev: st.dev, rdev: st.rdev, size: st.size, ino: st.ino };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return { error: code === 'ENOENT' ? 'No such file or directory' : 'Permission denied' };
    }
  }

  /** readlink with the failure reason (lsof prints it) */
  readlinkWithError(rel: string): { target: string } | { error: string } {
    if (!allowed(ALLOWED_LINKS, rel)) return { error: 'Permission denied' };
    try {
      return { target: fs.readlinkSync(this.full(rel), 'latin1') };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return { error: code === 'ENOENT' ? 'No such file or directory' : 'Permission denied' };
    }
  }

  /** owner uid of a process directory (what ps shows for a process whose status is unreadable) */
  ownerUid(pid: number): number | undefined {
    try {
      return fs.statSync(this.full(String(pid))).uid;
    } catch {
      return undefined;
    }
  }
}
