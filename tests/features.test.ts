// Keeps SHELL_FEATURES.md true, cheaply:
//  1. every command of builtins/registry.ts and every shell builtin of
//     src/interp/builtins/index.ts (and the interpreter's core builtins) has a ✅ row;
//  2. every ✅ row names at least one proof — a scenario directory/file or a *.test.ts — and every
//     proof named anywhere exists and holds at least one scenario or test;
//  3. every scenario feature directory (tests/scenarios/shell/<feature>/) is cited by some row, and
//     every tests/scenarios/cmd/<name>/ has a ✅ row for `name`, so a feature cannot be tested
//     without being documented;
//  4. no command appears as both ✅ and ❌.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { COMMANDS } from '../builtins/commands.js';
import { SHELL_BUILTINS } from '../src/interp/builtins/index.js';

const ROOT = join(import.meta.dirname, '..');
const DOC = readFileSync(join(ROOT, 'SHELL_FEATURES.md'), 'utf8');

interface Row {
  line: number;
  status: '✅' | '❌';
  feature: string;
  text: string;
  proofs: string[];
}

const PROOF = /(?:tests|src|builtins|allowedpaths)\/[\w./@+-]*[\w/]/g;

function parseRows(doc: string): Row[] {
  const rows: Row[] = [];
  doc.split('\n').forEach((text, i) => {
    const cells = text.split('|').map((c) => c.trim());
    // | status | feature | notes | proof |  → ['', status, feature, …, '']
    if (cells.length < 4 || (cells[1] !== '✅' && cells[1] !== '❌')) return;
    const proofCell = cells[cells.length - 2]!;
    rows.push({
      line: i + 1,
      status: cells[1] as Row['status'],
      feature: cells[2]!,
      text,
      proofs: [...proofCell.matchAll(PROOF)].map((m) => m[0]),
    });
  });
  return rows;
}

/** a proof path holds evidence: a scenario or a test file, directly or below it */
function holdsEvidence(rel: string): boolean {
  const full = join(ROOT, rel);
  if (!existsSync(full)) return false;
  const isEvidence = (name: string) => name.endsWith('.yaml') || name.endsWith('.test.ts');
  if (!statSync(full).isDirectory()) return isEvidence(full);
  const stack = [full];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) stack.push(join(dir, entry.name));
      else if (isEvidence(entry.name)) return true;
    }
  }
  return false;
}

const rows = parseRows(DOC);
const cited = (name: string) => rows.filter((r) => r.feature.includes('`' + name + '`'));

describe('SHELL_FEATURES.md', () => {
  test('has rows', () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  // a registered command works, so it needs a ✅ row (a ❌ "not available" row would be stale)
  const supported = (n: string) => cited(n).some((r) => r.status === '✅');

  test('lists every command of the registry as supported', () => {
    const missing = [...COMMANDS.keys()].filter((n) => !supported(n));
    expect(missing).toEqual([]);
  });

  test('lists every shell builtin as supported', () => {
    const names = [...SHELL_BUILTINS.keys()];
    const missing = names.filter((n) => !supported(n));
    expect(missing).toEqual([]);
  });

  test('every ✅ row cites a proof', () => {
    const unproven = rows.filter((r) => r.status === '✅' && r.proofs.length === 0).map((r) => `line ${r.line}: ${r.feature}`);
    expect(unproven).toEqual([]);
  });

  test('every cited proof exists and holds a scenario or a test', () => {
    const broken = rows.flatMap((r) => r.proofs.filter((p) => !holdsEvidence(p)).map((p) => `line ${r.line}: ${p}`));
    expect(broken).toEqual([]);
  });

  test('every scenario feature directory is cited', () => {
    const base = join(ROOT, 'tests/scenarios');
    const dirs: string[] = [];
    for (const top of ['shell', 'cmd']) {
      const d = join(base, top);
      if (!existsSync(d)) continue;
      for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) dirs.push(`tests/scenarios/${top}/${e.name}`);
    }
    const allProofs = rows.flatMap((r) => r.proofs);
    const citedDir = (d: string) => allProofs.some((p) => p === d || p === d + '/' || p.startsWith(d + '/'));
    // tests/scenarios/cmd/NAME/ is documented by the command's own ✅ row
    const commandDir = (d: string) => d.startsWith('tests/scenarios/cmd/') && supported(d.slice('tests/scenarios/cmd/'.length));
    const uncited = dirs.filter((d) => !citedDir(d) && !commandDir(d));
    expect(uncited).toEqual([]);
  });

  test('no command is both supported and blocked', () => {
    const both = [...COMMANDS.keys(), ...SHELL_BUILTINS.keys()].filter((n) => {
      const s = new Set(cited(n).map((r) => r.status));
      return s.has('✅') && s.has('❌');
    });
    expect(both).toEqual([]);
  });
});
