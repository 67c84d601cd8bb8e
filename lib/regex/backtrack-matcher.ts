// The Matcher (index.ts's interface) for the patterns that run on our backtracking matcher
// (backtrack.ts): back-references, the assertions V8 could only spell with lookaround, and
// patterns too large for V8. Before the step-counted search, a V8 RegExp of a superset of the
// pattern (each back-reference replaced by what its group matches, the lookarounds by weaker
// assertions or nothing) runs on the linear-time engine: a record it rejects cannot match, and
// where it matches first no match can start earlier. Most records of a grep never reach the
// backtracking matcher.

import type { Node } from './ast.js';
import { BacktrackMatcher } from './backtrack.js';
import { compileProgram, type ProgramOptions } from './backtrack-compile.js';
import { emitNode } from './emit.js';
import { newRegExp } from './engine.js';
import type { CompileResult, ExecMatch, Matcher } from './index.js';

/** nodes a superset may grow to by copying group bodies into back-references; past it, `.*` */
const SUPERSET_NODES = 20_000;
/** instructions past which a program goes without a superset (see backtrackingMatcher) */
const SUPERSET_MAX_PROGRAM = 100_000;

export function backtrackingMatcher(
  parsed: readonly { root: Node; groups: number }[],
  opts: ProgramOptions,
  warnings: readonly string[],
  checkpoint: ((units: number) => void) | undefined,
): CompileResult {
  const compiled = compileProgram(parsed, opts);
  if (!compiled.ok) return compiled;
  const vm = new BacktrackMatcher(compiled.program, checkpoint);
  const groups = parsed.reduce((sum, p) => sum + p.groups, 0);
  // the superset is only a hint for where to start: a program too big for V8 to take quickly
  // (a pattern of a megabyte) goes without one rather than spend a long unmetered V8 compile
  const sup = compiled.program.op.length > SUPERSET_MAX_PROGRAM ? null : superset(parsed, opts);
  const wordOnly = opts.wholeWord && !opts.wholeLine;
  const find = (record: string, from: number): Int32Array | null => {
    let hint = from;
    if (sup !== null) {
      sup.lastIndex = from;
      const m = sup.exec(record);
      if (m === null) return null;
      hint = m.index;
    }
    return vm.search(record, from, true, hint);
  };
  const matcher: Matcher = {
    blockRegex: null,
    literal: null,
    lineDfa: null,
    warnings,
    test(record) {
      if (sup !== null) {
        sup.lastIndex = 0;
        const m = sup.exec(record);
        if (m === null) return false;
        return vm.search(record, 0, false, m.index) !== null;
      }
      return vm.search(record, 0, false) !== null;
    },
    find(record, from) {
      const r = find(record, from);
      return r === null ? null : { start: r[0]!, end: r[1]! };
    },
    exec(record, from): ExecMatch | null {
      const r = find(record, from);
      if (r === null) return null;
      const start = r[0]!;
      const end = r[1]!;
      const out: (string | undefined)[] = [record.slice(start, end)];
      if (!wordOnly) for (let g = 1; g <= groups; g++) out.push(r[2 * g]! >= 0 && r[2 * g + 1]! >= 0 ? record.slice(r[2 * g], r[2 * g + 1]) : undefined);
      return { start, end, groups: out };
    },
  };
  return { ok: true, matcher };
}

/** a global RegExp (linear-engine-safe) matching wherever the pattern may match, or null */
function superset(parsed: readonly { root: Node; groups: number }[], opts: ProgramOptions): RegExp | null {
  const budget = { nodes: SUPERSET_NODES };
  const sources: string[] = [];
  for (const p of parsed) {
    const root = weaken(p.root, new Map(), opts, budget);
    const e = emitNode(root, { icase: opts.icase, eol: opts.eol, capture: false, groupOffset: 0, multiline: false });
    if (e.backtracking) return null;
    sources.push(e.source);
  }
  const body = sources.length === 1 ? sources[0]! : sources.map((s) => '(?:' + s + ')').join('|');
  const r = newRegExp(opts.wholeLine ? '^(?:' + body + ')$' : body, 'g');
  return r.ok ? r.re : null;
}

/** the pattern with back-references and lookaround-only assertions replaced by weaker forms */
function weaken(n: Node, groups: Map<number, Node>, opts: ProgramOptions, budget: { nodes: number }): Node {
  budget.nodes--;
  switch (n.type) {
    case 'backref': {
      const body = groups.get(n.group);
      if (body === undefined || budget.nodes < 0) return { type: 'repeat', min: 0, max: Infinity, body: { type: 'any' } };
      budget.nodes -= size(body);
      // the group's text, wherever it stands: its anchors said where the group was, not the copy
      return withoutAssertions(body);
    }
    case 'assert':
      if (n.kind === 'word-start' || n.kind === 'word-end') return { type: 'assert', kind: 'word-boundary' };
      if ((n.kind === 'bol' || n.kind === 'eol') && opts.multiline && n.buffer !== true) return { type: 'concat', items: [] };
      return n;
    case 'group': {
      const body = weaken(n.body, groups, opts, budget);
      groups.set(n.index, body);
      return { type: 'group', index: n.index, body };
    }
    case 'concat':
      return { type: 'concat', items: n.items.map((i) => weaken(i, groups, opts, budget)) };
    case 'alt':
      return { type: 'alt', alternatives: n.alternatives.map((a) => weaken(a, groups, opts, budget)) };
    case 'repeat':
      return { ...n, body: weaken(n.body, groups, opts, budget) };
    default:
      return n;
  }
}

function withoutAssertions(n: Node): Node {
  switch (n.type) {
    case 'assert':
      return { type: 'concat', items: [] };
    case 'group':
      return { type: 'group', index: n.index, body: withoutAssertions(n.body) };
    case 'concat':
      return { type: 'concat', items: n.items.map(withoutAssertions) };
    case 'alt':
      return { type: 'alt', alternatives: n.alternatives.map(withoutAssertions) };
    case 'repeat':
      return { ...n, body: withoutAssertions(n.body) };
    default:
      return n;
  }
}

function size(n: Node): number {
  switch (n.type) {
    case 'concat':
      return 1 + n.items.reduce((s, i) => s + size(i), 0);
    case 'alt':
      return 1 + n.alternatives.reduce((s, a) => s + size(a), 0);
    case 'group':
    case 'repeat':
      return 1 + size(n.body);
    default:
      return 1;
  }
}
