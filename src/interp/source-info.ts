// Facts about the source text that closures need at run time: the line of each statement
// ($LINENO), the text of function definitions (declare -f), of redirect words (ambiguous redirect
// messages) and of arithmetic expressions (bash's error messages). Filled by one walk over the AST
// when a script (or an eval/source text) is compiled.

import type { File, Node } from '../syntax/ast.js';
import { arithSources } from './arith-bridge.js';

const lines = new WeakMap<object, number>();
const texts = new WeakMap<object, string>();
const endLines = new WeakMap<object, number>();
const heredocs = new WeakMap<object, string>();

/** nodes whose source text closures need (messages, the function printer) */
const TEXT_NODES = new Set([
  'FuncDecl', 'Word', 'Assign', 'TestClause', 'ArithmCmd', 'DeclClause', 'LetClause', 'CoprocClause',
  // set -x shows a C-style loop's parts as written
  'CStyleLoop',
]);

const ARITH_FIELDS: Record<string, readonly string[]> = {
  ArithmExp: ['X'],
  ArithmCmd: ['X'],
  CStyleLoop: ['Init', 'Cond', 'Post'],
  Slice: ['Offset', 'Length'],
  ParamExp: ['Index'],
  Assign: ['Index'],
  ArrayElem: ['Index'],
};

/** an expression's text as bash quotes it in errors: with the blanks that follow it */
function arithText(src: string, x: Node): string {
  let end = x.End;
  while (end < src.length && (src[end] === ' ' || src[end] === '\t')) end++;
  return src.slice(x.Pos, end);
}

function lineStarts(src: string): number[] {
  const out = [0];
  for (let i = 0; i < src.length; i++) if (src.charCodeAt(i) === 10) out.push(i + 1);
  return out;
}

function lineAt(starts: number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** walk the tree once, recording lines, texts and arithmetic sources; lineBase offsets $LINENO */
export function registerSource(file: File | Node, src: string, lineBase = 0): void {
  const starts = lineStarts(src);
  const stack: unknown[] = [file];
  while (stack.length) {
    const n = stack.pop();
    if (!n || typeof n !== 'object') continue;
    if (Array.isArray(n)) {
      for (const x of n) stack.push(x);
      continue;
    }
    const node = n as Record<string, unknown> & { type?: string; Pos?: number; End?: number };
    const t = node.type;
    if (t === 'Stmt') {
      lines.set(node, lineAt(starts, node.Pos as number) + lineBase);
      endLines.set(node, lineAt(starts, Math.max(0, (node.End as number) - 1)) + lineBase);
    }
    else if (t === 'Redirect' && node.Hdoc) {
      const parts = (node.Hdoc as { Parts: Node[] }).Parts;
      if (parts.length) heredocs.set(node.Hdoc as object, src.slice(parts[0]!.Pos, parts[parts.length - 1]!.End));
    }
    else if (t !== undefined && TEXT_NODES.has(t)) {
      texts.set(node, src.slice(node.Pos as number, node.End as number));
      // let's expressions are quoted in its errors (`let: 1/0: division by 0 (error token…`)
      if (t === 'LetClause') {
        for (const x of node.Exprs as Node[]) arithSources.set(x, { text: arithText(src, x), offset: x.Pos, shellWord: true });
      }
    }
    if (t !== undefined) {
      const fields = ARITH_FIELDS[t];
      if (fields) {
        for (const f of fields) {
          const x = node[f] as Node | null | undefined;
          if (x && typeof x === 'object') {
            arithSources.set(x, { text: arithText(src, x), offset: x.Pos });
            if (!texts.has(x)) texts.set(x, src.slice(x.Pos, x.End));
          }
        }
      }
    }
    for (const k in node) {
      const v = node[k];
      if (v && typeof v === 'object') stack.push(v);
    }
  }
}

export const info = {
  lineOf(n: object): number {
    return lines.get(n) ?? 0;
  },
  /** the line a statement ends on */
  endLineOf(n: object): number {
    return endLines.get(n) ?? 0;
  },
  /** the raw body of a here-document (for quoted delimiters) */
  heredocText(n: object): string {
    return heredocs.get(n) ?? '';
  },
  textOf(n: object): string {
    return texts.get(n) ?? '';
  },
};
