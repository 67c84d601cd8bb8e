// Build: esbuild bundles the library (dist/index.mjs, one file) and the CLI (dist/rshell.js and
// its lazily loaded chunks, shaped for cold start: see build-cli.mjs). tsc emits the .d.ts files
// and type-checks.
//   node scripts/build.mjs [--no-types] [--no-minify] [--metafile] [--outdir=DIR]
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCli } from './build-cli.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// `--outdir=DIR` builds somewhere else than dist/ (experiments, benchmarks of a variant)
const OUT = path.resolve(process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? path.join(root, 'dist'));

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

await build({ ...common, entryPoints: ['src/index.ts'], outfile: path.join(OUT, 'index.mjs') });
// the pool worker's script (src/isolation/): beside the library, and beside the CLI's core
await build({ ...common, entryPoints: ['src/isolation/worker.ts'], outfile: path.join(OUT, 'rshell-worker.mjs') });
// dist/ is CommonJS by default, for the bin (scripts/cli-launcher.mjs says why); the library and the
// CLI's chunks are .mjs, the type declarations ES modules
mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'package.json'), '{ "type": "commonjs" }\n');
rmSync(path.join(OUT, 'index.js'), { force: true }); // the library's name before

if (existsSync('src/cli/main.ts')) {
  await buildCli({ root, out: OUT, common, minify: !process.argv.includes('--no-minify'), metafile: process.argv.includes('--metafile') });
}
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
  writeFileSync(path.join(OUT, 'types', 'package.json'), '{ "type": "module" }\n');
}
