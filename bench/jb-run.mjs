// Runs a script through just-bash the way its CLI does (OverlayFs on --root, read-only), but with
// its execution limits raised so loop workloads can finish at all: its defaults stop at 100,000
// commands. Usage: node bench/jb-run.mjs ROOT SCRIPT
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [root, script] = process.argv.slice(2);
const mod = await import(join(here, 'peers', 'node_modules', 'just-bash', 'dist', 'bundle', 'index.js'));
const fs = new mod.OverlayFs({ root, readOnly: true });
const big = 1_000_000_000;
const bash = new mod.Bash({
  fs,
  cwd: fs.getMountPoint(),
  executionLimits: { maxCommandCount: big, maxLoopIterations: big, maxCallDepth: 10_000, maxOutputSize: 1 << 30, maxStringLength: 1 << 30 },
});
const r = await bash.exec(script);
process.stdout.write(r.stdout);
process.stderr.write(r.stderr);
process.exitCode = r.exitCode;
