// Directory handles (walking a tree relative to open directories), listing, and readInto.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox.js';
import { pathNative } from './native.js';
import type { DirHandle, FileReader, Sandbox } from './types.js';

let base = '';
let box: Sandbox | null = null;
afterEach(() => {
  box?.close();
  box = null;
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

/** root/{a/{f, sub/g}, link -> a, out -> <outside>, raw\xff} plus an outside directory */
function world(): { root: string; outside: string } {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-dirh-')));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(root, 'a', 'sub'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret'), 's');
  fs.writeFileSync(path.join(root, 'a', 'f'), 'hello\n');
  fs.writeFileSync(path.join(root, 'a', 'sub', 'g'), '');
  fs.symlinkSync('a', path.join(root, 'link'));
  fs.symlinkSync(outside, path.join(root, 'out'));
  fs.writeFileSync(Buffer.concat([Buffer.from(root + '/raw'), Buffer.from([0xff])]), '');
  return { root, outside };
}

const names = (h: DirHandle): string[] => {
  const r = h.list();
  if (!r.ok) throw new Error(r.error.code);
  return r.value.map((e) => `${e.name}:${e.type}`).sort();
};

for (const [label, native] of [['proc', undefined], ['portable fallback', pathNative()]] as const) {
  describe(`DirHandle (${label})`, () => {
    it('lists, lstats and enters entries relative to the open directory', () => {
      const { root } = world();
      box = createSandbox([root], { native });
      const view = box.at(root);
      const top = view.openDir!('.');
      if (!top.ok) throw new Error(top.error.code);
      expect(names(top.value)).toEqual(['a:dir', 'link:symlink', 'out:symlink', 'raw\udcff:file']);
      const a = top.value.openDir('a');
      if (!a.ok) throw new Error(a.error.code);
      expect(names(a.value)).toEqual(['f:file', 'sub:dir']);
      const f = a.value.lstat('f');
      expect(f.ok && f.value.size).toBe(6);
      expect(top.value.lstat('link')).toMatchObject({ ok: true, value: { type: 'symlink' } });
      expect(top.value.lstat('raw\udcff')).toMatchObject({ ok: true, value: { type: 'file' } });
      a.value.close();
      top.value.close();
    });

    it("stats the open directory itself (ls -R's loop check), and nothing once closed", () => {
      const { root } = world();
      box = createSandbox([root], { native });
      const top = box.at(root).openDir!('.');
      if (!top.ok) throw new Error(top.error.code);
      const a = top.value.openDir('a');
      if (!a.ok) throw new Error(a.error.code);
      const real = fs.statSync(path.join(root, 'a'));
      expect(a.value.stat()).toMatchObject({ ok: true, value: { type: 'dir', dev: real.dev, ino: real.ino } });
      a.value.close();
      expect(a.value.stat()).toMatchObject({ ok: false, error: { code: 'EACCES' } });
      top.value.close();
    });

    it('never follows a symlink or leaves the directory', () => {
      const { root } = world();
      box = createSandbox([root], { native });
      const top = box.at(root).openDir!(root);
      if (!top.ok) throw new Error(top.error.code);
      expect(top.value.openDir('out')).toMatchObject({ ok: false, error: { code: 'ENOTDIR' } });
      expect(top.value.openDir('link')).toMatchObject({ ok: false, error: { code: 'ENOTDIR' } });
      for (const bad of ['..', '.', '', 'a/..', '../outside', 'a/sub']) {
        expect(top.value.openDir(bad)).toMatchObject({ ok: false, error: { code: 'EINVAL' } });
        expect(top.value.lstat(bad)).toMatchObject({ ok: false, error: { code: 'EINVAL' } });
      }
      expect(top.value.openDir('nosuch')).toMatchObject({ ok: false, error: { code: 'ENOENT' } });
      expect(top.value.openDir('raw\udcff')).toMatchObject({ ok: false, error: { code: 'ENOTDIR' } });
      top.value.close();
    });

    it('a directory swapped for a link to the outside after listing is not entered', () => {
      const { root, outside } = world();
      box = createSandbox([root], { native });
      const top = box.at(root).openDir!('.');
      if (!top.ok) throw new Error(top.error.code);
      expect(names(top.value)).toContain('a:dir');
      // what a racing process could do between find's readdir and its descent
      fs.renameSync(path.join(root, 'a'), path.join(base, 'a-moved'));
      fs.symlinkSync(outside, path.join(root, 'a'));
      expect(top.value.openDir('a')).toMatchObject({ ok: false, error: { code: 'ENOTDIR' } });
      expect(top.value.lstat('a')).toMatchObject({ ok: true, value: { type: 'symlink' } });
      top.value.close();
    });

    it('opens by path like readdir: links inside the roots are followed, outside refused', () => {
      const { root, outside } = world();
      box = createSandbox([root], { native });
      const view = box.at(root);
      const viaLink = view.openDir!('link');
      expect(viaLink.ok && names(viaLink.value)).toEqual(['f:file', 'sub:dir']);
      if (viaLink.ok) viaLink.value.close();
      expect(view.openDir!('out')).toMatchObject({ ok: false, error: { code: 'EACCES' } });
      expect(view.openDir!(outside)).toMatchObject({ ok: false, error: { code: 'EACCES' } });
      expect(view.openDir!('a/f')).toMatchObject({ ok: false, error: { code: 'ENOTDIR' } });
      expect(view.openDir!('/dev/null')).toMatchObject({ ok: false, error: { code: 'ENOTDIR' } });
    });

    it('refuses everything once the sandbox is closed', () => {
      const { root } = world();
      box = createSandbox([root], { native });
      const top = box.at(root).openDir!('.');
      if (!top.ok) throw new Error(top.error.code);
      box.close();
      expect(top.value.list()).toMatchObject({ ok: false, error: { code: 'EACCES' } });
      expect(top.value.lstat('a')).toMatchObject({ ok: false, error: { code: 'EACCES' } });
      expect(top.value.openDir('a')).toMatchObject({ ok: false, error: { code: 'EACCES' } });
      top.value.close();
    });
  });
}

describe('listing', () => {
  it('streams in readdir order with a limit, sorted without; raw names survive both', () => {
    const { root } = world();
    const dir = path.join(root, 'many');
    fs.mkdirSync(dir);
    for (let i = 0; i < 600; i++) fs.writeFileSync(path.join(dir, `n${i}`), '');
    fs.writeFileSync(Buffer.concat([Buffer.from(dir + '/z'), Buffer.from([0xfe])]), '');
    box = createSandbox([root]);
    const view = box.at(root);
    const limited = view.readdir('many', { maxEntries: 10_000 });
    const all = view.readdir('many');
    if (!limited.ok || !all.ok) throw new Error('readdir');
    expect(limited.value.length).toBe(601);
    expect(limited.value.map((e) => e.name).sort()).toEqual(all.value.map((e) => e.name).sort());
    expect(all.value.some((e) => e.name === 'z\udcfe')).toBe(true);
    // a limit stops early, after limit + 1 entries
    const few = view.readdir('many', { maxEntries: 5 });
    expect(few.ok && few.value.length).toBe(6);
  });
});

describe('readInto', () => {
  it('fills the caller buffer, reads on across calls, and unread keeps a copy', () => {
    const { root } = world();
    fs.writeFileSync(path.join(root, 'big'), Buffer.from('0123456789'.repeat(10)));
    box = createSandbox([root]);
    const r = box.at(root).open('big');
    if (!r.ok) throw new Error(r.error.code);
    const file: FileReader = r.value;
    const buf = new Uint8Array(64);
    const first = file.readInto!(buf) as Uint8Array;
    expect(first.buffer).toBe(buf.buffer);
    expect(first.length).toBe(64);
    file.unread!(first.subarray(60));
    buf.fill(0); // the caller reuses its buffer: the pushed-back bytes must not change
    const back = file.readInto!(buf) as Uint8Array;
    expect(Buffer.from(back).toString()).toBe('0123');
    const rest = file.readInto!(buf) as Uint8Array;
    expect(Buffer.from(rest).toString()).toBe('456789' + '0123456789'.repeat(3));
    expect(file.readInto!(buf)).toBe(null);
    file.close();
  });
});
