// Developer helper: run the recorded cases and print the ones that differ (faster than vitest).
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const out = join(mkdtempSync(join(tmpdir(), 'rsq-')), 'lib.mjs');
await build({ entryPoints: ['src/index.ts'], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
const lib = await import(out);
const dir = new URL('./cases/', import.meta.url).pathname;
const only = process.argv[2] ?? '';
let pass = 0, fail = 0;
for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
  for (const c of JSON.parse(readFileSync(join(dir, f), 'utf8'))) {
    if (only && !c.name.includes(only)) continue;
    const cwd = mkdtempSync(join(tmpdir(), 'rshell-case-'));
    const r = new lib.Runner({ allowedCommands: 'all', allowedPaths: [cwd], cwd, timeoutMs: 10000 });
    const res = await r.run(c.script, { stdin: '' });
    rmSync(cwd, { recursive: true, force: true });
    if (res.stdout === c.stdout && res.stderr === c.stderr && res.exitCode === c.exitCode) { pass++; continue; }
    fail++;
    console.log(`=== ${c.name}\n${c.script}--- expected (${c.exitCode}):\n${c.stdout}${c.stderr ? 'ERR: ' + c.stderr : ''}--- got (${res.exitCode}):\n${res.stdout}${res.stderr ? 'ERR: ' + res.stderr : ''}`);
  }
}
console.log(`pass ${pass} fail ${fail}`);
