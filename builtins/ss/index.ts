// ss: socket statistics (iproute2 6.1) from <proc>/net/{tcp,tcp6,udp,udp6,unix} — the files ss
// itself falls back to without netlink. Differences that follow from the source: a listening
// socket's Send-Q (its backlog) is not in /proc and prints 0; a Unix socket's peer inode prints 0;
// an IPv6 wildcard prints as * (v6only is not in /proc); netlink and packet sockets are not listed.

import type { CallContext, Command } from '../types.js';
import { defineFlags, flagBool, parseFlags, versionText } from '../internal/flags.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { readCounters, readInetSockets, readSnmp, readUnixSockets, type InetSocket, type UnixSocket } from '../internal/proc/net.js';
import { HZ } from '../internal/proc/process.js';
import type { ProcReader } from '../internal/proc/reader.js';
import { COLUMNS, render, ssColumns } from './render.js';
import { SS_USAGE } from './usage.js';

const SPEC = defineFlags({
  flags: [
    { name: 'numeric', short: 'n', long: 'numeric', kind: 'boolean' },
    { name: 'resolve', short: 'r', long: 'resolve', kind: 'boolean' },
    { name: 'all', short: 'a', long: 'all', kind: 'boolean' },
    { name: 'listening', short: 'l', long: 'listening', kind: 'boolean' },
    { name: 'options', short: 'o', long: 'options', kind: 'boolean' },
    { name: 'extended', short: 'e', long: 'extended', kind: 'boolean' },
    { name: 'memory', short: 'm', long: 'memory', kind: 'boolean' },
    { name: 'processes', short: 'p', long: 'processes', kind: 'boolean' },
    { name: 'threads', short: 'T', long: 'threads', kind: 'boolean' },
    { name: 'info', short: 'i', long: 'info', kind: 'boolean' },
    { name: 'summary', short: 's', long: 'summary', kind: 'boolean' },
    { name: 'bpf', short: 'b', long: 'bpf', kind: 'boolean' },
    { name: 'events', short: 'E', long: 'events', kind: 'boolean' },
    { name: 'context', short: 'Z', long: 'context', kind: 'boolean' },
    { name: 'contexts', short: 'z', long: 'contexts', kind: 'boolean' },
    { name: 'net', short: 'N', long: 'net', kind: 'string' },
    { name: 'ipv4', short: '4', long: 'ipv4', kind: 'boolean' },
    { name: 'ipv6', short: '6', long: 'ipv6', kind: 'boolean' },
    { name: 'packet', short: '0', long: 'packet', kind: 'boolean' },
    { name: 'tcp', short: 't', long: 'tcp', kind: 'boolean' },
    { name: 'mptcp', short: 'M', long: 'mptcp', kind: 'boolean' },
    { name: 'sctp', short: 'S', long: 'sctp', kind: 'boolean' },
    { name: 'udp', short: 'u', long: 'udp', kind: 'boolean' },
    { name: 'dccp', short: 'd', long: 'dccp', kind: 'boolean' },
    { name: 'raw', short: 'w', long: 'raw', kind: 'boolean' },
    { name: 'unix', short: 'x', long: 'unix', kind: 'boolean' },
    { name: 'family', short: 'f', long: 'family', kind: 'string' },
    { name: 'kill', short: 'K', long: 'kill', kind: 'boolean' },
    { name: 'noHeader', short: 'H', long: 'no-header', kind: 'boolean' },
    { name: 'oneline', short: 'O', long: 'oneline', kind: 'boolean' },
    { name: 'query', short: 'A', long: ['query', 'socket'], kind: 'string' },
    { name: 'diag', short: 'D', long: 'diag', kind: 'string' },
    { name: 'filter', short: 'F', long: 'filter', kind: 'string' },
    { name: 'help', short: 'h', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', short: 'V', long: 'version', kind: 'boolean', immediate: true },
  ],
});

/** options refused, with the reason shown to the script */
const REFUSED: ReadonlyArray<[string, string]> = [
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
const UNSUPPORTED = ['packet', 'mptcp', 'sctp', 'dccp', 'raw', 'family', 'query', 'oneline'];

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

function run(ctx: CallContext, args: string[]): number | Promise<number> {
  const r = parseFlags(SPEC, args);
  if (!r.ok) return fail(ctx, `ss: ${r.message}\n${SS_USAGE}`, 255);
  if (flagBool(r.flags, 'help')) return done(ctx, SS_USAGE);
  if (flagBool(r.flags, 'version')) return done(ctx, versionText('ss'));
  for (const [name, why] of REFUSED) {
    if (r.flags[name] !== undefined && r.flags[name] !== false) return fail(ctx, `ss: ${why}\n`, 1);
  }
  for (const name of UNSUPPORTED) {
    const o = r.order.find((x) => x.name === name);
    if (o !== undefined) return fail(ctx, `ss: ${o.spelled} is not supported by rshell (supported: -t -u -x -l -a -n -4 -6 -s -H -o -e)\n`, 1);
  }
  if (r.operands.length > 0) {
    return fail(ctx, 'ss: filter expressions are not supported by rshell (pipe the output to grep instead)\n', 1);
  }
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  const proc = procOf(ctx);
  if (flagBool(r.flags, 'summary')) return done(ctx, summary(proc));

  const o: Options = {
    numeric: flagBool(r.flags, 'numeric'),
    all: flagBool(r.flags, 'all'),
    listening: flagBool(r.flags, 'listening'),
    timers: flagBool(r.flags, 'options'),
    extended: flagBool(r.flags, 'extended'),
  };
  let tcp = flagBool(r.flags, 'tcp');
  let udp = flagBool(r.flags, 'udp');
  let unix = flagBool(r.flags, 'unix');
  const v4 = flagBool(r.flags, 'ipv4');
  const v6 = flagBool(r.flags, 'ipv6');
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
  const cols = ssColumns();
  // Netid only when more than one socket table is listed (the three Unix types count apart)
  const tables = (tcp ? 1 : 0) + (udp ? 1 : 0) + (unix ? 3 : 0);
  cols[COLUMNS.netid]!.enabled = tables > 1;
  return done(ctx, render(cols, rows, !flagBool(r.flags, 'noHeader')));
}

export const ss: Command = { name: 'ss', summary: 'investigate sockets', usage: SS_USAGE, run };
