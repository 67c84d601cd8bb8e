import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { head } from './index.js';
import { runBuiltin, bytesReader, CollectingWriter } from '../internal/testing.js';
import { itMatchesGnuOn, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const seq = (n: number): string => Array.from({ length: n }, (_, i) => `${i + 1}\n`).join('');
const FILES = {
  's20': seq(20),
  'nonl': 'a\nb\nc',
  'crlf': 'a\r\nb\r\nc\r\n',
  'z': 'a\0b\0c\0d',
  'empty': '',
  'bin': new Uint8Array([0, 255, 10, 1, 2, 10, 128]),
  'a b': 'spaced\n',
};

describe('head: exact GNU output', () => {
  it('defaults to 10 lines', async () => {
    expect((await runBuiltin(head, ['s20'], { files: FILES })).stdout).toBe(seq(10));
  });
  it('headers for several files, errors in order', async () => {
    const r = await runBuiltin(head, ['-n', '1', 's20', 'nosuch', 'a b'], { files: FILES });
    expect(r).toMatchObject({
      stdout: '==> s20 <==\n1\n\n==> a b <==\nspaced\n',
      stderr: "head: cannot open 'nosuch' for reading: No such file or directory\n",
      code: 1,
    });
  });
  it('directory: header then read error', async () => {
    const r = await runBuiltin(head, ['d', 's20', '-n2'], { files: { ...FILES, 'd/x': '' } });
    expect(r).toMatchObject({
      stdout: '==> d <==\n\n==> s20 <==\n1\n2\n',
      stderr: "head: error reading 'd': Is a directory\n",
      code: 1,
    });
  });
  it('elides lines and bytes', async () => {
    expect((await runBuiltin(head, ['-n', '-1', 'nonl'], { files: FILES })).stdout).toBe('a\nb\n');
    expect((await runBuiltin(head, ['-c', '-2', 'nonl'], { files: FILES })).stdout).toBe('a\nb');
    expect((await runBuiltin(head, ['-c', '-2'], { stdin: 'a\nb\nc' })).stdout).toBe('a\nb');
  });
  it('number errors', async () => {
    expect(await runBuiltin(head, ['-n', '3x'])).toMatchObject({
      stderr: "head: invalid number of lines: '3x'\n", code: 1,
    });
    expect(await runBuiltin(head, ['-c', '1Y'])).toMatchObject({
      stderr: "head: invalid number of bytes: '1Y': Value too large for defined data type\n", code: 1,
    });
    expect(await runBuiltin(head, ['s20', '-2'], { files: FILES })).toMatchObject({
      stderr: "head: invalid trailing option -- 2\nTry 'head --help' for more information.\n", code: 1,
    });
  });
  it('stops reading once done and gives the rest back (unread)', async () => {
    let reads = 0;
    const data = new TextEncoder().encode(seq(100000));
    const inner = bytesReader(data, 4096);
    let given: Uint8Array | undefined;
    const stdin = {
      read: () => { reads++; return inner.read(); },
      unread: (rest: Uint8Array) => { given = rest; },
    };
    const stdout = new CollectingWriter();
    const ctx = {
      name: 'head', stdin, stdout, stderr: new CollectingWriter(), cwd: '/', fs: undefined as never,
      getEnv: () => undefined, exportedEnv: () => [], signal: new AbortController().signal,
      limits: { maxLineBytes: 1 << 20, maxSortBytes: 1 << 28, maxFileBytes: 1 << 28 }, mode: 'read-only' as const,
      procPath: '/proc', exec: () => Promise.resolve(127), runShellText: () => Promise.resolve(127), checkAbort: () => {},
    };
    expect(await head.run(ctx, ['-n', '2'])).toBe(0);
    expect(reads).toBe(1);
    expect(new TextDecoder().decode(stdout.bytes())).toBe('1\n2\n');
    expect(new TextDecoder().decode(given!).startsWith('3\n4\n')).toBe(true);
  });
});

describe('head: differential against GNU head', () => {
  const argSets = [
    [], ['-n', '3'], ['-n3'], ['--lines=3'], ['--lin', '3'], ['-n', '-3'], ['-n', '+3'], ['-n', '0'], ['-n', '-0'],
    ['-c', '5'], ['-c5'], ['-c', '-5'], ['-c', '0'], ['-c', '-0'], ['-c', '1k'], ['-n', '1K'], ['-c', 'k'],
    ['-n', '2', '-c', '3'], ['-q', '-n', '2'], ['-v', '-n', '1'], ['-qv'], ['-vq'], ['-z', '-n', '2'], ['-z', '-n', '-1'],
    ['-3'], ['-3c'], ['-2v'], ['-1k'], ['-2z'], ['-5x'], ['-n'], ['-c'], ['-x'], ['--foo'], ['--byte=3'], ['-n', ' 3'],
    ['-n', '3 '], ['-n', '99999999999999999999'], ['-n', '18446744073709551615'], ['-n', '1MiB'], ['-n', '1kB'],
    ['-n', ''], ['-n', '-'], ['-n', '--'], ['-c', '-100'], ['-n', '-100'], ['-n', '1', '-3'],
    ['---presume-input-pipe', '-n2'], ['--silent', '-n1'],
  ];
  const operandSets = [['s20'], ['nonl'], ['crlf', 'z'], ['empty', 'bin'], ['-'], ['nosuch', 'nonl', '-'], []];
  itMatchesGnuOn(head, argSets, operandSets, { files: FILES, stdin: 'x\ny\nz\n1\n2\n3\n4\n5\n6\n7\n8\n9\n' });

  it('fuzz: random input, -n/-c with +/-', { timeout: 900_000 }, async () => {
    const long = process.env.TEXT_FUZZ_LONG === '1';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(0x0a, 0x0a, 0x61, 0x00, 0x0d), { maxLength: 40 }),
        fc.constantFrom('-n', '-c'),
        fc.constantFrom('', '-'),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        async (bytes, opt, sign, n, zero, chunkSize) => {
          const args = [opt, `${sign}${n}`, ...(zero ? ['-z'] : []), 'f'];
          const opts = { files: { f: Uint8Array.from(bytes) }, chunkSize };
          expect(await runOurs(head, args, opts)).toEqual(runGnu('head', args, opts));
          // the same through stdin (no size shortcut)
          const viaStdin = { stdin: Uint8Array.from(bytes), chunkSize };
          expect(await runOurs(head, args.slice(0, -1), viaStdin)).toEqual(runGnu('head', args.slice(0, -1), viaStdin));
        },
      ),
      { numRuns: long ? 3000 : 60, seed: long ? undefined : 11 },
    );
  });
});
