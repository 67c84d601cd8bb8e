// ps output fields (procps-ng 4.0.2 names, headers, widths and formatting). The command-line
// fields (args, cmd, command) print the command name, never argv: rshell does not read other
// processes' cmdline. Kernel threads print as [comm], as procps does for an empty cmdline.

import { HZ, PAGE_SIZE, ttyName, type ProcessInfo } from '../internal/proc/process.js';

/** what the formatters need besides the process itself */
export interface PsEnv {
  /** seconds since boot, now */
  uptime: number;
  /** boot time, seconds since the epoch */
  bootTime: number;
  /** now, seconds since the epoch */
  now: number;
  memTotalKb: number;
  userName(uid: number): string;
  groupName(gid: number): string;
  pidWidth: number;
}

export interface Field {
  header: string;
  /** 'pid' widths follow pid_max */
  width: number | 'pid';
  align: 'left' | 'right';
  /** user/group names: truncated to the width with a '+' */
  user?: boolean;
  /** the last column is never truncated or padded; `comm`/`cmd` elsewhere are cut to the width */
  text(p: ProcessInfo, e: PsEnv): string;
  key(p: ProcessInfo, e: PsEnv): number | string;
}

const two = (n: number): string => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const cpuTicks = (p: ProcessInfo): number => p.utime + p.stime;
const elapsed = (p: ProcessInfo, e: PsEnv): number => Math.max(0, e.uptime - p.startTicks / HZ);
const startEpoch = (p: ProcessInfo, e: PsEnv): number => Math.trunc(e.bootTime + p.startTicks / HZ);

/** [DD-]HH:MM:SS */
function clockTime(secs: number): string {
  const days = Math.trunc(secs / 86400);
  const rest = `${two(Math.trunc(secs / 3600) % 24)}:${two(Math.trunc(secs / 60) % 60)}:${two(secs % 60)}`;
  return days > 0 ? `${days}-${rest}` : rest;
}

/** [[DD-]hh:]mm:ss */
function elapsedTime(secs: number): string {
  const days = Math.trunc(secs / 86400);
  const hours = Math.trunc(secs / 3600) % 24;
  const mmss = `${two(Math.trunc(secs / 60) % 60)}:${two(secs % 60)}`;
  if (days > 0) return `${days}-${two(hours)}:${mmss}`;
  if (hours > 0) return `${two(hours)}:${mmss}`;
  return mmss;
}

/** per-mille CPU use over the process's life, as procps computes it */
function pcpuPermille(p: ProcessInfo, e: PsEnv): number {
  const secs = Math.trunc(elapsed(p, e));
  return secs > 0 ? Math.trunc(Math.trunc((cpuTicks(p) * 1000) / HZ) / secs) : 0;
}

/** %cpu and pcpu: tenths below 100%, whole percents from there */
function pcpuText(p: ProcessInfo, e: PsEnv): string {
  const v = pcpuPermille(p, e);
  return v > 999 ? String(Math.trunc(v / 10)) : `${Math.trunc(v / 10)}.${v % 10}`;
}

function stateFlags(p: ProcessInfo): string {
  let s = p.state;
  if (p.nice < 0) s += '<';
  else if (p.nice > 0) s += 'N';
  if (p.lockedKb > 0) s += 'L';
  if (p.session === p.pid) s += 's';
  if (p.threads > 1) s += 'l';
  if (p.tpgid !== -1 && p.pgrp === p.tpgid) s += '+';
  return s;
}

/**
 * STIME / START (procps `pr_stime`): HH:MM when started on today's calendar day, MmmDD on
 * another day of this calendar year, ` YYYY` before. Calendar days, not 24 hours: a process
 * started at 14:50 yesterday shows `Nov30` at 00:05 today.
 */
function shortStart(p: ProcessInfo, e: PsEnv): string {
  const d = new Date(startEpoch(p, e) * 1000);
  const now = new Date(e.now * 1000);
  // procps right-aligns the column: a year is ` 2025` (`ps aux` on a long-lived machine)
  if (d.getFullYear() !== now.getFullYear()) return ` ${d.getFullYear()}`;
  if (dayOfYear(d) !== dayOfYear(now)) return `${MONTHS[d.getMonth()]}${two(d.getDate())}`;
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

function dayOfYear(d: Date): number {
  return Math.round((Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) - Date.UTC(d.getFullYear(), 0, 1)) / 86400000);
}

/** STARTED (procps `pr_start`): HH:MM:SS within the last 24 hours, else `Mmm DD` (no year branch) */
function longStart(p: ProcessInfo, e: PsEnv): string {
  const t = startEpoch(p, e);
  const d = new Date(t * 1000);
  if (t + 86400 > e.now) return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  return `  ${MONTHS[d.getMonth()]} ${two(d.getDate())}`;
}

function ctimeStart(p: ProcessInfo, e: PsEnv): string {
  const d = new Date(startEpoch(p, e) * 1000);
  return `${DAYS[d.getDay()]} ${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2)} ` +
    `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())} ${d.getFullYear()}`;
}

const commandText = (p: ProcessInfo): string => (p.kernelThread ? `[${p.comm}]` : p.comm);

function num(header: string, width: number | 'pid', get: (p: ProcessInfo, e: PsEnv) => number): Field {
  return { header, width, align: 'right', text: (p, e) => String(get(p, e)), key: get };
}

const pid = (header: string, get: (p: ProcessInfo) => number): Field => num(header, 'pid', get);

const FIELDS: Record<string, Field> = {
  pid: pid('PID', (p) => p.pid),
  ppid: pid('PPID', (p) => p.ppid),
  pgid: pid('PGID', (p) => p.pgrp),
  pgrp: pid('PGRP', (p) => p.pgrp),
  sid: pid('SID', (p) => p.session),
  sess: pid('SESS', (p) => p.session),
  session: pid('SESS', (p) => p.session),
  tpgid: pid('TPGID', (p) => p.tpgid),
  lwp: pid('LWP', (p) => p.pid),
  tid: pid('TID', (p) => p.pid),
  spid: pid('SPID', (p) => p.pid),
  tgid: pid('TGID', (p) => p.pid),
  uid: num('UID', 5, (p) => p.euid),
  euid: num('EUID', 5, (p) => p.euid),
  ruid: num('RUID', 5, (p) => p.ruid),
  gid: num('GID', 5, (p) => p.egid),
  egid: num('EGID', 5, (p) => p.egid),
  rgid: num('RGID', 5, (p) => p.rgid),
  user: { header: 'USER', width: 8, align: 'left', user: true, text: (p, e) => e.userName(p.euid), key: (p, e) => e.userName(p.euid) },
  euser: { header: 'EUSER', width: 8, align: 'left', user: true, text: (p, e) => e.userName(p.euid), key: (p, e) => e.userName(p.euid) },
  uname: { header: 'USER', width: 8, align: 'left', user: true, text: (p, e) => e.userName(p.euid), key: (p, e) => e.userName(p.euid) },
  ruser: { header: 'RUSER', width: 8, align: 'left', user: true, text: (p, e) => e.userName(p.ruid), key: (p, e) => e.userName(p.ruid) },
  group: { header: 'GROUP', width: 8, align: 'left', user: true, text: (p, e) => e.groupName(p.egid), key: (p, e) => e.groupName(p.egid) },
  egroup: { header: 'EGROUP', width: 8, align: 'left', user: true, text: (p, e) => e.groupName(p.egid), key: (p, e) => e.groupName(p.egid) },
  tty: { header: 'TT', width: 8, align: 'left', text: (p) => ttyName(p.ttyNr), key: (p) => p.ttyNr },
  tt: { header: 'TT', width: 8, align: 'left', text: (p) => ttyName(p.ttyNr), key: (p) => p.ttyNr },
  tname: { header: 'TTY', width: 8, align: 'left', text: (p) => ttyName(p.ttyNr), key: (p) => p.ttyNr },
  stat: { header: 'STAT', width: 4, align: 'left', text: stateFlags, key: stateFlags },
  s: { header: 'S', width: 1, align: 'left', text: (p) => p.state, key: (p) => p.state },
  state: { header: 'S', width: 1, align: 'left', text: (p) => p.state, key: (p) => p.state },
  ni: { header: 'NI', width: 3, align: 'right', text: (p) => String(p.nice), key: (p) => p.nice },
  nice: { header: 'NI', width: 3, align: 'right', text: (p) => String(p.nice), key: (p) => p.nice },
  pri: num('PRI', 3, (p) => 39 - p.priority),
  nlwp: num('NLWP', 4, (p) => p.threads),
  thcount: num('THCNT', 5, (p) => p.threads),
  psr: num('PSR', 3, (p) => p.processor),
  vsz: num('VSZ', 6, (p) => Math.trunc(p.vsizeBytes / 1024)),
  vsize: num('VSZ', 6, (p) => Math.trunc(p.vsizeBytes / 1024)),
  rss: num('RSS', 5, (p) => (p.rssPages * PAGE_SIZE) / 1024),
  rssize: num('RSS', 5, (p) => (p.rssPages * PAGE_SIZE) / 1024),
  rsz: num('RSZ', 5, (p) => (p.rssPages * PAGE_SIZE) / 1024),
  sz: num('SZ', 5, (p) => Math.trunc(p.vsizeBytes / PAGE_SIZE)),
  '%cpu': { header: '%CPU', width: 4, align: 'right', text: pcpuText, key: pcpuPermille },
  pcpu: { header: '%CPU', width: 4, align: 'right', text: pcpuText, key: pcpuPermille },
  c: num('C', 2, (p, e) => Math.min(99, Math.trunc(pcpuPermille(p, e) / 10))),
  '%mem': {
    header: '%MEM', width: 4, align: 'right',
    text: (p, e) => {
      const v = memPermille(p, e);
      return `${Math.trunc(v / 10)}.${v % 10}`;
    },
    key: (p, e) => memPermille(p, e),
  },
  time: { header: 'TIME', width: 8, align: 'right', text: (p) => clockTime(Math.trunc(cpuTicks(p) / HZ)), key: cpuTicks },
  cputime: { header: 'TIME', width: 8, align: 'right', text: (p) => clockTime(Math.trunc(cpuTicks(p) / HZ)), key: cpuTicks },
  bsdtime: {
    header: 'TIME', width: 6, align: 'right',
    text: (p) => {
      const s = Math.trunc(cpuTicks(p) / HZ);
      return `${String(Math.trunc(s / 60)).padStart(3)}:${two(s % 60)}`.trimStart();
    },
    key: cpuTicks,
  },
  etime: { header: 'ELAPSED', width: 11, align: 'right', text: (p, e) => elapsedTime(Math.trunc(elapsed(p, e))), key: (p) => -p.startTicks },
  etimes: num('ELAPSED', 7, (p, e) => Math.trunc(elapsed(p, e))),
  stime: { header: 'STIME', width: 5, align: 'left', text: shortStart, key: (p) => p.startTicks },
  start_time: { header: 'START', width: 5, align: 'left', text: shortStart, key: (p) => p.startTicks },
  start: { header: 'STARTED', width: 8, align: 'right', text: longStart, key: (p) => p.startTicks },
  lstart: { header: 'STARTED', width: 24, align: 'right', text: ctimeStart, key: (p) => p.startTicks },
  comm: { header: 'COMMAND', width: 15, align: 'left', text: (p) => p.comm, key: (p) => p.comm },
  ucmd: { header: 'CMD', width: 15, align: 'left', text: (p) => p.comm, key: (p) => p.comm },
  ucomm: { header: 'COMMAND', width: 15, align: 'left', text: (p) => p.comm, key: (p) => p.comm },
  fname: { header: 'COMMAND', width: 8, align: 'left', text: (p) => p.comm.slice(0, 8), key: (p) => p.comm },
  args: { header: 'COMMAND', width: 27, align: 'left', text: commandText, key: commandText },
  cmd: { header: 'CMD', width: 27, align: 'left', text: commandText, key: commandText },
  command: { header: 'COMMAND', width: 27, align: 'left', text: commandText, key: commandText },
};

function memPermille(p: ProcessInfo, e: PsEnv): number {
  if (e.memTotalKb <= 0) return 0;
  const v = Math.trunc(((p.rssPages * PAGE_SIZE) / 1024) * 1000 / e.memTotalKb);
  return Math.min(999, v);
}

/** the field named `name` (ps's -o / --sort vocabulary), or undefined */
export function fieldNamed(name: string): Field | undefined {
  return Object.hasOwn(FIELDS, name) ? FIELDS[name] : undefined;
}
