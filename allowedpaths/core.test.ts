// The working-directory cache: reuse, re-validation, and fds that outlive an eviction.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SandboxCore } from './core.js';

let base = '';
afterEach(() => {
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

function tree(): string {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-core-')));
  fs.mkdirSync(path.join(base, 'a', 'b'), { recursive: true });
  return base;
}

it('reuses the cached fd while the directory stays put', () => {
  const root = tree();
  const core = new SandboxCore([root], 'read-only', () => {});
  const c1 = core.cwdCursor(`${root}/a/b`);
  const c2 = core.cwdCursor(`${root}/a/b`);
  if (!c1.ok || !c2.ok) throw new Error('cwd');
  expect(c1.value.fd).toBe(c2.value.fd);
  expect(c1.value.path).toBe(`${root}/a/b`);
  c1.value.release();
  c2.value.release();
  core.close();
});

it('an evicted fd stays open until its last borrower lets go', () => {
  const root = tree();
  const core = new SandboxCore([root], 'read-only', () => {});
  const outer = core.cwdCursor(`${root}/a/b`);
  if (!outer.ok) throw new Error('cwd');
  const fd = outer.value.fd;
  // the directory moves: the next lookup evicts the entry while `outer` still walks with it
  fs.renameSync(path.join(root, 'a', 'b'), path.join(root, 'a', 'b2'));
  fs.mkdirSync(path.join(root, 'a', 'b'));
  const inner = core.cwdCursor(`${root}/a/b`);
  if (!inner.ok) throw new Error('cwd2');
  expect(inner.value.fd).not.toBe(fd);
  expect(() => fs.fstatSync(fd)).not.toThrow();
  outer.value.release();
  expect(() => fs.fstatSync(fd)).toThrow();
  inner.value.release();
  core.close();
});

it('closing the sandbox closes cached and root fds', () => {
  const root = tree();
  const core = new SandboxCore([root], 'read-only', () => {});
  const c = core.cwdCursor(`${root}/a`);
  if (!c.ok) throw new Error('cwd');
  const fd = c.value.fd;
  c.value.release();
  const rootFd = core.roots[0]!.fd;
  core.close();
  expect(() => fs.fstatSync(fd)).toThrow();
  expect(() => fs.fstatSync(rootFd)).toThrow();
  expect(core.cwdCursor(`${root}/a`).ok).toBe(false);
});
