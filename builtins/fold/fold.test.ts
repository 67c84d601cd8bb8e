import { describe, expect, it } from 'vitest';
import { fold } from './index.js';
import { runBuiltin } from '../internal/testing.js';

describe('fold', () => {
  it('wraps at the width, 80 by default', async () => {
    expect((await runBuiltin(fold, [], { stdin: 'x'.repeat(85) + '\n' })).stdout).toBe('x'.repeat(80) + '\n' + 'xxxxx\n');
    expect((await runBuiltin(fold, ['-w', '3'], { stdin: 'abcdefg' })).stdout).toBe('abc\ndef\ng');
  });
  it('-s breaks after the last blank; -b counts bytes', async () => {
    expect((await runBuiltin(fold, ['-s', '-w', '10'], { stdin: 'the quick brown fox\n' })).stdout).toBe('the quick \nbrown fox\n');
    expect((await runBuiltin(fold, ['-w', '4'], { stdin: 'a\tb\n' })).stdout).toBe('a\n\t\nb\n');
    expect((await runBuiltin(fold, ['-b', '-w', '4'], { stdin: 'a\tbcd\n' })).stdout).toBe('a\tbc\nd\n');
    expect((await runBuiltin(fold, ['-w', '3'], { stdin: 'abcd\bef\n' })).stdout).toBe('abc\nd\bef\n');
    expect((await runBuiltin(fold, ['-w', '3'], { stdin: 'ab\rcdef\n' })).stdout).toBe('ab\rcde\nf\n');
  });
  it('each file on its own; chunking does not matter', async () => {
    expect((await runBuiltin(fold, ['-w', '2', 'a', 'b'], { files: { a: 'abc', b: 'de\n' } })).stdout).toBe('ab\ncde\n');
    const text = 'some words to wrap here and there\n';
    const whole = (await runBuiltin(fold, ['-s', '-w', '7'], { stdin: text })).stdout;
    expect((await runBuiltin(fold, ['-s', '-w', '7'], { stdin: text, chunkSize: 3 })).stdout).toBe(whole);
  });
  it('the obsolete -N width', async () => {
    expect((await runBuiltin(fold, ['-3'], { stdin: 'abcdefg\n' })).stdout).toBe('abc\ndef\ng\n');
    expect((await runBuiltin(fold, ['-s2'], { stdin: 'abc\n' })).stdout).toBe('ab\nc\n');
    expect((await runBuiltin(fold, ['-3', '-w', '4'], { stdin: 'abcdefg\n' })).stdout).toBe('abcd\nefg\n');
  });
  it('refused widths and options', async () => {
    const cases: [string[], string][] = [
      [['-w', '0'], "fold: invalid number of columns: '0': Numerical result out of range\n"],
      [['-w', 'x'], "fold: invalid number of columns: 'x'\n"],
      [['-w', '-1'], "fold: invalid number of columns: '-1'\n"],
      [['-w', '18446744073709551607'], "fold: invalid number of columns: '18446744073709551607': Value too large for defined data type\n"],
      [['-12x'], "fold: invalid number of columns: '12x'\n"],
      [['-k'], "fold: invalid option -- 'k'\nTry 'fold --help' for more information.\n"],
      [['-w'], "fold: option requires an argument -- 'w'\nTry 'fold --help' for more information.\n"],
    ];
    for (const [args, stderr] of cases) expect(await runBuiltin(fold, args, { stdin: 'x\n' })).toMatchObject({ code: 1, stdout: '', stderr });
  });
  it('file errors and the held-line limit', async () => {
    const r = await runBuiltin(fold, ['nosuch', 'd', 'ok'], { files: { 'd/x': '', ok: 'k\n' } });
    expect(r).toMatchObject({ code: 1, stdout: 'k\n', stderr: 'fold: nosuch: No such file or directory\nfold: d: Is a directory\n' });
    const big = await runBuiltin(fold, ['-w', '1000', 'big', 'ok'], { files: { big: 'x'.repeat(100), ok: 'k\n' }, limits: { maxLineBytes: 50 } });
    expect(big).toMatchObject({ code: 1, stdout: 'k\n', stderr: 'fold: big: line too long (over 50 bytes)\n' });
    // the default width folds long lines: no limit reached
    expect((await runBuiltin(fold, [], { stdin: 'y'.repeat(200), limits: { maxLineBytes: 100 } })).code).toBe(0);
  });
  it('--help and --version', async () => {
    expect((await runBuiltin(fold, ['--help'])).stdout).toMatch(/^Usage: fold \[OPTION\]\.\.\. \[FILE\]\.\.\.\n/);
    expect((await runBuiltin(fold, ['--vers'])).stdout).toBe('fold (rshell) 0.1.0\n');
  });
});
