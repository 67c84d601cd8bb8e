// Differential fuzz of the `jq` command against jq 1.7.1 (jq-wasm, tests/harness/jq-oracle.mjs):
// generated filters over generated JSON inputs, run by rshell's built library (`jq -c -f prog.jq
// in.json` in a scratch directory) and by the oracle with the same files at the same absolute
// paths; stdout, stderr and the exit status must be equal byte for byte.
// RSHELL_FUZZ_RUNS=20000 runs more (the default, 300, is what the timed suite runs); the seed is
// fixed (tests/setup/fast-check-seed.ts), FC_SEED=random draws fresh cases.
// Skipped while the command is not there (builtins/jq/index.ts).
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runner as RunnerType, RunnerOptions } from '../../src/index.js';
import { runJq } from '../harness/jq-oracle.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const HAVE_JQ = existsSync(join(ROOT, 'builtins', 'jq', 'index.ts'));
const DIST = join(ROOT, 'dist', 'index.mjs');
const RUNS = Number(process.env.RSHELL_FUZZ_RUNS ?? 300);

const KEYS = ['a', 'b', 'c'];

/** JSON text of small values (keys from a few names, so that paths in filters hit) */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.constantFrom('null', 'true', 'false', '0', '1', '-2', '1.5', '1.000', '100000000000000000000', '"x"', '"A b"', '""', '"é"'),
    fc.array(tie('v'), { maxLength: 4 }).map((a) => `[${a.join(',')}]`),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('v')), { maxLength: 3 }).map((e) => `{${e.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
  ),
})).v;

const ATOMS = [
  '.', '.a', '.b', '.[0]', '.[-1]', '.[]?', '.a?', '.[1:]', '..', 'null', 'true', '1', '2', '-1', '0.5', '"s"', '[]', '{}',
  'length', 'keys?', 'type', 'tostring', 'tojson', 'add?', 'sort?', 'reverse?', 'to_entries?', '[paths]', 'not',
  'empty', 'floor?', 'ascii_downcase?', '@csv?', '@sh?', '@json', '@text', 'unique?', 'flatten?', 'min?', 'max?',
  '[.[]?]', 'tostream', 'has("a")?', 'isnan?', 'abs?', 'values', 'scalars', 'arrays', 'objects', 'numbers', 'strings',
];

const filter: fc.Arbitrary<string> = fc.letrec<{ f: string }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.constantFrom(...ATOMS),
    fc.tuple(tie('f'), fc.constantFrom('|', ',', '+', '-', '*', '/', '%', '==', '<', '>=', 'and', 'or', '//'), tie('f')).map(
      ([a, op, b]) => `(${a} ${op} ${b})`,
    ),
    tie('f').map((a) => `[${a}]`),
    tie('f').map((a) => `{a: (${a})}`),
    tie('f').map((a) => `select(${a})`),
    tie('f').map((a) => `map(${a})?`),
    tie('f').map((a) => `(${a})?`),
    tie('f').map((a) => `first(${a})`),
    tie('f').map((a) => `[limit(2; ${a})]`),
    tie('f').map((a) => `try (${a}) catch .`),
    tie('f').map((a) => `"<\\(${a})>"`),
    tie('f').map((a) => `sort_by(${a})?`),
    tie('f').map((a) => `group_by(${a})?`),
    tie('f').map((a) => `path(${a})?`),
    tie('f').map((a) => `(.a |= ${a})`),
    tie('f').map((a) => `reduce (.[]?) as $x (${a}; [., $x])`),
    tie('f').map((a) => `((${a}) as $v | [$v, .])`),
    fc.tuple(tie('f'), tie('f'), tie('f')).map(([c, t, e]) => `if ${c} then ${t} else ${e} end`),
  ),
})).f;

describe.skipIf(!HAVE_JQ)('jq against jq 1.7.1', () => {
  let dir = '';
  let runner: RunnerType;
  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'rshell-jqfuzz-')));
    const { Runner } = (await import(DIST)) as typeof import('../../src/index.js');
    const opts: RunnerOptions = { allowedCommands: 'all', allowedPaths: [dir], cwd: dir } as RunnerOptions;
    runner = new Runner(opts);
  });
  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it(`${RUNS} generated filters give jq's bytes and status`, async () => {
    await fc.assert(
      fc.asyncProperty(filter, fc.array(jsonText, { minLength: 1, maxLength: 3 }), async (prog, inputs) => {
        const input = `${inputs.join('\n')}\n`;
        const progPath = join(dir, 'prog.jq');
        const inPath = join(dir, 'in.json');
        writeFileSync(progPath, prog);
        writeFileSync(inPath, input);
        const want = await runJq({ args: ['-c', '-f', progPath, inPath], files: { [progPath]: prog, [inPath]: input }, cwd: dir });
        const got = await runner.run(`jq -c -f ${progPath} ${inPath}`);
        expect({ stdout: got.stdout ?? '', stderr: got.stderr ?? '', status: got.exitCode }, `filter: ${prog}\ninput: ${input}`).toEqual({
          stdout: want.stdout.toString('utf8'),
          stderr: want.stderr.toString('utf8'),
          status: want.status,
        });
      }),
      { numRuns: RUNS },
    );
  });
});
