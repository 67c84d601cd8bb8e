import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { rg } from './index.js';
import { both } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';

const HAVE_RG = spawnSync('rg', ['--version']).status === 0;

const FILES: Record<string, string | Uint8Array> = {
  'f.txt': 'alpha 1\nbeta 2\ngamma 3\ndelta 4\nalpha 5\nepsilon 6\nzeta 7\nalpha 8\n',
  'w.txt': 'foo bar\nfoobar baz\nbar_foo\nfoo-bar\nFOO\n',
  'u.txt': 'caf\u00e9 \u00c9t\u00e9\nna\u00efve \u03b1\u03b2\n',
  'src/a.rs': 'fn main() {}\n// hello\n',
  'src/b.py': 'def hello(): pass\n',
  'docs/r.md': '# hello\n',
  '.hid/h.txt': 'hello hidden\n',
  'bin.dat': 'hello\0bin\n',
  'nonl.txt': 'last hello',
  'crlf.txt': 'hello\r\nworld\r\n',
  'p.txt': 'beta\nzeta\n',
  '.ignore': 'docs/\n',
};

// every supported flag, against ripgrep 13 (explicit paths: rg reads the empty stdin pipe otherwise)
const CASES: string[][] = [
  ['alpha', 'f.txt'], ['-n', 'alpha', 'f.txt'], ['-N', 'alpha', 'f.txt'], ['-H', 'alpha', 'f.txt'], ['--with-filename', 'a', 'f.txt'],
  ['-I', '--sort', 'path', 'hello', '.'], ['--no-filename', 'x', 'f.txt'],
  ['-i', 'FOO', 'w.txt'], ['--ignore-case', 'foo', 'w.txt'], ['-S', 'foo', 'w.txt'], ['-S', 'FOO', 'w.txt'], ['--smart-case', 'Foo', 'w.txt'],
  ['-s', 'foo', 'w.txt'], ['-i', '--case-sensitive', 'FOO', 'w.txt'],
  ['-F', 'a.', 'f.txt'], ['--fixed-strings', '-i', 'ALPHA', 'f.txt'], ['-F', '--no-fixed-strings', 'a.', 'f.txt'],
  ['-w', 'foo', 'w.txt'], ['--word-regexp', 'bar', 'w.txt'], ['-x', 'FOO', 'w.txt'], ['--line-regexp', 'foo.*', 'w.txt'],
  ['-v', 'a', 'f.txt'], ['--invert-match', 'foo', 'w.txt'], ['-v', '--no-invert-match', 'zeta', 'f.txt'],
  ['-c', 'a', 'f.txt'], ['--count', 'a', 'f.txt', 'w.txt', '-j1'], ['--count-matches', 'a', 'f.txt'], ['-c', '--include-zero', 'zzz', 'f.txt', 'w.txt', '-j1'],
  ['-l', 'foo', 'f.txt', 'w.txt', '-j1'], ['--files-with-matches', 'a', 'f.txt'], ['--files-without-match', 'foo', 'f.txt', 'w.txt', '-j1'],
  ['--files', '--sort', 'path', '.'], ['--files', '--hidden', '--sort', 'path', '.'], ['-q', 'alpha', 'f.txt'], ['--quiet', 'zzz', 'f.txt'],
  ['-o', 'a\\w', 'f.txt'], ['--only-matching', '-b', 'a', 'f.txt'], ['-r', 'X', 'a', 'f.txt'], ['--replace', '$1-$0', '(a)l', 'f.txt'],
  ['-or', '${x}', '(?P<x>\\d)', 'f.txt'], ['--column', 'ta', 'f.txt'], ['--no-column', '--column', 'ta', 'f.txt'], ['-b', 'beta', 'f.txt'],
  ['--byte-offset', '--no-byte-offset', 'beta', 'f.txt'], ['--vimgrep', 'a', 'f.txt'], ['--trim', 'hello', 'src/a.rs'], ['--no-trim', 'a', 'f.txt'],
  ['-M', '8', 'a', 'f.txt'], ['--max-columns', '5', '-C1', 'beta', 'f.txt'], ['-0', '-l', 'a', 'f.txt'], ['--null', '-H', 'a', 'f.txt'],
  ['--heading', '-j1', 'a', 'f.txt', 'w.txt'], ['--no-heading', 'a', 'f.txt'], ['-m', '1', 'alpha', 'f.txt'], ['--max-count', '2', '-A1', 'alpha', 'f.txt'],
  ['-A', '1', 'beta', 'f.txt'], ['-B', '2', 'delta', 'f.txt'], ['-C', '1', 'alpha', 'f.txt'], ['--context', '1', '-n', 'zeta', 'f.txt'],
  ['--after-context', '1', '--before-context', '1', 'gamma', 'f.txt'], ['--context-separator', 'XX', '-C0', '-A1', 'alpha', 'f.txt'],
  ['--no-context-separator', '-A1', 'alpha', 'f.txt'], ['--field-match-separator', '|', '-n', 'alpha', 'f.txt'],
  ['--field-context-separator', '~', '-n', '-A1', 'beta', 'f.txt'], ['--passthru', 'beta', 'f.txt'], ['--passthrough', 'beta', 'f.txt'],
  ['-e', 'beta', '-e', 'zeta', 'f.txt'], ['--regexp', 'beta', 'f.txt'], ['-f', 'p.txt', 'f.txt'], ['--file', 'p.txt', '-v', 'f.txt'],
  ['--sort', 'path', 'hello', '.'], ['--sortr', 'path', 'hello', '.'], ['--sort-files', 'hello', '.'], ['--hidden', '--sort', 'path', 'hello', '.'],
  ['-.', '--sort', 'path', 'hello', '.'], ['--no-hidden', '--sort', 'path', 'hello', '.'], ['--no-ignore', '--sort', 'path', 'hello', '.'],
  ['--no-ignore-dot', '--sort', 'path', 'hello', '.'], ['--ignore', '--sort', 'path', 'hello', '.'], ['-u', '--sort', 'path', 'hello', '.'],
  ['-uu', '--sort', 'path', 'hello', '.'], ['-uuu', '--sort', 'path', 'hello', '.'], ['--unrestricted', '--sort', 'path', '-l', 'hello', '.'],
  ['--no-ignore-vcs', '--sort', 'path', '-l', 'hello', '.'], ['--no-ignore-parent', '--sort', 'path', '-l', 'hello', '.'],
  ['--no-require-git', '--sort', 'path', '-l', 'hello', '.'], ['--binary', '--sort', 'path', 'hello', '.'], ['-a', 'bin', 'bin.dat'],
  ['--text', 'hello', 'bin.dat'], ['--no-text', 'hello', 'bin.dat'], ['hello', 'bin.dat'], ['-c', 'hello', 'bin.dat'],
  ['-g', '*.rs', '--sort', 'path', 'hello', '.'], ['--glob', '!*.rs', '--sort', 'path', '-l', 'hello', '.'], ['--iglob', '*.RS', '--sort', 'path', '-l', 'hello', '.'],
  ['--glob-case-insensitive', '-g', '*.PY', '--sort', 'path', '-l', 'hello', '.'], ['-t', 'rust', '--sort', 'path', 'hello', '.'],
  ['--type', 'py', '--sort', 'path', 'hello', '.'], ['-T', 'rust', '--sort', 'path', '-l', 'hello', '.'], ['--type-not', 'md', '--sort', 'path', '-l', 'hello', '.'],
  ['--type-add', 'x:*.dat', '-t', 'x', '--binary', '--sort', 'path', '-l', 'hello', '.'], ['--type-clear', 'rust', '-t', 'rust', 'hello', '.'],
  ['--max-depth', '1', '--sort', 'path', '-l', 'hello', '.'], ['--maxdepth', '0', 'hello', '.'], ['-L', '--sort', 'path', '-l', 'hello', '.'],
  ['--follow', '--no-follow', '--sort', 'path', '-l', 'hello', '.'], ['--path-separator', '\\', '--sort', 'path', '-l', 'hello', '.'],
  ['--json', 'beta', 'f.txt'], ['--no-json', 'beta', 'f.txt'], ['--no-messages', 'x', 'nope'], ['--messages', 'x', 'nope'],
  ['-j', '2', 'a', 'f.txt'], ['--threads', '1', 'a', 'f.txt'], ['--mmap', 'a', 'f.txt'], ['--no-mmap', 'a', 'f.txt'], ['--no-config', 'a', 'f.txt'],
  ['--line-buffered', 'a', 'f.txt'], ['--block-buffered', 'a', 'f.txt'], ['--color', 'never', 'a', 'f.txt'], ['--color', 'auto', 'a', 'f.txt'],
  ['--colors', 'match:fg:red', 'a', 'f.txt'], ['--encoding', 'utf-8', 'a', 'f.txt'], ['-E', 'none', 'a', 'f.txt'], ['--engine', 'default', 'a', 'f.txt'],
  ['--no-pcre2-unicode', 'a', 'f.txt'], ['--no-unicode', 'a', 'f.txt'], ['--crlf', 'a', 'f.txt'], ['--no-crlf', 'a', 'f.txt'], ['--ignore-file', 'p.txt', '--sort', 'path', '-l', 'a', '.'],
  ['--ignore-file-case-insensitive', 'a', 'f.txt'], ['--no-ignore-files', 'a', 'f.txt'], ['--no-ignore-global', 'a', 'f.txt'], ['--no-ignore-exclude', 'a', 'f.txt'],
  ['--no-ignore-messages', 'a', 'f.txt'], ['--dfa-size-limit', '10M', 'a', 'f.txt'], ['--regex-size-limit', '10M', 'a', 'f.txt'],
  ['--type-list'], ['-h'], ['--help'], ['-U', 'a', 'f.txt'], ['--multiline-dotall', 'a', 'f.txt'], ['--max-columns-preview', 'a', 'f.txt'],
  // text details
  ['last', 'nonl.txt'], ['world$', 'crlf.txt'], ['-o', '\\w+', 'u.txt'], ['-o', '\\p{Greek}+', 'u.txt'], ['-o', '(?i)\u00e9t', 'u.txt'], ['-c', '.', 'u.txt'],
  // errors
  ['(', 'f.txt'], ['a{2,1}', 'f.txt'], ['[b-a]', 'f.txt'], ['a(?=b)', 'f.txt'], ['(a)\\1', 'f.txt'], ['\\q', 'f.txt'], ['x', 'nope'], ['--bogus'],
  ['-m', 'x', 'a'], ['--sort', 'nope', 'a'], ['-t', 'nope', 'a', 'f.txt'], ['--type-add', 'bad', 'a', 'f.txt'], [], ['--json', '-l', 'a', 'f.txt'], ['-f', 'nope', 'f.txt'],
];

describe.skipIf(!HAVE_RG)('rg against ripgrep 13', () => {
  it.each(CASES.map((c) => [c.join(' '), c]))('rg %s', async (_name, args) => {
    const { ours, gnu } = await both(rg, args as string[], { files: FILES, setup: setupRepo });
    expect({ out: ours.stdout, err: ours.stderr, code: ours.code }).toEqual({ out: zeroTimes(gnu.stdout), err: gnu.stderr, code: gnu.code });
  });
});

/** --json's elapsed times, as rshell writes them (zero) */
function zeroTimes(s: string): string {
  return s.replace(/"(secs|nanos)":[0-9]+/g, '"$1":0').replace(/"human":"[0-9.]+s"/g, '"human":"0.000000s"');
}

function setupRepo(): void {
  // nothing beyond FILES: .ignore applies without a git repository
}

describe('rg refusals', () => {
  const refused: [string[], string][] = [
    [['--pre', 'cat', 'a', 'f'], 'rg: --pre is refused: rshell builtins do not run other programs\n'],
    [['--pre-glob', '*', 'a', 'f'], 'rg: --pre-glob is refused: rshell builtins do not run other programs\n'],
    [['-z', 'a', 'f'], 'rg: --search-zip is refused: rshell builtins do not run decompression programs\n'],
    [['-P', 'a', 'f'], 'rg: --pcre2 is refused: rshell has no PCRE2 engine for rg (grep -P is there)\n'],
    [['--pcre2-version'], 'rg: --pcre2-version is refused: rshell has no PCRE2 engine for rg\n'],
    [['--auto-hybrid-regex', 'a', 'f'], 'rg: --auto-hybrid-regex is refused: rshell has no PCRE2 engine for rg\n'],
    [['--stats', 'a', 'f'], 'rg: --stats is refused: timing statistics are not reproducible in rshell\n'],
    [['--debug', 'a', 'f'], 'rg: --debug is refused: rshell has no debug output for rg\n'],
    [['--trace', 'a', 'f'], 'rg: --trace is refused: rshell has no debug output for rg\n'],
    [['-p', 'a', 'f'], 'rg: --pretty is refused: rshell prints no colors\n'],
    [['--one-file-system', 'a', 'f'], 'rg: --one-file-system is refused: the sandbox decides which file systems are reachable\n'],
    [['--color', 'always', 'a', 'f'], 'rg: --color always is refused: rshell prints no colors\n'],
    [['-E', 'latin1', 'a', 'f'], 'rg: --encoding latin1 is refused: rshell reads UTF-8 only\n'],
    [['--engine', 'pcre2', 'a', 'f'], 'rg: --engine pcre2 is refused: rshell has no PCRE2 engine for rg\n'],
  ];
  it.each(refused.map(([a, m]) => [a.join(' '), a, m]))('rg %s', async (_n, args, message) => {
    const r = await runBuiltin(rg, args as string[], { files: { f: 'a\n' } });
    expect(r).toMatchObject({ stdout: '', stderr: message, code: 2 });
  });

  it('--version is rshell\'s', async () => {
    const r = await runBuiltin(rg, ['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^rg \(rshell\)/);
  });
});

describe('rg: rshell specifics', () => {
  it('walks in name order, as --sort path', async () => {
    const r = await runBuiltin(rg, ['-l', 'x', '.'], { files: { 'b/z': 'x\n', 'a': 'x\n', 'c': 'x\n', 'b/a': 'x\n' } });
    expect(r.stdout).toBe('./a\n./b/a\n./b/z\n./c\n');
  });
  it('an empty stdin counts as none: the working directory is searched', async () => {
    const r = await runBuiltin(rg, ['x'], { files: { a: 'x\n' }, stdin: '' });
    expect(r).toMatchObject({ stdout: 'a:x\n', code: 0 });
  });
  it('stdin with data is searched', async () => {
    const r = await runBuiltin(rg, ['x'], { files: { a: 'x\n' }, stdin: 'x1\n' });
    expect(r).toMatchObject({ stdout: 'x1\n', code: 0 });
  });
  it('a file past the file-read limit is an error naming it', async () => {
    const r = await runBuiltin(rg, ['x', 'big'], { files: { big: 'x'.repeat(5000) }, limits: { maxFileBytes: 1000 } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^big: /);
  });
});

describe.skipIf(!HAVE_RG)('rg: clap suggestions', () => {
  it.each(['--co', '--colr', '--hiden', '--max-col', '--no-byte-offset', '--no-include-zero', '--no-invert-match', '--sort=acc', '--sort=pat', '--json-x'])('rg %s', async (flag) => {
    const { ours, gnu } = await both(rg, [flag, 'x', 'f'], { files: { f: 'x\n' } });
    expect(ours.stderr).toBe(gnu.stderr);
  });
});
