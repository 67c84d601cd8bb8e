// Differential fuzz of diff against GNU diffutils 3.8: small files over a few-line alphabet (so
// lines repeat and hunks have choices to make), the second often an edit of the first, every
// output style and the options that change how lines compare. A few hundred cases by default;
// RSHELL_FUZZ_RUNS=N runs more.

import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diff } from './index.js';
import { both } from '../../tests/harness/gnu-tools.js';

const RUNS = Number(process.env.RSHELL_FUZZ_RUNS ?? 300);
const TIMEOUT = Math.max(120_000, RUNS * 400);

const LINE = fc.constantFrom('a', 'b', 'c', 'd', 'a', 'b', '', ' a', 'a ', 'A', '\tb', 'b\t', 'x  y', 'x y', '.', 'c\r', 'a long line with\ttabs and words that runs past the half width', 'x\by\x01z\x7f', '\xe9t\xe9');
const lines = fc.array(LINE, { maxLength: 14 });
/** an edit of `base`: deletions, insertions and replacements at random places */
const edit = (base: string[]) =>
  fc.array(fc.tuple(fc.nat(20), fc.constantFrom('del', 'ins', 'rep'), LINE), { maxLength: 5 }).map((ops) => {
    const out = [...base];
    for (const [at, op, l] of ops) {
      const i = out.length === 0 ? 0 : at % (out.length + (op === 'ins' ? 1 : 0));
      if (op === 'del') out.splice(i, 1);
      else if (op === 'ins') out.splice(i, 0, l);
      else if (out.length > 0) out[i] = l;
    }
    return out;
  });
const pair = lines.chain((a) => fc.tuple(fc.constant(a), fc.oneof(edit(a), lines), fc.boolean(), fc.boolean()));
const STYLES = [[], ['-u'], ['-c'], ['-e'], ['-n'], ['-f'], ['-U0'], ['-U1'], ['-C1'], ['-q'], ['-u', '-p'], ['--normal'], ['-y'], ['-y', '-W', '37'], ['-y', '-W', '20', '--left-column'], ['-y', '--suppress-common-lines', '-W', '50'], ['--sdiff-merge-assist', '-W', '44']];
const STAMP = new Date('2021-03-04T05:06:07Z');

const text = (ls: string[], nl: boolean): string => (ls.length === 0 ? '' : ls.join('\n') + (nl ? '\n' : ''));

describe('diff: differential fuzz vs GNU diff', () => {
  it('random pairs, every style', async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom(...STYLES), fc.subarray(['-i', '-w', '-b', '-B', '-E', '-Z', '-d', '-H', '--strip-trailing-cr', '-t', '-T', '--suppress-blank-empty', '-a', '--ignore-matching-lines=^ *a', '-Ib$']), async ([a, b, nla, nlb], style, extra) => {
        const files = { a: text(a, nla || a.length === 0), b: text(b, nlb || b.length === 0) };
        const setup = (dir: string): void => {
          for (const f of ['a', 'b']) fs.utimesSync(path.join(dir, f), STAMP, STAMP);
        };
        const args = [...style, ...extra, 'a', 'b'];
        const { ours, gnu } = await both(diff, args, { files, setup, env: { TZ: 'UTC' } });
        expect({ args, files, out: ours.stdout, err: ours.stderr, code: ours.code }).toEqual({ args, files, out: gnu.stdout, err: gnu.stderr, code: gnu.code });
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('longer files: discarded lines, long runs of changes', async () => {
    const big = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'a', 'a', 'b'), { minLength: 20, maxLength: 300 });
    const bigPair = big.chain((a) => fc.tuple(fc.constant(a), fc.oneof(edit(a), big, edit(a).chain(edit))));
    await fc.assert(
      fc.asyncProperty(bigPair, fc.constantFrom([], ['-u'], ['-c'], ['-e'], ['-d'], ['-H'], ['-U5']), async ([a, b], style) => {
        const files = { a: text(a, true), b: text(b, true) };
        const args = [...style, '--label=A', '--label=B', 'a', 'b'];
        const { ours, gnu } = await both(diff, args, { files });
        expect({ args, out: ours.stdout, err: ours.stderr, code: ours.code }).toEqual({ args, out: gnu.stdout, err: gnu.stderr, code: gnu.code });
      }),
      { numRuns: Math.max(20, RUNS / 5) },
    );
  }, TIMEOUT);

  it('directory trees (-r and friends)', async () => {
    const NAMES = ['a', 'b', 's/a', 's/c', 't/u/v', 'e', 's', 't/u', 'c/d'];
    const CONTENT = fc.constantFrom('x\n', 'y\n', 'x\ny\n', '', 'z');
    // a name that is a file in a tree cannot also be a directory there
    const tree = fc.dictionary(fc.constantFrom(...NAMES), CONTENT, { maxKeys: 5 }).map((t) => {
      const keys = Object.keys(t);
      return Object.fromEntries(Object.entries(t).filter(([k]) => !keys.some((o) => o.startsWith(k + '/'))));
    });
    await fc.assert(
      fc.asyncProperty(tree, tree, fc.constantFrom(['-r'], ['-rq'], ['-ru'], ['-rN'], ['-rs'], ['-rP'], ['-rNq'], [], ['-s'], ['-r', '-x', 's'], ['-r', '-S', 'b']), async (t1, t2, flags) => {
        const files: Record<string, string> = { 'd1/.keep': '', 'd2/.keep': '' };
        for (const [k, v] of Object.entries(t1)) files[`d1/${k}`] = v;
        for (const [k, v] of Object.entries(t2)) files[`d2/${k}`] = v;
        const setup = (dir: string): void => {
          for (const f of Object.keys(files)) fs.utimesSync(path.join(dir, f), STAMP, STAMP);
        };
        const args = [...flags, 'd1', 'd2'];
        const { ours, gnu } = await both(diff, args, { files, setup, env: { TZ: 'UTC' } });
        expect({ args, files, out: ours.stdout, err: ours.stderr, code: ours.code }).toEqual({ args, files, out: gnu.stdout, err: gnu.stderr, code: gnu.code });
      }),
      { numRuns: Math.max(20, RUNS / 5) },
    );
  }, TIMEOUT);
});
