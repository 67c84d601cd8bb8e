import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tail } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { lastLinesStart } from './modes.js';
import { itMatchesGnuOn, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const seq = (n: number): string => Array.from({ length: n }, (_, i) => `${i + 1}\n`).join('');
const FILES = {
  's20': seq(20),
  'nonl': 'a\nb\nc',
  'crlf': 'a\r\nb\r\nc\r\n',
  'z': 'a\0b\0c\0d',
  'empty': '',
  'bin': new Uint8Array([0, 255, 10, 1, 2, 10, 128]),
  'nl-only': '\n\n\n',
};

describe('tail: exact GNU output', () => {
  it('defaults to the last 10 lines', async () => {
    expect((await runBuiltin(tail, ['s20'], { files: FILES })).stdout).toBe(seq(20).slice(seq(10).length));
  });
  it('+N, -c, headers and errors', async () => {
    expect((await runBuiltin(tail, ['-n', '+19', 's20'], { files: FILES })).stdout).toBe('19\n20\n');
    expect((await runBuiltin(tail, ['-c', '3', 'nonl'], { files: FILES })).stdout).toBe('b\nc');
    const r = await runBuiltin(tail, ['-n1', 'nonl', 'nosuch', 'd'], { files: { ...FILES, 'd/x': '' } });
    expect(r).toMatchObject({
      stdout: '==> nonl <==\nc\n==> d <==\n',
      stderr: "tail: cannot open 'nosuch' for reading: No such file or directory\ntail: error reading 'd': Is a directory\n",
      code: 1,
    });
  });
  it('-n 0 opens nothing', async () => {
    expect(await runBuiltin(tail, ['-n', '0', 'nosuch'])).toMatchObject({ stdout: '', stderr: '', code: 0 });
  });
  it('refuses follow mode clearly', async () => {
    for (const args of [['-f', 's20'], ['-F', 's20'], ['--follow=name', 's20'], ['--pid=1', 's20'], ['--retry', 's20'], ['-5f', 's20']]) {
      const r = await runBuiltin(tail, args, { files: FILES });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^tail: .* is refused: rshell never /);
    }
  });
  it('lastLinesStart reads blocks backwards', () => {
    const data = new TextEncoder().encode(seq(50000));
    const readAt = (pos: number, len: number) => data.subarray(pos, pos + len);
    const start = lastLinesStart(readAt, data.length, 3, 10);
    expect(new TextDecoder().decode(data.subarray(start))).toBe('49998\n49999\n50000\n');
    expect(lastLinesStart(readAt, data.length, 1e9, 10)).toBe(0);
  });
  it('a long stream keeps bounded memory (last lines of 5 MB)', async () => {
    const r = await runBuiltin(tail, ['-n', '2'], { stdin: 'x'.repeat(5 << 20) + '\nlast\n', chunkSize: 4096 });
    expect(r.stdout.length).toBe((5 << 20) + 6);
    const r2 = await runBuiltin(tail, ['-c', '2'], { stdin: 'y'.repeat(5 << 20), chunkSize: 4096 });
    expect(r2.stdout).toBe('yy');
  });
});

describe('tail: differential against GNU tail', () => {
  const argSets = [
    [], ['-n', '3'], ['-n3'], ['--lines=3'], ['-n', '+3'], ['-n', '-3'], ['-n', '0'], ['-n', '+0'], ['-n', '+1'],
    ['-c', '5'], ['-c', '+5'], ['-c', '0'], ['-c', '+0'], ['-c', '1k'], ['-n', '1K'], ['-c', 'k'], ['-c', '+k'],
    ['-q', '-n', '2'], ['-v', '-n', '1'], ['-z', '-n', '2'], ['-z', '-n', '+2'], ['-3'], ['+3'], ['-3c'], ['+3c'],
    ['-2l'], ['-1b'], ['-l'], ['+'], ['-c'], ['-x'], ['--foo'], ['--s'], ['---'], ['-5x'], ['-n', ' 3'], ['-n', '3 '],
    ['-n', '99999999999999999999'], ['-99999999999999999999'], ['-n', ''], ['-n', '+'], ['-n', '-'], ['-s', '1', '-n1'],
    ['-s', 'x'], ['-s', '-1'], ['--max-unchanged-stats=x'], ['--silent', '-n1'], ['-c', '-3'], ['-n', '1', '-n', '+2'],
    ['-n', '100'], ['-c', '100'], ['-3', '--'], ['-n', '+2', '-n', '2'], ['-n', '-2', '-n', '+3'],
  ];
  const operandSets = [['s20'], ['nonl'], ['crlf', 'z'], ['empty', 'bin', 'nl-only'], ['-'], ['nosuch', 'nonl', '-'], []];
  itMatchesGnuOn(tail, argSets, operandSets, { files: FILES, stdin: 'x\ny\nz\n1\n2\n3\n4\n5\n6\n7\n8\n9\n' });

  it('fuzz: random input, -n/-c with +/-', { timeout: 900_000 }, async () => {
    const long = process.env.TEXT_FUZZ_LONG === '1';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(0x0a, 0x0a, 0x61, 0x00, 0x0d), { maxLength: 40 }),
        fc.constantFrom('-n', '-c'),
        fc.constantFrom('', '+', '-'),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        async (bytes, opt, sign, n, zero, chunkSize) => {
          const args = [opt, `${sign}${n}`, ...(zero ? ['-z'] : []), 'f'];
          const opts = { files: { f: Uint8Array.from(bytes) }, chunkSize };
          expect(await runOurs(tail, args, opts)).toEqual(runGnu('tail', args, opts));
          const viaStdin = { stdin: Uint8Array.from(bytes), chunkSize };
          expect(await runOurs(tail, args.slice(0, -1), viaStdin)).toEqual(runGnu('tail', args.slice(0, -1), viaStdin));
        },
      ),
      { numRuns: long ? 3000 : 60, seed: long ? undefined : 13 },
    );
  });
});

describe('tail: positioned reads', () => {
  it('reads a regular file from its end when the sandbox offers readAt', async () => {
    const data = new TextEncoder().encode(seq(100000));
    let sequentialReads = 0;
    let positioned = 0;
    const file = {
      info: { type: 'file', size: data.length } as never,
      read: () => { sequentialReads++; return null; },
      readAt: (pos: number, len: number) => { positioned++; return data.slice(pos, pos + len); },
      close: () => {},
    };
    const { CollectingWriter } = await import('../internal/testing.js');
    const stdout = new CollectingWriter();
    const ctx = {
      name: 'tail', stdin: { read: () => null }, stdout, stderr: new CollectingWriter(), cwd: '/',
      fs: { open: () => ({ ok: true, value: file }) } as never,
      getEnv: () => undefined, exportedEnv: () => [], signal: new AbortController().signal,
      limits: { maxLineBytes: 1 << 20, maxSortBytes: 1 << 28, maxFileBytes: 1 << 28 }, mode: 'read-only' as const,
      procPath: '/proc', exec: () => Promise.resolve(127), runShellText: () => Promise.resolve(127), checkAbort: () => {},
    };
    expect(await tail.run(ctx, ['-n', '2', 'big'])).toBe(0);
    expect(new TextDecoder().decode(stdout.bytes())).toBe('99999\n100000\n');
    expect(sequentialReads).toBe(0);
    expect(positioned).toBeLessThan(4);
    stdout.bytes();
    const out2 = new CollectingWriter();
    expect(await tail.run({ ...ctx, stdout: out2 }, ['-c', '7', 'big'])).toBe(0);
    expect(new TextDecoder().decode(out2.bytes())).toBe('100000\n');
  });
});
