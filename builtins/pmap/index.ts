// pmap: memory map of processes (procps-ng 4.0.2), from <proc>/<pid>/maps and, for -x,
// <pid>/smaps. The header names the process by comm ([comm] for kernel threads): rshell never
// reads argv. Mappings print by base name, as pmap does without -p, and only when the sandbox
// could stat the file itself; a file outside the allowed roots is shown as (restricted), as lsof
// does (even a base name tells what another process has open: a database, a key file).

import { defineCommand, flag } from '../internal/command.js';
import { done, fail, procOf, refuseOffLinux } from '../internal/proc/common.js';
import { readProcess } from '../internal/proc/process.js';
import type { ProcReader } from '../internal/proc/reader.js';
import { PMAP_USAGE } from './usage.js';
import type { CallContext } from '../types.js';

// procps' long option table order
const FLAGS = {
  extended: flag.boolean('-x --extended'),
  X: flag.counter('-X'),
  readRc: flag.boolean('-c --read-rc'),
  readRcFrom: flag.string('-C --read-rc-from'),
  createRc: flag.boolean('-n --create-rc'),
  createRcTo: flag.string('-N --create-rc-to'),
  device: flag.boolean('-d --device'),
  quiet: flag.boolean('-q --quiet'),
  showPath: flag.boolean('-p --show-path'),
  range: flag.string('-A --range'),
  help: flag.help('-h --help'),
  version: flag.version('-V --version'),
};

const REFUSED: ReadonlyArray<[keyof typeof FLAGS, string]> = [
  ['readRc', '-c/--read-rc is refused: it reads a file outside the sandbox'],
  ['readRcFrom', '-C/--read-rc-from is refused: it reads a file named on the command line'],
  ['createRc', '-n/--create-rc is refused: rshell builtins do not write files'],
  ['createRcTo', '-N/--create-rc-to is refused: rshell builtins do not write files'],
  ['showPath', '-p/--show-path is refused: mappings are shown by base name only'],
  ['X', '-X is not supported by rshell (use -x)'],
  ['device', '-d/--device is not supported by rshell'],
  ['range', '-A/--range is not supported by rshell'],
];

interface Mapping {
  start: bigint;
  end: bigint;
  mode: string;
  /** the file's path ('' for anonymous memory, `[heap]`-style names for the kernel's) */
  path: string;
  rssKb: number;
  dirtyKb: number;
}

/** what the Mapping column shows; `visible` says whether the sandbox can stat a path */
function mappingName(path: string, visible: (path: string) => boolean): string {
  if (path === '' || (path.startsWith('[') && !path.startsWith('[stack'))) return '  [ anon ]';
  if (path.startsWith('[stack')) return '  [ stack ]';
  if (!visible(path.replace(/ \(deleted\)$/, ''))) return '(restricted)';
  return path.slice(path.lastIndexOf('/') + 1);
}

/** is `path` one the script could name? Asked once per distinct file (a process maps each several times) */
function visibility(ctx: CallContext): (path: string) => boolean {
  const seen = new Map<string, boolean>();
  return (path) => {
    let ok = seen.get(path);
    if (ok === undefined) {
      ok = path.startsWith('/') && ctx.fs.stat(path).ok;
      seen.set(path, ok);
    }
    return ok;
  };
}

const MAP_LINE = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \S+ *(.*)$/;

function readMappings(proc: ProcReader, pid: number, extended: boolean): Mapping[] | undefined {
  const lines = extended ? proc.lines(`${pid}/smaps`) : proc.lines(`${pid}/maps`);
  if (lines === undefined) return undefined;
  const out: Mapping[] = [];
  let cur: Mapping | undefined;
  for (const line of lines) {
    const m = MAP_LINE.exec(line);
    if (m !== null) {
      const perms = m[3] ?? '----';
      cur = {
        start: BigInt(`0x${m[1]}`), end: BigInt(`0x${m[2]}`),
        mode: `${perms.slice(0, 3)}${perms[3] === 's' ? 's' : '-'}-`,
        path: m[4] ?? '', rssKb: 0, dirtyKb: 0,
      };
      out.push(cur);
      continue;
    }
    const kv = /^(Rss|Shared_Dirty|Private_Dirty):\s+([0-9]+) kB/.exec(line);
    if (kv !== null && cur !== undefined) {
      if (kv[1] === 'Rss') cur.rssKb = Number(kv[2]);
      else cur.dirtyKb += Number(kv[2]);
    }
  }
  return out;
}

function block(proc: ProcReader, pid: number, extended: boolean, quiet: boolean, visible: (path: string) => boolean): string | undefined {
  const p = readProcess(proc, pid);
  const maps = readMappings(proc, pid, extended);
  if (p === undefined || maps === undefined) return undefined;
  let out = `${pid}:   ${p.kernelThread ? `[${p.comm}]` : p.comm}\n`;
  let total = 0n;
  let rss = 0;
  let dirty = 0;
  if (extended && !quiet) out += 'Address           Kbytes     RSS   Dirty Mode  Mapping\n';
  for (const m of maps) {
    const kb = (m.end - m.start) / 1024n;
    total += kb;
    rss += m.rssKb;
    dirty += m.dirtyKb;
    const addr = m.start.toString(16).padStart(16, '0');
    const name = mappingName(m.path, visible);
    out += extended
      ? `${addr} ${String(kb).padStart(7)} ${String(m.rssKb).padStart(7)} ${String(m.dirtyKb).padStart(7)} ${m.mode} ${name}\n`
      : `${addr} ${String(kb).padStart(6)}K ${m.mode} ${name}\n`;
  }
  if (!quiet) {
    out += extended
      ? `---------------- ------- ------- ------- \ntotal kB ${String(total).padStart(15)} ${String(rss).padStart(7)} ${String(dirty).padStart(7)}\n`
      : ` total ${String(total).padStart(16)}K\n`;
  }
  return out;
}

export const pmap = defineCommand({
  name: 'pmap',
  summary: 'report the memory map of a process',
  help: PMAP_USAGE,
  flags: FLAGS,
  // procps: getopt's message, then the whole usage on stderr
  usageError: (ctx, message, status) => fail(ctx, `pmap: ${message}\n${PMAP_USAGE}`, status),
  run(ctx, { flags, operands, order }) {
    for (const [name, why] of REFUSED) if (order.some((o) => o.name === name)) return fail(ctx, `pmap: ${why}\n`, 1);
    if (operands.length === 0) return fail(ctx, 'pmap: argument missing\n', 1);
    const pids: number[] = [];
    for (const a of operands) {
      if (!/^[0-9]+$/.test(a) || Number(a) < 1 || Number(a) > 0x7fffffff) return fail(ctx, PMAP_USAGE, 1);
      pids.push(Number(a));
    }
    const refused = refuseOffLinux(ctx);
    if (refused !== undefined) return refused;
    const proc = procOf(ctx);
    let out = '';
    let status = 0;
    const visible = visibility(ctx);
    for (const pid of pids) {
      ctx.checkAbort();
      const b = block(proc, pid, flags.extended, flags.quiet, visible);
      // procps exits 42 when a process could not be read, and prints nothing for it
      if (b === undefined) status = 42;
      else out += b;
    }
    return done(ctx, out, status);
  },
});
