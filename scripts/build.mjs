// Build: esbuild bundles the library and the CLI into single ESM files (fast cold start: one file,
// no module resolution at run time); tsc emits the .d.ts files and type-checks.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';

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
if (existsSync('src/cli/main.ts')) {
  await build({
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/rshell.js',
    banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
  });
  chmodSync('dist/rshell.js', 0o755);
}
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
}
