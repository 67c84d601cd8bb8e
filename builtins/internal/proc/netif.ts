// Network interfaces for ip: links from /sys/class/net (beside the proc root: <root>/../sys),
// IPv4 addresses from node:os (getifaddrs), IPv6 addresses from <proc>/net/if_inet6, routes from
// <proc>/net/route. Every read is a fixed file name under those directories.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatIpv6 } from './net.js';
import type { ProcReader } from './reader.js';

export const MAX_ROUTES = 10_000;
const MAX_INTERFACES = 4096;
const LINK_FILES = ['ifindex', 'flags', 'mtu', 'operstate', 'address', 'broadcast', 'tx_queue_len', 'type', 'carrier', 'link_mode', 'netdev_group'] as const;

export interface Link {
  index: number;
  name: string;
  flags: number;
  mtu: number;
  operstate: string;
  address: string;
  broadcast: string;
  txqlen: number;
  type: number;
  carrier: boolean;
  linkMode: number;
  group: number;
}

export interface Address {
  family: 4 | 6;
  ifname: string;
  address: string;
  prefix: number;
  /** IPv6: the if_inet6 scope byte; IPv4: derived from the address */
  scope: string;
  /** IFA_F_* flags (IPv6 only; IPv4 addresses count as permanent) */
  flags: number;
}

export interface Route {
  ifname: string;
  destination: string;
  gateway: string;
  flags: number;
  metric: number;
  prefix: number;
}

function sysNetDir(proc: ProcReader): string {
  return path.join(proc.root, '..', 'sys', 'class', 'net');
}

function readSmall(file: string): string | undefined {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return undefined;
    return fs.readFileSync(file, 'latin1').trim();
  } catch {
    return undefined;
  }
}

export function readLinks(proc: ProcReader): Link[] {
  const dir = sysNetDir(proc);
  let names: string[];
  try {
    names = fs.readdirSync(dir).slice(0, MAX_INTERFACES);
  } catch {
    return [];
  }
  const links: Link[] = [];
  for (const name of names) {
    if (name.includes('/') || name.startsWith('.')) continue;
    const v: Partial<Record<(typeof LINK_FILES)[number], string>> = {};
    for (const f of LINK_FILES) v[f] = readSmall(path.join(dir, name, f));
    if (v.ifindex === undefined) continue;
    links.push({
      index: Number(v.ifindex), name, flags: parseInt(v.flags ?? '0', 16), mtu: Number(v.mtu ?? 0),
      operstate: (v.operstate ?? 'unknown').toUpperCase(), address: v.address ?? '', broadcast: v.broadcast ?? '',
      txqlen: Number(v.tx_queue_len ?? 0), type: Number(v.type ?? 1), carrier: v.carrier === '1',
      linkMode: Number(v.link_mode ?? 0), group: Number(v.netdev_group ?? 0),
    });
  }
  return links.sort((a, b) => a.index - b.index);
}

function ipv4Scope(addr: string): string {
  if (addr.startsWith('127.')) return 'host';
  if (addr.startsWith('169.254.')) return 'link';
  return 'global';
}

const IPV6_SCOPES: Record<number, string> = { 0x00: 'global', 0x10: 'host', 0x20: 'link', 0x40: 'site' };

/** IPv4 from getifaddrs (node:os), IPv6 from if_inet6 (it carries scope and flags) */
export function readAddresses(proc: ProcReader, v4 = os.networkInterfaces()): Address[] {
  const out: Address[] = [];
  for (const [ifname, list] of Object.entries(v4)) {
    for (const a of list ?? []) {
      if (a.family !== 'IPv4') continue;
      const prefix = Number((a.cidr ?? '/32').split('/')[1]);
      out.push({ family: 4, ifname, address: a.address, prefix, scope: ipv4Scope(a.address), flags: 0x80 });
    }
  }
  for (const line of proc.lines('net/if_inet6') ?? []) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6 || (f[0] ?? '').length !== 32) continue;
    const hex = f[0] ?? '';
    const bytes: number[] = [];
    for (let i = 0; i < 32; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
    const scope = parseInt(f[3] ?? '0', 16);
    out.push({
      family: 6, ifname: f[5] ?? '', address: formatIpv6(bytes), prefix: parseInt(f[2] ?? '0', 16),
      scope: IPV6_SCOPES[scope] ?? String(scope), flags: parseInt(f[4] ?? '0', 16),
    });
  }
  return out;
}

function hexIpv4(hex: string): string {
  const n = parseInt(hex, 16) >>> 0;
  return `${n & 255}.${(n >>> 8) & 255}.${(n >>> 16) & 255}.${n >>> 24}`;
}

function maskBits(hex: string): number {
  let n = parseInt(hex, 16) >>> 0;
  let bits = 0;
  while (n !== 0) {
    bits += n & 1;
    n >>>= 1;
  }
  return bits;
}

/** IPv4 routes of the main table (<proc>/net/route), in kernel order */
export function readRoutes(proc: ProcReader): Route[] {
  const lines = proc.lines('net/route', MAX_ROUTES + 1) ?? [];
  const out: Route[] = [];
  for (const line of lines.slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 8) continue;
    out.push({
      ifname: f[0] ?? '', destination: hexIpv4(f[1] ?? '0'), gateway: hexIpv4(f[2] ?? '0'),
      flags: parseInt(f[3] ?? '0', 16), metric: Number(f[6] ?? 0), prefix: maskBits(f[7] ?? '0'),
    });
  }
  return out;
}

/** the kernel's default qdisc (<proc>/sys/net/core/default_qdisc) */
export function defaultQdisc(proc: ProcReader): string {
  return (proc.read('sys/net/core/default_qdisc') ?? 'pfifo_fast').trim() || 'pfifo_fast';
}
