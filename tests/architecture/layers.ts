// The layering rule of the source tree, as data, and the checker that holds it.
//
// Layers are listed bottom first. A layer holds units: a folder (`lib/io/`), a file
// (`builtins/types.ts`) or one unit per subfolder (`builtins/*/`: each command its own unit). A
// file imports only from its own unit or from a unit of a lower layer: never upward, never
// sideways into a peer (one command never imports another's folder; what two commands share goes
// to builtins/internal/). Type-only imports count too: a type is part of what a layer knows. A
// cycle therefore stays inside one unit; the checker still reports cycles across units on their
// own, for a clear message.
//
// Each layer also lists the Node modules and packages it may import, each with its reason (Go
// rshell keeps such a per-command symbol allowlist). Anything not listed is refused.

import { importsOf, productionFiles, type ImportEdge } from './import-graph.js';

export interface Layer {
  name: string;
  /** folders ending in `/`, files, `dir/*.ts` for the files directly in dir, `dir/*\/` for one unit per subfolder */
  units: string[];
  /** Node modules (`node:fs`) and npm packages this layer may import, with the reason */
  allow?: Record<string, string>;
}

const BUFFER = { 'node:buffer': 'Buffer.compare/indexOf over bytes: pure computation, no I/O' };

/** the source tree's layers, bottom first */
export const LAYERS: Layer[] = [
  { name: 'byte streams', units: ['lib/io/'] },
  { name: 'text and time', units: ['lib/text/', 'lib/time/'] },
  {
    name: 'regex',
    units: ['lib/regex/'],
    allow: {
      ...BUFFER,
      'node:v8': 'setFlagsFromString, once, for the linear-time regex fallback (docs/SECURITY.md)',
    },
  },
  { name: 'patterns and printf', units: ['lib/pattern/', 'lib/printf/'] },
  {
    name: 'sandbox',
    units: ['allowedpaths/'],
    allow: {
      'node:fs': 'the sandbox is the only code that opens, stats, lists or writes script-visible files',
      'node:path': 'lexical joins of already-resolved paths',
      'node:util': 'promisify for fs.Dir (dir-promisify.ts)',
    },
  },
  { name: 'command contract', units: ['builtins/types.ts'] },
  {
    name: 'command helpers',
    units: ['builtins/internal/'],
    allow: {
      'node:fs': 'builtins/internal/proc only: fixed kernel pseudo-files under --proc-path, and the passwd/group databases beside it (proc/accounts.ts: only the looked-up names and ids leave it) (docs/SECURITY.md)',
      'node:os': 'proc: the host name and kernel facts uname/hostname report; ls -l: the running user name',
      'node:path': 'proc: joining the proc root with fixed names',
      'yargs-parser': 'builds the flags object from canonical option tokens (flags.ts)',
    },
  },
  {
    name: 'commands',
    units: ['builtins/*/'],
    allow: {
      ...BUFFER,
      'node:crypto': 'digests for the checksum commands (md5sum, sha*sum, b2sum): pure computation, no I/O',
      'node:zlib': 'gzip/zcat/tar -z streams: pure computation over bytes the sandbox read, no I/O',
    },
  },
  { name: 'command registry', units: ['builtins/registry.ts'] },
  { name: 'command table', units: ['builtins/commands.ts'] },
  { name: 'public types', units: ['src/api.ts'] },
  { name: 'syntax', units: ['src/syntax/'] },
  { name: 'static check', units: ['src/check/'] },
  { name: 'arithmetic', units: ['src/interp/arith/'] },
  {
    name: 'interpreter state',
    units: ['src/interp/state/'],
    allow: { 'node:v8': 'heap statistics for the memory budget (runtime.ts)' },
  },
  { name: 'builtin help texts', units: ['src/interp/help/'] },
  { name: 'word expansion', units: ['src/interp/expand/'] },
  { name: 'execution', units: ['src/interp/exec/'] },
  { name: 'shell builtins', units: ['src/interp/builtins/'], allow: BUFFER },
  { name: 'runner', units: ['src/interp/*.ts'] },
  {
    name: 'isolation',
    units: ['src/isolation/'],
    allow: {
      'node:worker_threads': 'each run in a worker with a heap cap, terminated at its deadline (docs/SECURITY.md)',
      'node:os': 'totalmem, to size the worker pool by memory',
    },
  },
  { name: 'library entry', units: ['src/index.ts'] },
  {
    name: 'command line',
    units: ['src/cli/'],
    allow: {
      'node:fs': 'the script file, the --rules file and the --audit-log file named on the command line, writes to the terminal descriptors, and realpath of the allowed paths (is the start directory inside one)',
      'node:path': 'resolving the allowed paths against the start directory',
      'node:worker_threads': 'the watchdog thread that holds the deadline and the memory cap (watchdog.ts)',
      'node:readline': 'the REPL',
      chalk: 'REPL colours',
      'js-yaml': 'the --rules file (policy-files.ts)',
    },
  },
];

export interface Violation {
  file: string;
  line: number;
  message: string;
}

interface UnitRef {
  unit: string;
  rank: number;
  layer: Layer;
}

/** the unit a file belongs to: the longest matching unit pattern wins */
export function unitOf(layers: readonly Layer[], file: string): UnitRef | undefined {
  let best: UnitRef | undefined;
  let bestLen = -1;
  layers.forEach((layer, rank) => {
    for (const pattern of layer.units) {
      let unit: string | undefined;
      if (pattern.endsWith('/*/')) {
        const dir = pattern.slice(0, -2);
        if (file.startsWith(dir)) {
          const rest = file.slice(dir.length);
          const slash = rest.indexOf('/');
          if (slash > 0) unit = dir + rest.slice(0, slash + 1);
        }
      } else if (pattern.endsWith('/*.ts')) {
        const dir = pattern.slice(0, -4);
        if (file.startsWith(dir) && !file.slice(dir.length).includes('/')) unit = pattern;
      } else if (pattern.endsWith('/') ? file.startsWith(pattern) : file === pattern) {
        unit = pattern;
      }
      // a literal pattern beats a wildcard that yields the same folder (builtins/internal/)
      const len = unit === undefined ? -1 : pattern.endsWith('/*/') ? unit.length - 1 : unit.length;
      if (unit !== undefined && len > bestLen) {
        best = { unit, rank, layer };
        bestLen = len;
      }
    }
  });
  return best;
}

const NODE_BUILTIN = /^(node:)?(assert|buffer|child_process|cluster|crypto|dgram|dns|events|fs|http|https|inspector|module|net|os|path|perf_hooks|process|readline|stream|string_decoder|timers|tls|tty|url|util|v8|vm|worker_threads|zlib)(\/.*)?$/;

/** `fs/promises` → `node:fs`: the allowlist speaks of modules, not of their subpaths */
function externalName(spec: string): string {
  const m = NODE_BUILTIN.exec(spec);
  if (m !== null) return `node:${m[2]}`;
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
}

/** every violation of `layers` by `edges` (the files' imports) */
export function checkEdges(layers: readonly Layer[], files: readonly string[], edges: readonly ImportEdge[]): Violation[] {
  const out: Violation[] = [];
  for (const f of files) {
    if (unitOf(layers, f) === undefined) out.push({ file: f, line: 1, message: `${f} belongs to no layer: add its folder to LAYERS` });
  }
  const unitEdges = new Map<string, Map<string, ImportEdge>>();
  for (const e of edges) {
    const from = unitOf(layers, e.from);
    if (from === undefined) continue;
    if (e.to === undefined) {
      const name = externalName(e.spec);
      if (from.layer.allow?.[name] === undefined) {
        out.push({ file: e.from, line: e.line, message: `${e.from}:${e.line} imports ${name}, which layer '${from.layer.name}' may not use` });
      }
      continue;
    }
    const to = unitOf(layers, e.to);
    if (to === undefined) {
      out.push({ file: e.from, line: e.line, message: `${e.from}:${e.line} imports ${e.to}, which belongs to no layer` });
      continue;
    }
    if (to.unit === from.unit) continue;
    if (!e.typeOnly) {
      let m = unitEdges.get(from.unit);
      if (m === undefined) unitEdges.set(from.unit, (m = new Map()));
      if (!m.has(to.unit)) m.set(to.unit, e);
    }
    if (to.rank < from.rank) continue;
    const how = to.rank === from.rank ? `its peer ${to.unit}` : `${to.unit} (layer '${to.layer.name}', above '${from.layer.name}')`;
    out.push({ file: e.from, line: e.line, message: `${e.from}:${e.line} imports '${e.spec}' from ${how}: imports must point down` });
  }
  for (const cycle of unitCycles(unitEdges)) {
    const first = unitEdges.get(cycle[0]!)!.get(cycle[1 % cycle.length]!);
    const where = first === undefined ? '' : ` (${first.from}:${first.line})`;
    out.push({ file: first?.from ?? cycle[0]!, line: first?.line ?? 1, message: `import cycle across units: ${[...cycle, cycle[0]].join(' -> ')}${where}` });
  }
  return out;
}

/** the strongly connected groups of more than one unit (Tarjan), each as a path through the group */
function unitCycles(graph: ReadonlyMap<string, ReadonlyMap<string, ImportEdge>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.reverse());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

/** the violations of the real tree */
export function checkRepo(repo: string, layers: readonly Layer[] = LAYERS): Violation[] {
  const files = productionFiles(repo, ['lib', 'allowedpaths', 'builtins', 'src']);
  const edges = files.flatMap((f) => importsOf(repo, f));
  return checkEdges(layers, files, edges);
}
