import { describe, expect, it } from 'vitest';
import { rev } from './index.js';
import { runBuiltin } from '../internal/testing.js';

const bin = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const EILSEQ = 'Invalid or incomplete multibyte or wide character';

describe('rev', () => {
  it('reverses lines of stdin and files, a last line left without newline', async () => {
    expect(await runBuiltin(rev, [], { stdin: 'abc\nde' })).toMatchObject({ code: 0, stdout: 'cba\ned', stderr: '' });
    const files = { 'a': 'ab\ncd', 'b': 'x\n' };
    expect((await runBuiltin(rev, ['a', 'b'], { files })).stdout).toBe('ba\ndcx\n');
  });
  it('gives the same output whatever the chunking', async () => {
    const text = 'hello\0junk\nworld\n\0x\nlast';
    const whole = (await runBuiltin(rev, [], { stdin: bin(text) })).stdout;
    expect(whole).toBe('dlrowolleh\ntsal');
    for (const chunkSize of [1, 2, 3, 7]) {
      expect((await runBuiltin(rev, [], { stdin: bin(text), chunkSize })).stdout).toBe(whole);
    }
  });
  it('NUL cuts the rest of a read; the read sizes follow the doubled buffer', async () => {
    expect((await runBuiltin(rev, [], { stdin: bin('a\0b\ncd\n') })).stdout).toBe('dca\n');
    const line1 = '0'.repeat(8189) + '1\0bb\n';
    const line2 = '0'.repeat(19999) + '2\0d\ne\n';
    const r = await runBuiltin(rev, [], { stdin: bin(line1 + line2), chunkSize: 1000 });
    expect(r.stdout).toBe('bb1' + '0'.repeat(8189) + '\ne2' + '0'.repeat(19999) + '\n');
  });
  it('a byte past 0x7f ends the file with the count of lines written', async () => {
    const r = await runBuiltin(rev, ['m', 'ok'], { files: { m: bin('ab\ncd\xe9f\nzz\n'), ok: 'xy\n' } });
    expect(r).toMatchObject({ code: 1, stdout: 'ba\nyx\n', stderr: `rev: m: 1: ${EILSEQ}\n` });
    const joined = await runBuiltin(rev, [], { stdin: bin('q\na\0b\n\xff\n') });
    expect(joined).toMatchObject({ code: 1, stdout: 'q\na', stderr: `rev: stdin: 2: ${EILSEQ}\n` });
  });
  it('open and read failures: util-linux wording, - is a file name', async () => {
    const r = await runBuiltin(rev, ['nosuch', 'd', '-'], { files: { 'd/x': 'x' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'rev: cannot open nosuch: No such file or directory\nrev: d: 0: Is a directory\nrev: cannot open -: No such file or directory\n',
    );
    expect((await runBuiltin(rev, ['-'], { files: { '-': 'ab\n' } })).stdout).toBe('ba\n');
  });
  it('a line past maxLineBytes is refused, the next file still read', async () => {
    const r = await runBuiltin(rev, ['big', 'ok'], { files: { big: 'x'.repeat(100) + '\n', ok: 'ab\n' }, limits: { maxLineBytes: 50 } });
    expect(r).toMatchObject({ code: 1, stdout: 'ba\n', stderr: 'rev: big: line too long (over 50 bytes)\n' });
    const fits = await runBuiltin(rev, [], { stdin: 'x'.repeat(50) + '\n', limits: { maxLineBytes: 50 } });
    expect(fits.code).toBe(0);
  });
  it('large output goes through the writer in order', async () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `line ${i}`);
    const r = await runBuiltin(rev, [], { stdin: lines.join('\n') + '\n' });
    expect(r.stdout).toBe(lines.map((l) => [...l].reverse().join('')).join('\n') + '\n');
  });
  it('options: -h/--help, -V/--version, refused ones', async () => {
    expect((await runBuiltin(rev, ['-h'])).stdout).toMatch(/^Usage: rev \[options\] \[file \.\.\.\]\n/);
    expect((await runBuiltin(rev, ['--he'])).code).toBe(0);
    expect((await runBuiltin(rev, ['-V'])).stdout).toBe('rev (rshell) 0.1.0\n');
    expect(await runBuiltin(rev, ['-0'])).toMatchObject({ code: 1, stderr: "rev: invalid option -- '0'\nTry 'rev --help' for more information.\n" });
    expect(await runBuiltin(rev, ['--zero'])).toMatchObject({ code: 1, stderr: "rev: unrecognized option '--zero'\nTry 'rev --help' for more information.\n" });
  });
});
