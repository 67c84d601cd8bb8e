// Socket tables from <proc>/net/{tcp,tcp6,udp,udp6,unix}: what ss shows when it cannot use
// netlink. At most MAX_SOCKETS entries are kept per table.

import type { ProcReader } from './reader.js';

export const MAX_SOCKETS = 100_000;

export type InetProto = 'tcp' | 'udp';

export interface InetSocket {
  kind: 'inet';
  proto: InetProto;
  family: 4 | 6;
  localAddr: string;
  localPort: number;
  remoteAddr: string;
  remotePort: number;
  /** kernel TCP state number (1 = ESTABLISHED … 10 = LISTEN) */
  state: number;
  txQueue: number;
  rxQueue: number;
  timer: number;
  /** timer expiry in jiffies */
  when: number;
  retransmits: number;
  uid: number;
  inode: number;
  /** the kernel's (hashed) socket pointer, hex */
  pointer: string;
}

export interface UnixSocket {
  kind: 'unix';
  /** 1 stream, 2 dgram, 5 seqpacket */
  type: number;
  /** socket state 1..4 (unconnected, connecting, connected, disconnecting) */
  state: number;
  flags: number;
  inode: number;
  path: string;
}

/** a 32-bit hex word of /proc/net/tcp: the address bytes in host (little-endian) order */
function ipv4(hex: string): string {
  const n = parseInt(hex, 16) >>> 0;
  return `${n & 255}.${(n >>> 8) & 255}.${(n >>> 16) & 255}.${n >>> 24}`;
}

/** 128-bit address as four little-endian 32-bit words → RFC 5952 text */
function ipv6(hex: string): string {
  const bytes: number[] = [];
  for (let w = 0; w < 4; w++) {
    const word = hex.slice(w * 8, w * 8 + 8);
    for (let b = 3; b >= 0; b--) bytes.push(parseInt(word.slice(b * 2, b * 2 + 2), 16));
  }
  return formatIpv6(bytes);
}

/** RFC 5952 text of 16 bytes (inet_ntop), including the ::ffff:a.b.c.d form */
export function formatIpv6(bytes: number[]): string {
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) {
    return `::ffff:${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}`;
  }
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) { i++; continue; }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLen) { bestStart = i; bestLen = j - i; }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

function parseInetLine(line: string, proto: InetProto, family: 4 | 6): InetSocket | undefined {
  const f = line.trim().split(/\s+/);
  if (f.length < 10 || !/^[0-9]+:$/.test(f[0] ?? '')) return undefined;
  const [la, lp] = (f[1] ?? '').split(':');
  const [ra, rp] = (f[2] ?? '').split(':');
  const [tx, rx] = (f[4] ?? '').split(':');
  const [tr, when] = (f[5] ?? '').split(':');
  const addrLen = family === 4 ? 8 : 32;
  if (la?.length !== addrLen || ra?.length !== addrLen) return undefined;
  const addr = family === 4 ? ipv4 : ipv6;
  return {
    kind: 'inet', proto, family,
    localAddr: addr(la), localPort: parseInt(lp ?? '0', 16),
    remoteAddr: addr(ra), remotePort: parseInt(rp ?? '0', 16),
    state: parseInt(f[3] ?? '0', 16),
    txQueue: parseInt(tx ?? '0', 16), rxQueue: parseInt(rx ?? '0', 16),
    timer: parseInt(tr ?? '0', 16), when: parseInt(when ?? '0', 16),
    retransmits: parseInt(f[6] ?? '0', 16),
    uid: Number(f[7]), inode: Number(f[9]),
    pointer: f[11] ?? '0',
  };
}

export function readInetSockets(proc: ProcReader, proto: InetProto, family: 4 | 6): InetSocket[] {
  const lines = proc.lines(`net/${proto}${family === 6 ? '6' : ''}`, MAX_SOCKETS + 1) ?? [];
  const out: InetSocket[] = [];
  for (const line of lines.slice(1)) {
    const s = parseInetLine(line, proto, family);
    if (s !== undefined) out.push(s);
  }
  return out;
}

export function readUnixSockets(proc: ProcReader): UnixSocket[] {
  const lines = proc.lines('net/unix', MAX_SOCKETS + 1) ?? [];
  const out: UnixSocket[] = [];
  for (const line of lines.slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 7) continue;
    const pathStart = f.length > 7 ? line.indexOf(f[7] ?? '', line.indexOf(` ${f[6]}`) + 1) : -1;
    out.push({
      kind: 'unix',
      flags: parseInt(f[3] ?? '0', 16),
      type: parseInt(f[4] ?? '0', 16),
      state: parseInt(f[5] ?? '0', 16),
      inode: Number(f[6]),
      path: pathStart < 0 ? '' : line.slice(pathStart),
    });
  }
  return out;
}

/** "key value key value" lines of sockstat/snmp as Map("TCP.inuse" → n) */
export function readCounters(proc: ProcReader, rel: 'net/sockstat' | 'net/sockstat6'): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of proc.lines(rel) ?? []) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const prefix = line.slice(0, colon);
    const f = line.slice(colon + 1).trim().split(/\s+/);
    for (let i = 0; i + 1 < f.length; i += 2) out.set(`${prefix}.${f[i]}`, Number(f[i + 1]));
  }
  return out;
}

/** <proc>/net/snmp: a header line and a value line per protocol → Map("Tcp.CurrEstab" → n) */
export function readSnmp(proc: ProcReader): Map<string, number> {
  const out = new Map<string, number>();
  const lines = proc.lines('net/snmp') ?? [];
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const head = (lines[i] ?? '').split(/\s+/);
    const vals = (lines[i + 1] ?? '').split(/\s+/);
    const proto = (head[0] ?? '').replace(/:$/, '');
    for (let j = 1; j < head.length; j++) out.set(`${proto}.${head[j]}`, Number(vals[j]));
  }
  return out;
}
