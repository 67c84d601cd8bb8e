// vmstat: virtual memory statistics (procps-ng 4.0.2 as Debian ships it), from <proc>/stat,
// <proc>/vmstat and <proc>/meminfo. `vmstat DELAY [COUNT]` samples within the run's deadline; a
// COUNT whose total wait passes 29 s is refused. -d/-D/-p/-m (disk and slab files) and -f are not
// supported.

import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, type CommandLine, type Reject } from '../internal/command.js';
import { done, fail, procOf, refuseOffLinux, sleepWithin } from '../internal/proc/common.js';
import { readMeminfo } from '../internal/proc/meminfo.js';
import type { ProcReader } from '../internal/proc/reader.js';
import { VMSTAT_USAGE } from './usage.js';

type Unit = readonly [size: number, name: string];
const KIB: Unit = [1024, 'K'];
const UNITS: ReadonlyMap<string, Unit> = new Map([['k', [1000, 'k']], ['K', KIB], ['m', [1000000, 'm']], ['M', [1048576, 'M']]]);

/** -S: the unit, checked in procps' option loop */
function unit(text: string): Unit | Reject {
  return UNITS.get(text) ?? reject('-S requires k, K, m or M (default is KiB)');
}

// procps' long option table order
const FLAGS = {
  active: flag.boolean('-a --active'),
  forks: flag.boolean('-f --forks'),
  slabs: flag.boolean('-m --slabs'),
  oneHeader: flag.boolean('-n --one-header'),
  stats: flag.boolean('-s --stats'),
  disk: flag.boolean('-d --disk'),
  diskSum: flag.boolean('-D --disk-sum'),
  partition: flag.string('-p --partition'),
  unit: flag.value('-S --unit', unit),
  wide: flag.boolean('-w --wide'),
  timestamp: flag.boolean('-t --timestamp'),
  noFirst: flag.boolean('-y --no-first'),
  help: flag.help('-h --help'),
  version: flag.version('-V --version'),
};

const MAX_TOTAL_WAIT_S = 29;

interface Sample {
  cpu: number[];
  pgpgin: number;
  pgpgout: number;
  pswpin: number;
  pswpout: number;
  intr: number;
  ctxt: number;
  running: number;
  blocked: number;
  btime: number;
  processes: number;
  mem: Map<string, number>;
}

function sample(proc: ProcReader): Sample | undefined {
  const stat = proc.read('stat');
  const mem = readMeminfo(proc);
  if (stat === undefined || mem === undefined) return undefined;
  const vm = proc.read('vmstat') ?? '';
  const num = (text: string, key: string): number => {
    const m = new RegExp(`^${key}\\s+([0-9]+)`, 'm').exec(text);
    return m === null ? 0 : Number(m[1]);
  };
  const cpuLine = /^cpu\s+(.*)$/m.exec(stat);
  const cpu = (cpuLine?.[1] ?? '').trim().split(/\s+/).map(Number).map((n) => (Number.isFinite(n) ? n : 0));
  while (cpu.length < 10) cpu.push(0);
  return {
    cpu, mem,
    pgpgin: num(vm, 'pgpgin'), pgpgout: num(vm, 'pgpgout'), pswpin: num(vm, 'pswpin'), pswpout: num(vm, 'pswpout'),
    intr: num(stat, 'intr'), ctxt: num(stat, 'ctxt'), running: num(stat, 'procs_running'),
    blocked: num(stat, 'procs_blocked'), btime: num(stat, 'btime'), processes: num(stat, 'processes'),
  };
}

interface Opts {
  active: boolean;
  wide: boolean;
  unit: number;
  unitName: string;
}

const HEADERS = {
  narrow: ['procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----',
    ' r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st'],
  wide: ['--procs-- -----------------------memory---------------------- ---swap-- -----io---- -system-- ----------cpu----------',
    '   r    b         swpd         free         buff        cache   si   so    bi    bo   in   cs  us  sy  id  wa  st  gu'],
};

function header(o: Opts): string {
  const [a, b] = o.wide ? HEADERS.wide : HEADERS.narrow;
  let second = b ?? '';
  if (o.active) second = o.wide ? second.replace('        buff        cache', '       inact       active') : second.replace('   buff  cache', '  inact active');
  return `${a}\n${second}\n`;
}

/** one report line: `prev` undefined = averages since boot */
function line(cur: Sample, prev: Sample | undefined, o: Opts): string {
  const d = (k: keyof Sample): number => (cur[k] as number) - (prev === undefined ? 0 : (prev[k] as number));
  const c = (i: number): number => (cur.cpu[i] ?? 0) - (prev?.cpu[i] ?? 0);
  const use = c(0) + c(1);
  const sys = c(2) + c(5) + c(6);
  let idle = c(3);
  const iow = c(4);
  const steal = c(7);
  const guest = c(8) + c(9);
  let div = use + sys + idle + iow + steal;
  if (div === 0) { div = 1; idle = 1; }
  const half = Math.trunc(div / 2);
  const rate = (v: number): number => Math.trunc((v * 100 + half) / div);
  const pct = (v: number): number => Math.trunc((100 * v + half) / div);
  const kb = (k: string): number => cur.mem.get(k) ?? 0;
  const conv = (v: number): number => Math.trunc((v * 1024) / o.unit);
  const swpd = conv(kb('SwapTotal') - kb('SwapFree'));
  const mem3 = o.active ? conv(kb('Inactive')) : conv(kb('Buffers'));
  const mem4 = o.active ? conv(kb('Active')) : conv(kb('Cached') + kb('SReclaimable'));
  const pageKb = 4;
  const w = o.wide;
  const f = (v: number, n: number): string => String(v).padStart(n);
  const cols = [
    f(cur.running, w ? 4 : 2), f(cur.blocked, w ? 4 : 2), f(swpd, w ? 12 : 6), f(conv(kb('MemFree')), w ? 12 : 6),
    f(mem3, w ? 12 : 6), f(mem4, w ? 12 : 6),
    f(rate(conv(d('pswpin') * pageKb)), 4), f(rate(conv(d('pswpout') * pageKb)), 4),
    f(rate(d('pgpgin')), 5), f(rate(d('pgpgout')), 5), f(rate(d('intr')), 4), f(rate(d('ctxt')), 4),
    f(pct(use), w ? 3 : 2), f(pct(sys), w ? 3 : 2), f(pct(idle), w ? 3 : 2), f(pct(iow), w ? 3 : 2), f(pct(steal), w ? 3 : 2),
  ];
  if (w) cols.push(f(pct(guest), 3));
  return cols.join(' ') + '\n';
}

function stats(s: Sample, o: Opts): string {
  const m = (k: string): number => s.mem.get(k) ?? 0;
  const conv = (v: number): number => Math.trunc((v * 1024) / o.unit);
  const u = o.unitName;
  const avail = s.mem.has('MemAvailable') ? m('MemAvailable') : m('MemFree');
  const rows: Array<[number, string]> = [
    [conv(m('MemTotal')), `${u} total memory`], [conv(m('MemTotal') - avail), `${u} used memory`],
    [conv(m('Active')), `${u} active memory`], [conv(m('Inactive')), `${u} inactive memory`],
    [conv(m('MemFree')), `${u} free memory`], [conv(m('Buffers')), `${u} buffer memory`],
    [conv(m('Cached') + m('SReclaimable')), `${u} swap cache`], [conv(m('SwapTotal')), `${u} total swap`],
    [conv(m('SwapTotal') - m('SwapFree')), `${u} used swap`], [conv(m('SwapFree')), `${u} free swap`],
    [s.cpu[0] ?? 0, 'non-nice user cpu ticks'], [s.cpu[1] ?? 0, 'nice user cpu ticks'], [s.cpu[2] ?? 0, 'system cpu ticks'],
    [s.cpu[3] ?? 0, 'idle cpu ticks'], [s.cpu[4] ?? 0, 'IO-wait cpu ticks'], [s.cpu[5] ?? 0, 'IRQ cpu ticks'],
    [s.cpu[6] ?? 0, 'softirq cpu ticks'], [s.cpu[7] ?? 0, 'stolen cpu ticks'], [s.cpu[8] ?? 0, 'non-nice guest cpu ticks'],
    [s.cpu[9] ?? 0, 'nice guest cpu ticks'], [s.pgpgin, 'K paged in'], [s.pgpgout, 'K paged out'],
    [s.pswpin, 'pages swapped in'], [s.pswpout, 'pages swapped out'], [s.intr, 'interrupts'],
    [s.ctxt, 'CPU context switches'], [s.btime, 'boot time'], [s.processes, 'forks'],
  ];
  return rows.map(([v, label]) => `${String(v).padStart(13)} ${label}\n`).join('');
}

function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): number | Promise<number> {
  for (const [name, spelled] of [['forks', '-f'], ['slabs', '-m'], ['disk', '-d'], ['diskSum', '-D'], ['partition', '-p'], ['timestamp', '-t']] as const) {
    if (order.some((x) => x.name === name)) return fail(ctx, `vmstat: ${spelled} is not supported by rshell\n`, 1);
  }
  const [size, unitName] = flags.unit ?? KIB;
  const o: Opts = { active: flags.active, wide: flags.wide, unit: size, unitName };
  const nums: number[] = [];
  for (const a of operands) {
    if (!/^[0-9]+$/.test(a)) return fail(ctx, `vmstat: failed to parse argument: '${a}'\n`, 1);
    nums.push(Number(a));
  }
  if (nums.length > 2) return fail(ctx, VMSTAT_USAGE, 1);
  const delay = nums[0];
  if (delay !== undefined && delay < 1) return fail(ctx, 'vmstat: delay must be positive integer\n', 1);
  const count = nums[1] ?? (delay === undefined ? 1 : Infinity);
  if (delay !== undefined && Number.isFinite(count) && (count - 1) * delay > MAX_TOTAL_WAIT_S) {
    return fail(ctx, `vmstat: delay ${delay} x count ${count} waits more than rshell's ${MAX_TOTAL_WAIT_S} s limit\n`, 1);
  }
  const refused = refuseOffLinux(ctx);
  if (refused !== undefined) return refused;
  const proc = procOf(ctx);
  const first = sample(proc);
  if (first === undefined) return fail(ctx, 'vmstat: Unable to create system stat structure\n', 1);
  if (flags.stats) return done(ctx, stats(first, o));
  return report(ctx, proc, o, first, delay ?? 0, count, flags.noFirst);
}

async function report(ctx: CallContext, proc: ProcReader, o: Opts, first: Sample, delay: number, count: number, noFirst: boolean): Promise<number> {
  let text = header(o);
  let prev = first;
  let left = count;
  if (!noFirst) {
    text += line(first, undefined, o);
    left--;
  }
  let p = ctx.stdout.writeString(text);
  if (p) await p;
  while (left > 0) {
    const f = ctx.stdout.flush();
    if (f) await f;
    await sleepWithin(ctx, delay * 1000);
    const cur = sample(proc) ?? prev;
    p = ctx.stdout.writeString(line(cur, prev, o));
    if (p) await p;
    prev = cur;
    left--;
  }
  return 0;
}

export const vmstat = defineCommand({
  name: 'vmstat',
  summary: 'report virtual memory statistics',
  help: VMSTAT_USAGE,
  flags: FLAGS,
  // procps: getopt's message, then the whole usage on stderr
  usageError: (ctx, message, status) => fail(ctx, `vmstat: ${message}\n${VMSTAT_USAGE}`, status),
  run,
});
