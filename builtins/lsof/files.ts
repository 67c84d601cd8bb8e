// One process's open files as lsof 4.95 lists them: cwd, rtd, txt, mem (mapped files), then the
// numbered descriptors with their access mode from fdinfo.

import type { CallContext } from '../types.js';
import type { ProcReader } from '../internal/proc/reader.js';
import type { InetSocket, UnixSocket } from '../internal/proc/net.js';

export interface FileRow {
  fd: string;
  mode: string;
  type: string;
  device: string;
  size: string;
  node: string;
  name: string;
}

export interface SocketIndex {
  inet: Map<number, InetSocket>;
  unix: Map<number, UnixSocket>;
}

const TCP_STATES = ['', 'ESTABLISHED', 'SYN_SENT', 'SYN_RECV', 'FIN_WAIT1', 'FIN_WAIT2', 'TIME_WAIT', 'CLOSE',
  'CLOSE_WAIT', 'LAST_ACK', 'LISTEN', 'CLOSING'];
const UNIX_TYPES: Record<number, string> = { 1: 'STREAM', 2: 'DGRAM', 5: 'SEQPACKET' };

const devText = (dev: number): string => `${Math.floor(dev / 256) & 0xfff},${(dev & 0xff) | ((dev >> 12) & 0xfff00)}`;

function inetName(s: InetSocket, ports: boolean, services: Map<string, string>): string {
  const host = (a: string): string => (s.family === 6 ? `[${a}]` : a);
  const wild = (a: string): boolean => a === '0.0.0.0' || a === '::';
  const port = (p: number): string => (p === 0 ? '*' : (!ports && services.get(`${p}/${s.proto}`)) || String(p));
  const local = `${wild(s.localAddr) ? '*' : host(s.localAddr)}:${port(s.localPort)}`;
  if (s.remotePort === 0 && wild(s.remoteAddr)) {
    return s.proto === 'tcp' ? `${local} (${TCP_STATES[s.state] ?? 'UNKNOWN'})` : local;
  }
  const remote = `${host(s.remoteAddr)}:${port(s.remotePort)}`;
  return s.proto === 'tcp' ? `${local}->${remote} (${TCP_STATES[s.state] ?? 'UNKNOWN'})` : `${local}->${remote}`;
}

/** is `path` visible through the sandbox? (the script could name it) */
function visible(ctx: CallContext, path: string): boolean {
  if (!path.startsWith('/')) return false;
  return ctx.fs.stat(path).ok;
}

function pathRow(ctx: CallContext, proc: ProcReader, fd: string, mode: string, rel: string, target: string, offset: string | undefined): FileRow {
  const st = proc.statLink(rel);
  const type = 'error' in st ? 'unknown' : st.type;
  if (!visible(ctx, target.replace(/ \(deleted\)$/, ''))) {
    return { fd, mode, type, device: '', size: '', node: '', name: '(restricted)' };
  }
  if ('error' in st) return { fd, mode, type, device: '', size: '', node: '', name: target };
  const sized = st.type === 'REG' || st.type === 'DIR';
  return {
    fd, mode, type,
    device: devText(st.type === 'CHR' || st.type === 'BLK' ? st.rdev : st.dev),
    size: sized && offset === undefined ? String(st.size) : sized ? String(st.size) : `0t${offset ?? 0}`,
    node: String(st.ino), name: target,
  };
}

function specialRow(proc: ProcReader, fd: string, mode: string, rel: string, target: string, sockets: SocketIndex, ports: boolean, services: Map<string, string>): FileRow {
  const st = proc.statLink(rel);
  const dev = 'error' in st ? '' : devText(st.dev);
  const ino = 'error' in st ? '' : String(st.ino);
  const inode = Number(/\[([0-9]+)\]/.exec(target)?.[1] ?? NaN);
  if (target.startsWith('socket:')) {
    const inet = sockets.inet.get(inode);
    if (inet !== undefined) {
      return { fd, mode, type: inet.family === 6 ? 'IPv6' : 'IPv4', device: `0x${inet.pointer.replace(/^0+(?=.)/, '')}`, size: '0t0',
        node: inet.proto.toUpperCase(), name: inetName(inet, ports, services) };
    }
    const u = sockets.unix.get(inode);
    if (u !== undefined) {
      return { fd, mode, type: 'unix', device: '', size: '0t0', node: String(inode),
        name: `${u.path !== '' ? `${u.path} ` : ''}type=${UNIX_TYPES[u.type] ?? 'UNKNOWN'}` };
    }
    return { fd, mode, type: 'sock', device: dev, size: '0t0', node: String(inode), name: "protocol: UNKNOWN" };
  }
  if (target.startsWith('pipe:')) return { fd, mode, type: 'FIFO', device: dev, size: '0t0', node: ino, name: 'pipe' };
  if (target.startsWith('anon_inode:')) {
    return { fd, mode, type: 'a_inode', device: dev, size: '0', node: ino, name: target.slice('anon_inode:'.length) };
  }
  return { fd, mode, type: 'unknown', device: dev, size: '', node: ino, name: target };
}

function accessMode(proc: ProcReader, pid: number, fd: string): { mode: string; pos: string | undefined } {
  const info = proc.read(`${pid}/fdinfo/${fd}`);
  if (info === undefined) return { mode: ' ', pos: undefined };
  const flags = parseInt(/^flags:\s+([0-7]+)/m.exec(info)?.[1] ?? '0', 8);
  const pos = /^pos:\s+([0-9]+)/m.exec(info)?.[1];
  return { mode: ['r', 'w', 'u', ' '][flags & 3] ?? ' ', pos };
}

export function openFiles(
  ctx: CallContext, proc: ProcReader, pid: number, sockets: SocketIndex, ports: boolean, services: Map<string, string>,
): FileRow[] {
  const rows: FileRow[] = [];
  const link = (fd: string, rel: string): void => {
    const r = proc.readlinkWithError(rel);
    if ('error' in r) {
      rows.push({ fd, mode: ' ', type: 'unknown', device: '', size: '', node: '', name: `/proc/${rel} (readlink: ${r.error})` });
      return;
    }
    rows.push(pathRow(ctx, proc, fd, ' ', rel, r.target, undefined));
  };
  link('cwd', `${pid}/cwd`);
  link('rtd', `${pid}/root`);
  link('txt', `${pid}/exe`);
  const exe = proc.readlink(`${pid}/exe`);
  const seen = new Set<string>(exe === undefined ? [] : [exe]);
  for (const line of proc.lines(`${pid}/maps`) ?? []) {
    const m = /^\S+ \S+ \S+ \S+ [1-9][0-9]* +(\/.*)$/.exec(line);
    const path = m?.[1];
    if (path === undefined || seen.has(path)) continue;
    seen.add(path);
    if (!visible(ctx, path)) {
      rows.push({ fd: 'mem', mode: ' ', type: 'REG', device: '', size: '', node: '', name: '(restricted)' });
      continue;
    }
    const st = ctx.fs.stat(path);
    if (st.ok) rows.push({ fd: 'mem', mode: ' ', type: 'REG', device: devText(st.value.dev), size: String(st.value.size), node: String(st.value.ino), name: path });
  }
  const fds = proc.list(`${pid}/fd`);
  if (fds === undefined) {
    rows.push({ fd: 'NOFD', mode: ' ', type: '', device: '', size: '', node: '', name: `/proc/${pid}/fd (opendir: Permission denied)` });
    return rows;
  }
  for (const fd of fds.filter((f) => /^[0-9]+$/.test(f)).sort((a, b) => Number(a) - Number(b))) {
    const rel = `${pid}/fd/${fd}`;
    const r = proc.readlinkWithError(rel);
    const { mode, pos } = accessMode(proc, pid, fd);
    if ('error' in r) {
      rows.push({ fd, mode: ' ', type: 'unknown', device: '', size: '', node: '', name: `/proc/${rel} (readlink: ${r.error})` });
    } else if (r.target.startsWith('/')) {
      rows.push(pathRow(ctx, proc, fd, mode, rel, r.target, pos));
    } else {
      rows.push(specialRow(proc, fd, mode, rel, r.target, sockets, ports, services));
    }
  }
  return rows;
}
