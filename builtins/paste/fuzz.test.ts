// Differential fuzzing of paste against GNU paste: random files over a small byte alphabet
// (newline, NUL, 0xff, tab), random operand lists mixing files, `-` and a missing name, random -d
// lists with escapes, -s and -z. Short by default; TEXT_FUZZ_LONG=1 runs many more cases.
// Also raw-byte -d lists (not valid UTF-8), which only bash can hand to GNU paste unchanged.

import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paste } from './index.js';
import { both } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';
import { decode } from '../../lib/io/encoding.js';

const LONG = process.env.TEXT_FUZZ_LONG === '1';
const RUNS = LONG ? 2000 : 60;
const TIMEOUT = LONG ? 1_800_000 : 60_000;

const content = fc
  .array(fc.constantFrom(0x61, 0x62, 0x0a, 0x0a, 0x0a, 0x00, 0xff, 0x09, 0x5c), { maxLength: 24 })
  .map((a) => Uint8Array.from(a));
const delimiterList = fc
  .array(fc.constantFrom(',', ':', '\\', '\\0', '\\n', '\\t', '\\\\', 'x', '\\q'), { maxLength: 4 })
  .map((a) => a.join(''));
const operand = fc.constantFrom('f1', 'f2', 'f3', '-', 'missing');

describe('paste differential fuzz vs GNU', () => {
  it('random inputs, operands and flags', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(content, content, content, content),
        fc.array(operand, { maxLength: 5 }),
        fc.option(delimiterList),
        fc.boolean(),
        fc.boolean(),
        async ([f1, f2, f3, stdin], operands, delims, serial, zero) => {
          const args = [...(serial ? ['-s'] : []), ...(zero ? ['-z'] : []), ...(delims === null ? [] : ['-d', delims]), ...operands];
          const { ours, gnu } = await both(paste, args, { files: { f1, f2, f3 }, stdin });
          expect({ args, out: ours.stdout, err: ours.stderr, code: ours.code }).toEqual({ args, out: gnu.stdout, err: gnu.stderr, code: gnu.code });
        },
      ),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('-d lists of raw bytes', async () => {
    const lists = [[0xff], [0xc3], [0x80, 0x2c], [0xff, 0x5c], [0x01, 0x3a, 0x5c], [0xe9, 0x5c, 0x30, 0xfe]];
    for (const list of lists) {
      const bytes = Uint8Array.from(list);
      const spelled = "$'" + list.map((b) => '\\x' + b.toString(16).padStart(2, '0')).join('') + "'";
      const gnu = spawnSync('/bin/bash', ['--norc', '--noprofile', '-c', `printf '1\\n2\\n3\\n4\\n5\\n' | paste -d ${spelled} - - -`], {
        env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin:/bin' },
      });
      const ours = await runBuiltin(paste, ['-d', decode(bytes), '-', '-', '-'], { stdin: '1\n2\n3\n4\n5\n' });
      expect({ out: ours.stdout, err: ours.stderr, code: ours.code }, JSON.stringify(list)).toEqual({
        out: decode(new Uint8Array(gnu.stdout)),
        err: decode(new Uint8Array(gnu.stderr)),
        code: gnu.status,
      });
    }
  });
});
