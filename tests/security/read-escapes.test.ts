// Read-side escapes: every path that leads outside the roots is refused with EACCES (or the loop
// error), through every read operation, with nothing outside read or listed (atime canaries).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, errorText, type Sandbox } from '../../allowedpaths/index.js';
import { pathNative } from '../../allowedpaths/native.js';
import type { Result, SandboxFS } from '../../allowedpaths/types.js';
import { CANARY, expectOutsideUntouched, expectRefused, makeWorld, type World } from './fixture.js';
import { plantLinks } from './links.js';

let w: World;
beforeAll(() => {
  w = makeWorld();
  plantLinks(w);
});
afterAll(() => w.cleanup());
afterEach(() => expectOutsideUntouched(w));

/** file-like targets outside the roots; `$O` is the outside dir, `$R` the root */
const FILE_ESCAPES: string[] = [
  '/etc/passwd',
  '/etc/shadow',
  '$O/secret.txt',
  '$O/sub/secret2.txt',
  '../outside/secret.txt',
  '../../../../../../../../etc/passwd',
  'dir/../../outside/secret.txt',
  'dir/deep/../../../outside/secret.txt',
  '$R/../outside/secret.txt',
  '$R/dir/../../outside/secret.txt',
  '$R//..//outside//secret.txt',
  '$R/./../outside/./secret.txt',
  '/proc/self/root/etc/passwd',
  '/proc/self/root$O/secret.txt',
  '/proc/self/cwd/secret.txt',
  '/proc/self/environ',
  '/proc/self/fd/0',
  '/proc/self/mem',
  '/proc/1/environ',
  '/dev/fd/0',
  '/dev/stdin',
  '/dev/tty',
  '/dev/sda',
  'abs_passwd',
  'abs_secret',
  'rel_secret',
  'dir/rel_secret2',
  'out_dir/secret.txt',
  'out_dir/sub/secret2.txt',
  'abs_out_dir/secret.txt',
  'slash/etc/passwd',
  'slash$O/secret.txt',
  'up/outside/secret.txt',
  'dir/upup/outside/secret.txt',
  'chain1',
  'dangling_out',
  'dangling_abs',
  'proc_root/etc/passwd',
  'proc_cwd/secret.txt',
  'proc_fd/0',
  'dev_fd/0',
  'dev_stdin',
  'ds/../../../outside/secret.txt',
  'tricky',
  'dir/deep/escape/secret.txt',
  'via_ro_escape',
  'hop',
  'tmp_link/x',
  'dotdot_slash/outside/secret.txt',
  'abs_dotdot',
  'abs_via_up',
  'via_ds',
  'to_dir/../../outside/secret.txt',
  'to_ro/../outside/secret.txt',
  '$R/to_ro/back',
  'rel_secret/',
  '../outside/secret.txt/',
  'out_dir/../outside/secret.txt',
  '..//..//..//etc//passwd',
  '/../../etc/passwd',
];

const DIR_ESCAPES: string[] = [
  '/', '/etc', '/etc/', '..', '../', '../outside', '$R/..', 'out_dir', 'abs_out_dir', 'slash', 'up', 'dir/upup',
  'proc_fd', 'proc_root', 'ds/../../..', 'dir/deep/escape', 'tmp_link', '/tmp', '/proc/self/fd', '/dev/fd',
];

const expand = (p: string): string => p.replaceAll('$O', w.outside).replaceAll('$R', w.root);

type Op = (p: string) => Result<unknown>;
const READ_OPS: Record<string, Op> = {
  open: (p) => {
    const r = w.fs.open(p);
    if (r.ok) r.value.close();
    return r;
  },
  readFile: (p) => w.fs.readFile(p, 1 << 20),
  stat: (p) => w.fs.stat(p),
  realpath: (p) => w.fs.realpath(p),
};

describe.each(Object.keys(READ_OPS))('%s refuses escapes', (opName) => {
  it.each(FILE_ESCAPES)('%s', (p) => {
    expectRefused(READ_OPS[opName]!(expand(p)));
  });
});

describe('readdir refuses escapes', () => {
  it.each(DIR_ESCAPES)('%s', (p) => expectRefused(w.fs.readdir(expand(p))));
});

describe('access() says no', () => {
  it.each([...FILE_ESCAPES, ...DIR_ESCAPES])('%s', (p) => {
    expect(w.fs.access(expand(p), 'r')).toBe(false);
    expect(w.fs.access(expand(p), 'x')).toBe(false);
  });
});

describe('symlink loops', () => {
  it.each(['loop1', 'loop2', 'self', 'long0', 'loop1/x', 'self/'])('%s gives ELOOP', (p) => {
    const r = w.fs.open(p);
    expectRefused(r, 'ELOOP');
    if (!r.ok) expect(errorText(r.error)).toBe('Too many levels of symbolic links');
    expectRefused(w.fs.stat(p), 'ELOOP');
  });
  it('39 hops are fine', () => {
    const r = w.fs.readFile('ok0', 100);
    expect(r.ok && Buffer.from(r.value).toString()).toBe('reachable\n');
  });
});

describe('refusals reveal nothing', () => {
  const pairs: [string, string][] = [
    ['$O/secret.txt', '$O/missing.txt'],
    ['../outside/secret.txt', '../outside/missing.txt'],
    ['rel_secret', 'dangling_out'],
    ['/etc/passwd', '/etc/no-such-file'],
    ['out_dir/sub', 'out_dir/nosub'],
    ['../outside', '../no-such-dir'],
  ];
  it.each(pairs)('%s looks like %s', (a, b) => {
    for (const op of Object.values(READ_OPS)) expect(op(expand(a))).toEqual(op(expand(b)));
    expect(w.fs.readdir(expand(a))).toEqual(w.fs.readdir(expand(b)));
    if (!a.includes('_')) expect(w.fs.lstat(expand(a))).toEqual(w.fs.lstat(expand(b)));
  });
});

describe('hostile paths', () => {
  it('NUL in a path is refused, never truncated', () => {
    expectRefused(w.fs.open('hello.txt\0/etc/passwd'), 'ENOENT');
    expectRefused(w.fs.stat('\0'), 'ENOENT');
  });
  it('empty path is ENOENT', () => expectRefused(w.fs.open(''), 'ENOENT'));
  it('over PATH_MAX is ENAMETOOLONG', () => expectRefused(w.fs.open('a/'.repeat(3000)), 'ENAMETOOLONG'));
  it('long ../ chains stay refused', () => expectRefused(w.fs.open('../'.repeat(1300) + 'etc/passwd')));
  it('deep a/.. chains terminate', () => {
    const r = w.fs.stat('dir/../'.repeat(500) + 'hello.txt');
    expect(r.ok).toBe(true);
  });
  it('a component longer than NAME_MAX', () => expectRefused(w.fs.open('x'.repeat(300)), 'ENAMETOOLONG'));
  it('a canary never shows up in error details', () => {
    const r = w.fs.open(`${w.outside}/secret.txt`);
    expect(JSON.stringify(r)).not.toContain(CANARY);
    expect(JSON.stringify(r)).not.toContain('outside');
  });
});

describe('what links may do', () => {
  it('lstat and readlink of a hostile link describe the link only', () => {
    const l = w.fs.lstat('abs_secret');
    expect(l.ok && l.value.type).toBe('symlink');
    expect(w.fs.readlink('abs_secret')).toEqual({ ok: true, value: `${w.outside}/secret.txt` });
  });
  it('linksub/.. is the physical parent', () => {
    // ds -> dir/deep, so ds/.. is dir (not the root) and ds/../file.txt is dir/file.txt
    const r = w.fs.readFile('ds/../file.txt', 100);
    expect(r.ok && Buffer.from(r.value).toString()).toBe('inside\n');
    expectRefused(w.fs.readFile('ds/../hello.txt', 100), 'ENOENT');
  });
  it('cross-root hops are followed', () => {
    const r = w.fs.readFile('to_ro/ro.txt', 100);
    expect(r.ok && Buffer.from(r.value).toString()).toBe('read only\n');
    expect(w.fs.realpath('to_ro/ro.txt')).toEqual({ ok: true, value: `${w.roRoot}/ro.txt` });
  });
  it('dangling link inside is ENOENT', () => expectRefused(w.fs.open('dangling_in'), 'ENOENT'));
  it('.. out of a root and back into another root', () => {
    const r = w.fs.readFile('../roroot/ro.txt', 100);
    expect(r.ok && Buffer.from(r.value).toString()).toBe('read only\n');
    expectRefused(w.fs.readFile('../outside/../roroot/ro.txt', 100));
    expectRefused(w.fs.readdir('..'));
  });
  it('links to files inside work', () => {
    const r = w.fs.readFile('to_hello', 100);
    expect(r.ok && Buffer.from(r.value).toString()).toBe('hello\n');
  });
});

describe('the portable fallback (no /proc/self/fd) refuses the same escapes', () => {
  let fb: Sandbox;
  let f: SandboxFS;
  beforeAll(() => {
    fb = createSandbox([w.root, `${w.roRoot}:ro`], { native: pathNative() });
    f = fb.at(w.root);
  });
  afterAll(() => fb.close());
  it.each(FILE_ESCAPES)('%s', (p) => {
    const r = f.open(expand(p));
    if (r.ok) r.value.close();
    expectRefused(r);
    expectRefused(f.stat(expand(p)));
  });
  it.each(DIR_ESCAPES)('readdir %s', (p) => expectRefused(f.readdir(expand(p))));
  it('and still reads inside', () => {
    const r = f.readFile('ds/../file.txt', 100);
    expect(r.ok && Buffer.from(r.value).toString()).toBe('inside\n');
    expect(f.readFile('to_ro/ro.txt', 100).ok).toBe(true);
    expectRefused(f.open('loop1'), 'ELOOP');
  });
});
