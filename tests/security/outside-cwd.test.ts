// A cwd outside every root (the CLI started elsewhere with `-p some/dir`): relative paths that lead
// into a root work as their absolute form would, and everything else stays refused.
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CANARY, makeWorld, readAll, type World } from './fixture.js';

let w: World;
afterEach(() => w?.cleanup());

describe('relative paths from a cwd outside the roots', () => {
  it('reach a root through its relative name', async () => {
    w = makeWorld();
    const v = w.sandbox.at(w.base);
    const r = v.open('root/hello.txt');
    if (!r.ok) throw new Error(r.error.message);
    expect(await readAll(r.value)).toBe('hello\n');
    expect(v.readdir('root/dir').ok).toBe(true);
    expect(v.stat('roroot/ro.txt').ok).toBe(true);
  });

  it('refuse outside files, listings and escapes alike', () => {
    w = makeWorld();
    const v = w.sandbox.at(w.base);
    for (const p of ['outside/secret.txt', 'root/../outside/secret.txt', 'root/dir/../../outside/sub/secret2.txt', '.', 'outside']) {
      const r = v.readFile(p, 1 << 20);
      expect(r.ok, p).toBe(false);
      if (!r.ok) expect(r.error.code, p).toBe('EACCES');
      const l = v.readdir(p);
      expect(l.ok, p).toBe(false);
    }
    const inner = w.sandbox.at(path.join(w.outside, 'sub'));
    const s = inner.readFile('secret2.txt', 1 << 20);
    expect(s.ok).toBe(false);
    expect(JSON.stringify(s)).not.toContain(CANARY);
  });
});
