// ss: socket statistics (iproute2 6.1) from <proc>/net/{tcp,tcp6,udp,udp6,unix} — the files ss
// itself falls back to without netlink. Differences that follow from the source: a listening
// socket's Send-Q (its backlog) is not in /proc and prints 0; a Unix socket's peer inode prints 0;
// an IPv6 wildcard prints as * (v6only is not in /proc); netlink and packet sockets are not listed.

import type { CallContext } from '../types.js';
import { defineCommand, flag, type CommandLine } from '../internal/command.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { readCounters, readInetSockets, readSnmp, readUnixSockets, type InetSocket, type UnixSocket } from '../internal/proc/net.js';
import { HZ } from '../internal/proc/process.js';
import type { ProcReader } from '../internal/proc/reader.js';
import { render, ssColumns } from './render.js';
import { SS_USAGE } from './usage.js';

// iproute2's long option table order
const FLAGS = {
  numeric: flag.boolean('-n --numeric'),
  resolve: flag.boolean('-r --resolve'),
  all: flag.boolean('-a --all'),
  listening: flag.boolean('-l --listening'),
  options: flag.boolean('-o --options'),
  extended: flag.boolean('-e --extended'),
  memory: flag.boolean('-m --memory'),
  processes: flag.boolean('-p --processes'),
  threads: flag.boolean('-T --threads'),
  info: flag.boolean('-i --info'),
  summary: flag.boolean('-s --summary'),
  bpf: flag.boolean('-b --bpf'),
  events: flag.boolean('-E --events'),
  context: flag.boolean('-Z --context'),
  contexts: flag.boolean('-z --contexts'),
  net: flag.string('-N --net'),
  ipv4: flag.boolean('-4 --ipv4'),
  ipv6: flag.boolean('-6 --ipv6'),
  packet: flag.boolean('-0 --packet'),
  tcp: flag.boolean('-t --tcp'),
  mptcp: flag.boolean('-M --mptcp'),
  sctp: flag.boolean('-S --sctp'),
  udp: flag.boolean('-u --udp'),
  dccp: flag.boolean('-d --dccp'),
  raw: flag.boolean('-w --raw'),
  unix: flag.boolean('-x --unix'),
  family: flag.string('-f --family'),
  kill: flag.boolean('-K --kill'),
  noHeader: flag.boolean('-H --no-header'),
  oneline: flag.boolean('-O --oneline'),
  query: flag.string('-A --query --socket'),
  diag: flag.string('-D --diag'),
  filter: flag.string('-F --filter'),
  help: flag.help('-h --help'),
  version: flag.version('-V --version'),
};
type Name = keyof typeof FLAGS;

/** options refused, with the reason shown to the script */
const REFUSED: ReadonlyArray<[Name, string]> = [
  ['processes', '-p/--processes is refused: it would read every process\'s open file descriptors'],
  ['threads', '-T/--threads is refused: it would read every process\'s open file descriptors'],
  ['kill', '-K/--kill is refused: rshell does not close sockets'],
  ['filter', '-F/--filter is refused: it reads a file named on the command line'],
  ['diag', '-D/--diag is refused: rshell builtins do not write files'],
  ['events', '-E/--events is refused: it waits for events without end'],
  ['net', '-N/--net is refused: rshell does not switch network namespaces'],
  ['bpf', '-b/--bpf is refused: socket filters are only available through netlink'],
  ['resolve', '-r/--resolve is refused: rshell does not resolve host names'],
  ['memory', '-m/--memory is refused: socket memory is only available through netlink'],
  ['info', '-i/--info is refused: TCP internals are only available through netlink'],
  ['context', '-Z/--context is refused: SELinux contexts are not available'],
  ['contexts', '-z/--contexts is refused: SELinux contexts are not available'],
];
const UNSUPPORTED: readonly Name[] = ['packet', 'mptcp', 'sctp', 'dccp', 'raw', 'family', 'query', 'oneline'];

/** ss's names for the kernel TCP states (index = state number) */
const STATE_NAMES = ['UNKNOWN', 'ESTAB', 'SYN-SENT', 'SYN-RECV', 'FIN-WAIT-1', 'FIN-WAIT-2', 'TIME-WAIT',
  'UNCONN', 'CLOSE-WAIT', 'LAST-ACK', 'LISTEN', 'CLOSING', 'SYN-RECV'];
const LISTEN = 10;
const CLOSE = 7;
/** states hidden without -a/-l: listening, closed, time-wait, syn-recv (ss's SS_CONN) */
const NOT_CONNECTED = new Set([LISTEN, CLOSE, 6, 3, 12]);

interface Options {
  numeric: boolean;
  all: boolean;
  listening: boolean;
  timers: boolean;
  extended: boolean;
}

function stateWanted(state: number, o: Options): boolean {
  if (o.all) return true;
  if (o.listening) return state === LISTEN || state === CLOSE;
  return !NOT_CONNECTED.has(state);
}

function addrToken(s: InetSocket, addr: string): string {
  if (s.family === 4) return `${addr}:`;
  return addr === '::' ? '*:' : `[${addr}]:`;
}

function portToken(port: number, proto: string, o: Options, services: Map<string, string>): string {
  if (port === 0) return '*';
  if (!o.numeric) {
    const name = services.get(`${port}/${proto}`);
    if (name !== undefined) return name;
  }
  return String(port);
}

/** ss's print_ms_timer */
function msTimer(ms: number): string {
  let out = '';
  let secs = Math.trunc(ms / 1000);
  const rest = ms % 1000;
  if (secs >= 60) {
    out += `${Math.trunc(secs / 60)}min`;
    secs %= 60;
  }
  if (secs > 0) out += `${secs}${rest !== 0 ? `.${String(rest).padStart(3, '0')}` : ''}sec`;
  else if (out === '' || rest !== 0) out += `${rest}ms`;
  return out;
}

const TIMER_NAMES = ['off', 'on', 'keepalive', 'timewait', 'persist'];

function inetDetails(s: InetSocket, o: Options): string {
  let ext = '';
  if (o.timers && s.timer !== 0) {
    const ms = Math.trunc((s.when * 1000 + HZ - 1) / HZ);
    ext += ` timer:(${TIMER_NAMES[s.timer] ?? 'unknown'},${msTimer(ms)},${s.retransmits})`;
  }
  if (o.extended) {
    if (s.uid !== 0) ext += ` uid:${s.uid}`;
    ext += ` ino:${s.inode} sk:${s.pointer.replace(/^0+(?=.)/, '')}`;
  }
  return ext;
}

function inetRow(s: InetSocket, o: Options, services: Map<string, string>): string[] {
  return [
    s.proto,
    STATE_NAMES[s.state] ?? 'UNKNOWN',
    String(s.state === LISTEN ? s.rxQueue : s.rxQueue).padEnd(6),
    String(s.txQueue).padEnd(6),
    addrToken(s, s.localAddr),
    portToken(s.localPort, s.proto, o, services),
    addrToken(s, s.remoteAddr),
    portToken(s.remotePort, s.proto, o, services),
    inetDetails(s, o),
  ];
}

const UNIX_NETID: Record<number, string> = { 1: 'u_str', 2: 'u_dgr', 5: 'u_seq' };
/** socket states 1..4 → ss state (UNCONN, SYN-SENT, ESTAB, CLOSING) */
const UNIX_STATE = [CLOSE, 2, 1, 11];

function unixState(u: UnixSocket): number {
  if ((u.flags & 0x10000) !== 0) return LISTEN;
  return UNIX_STATE[u.state - 1] ?? CLOSE;
}

function unixRow(u: UnixSocket, o: Options): string[] {
  const ext = o.extended ? ` ino:${u.inode}` : '';
  return [
    UNIX_NETID[u.type] ?? 'u_str', STATE_NAMES[unixState(u)] ?? 'UNKNOWN', '0'.padEnd(6), '0'.padEnd(6),
    `${u.path === '' ? '*' : u.path} `, String(u.inode), '* ', '0', ext,
  ];
}

function summary(proc: ProcReader): string {
  const v4 = readCounters(proc, 'net/sockstat');
  const v6 = readCounters(proc, 'net/sockstat6');
  const snmp = readSnmp(proc);
  const g = (m: Map<string, number>, k: string): number => m.get(k) ?? 0;
  const tcp4 = g(v4, 'TCP.inuse');
  const tcp6 = g(v6, 'TCP6.inuse');
  const tw = g(v4, 'TCP.tw');
  const total = g(v4, 'TCP.alloc');
  const row = (name: string, a: number, b: number): string =>
    `${name}\t  ${String(a + b).padEnd(9)} ${String(a).padEnd(9)} ${String(b).padEnd(9)}\n`;
  const raw4 = g(v4, 'RAW.inuse'), raw6 = g(v6, 'RAW6.inuse');
  const udp4 = g(v4, 'UDP.inuse'), udp6 = g(v6, 'UDP6.inuse');
  return `Total: ${g(v4, 'sockets.used')}\n` +
    `TCP:   ${total} (estab ${g(snmp, 'Tcp.CurrEstab')}, closed ${total - (tcp4 + tcp6 - tw)}, orphaned ${g(v4, 'TCP.orphan')}, timewait ${tw})\n\n` +
    'Transport Total     IP        IPv6\n' +
    row('RAW', raw4, raw6) + row('UDP', udp4, udp6) + row('TCP', tcp4, tcp6) +
    row('INET', raw4 + udp4 + tcp4, raw6 + udp6 + tcp6) + row('FRAG', g(v4, 'FRAG.inuse'), g(v6, 'FRAG6.inuse')) + '\n';
}

function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): number | Promise<number> {
  // refused in this order of precedence, whatever the command line's order
  for (const [name, why] of REFUSED) {
    if (order.some((x) => x.name === name)) return fail(ctx, `ss: ${why}\n`, 1);
  }
  for (const name of UNSUPPORTED) {
    const o = order.find((x) => x.name === name);
    if (o !== undefined) return fail(ctx, `ss: ${o.spelled} is not supported by rshell (supported: -t -u -x -l -a -n -4 -6 -s -H -o -e)\n`, 1);
  }
  if (operands.length > 0) {
    return fail(ctx, 'ss: filter expressions are not supported by rshell (pipe the output to grep instead)\n', 1);
  }
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  const proc = procOf(ctx);
  if (flags.summary) return done(ctx, summary(proc));

  const o: Options = {
    numeric: flags.numeric,
    all: flags.all,
    listening: flags.listening,
    timers: flags.options,
    extended: flags.extended,
  };
  let tcp = flags.tcp;
  let udp = flags.udp;
  let unix = flags.unix;
  const v4 = flags.ipv4;
  const v6 = flags.ipv6;
  if (!tcp && !udp && !unix) {
    tcp = udp = true;
    unix = !v4 && !v6;
  }
  const families: Array<4 | 6> = v4 && !v6 ? [4] : v6 && !v4 ? [6] : [4, 6];
  const services = o.numeric ? new Map<string, string>() : proc.services();
  const rows: string[][] = [];
  // ss's dump order: unix, udp, tcp
  if (unix) for (const u of readUnixSockets(proc)) if (stateWanted(unixState(u), o)) rows.push(unixRow(u, o));
  for (const proto of [udp ? 'udp' : undefined, tcp ? 'tcp' : undefined] as const) {
    if (proto === undefined) continue;
    for (const fam of families) {
      ctx.checkAbort();
      for (const s of readInetSockets(proc, proto, fam)) if (stateWanted(s.state, o)) rows.push(inetRow(s, o, services));
    }
  }
  // Netid only when more than one socket table is listed (the three Unix types count apart)
  const tables = (tcp ? 1 : 0) + (udp ? 1 : 0) + (unix ? 3 : 0);
  return done(ctx, render(ssColumns(tables > 1), rows, !flags.noHeader));
}

export const ss = defineCommand({
  name: 'ss',
  summary: 'investigate sockets',
  help: SS_USAGE,
  flags: FLAGS,
  usageStatus: 255,
  // iproute2: getopt's message, then the whole usage on stderr
  usageError: (ctx, message, status) => fail(ctx, `ss: ${message}\n${SS_USAGE}`, status),
  run,
});
