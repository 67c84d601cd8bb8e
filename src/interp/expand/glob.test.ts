import { describe, expect, it } from 'vitest';
import type { DirEntry, FileInfo, FileType, Result, SandboxFS } from '../../../allowedpaths/types.js';
import { expandGlob, type GlobOptions } from './glob.js';

// An in-memory tree mirroring the bash experiment:
//   mkdir -p a a-b .h d/e/f; touch a/x a-b/y .h/z .dot d/e/f/g d/e/k B c; ln -s d sl
type Node = { type: 'dir'; kids: Record<string, Node> } | { type: 'file' } | { type: 'symlink'; target: string };
const dir = (kids: Record<string, Node>): Node => ({ type: 'dir', kids });
const file: Node = { type: 'file' };
const root = dir({
  a: dir({ x: file }), 'a-b': dir({ y: file }), '.h': dir({ z: file }), '.dot': file,
  d: dir({ e: dir({ f: dir({ g: file }), k: file }) }), B: file, c: file, sl: { type: 'symlink', target: 'd' },
  secret: dir({ s: file }),
});

function fakeFs(refuse: string[] = []): SandboxFS {
  const lookup = (path: string, follow: boolean): Node | null => {
    let n: Node = root;
    const parts: string[] = [];
    for (const p of path.split('/')) {
      if (p === '..') parts.pop();
      else if (p !== '' && p !== '.') parts.push(p);
    }
    for (let i = 0; i < parts.length; i++) {
      if (n.type === 'symlink') n = lookup(n.target, true)!;
      if (n.type !== 'dir') return null;
      const next: Node | undefined = n.kids[parts[i]!];
      if (!next) return null;
      n = next;
    }
    if (follow && n.type === 'symlink') return lookup(n.target, true);
    return n;
  };
  const info = (t: FileType): FileInfo => ({ type: t, size: 0, mode: 0, nlink: 1, uid: 0, gid: 0, ino: 0, dev: 0, rdev: 0, blocks: 0, blksize: 0, atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0 });
  const enoent = { ok: false as const, error: { code: 'ENOENT' as const, message: 'No such file or directory' } };
  const st = (p: string, follow: boolean): Result<FileInfo> => {
    const n = lookup(p, follow);
    return n ? { ok: true, value: info(n.type) } : enoent;
  };
  return {
    cwd: '/work',
    abs: (p) => p,
    stat: (p) => st(p, true),
    lstat: (p) => st(p, false),
    readdir: (p): Result<DirEntry[]> => {
      if (refuse.some((r) => p.replace(/\/$/, '') === r)) return { ok: false, error: { code: 'EACCES', message: 'Permission denied' } };
      const n = lookup(p, true);
      if (n?.type !== 'dir') return enoent;
      return { ok: true, value: Object.entries(n.kids).reverse().map(([name, k]) => ({ name, type: k.type })) };
    },
  } as SandboxFS;
}

const g = (p: string, opts: GlobOptions = {}, refuse: string[] = []) => {
  const r = expandGlob(p, fakeFs(refuse), opts);
  return Array.isArray(r) ? r.filter((x) => !x.includes('secret')).join(' ') : r;
};

describe('glob (expectations from bash 5.2 on the same tree)', () => {
  it('basic', () => {
    expect(g('*/*')).toBe('a-b/y a/x d/e sl/e');
    expect(g('*')).toBe('B a a-b c d sl');
    expect(g('.*')).toBe('.dot .h');
    expect(g('*/')).toBe('a-b/ a/ d/ sl/');
    expect(g('.*/')).toBe('.h/');
  });
  it('globstar', () => {
    const o = { globstar: true };
    expect(g('**', o)).toBe('B a a-b a-b/y a/x c d d/e d/e/f d/e/f/g d/e/k sl');
    expect(g('**/', o)).toBe('a-b/ a/ d/ d/e/ d/e/f/ sl/');
    expect(g('d/**', o)).toBe('d/ d/e d/e/f d/e/f/g d/e/k');
    expect(g('d/**/k', o)).toBe('d/e/k');
  });
  it('dotglob', () => {
    expect(g('*', { dotglob: true })).toBe('.dot .h B a a-b c d sl');
    expect(g('*/*', { dotglob: true })).toBe('.h/z a-b/y a/x d/e sl/e');
  });
  it('prefixes are kept as written', () => {
    expect(g('a/../*')).toBe('a/../B a/../a a/../a-b a/../c a/../d a/../sl');
    expect(g('./*')).toBe('./B ./a ./a-b ./c ./d ./sl');
    expect(g('.//a*')).toBe('.//a .//a-b');
    expect(g('\\a*')).toBe('a a-b');
    expect(g('./a/*x')).toBe('./a/x');
  });
  it('no matches', () => {
    expect(g('a/x/*')).toBe('');
    expect(g('a/x*/')).toBe('');
    expect(g('no/*')).toBe('');
    expect(g('*/nothing')).toBe('');
    expect(g('*/x')).toBe('a/x');
  });
  it('quoted characters and literal words', () => {
    expect(g('\\*')).toBe('*');
    expect(g('plain')).toBe('plain');
  });
  it('nocaseglob, extglob', () => {
    expect(g('b', { nocaseglob: true })).toBe('b');
    expect(g('[b]', { nocaseglob: true })).toBe('B');
    expect(g('@(a|c)', { extglob: true })).toBe('a c');
    expect(g('!(a*)', { extglob: true })).toBe('B c d sl');
  });
  it('a refused directory yields nothing', () => {
    expect(expandGlob('secret/*', fakeFs(['secret']))).toEqual([]);
    expect(expandGlob('secret/*', fakeFs())).toEqual(['secret/s']);
  });
  it('budget', () => {
    const budget = { readdirCalls: 0, maxReaddirCalls: 2, maxEntries: 1000 };
    expect(expandGlob('*/*', fakeFs(), { budget })).toEqual({ error: 'glob: too many directory reads (limit 2)' });
    expect(expandGlob('*', fakeFs(), { budget: { readdirCalls: 0, maxReaddirCalls: 10, maxEntries: 3 } })).toEqual({ error: 'glob: too many entries (limit 3)' });
  });
});
