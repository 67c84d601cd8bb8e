// jq 1.7.1 in process: the Emscripten build inside the npm package jq-wasm, loaded without its
// wrapper. The wrapper (`raw()`) trims stdout, drops stderr when there is stdout, hides the exit
// status, re-encodes stdin as UTF-8 text and always names `/dev/stdin` as the input file (which
// changes jq's `(at <stdin>:N)` messages). Here the module is evaluated from its source with two
// hooks added: its FS and ENV are exposed and the standard streams are ours, byte for byte.
// Used by the `jq` shim in ./oracle-bin and by differential tests.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'package.json'));

/** @type {((arg: object) => Promise<any>) | undefined} */
let factory;

function loadFactory() {
  if (factory) return factory;
  const file = join(dirname(require.resolve('jq-wasm')), 'build', 'jq.js');
  let src = readFileSync(file, 'utf8');
  const hooks = [
    ['Module["callMain"] = callMain;', 'Module["callMain"] = callMain; Module["FS"] = FS;'],
    [
      'preRun() { FS.init(',
      'preRun() { if (Module.__io) { for (const k in Module.__env) ENV[k] = Module.__env[k]; FS.init(Module.__io.in, Module.__io.out, Module.__io.err); return; } FS.init(',
    ],
    ['printErr(message) {', 'printErr(message) { if (Module.__io) return;'],
  ];
  for (const [from, to] of hooks) {
    if (!src.includes(from)) throw new Error(`jq-oracle: jq-wasm changed, hook not found: ${from}`);
    src = src.replace(from, to);
  }
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', '__filename', '__dirname', src)(
    mod,
    mod.exports,
    require,
    file,
    dirname(file),
  );
  factory = /** @type {any} */ (mod.exports);
  return factory;
}

/**
 * Runs jq 1.7.1 once, in a fresh instance (jq keeps state in globals and stdin's EOF flag).
 * @param {object} o
 * @param {string[]} o.args arguments after `jq`
 * @param {Uint8Array | string} [o.stdin]
 * @param {string} [o.cwd] the working directory jq sees (default `/`)
 * @param {Record<string, Uint8Array | string>} [o.files] absolute path -> content, put in jq's FS
 * @param {string[]} [o.dirs] absolute directories to create
 * @param {Record<string, string>} [o.env] jq's whole environment (default: empty)
 * @returns {Promise<{ stdout: Buffer; stderr: Buffer; status: number }>}
 */
export async function runJq(o) {
  const stdin = typeof o.stdin === 'string' ? Buffer.from(o.stdin, 'utf8') : (o.stdin ?? new Uint8Array(0));
  let pos = 0;
  /** @type {number[]} */
  const out = [];
  /** @type {number[]} */
  const err = [];
  const io = {
    in: () => (pos < stdin.length ? (stdin[pos++] ?? null) : null),
    out: (/** @type {number | null} */ c) => {
      if (c !== null && c !== undefined) out.push(c & 0xff);
    },
    err: (/** @type {number | null} */ c) => {
      if (c !== null && c !== undefined) err.push(c & 0xff);
    },
  };
  // Emscripten's defaults (USER=web_user, HOME, PATH=/ …) would leak into `env`/`$ENV`; the
  // environment is fixed before the runtime starts (libc copies it then).
  /** @type {Record<string, string | undefined>} */
  const env = { USER: undefined, LOGNAME: undefined, PATH: undefined, PWD: undefined, HOME: undefined };
  Object.assign(env, { LANG: undefined, _: undefined }, o.env ?? {});
  const m = await loadFactory()({
    __io: io,
    __env: env,
    thisProgram: 'jq',
    noInitialRun: true,
    printErr: () => {},
    print: () => {},
  });
  const { FS } = m;
  for (const d of o.dirs ?? []) FS.mkdirTree(d);
  for (const [p, content] of Object.entries(o.files ?? {})) {
    FS.mkdirTree(dirname(p));
    FS.writeFile(p, content);
  }
  const cwd = o.cwd ?? '/';
  FS.mkdirTree(cwd);
  FS.chdir(cwd);
  const saved = process.exitCode;
  let status;
  try {
    status = m.callMain([...o.args]);
  } catch (e) {
    // an assertion in jq (e.g. `1|strftime(1)`): the C jq dies of SIGABRT, status 134
    for (const b of Buffer.from(`jq: ${e instanceof Error ? e.message : String(e)}\n`)) err.push(b);
    status = 134;
  } finally {
    process.exitCode = saved;
  }
  return { stdout: Buffer.from(out), stderr: Buffer.from(err), status: status ?? 0 };
}

/**
 * The files and directories among `args` (relative to `cwd` or absolute) that exist on the real
 * file system, ready for `runJq` (a shim cannot know which arguments jq will open, so every
 * argument that names something is mirrored; a missing one stays missing, as for jq).
 * @param {string[]} args
 * @param {string} cwd
 */
export function mirrorOperands(args, cwd) {
  /** @type {Record<string, Buffer>} */
  const files = {};
  /** @type {string[]} */
  const dirs = [];
  for (const a of args) {
    if (a === '' || a.length > 4096) continue;
    const p = resolve(cwd, a);
    try {
      const st = statSync(p);
      if (st.isFile()) files[p] = readFileSync(p);
      else if (st.isDirectory()) dirs.push(p);
    } catch {
      // not a path: an option, the filter or a value
    }
  }
  return { files, dirs };
}
