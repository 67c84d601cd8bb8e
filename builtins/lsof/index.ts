// lsof: list open files (lsof 4.95 columns) from <proc>/<pid>/{fd,fdinfo,cwd,root,exe,maps} and
// the socket tables. A path the sandbox does not allow is shown as (restricted) with DEVICE,
// SIZE/OFF and NODE blank: lsof must not reveal what lies outside the allowed roots. Host names are
// never resolved (-n is implied); -P only affects port names.

import type { CallContext } from '../types.js';
import { defineRawCommand, type RawCommandLine } from '../internal/raw-command.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { readInetSockets, readUnixSockets } from '../internal/proc/net.js';
import { readAllProcesses, type ProcessInfo } from '../internal/proc/process.js';
import type { ProcReader } from '../internal/proc/reader.js';
import { openFiles, type FileRow, type SocketIndex } from './files.js';
import { LSOF_USAGE } from './usage.js';

interface Selection {
  pids: number[];
  notPids: number[];
  commands: string[];
  users: string[];
  notUsers: string[];
  and: boolean;
  ports: boolean;
}

type Parsed = Selection | { error: string; status: number };

function splitList(v: string): string[] {
  return v.split(',').filter((x) => x !== '');
}

function parse(args: readonly string[]): Parsed | 'help' | 'version' {
  const sel: Selection = { pids: [], notPids: [], commands: [], users: [], notUsers: [], and: false, ports: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '-h' || a === '-?' || a === '--help') return 'help';
    if (a === '-v' || a === '--version') return 'version';
    if (!a.startsWith('-') || a === '-') return { error: `lsof: file operands are not supported by rshell: ${a}\n`, status: 1 };
    for (let j = 1; j < a.length; j++) {
      const c = a[j] ?? '';
      if (c === 'a') sel.and = true;
      else if (c === 'n') continue;
      else if (c === 'P') sel.ports = true;
      else if (c === 'p' || c === 'c' || c === 'u') {
        const value = j + 1 < a.length ? a.slice(j + 1) : args[++i];
        if (value === undefined) return { error: `lsof: no process ID specified\n`, status: 1 };
        if (c === 'p') {
          for (const p of splitList(value)) {
            const neg = p.startsWith('^');
            const n = neg ? p.slice(1) : p;
            if (!/^[0-9]+$/.test(n)) return { error: `lsof: illegal process ID: ${p}\n`, status: 1 };
            (neg ? sel.notPids : sel.pids).push(Number(n));
          }
        } else if (c === 'c') sel.commands.push(value);
        else for (const u of splitList(value)) (u.startsWith('^') ? sel.notUsers : sel.users).push(u.replace(/^\^/, ''));
        break;
      } else {
        return { error: `lsof: -${c} is not supported by rshell (supported: -a -c -n -P -p -u)\n`, status: 1 };
      }
    }
  }
  return sel;
}

function selected(p: ProcessInfo, s: Selection, userName: (uid: number) => string): boolean {
  const userMatch = (u: string): boolean => u === userName(p.euid) || u === String(p.euid);
  if (s.notPids.includes(p.pid) || s.notUsers.some(userMatch)) return false;
  const tests: boolean[] = [];
  if (s.pids.length > 0) tests.push(s.pids.includes(p.pid));
  if (s.commands.length > 0) tests.push(s.commands.some((c) => p.comm.startsWith(c)));
  if (s.users.length > 0) tests.push(s.users.some(userMatch));
  if (tests.length === 0) return true;
  return s.and ? tests.every(Boolean) : tests.some(Boolean);
}

function socketIndex(proc: ProcReader): SocketIndex {
  const inet = new Map<number, ReturnType<typeof readInetSockets>[number]>();
  for (const proto of ['tcp', 'udp'] as const) {
    for (const fam of [4, 6] as const) for (const s of readInetSockets(proc, proto, fam)) if (s.inode !== 0) inet.set(s.inode, s);
  }
  const unix = new Map<number, ReturnType<typeof readUnixSockets>[number]>();
  for (const u of readUnixSockets(proc)) unix.set(u.inode, u);
  return { inet, unix };
}

/** lsof's layout: COMMAND left, PID right, USER left, FD right + mode + lock, the rest right, NAME */
function render(rows: Array<{ cmd: string; pid: string; user: string; f: FileRow }>): string {
  const w = (min: number, get: (r: (typeof rows)[number]) => string): number => Math.max(min, ...rows.map((r) => get(r).length));
  const wc = w(7, (r) => r.cmd), wp = w(3, (r) => r.pid), wu = w(4, (r) => r.user), wf = w(4, (r) => r.f.fd);
  const wt = w(4, (r) => r.f.type), wd = w(6, (r) => r.f.device), ws = w(8, (r) => r.f.size), wn = w(4, (r) => r.f.node);
  let out = `${'COMMAND'.padEnd(wc)} ${'PID'.padStart(wp)} ${'USER'.padEnd(wu)} ${'FD'.padStart(wf)}   ${'TYPE'.padStart(wt)} ` +
    `${'DEVICE'.padStart(wd)} ${'SIZE/OFF'.padStart(ws)} ${'NODE'.padStart(wn)} NAME\n`;
  for (const r of rows) {
    out += `${r.cmd.padEnd(wc)} ${r.pid.padStart(wp)} ${r.user.padEnd(wu)} ${r.f.fd.padStart(wf)}${r.f.mode}  ${r.f.type.padStart(wt)} ` +
      `${r.f.device.padStart(wd)} ${r.f.size.padStart(ws)} ${r.f.node.padStart(wn)} ${r.f.name}\n`;
  }
  return out;
}

function run(ctx: CallContext, line: RawCommandLine): number | Promise<number> {
  const sel = parse(line.args);
  if (sel === 'help') return line.help();
  if (sel === 'version') return line.version();
  if ('error' in sel) return fail(ctx, sel.error, sel.status);
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  const proc = procOf(ctx);
  const users = proc.userNames();
  const userName = (uid: number): string => users.get(uid) ?? String(uid);
  const procs = readAllProcesses(proc, () => ctx.checkAbort()).filter((p) => selected(p, sel, userName));
  const sockets = socketIndex(proc);
  const services = sel.ports ? new Map<string, string>() : proc.services();
  const rows: Array<{ cmd: string; pid: string; user: string; f: FileRow }> = [];
  for (const p of procs) {
    ctx.checkAbort();
    for (const f of openFiles(ctx, proc, p.pid, sockets, sel.ports, services)) {
      rows.push({ cmd: p.comm.slice(0, 9), pid: String(p.pid), user: userName(p.euid), f });
    }
  }
  if (rows.length === 0) return 1;
  return done(ctx, render(rows));
}

// lsof reads its option letters with a parser of its own, not getopt_long (parse above; rshell's lsof
// also takes --help and --version, which lsof 4.95 does not)
export const lsof = defineRawCommand({ name: 'lsof', summary: 'list open files', help: LSOF_USAGE, run });
