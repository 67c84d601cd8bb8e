// Build: esbuild bundles the library (dist/index.js, one file) and the CLI (dist/rshell.js).
// tsc emits the .d.ts files and type-checks.
//
// Cold start (issue #7): the CLI is built with code splitting. Its command table
// (builtins/registry.ts) is swapped at build time for a generated lazy table: each entry keeps
// name/summary/usage as plain strings (so help, --help and `type` stay synchronous) and its `run`
// loads the command's chunk with import() the first time it is called. A script that only runs
// `echo` therefore never parses sed, grep, find, yargs-parser… The source registry stays eager, so
// tests and the library behave exactly as before; the strings are read from that eager registry
// here, so the lazy table can never drift from it.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const REGISTRY = path.join(root, 'builtins/registry.ts');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: false,
  logLevel: 'warning',
  // CJS dependencies bundled into ESM need a require()
  banner: { js: "import { createRequire as __rshellCreateRequire } from 'node:module'; const require = __rshellCreateRequire(import.meta.url);" },
};

await build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.js' });

/** Which module and export each registry entry comes from, read from registry.ts's imports. */
function registryImports() {
  const text = readFileSync(REGISTRY, 'utf8');
  const exportToModule = new Map();
  for (const m of text.matchAll(/^import\s*\{([^}]*)\}\s*from\s*'(\.\/[^']+)';/gm)) {
    for (const name of m[1].split(',').map((s) => s.trim()).filter(Boolean)) exportToModule.set(name, m[2]);
  }
  return exportToModule;
}

/** The eager registry's commands (name, summary, usage, and which export they are). */
async function loadCommandMetadata() {
  const tmp = path.join(root, 'dist', `.registry-meta-${process.pid}.mjs`);
  const exportToModule = registryImports();
  // re-export every imported binding so each command object can be traced to its module export
  const names = [...exportToModule.keys()];
  const contents =
    names.map((n) => `import { ${n} } from '${exportToModule.get(n)}';`).join('\n') +
    `\nexport { COMMANDS } from './registry.js';\nexport const BY_EXPORT = { ${names.join(', ')} };\n`;
  await build({
    ...common,
    stdin: { contents, resolveDir: path.dirname(REGISTRY), loader: 'ts', sourcefile: 'registry-meta.ts' },
    outfile: tmp,
  });
  try {
    const mod = await import(pathToFileURL(tmp).href);
    const exportOf = new Map(Object.entries(mod.BY_EXPORT).map(([exp, cmd]) => [cmd, exp]));
    return [...mod.COMMANDS.values()].map((cmd) => {
      const exp = exportOf.get(cmd);
      if (!exp) throw new Error(`build: registry command ${cmd.name} is not an imported binding`);
      return { name: cmd.name, summary: cmd.summary, usage: cmd.usage, exp, module: exportToModule.get(exp) };
    });
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Source of the lazy registry module that replaces builtins/registry.ts in the CLI bundle. */
function lazyRegistrySource(commands) {
  const modules = [...new Set(commands.map((c) => c.module))];
  const loaders = modules.map((m, i) => `const load${i} = () => import('${m}');`).join('\n');
  const entries = commands
    .map((c) => {
      const i = modules.indexOf(c.module);
      return `  lazyCommand(${JSON.stringify(c.name)}, ${JSON.stringify(c.summary)}, ${JSON.stringify(c.usage)}, () => load${i}().then((m) => m.${c.exp})),`;
    })
    .join('\n');
  return `import { lazyCommand } from './internal/lazy-command.js';\n${loaders}\nconst ALL = [\n${entries}\n];\nexport const COMMANDS = new Map(ALL.map((c) => [c.name, c]));\n`;
}

function lazyRegistryPlugin(commands) {
  return {
    name: 'lazy-registry',
    setup(b) {
      b.onLoad({ filter: /[\\/]builtins[\\/]registry\.ts$/ }, (args) =>
        args.path === REGISTRY ? { contents: lazyRegistrySource(commands), loader: 'ts', resolveDir: path.dirname(REGISTRY) } : undefined,
      );
    },
  };
}

/** Chunks left by earlier builds (their names carry content hashes); removed after the new build
 * is written so a CLI already running during a rebuild keeps finding its chunks. */
function removeStaleChunks(current) {
  const dir = path.join(root, 'dist', 'chunks');
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!current.has(file)) rmSync(file, { force: true });
  }
}

if (existsSync('src/cli/main.ts')) {
  const commands = await loadCommandMetadata();
  const cli = await build({
    ...common,
    entryPoints: { rshell: 'src/cli/main.ts' },
    outdir: 'dist',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [lazyRegistryPlugin(commands)],
    banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
    metafile: true,
  });
  removeStaleChunks(new Set(Object.keys(cli.metafile.outputs).map((p) => path.resolve(p))));
  chmodSync('dist/rshell.js', 0o755);
}
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
}
