// tr's streaming filter over every kind of stdin: a regular file (`< f`: chunks read into our
// buffer and rewritten in place, the SIMD range kernel or the JS translators), a pipe and a
// here-string (chunks we do not own, translated through scratch memory). Compared with GNU tr on
// the same bytes.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';
import { runGnu } from '../../tests/harness/gnu-oracle.js';
import { rangesOf } from './translate.js';

const CHUNK = 256 * 1024;

/** every byte value, in an order that puts each at many offsets, `bytes` long */
function mixed(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = (i * 7 + (i >> 11)) & 0xff;
  return out;
}

const text = (bytes: number): Uint8Array => {
  const line = 'The Quick brown fox 0123 jumps; over: the lazy dog!\n';
  return new Uint8Array(Buffer.from(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes), 'latin1'));
};

const FILES: Record<string, Uint8Array> = {
  empty: new Uint8Array(0),
  tiny: text(5),
  odd: text(16 * 37 + 11),
  chunkPlus: mixed(CHUNK + 3),
  chunkExact: text(CHUNK),
  twoChunks: mixed(2 * CHUNK + 17),
  crlfNul: new Uint8Array(Buffer.from('a\r\nB\0c\r\n'.repeat(40000), 'latin1')),
};

const ARG_SETS = [
  ['a-z', 'A-Z'], ['[:upper:]', '[:lower:]'], ['a-zA-Z', 'n-za-mN-ZA-M'], ['\\n', ' '], ['\\0', 'x'], ['\\200-\\377', '\\000-\\177'],
  ['0-9a-f', 'a-p'], ['-c', 'a-z\\n', '_'], ['-d', 'aeiou'], ['-s', 'a-z'], ['-ds', '0-9', 'a-z'],
  ['abc', 'abc'],
];

let dir = '';
beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-tr-')));
  for (const [name, bytes] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, name), bytes);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const latin1 = (b: Uint8Array | undefined): string => Buffer.from(b ?? new Uint8Array(0)).toString('latin1');
const quoteArgs = (args: string[]): string => args.map((a) => `'${a}'`).join(' ');

describe('tr over files, pipes and here-strings matches GNU', () => {
  for (const [how, script] of [
    ['file', (args: string, f: string) => `tr ${args} < ${f}`],
    ['pipe', (args: string, f: string) => `cat ${f} | tr ${args}`],
  ] as const) {
    it(`stdin from a ${how}`, { timeout: 120_000 }, async () => {
      const runner = new Runner({ allowedPaths: [dir], allowedCommands: 'all', cwd: dir });
      for (const args of ARG_SETS) {
        for (const [name, bytes] of Object.entries(FILES)) {
          const r = await runner.run(script(quoteArgs(args), name));
          const gnu = runGnu('tr', args, { stdin: bytes });
          const ours = latin1(r.stdoutBytes);
          // long output is only compared (a diff of 500 KB helps nobody)
          expect({ args, name, code: r.exitCode, same: ours === gnu.stdout, length: ours.length })
            .toEqual({ args, name, code: gnu.code, same: true, length: gnu.stdout.length });
        }
      }
    });
  }

  it('stdin from a here-string', async () => {
    const runner = new Runner({ allowedPaths: [dir], allowedCommands: 'all', cwd: dir });
    const r = await runner.run("x=$(printf 'abc%.0s' {1..40000}); tr a-c A-C <<< \"$x\" | tail -c 7; tr a-c A-C <<< \"$x\" | wc -c");
    expect(r.stdout).toBe('ABCABC\n120001\n');
  });
});

describe('rangesOf', () => {
  const identity = Uint8Array.from({ length: 256 }, (_, i) => i);
  it('splits a table into runs moved by one amount', () => {
    const upper = identity.map((c) => (c >= 0x61 && c <= 0x7a ? c - 32 : c));
    expect(rangesOf(upper)).toEqual([{ lo: 0x61, span: 25, delta: 224 }]);
    expect(rangesOf(identity)).toEqual([]);
    const rot13 = identity.map((c) => {
      if (c >= 0x61 && c <= 0x7a) return ((c - 0x61 + 13) % 26) + 0x61;
      if (c >= 0x41 && c <= 0x5a) return ((c - 0x41 + 13) % 26) + 0x41;
      return c;
    });
    expect(rangesOf(rot13).map((r) => [r.lo, r.span, r.delta])).toEqual([[0x41, 12, 13], [0x4e, 12, 243], [0x61, 12, 13], [0x6e, 12, 243]]);
    // neighbours moved by different amounts are different runs; the last byte closes a run
    const swap = identity.map((c) => (c === 0xfe ? 0xff : c === 0xff ? 0xfe : c));
    expect(rangesOf(swap)).toEqual([{ lo: 0xfe, span: 0, delta: 1 }, { lo: 0xff, span: 0, delta: 255 }]);
  });
});
