// Parser benchmark (run by `make bench-parse` after `make build`): throughput on a generated
// 10,000-line mixed script and the median one-line parse time, each against sh-syntax in the same run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { getProcessor, parse as shParse } from 'sh-syntax';
// PARSE_MODULE=path benchmarks another build (an A/B variant) instead of dist/
const { parse } = await import(process.env.PARSE_MODULE ?? '../dist/index.mjs');

const require = createRequire(import.meta.url);
const wasm = new WebAssembly.Module(readFileSync(require.resolve('sh-syntax/main.wasm')));
const oracle = getProcessor((imports) => WebAssembly.instantiate(wasm, imports));

const LINES = [
  'echo "hello $name, you have ${count:-0} new messages" > /tmp/out.txt',
  'for f in *.log; do grep -c ERROR "$f" || true; done',
  'if [[ -n "$x" && $y -gt 3 ]]; then echo yes; else echo no; fi',
  'result=$(cat file.txt | sort | uniq -c | head -n 10)',
  'count=$((count + 1)); total=$(( total * 2 + count ))',
  'case "$1" in start) run_start ;; stop|halt) run_stop ;; *) usage ;; esac',
  "awk '{print $1}' data.csv | sed -e 's/a/b/g' >> out.txt 2>&1",
  'while read -r line; do printf "%s\\n" "${line#prefix}"; done < input.txt',
  'declare -a arr=(one two "three four"); echo "${arr[@]}" ${#arr[@]}',
  'f() { local v="$1"; echo "${v^^}"; return 0; }',
  'cat <<EOF\nline one $HOME\nline two\nEOF',
  'test -f "$file" && echo exists || echo missing  # a comment',
];
const entries = Array.from({ length: 10_000 }, (_, i) => LINES[i % LINES.length]);
const script = entries.join('\n') + '\n';
// sh-syntax's wasm (TinyGo) runs out of memory above a few thousand lines: it gets the same
// script in ten 1,000-line pieces, and its time is their sum
const pieces = Array.from({ length: 10 }, (_, k) => entries.slice(k * 1000, (k + 1) * 1000).join('\n') + '\n');
const bytes = Buffer.byteLength(script);

async function time(fn, runs) {
  for (let i = 0; i < Math.min(3, runs); i++) await fn();
  const t = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  return (performance.now() - t) / runs;
}

const ours = await time(() => parse(script), 20);
// CPU time too: on a busy machine wall time mostly measures the neighbours. Over 30 parses, so that
// the old-generation collections the ASTs cause (one every few parses) are averaged in, not
// included or missed by chance.
const CPU_RUNS = 30;
const cpu0 = process.cpuUsage();
for (let i = 0; i < CPU_RUNS; i++) parse(script);
const cpu = process.cpuUsage(cpu0);
const oursCpu = (cpu.user + cpu.system) / 1000 / CPU_RUNS;
// The best of six 5-parse batches: on a shared machine the mean measures the neighbours too
// (cache and core contention inflate even CPU time); the best batch is the parser's own cost.
let bestCpu = Infinity;
for (let b = 0; b < 6; b++) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < 5; i++) parse(script);
  const c = process.cpuUsage(c0);
  bestCpu = Math.min(bestCpu, (c.user + c.system) / 1000 / 5);
}
const theirs = await time(async () => {
  for (const p of pieces) await shParse(p);
}, 2);
const mbs = (ms) => bytes / 1e6 / (ms / 1000);
console.log(`10,000-line script (${(bytes / 1e6).toFixed(2)} MB): rshell ${ours.toFixed(1)} ms = ${mbs(ours).toFixed(1)} MB/s (CPU time ${oursCpu.toFixed(1)} ms = ${mbs(oursCpu).toFixed(1)} MB/s, best batch ${bestCpu.toFixed(1)} ms = ${mbs(bestCpu).toFixed(1)} MB/s); sh-syntax ${theirs.toFixed(1)} ms = ${mbs(theirs).toFixed(1)} MB/s; ratio ${(theirs / ours).toFixed(1)}x`);

const one = 'echo "hello $name" | grep -q x && ls -la /tmp';
async function median(fn, runs) {
  for (let i = 0; i < 200; i++) await fn();
  const ts = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  return ts[runs >> 1] * 1000;
}
const ours1 = await median(() => parse(one), 5000);
const theirs1 = await median(() => oracle(one), 300);
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${availableParallelism()} cores (wall times are only meaningful on an idle machine)`);
console.log(`one-line script: rshell median ${ours1.toFixed(2)} µs; sh-syntax ${theirs1.toFixed(0)} µs; ratio ${(theirs1 / ours1).toFixed(0)}x`);
