// `make bench`: rshell against bash + GNU and just-bash, measured in the same run.
// Prints one table (workload, rshell in-process, in a worker and CLI, bash/GNU, just-bash, ratios;
// the awk group: rshell's awk against gawk, whose figures stand in the bash/GNU column;
// the isolation group: Runner({ isolation: 'worker' }) against in-process) and writes
// bench/results.json. Peers are installed on demand into bench/peers/ (not package dependencies).
//
//   node bench/run.mjs [--quick] [--only GROUP[,GROUP]] [--no-peers]
//   BENCH_LOG_MB=200 (text workloads' log size)   BENCH_RUNS=5
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { genLog, genSmallFiles, genTree } from './gen.mjs';
import { awkWorkloads, LOOPS, textWorkloads } from './workloads.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const noPeers = args.includes('--no-peers');
const onlyIdx = args.indexOf('--only');
const only = onlyIdx >= 0 ? new Set(args[onlyIdx + 1].split(',')) : null;
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 3 : 5));
const LOG_MB = Number(process.env.BENCH_LOG_MB ?? (quick ? 20 : 200));
const dataDir = join(here, 'data');
mkdirSync(dataDir, { recursive: true });

const CLI = join(root, 'dist', 'rshell.js');
const JUST_BASH_VERSION = '3.4.2';
const peersDir = join(here, 'peers');

// ------------------------------------------------------------------ peers

function ensureJustBash() {
  if (noPeers) return null;
  const pkg = join(peersDir, 'node_modules', 'just-bash', 'package.json');
  if (!existsSync(pkg)) {
    mkdirSync(peersDir, { recursive: true });
    if (!existsSync(join(peersDir, 'package.json'))) writeFileSync(join(peersDir, 'package.json'), '{"private":true}\n');
    process.stderr.write(`installing just-bash@${JUST_BASH_VERSION} into bench/peers/ …\n`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', peersDir, `just-bash@${JUST_BASH_VERSION}`], { stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(pkg)) return null;
  }
  const meta = JSON.parse(readFileSync(pkg, 'utf8'));
  const binRel = typeof meta.bin === 'string' ? meta.bin : meta.bin?.['just-bash'];
  return { bin: binRel ? join(peersDir, 'node_modules', 'just-bash', binRel) : null, dir: join(peersDir, 'node_modules', 'just-bash') };
}

// ------------------------------------------------------------------ measuring

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** run argv `runs` times (after one warm-up); wall ms stats, or {error} */
function timeCmd(argv, { cwd = dataDir, runs = RUNS, timeoutMs = 120_000, warmup = 1, input, env } = {}) {
  const times = [];
  let out = '';
  for (let i = 0; i < warmup + runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(argv[0], argv.slice(1), { cwd, timeout: timeoutMs, maxBuffer: 1 << 30, input, env, encoding: 'buffer' });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.error) return { error: r.error.code === 'ETIMEDOUT' ? `timeout ${timeoutMs / 1000}s` : String(r.error.code ?? r.error) };
    if (r.status !== 0 && r.status !== 1) return { error: `exit ${r.status}: ${String(r.stderr).slice(0, 120).trim()}` };
    // every workload is silent on stderr: a message means the tool failed (status 1 alone is
    // grep's "no match", so the status cannot tell)
    if (r.stderr.length > 0) return { error: `stderr: ${String(r.stderr).split('\n')[0].slice(0, 100)}` };
    if (i >= warmup) times.push(ms);
    out = String(r.stdout).slice(0, 200);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), out };
}

/** several commands timed in turns (one run of each per round, after a warm-up round): stats per key */
function interleaved(cmds, { runs = RUNS, env } = {}) {
  const keys = Object.keys(cmds);
  const cells = Object.fromEntries(keys.map((k) => [k, { times: [], out: '' }]));
  for (let round = 0; round <= runs; round++) {
    for (const k of keys) {
      if (cells[k].error) continue;
      const r = timeCmd(cmds[k], { runs: 1, warmup: 0, env });
      if (r.error) cells[k].error = r.error;
      else if (round > 0) cells[k].times.push(r.median);
      cells[k].out = r.out ?? '';
    }
  }
  return Object.fromEntries(keys.map((k) => {
    const c = cells[k];
    return [k, c.error ? { error: c.error } : { median: median(c.times), min: Math.min(...c.times), max: Math.max(...c.times), out: c.out }];
  }));
}

/** peak RSS (KiB) of argv, from /usr/bin/time -f %M */
function peakRss(argv, { cwd = dataDir, timeoutMs = 300_000 } = {}) {
  if (!existsSync('/usr/bin/time')) return { error: 'no /usr/bin/time' };
  const r = spawnSync('/usr/bin/time', ['-f', '%M', ...argv], { cwd, timeout: timeoutMs, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.error) return { error: String(r.error.code ?? r.error) };
  const m = /(\d+)\s*$/.exec(r.stderr.trim());
  return m ? { kib: Number(m[1]), out: r.stdout.slice(0, 100) } : { error: r.stderr.slice(0, 120) };
}

/**
 * one script through a warm Runner (roots `paths`, the first is the cwd), RUNS times after a
 * warm-up run, in a node process of its own (inproc-child.mjs says why); in ms like timeCmd
 */
function timeRun(paths, script, isolation = 'none') {
  const r = spawnSync(process.execPath, [join(here, 'inproc-child.mjs'), join(root, 'dist', 'index.mjs'), JSON.stringify(paths), script, String(RUNS), isolation], {
    encoding: 'utf8', maxBuffer: 1 << 20, timeout: 600_000,
  });
  if (r.status !== 0) return { error: (r.stderr || String(r.error ?? r.status)).trim().slice(0, 60) };
  const times = JSON.parse(r.stdout);
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

async function timeInProcess(fn, { iterations = 2000, warmup = 200 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), unit: 'µs' };
}

// ------------------------------------------------------------------ workloads

// the bin as a user runs it (`rshell …`): its first line is part of its start-up (it drops
// NODE_EXTRA_CA_CERTS, see scripts/build-cli.mjs), which `node dist/rshell.js` would bypass
const rshellCli = (script, paths = [dataDir]) => [CLI, '--allow-all-commands', '--allowed-paths', paths.join(','), '-c', script];
/** NODE_EXTRA_CA_CERTS costs every node process ~50 ms at start-up (see scripts/build-cli.mjs) */
const CA_VAR = 'NODE_EXTRA_CA_CERTS';
const withoutCaVar = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== CA_VAR));
const bashCmd = (script) => ['bash', '-c', script];
/** node's own start-up, without the CA variable as the bin drops it: the floor of a Node CLI */
const NODE_START = ['env', '-u', CA_VAR, 'node', '-e', ''];



const rows = [];
function row(group, name, cells) {
  rows.push({ group, name, ...cells });
  const fmt = (c) => (c == null ? '—' : c.error ? `(${c.error})` : c.kib != null ? `${(c.kib / 1024).toFixed(1)} MB` : `${c.median.toFixed(c.unit === 'µs' ? 1 : 1)} ${c.unit ?? 'ms'}`);
  process.stderr.write(`  ${group.padEnd(10)} ${name.padEnd(34)} rshell=${fmt(cells.rshell ?? cells.rshellCli)} bash=${fmt(cells.bash)} just-bash=${fmt(cells.justBash)}\n`);
}
const want = (g) => !only || only.has(g);
/** the isolation rows' figures, for the summary under the table */
let isolationSummary = null;

async function main() {
  if (!existsSync(CLI)) {
    console.error('dist/rshell.js is missing: run `make build` first');
    process.exit(1);
  }
  const jb = want('startup') || want('inprocess') || want('loops') || want('text') || want('files') ? ensureJustBash() : null;
  // just-bash through bench/jb-run.mjs: its CLI's set-up (OverlayFs on the root, read-only) with the
  // command/loop limits raised, since its defaults stop any loop workload at 100,000 commands
  const jbCli = (script, rootDir = dataDir) => (jb ? ['node', join(here, 'jb-run.mjs'), rootDir, script] : null);
  const bashVersion = execFileSync('bash', ['-c', 'echo $BASH_VERSION'], { encoding: 'utf8' }).trim();
  process.stderr.write(`rshell bench — node ${process.version}, bash ${bashVersion}, runs=${RUNS}, log=${LOG_MB} MB\n`);

  if (want('startup')) {
    // runs of a few tens of ms drift with the machine's load: the tools take turns, round by round
    const startupRow = (name, env) =>
      row('startup', name, interleaved({
        rshellCli: rshellCli('echo hi'),
        node: ['node', '-e', ''],
        bash: bashCmd('echo hi'),
        ...(jb?.bin ? { justBash: ['node', jb.bin, '--root', dataDir, '-c', 'echo hi'] } : {}),
      }, { runs: RUNS * 4, env }));
    startupRow('echo hi (cold CLI)');
    // the same without the variable for every tool: node's own floor, and the peer at its best
    if (process.env[CA_VAR] !== undefined) startupRow(`echo hi (cold CLI, no ${CA_VAR})`, withoutCaVar());
  }

  if (want('inprocess')) {
    const lib = await import(join(root, 'dist', 'index.mjs'));
    if (typeof lib.Runner === 'function') {
      const runner = new lib.Runner({ allowedPaths: [dataDir], allowedCommands: 'all' });
      const script20 = [
        'greet() { echo "hello $1"; }',
        'total=0',
        'for i in 1 2 3 4 5 6 7 8 9 10; do',
        '  total=$((total + i))',
        'done',
        'greet world',
        'echo "$total" | tr 0-9 a-j',
        'case $total in',
        '  55) echo fifty-five ;;',
        '  *) echo other ;;',
        'esac',
        'x=abc.def',
        'echo ${x%.*} ${x#*.}',
        'if [ "$total" -gt 10 ]; then',
        '  echo big',
        'fi',
        'arr=(a b c)',
        'echo ${#arr[@]}',
        'printf "%s-%s\\n" one two',
        'echo done',
      ].join('\n');
      const cells = {
        rshell: await timeInProcess(() => runner.run('echo hi')),
      };
      let jbObj = null;
      if (jb) {
        try {
          const mod = await import(join(jb.dir, JSON.parse(readFileSync(join(jb.dir, 'package.json'), 'utf8')).main ?? 'dist/index.js'));
          jbObj = new mod.Bash({ cwd: '/' });
          cells.justBash = await timeInProcess(() => jbObj.exec('echo hi'), { iterations: 300, warmup: 30 });
        } catch (e) {
          cells.justBash = { error: String(e.message ?? e).slice(0, 60) };
        }
      }
      row('inprocess', "run('echo hi')", cells);
      row('inprocess', '20-line script', {
        rshell: await timeInProcess(() => runner.run(script20), { iterations: 500, warmup: 50 }),
        justBash: jbObj ? await timeInProcess(() => jbObj.exec(script20), { iterations: 100, warmup: 10 }) : null,
      });
    } else row('inprocess', "run('echo hi')", { rshell: { error: 'no Runner export' } });
  }

  if (want('isolation')) {
    // Runner({ isolation: 'worker' }) against in-process, in a node process of its own
    const r = spawnSync(process.execPath, ['--expose-gc', join(here, 'isolation-child.mjs'), join(root, 'dist', 'index.mjs')], { encoding: 'utf8', timeout: 300_000 });
    if (r.status !== 0) row('isolation', 'worker isolation', { rshell: { error: (r.stderr || String(r.status)).trim().slice(0, 60) } });
    else {
      const m = JSON.parse(r.stdout);
      const ms = (median) => ({ median });
      row('isolation', "run('echo hi') in a warm worker", { rshell: ms(m.echo.inWorker), rshellInProc: ms(m.echo.inProc), overheadMs: m.echo.overheadMs });
      row('isolation', "p99 run('echo ok'), 10 busy runs, worker", { rshell: ms(m.fairWorker.p99), p50: m.fairWorker.p50 });
      row('isolation', "first run('echo ok') once they run, worker", { rshell: ms(m.fairWorker.first) });
      row('isolation', "p99 run('echo ok'), 10 busy runs, in-proc", { rshell: ms(m.fairNone.p99), p50: m.fairNone.p50 });
      row('isolation', 'RSS of an idle pool worker', { rshell: { kib: m.idleWorkerKiB } });
      isolationSummary = m;
    }
  }

  if (want('loops')) {
    // in-process too: the same script through one warm Runner, without node's start-up and module
    // compile (~0.1 s, more than bash needs for some of these loops in total)
    // rshell, bash and `node -e ''` take turns, round by round (a loop of ~0.1 s drifts with the
    // machine's load as start-up does), and node's own start in the same rounds is the floor of
    // any Node CLI: the node/bash column is the lowest rshell/bash a row can show
    for (const [name, script] of Object.entries(LOOPS)) {
      row('loops', name, {
        rshellInProc: timeRun([dataDir], script),
        rshellWorker: timeRun([dataDir], script, 'worker'),
        ...interleaved({ rshellCli: rshellCli(script), bash: bashCmd(script), node: NODE_START }),
        justBash: jbCli(script) ? timeCmd(jbCli(script), { runs: 1, warmup: 0, timeoutMs: 60_000 }) : null,
      });
    }
  }

  if (want('text')) {
    // relative names: cwd is dataDir for every tool (just-bash mounts its root elsewhere)
    const log = `log-${LOG_MB}mb.txt`;
    genLog(join(dataDir, log), LOG_MB * 1024 * 1024);
    // in-process too: what an agent embedding the library pays per call, without node's start-up
    for (const [name, script] of Object.entries(textWorkloads(log))) {
      row('text', name, {
        rshellInProc: timeRun([dataDir], script),
        rshellWorker: timeRun([dataDir], script, 'worker'),
        ...interleaved({ rshellCli: rshellCli(script), bash: bashCmd(script), node: NODE_START }),
        justBash: jbCli(script) ? timeCmd(jbCli(script), { runs: 1, warmup: 0, timeoutMs: 60_000 }) : null,
      });
    }
    // a ~1 GB stream through a pipeline: peak RSS must stay bounded
    const reps = Math.max(1, Math.round(1024 / LOG_MB));
    const pipe = `for i in $(seq 1 ${reps}); do cat ${log}; done | grep ERROR | wc -l`;
    row('memory', `1 GB stream | grep | wc (peak RSS)`, {
      rshellCli: peakRss(rshellCli(pipe)),
      bash: peakRss(bashCmd(pipe)),
    });
  }

  if (want('awk')) {
    // issue 20: rshell's awk in-process and through the CLI against gawk in the same rounds, with
    // node's start-up as the CLI's floor. Skipped (one row saying why) until the awk command lands
    // in the build, or when gawk is missing.
    const log = `log-${LOG_MB}mb.txt`;
    genLog(join(dataDir, log), LOG_MB * 1024 * 1024);
    const haveAwk = existsSync(join(root, 'builtins', 'awk', 'index.ts'));
    const haveGawk = spawnSync('gawk', ['--version'], { stdio: 'ignore' }).status === 0;
    if (!haveAwk || !haveGawk) {
      row('awk', 'awk rows', { rshell: { error: !haveAwk ? 'no awk command in this build' : 'gawk not installed' } });
    } else {
      for (const [name, { rshell, gawk }] of Object.entries(awkWorkloads(log))) {
        row('awk', name, {
          rshellInProc: timeRun([dataDir], rshell),
          ...interleaved({ rshellCli: rshellCli(rshell), bash: bashCmd(gawk), node: NODE_START }),
        });
      }
    }
  }

  if (want('files')) {
    const small = genSmallFiles(join(dataDir, 'small'), quick ? 2000 : 10000);
    const tree = genTree(join(dataDir, 'tree'), quick ? 10000 : 50000);
    row('files', 'cat dir/* (10k small files)', {
      rshellInProc: timeRun([small], 'cat * | wc -l'),
      rshellCli: timeCmd(rshellCli('cat * | wc -l', [small]), { cwd: small }),
      bash: timeCmd(bashCmd('cat * | wc -l'), { cwd: small }),
      justBash: jbCli('cat * | wc -l', small) ? timeCmd(jbCli('cat * | wc -l', small), { cwd: small, runs: 1, warmup: 0, timeoutMs: 60_000 }) : null,
    });
    // the tree walkers: find (readdir order, no stat), ls -R (names only), du (an lstat per entry)
    for (const script of ["find . -name '*.log' | wc -l", 'ls -R | wc -l', 'du -s .']) {
      row('files', script, {
        rshellInProc: timeRun([tree], script),
        rshellCli: timeCmd(rshellCli(script, [tree]), { cwd: tree }),
        bash: timeCmd(bashCmd(script), { cwd: tree }),
        justBash: jbCli(script, tree) ? timeCmd(jbCli(script, tree), { cwd: tree, runs: 1, warmup: 0, timeoutMs: 60_000 }) : null,
      });
    }
  }

  if (want('parse') && existsSync(join(here, 'parse.mjs'))) {
    spawnSync('node', [join(here, 'parse.mjs')], { stdio: 'inherit' });
  }

  printTable();
  writeFileSync(join(here, 'results.json'), JSON.stringify({ date: new Date().toISOString(), node: process.version, bash: bashVersion, runs: RUNS, logMB: LOG_MB, rows }, null, 2) + '\n');
}

function cellText(c) {
  if (c == null) return '—';
  if (c.error) return c.error;
  if (c.kib != null) return `${(c.kib / 1024).toFixed(1)} MB`;
  return c.unit === 'µs' ? `${c.median.toFixed(1)} µs` : `${c.median.toFixed(1)} ms`;
}
function val(c) {
  if (!c || c.error) return null;
  return c.kib ?? c.median;
}
function ratio(a, b) {
  const x = val(a), y = val(b);
  return x != null && y != null && y > 0 ? `${(x / y).toFixed(2)}×` : '—';
}

function printTable() {
  const header = ['workload', 'rshell', 'bash/GNU', 'node -e', 'just-bash', 'rshell/bash', 'node/bash', 'just-bash/rshell', 'in-process', 'in-proc/bash', 'worker', 'worker/in-proc'];
  const lines = rows.map((r) => {
    const rs = r.rshell ?? r.rshellCli;
    const inProc = r.rshellInProc ? [cellText(r.rshellInProc), ratio(r.rshellInProc, r.bash)] : ['', ''];
    const worker = r.rshellWorker ? [cellText(r.rshellWorker), ratio(r.rshellWorker, r.rshellInProc)] : ['', ''];
    const floor = r.group === 'startup' ? '' : ratio(r.node, r.bash);
    return [`${r.group}: ${r.name}`, cellText(rs), cellText(r.bash), cellText(r.node), cellText(r.justBash), ratio(rs, r.bash), floor, ratio(r.justBash, rs), ...inProc, ...worker];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cols) => cols.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
  if (isolationSummary) {
    const m = isolationSummary;
    const w = rows.filter((r) => r.rshellWorker && val(r.rshellWorker) != null && val(r.rshellInProc) != null);
    const loss = w.length ? Math.max(...w.map((r) => val(r.rshellWorker) / val(r.rshellInProc))) : null;
    console.log(`\nworker isolation: run('echo hi') +${m.echo.overheadMs.toFixed(3)} ms over in-process (${(m.echo.inWorker / m.echo.inProc).toFixed(2)}x; target <= 1 ms);` +
      ` p99 run('echo ok') next to 10 busy runs: worker ${m.fairWorker.p99.toFixed(1)} ms (the first, waiting for the spare worker's start: ${m.fairWorker.first.toFixed(0)} ms), in-process ${m.fairNone.p99.toFixed(1)} ms (target <= 100 ms);` +
      ` idle pool worker ${(m.idleWorkerKiB / 1024).toFixed(1)} MB RSS` + (loss ? `; loops/text rows in a worker: worst ${loss.toFixed(2)}x in-process (target <= 1.05x)` : ''));
  }
  for (const r of rows.filter((x) => x.group === 'startup')) {
    console.log(`\n${r.name}: rshell vs node -e '' ${ratio(r.rshellCli, r.node)} (target ≤ 1.5×), just-bash/rshell ${ratio(r.justBash, r.rshellCli)}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
