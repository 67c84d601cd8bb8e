// One process as ps, pmap and lsof see it: <proc>/<pid>/stat and <pid>/status (never cmdline or
// environ). Field numbers follow proc(5).

import type { ProcReader } from './reader.js';

/** USER_HZ: the unit of the tick counts in stat (100 on every Linux ABI) */
export const HZ = 100;
/** the page size stat's rss is counted in (4 KiB on x86_64 and the common arm64 kernels) */
export const PAGE_SIZE = 4096;
/** PF_KTHREAD in stat's flags: a kernel thread (ps shows it as [comm]) */
const PF_KTHREAD = 0x00200000;

export interface ProcessInfo {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  pgrp: number;
  session: number;
  ttyNr: number;
  tpgid: number;
  flags: number;
  utime: number;
  stime: number;
  priority: number;
  nice: number;
  threads: number;
  /** start time in ticks after boot */
  startTicks: number;
  vsizeBytes: number;
  rssPages: number;
  processor: number;
  ruid: number;
  euid: number;
  rgid: number;
  egid: number;
  /** VmLck in KiB (the L in STAT) */
  lockedKb: number;
  kernelThread: boolean;
}

/** parse the stat line: "pid (comm with spaces) S ppid …" — comm is everything up to the last ')' */
export function parseStat(line: string): Omit<ProcessInfo, 'ruid' | 'euid' | 'rgid' | 'egid' | 'lockedKb'> | undefined {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const pid = Number(line.slice(0, open).trim());
  const f = line.slice(close + 2).trim().split(/\s+/);
  if (!Number.isInteger(pid) || f.length < 22) return undefined;
  const n = (i: number): number => {
    const v = Number(f[i]);
    return Number.isFinite(v) ? v : 0;
  };
  const flags = n(6);
  return {
    pid,
    comm: line.slice(open + 1, close),
    state: f[0] ?? '?',
    ppid: n(1), pgrp: n(2), session: n(3), ttyNr: n(4), tpgid: n(5), flags,
    utime: n(11), stime: n(12), priority: n(15), nice: n(16), threads: n(17),
    startTicks: n(19), vsizeBytes: n(20), rssPages: n(21), processor: n(36),
    kernelThread: (flags & PF_KTHREAD) !== 0,
  };
}

function statusIds(status: string, key: string): [number, number] | undefined {
  const m = new RegExp(`^${key}:\\s+([0-9]+)\\s+([0-9]+)`, 'm').exec(status);
  return m === null ? undefined : [Number(m[1]), Number(m[2])];
}

export function readProcess(proc: ProcReader, pid: number): ProcessInfo | undefined {
  const stat = proc.read(`${pid}/stat`);
  if (stat === undefined) return undefined;
  const s = parseStat(stat.split('\n')[0] ?? '');
  if (s === undefined) return undefined;
  const status = proc.read(`${pid}/status`) ?? '';
  const owner = proc.ownerUid(pid) ?? 0;
  const uid = statusIds(status, 'Uid') ?? [owner, owner];
  const gid = statusIds(status, 'Gid') ?? [0, 0];
  const lck = /^VmLck:\s+([0-9]+)/m.exec(status);
  return { ...s, ruid: uid[0], euid: uid[1], rgid: gid[0], egid: gid[1], lockedKb: lck === null ? 0 : Number(lck[1]) };
}

/** every readable process, in pid order */
export function readAllProcesses(proc: ProcReader, checkAbort: () => void): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  let i = 0;
  for (const pid of proc.pids()) {
    if (++i % 256 === 0) checkAbort();
    const p = readProcess(proc, pid);
    if (p !== undefined) out.push(p);
  }
  return out;
}

/** the pid `self` names under the proc root (the rshell host process on a live /proc) */
export function selfPid(proc: ProcReader): number | undefined {
  const target = proc.readlink('self');
  if (target !== undefined && /^[0-9]+$/.test(target)) return Number(target);
  const stat = proc.read('self/stat');
  const s = stat === undefined ? undefined : parseStat(stat);
  return s?.pid;
}

/** tty_nr → name as ps prints it ("pts/3", "tty1", "ttyS0"), "?" for none */
export function ttyName(ttyNr: number): string {
  if (ttyNr === 0) return '?';
  const major = (ttyNr >> 8) & 0xfff;
  const minor = (ttyNr & 0xff) | ((ttyNr >> 12) & 0xfff00);
  if (major >= 136 && major <= 143) return `pts/${minor + (major - 136) * 256}`;
  if (major === 4) return minor < 64 ? `tty${minor}` : `ttyS${minor - 64}`;
  if (major === 5 && minor === 1) return 'console';
  return '?';
}
