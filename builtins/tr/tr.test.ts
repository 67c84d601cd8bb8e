import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tr } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';

const INPUT = 'Hello, World! abc xyz ABC 123\n\taa  bb\t\tcc\r\n\x00\x01\x7f\x80\xff---[]::==**\\\\ end';
const STDIN = new Uint8Array(Buffer.from(INPUT, 'latin1'));

describe('tr: exact GNU output', () => {
  it('translates ranges and classes', async () => {
    expect((await runBuiltin(tr, ['a-z', 'A-Z'], { stdin: 'hello\n' })).stdout).toBe('HELLO\n');
    expect((await runBuiltin(tr, ['[:lower:]', '[:upper:]'], { stdin: 'abc\n' })).stdout).toBe('ABC\n');
  });
  it('deletes and squeezes', async () => {
    expect((await runBuiltin(tr, ['-d', '0-9'], { stdin: 'a1b22c\n' })).stdout).toBe('abc\n');
    expect((await runBuiltin(tr, ['-s', ' '], { stdin: 'a   b  c\n' })).stdout).toBe('a b c\n');
    expect((await runBuiltin(tr, ['-cs', '[:alpha:]', '\\n'], { stdin: 'aa, bb!! cc\n' })).stdout).toBe('aa\nbb\ncc\n');
  });
  it('operand errors', async () => {
    expect(await runBuiltin(tr, [])).toMatchObject({
      stderr: "tr: missing operand\nTry 'tr --help' for more information.\n", code: 1,
    });
    expect(await runBuiltin(tr, ['a'])).toMatchObject({
      stderr: "tr: missing operand after 'a'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n",
      code: 1,
    });
    expect(await runBuiltin(tr, ['-d', 'a', 'b'])).toMatchObject({
      stderr:
        "tr: extra operand 'b'\nOnly one string may be given when deleting without squeezing repeats.\nTry 'tr --help' for more information.\n",
      code: 1,
    });
    expect(await runBuiltin(tr, ['z-a', 'x'])).toMatchObject({
      stderr: "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n", code: 1,
    });
  });
});

describe('tr: differential against GNU tr', () => {
  const argSets = [
    ['a-z', 'A-Z'], ['[:lower:]', '[:upper:]'], ['[:upper:]', '[:lower:]'], ['[:upper:][:lower:]', '[:lower:][:upper:]'],
    ['-d', '[:digit:]'], ['-d', '[:space:]'], ['-d', '[:punct:]'], ['-d', '[:cntrl:]'], ['-d', '[:graph:]'],
    ['-d', '[:print:]'], ['-d', '[:alnum:]'], ['-d', '[:blank:]'], ['-d', '[:xdigit:]'], ['-d', '[:alpha:]'],
    ['-s', 'a-z'], ['-s', ' \\t'], ['-cd', '[:alnum:]'], ['-Cd', 'a-z\\n'], ['-cs', '[:alpha:]', '\\n'],
    ['-ds', 'a', 'b'], ['-ds', '[:digit:]', '[:space:]'], ['-c', 'a', 'x'], ['-c', 'a', 'xy'], ['-c', '[:alpha:]', 'xy'],
    ['-c', '[:alpha:]', '_'], ['-t', 'abc', 'xy'], ['abc', 'xy'], ['abc', ''], ['-t', 'abc', ''], ['', ''], ['', 'x'],
    ['a', '[:upper:]'], ['[:alpha:]', '[:upper:]'], ['ab[:lower:]', '[:upper:]'], ['[:lower:]', 'x[:upper:]'],
    ['-t', 'abc', '[:upper:]'], ['a', 'b[:upper:]'], ['[:lower:]', '[:lower:]'], ['[=a=]', 'x'], ['a', '[=a=]'],
    ['[=ab=]', 'x'], ['[==]', 'x'], ['[::]', 'x'], ['[:foo:]', 'x'], ['[:*3]', 'x'], ['a[b*2]', 'x'], ['[a*]', 'x'],
    ['ab', '[x*]y[z*]'], ['abc', '[x*]'], ['abc', 'x[y*]'], ['abcdef', 'x[y*3]z'], ['abcdef', 'x[y*08]'],
    ['abcdef', 'x[y*010]'], ['abc', '[y*a]'], ['abc', '[y* 2]'], ['a', '[b*99999999999999999999]'],
    ['-s', 'a', '[b*]'], ['-d', 'a', '[b*]'], ['-ds', 'a', '[b*]'], ['\\\\', 'x'], ['a\\', 'x'], ['\\040', '_'],
    ['\\400', 'x'], ['\\1234', 'x'], ['\\q', 'x'], ['\\n\\t\\r\\a\\b\\f\\v', 'ntrabfv'], ['a-', 'xy'], ['-a', 'xy'],
    ['--', '-a', 'xy'], ['[', 'x'], ['[a', 'xy'], ['[:', 'xy'], ['[:alpha:', 'x'], ['[:al\\pha:]', 'x'],
    ['[a\\*2]', 'x'], ['\\[a*2]', 'x'], ['a-c-e', 'xyz'], ['\\x00-\\x7f', 'x'], ['\\0-\\177', 'x'],
    ['\\200-\\377', 'X'], ['-c', '\\0-\\177', '?'], ['a', 'b', 'c'], ['-x', 'a'], ['--comp', 'a', 'b'],
    ['-s'], ['-d'], ['-ds', 'a'], ['a', '-s', '-d'], ['-t', '-d', 'a'], ['-t', '-s', 'a'], ['-c', '-s', 'a'],
    ['[:upper:]', '[:upper:]'], ['-c', '[:upper:]', '[:lower:]'], ['[a-c]', 'xyz12'], ['a-z', '[x*]'],
    ['-s', '[:space:]'], ['[:space:]', '[\\n*]'],
  ];
  for (const args of argSets) {
    it(`tr ${args.join(' ')}`, async () => {
      for (const chunkSize of [1, 7, 65536]) {
        const { ours, gnu } = await both(tr, args, { stdin: STDIN, chunkSize });
        expect({ chunkSize, ...ours }).toEqual({ chunkSize, ...gnu });
      }
    });
  }

  it('fuzz: random operands and input', { timeout: 900_000 }, async () => {
    const long = process.env.TEXT_FUZZ_LONG === '1';
    const piece = fc.constantFrom(
      'a', 'b', 'c', 'x', '-', '[', ']', ':', '=', '*', '2', '0', '\\', '\\n', '\\0', 'a-c', '[:alpha:]', '[:lower:]',
      '[:upper:]', '[:digit:]', '[=a=]', '[x*]', '[y*2]', ' ', '\\377',
    );
    const operand = fc.array(piece, { maxLength: 4 }).map((p) => p.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(['-c', '-d', '-s', '-t']),
        fc.array(operand, { minLength: 1, maxLength: 2 }),
        fc.array(fc.constantFrom(...'aabcxyz-[]:=*\\ \n\x00\xff'.split('').map((c) => c.charCodeAt(0))), { maxLength: 30 }),
        async (flags, ops, bytes) => {
          const args = [...flags, '--', ...ops];
          const opts = { stdin: Uint8Array.from(bytes), chunkSize: 5 };
          expect(await runOurs(tr, args, opts)).toEqual(runGnu('tr', args, opts));
        },
      ),
      { numRuns: long ? 5000 : 150, seed: long ? undefined : 19 },
    );
  });
});
