// Files larger than one read chunk (256 KiB, read through one reused buffer): records and matches
// that straddle a chunk boundary, a record longer than a chunk, CRLF, no final newline, NUL bytes.
// Every case is compared with GNU grep (and wc) on the same file.
import { describe, expect, it } from 'vitest';
import { grep } from './index.js';
import { wc } from '../wc/index.js';
import { both } from '../../tests/harness/gnu-oracle.js';

const CHUNK = 256 * 1024;

/** filler lines of `width` bytes (newline included) up to exactly `bytes` */
function filler(bytes: number, width = 64): string {
  const line = 'x'.repeat(width - 1) + '\n';
  let s = line.repeat(Math.floor(bytes / width));
  s += 'y'.repeat(bytes - s.length);
  return s;
}

/** `ERROR` placed so that the chunk boundary falls `cut` bytes into it, in the middle of a line */
function splitMatch(cut: number): string {
  const before = filler(CHUNK - 40);
  const pad = 'z'.repeat(40 - cut);
  return before + pad + 'ERROR' + ' tail\n' + filler(1000) + 'ERROR at end\n';
}

const CASES: Record<string, string | Uint8Array> = {
  split1: splitMatch(1),
  split3: splitMatch(3),
  split4: splitMatch(4),
  // the boundary right before and right after a match's line
  atEdge: filler(CHUNK - 6) + 'ERROR\n' + 'ERROR\n' + filler(100),
  // one line longer than two chunks, the match at its end; then a short matching line
  longLine: 'a'.repeat(2 * CHUNK + 123) + 'ERROR\nERROR\n',
  crlf: (filler(CHUNK - 3) + 'ERROR\r\nok\r\nERROR\r\n').replace(/x\n/g, 'x\r\n'),
  noFinalNewline: filler(CHUNK + 10) + 'last ERROR',
  // a NUL in the second chunk: binary from there on (GNU decides per buffer, as we do per block)
  nulLate: filler(CHUNK + 100) + 'ERROR one\n' + 'a\0b\n' + 'ERROR two\n',
  nulEarly: 'a\0b\n' + filler(CHUNK) + 'ERROR one\n',
  // the literal's rare byte (R) is everywhere and matches nowhere: the fallback to indexOf
  probeDecoy: 'R'.repeat(CHUNK + 5000) + '\nxERRORx\n' + 'RRRR\n'.repeat(20000) + 'ERROR\n',
  // every line matches (printed records are copied as runs, a run per block), last one unterminated
  dense: ('ERROR ' + 'x'.repeat(57) + '\n').repeat(10000) + 'ERROR last',
  // matching and other lines alternate across three chunks
  alternating: ('ERROR ' + 'x'.repeat(20) + '\n' + 'y'.repeat(30) + '\n').repeat(15000),
};

describe('grep over several chunks matches GNU', () => {
  const argSets = [['-c', 'ERROR'], ['ERROR'], ['-n', 'ERROR'], ['-c', '-F', 'ERROR'], ['-cE', 'ERR(OR)'], ['-b', '-o', 'ERROR'], ['-v', '-c', 'x'], ['-c', 'R'], ['ERROR', 'f'], ['-m', '7000', 'ERROR'], ['-A1', '-m3', 'ERROR'], ['-z', 'ERROR']];
  for (const [name, content] of Object.entries(CASES)) {
    it(name, async () => {
      for (const args of argSets) {
        const { ours, gnu } = await both(grep, [...args, 'f'], { files: { f: content } });
        // stdout can be large: short output is shown, long output only compared
        const shown = (out: string, same: boolean): string | boolean => (out.length < 300 ? out : same);
        expect({ args, code: ours.code, stderr: ours.stderr, out: shown(ours.stdout, ours.stdout === gnu.stdout) })
          .toEqual({ args, code: gnu.code, stderr: gnu.stderr, out: shown(gnu.stdout, true) });
      }
    });
  }
});

describe('wc over several chunks matches GNU', () => {
  it('counts across boundaries, CRLF, NUL, no final newline', async () => {
    const files = { ...CASES, all: Object.values(CASES).map((c) => (typeof c === 'string' ? c : '')).join('') };
    for (const args of [['-l'], [], ['-L'], ['-c'], ['-m']]) {
      const { ours, gnu } = await both(wc, [...args, ...Object.keys(files)], { files });
      expect({ args, ...ours }).toEqual({ args, ...gnu });
    }
  });
});
