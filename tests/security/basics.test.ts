// Ordinary behaviour of the sandbox: what must work inside the roots.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, errorText } from '../../allowedpaths/index.js';
import { makeWorld, readAll, type World } from './fixture.js';

let w: World;
afterEach(() => w?.cleanup());

describe('reads inside a root', () => {
  it('opens and reads a file by relative and absolute path', async () => {
    w = makeWorld();
    const r = w.fs.open('hello.txt');
    expect(r.ok).toBe(true);
    if (r.ok) expect(await readAll(r.value)).toBe('hello\n');
    const a = w.fs.open(path.join(w.root, 'dir/file.txt'));
    if (!a.ok) throw new Error(a.error.message);
    expect(await readAll(a.value)).toBe('inside\n');
  });

  it('stat, lstat, readdir, realpath', () => {
    w = makeWorld();
    const st = w.fs.stat('dir');
    expect(st.ok && st.value.type).toBe('dir');
    const ls = w.fs.readdir('.');
    expect(ls.ok && ls.value.map((e) => `${e.name}:${e.type}`).sort()).toEqual(['dir:dir', 'hello.txt:file']);
    fs.symlinkSync('dir/file.txt', path.join(w.root, 'lnk'));
    const l = w.fs.lstat('lnk');
    expect(l.ok && l.value.type).toBe('symlink');
    const s = w.fs.stat('lnk');
    expect(s.ok && s.value.type).toBe('file');
    expect(w.fs.realpath('lnk')).toEqual({ ok: true, value: path.join(w.root, 'dir/file.txt') });
    expect(w.fs.readlink('lnk')).toEqual({ ok: true, value: 'dir/file.txt' });
  });

  it('relative to a sub directory cwd, with .. inside the root', () => {
    w = makeWorld();
    const sub = w.sandbox.at(path.join(w.root, 'dir/deep'));
    const r = sub.readFile('../file.txt', 1000);
    expect(r.ok && Buffer.from(r.value).toString()).toBe('inside\n');
    const r2 = sub.readFile('../../hello.txt', 1000);
    expect(r2.ok && Buffer.from(r2.value).toString()).toBe('hello\n');
    expect(sub.abs('../x')).toBe(path.join(w.root, 'dir/x'));
  });

  it('directory read gives EISDIR on read, missing gives ENOENT', () => {
    w = makeWorld();
    const d = w.fs.open('dir');
    expect(d.ok).toBe(true);
    if (d.ok) {
      expect(d.value.read()).toBe(null);
      expect(d.value.error && errorText(d.value.error)).toBe('Is a directory');
      d.value.close();
    }
    const m = w.fs.open('nope');
    expect(!m.ok && errorText(m.error)).toBe('No such file or directory');
    const nd = w.fs.open('hello.txt/x');
    expect(!nd.ok && nd.error.code).toBe('ENOTDIR');
  });

  it('/dev/null reads empty and /dev/zero gives bounded chunks', () => {
    w = makeWorld();
    const n = w.fs.readFile('/dev/null', 10);
    expect(n.ok && n.value.length).toBe(0);
    const z = w.fs.open('/dev/zero');
    if (!z.ok) throw new Error('zero');
    const c = z.value.read();
    expect(c instanceof Uint8Array && c.length).toBe(65536);
    z.value.close();
    const big = w.fs.readFile('/dev/zero', 100000);
    expect(!big.ok && big.error.detail).toBe('File too large');
  });

  it('skips unusable roots with a warning', () => {
    const warnings: string[] = [];
    const sb = createSandbox(['/nonexistent-rshell-root', '/etc/hostname'], { onWarning: (m) => warnings.push(m) });
    expect(sb.roots).toEqual([]);
    expect(warnings).toEqual([
      'AllowedPaths: skipping "/nonexistent-rshell-root": no such file or directory',
      'AllowedPaths: skipping "/etc/hostname": not a directory',
    ]);
    sb.close();
  });

  it('opens its roots on first use, and a sandbox closed before any use refuses everything', () => {
    w = makeWorld();
    const warnings: string[] = [];
    const lazy = createSandbox([w.root, '/nonexistent-rshell-root'], { onWarning: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
    expect(lazy.at(w.root).readFile('hello.txt', 100).ok).toBe(true);
    expect(warnings).toEqual(['AllowedPaths: skipping "/nonexistent-rshell-root": no such file or directory']);
    lazy.close();
    const closed = createSandbox([w.root]);
    closed.close();
    const r = closed.at(w.root).readFile('hello.txt', 100);
    expect(r.ok).toBe(false);
  });
});

describe('listing and odd names', () => {
  it('readdir with maxEntries stops early', () => {
    w = makeWorld();
    fs.mkdirSync(path.join(w.root, 'many'));
    for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(w.root, 'many', `f${i}`), '');
    const r = w.fs.readdir('many', { maxEntries: 10 });
    expect(r.ok && r.value.length).toBe(11);
    const all = w.fs.readdir('many', { maxEntries: 100 });
    expect(all.ok && all.value.length).toBe(50);
    const root = w.fs.readdir('.', { maxEntries: 0 });
    expect(root.ok && root.value.length).toBe(1);
  });

  it('names that are not UTF-8 round-trip through surrogateescape', async () => {
    w = makeWorld();
    const raw = Buffer.concat([Buffer.from(path.join(w.root, 'bad-')), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]);
    fs.writeFileSync(raw, 'odd\n');
    for (const opts of [{}, { maxEntries: 50 }]) {
      const ls = w.fs.readdir('.', opts);
      if (!ls.ok) throw new Error(ls.error.message);
      const name = ls.value.find((e) => e.name.startsWith('bad-'))!.name;
      expect(name).toBe('bad-\udcff\udcfe.txt');
      const r = w.fs.open(name);
      if (!r.ok) throw new Error(r.error.message);
      expect(await readAll(r.value)).toBe('odd\n');
    }
  });

  it('symlink text that is not UTF-8 round-trips too', () => {
    w = makeWorld();
    const target = Buffer.concat([Buffer.from('t-'), Buffer.from([0xe9])]);
    fs.symlinkSync(target, path.join(w.root, 'oddlink'));
    expect(w.fs.readlink('oddlink')).toEqual({ ok: true, value: 't-\udce9' });
  });
});
