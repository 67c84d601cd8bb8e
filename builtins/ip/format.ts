// iproute2 6.1 text and JSON layouts for ip addr / ip link / ip route.

import type { Address, Link, Route } from '../internal/proc/netif.js';

const IFF: ReadonlyArray<[number, string]> = [
  [0x8, 'LOOPBACK'], [0x2, 'BROADCAST'], [0x10, 'POINTOPOINT'], [0x1000, 'MULTICAST'], [0x80, 'NOARP'],
  [0x200, 'ALLMULTI'], [0x100, 'PROMISC'], [0x400, 'MASTER'], [0x800, 'SLAVE'], [0x4, 'DEBUG'],
  [0x8000, 'DYNAMIC'], [0x4000, 'AUTOMEDIA'], [0x2000, 'PORTSEL'], [0x20, 'NOTRAILERS'], [0x1, 'UP'],
];
const IFF_UP = 0x1;
const LINK_TYPES: Record<number, string> = {
  1: 'ether', 772: 'loopback', 65534: 'none', 768: 'ipip', 769: 'tunnel6', 776: 'sit', 778: 'gre', 512: 'ppp',
  280: 'can', 32: 'infiniband', 801: 'ieee802.11', 823: 'gre6',
};

export interface LinkView extends Link {
  qdisc: string;
}

export function linkFlags(l: Link): string[] {
  const out: string[] = [];
  if ((l.flags & IFF_UP) !== 0 && !l.carrier) out.push('NO-CARRIER');
  for (const [bit, name] of IFF) if ((l.flags & bit) !== 0) out.push(name);
  if (l.carrier && (l.flags & IFF_UP) !== 0) out.push('LOWER_UP');
  return out;
}

const linkType = (l: Link): string => LINK_TYPES[l.type] ?? `[${l.type}]`;
const group = (l: Link): string => (l.group === 0 ? 'default' : String(l.group));

/** "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN [mode DEFAULT ]group default qlen 1000" */
export function linkHeader(l: LinkView, withMode: boolean): string {
  return `${l.index}: ${l.name}: <${linkFlags(l).join(',')}> mtu ${l.mtu} qdisc ${l.qdisc} state ${l.operstate} ` +
    `${withMode ? `mode ${l.linkMode === 1 ? 'DORMANT' : 'DEFAULT'} ` : ''}group ${group(l)} qlen ${l.txqlen}`;
}

export function linkAddressLine(l: Link): string {
  const t = linkType(l);
  if (l.type === 65534) return '    link/none ';
  return `    link/${t} ${l.address} brd ${l.broadcast}`;
}

function ipv4Broadcast(address: string, prefix: number): string {
  const n = address.split('.').reduce((a, o) => (a << 8) | Number(o), 0) >>> 0;
  const host = prefix >= 32 ? 0 : (0xffffffff >>> prefix);
  const b = (n | host) >>> 0;
  return `${b >>> 24}.${(b >>> 16) & 255}.${(b >>> 8) & 255}.${b & 255}`;
}

const V6_FLAGS: ReadonlyArray<[number, string]> = [
  [0x01, 'temporary'], [0x02, 'nodad'], [0x04, 'optimistic'], [0x08, 'dadfailed'], [0x10, 'home'],
  [0x20, 'deprecated'], [0x40, 'tentative'], [0x80, 'permanent'],
];

/** the two lines of one address (without the trailing newline) */
export function addressLines(a: Address, l: Link): [string, string] {
  let line: string;
  if (a.family === 4) {
    const brd = (l.flags & 0x2) !== 0 && a.prefix < 31 ? ` brd ${ipv4Broadcast(a.address, a.prefix)}` : '';
    line = `    inet ${a.address}/${a.prefix}${brd} scope ${a.scope} ${a.ifname}`;
  } else {
    let flags = '';
    for (const [bit, name] of V6_FLAGS) {
      if (bit === 0x80) {
        if ((a.flags & bit) === 0) flags += 'dynamic ';
      } else if ((a.flags & bit) !== 0) flags += `${name} `;
    }
    line = `    inet6 ${a.address}/${a.prefix} scope ${a.scope} ${flags}`;
  }
  return [line, '       valid_lft forever preferred_lft forever'];
}

export function briefAddr(l: LinkView, addrs: Address[]): string {
  return `${l.name.padEnd(16)} ${l.operstate.padEnd(14)} ${addrs.map((a) => `${a.address}/${a.prefix} `).join('')}\n`;
}

export function briefLink(l: LinkView): string {
  return `${l.name.padEnd(16)} ${l.operstate.padEnd(14)} ${l.address} <${linkFlags(l).join(',')}> \n`;
}

export function linkJson(l: LinkView, withMode: boolean): Record<string, unknown> {
  const o: Record<string, unknown> = {
    ifindex: l.index, ifname: l.name, flags: linkFlags(l), mtu: l.mtu, qdisc: l.qdisc, operstate: l.operstate,
  };
  if (withMode) o.linkmode = l.linkMode === 1 ? 'DORMANT' : 'DEFAULT';
  o.group = group(l);
  o.txqlen = l.txqlen;
  o.link_type = linkType(l);
  if (l.type !== 65534) {
    o.address = l.address;
    o.broadcast = l.broadcast;
  }
  return o;
}

export function addrJson(a: Address, l: Link): Record<string, unknown> {
  const o: Record<string, unknown> = { family: a.family === 4 ? 'inet' : 'inet6', local: a.address, prefixlen: a.prefix };
  if (a.family === 4 && (l.flags & 0x2) !== 0 && a.prefix < 31) o.broadcast = ipv4Broadcast(a.address, a.prefix);
  o.scope = a.scope;
  if (a.family === 6) for (const [bit, name] of V6_FLAGS) if (bit !== 0x80 && (a.flags & bit) !== 0) o[name] = true;
  if (a.family === 4) o.label = a.ifname;
  o.valid_life_time = 4294967295;
  o.preferred_life_time = 4294967295;
  return o;
}

export interface RouteView extends Route {
  /** the address this host uses on a connected route ("proto kernel scope link src …") */
  src: string | undefined;
}

const RTF_GATEWAY = 0x2;

export function routeLine(r: RouteView): string {
  const dst = r.prefix === 0 && r.destination === '0.0.0.0' ? 'default' : r.prefix === 32 ? r.destination : `${r.destination}/${r.prefix}`;
  let s = dst;
  if ((r.flags & RTF_GATEWAY) !== 0) s += ` via ${r.gateway}`;
  s += ` dev ${r.ifname}`;
  if ((r.flags & RTF_GATEWAY) === 0) s += r.src !== undefined ? ` proto kernel scope link src ${r.src}` : ' scope link';
  if (r.metric !== 0) s += ` metric ${r.metric}`;
  return s + ' \n';
}

export function routeJson(r: RouteView): Record<string, unknown> {
  const dst = r.prefix === 0 && r.destination === '0.0.0.0' ? 'default' : r.prefix === 32 ? r.destination : `${r.destination}/${r.prefix}`;
  const o: Record<string, unknown> = { dst };
  if ((r.flags & RTF_GATEWAY) !== 0) o.gateway = r.gateway;
  o.dev = r.ifname;
  if ((r.flags & RTF_GATEWAY) === 0) {
    if (r.src !== undefined) {
      o.protocol = 'kernel';
      o.scope = 'link';
      o.prefsrc = r.src;
    } else o.scope = 'link';
  }
  if (r.metric !== 0) o.metric = r.metric;
  o.flags = [];
  return o;
}
