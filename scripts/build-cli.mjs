// The CLI bundle (dist/rshell.js + dist/chunks/), built for cold start (issue #7).
//
// Shape: ONE eager file and lazy chunks. Node's ESM loader pays about a millisecond per module
// (resolve, realpath, read, link) whatever its size, and esbuild's code splitting scatters the
// code the entry shares with lazy chunks over many small shared chunks, so the CLI is built in
// two passes instead:
//   1. the core: src/cli/main.ts bundled into one CommonJS file with every dynamic import left
//      out (a placeholder), and every export of every module it contains re-exported under a
//      unique name (`m12$parse`). The bin, dist/rshell.js, compiles it with the V8 code cache
//      the build records and hands its exports to the chunks (cli-launcher.mjs says why);
//   2. the lazy side: each dynamically imported module (a command, a rarely used shell builtin,
//      the REPL) is an entry of a split build into dist/chunks/ (then converted to CommonJS,
//      cjs-chunks.mjs, so that no ES module is ever loaded), in which any module the core
//      already holds becomes `export { m12$parse as parse, … } from '../rshell.js'` — one
//      instance of each module, shared, never a second copy.
// The placeholders in the core are then replaced by calls that import the chunks through the
// bin. (Modules from node_modules are not shared that way; none is in the core today — chalk and
// yargs-parser load with the REPL and the commands.)
//
// Each file a command's chunk imports costs Node's loader a resolve, a read and a link, so the
// build keeps that count down (issue #7: `find | wc` went from 17 files to 5):
//   - modules several commands share (quote, output, inputs, lines…) are folded into the core
//     when that grows start-up by nothing but their bytes (foldableModules): a first lazy build
//     shows what the chunks share, and the core is planned again with those modules in it;
//   - a module taken from the core, or a Node module's facade, is generated once per importer,
//     so it is inlined into that importer's chunk instead of becoming a shared chunk of its own;
//   - `require` is defined away, so yargs-parser needs no __require shim from esbuild's runtime
//     chunk (which every chunk imports as soon as one module needs it; keep Node modules imported
//     by name, not as a namespace used as a value).
//
// Three more things keep start-up small: Node's own modules are reached without their ESM facade
// (builtinsWithoutFacade), the commands' --help texts live in a chunk of their own (usageModules),
// and the output is minified (with source maps beside it).
//
// The command tables are swapped at build time for lazy tables (see lazyTableSource): each entry
// keeps name/summary/usage as plain strings (so help, --help and `type` stay synchronous) and its
// `run` loads the command's chunk with import() the first time it is called. A script that only
// runs `echo` therefore never parses sed, grep, find, yargs-parser… The source tables stay eager,
// so tests and the library behave exactly as before; the strings are read from those eager
// tables here, so the lazy tables can never drift from them.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isBuiltin } from 'node:module';
import { CORE_IMPORT, CORE_TABLE, probeCaches, V8_FLAGS, writeLauncher } from './cli-launcher.mjs';
import { CHUNK_REQUIRE, convertChunks } from './cjs-chunks.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where lazy chunks reach the core from: they all live in dist/chunks/, the core in dist/. */
const CORE_FROM_CHUNKS = '../rshell.js';
const LAZY_PLACEHOLDER = '@rshell-lazy:';
/** the name the core's generated entry goes by (in the metafile's inputs too) */
const CORE_SOURCEFILE = 'rshell-core.js';
/** prefix of the build's own generated modules (the usage table) */
const VIRTUAL = 'rshell:';

/**
 * The command tables the CLI loads lazily. `eager` names the exports kept as direct imports:
 * shell builtins so small or so common (echo, test/[ in loops) that loading a chunk at first use
 * would cost more than compiling them on every start.
 */
/** the export names of src/interp/builtins/core.ts: `export const NAME = entry(…)` */
const CORE_ENTRIES = [];

function lazyTables(root) {
  if (CORE_ENTRIES.length === 0) {
    const core = readFileSync(path.join(root, 'src/interp/builtins/core.ts'), 'utf8');
    for (const m of core.matchAll(/^export const (\w+) = entry\(/gm)) CORE_ENTRIES.push(m[1]);
  }
  return [
    // the map is built from the registry's re-exports (builtins/commands.ts): the entries come from them
    { file: path.join(root, 'builtins/commands.ts'), list: path.join(root, 'builtins/registry.ts'), map: 'COMMANDS', eager: new Set(), withUsages: new Set() },
    {
      file: path.join(root, 'src/interp/builtins/index.ts'),
      map: 'SHELL_BUILTINS',
      // and the builtins over the interpreter's state (core.ts): loops and functions run them
      eager: new Set(['echo', 'test', 'bracket', 'trueBuiltin', 'falseBuiltin', 'colon', 'cd', 'pwd', ...CORE_ENTRIES]),
      // `help NAME` prints other commands' usage: the usage table loads with it
      withUsages: new Set(['help']),
    },
  ];
}

/**
 * Which module each entry of a table comes from: the table file's `import { … } from './…'`
 * lines, or its list's `export { … } from './…'` lines (the registry, one line per command).
 */
function tableImports(table) {
  const text = readFileSync(table.list ?? table.file, 'utf8');
  const exportToModule = new Map();
  for (const m of text.matchAll(/^(?:import|export)\s*\{([^}]*)\}\s*from\s*'(\.\/[^']+)';/gm)) {
    for (const name of m[1].split(',').map((s) => s.trim()).filter(Boolean)) exportToModule.set(name, m[2]);
  }
  return exportToModule;
}

/** A table's entries in order (name, summary, usage, and which export of which module they are). */
async function loadTableMetadata(table, common, out) {
  const tmp = path.join(out, `.table-meta-${table.map}-${process.pid}.mjs`);
  const exportToModule = tableImports(table);
  // re-export every imported binding so each entry object can be traced to its module export
  const names = [...exportToModule.keys()];
  const tableModule = './' + path.basename(table.file).replace(/\.ts$/, '.js');
  const contents =
    names.map((n) => `import { ${n} } from '${exportToModule.get(n)}';`).join('\n') +
    `\nexport { ${table.map} as TABLE } from '${tableModule}';\nexport const BY_EXPORT = { ${names.join(', ')} };\n`;
  await build({
    ...common,
    stdin: { contents, resolveDir: path.dirname(table.file), loader: 'ts', sourcefile: 'table-meta.ts' },
    outfile: tmp,
  });
  try {
    const mod = await import(pathToFileURL(tmp).href);
    const exportOf = new Map(Object.entries(mod.BY_EXPORT).map(([exp, cmd]) => [cmd, exp]));
    return [...mod.TABLE.values()].map((cmd) => {
      const exp = exportOf.get(cmd);
      if (!exp) throw new Error(`build: ${table.map} entry ${cmd.name} is not an imported binding`);
      return { name: cmd.name, summary: cmd.summary, usage: cmd.usage, exp, module: exportToModule.get(exp) };
    });
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Source of the module that replaces a table file in the CLI bundle. The usage texts of lazy
 * entries (a fifth of the start-up code as plain strings) move to a chunk of their own: the
 * virtual module rshell:usages, which rshell:usage-state loads on demand.
 */
function lazyTableSource(table, entries, lazyCommandFile) {
  const eagerEntries = entries.filter((c) => table.eager.has(c.exp));
  const lazyModules = [...new Set(entries.filter((c) => !table.eager.has(c.exp)).map((c) => c.module))];
  const imports = [...new Set(eagerEntries.map((c) => c.module))]
    .map((m) => `import { ${eagerEntries.filter((c) => c.module === m).map((c) => c.exp).join(', ')} } from '${m}';`)
    .join('\n');
  const loaders = lazyModules.map((m, i) => `const load${i} = () => import('${m}');`).join('\n');
  const items = entries
    .map((c) => {
      if (table.eager.has(c.exp)) return `  ${c.exp},`;
      const i = lazyModules.indexOf(c.module);
      const load = table.withUsages.has(c.exp)
        ? `() => Promise.all([load${i}(), loadUsages()]).then(([m]) => m.${c.exp})`
        : `() => load${i}().then((m) => m.${c.exp})`;
      return `  lazyCommand(${JSON.stringify(c.name)}, ${JSON.stringify(c.summary)}, () => usageOf(${JSON.stringify(c.name)}), ${load}),`;
    })
    .join('\n');
  return (
    `import { lazyCommand } from ${JSON.stringify(lazyCommandFile)};\n` +
    `import { loadUsages, usageOf } from '${VIRTUAL}usage-state';\n${imports}\n${loaders}\n` +
    `const ALL = [\n${items}\n];\nexport const ${table.map} = new Map(ALL.map((c) => [c.name, c]));\n`
  );
}

/** The two virtual modules behind lazy usage texts. */
function usageModules(usages) {
  const state =
    `let table;\n` +
    `export const usageOf = (name) => table?.get(name) ?? '';\n` +
    `export const loadUsages = () => table ? Promise.resolve() : import('${VIRTUAL}usages').then((m) => { table = m.USAGES; });\n`;
  const table = `export const USAGES = new Map(${JSON.stringify([...usages])});\n`;
  return { 'usage-state': state, usages: table };
}

function virtualModulesPlugin(modules) {
  return {
    name: 'rshell-virtual',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${VIRTUAL}`) }, (args) => ({ path: args.path.slice(VIRTUAL.length), namespace: 'rshell-virtual' }));
      b.onLoad({ filter: /.*/, namespace: 'rshell-virtual' }, (args) => ({ contents: modules[args.path], loader: 'js', resolveDir: '/' }));
    },
  };
}

function lazyTablesPlugin(sources) {
  return {
    name: 'lazy-tables',
    setup(b) {
      b.onLoad({ filter: /\.ts$/, namespace: 'file' }, (args) => {
        const contents = sources.get(args.path);
        return contents === undefined ? undefined : { contents, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * Node's own modules without their ESM facade: `import … from 'node:fs'` makes Node build a
 * facade that reads every export, and reading fs.ReadStream, fs.promises or buffer.File loads
 * the whole stream / promises / File machinery at start-up. Here each static import of a Node
 * module becomes a module that takes it from process.getBuiltinModule (Node ≥ 20.16; older
 * Nodes fall back to a dynamic import) and reads only the exports the bundle actually uses: each
 * export is a pure call, so esbuild drops the unused ones.
 */
/** Node modules whose functions are fetched at their first call (v8: only the regex engine's flag) */
const LAZY_BUILTINS = new Set(['v8', 'os']);

/**
 * The members of Node's module `id` that are getters until first read. Asked of a fresh node: in
 * this process, importing a module (the build imports node:fs) has read them all already.
 */
const gettersOf = new Map();
function membersBehindGetters(id) {
  if (!gettersOf.has(id)) {
    const probe = `const m = require(${JSON.stringify(`node:${id}`)}); process.stdout.write(JSON.stringify(Object.getOwnPropertyNames(m).filter((n) => Object.getOwnPropertyDescriptor(m, n).get)))`;
    const r = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`build: cannot list the getters of node:${id}: ${r.stderr}`);
    gettersOf.set(id, new Set(JSON.parse(r.stdout)));
  }
  return gettersOf.get(id);
}

/**
 * `perImporter` (the lazy chunks): one facade per importing module, so that it is inlined into
 * the importer's chunk; one facade shared by several chunks would be a chunk file of its own.
 */
function builtinsWithoutFacade({ perImporter = false, cjs = false, requireName = cjs ? 'require' : null } = {}) {
  return {
    name: 'builtins-without-facade',
    setup(b) {
      b.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, (args) => {
        if (args.kind !== 'import-statement') return undefined;
        const id = args.path.replace(/^node:/, '');
        if (!isBuiltin(id)) return undefined;
        return { path: id, namespace: 'node-builtin', ...(perImporter ? { suffix: `?from=${args.importer}` } : {}) };
      });
      b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, async (args) => {
        const spec = JSON.stringify(`node:${args.path}`);
        const real = await import(`node:${args.path}`);
        const names = Object.getOwnPropertyNames(real).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
        const lazy = LAZY_BUILTINS.has(args.path);
        // Some members are getters that load a module of Node's at the first read (fs.opendirSync
        // loads internal/fs/dir, ~0.2 ms): a function among them is forwarded at call time, not
        // read when the importer starts. (Classes and objects behind getters are read up front.)
        const getters = membersBehindGetters(args.path);
        const behindGetter = (n) => typeof real[n] === 'function' && !/^[A-Z]/.test(n) && getters.has(n);
        const lines = [
          // without getBuiltinModule (Node < 20.16), the module is imported once, up front
          // (CommonJS code has require() and no top-level await: the core, and the chunks once
          // converted, cjs-chunks.mjs)
          requireName ? `const early = process.getBuiltinModule ? undefined : ${requireName}(${spec});` : `const early = process.getBuiltinModule ? undefined : (await import(${spec})).default;`,
          `const mod = () => early ?? process.getBuiltinModule(${spec});`,
          lazy ? `export default new Proxy({}, { get: (_, k) => mod()[k] });` : `const m = mod();\nexport default m;`,
          `const get = (k) => ${lazy ? 'mod()' : 'm'}[k];`,
          ...names.map((n) =>
            (lazy && typeof real[n] === 'function') || behindGetter(n)
              ? `export function ${n}(...a) { return mod().${n}(...a); }`
              : `export const ${n} = /* @__PURE__ */ get(${JSON.stringify(n)});`,
          ),
        ];
        return { contents: lines.join('\n') + '\n', loader: 'js' };
      });
    },
  };
}

/** Pass 1: dynamic imports become placeholders (recorded in `targets`), to be filled in later. */
function deferDynamicImports(targets) {
  return {
    name: 'defer-dynamic-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.deferring || args.path.startsWith('node:')) return undefined;
        const r = await b.resolve(args.path, { resolveDir: args.resolveDir, importer: args.importer, kind: args.kind, pluginData: { deferring: true } });
        if (r.errors.length > 0) return { errors: r.errors };
        if (r.external) return undefined;
        const key = r.namespace === 'rshell-virtual' ? VIRTUAL + r.path : r.path;
        targets.add(key);
        return { path: LAZY_PLACEHOLDER + key, external: true };
      });
    },
  };
}

/** Pass 2: a module the core holds is taken from the core, by its unique export names. */
function importFromCore(coreModules) {
  return {
    name: 'import-from-core',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.path === CORE_FROM_CHUNKS) return { path: CORE_FROM_CHUNKS, external: true };
        if (args.kind === 'entry-point' || args.pluginData?.fromCore || args.path.startsWith('node:')) return undefined;
        const r = await b.resolve(args.path, { resolveDir: args.resolveDir, importer: args.importer, kind: args.kind, pluginData: { fromCore: true } });
        if (r.errors.length > 0) return { errors: r.errors };
        // one re-export module per importer, so it is inlined into the importer's chunk as an
        // import from the core (shared by several chunks it would be a chunk file of its own)
        return coreModules.has(r.path) ? { path: r.path, namespace: 'rshell-core', suffix: `?from=${args.importer}` } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'rshell-core' }, (args) => {
        const { id, exports } = coreModules.get(args.path);
        const list = exports.map((n) => `${id}$${n} as ${n}`).join(', ');
        return { contents: `export { ${list} } from '${CORE_FROM_CHUNKS}';\n`, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** The export names of each module (esbuild reports them for entry points). */
async function exportsOf(files, options) {
  const r = await build({ ...options, entryPoints: files, splitting: true, write: false, metafile: true, outdir: '/virtual-out' });
  const byFile = new Map();
  for (const output of Object.values(r.metafile.outputs)) {
    if (output.entryPoint) byFile.set(path.resolve(options.absWorkingDir, output.entryPoint), output.exports);
  }
  return byFile;
}

/** Names for the lazy chunks: the file's name, or its directory's for an index.ts (builtins/sed/index.ts → sed). */
function chunkEntryNames(files) {
  const named = {};
  for (const file of files) {
    const base = file.startsWith(VIRTUAL) ? file.slice(VIRTUAL.length) : path.basename(file).replace(/\.[cm]?[jt]s$/, '');
    const name = base === 'index' ? path.basename(path.dirname(file)) : base;
    let unique = name;
    for (let n = 2; unique in named; n++) unique = `${name}${n}`;
    named[unique] = file;
  }
  return named;
}

/** Chunks left by earlier builds (their names carry content hashes); removed after the new build
 * is written so a CLI already running during a rebuild keeps finding its chunks. */
function removeStaleChunks(dir, current) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!current.has(file)) rmSync(file, { force: true });
  }
}

/**
 * Modules the lazy chunks share (esbuild put them in shared chunks) that are worth folding into the
 * core: each shared chunk is one more file for Node's loader to resolve, read and link when a
 * command first runs (`find | wc` loaded 17 of them), for a few hundred bytes each. A module is
 * folded when at least FOLD_MIN_USERS lazy entries use it and nothing it imports would grow the
 * start-up: no npm package (yargs-parser stays with the commands that parse flags) and no Node
 * module the core does not load already.
 */
const FOLD_MIN_USERS = 2;
/** the /proc readers serve the system commands only (ps, free, ss…): they stay out of the core */
const NEVER_FOLDED = /(^|\/)builtins\/internal\/(proc\/|simd-)/;

function foldableModules(meta, root, coreBuiltins) {
  const { inputs, outputs } = meta;
  const users = new Map();
  const closureOf = (output, seen) => {
    if (seen.has(output)) return seen;
    seen.add(output);
    for (const imp of outputs[output].imports) if (imp.kind === 'import-statement' && outputs[imp.path]) closureOf(imp.path, seen);
    return seen;
  };
  for (const [file, o] of Object.entries(outputs)) {
    if (!o.entryPoint || !/\.m?js$/.test(file)) continue;
    for (const chunk of closureOf(file, new Set())) {
      if (outputs[chunk].entryPoint) continue;
      for (const input of Object.keys(outputs[chunk].inputs)) users.set(input, (users.get(input) ?? 0) + 1);
    }
  }
  const growsStartup = (input, seen = new Set()) => {
    if (input.includes('node_modules/')) return true;
    if (input.startsWith('node-builtin:')) {
      const id = input.replace(/\?.*$/, '');
      return !coreBuiltins.has(id) && !LAZY_BUILTINS.has(id.slice('node-builtin:'.length));
    }
    if (seen.has(input)) return false;
    seen.add(input);
    return (inputs[input]?.imports ?? []).some((i) => i.kind === 'import-statement' && growsStartup(i.path, seen));
  };
  return [...users]
    .filter(([input, n]) => n >= FOLD_MIN_USERS && !input.includes(':') && !NEVER_FOLDED.test(input) && !growsStartup(input))
    .map(([input]) => path.resolve(root, input));
}

/**
 * The bin's first line. Node reads NODE_EXTRA_CA_CERTS before any JavaScript runs and loads that
 * bundle of certificates into OpenSSL's store at start-up: on a machine that sets it (proxies,
 * corporate networks, this build machine) it cost `node -e ''` ~48 ms of its ~72 ms. rshell never
 * opens a TLS connection (no network, no child process), so the bin drops the variable for itself
 * through env's -S (coreutils ≥ 8.30, macOS, FreeBSD). An env without -S (BusyBox) would refuse the
 * whole line, so the build tries each candidate line as the first line of a script and keeps the
 * first that runs node with what it says. The first candidate also passes node the CLI's V8 flags
 * (cli-launcher.mjs), sparing the bin node:v8; it is ~140 bytes, and Linux before 5.1 reads only
 * 127 of a first line: there the next one runs, and the bin's loader sets the flags itself.
 */
export function shebang(works = shebangWorks) {
  const candidates = [
    `#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node ${V8_FLAGS.join(' ')}`,
    '#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node',
  ];
  return candidates.find((line) => works(line)) ?? '#!/usr/bin/env node';
}

/** Does a script whose first line is `line` run node without NODE_EXTRA_CA_CERTS and with the line's flags? */
function shebangWorks(line) {
  // beside this script, not in /tmp: a noexec /tmp would refuse every candidate
  const dir = mkdtempSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '.shebang-'));
  try {
    const file = path.join(dir, 'probe.js');
    writeFileSync(file, `${line}\nprocess.stdout.write(JSON.stringify([process.execArgv, process.env.NODE_EXTRA_CA_CERTS ?? null]));\n`, { mode: 0o755 });
    const r = spawnSync(file, [], { encoding: 'utf8', env: { ...process.env, NODE_EXTRA_CA_CERTS: '/nonexistent' } });
    const flags = line.split(' node')[1]?.trim().split(' ').filter((f) => f !== '') ?? [];
    return r.status === 0 && r.stdout === JSON.stringify([flags, null]);
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function buildCli({ root, out, common, minify = true, metafile = false }) {
  const sources = new Map();
  const usages = new Map();
  const lazyCommandFile = path.join(root, 'builtins/internal/lazy-command.ts');
  for (const table of lazyTables(root)) {
    const entries = await loadTableMetadata(table, common, out);
    sources.set(table.file, lazyTableSource(table, entries, lazyCommandFile));
    for (const c of entries.filter((e) => !table.eager.has(e.exp))) {
      if (usages.has(c.name) && usages.get(c.name) !== c.usage) throw new Error(`build: two usage texts for ${c.name}`);
      usages.set(c.name, c.usage);
    }
  }
  const virtual = virtualModulesPlugin(usageModules(usages));
  const base = {
    ...common,
    banner: undefined,
    absWorkingDir: root,
    // the CLI is plain ESM with no require(); spelled out, no module needs esbuild's __require
    // shim, whose runtime chunk every lazy chunk would otherwise import (one more file per command)
    define: { require: 'undefined' },
    // Minified: V8 parses a third fewer bytes at every start. A stack trace stays readable with
    // `node --enable-source-maps dist/rshell.js …` (the maps sit next to the files).
    ...(minify ? { minify: true, sourcemap: 'linked' } : {}),
  };
  const mainFile = path.join(root, 'src/cli/main.ts');
  const chunkDir = path.join(out, 'chunks');
  /** the core's entry: main.ts, the shared modules folded into it, and (pass 1b) the re-exports */
  const coreEntry = (folded, reexports = '') => ({
    contents: [mainFile, ...folded].map((f) => `import ${JSON.stringify(f)};`).join('\n') + `\n${reexports}\n`,
    resolveDir: root,
    loader: 'js',
    sourcefile: CORE_SOURCEFILE,
  });

  // pass 1a: which modules the core holds
  const planCore = async (folded) => {
    const targets = new Set();
    const probe = await build({
      ...base,
      stdin: coreEntry(folded),
      write: false,
      metafile: true,
      outfile: path.join(out, 'rshell.js'),
      plugins: [deferDynamicImports(targets), virtual, lazyTablesPlugin(sources), builtinsWithoutFacade()],
    });
    const inputs = Object.keys(probe.metafile.inputs);
    const coreFiles = inputs
      .filter((p) => !p.includes(':') && p !== CORE_SOURCEFILE)
      .map((p) => path.resolve(root, p))
      .filter((p) => !p.includes(`${path.sep}node_modules${path.sep}`));
    const coreVirtual = new Set(inputs.filter((p) => p.startsWith('rshell-virtual:')));
    const coreBuiltins = new Set(inputs.filter((p) => p.startsWith('node-builtin:')));
    const exportsByFile = await exportsOf(coreFiles, { ...base, plugins: [virtual, lazyTablesPlugin(sources), builtinsWithoutFacade()] });
    const coreModules = new Map();
    coreFiles.forEach((file, id) => {
      coreModules.set(file, { id: `m${id}`, exports: exportsByFile.get(file) ?? [] });
    });
    for (const t of targets) {
      if (coreModules.has(t)) throw new Error(`build: ${path.relative(root, t)} is imported both statically and dynamically`);
    }
    return { folded, targets, coreModules, coreVirtual, coreBuiltins };
  };

  // pass 2: the lazy chunks
  const buildLazy = (plan, write) =>
    build({
      ...base,
      entryPoints: chunkEntryNames(plan.targets),
      outdir: chunkDir,
      splitting: true,
      entryNames: '[name]-[hash]',
      chunkNames: '[name]-[hash]',
      // written as ES modules, then converted to CommonJS .cjs files (cjs-chunks.mjs)
      outExtension: { '.js': '.mjs' },
      metafile: true,
      write,
      plugins: [virtual, lazyTablesPlugin(sources), builtinsWithoutFacade({ perImporter: true, requireName: CHUNK_REQUIRE }), importFromCore(plan.coreModules)],
    });

  // a first plan shows which modules the chunks share; the second folds those into the core
  let plan = await planCore([]);
  const folded = foldableModules((await buildLazy(plan, false)).metafile, root, plan.coreBuiltins);
  if (folded.length > 0) plan = await planCore(folded);
  const { coreModules, coreVirtual } = plan;
  mkdirSync(chunkDir, { recursive: true });
  const lazy = await buildLazy(plan, true);
  for (const output of Object.values(lazy.metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      // a second copy of a core module would have its own state (caches, tables, classes)
      if (coreModules.has(path.resolve(root, input)) || coreVirtual.has(input)) throw new Error(`build: ${input} is bundled into a chunk as well as the core`);
    }
  }
  const chunkOf = new Map();
  for (const [file, output] of Object.entries(lazy.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const key = output.entryPoint.startsWith('rshell-virtual:')
      ? VIRTUAL + output.entryPoint.slice('rshell-virtual:'.length)
      : path.resolve(root, output.entryPoint);
    chunkOf.set(key, './chunks/' + path.basename(file).replace(/\.mjs$/, '.cjs'));
  }

  // pass 1b: the core, with a table of what the chunks take from it (only that: an export nobody
  // imports would keep its code out of esbuild's tree-shaking). The table is built by a function
  // the bin calls when the first chunk loads, not at every start: as plain CommonJS re-exports,
  // esbuild's getters for ~600 names, defined once and then copied by __toCommonJS, cost every
  // `rshell -c 'echo hi'` ~1 ms. Plain values, not getters: an object of 600 accessors is slow to
  // make and to read (dictionary mode, a call per read), and by the time a chunk loads, every
  // module of the core has run; a value could still change only if it were an exported `let`,
  // which the build refuses below.
  const taken = new Set();
  for (const file of Object.keys(lazy.metafile.outputs)) {
    if (!/\.m?js$/.test(file)) continue;
    for (const m of readFileSync(path.resolve(root, file), 'utf8').matchAll(/\bm\d+\$[\w$]+/g)) taken.add(m[0]);
  }
  const shared = [...coreModules]
    .map(([file, m]) => [file, m.exports.filter((n) => taken.has(`${m.id}$${n}`)).map((n) => [n, `${m.id}$${n}`])])
    .filter(([, names]) => names.length > 0);
  for (const [file] of shared) {
    const reassignable = /^export\s+(let|var)\s+([\w$]+)/m.exec(readFileSync(file, 'utf8'));
    if (reassignable) throw new Error(`build: ${path.relative(root, file)} exports \`${reassignable[1]} ${reassignable[2]}\`: the chunks' table copies the core's exports once (make it a const, or a function that returns it)`);
  }
  const reexports = [
    ...shared.map(([file, names]) => `import { ${names.map(([n, as]) => `${n} as ${as}`).join(', ')} } from ${JSON.stringify(file)};`),
    `export const ${CORE_TABLE} = () => ({ ${shared.flatMap(([, names]) => names.map(([, as]) => as)).join(', ')} });`,
  ].join('\n');
  // CommonJS, so that the bin can hand V8 the code cache recorded for it (cli-launcher.mjs)
  const core = await build({
    ...base,
    format: 'cjs',
    // the worker pool finds the worker's script beside the core (src/isolation/runner.ts); the
    // loader hands the core its own file as __filename (cli-launcher.mjs)
    define: { 'import.meta.url': '__rshellCoreUrl' },
    // strict, as the ES modules it is made of
    banner: { js: '"use strict"; const __rshellCoreUrl = require("node:url").pathToFileURL(__filename).href;' },
    stdin: coreEntry(plan.folded, reexports),
    write: false,
    metafile: true,
    outfile: path.join(out, 'rshell-core.cjs'),
    plugins: [deferDynamicImports(new Set()), virtual, lazyTablesPlugin(sources), builtinsWithoutFacade({ cjs: true })],
  });
  const coreJs = core.outputFiles.find((f) => f.path.endsWith('.cjs'));
  const coreMap = core.outputFiles.find((f) => f.path.endsWith('.map'));
  let lazyImports = 0;
  const coreText = coreJs.text
    // the link to the map: the launcher writes it under the core's final (hashed) name
    .replace(/\n\/\/# sourceMappingURL=\S+\n?$/, '\n')
    .replace(/\bimport\((["'])@rshell-lazy:([^"']+)\1\)/g, (placeholder, q, file) => {
      const chunk = chunkOf.get(file);
      if (!chunk) throw new Error(`build: no chunk for lazily imported ${file}`);
      lazyImports++;
      // padded to the placeholder's length, so the source map's columns stay right
      return `${CORE_IMPORT}(${q}${chunk}${q})`.padEnd(placeholder.length, ' ');
    });
  if (lazyImports === 0 || coreText.includes(LAZY_PLACEHOLDER)) throw new Error('build: the core\'s lazy imports were not all pointed at its chunks');
  const chunks = await convertChunks(Object.keys(lazy.metafile.outputs).filter((p) => p.endsWith('.mjs')).map((p) => path.resolve(root, p)));
  writeLauncher({ out, coreText, coreMap: coreMap?.text, shebang: shebang(), requireAscii: minify });
  removeStaleChunks(chunkDir, new Set(chunks.flatMap((c) => [c, c.replace(/\.cjs$/, '.cache')])));
  // (after the clean-up: an earlier build's chunk and cache would be probed too)
  const probe = probeCaches(out);
  if (probe !== 'accepted') process.stderr.write(`build: warning: V8 takes not every code cache of the CLI (${probe}): those start from source\n`);
  if (metafile) writeFileSync(path.join(out, 'cli-meta.json'), JSON.stringify({ core: core.metafile, lazy: lazy.metafile }));
}
