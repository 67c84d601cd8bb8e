// ps: report a snapshot of the current processes (procps-ng 4.0.2 output), from <proc>/<pid>/stat
// and status. Commands are shown by name (comm) only: argv and the environment of other processes
// are never read (docs/SECURITY.md § Proc reader).

import type { CallContext } from '../types.js';
import { defineRawCommand, type RawCommandLine } from '../internal/raw-command.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { readUptime } from '../internal/proc/loadavg.js';
import { readMeminfo } from '../internal/proc/meminfo.js';
import { readAllProcesses, readProcess, selfPid, type ProcessInfo } from '../internal/proc/process.js';
import type { ProcReader } from '../internal/proc/reader.js';
import { parsePsArgs, type FormatItem, type PsRequest } from './args.js';
import { fieldNamed, type PsEnv } from './fields.js';
import { layoutLine, type Column } from './layout.js';
import { PS_HELP_SIMPLE, PS_USAGE } from './usage.js';

/** the predefined formats: field name, optional header override */
const FORMATS: Record<string, ReadonlyArray<[string, string?]>> = {
  default: [['pid'], ['tname'], ['time'], ['ucmd']],
  full: [['user', 'UID'], ['pid'], ['ppid'], ['c'], ['stime'], ['tname'], ['time'], ['cmd']],
  bsdUser: [['user'], ['pid'], ['%cpu'], ['%mem'], ['vsz'], ['rss'], ['tname'], ['stat'], ['start_time'], ['bsdtime'], ['args']],
  bsd: [['pid'], ['tname'], ['stat'], ['bsdtime'], ['args']],
};

function formatOf(req: PsRequest): FormatItem[] {
  if (req.format.length > 0) return req.format;
  const name = req.bsdU ? 'bsdUser' : req.bsdA || req.bsdX ? 'bsd' : req.full ? 'full' : 'default';
  // every name there is a field of the table: none is left out
  return (FORMATS[name] ?? []).flatMap(([n, h]) => {
    const field = fieldNamed(n);
    return field === undefined ? [] : [{ name: n, field, header: h }];
  });
}

function environment(proc: ProcReader): PsEnv {
  const nowMs = Date.now();
  const up = readUptime(proc);
  const uptime = 'up' in up ? up.up : 0;
  const btime = /^btime\s+([0-9]+)/m.exec(proc.read('stat') ?? '');
  const pidMax = Number((proc.read('sys/kernel/pid_max') ?? '').trim());
  const users = proc.userNames();
  const groups = proc.groupNames();
  return {
    uptime,
    now: nowMs / 1000,
    bootTime: btime !== null ? Number(btime[1]) : nowMs / 1000 - uptime,
    memTotalKb: readMeminfo(proc)?.get('MemTotal') ?? 0,
    userName: (uid) => users.get(uid) ?? String(uid),
    groupName: (gid) => groups.get(gid) ?? String(gid),
    pidWidth: Number.isInteger(pidMax) && pidMax > 0 ? Math.max(5, String(pidMax).length) : 5,
  };
}

function select(req: PsRequest, procs: ProcessInfo[], self: ProcessInfo | undefined): ProcessInfo[] {
  const wanted = req.pids === undefined ? undefined : new Set(req.pids);
  const all = req.all || (req.bsdA && req.bsdX);
  return procs.filter((p) => {
    if (wanted?.has(p.pid)) return true;
    if (all) return true;
    if (req.bsdA) return p.ttyNr !== 0;
    if (req.bsdX) return self !== undefined && p.euid === self.euid;
    if (wanted !== undefined) return false;
    return self !== undefined && p.euid === self.euid && p.ttyNr === self.ttyNr;
  });
}

function run(ctx: CallContext, line: RawCommandLine): number | Promise<number> {
  const req = parsePsArgs(line.args);
  if ('kind' in req) {
    if (req.kind === 'refused') return fail(ctx, `${req.message}\n`, 1);
    return fail(ctx, `error: ${req.message}\n${PS_USAGE}`, 1);
  }
  if (req.help) return line.help();
  if (req.version) return line.version();
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;

  const proc = procOf(ctx);
  const env = environment(proc);
  const procs = readAllProcesses(proc, () => ctx.checkAbort());
  const selfId = selfPid(proc);
  const self = selfId === undefined ? undefined : procs.find((p) => p.pid === selfId) ?? readProcess(proc, selfId);
  const rows = select(req, procs, self);
  if (req.sort.length > 0) {
    rows.sort((a, b) => {
      for (const k of req.sort) {
        const x = k.field.key(a, env);
        const y = k.field.key(b, env);
        const c = x < y ? -1 : x > y ? 1 : 0;
        if (c !== 0) return k.descending ? -c : c;
      }
      return 0;
    });
  }
  const format = formatOf(req);
  const cols: Column[] = format.map((f) => {
    const header = f.header ?? f.field.header;
    const base = f.field.width === 'pid' ? env.pidWidth : f.field.width;
    // a header override wider than the column widens it (procps sizes columns to their header)
    return { field: f.field, header, width: Math.max(base, f.header === undefined ? 0 : header.length) };
  });
  let out = '';
  if (req.headers && cols.some((c) => c.header !== '')) out += layoutLine(cols, cols.map((c) => c.header));
  for (const p of rows) out += layoutLine(cols, cols.map((c) => c.field.text(p, env)));
  return done(ctx, out, rows.length === 0 ? 1 : 0);
}

// procps' ps reads UNIX, BSD and GNU option styles with a parser of its own (args.ts), not getopt
export const ps = defineRawCommand({ name: 'ps', summary: 'report a snapshot of the current processes', help: PS_HELP_SIMPLE, run });
