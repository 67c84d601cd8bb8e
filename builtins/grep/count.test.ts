// `grep -c STRING`: records counted inside the SIMD module (internal/simd-grep.ts), for chunks
// read into its memory (files) and for chunks copied through it (stdin in 64 KiB pieces, odd
// sizes). Every case is compared with GNU grep on the same bytes.
import { describe, expect, it } from 'vitest';
import { grep } from './index.js';
import { both } from '../../tests/harness/gnu-oracle.js';

const CHUNK = 256 * 1024;
const PIPE = 64 * 1024;

/** lines of `width` bytes (newline included), one in `every` holding ERROR, up to exactly `bytes` */
function log(bytes: number, width = 50, every = 3): string {
  let s = '';
  for (let i = 0; s.length < bytes; i++) {
    const body = i % every === 0 ? `${i} ERROR x` : `${i} INFO ok`;
    s += body.padEnd(width - 1, i % 7 === 0 ? 'E' : 'R') + '\n';
  }
  return s.slice(0, bytes);
}

/** ERROR placed so that a read boundary at `at` falls `cut` bytes into it */
function straddle(at: number, cut: number): string {
  return log(at - cut - 3) + 'x\n' + 'y'.repeat(1) + 'ERROR and more\n' + log(3000) + 'ERROR\n';
}

const FILES: Record<string, string | Uint8Array> = {
  empty: '',
  oneLine: 'ERROR',
  noMatch: log(CHUNK + 999).replace(/ERROR/g, 'ERRXR'),
  chunkStraddle1: straddle(CHUNK, 1),
  chunkStraddle4: straddle(CHUNK, 4),
  pipeStraddle2: straddle(PIPE, 2),
  pipeStraddle3: straddle(3 * PIPE, 3),
  // the line end of a matching line sits exactly on a boundary, then a matching line starts there
  edgeNewline: log(CHUNK - 6) + 'ERROR\nERROR\n' + log(100),
  manyPerLine: ('ERROR ERROR ERRORERROR\n' + 'no\n').repeat(30000),
  crlf: log(CHUNK + 5000).replace(/\n/g, '\r\n'),
  noFinalNewline: log(CHUNK + 333) + 'the last ERROR',
  lastLineCut: log(CHUNK + 333) + 'the last ERRO',
  // longer than the SIMD buffer: the copy path counts such a record the ordinary way
  longLines: 'a'.repeat(CHUNK + 17) + 'ERROR\n' + 'b'.repeat(2 * CHUNK) + '\n' + 'ERROR'.padStart(CHUNK + 40, 'c') + '\nERROR\n',
  nulLate: log(CHUNK + 100) + 'ERROR one\n' + 'a\0ERROR\n' + log(1000),
  nulWithText: log(5000) + 'a\0b ERROR\n',
  sixteenEdges: Array.from({ length: 40 }, (_, i) => 'x'.repeat(i) + 'ERROR\n' + 'y'.repeat(15 - (i % 16)) + '\n').join(''),
};

const ARG_SETS = [['-c', 'ERROR'], ['-co', 'ERROR'], ['-c', 'R'], ['-c', 'OR\r'], ['-c', '-F', 'ERROR'], ['-c', 'x ERROR x'], ['-ac', 'ERROR'], ['-c', '-z', 'ERROR']];

const show = (out: string, same: boolean): string | boolean => (out.length < 300 ? out : same);

describe('grep -c STRING counts like GNU', () => {
  it('over files read into the SIMD memory, one or several at once', { timeout: 120_000 }, async () => {
    for (const args of ARG_SETS) {
      for (const name of Object.keys(FILES)) {
        // a NUL-terminated record of 1.3 MB: past the documented record limit (maxLineBytes)
        if (args.includes('-z') && name === 'longLines') continue;
        const { ours, gnu } = await both(grep, [...args, name], { files: { [name]: FILES[name]! } });
        expect({ args, name, ...ours }).toEqual({ args, name, ...gnu });
      }
      const names = Object.keys(FILES).filter((n) => !(args.includes('-z') && n === 'longLines'));
      const { ours, gnu } = await both(grep, [...args, ...names], { files: FILES });
      expect({ args, ...ours }).toEqual({ args, ...gnu });
    }
  });

  it('over stdin in pieces copied through the SIMD memory', async () => {
    for (const chunkSize of [PIPE, 1000, CHUNK + 1]) {
      for (const [name, content] of Object.entries(FILES)) {
        const { ours, gnu } = await both(grep, ['-c', 'ERROR'], { stdin: content, chunkSize });
        expect({ chunkSize, name, ...ours, stdout: show(ours.stdout, ours.stdout === gnu.stdout) })
          .toEqual({ chunkSize, name, ...gnu, stdout: show(gnu.stdout, true) });
      }
    }
  });

  it('with -m, -v, -l and -q the records are still looked at one by one', async () => {
    const files = { a: FILES.chunkStraddle1!, b: FILES.empty!, c: FILES.nulLate! };
    for (const args of [['-c', '-m', '5', 'ERROR'], ['-cv', 'ERROR'], ['-c', '-l', 'ERROR'], ['-c', '-q', 'ERROR'], ['-c', '-L', 'ERROR']]) {
      const { ours, gnu } = await both(grep, [...args, 'a', 'b', 'c'], { files });
      expect({ args, ...ours }).toEqual({ args, ...gnu });
    }
  });
});
