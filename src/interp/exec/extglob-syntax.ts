// bash parses `@(…) !(…) ?(…) *(…) +(…)` only while `shopt extglob` is on (off by default in a
// script): otherwise the `(` is a syntax error, found when bash reads that command line, before
// any of it runs, and the script ends with status 2. Our parser always reads extended globs, so
// the interpreter checks each top-level command line before running it.
// `[[ … ]]` always allows them (bash turns extglob on while parsing it), and so do the words of
// `${x/…/…}` operators and backquoted command substitutions, which bash parses apart (when they
// run). `$(…)` and `<(…)` are parsed with the line that holds them, so their extended globs are
// that line's syntax error too.

import type { Node } from '../../syntax/ast.js';

/** subtrees bash parses with extglob on, or separately */
const SKIP = new Set(['TestClause', 'ParamExp', 'SglQuoted']);

const cache = new WeakMap<object, Node | null>();

/**
 * False when `src` cannot hold an extended glob (no `@( !( ?( *( +(` anywhere): most scripts, and
 * then the AST walk below is skipped — it cost ~10% of a small in-process run.
 */
export function mayHoldExtGlob(src: string): boolean {
  return EXTGLOB_OPENER.test(src);
}
const EXTGLOB_OPENER = /[@!?*+]\(/;

/** the first extended glob in `node` that bash's parser would reject with extglob off */
export function firstExtGlob(node: unknown): Node | null {
  if (!node || typeof node !== 'object') return null;
  const hit = cache.get(node);
  if (hit !== undefined) return hit;
  let found: Node | null = null;
  const t = (node as { type?: string }).type;
  if (t === 'ExtGlob') found = node as Node;
  else if (t === undefined || (!SKIP.has(t) && !(t === 'CmdSubst' && (node as { Backquotes?: boolean }).Backquotes))) {
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const v of children) {
      if (v && typeof v === 'object') found = firstExtGlob(v);
      if (found) break;
    }
  }
  cache.set(node, found);
  return found;
}

/**
 * Whether `node` holds, at `pos`, an array literal (`x=(…)`): bash reads one with a parser of its
 * own (parse_compound_assignment) whose error drops the line, sets $? to 1 and lets the script go on.
 */
export function inArrayLiteral(node: unknown, pos: number): boolean {
  if (!node || typeof node !== 'object') return false;
  const n = node as { type?: string; Pos?: number; End?: number };
  if (n.type !== undefined && n.Pos !== undefined && n.End !== undefined) {
    if (pos < n.Pos || pos >= n.End) return false;
    if (n.type === 'ArrayExpr') return true;
  }
  const children = Array.isArray(node) ? node : Object.values(node);
  return children.some((v) => inArrayLiteral(v, pos));
}

/** bash's two lines for it: the error, then the command line that holds it */
export function extglobSyntaxMessage(line: number, lineText: string): string {
  return `line ${line}: syntax error near unexpected token \`('\nline ${line}: \`${lineText}'`;
}
