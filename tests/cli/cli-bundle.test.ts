// The CLI bundle's start-up machinery (scripts/build-cli.mjs) against the source it is built from:
// lazy command tables, the usage texts kept in a chunk of their own, output by descriptor until it
// grows, stdin opened only when read. Each case compares the built CLI (dist/rshell.js) with the
// library's Runner running the same script in-process.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Runner } from '../../src/index.js';
import { COMMANDS } from '../../builtins/commands.js';
import { SHELL_BUILTINS } from '../../src/interp/builtins/index.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'rshell.js');
const work = mkdtempSync(join(tmpdir(), 'rshell-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(script: string, input = '') {
  const r = spawnSync(process.execPath, [CLI, '--allow-all-commands', '--allowed-paths', work, '-c', script], {
    cwd: work,
    input,
    encoding: 'utf8',
    timeout: 30_000,
    maxBuffer: 1 << 26,
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

async function library(script: string, stdin = '') {
  const runner = new Runner({ allowedPaths: [work], allowedCommands: 'all', cwd: work });
  const r = await runner.run(script, { stdin });
  return { stdout: r.stdout, stderr: r.stderr, status: r.exitCode };
}

const names = [...COMMANDS.keys(), ...SHELL_BUILTINS.keys()].sort();

describe('CLI bundle matches the library', () => {
  test('help: the list, one-line descriptions and every usage text', async () => {
    for (const script of ['help', `help -d ${names.join(' ')}`, `help -m ${names.join(' ')}`, `help -s ${names.join(' ')}`]) {
      expect(cli(script)).toEqual(await library(script));
    }
  });

  test('every command and shell builtin loads and answers --help (or its usage error)', async () => {
    // commands whose --help is not GNU's still load and run: compare whatever they print
    const script = names.map((n) => `${n === '[' ? '\\[' : n} --help </dev/null 2>&1 | head -3; echo "${n}:\${PIPESTATUS[0]}"`).join('\n');
    expect(cli(script)).toEqual(await library(script));
  });

  test('type and command -v see lazy entries as the eager ones', async () => {
    const script = `type ${names.filter((n) => n !== '[').join(' ')}; command -v grep printf read`;
    expect(cli(script)).toEqual(await library(script));
  });

  test('output past the descriptor fast path (32 KiB) keeps its order across the hand-over', async () => {
    const script = 'seq 1 30000; echo middle; seq 30001 60000 >&2; echo end';
    const a = cli(script);
    const b = await library(script);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stderr).toBe(b.stderr);
    expect(a.status).toBe(0);
  });

  test('stdin is read when the script reads it, and only then', async () => {
    expect(cli('read a; read b; echo "$b-$a"', 'one\ntwo\nrest\n')).toEqual({ stdout: 'two-one\n', stderr: '', status: 0 });
    expect(cli('cat', 'one\ntwo\n')).toEqual({ stdout: 'one\ntwo\n', stderr: '', status: 0 });
    expect(cli('echo no read', 'ignored\n')).toEqual({ stdout: 'no read\n', stderr: '', status: 0 });
  });
});

describe('the bin drops NODE_EXTRA_CA_CERTS (node loads that bundle before any JavaScript runs)', () => {
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: join(work, 'no-such-bundle.pem') };
  const run = (argv: string[]) => spawnSync(argv[0], [...argv.slice(1), '--allow-all-commands', '-c', 'echo hi'], { cwd: work, env, encoding: 'utf8', timeout: 30_000 });

  test('its first line is the one the build chose for this machine', async () => {
    const { shebang } = await import('../../scripts/build-cli.mjs');
    const { V8_FLAGS } = await import('../../scripts/cli-launcher.mjs');
    const full = `#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node ${V8_FLAGS.join(' ')}`;
    expect(shebang(() => true)).toBe(full);
    // where the whole line does not run (Linux before 5.1 reads 127 bytes of it), the loader sets the flags
    expect(shebang((line: string) => line !== full)).toBe('#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node');
    // an env without -S (BusyBox)
    expect(shebang(() => false)).toBe('#!/usr/bin/env node');
    expect(readFileSync(CLI, 'utf8').split('\n', 1)[0]).toBe(shebang());
  });

  test.runIf(readFileSync(CLI, 'utf8').startsWith('#!/usr/bin/env -S'))('run directly, node never reads the bundle; through `node FILE` it does', () => {
    // a missing bundle makes node warn at start-up: the warning shows whether it was read
    expect(run([CLI])).toMatchObject({ stdout: 'hi\n', stderr: '', status: 0 });
    const viaNode = run([process.execPath, CLI]);
    expect(viaNode.stdout).toBe('hi\n');
    expect(viaNode.stderr).toContain('Ignoring extra certs');
  });
});

describe('the bin compiles its core and chunks with the V8 code caches recorded at build time (scripts/cli-launcher.mjs)', () => {
  const dist = join(import.meta.dirname, '..', '..', 'dist');

  test('V8 accepts the cache as the bin runs (a rejected one costs the whole gain, silently)', async () => {
    const { probeCaches, V8_FLAGS } = await import('../../scripts/cli-launcher.mjs');
    // started by its first line (which passes node the flags), and as `node dist/rshell.js`
    expect(probeCaches(dist, V8_FLAGS)).toBe('accepted');
    expect(probeCaches(dist)).toBe('accepted');
    // the commands agents use most start from a cache of their own
    const cached = readdirSync(join(dist, 'chunks')).filter((n) => n.endsWith('.cache')).map((n) => n.replace(/-[0-9A-Z]+\.cache$/, ''));
    for (const name of ['cat', 'grep', 'sed', 'head', 'tail', 'wc', 'sort', 'ls', 'find']) expect(cached).toContain(name);
  });

  test('the bin passes node the linear-regex flag that the library sets at its first pattern', async () => {
    const { LINEAR_ENGINE_FLAG, LINEAR_REGEX_FLAG, V8_FLAGS } = await import('../../scripts/cli-launcher.mjs');
    const engine = readFileSync(join(import.meta.dirname, '..', '..', 'lib/regex/engine.ts'), 'utf8');
    expect(engine).toContain(`const LINEAR_FLAG = '${LINEAR_REGEX_FLAG}';`);
    expect(engine).toContain(`const LINEAR_ENGINE_FLAG = '${LINEAR_ENGINE_FLAG}';`);
    expect(V8_FLAGS).toContain(LINEAR_REGEX_FLAG);
    expect(readFileSync(CLI, 'utf8').split('\n', 1)[0]).toContain(LINEAR_REGEX_FLAG);
    // the linear engine's own flag is set at the first long record, not on node's command line
    expect(V8_FLAGS).not.toContain(LINEAR_ENGINE_FLAG);
  });

  test('the core and the chunks are strict CommonJS: no ES module loader at start-up or at a command\'s first use', () => {
    const core = readdirSync(dist).filter((n) => /^rshell-core-[0-9A-F]+\.cjs$/.test(n));
    expect(core).toHaveLength(1);
    expect(readFileSync(join(dist, core[0]), 'utf8').startsWith('"use strict";')).toBe(true);
    const files = readdirSync(join(dist, 'chunks'));
    // beside the chunks: the code caches of the ones the build's warm-up loads
    expect(files.filter((n) => !/\.(cjs|cache)$/.test(n))).toEqual([]);
    const chunks = files.filter((n) => n.endsWith('.cjs'));
    expect(chunks.length).toBeGreaterThan(40);
    for (const name of chunks) {
      expect(readFileSync(join(dist, 'chunks', name), 'utf8').startsWith('"use strict";')).toBe(true);
    }
    expect(readFileSync(join(dist, 'package.json'), 'utf8')).toContain('"commonjs"');
  });

  test('the core is ASCII: one other character would make V8 hold all of it as a two-byte string', () => {
    const core = readdirSync(dist).find((n) => /^rshell-core-[0-9A-F]+\.cjs$/.test(n))!;
    const text = readFileSync(join(dist, core), 'latin1');
    const at = text.search(/[^\x00-\x7f]/);
    expect(at === -1 ? '' : text.slice(Math.max(0, at - 40), at + 10)).toBe('');
  });

  test('the core builds the table chunks take from it only when the first chunk loads', () => {
    const core = readdirSync(dist).find((n) => /^rshell-core-[0-9A-F]+\.cjs$/.test(n))!;
    const text = readFileSync(join(dist, core), 'utf8');
    // the CommonJS exports are that one builder; the getters are inside it
    expect(text).toMatch(/__rshellChunkTable:\(\)=>[\w$]+\}\);module\.exports=/);
    const run = spawnSync(process.execPath, [join(dist, 'rshell.js'), '--allow-all-commands', '-c', 'printf "b\\na\\n" | sort | head -1'], { cwd: work, encoding: 'utf8' });
    expect(run).toMatchObject({ stdout: 'a\n', stderr: '', status: 0 });
  });

  test('a run loads none of the Node modules it does not need (each costs start-up 0.2-3 ms)', async () => {
    const { V8_FLAGS } = await import('../../scripts/cli-launcher.mjs');
    const report = join(work, 'modules.txt');
    const preload = join(work, 'modules.cjs');
    writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, process.moduleLoadList.join('\\n')));`);
    writeFileSync(join(work, 'one.txt'), 'one\n');
    // (as the bin's first line starts it: node:v8 would load the streams and AbortController)
    const never = ['v8', 'internal/abort_controller', 'stream', 'os', 'readline', 'internal/fs/promises', 'perf_hooks'];
    for (const [script, out, unwanted] of [
      ['echo hi', 'hi\n', [...never, 'internal/fs/dir']],
      ['case x in x*) echo *.txt | grep -c o ;; esac; [[ ab == a? ]] && echo y', '1\ny\n', [...never, 'internal/fs/dir']],
      // (find lists directories with opendir)
      ['find . -name "o*.txt" | wc -l', '1\n', never],
    ] as const) {
      const run = spawnSync(process.execPath, [...V8_FLAGS, '-r', preload, join(dist, 'rshell.js'), '--allow-all-commands', '--allowed-paths', work, '-c', script], { cwd: work, encoding: 'utf8' });
      expect(run).toMatchObject({ stdout: out, stderr: '', status: 0 });
      // (a run that lasts past 30 ms starts the watchdog thread, src/cli/watchdog.ts, which loads
      // worker_threads and what it needs: past the start-up this test is about)
      const all = readFileSync(report, 'utf8').split('\n');
      // (each module is listed once loaded, after what it loaded: the first of worker_threads' own)
      const watchdog = all.findIndex((m) => /^NativeModule (internal\/perf\/event_loop_utilization|internal\/worker\/io|internal\/worker|worker_threads)$/.test(m));
      const loaded = watchdog < 0 ? all : all.slice(0, watchdog);
      expect(unwanted.filter((m) => loaded.includes(`NativeModule ${m}`))).toEqual([]);
    }
  });

  test('a damaged or missing cache only costs time: V8 compiles from source', () => {
    const copy = join(work, 'dist-copy');
    cpSync(dist, copy, { recursive: true, filter: (src) => !src.includes(`${join(dist, 'types')}`) });
    const caches = [
      ...readdirSync(copy).filter((n) => n.endsWith('.cache')),
      ...readdirSync(join(copy, 'chunks')).filter((n) => /^(cat|wc)-.*\.cache$/.test(n)).map((n) => join('chunks', n)),
    ];
    expect(caches).toHaveLength(3);
    const bin = join(copy, 'rshell.js');
    const run = () => spawnSync(process.execPath, [bin, '--allow-all-commands', '-c', 'echo hi | cat | wc -c'], { cwd: work, encoding: 'utf8', timeout: 30_000 });
    for (const cache of caches) writeFileSync(join(copy, cache), Buffer.alloc(4096, 7));
    expect(run()).toMatchObject({ stdout: '3\n', stderr: '', status: 0 });
    for (const cache of caches) rmSync(join(copy, cache));
    expect(run()).toMatchObject({ stdout: '3\n', stderr: '', status: 0 });
  });
});
