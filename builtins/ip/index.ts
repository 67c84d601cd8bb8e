// ip: show addresses, links and routes (iproute2 6.1 layout), read-only. Links come from
// /sys/class/net, IPv4 addresses from getifaddrs (node:os), IPv6 ones from <proc>/net/if_inet6,
// routes from <proc>/net/route (IPv4 main table). Error wording for refused and malformed
// commands follows Go rshell's ip (the upstream scenarios), iproute2's where Go rshell keeps it.
// Known approximations: qdisc is inferred (noop when down, noqueue for loopback and queue-less
// devices, the kernel default otherwise); address lifetimes print "forever"; route proto/scope/src
// are inferred for connected routes.

import type { CallContext } from '../types.js';
import { defineRawCommand, type RawCommandLine } from '../internal/raw-command.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { defaultQdisc, readAddresses, readLinks, readRoutes, type Address, type Link } from '../internal/proc/netif.js';
import type { ProcReader } from '../internal/proc/reader.js';
import {
  addrJson, addressLines, briefAddr, briefLink, linkAddressLine, linkHeader, linkJson, routeJson, routeLine,
  type LinkView, type RouteView,
} from './format.js';
import { IP_USAGE } from './usage.js';

interface Options {
  family: 0 | 4 | 6;
  oneline: boolean;
  brief: boolean;
  json: boolean;
}

type Outcome = number | Promise<number>;

/** iproute2's single-dash long options (-br, -brief, -o, -oneline, -j, -json, -4, -6) */
const OPTIONS: Record<string, (o: Options) => void> = {
  '-4': (o) => void (o.family = 4), '-6': (o) => void (o.family = 6),
  '-o': (o) => void (o.oneline = true), '-oneline': (o) => void (o.oneline = true), '--oneline': (o) => void (o.oneline = true),
  '-br': (o) => void (o.brief = true), '-brief': (o) => void (o.brief = true), '--brief': (o) => void (o.brief = true),
  '-j': (o) => void (o.json = true), '-json': (o) => void (o.json = true), '--json': (o) => void (o.json = true),
};

const OBJECTS: ReadonlyArray<[string, string[]]> = [
  ['addr', ['a', 'ad', 'add', 'addr', 'addre', 'addres', 'address']],
  ['link', ['l', 'li', 'lin', 'link']],
  ['route', ['r', 'ro', 'rou', 'rout', 'route']],
];
const SHOW = new Set(['show', 'list', 'lst', 'sh', 'ls', 'l', 's']);
const WRITES = new Set(['add', 'del', 'delete', 'change', 'replace', 'flush', 'set', 'save', 'restore', 'append', 'prepend', 'test']);

function objectOf(word: string): string | undefined {
  return OBJECTS.find(([, names]) => names.includes(word))?.[0];
}

function view(proc: ProcReader): LinkView[] {
  const qdisc = defaultQdisc(proc);
  return readLinks(proc).map((l) => ({
    ...l,
    qdisc: (l.flags & 0x1) === 0 ? 'noop' : l.type === 772 || l.txqlen === 0 ? 'noqueue' : qdisc,
  }));
}

function parseDev(args: readonly string[], what: string): { dev?: string } | { error: string } {
  let dev: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === 'dev') {
      if (i + 1 >= args.length) return { error: "ip: 'dev' requires an interface name argument\n" };
      dev = args[++i];
    } else if (i === args.length - 1 && dev === undefined && !a.startsWith('-') && !/^(type|scope|label|to|up|master|group)$/.test(a)) {
      dev = a;
    } else return { error: `ip: unknown token "${a}" after 'ip ${what} show'\n` };
  }
  return { dev };
}

/** RFC 4007 scope values, which order the kernel's per-interface IPv6 list (ipv6_link_dev_addr) */
const V6_SCOPE_RANK: Record<string, number> = { global: 14, site: 5, link: 2, host: 1 };

function showAddrOrLink(ctx: CallContext, proc: ProcReader, o: Options, object: 'addr' | 'link', dev: string | undefined): Outcome {
  let links = view(proc);
  if (dev !== undefined) {
    links = links.filter((l) => l.name === dev);
    if (links.length === 0) return fail(ctx, `ip: cannot find device "${dev}"\n`, 1);
  }
  const addrs = object === 'addr' ? readAddresses(proc).filter((a) => o.family === 0 || a.family === o.family) : [];
  const byIf = (l: Link): Address[] => {
    const mine = addrs.filter((a) => a.ifname === l.name);
    // IPv4 first (getifaddrs order), then IPv6 in the order of the kernel's list, which netlink
    // (iproute2) walks: wider scope first (global, site, link, host), if_inet6's (hash) order within one
    const v6 = mine.filter((a) => a.family === 6).sort((x, y) => (V6_SCOPE_RANK[y.scope] ?? 0) - (V6_SCOPE_RANK[x.scope] ?? 0));
    return [...mine.filter((a) => a.family === 4), ...v6];
  };
  if (object === 'addr' && o.family !== 0) links = links.filter((l) => byIf(l).length > 0);
  if (o.json) {
    const arr = links.map((l) => {
      if (o.brief) {
        const base: Record<string, unknown> = { ifname: l.name, operstate: l.operstate };
        if (object === 'link') return { ...base, address: l.address, flags: linkJsonFlags(l) };
        return { ...base, addr_info: byIf(l).map((a) => ({ local: a.address, prefixlen: a.prefix })) };
      }
      if (object === 'link') return linkJson(l, true);
      const base = linkJson(l, false);
      // a family filter drops the link layer (-4, -6) and, for -6, qdisc and group, as iproute2 does
      if (o.family !== 0) {
        delete base.link_type;
        delete base.address;
        delete base.broadcast;
      }
      if (o.family === 6) {
        delete base.qdisc;
        delete base.group;
      }
      return { ...base, addr_info: byIf(l).map((a) => addrJson(a, l)) };
    });
    return done(ctx, JSON.stringify(arr) + '\n');
  }
  let out = '';
  for (const l of links) {
    if (o.brief) {
      out += object === 'link' ? briefLink(l) : briefAddr(l, byIf(l));
      continue;
    }
    if (o.oneline && object === 'addr') {
      for (const a of byIf(l)) {
        const [first, second] = addressLines(a, l);
        out += `${l.index}: ${l.name}${first}\\${second}\n`;
      }
      continue;
    }
    // with -6, iproute2 gets no qdisc or group from the kernel (an AF_INET6 link dump)
    const head = object === 'addr' && o.family === 6
      ? `${l.index}: ${l.name}: <${linkJsonFlags(l).join(',')}> mtu ${l.mtu} state ${l.operstate} qlen ${l.txqlen}`
      : linkHeader(l, object === 'link');
    const link = linkAddressLine(l);
    if (o.oneline) {
      out += `${head}\\${link}\n`;
      continue;
    }
    out += `${head}\n`;
    if (object === 'link' || o.family === 0) out += `${link}\n`;
    for (const a of byIf(l)) out += addressLines(a, l).join('\n') + '\n';
  }
  return done(ctx, out);
}

function linkJsonFlags(l: LinkView): string[] {
  return linkJson(l, false).flags as string[];
}

function ipv4ToInt(s: string): number {
  return s.split('.').reduce((a, o) => a * 256 + Number(o), 0);
}

const IPV4 = /^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;

function routes(proc: ProcReader): RouteView[] {
  const addrs = readAddresses(proc).filter((a) => a.family === 4);
  return readRoutes(proc).map((r) => {
    let src: string | undefined;
    if ((r.flags & 0x2) === 0) {
      const net = ipv4ToInt(r.destination);
      const mask = r.prefix === 0 ? 0 : 2 ** 32 - 2 ** (32 - r.prefix);
      const a = addrs.find((x) => x.ifname === r.ifname && x.prefix === r.prefix &&
        Math.floor(ipv4ToInt(x.address) / 2 ** (32 - r.prefix)) * 2 ** (32 - r.prefix) === net && mask >= 0);
      src = a?.address;
    }
    return { ...r, src };
  });
}

function routeGet(ctx: CallContext, proc: ProcReader, args: readonly string[]): Outcome {
  const target = args[0];
  if (target === undefined) return fail(ctx, 'ip: route get: missing address\n', 1);
  if (args.length > 1) return fail(ctx, `ip: route get: unsupported argument "${args[1]}"\n`, 1);
  if (!IPV4.test(target)) return fail(ctx, `ip: route get: invalid address "${target}"\n`, 1);
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const addrs = readAddresses(proc).filter((a) => a.family === 4);
  const local = addrs.find((a) => a.address === target) ?? (target.startsWith('127.') ? addrs.find((a) => a.ifname === 'lo') : undefined);
  if (local !== undefined) {
    return done(ctx, `local ${target} dev lo src ${local.ifname === 'lo' ? local.address : target} uid ${uid} \n    cache <local> \n`);
  }
  const t = ipv4ToInt(target);
  let best: RouteView | undefined;
  for (const r of routes(proc)) {
    const size = 2 ** (32 - r.prefix);
    if (Math.floor(t / size) * size !== ipv4ToInt(r.destination) && r.prefix !== 0) continue;
    if (best === undefined || r.prefix > best.prefix || (r.prefix === best.prefix && r.metric < best.metric)) best = r;
  }
  if (best === undefined) return fail(ctx, 'RTNETLINK answers: Network is unreachable\n', 2);
  const dev = best.ifname;
  const src = addrs.find((a) => a.ifname === dev)?.address;
  const via = (best.flags & 0x2) !== 0 ? ` via ${best.gateway}` : '';
  return done(ctx, `${target}${via} dev ${best.ifname}${src !== undefined ? ` src ${src}` : ''} uid ${uid} \n    cache \n`);
}

function route(ctx: CallContext, proc: ProcReader, o: Options, args: readonly string[]): Outcome {
  const sub = args[0] ?? 'show';
  if (WRITES.has(sub)) return fail(ctx, `ip: route: ${sub}: write operations are not permitted\n`, 1);
  if (sub === 'get') return routeGet(ctx, proc, args.slice(1));
  if (!SHOW.has(sub)) return fail(ctx, `Command "${sub}" is unknown, try "ip route help".\n`, 255);
  if (o.oneline || o.brief) return fail(ctx, 'ip: route: -o/--oneline and --brief flags are not supported for route output\n', 1);
  if (o.family === 6) return fail(ctx, 'ip: route: IPv6 routes are not supported by rshell\n', 1);
  if (args.length > 1) return fail(ctx, `ip: unknown token "${args[1]}" after 'ip route show'\n`, 1);
  const list = routes(proc);
  if (o.json) return done(ctx, JSON.stringify(list.map(routeJson)) + '\n');
  return done(ctx, list.map(routeLine).join(''));
}

function run(ctx: CallContext, line: RawCommandLine): Outcome {
  const args = line.args;
  const o: Options = { family: 0, oneline: false, brief: false, json: false };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] ?? '';
    if (!a.startsWith('-')) break;
    if (a === '-h' || a === '--help' || a === '-help') return line.help();
    // iproute2 matches options by prefix, and a lone `-` is a prefix of -help: its usage, status 255
    if (a === '-') return fail(ctx, IP_USAGE, 255);
    if (a === '-V' || a === '-Version' || a === '--version') return line.version();
    const set = OPTIONS[a];
    if (set === undefined) {
      if (a.startsWith('--')) return fail(ctx, `ip: unknown flag: ${a}\n`, 1);
      return fail(ctx, `ip: unknown shorthand flag: '${a[1]}' in ${a}\n`, 1);
    }
    set(o);
  }
  const objWord = args[i];
  if (objWord === undefined) return fail(ctx, IP_USAGE, 255);
  if (objWord === 'netns') return fail(ctx, "ip: 'netns' subcommand is blocked (shell escape vector via 'ip netns exec')\n", 1);
  if (objWord === 'help') return line.help();
  const object = objectOf(objWord);
  if (object === undefined) return fail(ctx, `ip: object "${objWord}" is not supported\nSupported objects: addr, link, route\n`, 1);
  const rest = args.slice(i + 1);
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  const proc = procOf(ctx);
  if (object === 'route') return route(ctx, proc, o, rest);
  const sub = rest[0];
  if (sub !== undefined && WRITES.has(sub)) {
    return fail(ctx, `ip: 'ip ${objWord} ${sub}' is not supported (write operations are blocked for safety)\n`, 1);
  }
  if (sub === 'help') return line.help();
  const showArgs = sub !== undefined && SHOW.has(sub) ? rest.slice(1) : rest;
  if (sub !== undefined && !SHOW.has(sub) && sub !== 'dev' && rest.length > 1) {
    return fail(ctx, `Command "${sub}" is unknown, try "ip ${objWord} help".\n`, 255);
  }
  const d = parseDev(showArgs, objWord);
  if ('error' in d) return fail(ctx, d.error, 1);
  return showAddrOrLink(ctx, proc, o, object as 'addr' | 'link', d.dev);
}

// iproute2 reads its leading options and OBJECT COMMAND words itself (no getopt)
export const ip = defineRawCommand({ name: 'ip', summary: 'show routing, network devices and addresses', help: IP_USAGE, run });
