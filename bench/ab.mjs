// Before/after in one run: the loop workloads of run.mjs and a cold start, through two builds'
// CLIs, interleaved run by run (A B A B …) so that load on the machine falls on both alike.
//
//   node bench/ab.mjs OTHER_CHECKOUT [--runs N] [--inproc] [--text MB] [--only SUBSTRING]
//
// OTHER_CHECKOUT is a built checkout (e.g. a `git worktree` of the commit before a change, after
// `node scripts/build.mjs --no-types` in it); this checkout is B. --inproc also times each loop
// in process through the builds' dist/index.mjs (no start-up in the figure); --text MB adds the
// text rows of run.mjs over a generated log of that size (bench/data/).
import { spawnSync } from 'node:child_process';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { genLog } from './gen.mjs';
import { LOOPS, textWorkloads } from './workloads.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const other = args[0];
if (!other || other.startsWith('--')) {
  process.stderr.write('usage: node bench/ab.mjs OTHER_CHECKOUT [--runs N] [--inproc]\n');
  process.exit(2);
}
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 7;
const inproc = args.includes('--inproc');
const textAt = args.indexOf('--text');
const textMb = textAt >= 0 ? Number(args[textAt + 1]) : 0;
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const builds = { A: resolve(other), B: resolve(here, '..') };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function timeOnce(argv, cwd) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(' ')}: status ${r.status}: ${r.stderr}`);
  return { ms, out: r.stdout };
}

/** an in-process timing: the child loads the build's library, runs the script once to warm, then times one run */
function inprocOnce(root, script) {
  const code = `const { Runner } = await import(${JSON.stringify(join(root, 'dist', 'index.mjs'))});
const r = new Runner({ allowedCommands: 'all' });
await r.run(${JSON.stringify(script)});
const t0 = process.hrtime.bigint();
const res = await r.run(${JSON.stringify(script)});
process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6) + '\\n' + res.stdout);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`in-process ${root}: ${r.stderr}`);
  const nl = r.stdout.indexOf('\n');
  return { ms: Number(r.stdout.slice(0, nl)), out: r.stdout.slice(nl + 1) };
}

const rows = [];
const workloads = [['echo hi (cold CLI)', 'echo hi'], ...Object.entries(LOOPS)];
const dataDir = join(here, 'data');
if (textMb > 0) {
  mkdirSync(dataDir, { recursive: true });
  genLog(join(dataDir, `ab-${textMb}mb.log`), textMb * 1024 * 1024);
  for (const [name, script] of Object.entries(textWorkloads(`ab-${textMb}mb.log`))) workloads.push([`${name} (${textMb} MB)`, script]);
}
for (const [name, script] of workloads) {
  if (only !== undefined && !name.includes(only)) continue;
  const cli = (root) => [join(root, 'dist', 'rshell.js'), '-p', dataDir, '--allow-all-commands', '-c', script];
  const kinds = [['CLI', (root) => timeOnce(cli(root), dataDir)]];
  if (inproc && Object.hasOwn(LOOPS, name)) kinds.push(['in process', (root) => inprocOnce(root, script)]);
  for (const [kind, once] of kinds) {
    const times = { A: [], B: [] };
    const outs = {};
    for (let i = 0; i <= RUNS; i++) {
      for (const k of i % 2 ? ['B', 'A'] : ['A', 'B']) {
        const { ms, out } = once(builds[k]);
        outs[k] = out;
        if (i > 0) times[k].push(ms); // the first round warms the file cache
      }
    }
    if (outs.A !== outs.B) throw new Error(`${name}: the builds print different output`);
    const a = median(times.A);
    const b = median(times.B);
    rows.push({ name: `${name} (${kind})`, a, b });
    process.stderr.write(`  ${`${name} (${kind})`.padEnd(40)} A ${a.toFixed(1).padStart(7)} ms  B ${b.toFixed(1).padStart(7)} ms  B/A ${(b / a).toFixed(3)}\n`);
  }
}
process.stdout.write(`| workload | A: ${builds.A} | B: this checkout | B/A |\n|---|---|---|---|\n`);
for (const r of rows) process.stdout.write(`| ${r.name} | ${r.a.toFixed(1)} ms | ${r.b.toFixed(1)} ms | ${(r.b / r.a).toFixed(3)} |\n`);
