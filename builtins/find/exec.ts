// -exec / -execdir through ctx.exec: the same allowed-commands policy as the script itself, so a
// path-named or external command (`-exec /bin/sh`) fails with status 127 — there are no programs.
// `;` form: one run per file, `{}` replaced wherever it appears in an argument, true when the
// command exits 0. `{} +` form: file names batched, run at the end (or when a batch is full);
// a failing batch makes find exit 1.

import type { FindEnv } from './env.js';
import { baseName, dirName } from './printf.js';
import type { Entry, Evaluate } from './types.js';

/** bytes of names per batch for `{} +` (GNU sizes batches by its 128 KiB argument buffer) */
const BATCH_ARGS = 100_000;
const BATCH_BYTES = 128 * 1024;

export interface ExecParse {
  /** the index after the terminator */
  next: number;
  eval: Evaluate;
}

/** the path and directory -execdir gives the command: `./name` inside the file's directory */
function execdirTarget(e: Entry): { dir: string; arg: string } {
  const name = baseName(e.path);
  const dir = e.path.startsWith('/') && dirName(e.path) === '' ? '/' : dirName(e.path);
  return { dir, arg: name.startsWith('/') ? name : './' + name };
}

/** execvp's ENOENT as GNU find words it (C locale quotes) */
const FIND_NOT_FOUND = (name: string): string => `find: '${name}': No such file or directory`;

async function run(env: FindEnv, argv: string[], cwd: string | undefined): Promise<number> {
  const p = env.out.flush();
  if (p) await p;
  env.ctx.checkAbort();
  return env.ctx.exec(argv, cwd === undefined ? { notFoundMessage: FIND_NOT_FOUND } : { cwd, notFoundMessage: FIND_NOT_FOUND });
}

/** parse `-exec CMD ARGS… ;` or `-exec CMD ARGS… {} +` starting after the predicate name */
export function parseExec(env: FindEnv, args: readonly string[], start: number, name: string): ExecParse | string {
  const missing = `missing argument to \`${name}'`;
  const dir = name === '-execdir';
  const words: string[] = [];
  let i = start;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === ';') break;
    if (a === '+' && words.length > 0 && words[words.length - 1] === '{}') break;
    words.push(a);
  }
  if (i >= args.length) return missing;
  if (words.length === 0) return args[i] === ';' ? `invalid argument \`;' to \`${name}'` : missing;
  const terminator = args[i]!;
  if (terminator === ';') {
    return {
      next: i + 1,
      eval: (e) => {
        const target = dir ? execdirTarget(e) : { dir: undefined, arg: e.path };
        const argv = words.map((w) => w.split('{}').join(target.arg));
        return run(env, argv, target.dir).then((status) => status === 0);
      },
    };
  }
  // `{} +`: the words before `{}` are the fixed part; names are appended
  const fixed = words.slice(0, -1);
  if (fixed.some((w) => w.includes('{}'))) {
    return `Only one instance of {} is supported with ${name} ... +`;
  }
  const batches = new Map<string, string[]>();
  const sizes = new Map<string, number>();
  const flushBatch = async (key: string): Promise<void> => {
    const names = batches.get(key);
    if (names === undefined || names.length === 0) return;
    batches.set(key, []);
    sizes.set(key, 0);
    const status = await run(env, [...fixed, ...names], dir ? key : undefined);
    if (status !== 0) env.status = 1;
  };
  env.finishers.push(async () => {
    for (const key of [...batches.keys()]) await flushBatch(key);
  });
  return {
    next: i + 1,
    eval: (e) => {
      const target = dir ? execdirTarget(e) : { dir: '', arg: e.path };
      const key = target.dir;
      let list = batches.get(key);
      if (list === undefined) {
        // -execdir batches per directory: run the previous directory's batch first
        if (dir) {
          const pending = [...batches.keys()];
          if (pending.length > 0) {
            return Promise.all(pending.map((k) => flushBatch(k))).then(() => {
              batches.clear();
              batches.set(key, [target.arg]);
              sizes.set(key, target.arg.length + 1);
              return true;
            });
          }
        }
        list = [];
        batches.set(key, list);
      }
      list.push(target.arg);
      const size = (sizes.get(key) ?? 0) + target.arg.length + 1;
      sizes.set(key, size);
      if (list.length >= BATCH_ARGS || size >= BATCH_BYTES) return flushBatch(key).then(() => true);
      return true;
    },
  };
}
