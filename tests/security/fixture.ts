// A fresh temporary world per test file: a root directory to sandbox, an "outside" directory with
// canary files that no attack may read, list, create or change, and helpers to assert exactly that.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../allowedpaths/index.js';
import type { FileReader, Result, SandboxFS } from '../../allowedpaths/types.js';

export const CANARY = 'CANARY-SECRET-7f3a9c';

export interface World {
  base: string;
  /** the sandboxed root (ro in read-only worlds, rw in remediation worlds) */
  root: string;
  /** a second, read-only root inside base */
  roRoot: string;
  outside: string;
  canaries: Map<string, string>;
  sandbox: Sandbox;
  fs: SandboxFS;
  cleanup(): void;
}

export function makeWorld(opts: { mode?: SandboxOptions['mode']; rootMode?: 'ro' | 'rw'; extraSpecs?: string[] } = {}): World {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-sec-')));
  const root = path.join(base, 'root');
  const roRoot = path.join(base, 'roroot');
  const outside = path.join(base, 'outside');
  for (const d of [root, roRoot, outside, path.join(outside, 'sub'), path.join(root, 'dir'), path.join(root, 'dir', 'deep')]) {
    fs.mkdirSync(d, { recursive: true });
  }
  const canaries = new Map<string, string>();
  for (const rel of ['secret.txt', 'sub/secret2.txt']) {
    const p = path.join(outside, rel);
    fs.writeFileSync(p, `${CANARY} ${rel}\n`);
    canaries.set(p, `${CANARY} ${rel}\n`);
  }
  resetAtimes(outside, canaries);
  fs.writeFileSync(path.join(root, 'hello.txt'), 'hello\n');
  fs.writeFileSync(path.join(root, 'dir', 'file.txt'), 'inside\n');
  fs.writeFileSync(path.join(root, 'dir', 'deep', 'x.txt'), 'deep\n');
  fs.writeFileSync(path.join(roRoot, 'ro.txt'), 'read only\n');
  const rootMode = opts.rootMode ?? (opts.mode === 'remediation' ? 'rw' : 'ro');
  const specs = [`${root}:${rootMode}`, `${roRoot}:ro`, ...(opts.extraSpecs ?? [])];
  const sandbox = createSandbox(specs, { mode: opts.mode ?? 'read-only' });
  return {
    base, root, roRoot, outside, canaries, sandbox,
    fs: sandbox.at(root),
    cleanup() {
      sandbox.close();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/**
 * Access times at the epoch: relatime then updates them on any read or listing, so a changed atime
 * proves something outside was read (stat alone does not change it).
 */
function resetAtimes(outside: string, canaries: Map<string, string>): void {
  for (const p of [outside, path.join(outside, 'sub'), ...canaries.keys()]) {
    const st = fs.statSync(p);
    fs.utimesSync(p, 0, st.mtime);
  }
}

/** one more canary file outside (content includes CANARY), with its atime reset */
export function addCanary(w: World, rel: string): string {
  const p = path.join(w.outside, rel);
  const content = `${CANARY} ${rel}\n`;
  fs.writeFileSync(p, content);
  w.canaries.set(p, content);
  resetAtimes(w.outside, w.canaries);
  return p;
}

/** every canary still has its content and was never read, and nothing was listed or created outside */
export function expectOutsideUntouched(w: World, extraAllowed: string[] = []): void {
  for (const p of [w.outside, path.join(w.outside, 'sub'), ...w.canaries.keys()]) {
    expect({ p, atime: fs.statSync(p).atimeMs }).toEqual({ p, atime: 0 });
  }
  for (const [p, content] of w.canaries) expect(fs.readFileSync(p, 'utf8')).toBe(content);
  const listing = fs.readdirSync(w.outside).sort();
  const expected = new Set(['secret.txt', 'sub', ...extraAllowed]);
  for (const p of w.canaries.keys()) if (path.dirname(p) === w.outside) expected.add(path.basename(p));
  expect(listing).toEqual([...expected].sort());
  expect(fs.readdirSync(path.join(w.outside, 'sub'))).toEqual(['secret2.txt']);
  resetAtimes(w.outside, w.canaries);
}

/** the result is a refusal with exactly this code, and its text does not mention the canary */
export function expectRefused<T>(r: Result<T>, code = 'EACCES'): void {
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe(code);
  expect(JSON.stringify(r.error)).not.toContain(CANARY);
}

/** read a whole reader synchronously or asynchronously */
export async function readAll(reader: FileReader): Promise<string> {
  const parts: Buffer[] = [];
  for (;;) {
    let c = reader.read();
    if (c instanceof Promise) c = await c;
    if (c === null) break;
    parts.push(Buffer.from(c));
  }
  reader.close();
  return Buffer.concat(parts).toString('utf8');
}
