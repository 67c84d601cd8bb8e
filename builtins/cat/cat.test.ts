import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cat } from './index.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bytesReader, DEFAULT_TEST_LIMITS, makeTempTree, runBuiltin } from '../internal/testing.js';
import { createSandbox } from '../../allowedpaths/index.js';
import type { CallContext } from '../types.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const FILES = {
  'a.txt': 'one\ntwo\n',
  'nonl.txt': 'x\ny',
  'blank.txt': 'z\n\n\n\nw\n',
  'lead.txt': '\n\n\na\n\n',
  'crlf.txt': 'a\r\nb\rc\r\n',
  'cr-end.txt': 'a\r',
  'lf-start.txt': '\nb\n',
  'bin.bin': new Uint8Array([0, 1, 9, 10, 27, 127, 128, 137, 155, 160, 200, 255, 10]),
  'empty.txt': '',
};

describe('cat: exact GNU output', () => {
  it('copies files and stdin in order', async () => {
    const r = await runBuiltin(cat, ['a.txt', '-', 'nonl.txt'], { files: FILES, stdin: 'IN\n' });
    expect(r).toMatchObject({ stdout: 'one\ntwo\nIN\nx\ny', stderr: '', code: 0 });
  });
  it('-n numbers across files, a missing newline joins lines', async () => {
    const r = await runBuiltin(cat, ['-n', 'nonl.txt', 'blank.txt'], { files: FILES });
    expect(r.stdout).toBe('     1\tx\n     2\tyz\n     3\t\n     4\t\n     5\t\n     6\tw\n');
  });
  it('-b skips blank lines, -s squeezes across files', async () => {
    expect((await runBuiltin(cat, ['-b', 'blank.txt'], { files: FILES })).stdout).toBe(
      '     1\tz\n\n\n\n     2\tw\n',
    );
    expect((await runBuiltin(cat, ['-s', 'lead.txt', 'lead.txt'], { files: FILES })).stdout).toBe('\na\n\na\n\n');
  });
  it('-E shows CR before LF as ^M, also across files', async () => {
    expect((await runBuiltin(cat, ['-E', 'crlf.txt'], { files: FILES })).stdout).toBe('a^M$\nb\rc^M$\n');
    expect((await runBuiltin(cat, ['-E', 'cr-end.txt', 'lf-start.txt'], { files: FILES })).stdout).toBe(
      'a^M$\nb$\n',
    );
    expect((await runBuiltin(cat, ['-E', 'cr-end.txt'], { files: FILES })).stdout).toBe('a\r');
  });
  it('-A on binary input', async () => {
    const r = await runBuiltin(cat, ['-A', 'bin.bin'], { files: FILES });
    expect(r.stdout).toBe('^@^A^I$\n^[^?M-^@M-^IM-^[M- M-HM-^?$\n');
  });
  it('missing file: message, exit 1, continues', async () => {
    const r = await runBuiltin(cat, ['a.txt', 'nosuch', 'a b', 'a.txt'], { files: FILES });
    expect(r).toMatchObject({
      stdout: 'one\ntwo\none\ntwo\n',
      stderr: "cat: nosuch: No such file or directory\ncat: 'a b': No such file or directory\n",
      code: 1,
    });
  });
  it('directory operand', async () => {
    const r = await runBuiltin(cat, ['d'], { files: { 'd/x': '' } });
    expect(r).toMatchObject({ stdout: '', stderr: 'cat: d: Is a directory\n', code: 1 });
  });
  it('bad options', async () => {
    expect(await runBuiltin(cat, ['-x'])).toMatchObject({
      stderr: "cat: invalid option -- 'x'\nTry 'cat --help' for more information.\n",
      code: 1,
    });
    expect(await runBuiltin(cat, ['--sh'])).toMatchObject({
      stderr:
        "cat: option '--sh' is ambiguous; possibilities: '--show-nonprinting' '--show-ends' '--show-tabs' '--show-all'\n" +
        "Try 'cat --help' for more information.\n",
      code: 1,
    });
    expect(await runBuiltin(cat, ['--follow'])).toMatchObject({
      stderr: "cat: unrecognized option '--follow'\nTry 'cat --help' for more information.\n",
      code: 1,
    });
  });
  it('--help and --version', async () => {
    const h = await runBuiltin(cat, ['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout.startsWith('Usage: cat [OPTION]... [FILE]...\n')).toBe(true);
    expect((await runBuiltin(cat, ['--version'])).stdout).toBe('cat (rshell) 0.1.0\n');
  });
  it('empty input and empty file', async () => {
    expect((await runBuiltin(cat, ['-n', 'empty.txt'], { files: FILES })).stdout).toBe('');
    expect((await runBuiltin(cat, ['-n'], { stdin: '' })).stdout).toBe('');
  });
  it('numbers past 999999 widen the field', async () => {
    const r = await runBuiltin(cat, ['-n'], { stdin: '\n'.repeat(1000001) });
    expect(r.stdout.endsWith('999998\t\n999999\t\n1000000\t\n1000001\t\n')).toBe(true);
  });
  it('a 3 MiB line in -n mode streams', async () => {
    const big = 'x'.repeat(3 << 20);
    const r = await runBuiltin(cat, ['-n'], { stdin: big + '\n' });
    expect(r.stdout.length).toBe(7 + big.length + 1);
  });
});

describe('cat: differential against GNU cat', () => {
  const flagSets = [[], ['-n'], ['-b'], ['-s'], ['-E'], ['-T'], ['-v'], ['-A'], ['-e'], ['-t'], ['-u'], ['-ns'],
    ['-bs'], ['-bn'], ['-sE'], ['-nET'], ['--number', '--squeeze-blank'], ['-vn'], ['--show-all', '-b']];
  const operandSets = [
    ['a.txt'], ['nonl.txt', 'blank.txt'], ['lead.txt', 'lead.txt', 'lead.txt'], ['crlf.txt'], ['cr-end.txt', 'lf-start.txt'],
    ['bin.bin'], ['empty.txt', 'nonl.txt', '-', 'a.txt'], ['nosuch', 'a.txt'],
  ];
  for (const flags of flagSets) {
    it(`cat ${flags.join(' ')}`, async () => {
      for (const ops of operandSets) {
        for (const chunkSize of [1, 3, 65536]) {
          const opts = { files: FILES, stdin: 'in\n\n\nput', chunkSize };
          const { ours, gnu } = await both(cat, [...flags, ...ops], opts);
          expect({ ops, chunkSize, ...ours }).toEqual({ ops, chunkSize, ...gnu });
        }
      }
    });
  }

  it('fuzz: random bytes and flag sets', { timeout: 900_000 }, async () => {
    const long = process.env.TEXT_FUZZ_LONG === '1';
    const byte = fc.constantFrom(0x0a, 0x0a, 0x0a, 0x0d, 0x09, 0x61, 0x62, 0x00, 0x7f, 0x80, 0xff, 0x20);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(byte, { maxLength: 30 }), { minLength: 1, maxLength: 3 }),
        fc.subarray(['-n', '-b', '-s', '-E', '-T', '-v']),
        fc.integer({ min: 1, max: 8 }),
        async (files, flags, chunkSize) => {
          const fileMap: Record<string, Uint8Array> = {};
          const names = files.map((bytes, k) => {
            fileMap[`f${k}`] = Uint8Array.from(bytes);
            return `f${k}`;
          });
          const opts = { files: fileMap, chunkSize };
          const ours = await runOurs(cat, [...flags, ...names], opts);
          const gnu = runGnu('cat', [...flags, ...names], opts);
          expect(ours).toEqual(gnu);
        },
      ),
      { numRuns: long ? 3000 : 60, seed: long ? undefined : 7 },
    );
  });
});

describe('cat: one read buffer for every file', () => {
  /**
   * A sink that keeps each chunk it is handed until its promise settles and copies it only then:
   * the contract lets it (a writer never keeps a chunk past the promise), so a cat that refilled
   * its buffer before the write settled would show up as wrong bytes here.
   */
  class LateCopyWriter {
    readonly parts: Uint8Array[] = [];
    closed = false;
    write(chunk: Uint8Array): Promise<void> {
      return new Promise((resolve) =>
        setTimeout(() => {
          this.parts.push(chunk.slice());
          resolve();
        }, 0),
      );
    }
    writeString(s: string): Promise<void> {
      return this.write(new TextEncoder().encode(s));
    }
    flush(): void {}
    text(): string {
      return Buffer.concat(this.parts).toString('latin1');
    }
  }

  it('big and small files through a sink that waits on every write', async () => {
    const files: Record<string, string> = { 'big-a': 'a'.repeat(300_000), 'big-b': 'b'.repeat(70_000), d: '' };
    for (let i = 0; i < 50; i++) files[`s${i}`] = `${i}\n`;
    const dir = makeTempTree(files);
    fs.rmSync(path.join(dir, 'd'));
    fs.mkdirSync(path.join(dir, 'd'));
    const sandbox = createSandbox([dir]);
    try {
      const stdout = new LateCopyWriter();
      const stderr = new LateCopyWriter();
      const operands = ['big-a', 's0', 'd', 'big-b', ...Array.from({ length: 49 }, (_, i) => `s${i + 1}`), 'big-a'];
      const ctx = {
        name: 'cat', stdin: bytesReader(new Uint8Array()), stdout, stderr, cwd: dir, fs: sandbox.at(dir),
        getEnv: () => undefined, exportedEnv: () => [], signal: new AbortController().signal, limits: DEFAULT_TEST_LIMITS, mode: 'read-only',
        procPath: '/proc', exec: () => Promise.resolve(127), checkAbort: () => {},
      } as unknown as CallContext;
      const code = await cat.run(ctx, operands);
      const small = Array.from({ length: 50 }, (_, i) => `${i}\n`);
      expect(stdout.text()).toBe('a'.repeat(300_000) + small[0] + 'b'.repeat(70_000) + small.slice(1).join('') + 'a'.repeat(300_000));
      expect(stderr.text()).toBe('cat: d: Is a directory\n');
      expect(code).toBe(1);
    } finally {
      sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
