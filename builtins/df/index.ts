// df: report file system space usage (GNU coreutils 9.1), from <proc>/self/mountinfo and
// statfs(2) on each mount point. FILE operands are resolved through the sandbox (a path outside
// the allowed roots fails as a missing file would).

import type { CallContext } from '../types.js';
import { defineCommand, flag, type CommandLine } from '../internal/command.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { quotef } from '../internal/quote.js';
import { procOf, refuseOffLinux } from '../internal/proc/common.js';
import { deviceOf, readMounts, statfsOf, type FsUsage, type Mount } from '../internal/proc/mounts.js';
import { humanSize } from './human.js';
import { DF_USAGE } from './usage.js';

// long options in GNU df's table order
const FLAGS = {
  all: flag.boolean('-a --all'),
  blockSize: flag.string('-B --block-size'),
  inodes: flag.boolean('-i --inodes'),
  human: flag.boolean('-h --human-readable'),
  k: flag.boolean('-k'),
  local: flag.boolean('-l --local'),
  output: flag.optional('--output'),
  portability: flag.boolean('-P --portability'),
  printType: flag.boolean('-T --print-type'),
  si: flag.boolean('-H --si'),
  sync: flag.boolean('--sync'),
  noSync: flag.boolean('--no-sync'),
  total: flag.boolean('--total'),
  type: flag.list('-t --type'),
  exclude: flag.list('-x --exclude-type'),
  v: flag.boolean('-v'),
};

/** gnulib's ME_DUMMY file system types: hidden without -a */
const DUMMY_TYPES = new Set([
  'autofs', 'proc', 'subfs', 'debugfs', 'devpts', 'fusectl', 'fuse.portal', 'mqueue', 'rpc_pipefs', 'sysfs',
  'devfs', 'kernfs', 'ignore', 'binfmt_misc', 'bpf', 'cgroup', 'cgroup2', 'configfs', 'efivarfs', 'hugetlbfs',
  'nsfs', 'pstore', 'securityfs', 'selinuxfs', 'tracefs', 'rootfs', 'none',
]);
const REMOTE_TYPES = new Set(['afs', 'auristorfs', 'autofs', 'cifs', 'coda', 'fuse.sshfs', 'ncpfs', 'nfs', 'nfs4', 'smb3', 'smbfs', 'sshfs']);

const isDummy = (m: Mount): boolean => DUMMY_TYPES.has(m.fsType) || (m.fsType === 'none' && m.devName === 'none');
const isRemote = (m: Mount): boolean =>
  m.devName.includes(':') || (m.devName.startsWith('//') && ['smbfs', 'smb3', 'cifs'].includes(m.fsType)) || REMOTE_TYPES.has(m.fsType);

interface Options {
  all: boolean;
  inodes: boolean;
  human: 0 | 1024 | 1000;
  posix: boolean;
  printType: boolean;
  total: boolean;
  local: boolean;
  types: string[];
  excludes: string[];
}

interface Row {
  source: string;
  fsType: string;
  target: string;
  /** total, used, available in bytes (or inode counts); undefined = unknown ('-') */
  size: bigint | undefined;
  used: bigint | undefined;
  avail: bigint | undefined;
}

function rowOf(m: Mount, u: FsUsage, o: Options): Row {
  if (o.inodes) {
    const files = BigInt(u.files);
    const ffree = BigInt(u.ffree);
    return { source: m.devName, fsType: m.fsType, target: m.mountDir, size: files, used: files - ffree, avail: ffree };
  }
  const bs = BigInt(u.blockSize);
  return {
    source: m.devName, fsType: m.fsType, target: m.mountDir,
    size: BigInt(u.blocks) * bs, used: BigInt(u.blocks - u.bfree) * bs, avail: BigInt(u.bavail) * bs,
  };
}

function percent(r: Row): string {
  if (r.used === undefined || r.avail === undefined) return '-';
  const total = r.used + r.avail;
  if (total === 0n) return '-';
  const u100 = r.used * 100n;
  return `${u100 / total + (u100 % total !== 0n ? 1n : 0n)}%`;
}

function amount(v: bigint | undefined, o: Options): string {
  if (v === undefined) return '-';
  if (o.inodes) return o.human === 0 ? String(v) : humanSize(v, o.human);
  if (o.human !== 0) return humanSize(v, o.human);
  return String((v + 1023n) / 1024n);
}

/** GNU df's duplicate elimination (filter_mount_list): one entry per device */
function dedup(mounts: Mount[]): Mount[] {
  const kept: Array<Mount | undefined> = [];
  const byDev = new Map<number, number>();
  for (const me of mounts) {
    const dev = deviceOf(me.mountDir);
    const at = dev === undefined ? undefined : byDev.get(dev);
    if (dev === undefined || at === undefined) {
      if (dev !== undefined) byDev.set(dev, kept.length);
      kept.push(me);
      continue;
    }
    const seen = kept[at]!; // byDev holds indices of kept (set just before each push)
    const preferNew = (me.devName.includes('/') && !seen.devName.includes('/')) ||
      seen.mountDir.length > me.mountDir.length ||
      (seen.devName !== me.devName && seen.mountDir === me.mountDir);
    if (preferNew) kept[at] = me;
  }
  return kept.filter((m): m is Mount => m !== undefined);
}

function selected(m: Mount, o: Options): boolean {
  if (o.types.length > 0 && !o.types.includes(m.fsType)) return false;
  if (o.excludes.includes(m.fsType)) return false;
  if (o.local && isRemote(m)) return false;
  return true;
}

/** the mount a FILE lives on: the longest mount point prefix of its real path on the same device */
function mountOfFile(mounts: Mount[], real: string, dev: number): Mount | undefined {
  let best: Mount | undefined;
  const under = (dir: string): boolean => dir === '/' || real === dir || real.startsWith(dir + '/');
  for (const m of mounts) {
    if (!under(m.mountDir)) continue;
    if (deviceOf(m.mountDir) !== dev) continue;
    if (best === undefined || m.mountDir.length >= best.mountDir.length) best = m;
  }
  if (best !== undefined) return best;
  for (const m of mounts) if (under(m.mountDir) && (best === undefined || m.mountDir.length >= best.mountDir.length)) best = m;
  return best;
}

function table(rows: Row[], o: Options): string {
  const sizeHeader = o.inodes ? 'Inodes' : o.human !== 0 ? 'Size' : o.posix ? '1024-blocks' : '1K-blocks';
  const headers = ['Filesystem', ...(o.printType ? ['Type'] : []), sizeHeader, o.inodes ? 'IUsed' : 'Used',
    o.inodes ? 'IFree' : o.human !== 0 ? 'Avail' : 'Available', o.inodes ? 'IUse%' : o.posix ? 'Capacity' : 'Use%', 'Mounted on'];
  const left = new Set([0, ...(o.printType ? [1] : []), headers.length - 1]);
  const cells = rows.map((r) => [r.source, ...(o.printType ? [r.fsType] : []), amount(r.size, o), amount(r.used, o),
    amount(r.avail, o), percent(r), r.target]);
  const all = [headers, ...cells];
  // GNU's starting widths (field_data): source 14, type 4, numbers 5, percent 4
  const minimum = ['source', ...(o.printType ? ['type'] : []), 'n', 'n', 'n', 'pct', 'target']
    .map((k) => ({ source: 14, type: 4, n: 5, pct: 4, target: 0 })[k] ?? 0);
  const widths = headers.map((_, i) => Math.max(minimum[i] ?? 0, ...all.map((c) => (c[i] ?? '').length)));
  return all.map((c) => c.map((cell, i) => {
    if (i === c.length - 1) return cell;
    return left.has(i) ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0);
  }).join(' ') + '\n').join('');
}

async function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  for (const [name, spelled] of [['blockSize', '-B/--block-size'], ['output', '--output'], ['sync', '--sync']] as const) {
    if (order.some((x) => x.name === name)) {
      await ctx.stderr.writeString(`df: ${spelled} is not supported by rshell\n`);
      return 1;
    }
  }
  const o: Options = {
    all: flags.all, inodes: flags.inodes, human: 0,
    posix: flags.portability, printType: flags.printType, total: flags.total,
    local: flags.local, types: flags.type, excludes: flags.exclude,
  };
  // the last of -h, -H, -k wins, as in GNU's option loop
  for (const x of order) {
    if (x.name === 'human') o.human = 1024;
    else if (x.name === 'si') o.human = 1000;
    else if (x.name === 'k') o.human = 0;
  }
  for (const t of o.types) {
    if (o.excludes.includes(t)) {
      await ctx.stderr.writeString(`df: file system type ${quoteType(t)} both selected and excluded\n`);
      return 1;
    }
  }
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  const mounts = readMounts(procOf(ctx));
  if (mounts === undefined) {
    await ctx.stderr.writeString('df: cannot read table of mounted file systems: No such file or directory\n');
    return 1;
  }
  const out = new OutputBuffer(ctx.stdout);
  let status = 0;
  const rows: Row[] = [];
  if (operands.length > 0) {
    for (const name of operands) {
      ctx.checkAbort();
      const st = ctx.fs.stat(name);
      const real = st.ok ? ctx.fs.realpath(name) : undefined;
      if (!st.ok || real === undefined || !real.ok) {
        const err = !st.ok ? st.error : real !== undefined && !real.ok ? real.error : undefined;
        await writeDiagnostic(ctx, out, `df: ${quotef(name)}: ${err?.message ?? 'No such file or directory'}\n`);
        status = 1;
        continue;
      }
      const m = mountOfFile(mounts, real.value, st.value.dev);
      if (m === undefined || !selected(m, o)) continue;
      const u = statfsOf(m.mountDir);
      if ('error' in u) continue;
      rows.push(rowOf(m, u, o));
    }
  } else {
    const candidates = o.all ? mounts : dedup(mounts.filter((m) => !isDummy(m)));
    for (const m of candidates) {
      ctx.checkAbort();
      if (!selected(m, o)) continue;
      const u = statfsOf(m.mountDir);
      if ('error' in u) {
        if (o.all) rows.push({ source: m.devName, fsType: m.fsType, target: m.mountDir, size: undefined, used: undefined, avail: undefined });
        continue;
      }
      if (!o.all && u.blocks === 0 && !o.inodes) continue;
      rows.push(rowOf(m, u, o));
    }
  }
  if (rows.length === 0) {
    if (status === 0 || operands.length === 0) {
      await writeDiagnostic(ctx, out, 'df: no file systems processed\n');
    }
    const p = out.flush();
    if (p) await p;
    return 1;
  }
  if (o.total) {
    const sum = (k: 'size' | 'used' | 'avail'): bigint => rows.reduce((a, x) => a + (x[k] ?? 0n), 0n);
    rows.push({ source: 'total', fsType: '-', target: '-', size: sum('size'), used: sum('used'), avail: sum('avail') });
  }
  const w = out.writeString(table(rows, o));
  if (w) await w;
  const f = out.flush();
  if (f) await f;
  return status;
}

/** GNU quotes the type with locale quotes; in the C locale they are plain apostrophes */
function quoteType(t: string): string {
  return `'${t}'`;
}

export const df = defineCommand({ name: 'df', summary: 'report file system space usage', help: DF_USAGE, flags: FLAGS, run });
