// Facts about the source text that closures need at run time: the line of each statement
// ($LINENO), the text of function definitions (declare -f), of redirect words (ambiguous redirect
// messages) and of arithmetic expressions (bash's error messages). Filled by one walk over the AST
// when a script (or an eval/source text) is compiled.

import type { File, Node } from '../../syntax/ast.js';
import { lineAt, lineStarts } from '../../syntax/positions.js';
import type { ArithSource } from '../arith/evaluate.js';

/** the source text of arithmetic expressions, registered at compile time (bash's messages quote it) */
export const arithSources = new WeakMap<object, ArithSource>();

const lines = new WeakMap<object, number>();
const texts = new WeakMap<object, string>();
const endLines = new WeakMap<object, number>();
const heredocs = new WeakMap<object, string>();
const substLines = new WeakMap<object, number>();
/** a bad `${…}` → the text bash quotes in its "bad substitution": the whole string it sits in */
const badSubstTexts = new WeakMap<object, string>();

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

type Span = { Pos: number; End: number; OpPos?: number };

/**
 * A statement's $LINENO, as bash's parser sets it: the line it has read to when it reduces the
 * command, one token past a simple command's first word (so `echo \<newline> $LINENO` and
 * `echo "a<newline>b"` take the later line), the end of a first assignment or redirection
 * (`x=$((1 +<newline>2))` its last line, `a=1 \<newline> b=$LINENO` its first), the closing
 * `))` or `]]` for `(( ))` and `[[ ]]`; the first line for everything else.
 */
function stmtLine(starts: number[], st: Record<string, unknown>): number {
  const cmd = st.Cmd as (Span & { type: string; Assigns?: Span[]; Args?: Span[] }) | null;
  if (cmd !== null && (cmd.type === 'ArithmCmd' || cmd.type === 'TestClause')) return lineAt(starts, Math.max(0, cmd.End - 1));
  if (cmd === null || cmd.type !== 'CallExpr') return lineAt(starts, st.Pos as number);
  // the first two of the command's assignments, words and redirections, in source order
  let first: Span | null = null;
  let second: Span | null = null;
  const consider = (x: Span): void => {
    if (first === null || x.Pos < first.Pos) {
      second = first;
      first = x;
    } else if (second === null || x.Pos < second.Pos) second = x;
  };
  for (const a of cmd.Assigns ?? []) consider(a);
  for (const w of cmd.Args ?? []) consider(w);
  for (const r of (st.Redirs as Span[] | undefined) ?? []) consider(r);
  const a = first as Span | null;
  const b = second as Span | null;
  if (a === null) return lineAt(starts, st.Pos as number);
  // only a first word needs the lookahead (it could start a function definition, `f ()`); a
  // first assignment or redirection is reduced where it ends
  if (b === null || a !== (cmd.Args?.[0] ?? null)) return lineAt(starts, Math.max(0, a.End - 1));
  // a redirection as the lookahead is its operator token; a word or assignment, all of it
  return lineAt(starts, b.OpPos !== undefined ? b.OpPos : Math.max(0, b.End - 1));
}

/**
 * bash names a bad substitution by the string it expands: a word's text (quotes and all), or the
 * inside of the double quotes it is in (`"a${x!}b"` → `a${x!}b: bad substitution`)
 */
function noteBadSubsts(node: Record<string, unknown>, src: string, body?: string): void {
  const parts = node.Parts as { type: string; Invalid?: string; Exp?: { Op: string } | null }[] | undefined;
  if (parts === undefined || (body === undefined && heredocs.has(node))) return;
  let text = body;
  for (const p of parts) {
    if (p.type !== 'ParamExp' || (p.Invalid === undefined && p.Exp?.Op !== '@')) continue;
    if (text === undefined) {
      const pos = node.Pos as number;
      const end = node.End as number;
      text = node.type === 'DblQuoted' ? src.slice(pos + (node.Dollar === true ? 2 : 1), end - 1) : src.slice(pos, end);
    }
    badSubstTexts.set(p, text);
  }
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
    if (t === 'Word' || t === 'DblQuoted') noteBadSubsts(node, src);
    if (t === 'Stmt') {
      lines.set(node, stmtLine(starts, node) + lineBase);
      endLines.set(node, lineAt(starts, Math.max(0, (node.End as number) - 1)) + lineBase);
    }
    else if (t === 'CmdSubst') {
      // where its own line numbers start: bash runs `$(…)` from its parsed text printed again,
      // which starts at the first command; a backquoted text as written
      const stmts = node.Stmts as { Pos: number }[];
      substLines.set(node, lineAt(starts, node.Backquotes || stmts.length === 0 ? (node.Pos as number) : stmts[0]!.Pos) + lineBase);
    }
    else if (t === 'Redirect' && node.Hdoc) {
      const parts = (node.Hdoc as { Parts: Node[] }).Parts;
      if (parts.length) {
        const body = src.slice(parts[0]!.Pos, parts[parts.length - 1]!.End);
        heredocs.set(node.Hdoc as object, body);
        // the body as bash reads it (`<<-` without its leading tabs, no delimiter line), whichever
        // node comes first
        let read = node.Op === '<<-' ? body.replace(/^\t+/gm, '') : body;
        const delim = node.Word as Span | undefined;
        const last = read.lastIndexOf('\n') + 1;
        if (delim && read.slice(last) === src.slice(delim.Pos, delim.End).replace(/['"\\]/g, '')) read = read.slice(0, last);
        noteBadSubsts(node.Hdoc as Record<string, unknown>, src, read);
      }
    }
    else if (t !== undefined && TEXT_NODES.has(t)) {
      texts.set(node, src.slice(node.Pos as number, node.End as number));
      // let's expressions are quoted in its errors (`let: 1/0: division by 0 (error token…`)
      if (t === 'LetClause') {
        // each is one shell word: the blanks after it separate arguments, they are not its text
        for (const x of node.Exprs as Node[]) arithSources.set(x, { text: src.slice(x.Pos, x.End), offset: x.Pos, shellWord: true });
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
  /** the line a command substitution's own numbering starts from (its first command's) */
  substLineOf(n: object): number {
    return substLines.get(n) ?? 0;
  },
  /** the raw body of a here-document (for quoted delimiters) */
  heredocText(n: object): string {
    return heredocs.get(n) ?? '';
  },
  /** the text bash names a bad `${…}` by (see noteBadSubsts), or undefined */
  badSubstTextOf(pe: object): string | undefined {
    return badSubstTexts.get(pe);
  },
  textOf(n: object): string {
    return texts.get(n) ?? '';
  },
};
