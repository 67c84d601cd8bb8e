// The import graph of the production tree, read with TypeScript's own parser (so an import split
// over lines, a dynamic import() or an `export … from` counts, and a string that merely looks like
// one does not). Each edge keeps its line, for messages that name the offending import.

import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** importing file, relative to the repo */
  from: string;
  /** 1-based line of the import */
  line: number;
  /** the specifier as written */
  spec: string;
  /** resolved file (relative to the repo) for a relative specifier; undefined for a package */
  to?: string;
  /** `import type …` or every named binding `type`: erased at run time */
  typeOnly: boolean;
}

const isTestOnly = (f: string): boolean => /\.test\.[mc]?[jt]s$/.test(f) || /(^|\/)testing[^/]*\.[mc]?[jt]s$/.test(f);

/** production .ts files under `dirs` (tests and test-only helpers excluded), repo-relative */
export function productionFiles(repo: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  for (const dir of dirs) {
    const abs = path.join(repo, dir);
    if (!fs.existsSync(abs)) continue;
    if (fs.statSync(abs).isFile()) {
      out.push(dir);
      continue;
    }
    for (const ent of fs.readdirSync(abs, { withFileTypes: true, recursive: true })) {
      if (!ent.isFile() || !ent.name.endsWith('.ts') || ent.name.endsWith('.d.ts')) continue;
      const rel = path.relative(repo, path.join(ent.parentPath, ent.name));
      if (!isTestOnly(rel)) out.push(rel);
    }
  }
  return out.sort();
}

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined) return false;
  const bindings = clause.namedBindings;
  if (bindings === undefined || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

function resolve(repo: string, from: string, spec: string): string {
  const base = path.normalize(path.join(path.dirname(from), spec));
  for (const cand of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(path.join(repo, cand)) && fs.statSync(path.join(repo, cand)).isFile()) return cand;
  }
  return base;
}

/** every import, re-export and dynamic import() of `file` (repo-relative) */
export function importsOf(repo: string, file: string, text = fs.readFileSync(path.join(repo, file), 'utf8')): ImportEdge[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const edges: ImportEdge[] = [];
  const add = (node: ts.Node, spec: string, typeOnly: boolean): void => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    const edge: ImportEdge = { from: file, line, spec, typeOnly };
    if (spec.startsWith('.')) edge.to = resolve(repo, file, spec);
    edges.push(edge);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, typeOnlyImport(node));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, typeOnlyExport(node));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg !== undefined && ts.isStringLiteralLike(arg)) add(node, arg.text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}
