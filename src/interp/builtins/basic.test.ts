import { describe, expect, it } from 'vitest';
import type { FileInfo, Result } from '../../../allowedpaths/types.js';
import type { ShellBuiltin } from '../state/shell-api.js';
import { echo } from './echo.js';
import { printf } from './printf.js';
import { bracket, test } from './test.js';
import { colon, falseBuiltin, trueBuiltin } from './true.js';
import { fakeContext, type FakeOptions } from './testing-fake-context.js';

async function run(b: ShellBuiltin, args: string[], o: FakeOptions = {}) {
  const f = fakeContext(o);
  const status = await b.run(f.ctx, args);
  return { status, out: f.stdout.text(), err: f.stderr.text(), vars: f.vars };
}

// expectations observed with bash 5.2 (error lines without the `bash: line N: ` prefix)
describe('echo', () => {
  it('options', async () => {
    expect((await run(echo, ['-n', 'a'])).out).toBe('a');
    expect((await run(echo, ['-e', 'b\\tc'])).out).toBe('b\tc\n');
    expect((await run(echo, ['-E', 'd\\te'])).out).toBe('d\\te\n');
    expect((await run(echo, ['-neE', 'x\\ty'])).out).toBe('x\\ty');
    expect((await run(echo, ['-nx'])).out).toBe('-nx\n');
    expect((await run(echo, ['--', 'a'])).out).toBe('-- a\n');
    expect((await run(echo, ['-'])).out).toBe('-\n');
    expect((await run(echo, ['-e', '-n', 'z\\n'])).out).toBe('z\n');
    expect((await run(echo, ['a\\tb', '-n'])).out).toBe('a\\tb -n\n');
    expect((await run(echo, [])).out).toBe('\n');
  });
  it('\\c stops everything', async () => {
    expect((await run(echo, ['-e', 'a\\cb', 'c'])).out).toBe('a');
  });
});

describe('true false :', () => {
  it('statuses', async () => {
    expect((await run(trueBuiltin, ['--help'])).status).toBe(0);
    expect((await run(falseBuiltin, [])).status).toBe(1);
    expect((await run(colon, ['x'])).status).toBe(0);
  });
});

describe('printf builtin', () => {
  it('usage errors', async () => {
    expect(await run(printf, [])).toMatchObject({ status: 2, err: 'printf: usage: printf [-v var] format [arguments]\n' });
    expect(await run(printf, ['-v'])).toMatchObject({ status: 2, err: 'printf: -v: option requires an argument\nprintf: usage: printf [-v var] format [arguments]\n' });
    expect(await run(printf, ['-v', 'x'])).toMatchObject({ status: 2, err: 'printf: usage: printf [-v var] format [arguments]\n' });
    expect(await run(printf, ['-v', '1a', '%s', 'b'])).toMatchObject({ status: 2, err: "printf: `1a': not a valid identifier\n" });
    expect(await run(printf, ['-x'])).toMatchObject({ status: 2, err: 'printf: -x: invalid option\nprintf: usage: printf [-v var] format [arguments]\n' });
  });
  it('-v and --', async () => {
    const r = await run(printf, ['-v', 'x', '%s|', 'a', 'b']);
    expect(r.vars.get('x')).toBe('a|b|');
    expect(r.out).toBe('');
    expect((await run(printf, ['-vx', '%s', 'y'])).vars.get('x')).toBe('y');
    expect((await run(printf, ['--', '%s\n', 'x'])).out).toBe('x\n');
    expect((await run(printf, ['--', '-x'])).out).toBe('-x');
    expect((await run(printf, ['%s', '-v'])).out).toBe('-v');
  });
  it('errors keep going', async () => {
    expect(await run(printf, ['%d|', 'abc', '12abc'])).toEqual({ status: 1, out: '0|12|', err: 'printf: abc: invalid number\nprintf: 12abc: invalid number\n', vars: expect.anything() });
    expect(await run(printf, ['%z', 'a'])).toMatchObject({ status: 1, out: '', err: "printf: `%z': missing format character\n" });
  });
  it('-v into an array element', async () => {
    const f = fakeContext();
    expect(await printf.run(f.ctx, ['-v', 'arr[1]', '%s', 'second'])).toBe(0);
    expect(f.arrays.get('arr')?.[1]).toBe('second');
  });
  it('readonly -v target (bash words it without the builtin name)', async () => {
    expect(await run(printf, ['-v', 'r', 'x'], { readonly: ['r'] })).toMatchObject({ status: 1, err: 'r: readonly variable\n' });
  });
});

function info(type: FileInfo['type'], extra: Partial<FileInfo> = {}): FileInfo {
  return { type, size: 0, mode: 0o644, nlink: 1, uid: 0, gid: 0, ino: 1, dev: 1, rdev: 0, blocks: 0, blksize: 0, atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0, ...extra };
}
const files: Record<string, FileInfo> = {
  file: info('file', { size: 3, ino: 10, mtimeMs: 2000 }),
  empty: info('file', { ino: 11, mtimeMs: 1000 }),
  dir: info('dir', { ino: 12 }),
  link: info('symlink', { ino: 13 }),
  hard: info('file', { size: 3, ino: 10, mtimeMs: 2000 }),
};
const fsOpts: FakeOptions = {
  fs: {
    stat: (p: string): Result<FileInfo> => {
      const k = p === 'link' ? 'file' : p;
      return files[k] ? { ok: true, value: files[k]! } : { ok: false, error: { code: 'ENOENT', message: 'No such file or directory' } };
    },
    lstat: (p: string): Result<FileInfo> => (files[p] ? { ok: true, value: files[p]! } : { ok: false, error: { code: 'ENOENT', message: 'No such file or directory' } }),
    access: (p: string, m: 'r' | 'w' | 'x') => m !== 'x' && p !== 'dir',
  },
  vars: { HOME: '/h' },
  set: { errexit: false, nounset: true },
};

const t = async (args: string[]) => {
  const r = await run(test, args, fsOpts);
  return r.err ? `${r.status} ${r.err.trim()}` : String(r.status);
};

describe('test', () => {
  const cases: [string[], string][] = [
    [[], '1'], [[''], '1'], [['a'], '0'], [['-n'], '0'], [['!', 'a'], '1'], [['-z', 'a'], '1'],
    [['x', 'y'], '2 test: x: unary operator expected'],
    [['-q', 'x'], '2 test: -q: unary operator expected'],
    [['a', '=', 'a'], '0'],
    [['a', '-eq', '1'], '2 test: a: integer expression expected'],
    [['1', '-eq', '1x'], '2 test: 1x: integer expression expected'],
    [['a', 'b', 'c'], '2 test: b: binary operator expected'],
    [['!', 'a', '=', 'b'], '0'],
    [['a', '-a', 'b'], '0'], [['a', '-o', ''], '0'],
    [['!', '-z', 'a', 'b'], '2 test: a: binary operator expected'],
    [['a', 'b', 'c', 'd'], '2 test: too many arguments'],
    [['a', 'b', 'c', 'd', 'e'], '2 test: too many arguments'],
    [['1', '-lt', '2', '-a', '2', '-gt', '1'], '0'],
    [['!', '!', 'a'], '0'],
    [['-f'], '0'],
    [['2', '-eq', ' 2 '], '0'],
    [['9223372036854775808', '-eq', '1'], '2 test: 9223372036854775808: integer expression expected'],
    [['-1', '-lt', '0'], '0'], [['+3', '-eq', '3'], '0'], [['abc', '<', 'abd'], '0'],
    [['-v', 'HOME'], '0'], [['-v', 'nope'], '1'], [['-o', 'errexit'], '1'], [['-o', 'nounset'], '0'], [['-o', 'nosuch'], '1'],
    [['a', '==', 'a'], '0'], [['a', '!=', 'a'], '1'], [['-t', '1'], '1'],
    [['(', ')'], '2 test: (: unary operator expected'],
    [['(', '(', ')', ')'], '2 test: (: unary operator expected'],
    [['!'], '0'], [['-a'], '0'], [['!', '-a'], '1'], [['-e', '-a', '-e'], '0'], [['=', '=', '='], '0'],
    [['-eq', '-eq', '-eq'], '2 test: -eq: integer expression expected'],
    [['x', '-nt', 'y'], '1'],
    [['1', '-eq', ''], '2 test: : integer expression expected'],
    [['(', 'a', ')'], '0'], [['(', 'a', '=', 'a', ')'], '0'],
    [['(', 'a'], '2 test: (: unary operator expected'],
    [['a', ')'], '2 test: a: unary operator expected'],
    [['(', 'a', '-a', 'b'], "2 test: `)' expected"],
    [['(', 'a', '-a', 'b', ')', ')'], '2 test: too many arguments'],
    [['a', '-a'], '2 test: a: unary operator expected'],
    [['a', '-a', 'b', '-a'], '2 test: argument expected'],
    [['a', '-o', 'b', '-a', ''], '0'], [['', '-o', 'b', '-a', ''], '1'],
    [['-z', '-a', '-z'], '0'], [['a', '-a', '(', 'b', '-o', '', ')'], '0'], [['!', 'a', '-a', '!', ''], '1'],
    [['-n', 'a', '-a', '-f'], '0'],
    [['x', '-eq', '1', '-a', 'y'], '2 test: x: integer expression expected'],
    [['a', '-a', 'b', 'c'], '2 test: too many arguments'],
    [['(', ')', 'a', 'b'], "2 test: `)' expected, found a"],
    [['a', '=', 'b', '-o', '(', '-n', 'x', ')'], '0'],
    [['-l', 'abc', '-eq', '3'], '2 test: too many arguments'],
    [['abc', '-gt', '-l', 'ab'], '2 test: abc: integer expression expected'],
    [['08', '-eq', '8'], '0'], [['0x10', '-eq', '16'], '2 test: 0x10: integer expression expected'],
    [['- 1', '-eq', '-1'], '2 test: - 1: integer expression expected'],
  ];
  for (const [args, want] of cases) it(JSON.stringify(args), async () => expect(await t(args)).toBe(want));

  it('files through the sandbox', async () => {
    expect(await t(['-f', 'file'])).toBe('0');
    expect(await t(['-f', 'dir'])).toBe('1');
    expect(await t(['-d', 'dir'])).toBe('0');
    expect(await t(['-e', 'nope'])).toBe('1');
    expect(await t(['-s', 'file'])).toBe('0');
    expect(await t(['-s', 'empty'])).toBe('1');
    expect(await t(['-L', 'link'])).toBe('0');
    expect(await t(['-h', 'file'])).toBe('1');
    expect(await t(['-f', 'link'])).toBe('0');
    expect(await t(['-r', 'file'])).toBe('0');
    expect(await t(['-x', 'file'])).toBe('1');
    expect(await t(['-r', 'nope'])).toBe('1');
    expect(await t(['file', '-nt', 'empty'])).toBe('0');
    expect(await t(['file', '-nt', 'nope'])).toBe('0');
    expect(await t(['empty', '-ot', 'file'])).toBe('0');
    expect(await t(['nope', '-ot', 'file'])).toBe('0');
    expect(await t(['file', '-ef', 'hard'])).toBe('0');
    expect(await t(['file', '-ef', 'empty'])).toBe('1');
    expect(await t(['-e', ''])).toBe('1');
  });
});

describe('[', () => {
  it('needs ]', async () => {
    expect(await run(bracket, ['a'])).toMatchObject({ status: 2, err: "[: missing `]'\n" });
    expect((await run(bracket, ['a', ']'])).status).toBe(0);
    expect((await run(bracket, [']'])).status).toBe(1);
    expect(await run(bracket, ['a', ']', ']'])).toMatchObject({ status: 2, err: '[: a: unary operator expected\n' });
    expect((await run(bracket, ['-n', 'a', '-a', '-n', 'b', ']'])).status).toBe(0);
    expect(await run(bracket, ['(', '-n', '=', '1', ']'])).toMatchObject({ status: 2, err: "[: `)' expected, found ]\n" });
    expect(await run(bracket, ['sub', '-d', '=', '=', '-d', ']'])).toMatchObject({ status: 2, err: "[: syntax error: `-d' unexpected\n" });
    expect(await run(test, ['-z', '-n', '-d', ']', '<'])).toMatchObject({ status: 2, err: "test: syntax error: `-d' unexpected\n" });
  });
});
