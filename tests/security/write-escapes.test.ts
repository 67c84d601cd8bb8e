// Write-side attacks in remediation mode: writes land only inside :rw roots, never through a
// symlink, never into a hard-linked file, and never in read-only mode or a :ro root.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, DETAIL, errorText } from '../../allowedpaths/index.js';
import type { Result, SandboxFS } from '../../allowedpaths/types.js';
import { expectOutsideUntouched, expectRefused, makeWorld, type World } from './fixture.js';
import { plantLinks } from './links.js';

let w: World;
beforeAll(() => {
  w = makeWorld({ mode: 'remediation' });
  plantLinks(w);
  // a hard link to a canary, planted inside the writable root by someone outside the sandbox
  fs.linkSync(path.join(w.outside, 'secret.txt'), path.join(w.root, 'hardlink.txt'));
});
afterAll(() => w.cleanup());
afterEach(() => {
  // the hard link shares the canary's inode: reading it through node would touch the atime, we never do
  expectOutsideUntouched(w);
  expect(fs.readFileSync(path.join(w.roRoot, 'ro.txt'), 'utf8')).toBe('read only\n');
  expect(fs.readdirSync(w.roRoot).sort()).toEqual(['back', 'ro.txt']);
});

const expand = (p: string): string => p.replaceAll('$O', w.outside).replaceAll('$R', w.root).replaceAll('$RO', w.roRoot);

/** destinations a write must never reach */
const WRITE_ESCAPES: string[] = [
  '/etc/rshell-pwned',
  '/tmp/rshell-pwned',
  '$O/secret.txt',
  '$O/new.txt',
  '$O/sub/new.txt',
  '../outside/secret.txt',
  '../outside/new.txt',
  'dir/../../outside/new.txt',
  '$R/../outside/new.txt',
  '$R//..//outside/new.txt',
  'out_dir/new.txt',
  'out_dir/secret.txt',
  'abs_out_dir/new.txt',
  'slash/tmp/rshell-pwned',
  'up/outside/new.txt',
  'dir/upup/outside/new.txt',
  'proc_root/tmp/rshell-pwned',
  'proc_cwd/new.txt',
  'proc_fd/1',
  'dev_fd/1',
  'dir/deep/escape/new.txt',
  'tmp_link/rshell-pwned',
  'dotdot_slash/outside/new.txt',
  '/proc/self/fd/1',
  '/proc/self/root/tmp/rshell-pwned',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
  '/dev/zero',
  '/dev/full',
  '$RO/ro.txt',
  '$RO/new.txt',
  'to_ro/new.txt',
  'to_ro/ro.txt',
];

/** final components that are symlinks (inside or out): refused as write targets */
const LINK_TARGETS = ['abs_secret', 'rel_secret', 'chain1', 'dangling_out', 'dangling_abs', 'to_hello', 'dev_stdin', 'abs_passwd', 'hop', 'tricky'];

const WRITE_OPS: Record<string, (f: SandboxFS, p: string) => Result<unknown>> = {
  'openWrite truncate': (f, p) => {
    const r = f.openWrite(p, { truncate: true });
    if (r.ok) r.value.close();
    return r;
  },
  'openWrite append': (f, p) => {
    const r = f.openWrite(p, { append: true });
    if (r.ok) r.value.close();
    return r;
  },
  'openWrite exclusive': (f, p) => {
    const r = f.openWrite(p, { exclusive: true });
    if (r.ok) r.value.close();
    return r;
  },
  mkdir: (f, p) => f.mkdir(p),
  'mkdir -p': (f, p) => f.mkdir(p + '/a/b', { recursive: true }),
  unlink: (f, p) => f.unlink(p),
  rmdir: (f, p) => f.rmdir(p),
  truncate: (f, p) => f.truncate(p, 0),
  utimes: (f, p) => f.utimes(p, 0, 0),
  'rename to': (f, p) => f.rename('hello.txt', p),
  'rename from': (f, p) => f.rename(p, 'stolen.txt'),
};

describe.each(Object.keys(WRITE_OPS))('%s refuses escapes', (opName) => {
  it.each(WRITE_ESCAPES)('%s', (p) => {
    const r = WRITE_OPS[opName]!(w.fs, expand(p));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(['EACCES', 'ELOOP']).toContain(r.error.code);
    expect(fs.readFileSync(path.join(w.root, 'hello.txt'), 'utf8')).toBe('hello\n');
    expect(fs.existsSync(path.join(w.root, 'stolen.txt'))).toBe(false);
  });
});

describe('symlinks are not write targets', () => {
  it.each(LINK_TARGETS)('openWrite %s', (p) => {
    const r = w.fs.openWrite(p, { truncate: true });
    expectRefused(r);
    if (!r.ok) expect(errorText(r.error)).toBe(DETAIL.symlinkTarget);
    const a = w.fs.openWrite(p, { append: true });
    expectRefused(a);
  });
  it.each(LINK_TARGETS)('truncate %s', (p) => {
    const r = w.fs.truncate(p, 0);
    expectRefused(r);
    if (!r.ok) expect(errorText(r.error)).toBe(DETAIL.symlinkTarget);
  });
  it('touching through a link to outside is refused', () => expectRefused(w.fs.utimes('abs_secret', 0, 0)));
  it('the inside link target is left alone', () => {
    expect(fs.readFileSync(path.join(w.root, 'hello.txt'), 'utf8')).toBe('hello\n');
  });
});

describe('hard links are not write targets', () => {
  const ino = (): number => fs.statSync(path.join(w.root, 'hardlink.txt')).ino;
  it.each([
    ['truncate', { truncate: true }],
    ['append', { append: true }],
    ['plain', {}],
  ] as const)('openWrite %s', (_n, opts) => {
    const r = w.fs.openWrite('hardlink.txt', opts);
    expectRefused(r);
    if (!r.ok) expect(errorText(r.error)).toBe(DETAIL.hardLinkTarget);
  });
  it('truncate()', () => {
    const r = w.fs.truncate('hardlink.txt', 0);
    expectRefused(r);
    if (!r.ok) expect(r.error.detail).toBe(DETAIL.hardLinkTarget);
  });
  it('exclusive create fails with EEXIST', () => expectRefused(w.fs.openWrite('hardlink.txt', { exclusive: true }), 'EEXIST'));
  it('the canary keeps its size (checked without reading it)', () => {
    expect(fs.statSync(path.join(w.outside, 'secret.txt')).size).toBe(`CANARY-SECRET-7f3a9c secret.txt\n`.length);
    expect(ino()).toBe(fs.statSync(path.join(w.outside, 'secret.txt')).ino);
  });
});

describe('unlinking links removes only the link', () => {
  it('unlink a symlink to outside', () => {
    fs.symlinkSync(path.join(w.outside, 'secret.txt'), path.join(w.root, 'tmp_unlink'));
    expect(w.fs.unlink('tmp_unlink')).toEqual({ ok: true, value: undefined });
    expect(fs.existsSync(path.join(w.root, 'tmp_unlink'))).toBe(false);
  });
  it('rm of a hard link is allowed and leaves the other name', () => {
    fs.linkSync(path.join(w.outside, 'sub/secret2.txt'), path.join(w.root, 'hl2'));
    expect(w.fs.unlink('hl2').ok).toBe(true);
    expect(fs.statSync(path.join(w.outside, 'sub/secret2.txt')).nlink).toBe(1);
  });
  it('unlink through a dir link to outside is refused', () => expectRefused(w.fs.unlink('out_dir/secret.txt')));
  it('rmdir of a link to an outside dir is ENOTDIR', () => expectRefused(w.fs.rmdir('out_dir'), 'ENOTDIR'));
  it('the root itself cannot be removed or renamed', () => {
    expectRefused(w.fs.rmdir(w.root));
    expectRefused(w.fs.rename(w.root, `${w.root}/x`));
  });
});

describe('read-only mode and :ro roots', () => {
  it.each(['hello.txt', 'new.txt', 'dir/new.txt', `${'$R'}/dir/file.txt`])('read-only mode refuses %s', (p) => {
    const sb = createSandbox([`${w.root}:rw`], { mode: 'read-only' });
    const f = sb.at(w.root);
    try {
      expectRefused(f.openWrite(expand(p), { truncate: true }));
      expectRefused(f.mkdir('newdir'));
      expectRefused(f.unlink('hello.txt'));
      expectRefused(f.truncate('hello.txt', 0));
      expectRefused(f.rename('hello.txt', 'moved.txt'));
      expectRefused(f.utimes('hello.txt', 0, 0));
      expect(f.writable('hello.txt')).toBe(false);
      expect(f.access('hello.txt', 'w')).toBe(false);
      expect(fs.readFileSync(path.join(w.root, 'hello.txt'), 'utf8')).toBe('hello\n');
    } finally {
      sb.close();
    }
  });
  it('/dev/null is writable in read-only mode', () => {
    const sb = createSandbox([`${w.root}:ro`]);
    const r = sb.at(w.root).openWrite('/dev/null', { truncate: true });
    expect(r.ok).toBe(true);
    if (r.ok) {
      r.value.writeString('gone');
      r.value.close();
    }
    sb.close();
  });
  it('a :ro root nested in a :rw root stays read-only', () => {
    fs.mkdirSync(path.join(w.root, 'nested'), { recursive: true });
    const sb = createSandbox([`${w.root}:rw`, `${w.root}/nested:ro`], { mode: 'remediation' });
    const f = sb.at(w.root);
    try {
      expectRefused(f.openWrite('nested/x.txt'));
      expectRefused(f.rmdir('nested'));
      expect(f.writable('nested/x')).toBe(false);
      expect(f.writable('x')).toBe(true);
    } finally {
      sb.close();
      fs.rmdirSync(path.join(w.root, 'nested'));
    }
  });
  it('an ancestor of a :ro root cannot be renamed or removed to carry it under :rw', () => {
    fs.mkdirSync(path.join(w.root, 'anc', 'locked'), { recursive: true });
    fs.writeFileSync(path.join(w.root, 'anc', 'locked', 'keep.txt'), 'keep\n');
    const sb = createSandbox([`${w.root}:rw`, `${w.root}/anc/locked:ro`], { mode: 'remediation' });
    const f = sb.at(w.root);
    try {
      expectRefused(f.rename('anc', 'moved'));
      expectRefused(f.rename('anc/locked', 'moved'));
      expectRefused(f.rmdir('anc'));
      expectRefused(f.openWrite('anc/locked/keep.txt', { truncate: true }));
      expectRefused(f.rename('hello.txt', 'anc'));
      expect(fs.readFileSync(path.join(w.root, 'anc', 'locked', 'keep.txt'), 'utf8')).toBe('keep\n');
      expect(f.mkdir('anc/free').ok).toBe(true);
      expect(f.rmdir('anc/free').ok).toBe(true);
    } finally {
      sb.close();
      fs.rmSync(path.join(w.root, 'anc'), { recursive: true });
    }
  });
  it('a :rw root nested in a :rw root is not renamed', () => {
    fs.mkdirSync(path.join(w.root, 'inner'));
    const sb = createSandbox([`${w.root}:rw`, `${w.root}/inner:rw`], { mode: 'remediation' });
    const f = sb.at(w.root);
    try {
      expectRefused(f.rename('inner', 'inner2'));
      expectRefused(f.rmdir('inner'));
      expect(f.openWrite('inner/x.txt').ok).toBe(true);
      expect(f.unlink('inner/x.txt').ok).toBe(true);
    } finally {
      sb.close();
      fs.rmSync(path.join(w.root, 'inner'), { recursive: true });
    }
  });
  it('a :rw root nested in a :ro root cannot be removed or renamed', () => {
    const sb = createSandbox([`${w.roRoot}:ro`, `${w.root}:rw`, `${w.base}:ro`], { mode: 'remediation' });
    const f = sb.at(w.base);
    try {
      expectRefused(f.rmdir('root'));
      expectRefused(f.rename('root', 'root2'));
      expect(fs.existsSync(w.root)).toBe(true);
    } finally {
      sb.close();
    }
  });
});

describe('writes that must work', () => {
  it('create, append, truncate, read back', () => {
    const a = w.fs.openWrite('out.txt', { truncate: true });
    if (!a.ok) throw new Error(a.error.message);
    a.value.writeString('one\n');
    a.value.close();
    const b = w.fs.openWrite('out.txt', { append: true });
    if (!b.ok) throw new Error(b.error.message);
    b.value.writeString('two\n');
    b.value.close();
    expect(fs.readFileSync(path.join(w.root, 'out.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(w.fs.truncate('out.txt', 2).ok).toBe(true);
    expect(fs.readFileSync(path.join(w.root, 'out.txt'), 'utf8')).toBe('on');
    expectRefused(w.fs.openWrite('out.txt', { exclusive: true }), 'EEXIST');
    expect(w.fs.rename('out.txt', 'dir/moved.txt').ok).toBe(true);
    expect(w.fs.unlink('dir/moved.txt').ok).toBe(true);
  });
  it('mkdir -p, rmdir, utimes', () => {
    expect(w.fs.mkdir('a/b/c', { recursive: true }).ok).toBe(true);
    expect(w.fs.mkdir('a/b/c', { recursive: true }).ok).toBe(true);
    expectRefused(w.fs.mkdir('a'), 'EEXIST');
    expect(w.fs.utimes('a/b', 1000, 2000).ok).toBe(true);
    expect(fs.statSync(path.join(w.root, 'a/b')).mtimeMs).toBe(2000);
    expectRefused(w.fs.rmdir('a'), 'ENOTEMPTY');
    expect(w.fs.rmdir('a/b/c').ok && w.fs.rmdir('a/b/').ok && w.fs.rmdir('a').ok).toBe(true);
  });
  it('trailing slashes and dots', () => {
    expectRefused(w.fs.openWrite('newfile/'), 'EISDIR');
    expectRefused(w.fs.openWrite('dir'), 'EISDIR');
    expectRefused(w.fs.unlink('dir'), 'EISDIR');
    expectRefused(w.fs.unlink('hello.txt/'), 'ENOTDIR');
    expectRefused(w.fs.rmdir('dir/.'), 'EINVAL');
    expectRefused(w.fs.mkdir('dir/..'), 'EEXIST');
  });
  it('a FIFO without a reader does not hang a writer', () => {
    const fifo = path.join(w.root, 'wfifo');
    fs.rmSync(fifo, { force: true });
    execFileSync('mkfifo', [fifo]);
    expectRefused(w.fs.openWrite('wfifo'), 'ENXIO');
    fs.rmSync(fifo);
  });
});
