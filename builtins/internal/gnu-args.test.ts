// parseGnuArgs through builtins that open with it: a bad option, --help, --version, and
// POSIXLY_CORRECT stopping option parsing at the first operand.
import { describe, expect, it } from 'vitest';
import { cut } from '../cut/index.js';
import { sort } from '../sort/index.js';
import { mkdir } from '../mkdir/index.js';
import { runBuiltin } from './testing.js';

describe('parseGnuArgs', () => {
  it('a bad option: message, hint, status 1', async () => {
    const r = await runBuiltin(cut, ['--bogus']);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: "cut: unrecognized option '--bogus'\nTry 'cut --help' for more information.\n" });
  });
  it('sort answers a bad option with status 2', async () => {
    const r = await runBuiltin(sort, ['-y']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: "sort: option requires an argument -- 'y'\nTry 'sort --help' for more information.\n" });
  });
  it('--version and --help on stdout, status 0', async () => {
    expect(await runBuiltin(mkdir, ['--version'])).toMatchObject({ code: 0, stdout: 'mkdir (rshell) 0.1.0\n', stderr: '' });
    // getopt answers --help as it meets it, before a bad option later on the line
    const r = await runBuiltin(cut, ['--help', '--bogus']);
    expect(r.code).toBe(0);
    const h = await runBuiltin(cut, ['-b1', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout.startsWith('Usage: cut OPTION... [FILE]...\n')).toBe(true);
  });
  it('POSIXLY_CORRECT: options after an operand are operands', async () => {
    const r = await runBuiltin(cut, ['-b1', 'f', '--help'], { files: { f: 'xy\n' }, env: { POSIXLY_CORRECT: '1' } });
    expect(r).toMatchObject({ code: 1, stdout: 'x\n', stderr: "cut: --help: No such file or directory\n" });
  });
});
