// Where nodes end, set as each node is completed (mvdan/sh's End() rules), so no extra walk over
// the AST is needed after parsing.

import type { Assign, Stmt, Word } from './ast.js';

export function finishStmt(s: Stmt): void {
  s.Pos = s.Position;
  if (s.Semicolon >= 0) {
    s.End = s.Semicolon + 1;
    return;
  }
  let end = s.Negated ? s.Position + 1 : s.Position;
  if (s.Cmd !== null) end = s.Cmd.End;
  // as mvdan/sh: only the last redirection can extend the statement
  const n = s.Redirs.length;
  if (n > 0 && s.Redirs[n - 1]!.End > end) end = s.Redirs[n - 1]!.End;
  s.End = end;
}

export function finishWord(w: Word): Word {
  const n = w.Parts.length;
  if (n > 0) {
    w.Pos = w.Parts[0]!.Pos;
    w.End = w.Parts[n - 1]!.End;
  }
  return w;
}

export function finishAssign(a: Assign): Assign {
  a.Pos = a.Name !== null ? a.Name.Pos : a.Value !== null ? a.Value.Pos : 0;
  if (a.Value !== null) a.End = a.Value.End;
  else if (a.Array !== null) a.End = a.Array.End;
  else if (a.Index !== null) a.End = a.Index.End + 2;
  else if (a.Naked && a.Name !== null) a.End = a.Name.End;
  else a.End = (a.Name !== null ? a.Name.End : a.Pos) + 1;
  return a;
}

export function lastEnd(list: readonly { End: number }[], fallback: number): number {
  return list.length > 0 ? list[list.length - 1]!.End : fallback;
}
