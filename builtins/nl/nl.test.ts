import { describe, expect, it } from 'vitest';
import { nl } from './index.js';
import { runBuiltin } from '../internal/testing.js';

const SEC = 'a\n\\:\\:\\:\nh\n\\:\\:\nb\n\\:\nf\n';

describe('nl', () => {
  it('numbers non-empty body lines by default; a last line gets its newline', async () => {
    expect(await runBuiltin(nl, [], { stdin: 'a\n\nb' })).toMatchObject({ code: 0, stdout: '     1\ta\n       \n     2\tb\n' });
  });
  it('numbering goes on across files; chunking does not matter', async () => {
    const files = { a: 'x\ny', b: 'z\n' };
    expect((await runBuiltin(nl, ['a', 'b'], { files })).stdout).toBe('     1\tx\n     2\ty\n     3\tz\n');
    expect((await runBuiltin(nl, ['-ba'], { stdin: 'ab\n\ncd\n', chunkSize: 1 })).stdout).toBe('     1\tab\n     2\t\n     3\tcd\n');
  });
  it('styles a t n pBRE, sections and -p', async () => {
    expect((await runBuiltin(nl, ['-bpo'], { stdin: 'no\nyes\nfoo\n' })).stdout).toBe('     1\tno\n       yes\n     2\tfoo\n');
    expect((await runBuiltin(nl, ['-bn'], { stdin: 'x\n' })).stdout).toBe('       x\n');
    expect((await runBuiltin(nl, ['-ha', '-fa'], { stdin: SEC })).stdout).toBe('     1\ta\n\n     1\th\n\n     1\tb\n\n     1\tf\n');
    expect((await runBuiltin(nl, ['-p', '-ha', '-fa'], { stdin: SEC })).stdout).toBe('     1\ta\n\n     2\th\n\n     3\tb\n\n     4\tf\n');
    expect((await runBuiltin(nl, ['-d', ''], { stdin: '\\:\n' })).stdout).toBe('     1\t\\:\n');
    expect((await runBuiltin(nl, ['-d', 'a'], { stdin: 'a:\nx\n' })).stdout).toBe('\n       x\n');
  });
  it('-l joins blank lines, -n formats, -v -i -w -s', async () => {
    expect((await runBuiltin(nl, ['-ba', '-l', '2'], { stdin: 'a\n\n\n\n' })).stdout).toBe('     1\ta\n       \n     2\t\n       \n');
    expect((await runBuiltin(nl, ['-n', 'ln', '-w', '3', '-s', '|'], { stdin: 'x\n' })).stdout).toBe('1  |x\n');
    expect((await runBuiltin(nl, ['-n', 'rz', '-w', '4', '-v', '-12'], { stdin: 'x\n' })).stdout).toBe('-012\tx\n');
    expect((await runBuiltin(nl, ['-v', '5', '-i', '-3'], { stdin: 'x\ny\n' })).stdout).toBe('     5\tx\n     2\ty\n');
  });
  it('refused values: gnulib xdectoimax and nl wording', async () => {
    const cases: [string[], string][] = [
      [['-w', '0'], "nl: invalid line number field width: '0': Numerical result out of range\n"],
      [['-w', '2147483648'], "nl: invalid line number field width: '2147483648': Value too large for defined data type\n"],
      [['-l', 'x'], "nl: invalid line number of blank lines: 'x'\n"],
      [['-i', '1.5'], "nl: invalid line number increment: '1.5'\n"],
      [['-v', '99999999999999999999'], "nl: invalid starting line number: '99999999999999999999': Value too large for defined data type\n"],
      [['-n', 'xx'], "nl: invalid line numbering format: 'xx'\nTry 'nl --help' for more information.\n"],
      [['-b', 'q'], "nl: invalid body numbering style: 'q'\nTry 'nl --help' for more information.\n"],
      [['-h', 'q'], "nl: invalid header numbering style: 'q'\nTry 'nl --help' for more information.\n"],
      [['-f', 'q'], "nl: invalid footer numbering style: 'q'\nTry 'nl --help' for more information.\n"],
      [['-b', 'p\\('], 'nl: Unmatched ( or \\(\n'],
      [['-k'], "nl: invalid option -- 'k'\nTry 'nl --help' for more information.\n"],
    ];
    for (const [args, stderr] of cases) expect(await runBuiltin(nl, args, { stdin: 'x\n' })).toMatchObject({ code: 1, stdout: '', stderr });
  });
  it('line number overflow stops with status 1', async () => {
    const r = await runBuiltin(nl, ['-v', '9223372036854775807'], { stdin: 'a\nb\nc\n' });
    expect(r).toMatchObject({ code: 1, stdout: '9223372036854775807\ta\n', stderr: 'nl: line number overflow\n' });
  });
  it('file errors and the line limit', async () => {
    const r = await runBuiltin(nl, ['nosuch', 'd', 'ok'], { files: { 'd/x': '', ok: 'k\n' } });
    expect(r).toMatchObject({ code: 1, stdout: '     1\tk\n', stderr: 'nl: nosuch: No such file or directory\nnl: d: Is a directory\n' });
    const big = await runBuiltin(nl, ['big', 'ok'], { files: { big: 'x'.repeat(100), ok: 'k\n' }, limits: { maxLineBytes: 50 } });
    expect(big).toMatchObject({ code: 1, stdout: '     1\tk\n', stderr: 'nl: big: line too long (over 50 bytes)\n' });
  });
  it('--help and --version', async () => {
    expect((await runBuiltin(nl, ['--help'])).stdout).toMatch(/^Usage: nl \[OPTION\]\.\.\. \[FILE\]\.\.\.\n/);
    expect((await runBuiltin(nl, ['--vers'])).stdout).toBe('nl (rshell) 0.1.0\n');
  });
});
