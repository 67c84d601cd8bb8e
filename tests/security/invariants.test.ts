// The safety invariants (docs/SECURITY.md), checked on the source tree:
//  1. no node:child_process, eval, new Function or vm under src/, builtins/, allowedpaths/;
//  2. only allowedpaths/ imports node:fs (plus builtins/internal/proc/** for the documented kernel
//     files and src/cli/** for the script file named on the command line);
//  3. no builtin reads process.env.
// Test files (*.test.ts) and test-only helpers (testing*.ts, never imported by production code)
// are exempt.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  const abs = path.join(REPO, dir);
  if (!fs.existsSync(abs)) return [];
  const out: string[] = [];
  for (const ent of fs.readdirSync(abs, { withFileTypes: true, recursive: true })) {
    if (!ent.isFile()) continue;
    const full = path.join(ent.parentPath, ent.name);
    if (!/\.(ts|mts|js|mjs|cjs)$/.test(ent.name) || /\.d\.ts$/.test(ent.name)) continue;
    out.push(path.relative(REPO, full));
  }
  return out.sort();
}

const isTestOnly = (f: string): boolean => /\.test\.[mc]?[jt]s$/.test(f) || /(^|\/)testing[^/]*\.[mc]?[jt]s$/.test(f);

/** source without comments, so prose like "never eval" does not count */
function code(file: string): string {
  const text = fs.readFileSync(path.join(REPO, file), 'utf8');
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const importOf = (mod: string): RegExp =>
  new RegExp(`(from\\s*|import\\s*\\(\\s*|require\\s*\\(\\s*|import\\s+)['"](node:)?${mod}(/[a-z_]+)?['"]`);

const PRODUCTION = ['lib', 'src', 'builtins', 'allowedpaths'].flatMap(sourceFiles).filter((f) => !isTestOnly(f));

const FORBIDDEN_EVERYWHERE: [string, RegExp][] = [
  ['child_process', importOf('child_process')],
  ['vm', importOf('vm')],
  ['eval', /(^|[^.\w$])eval\s*\(|\(\s*0\s*,\s*eval\s*\)|globalThis\.eval|\[['"]eval['"]\]/],
  ['new Function', /new\s+Function\s*\(|(^|[^.\w$])Function\s*\(\s*['"`]/],
];

describe('invariant 1: nothing that runs code or programs', () => {
  it('the scan sees the tree', () => expect(PRODUCTION.length).toBeGreaterThan(10));
  it.each(FORBIDDEN_EVERYWHERE)('no %s', (_name, re) => {
    const hits = PRODUCTION.filter((f) => re.test(code(f)));
    expect(hits).toEqual([]);
  });
});

describe('invariant 2: only allowedpaths/ touches node:fs', () => {
  const EXEMPT = [/^allowedpaths\//, /^builtins\/internal\/proc\//, /^src\/cli\//];
  it('no other module imports fs', () => {
    const fsImport = importOf('fs');
    const hits = PRODUCTION.filter((f) => !EXEMPT.some((e) => e.test(f)) && fsImport.test(code(f)));
    expect(hits).toEqual([]);
  });
  it('test-only helpers are not imported by production code', () => {
    const hits = PRODUCTION.filter((f) => /from\s*['"][^'"]*\/testing[^/'"]*['"]/.test(code(f)));
    expect(hits).toEqual([]);
  });
  it('the check itself catches an fs import', () => {
    expect(importOf('fs').test("import * as fs from 'node:fs';")).toBe(true);
    expect(importOf('fs').test("import { readFileSync } from 'fs';")).toBe(true);
    expect(importOf('fs').test("const p = await import('node:fs/promises');")).toBe(true);
    expect(importOf('fs').test("import 'fs';")).toBe(true);
    expect(importOf('fs').test("import { x } from './fs.js';")).toBe(false);
  });
});

describe('invariant 3: builtins never read the host environment', () => {
  it('no process.env under builtins/', () => {
    const hits = PRODUCTION.filter((f) => f.startsWith('builtins/') && /process\s*\.\s*env|process\s*\[\s*['"]env['"]\s*\]/.test(code(f)));
    expect(hits).toEqual([]);
  });
});
