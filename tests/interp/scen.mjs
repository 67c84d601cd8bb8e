// Developer helper: run YAML scenarios in-process through the Runner; print a summary and failures.
//   node tests/interp/scen.mjs [--bash-only] [--show N] [--filter STR] DIR...
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '../harness/scenario-core.mjs';

const out = join(mkdtempSync(join(tmpdir(), 'rsq-')), 'lib.mjs');
await build({ entryPoints: ['src/index.ts'], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
const lib = await import(out);
const args = process.argv.slice(2);
let bashOnly = false, show = 20, filter = '', failLog = '';
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--bash-only') bashOnly = true;
  else if (args[i] === '--show') show = Number(args[++i]);
  else if (args[i] === '--filter') filter = args[++i];
  else if (args[i] === '--log') failLog = args[++i];
  else dirs.push(args[i]);
}
const files = core.findScenarioFiles(dirs).filter((f) => f.includes(filter));
let pass = 0, fail = 0, shown = 0;
const fails = [];
for (const f of files) {
  let sc;
  try { sc = core.loadScenario(f); } catch (e) { continue; }
  if (bashOnly && sc.skipAssertAgainstBash) continue;
  const dir = mkdtempSync(join(tmpdir(), 'rshell-scn-'));
  let stdout = '', stderr = '', exitCode = 0;
  try {
    core.setupScenarioDir(sc, dir);
    const opts = { allowedPaths: core.resolveAllowedPaths(sc.allowedPaths, dir) ?? [], allowedCommands: core.commandPolicy(sc), env: sc.interpreterEnv, cwd: dir, timeoutMs: 5000 };
    if (sc.mode) opts.mode = sc.mode;
    try {
      const r = new lib.Runner(opts);
      const res = await r.run(sc.script, { stdin: '' });
      stdout = res.stdout; stderr = res.stderr; exitCode = res.exitCode;
    } catch (e) { stderr = `error: ${e.message}\n`; exitCode = 1; }
  } finally { rmSync(dir, { recursive: true, force: true }); }
  const d = core.describeFailure(sc.expect, stdout, stderr, exitCode);
  if (d === null) pass++;
  else {
    fail++;
    fails.push(`=== ${f}\n${sc.script}\n--- ${d}\n`);
    if (shown++ < show) console.log(`=== ${f}\n${sc.script}\n--- ${d}\n`);
  }
}
if (failLog) writeFileSync(failLog, fails.join('\n'));
console.log(`pass ${pass} fail ${fail} (${(100 * pass / (pass + fail)).toFixed(1)}%)`);
