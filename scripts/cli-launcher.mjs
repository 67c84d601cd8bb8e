// The CLI's bin (dist/rshell.js) and the V8 code cache its core starts from (issue #7, cold start).
//
// Why: of a ~55 ms `rshell -c 'echo hi'` (node alone ~25 ms), V8 spent ~17 ms compiling the 316 KB
// core module and ~10 ms more compiling functions at their first call. Node 20 has no compile
// cache for ES modules (module.enableCompileCache is Node 22), but a classic script compiled by
// vm.Script takes V8's code cache (cachedData). So the core is built as a CommonJS bundle,
// dist/rshell-core-HASH.cjs, and the bin compiles it with the cache the build recorded after a
// warm-up script had run (dist/rshell-core-HASH.cache): the functions a typical script calls arrive
// compiled too. V8 checks the cache (its own version, its flags, the source's length) and compiles
// from source when it does not fit: slower, never wrong. The HASH in both names pairs a cache with
// the one core it was recorded from. The code compiled is rshell's own bundle, never script text.
//
// The bin is CommonJS too (dist/package.json says so; the library is dist/index.mjs), and so are
// the lazy chunks (cjs-chunks.mjs): the first ES module would start Node's ES module loader, ~5 ms.
// The bin's loader compiles each chunk the same way, with the cache a second warm-up (the commands
// agents use most) recorded for it, and answers a chunk's require() of '../rshell.js' (the core's
// modules, build-cli.mjs) with the core's exports and of './chunk-….cjs' with that chunk. The core
// reaches the chunks through a function the bin passes it, not import(): V8 drops a script's host
// options with its code cache, and an import() inside a cached vm.Script fails with "A dynamic
// import callback was not specified".
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** the flag lib/regex/engine.ts sets at the first pattern (a test keeps the two in step) */
export const LINEAR_REGEX_FLAG = '--enable-experimental-regexp-engine-on-excessive-backtracks';
/**
 * and the one that lets engine.ts compile a RegExp for the linear engine (its `l` flag): not in
 * V8_FLAGS, engine.ts sets it at the first long record (on node's command line it cost every
 * start ~10 ms)
 */
export const LINEAR_ENGINE_FLAG = '--enable-experimental-regexp-engine';

/**
 * V8 flags of the CLI process (the library leaves its host's alone):
 *   - the optimising compiler inlining small functions only (at most 120 bytes of bytecode each,
 *     400 in all per function, where V8's defaults are 460 and 920): a CLI run is short and
 *     mostly cold, and on a small machine the background compiles of big inlined code compete
 *     with the run itself, while the per-record helpers of the text tools (grep's output, sed's
 *     line writer) gain from being inlined. Measured interleaved on 2 cores, against no inlining
 *     at all (what this was before): loops the same within noise (+/-3%), grep over 200 MB 17%,
 *     sed over 50 MB 11% and `while read` over 10 MB 13% faster; V8's default limits made the
 *     loops 10-13% slower;
 *   - the linear regex engine for runaway backtracking, which engine.ts would otherwise turn on at
 *     the first pattern (a glob, `[[ == ]]`, grep, sed…) through node:v8, whose loading pulls in
 *     Node's streams: ~2.5 ms of such a run. engine.ts leaves it alone when node was given it;
 *   - no Sparkplug: its baseline code is compiled on the main thread for functions that ran a few
 *     times, work a short run never earns back (`echo hi` 1.2-1.9 ms, a 20-line script ~3 ms
 *     faster; loops and the 200 MB text workloads no slower: TurboFan, on its own thread, takes
 *     over the hot code either way).
 */
export const V8_FLAGS = [
  '--max-inlined-bytecode-size=120', '--max-inlined-bytecode-size-cumulative=400', LINEAR_REGEX_FLAG, '--no-sparkplug',
];

/** the core's export that builds the table of what chunks take from it (build-cli.mjs) */
export const CORE_TABLE = '__rshellChunkTable';

/** the parameter through which the core imports its lazy chunks (build-cli.mjs rewrites import()) */
export const CORE_IMPORT = '__rshellImport';

/**
 * The loader the bin, the cache recorder and the cache probe run: the same text, so each script V8
 * caches is byte for byte the script the bin compiles. Defines `coreFile`, `compile` (a file with
 * the cache beside it, if any), `runCore` and `loadChunk`; `loaded` holds every compiled script.
 */
function loaderSource(coreName) {
  return `// The CLI's V8 flags (scripts/cli-launcher.mjs says why), which V8 sees before any code is
// compiled, here and when the caches are recorded: a cache fits only the flags it was recorded
// under. The bin's first line passes them to node; started as \`node rshell.js\` they are set
// here (loading node:v8 costs ~3 ms).
const missingFlags = ${JSON.stringify(V8_FLAGS)}.filter((f) => !process.execArgv.includes(f));
if (missingFlags.length > 0) require('node:v8').setFlagsFromString(missingFlags.join(' '));
const fs = require('node:fs');
const vm = require('node:vm');
const coreFile = \`\${__dirname}/${coreName}.cjs\`;
const chunkDir = \`\${__dirname}/chunks\`;
const CHUNK_PARAMS = 'exports, require, module, __filename, __dirname';
const CORE_PARAMS = CHUNK_PARAMS + ', ${CORE_IMPORT}';
/** file → its compiled script and module, in load order */
const loaded = new Map();
const cacheOf = (file) => file.slice(0, -'.cjs'.length) + '.cache';
function compile(file, params, useCache) {
  let cachedData;
  if (useCache) {
    try {
      cachedData = fs.readFileSync(cacheOf(file));
    } catch {
      // no cache: V8 compiles from source
    }
  }
  const wrapped = '(function (' + params + ') {\\n' + fs.readFileSync(file, 'utf8') + '\\n})';
  const script = new vm.Script(wrapped, { filename: file, lineOffset: -1, cachedData });
  const module = { exports: {} };
  loaded.set(file, { script, module });
  return { script, module };
}
let core;
let coreTable;
/** runs the core (which runs the command line in process.argv); its exports */
function runCore(useCache) {
  const { script, module } = compile(coreFile, CORE_PARAMS, useCache);
  // the core asks for './chunks/NAME.cjs' and awaits the answer
  const importChunk = (spec) => Promise.resolve(spec.slice('./chunks/'.length)).then((name) => loadChunk(name, useCache));
  script.runInThisContext().call(module.exports, module.exports, require, module, coreFile, __dirname, importChunk);
  return (core = module.exports);
}
/** a chunk's exports: its require() gives it the core for '../rshell.js' and other chunks by name */
function loadChunk(name, useCache) {
  const file = \`\${chunkDir}/\${name}\`;
  const done = loaded.get(file);
  if (done) return done.module.exports;
  const { script, module } = compile(file, CHUNK_PARAMS, useCache);
  const chunkRequire = (id) => (id === '../rshell.js' ? (coreTable ??= core.${CORE_TABLE}()) : id.startsWith('./') ? loadChunk(id.slice(2), useCache) : require(id));
  script.runInThisContext().call(module.exports, module.exports, chunkRequire, module, file, chunkDir);
  return module.exports;
}
`;
}

/** dist/rshell.js: the core and its chunks, each with the cache recorded for it when there is one */
function binSource({ shebang, coreName }) {
  return `${shebang}
// rshell's bin, generated by scripts/cli-launcher.mjs (which says why it looks like this)
'use strict';
${loaderSource(coreName)}
runCore(true);
`;
}

/**
 * The warm-up the caches are recorded after: the shell language an agent's script uses, and the
 * commands it uses most. Its output is thrown away; it must succeed silently.
 */
const WARM_UP = `set -u
greet() { local who=$1; echo "hello $who"; return 0; }
total=0; s=
for i in 1 2 3 4 5 6 7 8 9 10; do total=$((total + i)); s+=x; done
for ((i = 0; i < 20; i++)); do case $((i % 4)) in 0) total=$((total + 1)) ;; 1 | 2) ;; *) : ;; esac; done
i=0; while [ "$i" -lt 20 ]; do i=$((i + 1)); done
while ((i > 0)); do ((i--)); done
greet world > /dev/null
x=dir/name.tar.gz
echo "\${x%.*} \${x##*/} \${x#*/} \${x/name/other} \${#x} \${x:1:3} \${x^^} \${u:-default} \${u:=set}" > /dev/null
arr=(a b c); arr+=(d); echo "\${#arr[@]} \${arr[1]} \${arr[*]} \${!arr[@]}" > /dev/null
declare -A map=([k]=v); map[j]=w; echo "\${map[k]} \${#map[@]}" > /dev/null
export E=1; readonly R=1; declare -i n=3; n+=4
if [[ $x == *.gz && -n $x ]]; then :; elif [ -z "$x" ]; then :; else :; fi
[[ abc =~ ^a(b)c$ ]] && echo "\${BASH_REMATCH[1]}" > /dev/null
test -f file.txt && [ -d . ] && [ "$x" != y ]
lines=$(< file.txt); for line in $lines; do echo "$line"; done > /dev/null
out=$(echo sub; echo more); words=($out); echo "\${words[@]}" > /dev/null
echo *.txt "$(pwd)" ~ {a,b}c > /dev/null
say() { echo "$@"; }; say 1 "2 3" | { say piped; } > /dev/null
echo here <<EOF > /dev/null
line $x
EOF
trap 'true' EXIT; shift 0; set -- a b; echo "$# $@ $*" > /dev/null
(cd . && echo sub) > /dev/null; { echo group; } > /dev/null
false || true; ! false; echo "$?" > /dev/null
`;

/** the commands an agent's script uses most, for their chunks' caches */
const WARM_UP_COMMANDS = `printf '%s\\n' b a c b | sort | uniq -c | sort -rn | head -2 | tail -1 > /dev/null
grep -n one file.txt | cut -d: -f1 | tr 1 x | wc -l > /dev/null
grep -E 'o(ne|x)' file.txt | sed -e 's/one/1/' -e '/^t/d' | cat -n > /dev/null
while IFS= read -r line; do printf '%s=%d\\n' "$line" "\${#line}"; done < file.txt > /dev/null
ls -la . > /dev/null; ls > /dev/null; find . -name '*.txt' -type f | xargs wc -c > /dev/null
basename /a/b.txt .txt > /dev/null; dirname /a/b.txt > /dev/null; head -n 1 file.txt > /dev/null
`;

/**
 * Writes dist/rshell-core-HASH.cjs, the caches of the core and of the chunks the warm-up loads,
 * and the bin; removes the cores and caches of earlier builds (build-cli.mjs removes the chunks').
 * `coreText` is the CommonJS core with its import()s already pointed at CORE_IMPORT.
 */
export function writeLauncher({ out, coreText, coreMap, shebang, requireAscii = true }) {
  // one other character would make V8 hold the whole core as a two-byte string (read, transcoded
  // and scanned at twice the size): a build error, not a silent loss (a --no-minify build keeps
  // comments, which may hold any character: there it is only a warning)
  const nonAscii = coreText.search(/[^\x00-\x7f]/);
  if (nonAscii >= 0) {
    const message = `the CLI core must be ASCII; it has ${JSON.stringify(coreText.slice(Math.max(0, nonAscii - 40), nonAscii + 10))} (write the character as an escape)`;
    if (requireAscii) throw new Error(`build: ${message}`);
    process.stderr.write(`build: warning: ${message}\n`);
  }
  const hash = createHash('sha256').update(coreText).digest('hex').slice(0, 12).toUpperCase();
  const coreName = `rshell-core-${hash}`;
  const corePath = path.join(out, `${coreName}.cjs`);
  writeFileSync(corePath, coreMap ? `${coreText}\n//# sourceMappingURL=${coreName}.cjs.map\n` : coreText);
  if (coreMap) writeFileSync(`${corePath}.map`, coreMap);
  recordCaches({ out, coreName });
  const bin = path.join(out, 'rshell.js');
  writeFileSync(bin, binSource({ shebang, coreName }), { mode: 0o755 });
  for (const name of readdirSync(out)) {
    // (rshell.js.map: the bin was the core itself before)
    const stale = name === 'rshell.js.map' || (/^rshell-core-[0-9A-F]+\.(cjs|cjs\.map|cache)$/.test(name) && !name.startsWith(`${coreName}.`));
    if (stale) rmSync(path.join(out, name));
  }
}

/**
 * Runs `body` after the loader, as a script beside the core, in a node of its own: the flags and
 * version V8 checks a cache against are those a plain `rshell` gets (no NODE_OPTIONS; `nodeArgs`
 * as the bin's first line passes them). `runs` are the argv/options of each run; their results.
 */
function runBesideCore(out, coreName, kind, body, runs) {
  const file = path.join(out, `.${kind}-${process.pid}.cjs`);
  writeFileSync(file, `${loaderSource(coreName)}\n${body}`);
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  try {
    return runs.map(({ nodeArgs = [], args = [], env: extra, cwd }) =>
      spawnSync(process.execPath, [...nodeArgs, file, ...args], { cwd, env: { ...env, ...extra }, encoding: 'utf8' }),
    );
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Runs the warm-up through the core and saves V8's cache of everything it compiled, the core's
 * and each loaded chunk's, beside each file. The core's cache comes from the shell language
 * only: a cache holds every function compiled so far, and the larger it is the longer V8 takes
 * to read it at every start; the chunks' from the commands too.
 */
function recordCaches({ out, coreName }) {
  const work = mkdtempSync(path.join(tmpdir(), 'rshell-cache-'));
  writeFileSync(path.join(work, 'file.txt'), 'one\ntwo\n');
  const recorder = `const exit = process.exit;
process.exit = (code) => {
  const which = process.env.RSHELL_RECORD;
  if (code === 0) {
    for (const [file, { script }] of loaded) {
      if ((file === coreFile) === (which === 'core')) fs.writeFileSync(cacheOf(file), script.createCachedData());
    }
  }
  exit(code);
};
runCore(false);
`;
  try {
    const runs = [
      ['core', WARM_UP],
      ['chunks', WARM_UP + WARM_UP_COMMANDS],
    ].map(([which, script]) => ({ args: ['--allow-all-commands', '--allowed-paths', work, '-c', script], env: { RSHELL_RECORD: which }, cwd: work }));
    for (const r of runBesideCore(out, coreName, 'record-cache', recorder, runs)) {
      if (r.status !== 0 || r.stderr !== '') throw new Error(`build: the code-cache warm-up failed (status ${r.status}):\n${r.stderr}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Whether V8 takes the caches in `out` as the bin would (given `nodeArgs` as the bin's first line
 * gives them): "accepted" when it takes the core's and every chunk's, else what it refuses or
 * misses. A cache V8 rejects costs its whole gain, silently.
 */
export function probeCaches(out, nodeArgs = []) {
  const bin = readFileSync(path.join(out, 'rshell.js'), 'utf8');
  const coreName = /rshell-core-[0-9A-F]+(?=\.cjs)/.exec(bin)?.[0];
  if (!coreName || !existsSync(path.join(out, `${coreName}.cache`))) return 'no cache for the core';
  const probe = `const files = [[coreFile, CORE_PARAMS], ...fs.readdirSync(chunkDir).filter((n) => n.endsWith('.cache')).map((n) => [\`\${chunkDir}/\${n.slice(0, -'.cache'.length)}.cjs\`, CHUNK_PARAMS])];
const rejected = files.filter(([file, params]) => compile(file, params, true).script.cachedDataRejected).map(([file]) => file.slice(__dirname.length + 1));
process.stdout.write(rejected.length === 0 ? 'accepted' : 'rejected: ' + rejected.join(' '));
`;
  return runBesideCore(out, coreName, 'probe-cache', probe, [{ nodeArgs }])[0].stdout;
}
