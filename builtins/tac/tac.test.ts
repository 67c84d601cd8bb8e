import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tac } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { expectScriptLikeBash } from '../../tests/harness/script-oracle.js';

const bin = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const FILES = {
  'a.txt': 'one\ntwo\nthree\n',
  'nonl.txt': 'one\ntwo',
  'empty': '',
  'bin': bin('a\0b\xff\nc\r\nd\0'),
  'big.txt': Array.from({ length: 30000 }, (_, i) => `line ${i}`).join('\n') + '\n',
  'sep.txt': 'axxbxxxcxx',
  // records of varied lengths around the 64 KiB block edges, separators straddling them
  'blocks.txt': Array.from({ length: 9000 }, (_, i) => 'r'.repeat((i * 37) % 41) + 'xyz').join('') + 'tail',
  'dir/x': 'x',
};

describe('tac: exact output', () => {
  it('reverses lines of files and stdin', async () => {
    expect((await runBuiltin(tac, ['a.txt'], { files: FILES })).stdout).toBe('three\ntwo\none\n');
    expect((await runBuiltin(tac, [], { stdin: 'a\nb' })).stdout).toBe('ba\n');
    expect((await runBuiltin(tac, ['-'], { stdin: 'a\nb\n', chunkSize: 1 })).stdout).toBe('b\na\n');
  });
  it('-b attaches the separator before', async () => {
    expect((await runBuiltin(tac, ['-b'], { stdin: 'a\nb\n' })).stdout).toBe('\n\nba');
  });
  it('-s with a multi-byte separator does not overlap matches', async () => {
    expect((await runBuiltin(tac, ['-s', 'xx', 'sep.txt'], { files: FILES })).stdout).toBe('cxxbxxxaxx');
  });
  it('an empty -s means NUL', async () => {
    expect((await runBuiltin(tac, ['-s', ''], { stdin: bin('a\0b\0') })).stdout).toBe('b\0a\0');
  });
  it('-r uses emacs-syntax regexes', async () => {
    expect((await runBuiltin(tac, ['-r', '-s', '[0-9]+'], { stdin: 'a12b34c' })).stdout).toBe('c4b32a1');
    expect((await runBuiltin(tac, ['-r', '-s', ''], { stdin: 'a' })).stderr).toBe('tac: separator cannot be empty\n');
    expect((await runBuiltin(tac, ['-r', '-s', '\\('], { stdin: 'a' })).stderr).toBe('tac: Unmatched ( or \\(\n');
  });
  it('--help and --version', async () => {
    expect((await runBuiltin(tac, ['--help'])).stdout).toMatch(/^Usage: tac \[OPTION\]\.\.\. \[FILE\]\.\.\.\n/);
    expect((await runBuiltin(tac, ['--vers'])).stdout).toBe('tac (rshell) 0.1.0\n');
  });
  it('stdin past the memory budget: GNU\'s memory exhausted', async () => {
    const r = await runBuiltin(tac, [], { stdin: 'x\n'.repeat(100), limits: { maxSortBytes: 50 } });
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: "tac: memory exhausted (over rshell's per-command memory budget of 50 bytes, maxMemoryBytes)\n" });
    // -r holds a string copy too: half the budget
    const rx = await runBuiltin(tac, ['-r', '-s', 'x+'], { stdin: 'x\n'.repeat(20), limits: { maxSortBytes: 70 } });
    expect(rx).toMatchObject({ code: 1, stdout: '', stderr: "tac: memory exhausted (over rshell's per-command memory budget of 70 bytes, maxMemoryBytes)\n" });
    const fits = await runBuiltin(tac, [], { stdin: 'x\ny\n', limits: { maxSortBytes: 50 } });
    expect(fits).toMatchObject({ code: 0, stdout: 'y\nx\n', stderr: '' });
  });
  it('a big file is read backwards', async () => {
    const r = await runBuiltin(tac, ['big.txt'], { files: FILES, limits: { maxSortBytes: 100 } });
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(['line 29999', 'line 29998']);
    expect(r.stdout.length).toBe(FILES['big.txt'].length);
  });
});

describe('tac: same as GNU', () => {
  const cases: [string[], string?][] = [
    [['a.txt']], [['nonl.txt']], [['empty']], [['bin']], [['big.txt']], [['-b', 'nonl.txt']],
    [['-s', 'xx', 'sep.txt']], [['-b', '-s', 'xx', 'sep.txt']], [['--separator=x', 'sep.txt']],
    [['a.txt', 'nosuch', 'nonl.txt']], [['dir']], [['-z']], [['--bogus']], [['-s']], [['--sep']],
    [['-'], 'x\ny\n'], [['-', 'a.txt', '-'], 'in\n'], [[], ''],
    [['-r', '-s', '[0-9]+'], 'a12b34c5'], [['-r', '-s', '[0-9]\\+'], 'a12b34c'], [['-r', '-s', 'x*'], 'axbxxc'],
    [['-r', '-s', '.'], '1\n2\n3\n'], [['-r', '-b', '-s', '[ab]'], 'xaybz'], [['-r', '-s', '^X\\|b'], 'aXbXc'],
    [['-r', '-s', 'a\\{2\\}'], 'xaa{2}y'], [['-r', '-s', '[[:punct:]]'], 'a.b:c'], [['-r', '-s', '('], 'a(b(c'],
    [['-r', '-s', 'A$'], 'xA\nyAz'], [['-r', '-s', 'x$y'], 'x$y'], [['-r', '-s', '\\(ab\\)\\1'], 'xababyab'],
    [['-r', '-s', '[^a-c]'], 'abxcdab'], [['-r', '-s', '[]x]'], 'a]bxc'], [['-r', '-s', '*a'], 'b*ac'],
    [['-r', '-s', '\\)'], 'x'], [['-s', 'xyz', 'blocks.txt']], [['-b', '-s', 'xyz', 'blocks.txt']], [['-s', 'yzr', 'blocks.txt']],
    [['-s', 'r', 'blocks.txt']], [['-r', '-s', 'x[yz]*', 'blocks.txt']], [['-r', '-s', '\\<w'], 'a wb w'],
    [['-r', '-s', '^^a'], 'a.'], [['-r', '-s', '[^a]$'], '\nb'], [['-r', '-s', '^*'], 'a*b\n*c'], [['-r', '-s', 'b\\>'], 'abab ab'],
    [['-r', '-s', 'x*$'], 'ax\nbxx'], [['-r', '-s', "a\\'"], 'aaa'],
  ];
  for (const [args, stdin] of cases) {
    it(JSON.stringify(args), async () => {
      await expectSameAsGnu(tac, args, { files: FILES, ...(stdin === undefined ? {} : { stdin }) });
    });
  }
  it('random inputs and separators', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[ab\n]{0,20}$/),
        fc.constantFrom('\n', 'a', 'ab', 'aa', 'b\n'),
        fc.boolean(),
        async (text, sep, before) => {
          const args = ['-s', sep, ...(before ? ['-b'] : [])];
          await expectSameAsGnu(tac, args, { stdin: text });
        },
      ),
      { numRuns: 60 },
    );
  });
  it('random emacs-syntax regex separators', async () => {
    const tok = fc.constantFrom('a', 'b', '.', '*', '+', '?', '\\(', '\\)', '\\|', '[ab]', '[^a]', '^', '$', 'a\\{2\\}', '\\w', '\n');
    await fc.assert(
      fc.asyncProperty(fc.array(tok, { minLength: 1, maxLength: 5 }), fc.stringMatching(/^[ab\n.]{0,12}$/), fc.boolean(), async (toks, text, before) => {
        await expectSameAsGnu(tac, ['-r', '-s', toks.join(''), ...(before ? ['-b'] : [])], { stdin: text });
      }),
      { numRuns: 60 },
    );
  });
});

describe('tac: standard input redirected from a regular file (GNU lseeks it)', () => {
  it.each([
    'tac - - < a.txt',
    'tac a.txt - < nonl.txt',
    'tac - a.txt - < a.txt',
    '(read x; tac) < a.txt',
    '(read x; tac - -) < a.txt',
    'tac -b - - < a.txt',
    "tac -r -s '[ot]' - - < a.txt",
    "(read x; tac -r -s 'o') < a.txt",
    'tac - - < empty',
    'cat a.txt | tac - -',
    'tac - - < dir; echo rc=$?',
  ])('%s', async (script) => expectScriptLikeBash(script, FILES));
});
