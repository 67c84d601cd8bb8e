// Developer helper: bundle the library and run one script (or scenario dirs) through the Runner.
//   node tests/interp/quick.mjs -c 'echo hi'            run a script, allow all commands, cwd=.
//   node tests/interp/quick.mjs --scenarios DIR...      run YAML scenarios, print failures
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = join(mkdtempSync(join(tmpdir(), 'rsq-')), 'lib.mjs');
await build({ entryPoints: ['src/index.ts'], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
const lib = await import(out);
const args = process.argv.slice(2);
if (args[0] === '-c') {
  const r = new lib.Runner({ allowedCommands: 'all', allowedPaths: [process.cwd()], cwd: process.cwd(), timeoutMs: Number(process.env.T ?? 0) });
  const res = await r.run(args[1], { args: args.slice(2) });
  process.stdout.write(res.stdout);
  process.stderr.write(res.stderr);
  process.stderr.write(`[exit ${res.exitCode}${res.timedOut ? ' timedOut' : ''} ${res.durationMs.toFixed(1)}ms]\n`);
}
