// The layering rule (tests/architecture/layers.ts) on the real tree, and the checker itself on
// small made-up graphs: it must name an upward import, a peer import, a cycle and a Node module
// a layer may not use, each at its line.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from './import-graph.js';
import { checkEdges, checkRepo, LAYERS, unitOf, type Layer } from './layers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the source tree', () => {
  it('every import points down, and each layer uses only its allowed Node modules', () => {
    const messages = checkRepo(REPO).map((v) => v.message);
    expect(messages).toEqual([]);
  });

  it('docs/ARCHITECTURE.md lists the same layers, in the same order', () => {
    const doc = readFileSync(path.join(REPO, 'docs', 'ARCHITECTURE.md'), 'utf8');
    const table = doc.slice(doc.indexOf('| Layer | Folder |'));
    const rows = [...table.matchAll(/^\| ([^|]+) \| ([^|]+) \|/gm)].slice(1);
    const documented = rows.map((m) => [m[1]!.trim(), [...m[2]!.matchAll(/`([^`]+)`/g)].map((u) => u[1]!.replace('<name>/', '*/'))]);
    expect(documented).toEqual(LAYERS.map((l) => [l.name, l.units]));
  });
});

const TOY: Layer[] = [
  { name: 'base', units: ['lib/a/', 'lib/b/'] },
  { name: 'middle', units: ['mid/*/', 'mid/shared/'], allow: { 'node:buffer': 'bytes' } },
  { name: 'top', units: ['top.ts'] },
];

/** the edges of one made-up file, parsed from its text as the real check parses a file */
function edgesOf(file: string, text: string): ReturnType<typeof importsOf> {
  return importsOf(REPO, file, text).map((e) => (e.to === undefined ? e : { ...e, to: path.normalize(path.join(path.dirname(file), e.spec)).replace(/\.js$/, '.ts') }));
}

describe('the checker', () => {
  it('finds each file its unit: a subfolder of a wildcard, a literal folder before the wildcard', () => {
    expect(unitOf(TOY, 'mid/cat/index.ts')?.unit).toBe('mid/cat/');
    expect(unitOf(TOY, 'mid/shared/x.ts')?.unit).toBe('mid/shared/');
    expect(unitOf(TOY, 'lib/a/deep/x.ts')?.unit).toBe('lib/a/');
    expect(unitOf(TOY, 'elsewhere/x.ts')).toBeUndefined();
  });

  it('accepts imports that point down, within a unit, or of an allowed Node module', () => {
    const files = ['mid/cat/index.ts', 'mid/cat/x.ts', 'lib/a/x.ts'];
    const edges = edgesOf('mid/cat/index.ts', "import { x } from './x.js';\nimport { a } from '../../lib/a/x.js';\nimport { Buffer } from 'node:buffer';\n");
    expect(checkEdges(TOY, files, edges)).toEqual([]);
  });

  it('fails on an upward import, naming the file and line', () => {
    const text = "// a deliberate upward import\nimport { y } from '../../mid/cat/index.js';\n";
    const v = checkEdges(TOY, ['lib/a/x.ts', 'mid/cat/index.ts'], edgesOf('lib/a/x.ts', text));
    expect(v.map((x) => x.message)).toEqual([
      "lib/a/x.ts:2 imports '../../mid/cat/index.js' from mid/cat/ (layer 'middle', above 'base'): imports must point down",
    ]);
  });

  it('fails on a type-only upward import too', () => {
    const text = "import type { T } from '../../top.js';\n";
    const v = checkEdges(TOY, ['mid/cat/x.ts', 'top.ts'], edgesOf('mid/cat/x.ts', text));
    expect(v.map((x) => x.message)).toEqual(["mid/cat/x.ts:1 imports '../../top.js' from top.ts (layer 'top', above 'middle'): imports must point down"]);
  });

  it('fails on an import of a peer unit of the same layer', () => {
    const text = "import { f } from '../ls/fields.js';\n";
    const v = checkEdges(TOY, ['mid/du/index.ts', 'mid/ls/fields.ts'], edgesOf('mid/du/index.ts', text));
    expect(v.map((x) => x.message)).toEqual(["mid/du/index.ts:1 imports '../ls/fields.js' from its peer mid/ls/: imports must point down"]);
  });

  it('reports a cycle across units', () => {
    const edges = [
      ...edgesOf('lib/a/x.ts', "import { b } from '../b/y.js';\n"),
      ...edgesOf('lib/b/y.ts', "\nimport { a } from '../a/x.js';\n"),
    ];
    const v = checkEdges(TOY, ['lib/a/x.ts', 'lib/b/y.ts'], edges).map((x) => x.message);
    expect(v).toContain("lib/a/x.ts:1 imports '../b/y.js' from its peer lib/b/: imports must point down");
    expect(v).toContain('import cycle across units: lib/a/ -> lib/b/ -> lib/a/ (lib/a/x.ts:1)');
  });

  it('fails on a Node module the layer may not use, however it is spelled', () => {
    for (const spec of ['node:fs', 'fs', 'fs/promises', 'node:child_process']) {
      const v = checkEdges(TOY, ['mid/cat/index.ts'], edgesOf('mid/cat/index.ts', `import * as m from '${spec}';\n`));
      expect(v).toHaveLength(1);
      expect(v[0]!.message).toMatch(/^mid\/cat\/index\.ts:1 imports node:(fs|child_process), which layer 'middle' may not use$/);
    }
    const dynamic = checkEdges(TOY, ['lib/a/x.ts'], edgesOf('lib/a/x.ts', "const net = await import('node:net');\n"));
    expect(dynamic.map((x) => x.message)).toEqual(["lib/a/x.ts:1 imports node:net, which layer 'base' may not use"]);
  });

  it('fails on a file outside every layer', () => {
    expect(checkEdges(TOY, ['stray/x.ts'], []).map((x) => x.message)).toEqual(['stray/x.ts belongs to no layer: add its folder to LAYERS']);
  });

  it('lists the real layers bottom first, each unit once', () => {
    const units = LAYERS.flatMap((l) => l.units);
    expect(new Set(units).size).toBe(units.length);
  });
});
