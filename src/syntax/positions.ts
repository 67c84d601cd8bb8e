// Fills every node's Pos/End after a successful parse, bottom-up, with mvdan/sh's Pos()/End()
// rules (so statement spans match the oracle byte for byte once converted to UTF-8 offsets).
// Also: line/column helpers for messages (columns count UTF-8 bytes, as mvdan/sh does).

import type {
  ArithmExpr, Assign, Command, File, Node, Redirect, Stmt, TestExpr, Word, WordPart,
} from './ast.js';

function lastEnd(list: readonly Node[], fallback: number): number {
  return list.length > 0 ? list[list.length - 1].End : fallback;
}

function fillStmts(list: readonly Stmt[]): void {
  for (const s of list) fillStmt(s);
}

export function fillFile(f: File): void {
  fillStmts(f.Stmts);
  if (f.Stmts.length > 0) {
    f.Pos = f.Stmts[0].Pos;
    f.End = f.Stmts[f.Stmts.length - 1].End;
  }
}

export function fillStmt(s: Stmt): void {
  s.Pos = s.Position;
  let end = s.Position;
  if (s.Semicolon >= 0) {
    end = s.Semicolon + 1;
  } else {
    if (s.Negated) end = s.Position + 1;
    if (s.Cmd !== null) {
      fillCmd(s.Cmd);
      end = s.Cmd.End;
    }
  }
  if (s.Semicolon >= 0 && s.Cmd !== null) fillCmd(s.Cmd);
  for (const r of s.Redirs) fillRedir(r);
  // as mvdan/sh: only the last redirection can extend the statement
  const lastRedir = s.Redirs.length > 0 ? s.Redirs[s.Redirs.length - 1] : null;
  if (s.Semicolon < 0 && lastRedir !== null && lastRedir.End > end) end = lastRedir.End;
  s.End = end;
}

function fillRedir(r: Redirect): void {
  if (r.N !== null) fillPart(r.N);
  fillWord(r.Word);
  r.Pos = r.N !== null ? r.N.Pos : r.OpPos;
  r.End = r.Word.End;
  if (r.Hdoc !== null) {
    fillWord(r.Hdoc);
    r.End = r.Hdoc.End;
  }
}

function fillAssign(a: Assign): void {
  if (a.Name !== null) fillPart(a.Name);
  if (a.Index !== null) fillArith(a.Index);
  if (a.Value !== null) fillWord(a.Value);
  if (a.Array !== null) {
    const arr = a.Array;
    for (const e of arr.Elems) {
      if (e.Index !== null) fillArith(e.Index);
      if (e.Value !== null) fillWord(e.Value);
      e.Pos = e.Index !== null ? e.Index.Pos - 1 : e.Value !== null ? e.Value.Pos : arr.Lparen;
      e.End = e.Value !== null ? e.Value.End : e.Index !== null ? e.Index.End + 2 : e.Pos;
    }
    arr.Pos = arr.Lparen;
    arr.End = arr.Rparen + 1;
  }
  a.Pos = a.Name !== null ? a.Name.Pos : a.Value !== null ? a.Value.Pos : 0;
  if (a.Value !== null) a.End = a.Value.End;
  else if (a.Array !== null) a.End = a.Array.End;
  else if (a.Index !== null) a.End = a.Index.End + 2;
  else if (a.Naked && a.Name !== null) a.End = a.Name.End;
  else a.End = (a.Name !== null ? a.Name.End : a.Pos) + 1;
}

function fillCmd(c: Command): void {
  switch (c.type) {
    case 'CallExpr':
      for (const a of c.Assigns) fillAssign(a);
      for (const w of c.Args) fillWord(w);
      c.Pos = c.Assigns.length > 0 ? c.Assigns[0].Pos : c.Args.length > 0 ? c.Args[0].Pos : 0;
      c.End = c.Args.length > 0 ? lastEnd(c.Args, 0) : lastEnd(c.Assigns, 0);
      break;
    case 'BinaryCmd':
      fillStmt(c.X);
      fillStmt(c.Y);
      c.Pos = c.X.Pos;
      c.End = c.Y.End;
      break;
    case 'IfClause':
      fillStmts(c.Cond);
      fillStmts(c.Then);
      if (c.Else !== null) fillCmd(c.Else);
      c.Pos = c.Position;
      c.End = c.FiPos + 2;
      break;
    case 'WhileClause':
      fillStmts(c.Cond);
      fillStmts(c.Do);
      c.Pos = c.WhilePos;
      c.End = c.DonePos + 4;
      break;
    case 'ForClause': {
      const l = c.Loop;
      if (l.type === 'WordIter') {
        fillPart(l.Name);
        for (const w of l.Items) fillWord(w);
        l.Pos = l.Name.Pos;
        l.End = l.Items.length > 0 ? lastEnd(l.Items, 0) : l.InPos >= 0 ? l.InPos + 2 : l.Name.End;
      } else {
        if (l.Init !== null) fillArith(l.Init);
        if (l.Cond !== null) fillArith(l.Cond);
        if (l.Post !== null) fillArith(l.Post);
        l.Pos = l.Lparen;
        l.End = l.Rparen + 2;
      }
      fillStmts(c.Do);
      c.Pos = c.ForPos;
      c.End = c.DonePos + 4; // even for `for … { }`, as mvdan/sh does
      break;
    }
    case 'CaseClause':
      fillWord(c.Word);
      for (const it of c.Items) {
        for (const p of it.Patterns) fillWord(p);
        fillStmts(it.Stmts);
        it.Pos = it.Patterns.length > 0 ? it.Patterns[0].Pos : 0;
        it.End = it.OpPos >= 0 ? it.OpPos + it.Op.length : lastEnd(it.Stmts, lastEnd(it.Patterns, 0) + 1);
      }
      c.Pos = c.Case;
      c.End = c.Esac + 4;
      break;
    case 'Block':
      fillStmts(c.Stmts);
      c.Pos = c.Lbrace;
      c.End = c.Rbrace + 1;
      break;
    case 'Subshell':
      fillStmts(c.Stmts);
      c.Pos = c.Lparen;
      c.End = c.Rparen + 1;
      break;
    case 'FuncDecl':
      fillPart(c.Name);
      fillStmt(c.Body);
      c.Pos = c.Position;
      c.End = c.Body.End;
      break;
    case 'ArithmCmd':
      fillArith(c.X);
      c.Pos = c.Left;
      c.End = c.Right + 2;
      break;
    case 'TestClause':
      fillTest(c.X);
      c.Pos = c.Left;
      c.End = c.Right + 2;
      break;
    case 'DeclClause':
      fillPart(c.Variant);
      for (const a of c.Args) fillAssign(a);
      c.Pos = c.Variant.Pos;
      c.End = c.Args.length > 0 ? lastEnd(c.Args, 0) : c.Variant.End;
      break;
    case 'LetClause':
      for (const x of c.Exprs) fillArith(x);
      c.Pos = c.Let;
      c.End = lastEnd(c.Exprs, c.Let + 3);
      break;
    case 'TimeClause':
      if (c.Stmt !== null) fillStmt(c.Stmt);
      c.Pos = c.Time;
      c.End = c.Stmt !== null ? c.Stmt.End : c.Time + 4;
      break;
    case 'CoprocClause':
      if (c.Name !== null) fillWord(c.Name);
      fillStmt(c.Stmt);
      c.Pos = c.Coproc;
      c.End = c.Stmt.End;
      break;
  }
}

export function fillWord(w: Word): void {
  for (const p of w.Parts) fillPart(p);
  if (w.Parts.length > 0) {
    w.Pos = w.Parts[0].Pos;
    w.End = w.Parts[w.Parts.length - 1].End;
  }
}

function fillPart(p: WordPart): void {
  switch (p.type) {
    case 'Lit':
      p.Pos = p.ValuePos;
      p.End = p.ValueEnd;
      break;
    case 'SglQuoted':
      p.Pos = p.Left;
      p.End = p.Right + 1;
      break;
    case 'DblQuoted':
      for (const q of p.Parts) fillPart(q);
      p.Pos = p.Left;
      p.End = p.Right + 1;
      break;
    case 'ParamExp':
      fillPart(p.Param);
      if (p.Index !== null) fillArith(p.Index);
      if (p.Slice !== null) {
        if (p.Slice.Offset !== null) fillArith(p.Slice.Offset);
        if (p.Slice.Length !== null) fillArith(p.Slice.Length);
        p.Slice.End = p.Rbrace;
      }
      if (p.Repl !== null) {
        fillWord(p.Repl.Orig);
        if (p.Repl.With !== null) fillWord(p.Repl.With);
        p.Repl.End = p.Rbrace;
      }
      if (p.Exp !== null) {
        if (p.Exp.Word !== null) fillWord(p.Exp.Word);
        p.Exp.End = p.Rbrace;
      }
      p.Pos = p.Dollar;
      if (!p.Short) p.End = p.Rbrace + 1;
      else if (p.Index !== null) p.End = p.Index.End + 1;
      else p.End = p.Param.End;
      break;
    case 'CmdSubst':
      fillStmts(p.Stmts);
      p.Pos = p.Left;
      p.End = p.Right + 1;
      break;
    case 'ArithmExp':
      if (p.X !== null) fillArith(p.X);
      p.Pos = p.Left;
      p.End = p.Right + (p.Bracket ? 1 : 2);
      break;
    case 'ProcSubst':
      fillStmts(p.Stmts);
      p.Pos = p.OpPos;
      p.End = p.Rparen + 1;
      break;
    case 'ExtGlob':
      fillPart(p.Pattern);
      p.Pos = p.OpPos;
      p.End = p.Pattern.End + 1;
      break;
    case 'BraceExp':
      for (const w of p.Elems) fillWord(w);
      break;
  }
}

function fillArith(x: ArithmExpr): void {
  switch (x.type) {
    case 'BinaryArithm':
      fillArith(x.X);
      fillArith(x.Y);
      x.Pos = x.X.Pos;
      x.End = x.Y.End;
      break;
    case 'UnaryArithm':
      fillArith(x.X);
      if (x.Post) {
        x.Pos = x.X.Pos;
        x.End = x.OpPos + x.Op.length;
      } else {
        x.Pos = x.OpPos;
        x.End = x.X.End;
      }
      break;
    case 'ParenArithm':
      fillArith(x.X);
      x.Pos = x.Lparen;
      x.End = x.Rparen + 1;
      break;
    case 'Word':
      fillWord(x);
      break;
  }
}

function fillTest(x: TestExpr): void {
  switch (x.type) {
    case 'BinaryTest':
      fillTest(x.X);
      fillTest(x.Y);
      x.Pos = x.X.Pos;
      x.End = x.Y.End;
      break;
    case 'UnaryTest':
      fillTest(x.X);
      x.Pos = x.OpPos;
      x.End = x.X.End;
      break;
    case 'ParenTest':
      fillTest(x.X);
      x.Pos = x.Lparen;
      x.End = x.Rparen + 1;
      break;
    case 'Word':
      fillWord(x);
      break;
  }
}

export { fillArith };

// ------------------------------------------------------------------ lines and columns

/** Offsets at which each line starts (line 1 starts at 0). */
export function lineStarts(src: string): number[] {
  const starts = [0];
  let i = src.indexOf('\n');
  while (i >= 0) {
    starts.push(i + 1);
    i = src.indexOf('\n', i + 1);
  }
  return starts;
}

/** 1-based line of a JS offset, by binary search over line starts. */
export function lineAt(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** UTF-8 byte length of src[a, b); surrogate-escaped bytes (U+DC80–U+DCFF) count as one byte. */
export function utf8Len(src: string, a: number, b: number): number {
  // offsets past the end (mvdan/sh's `for … { }` span ends there) count one byte each
  let n = b > src.length ? b - Math.max(a, src.length) : 0;
  const stop = Math.min(b, src.length);
  for (let i = a; i < stop; i++) {
    const c = src.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const lo = src.charCodeAt(i + 1);
      if (i + 1 < stop && lo >= 0xdc00 && lo <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else if (c >= 0xdc80 && c <= 0xdcff) n += 1;
    else n += 3;
  }
  return n;
}

/** mvdan/sh's line and column (1-based; the column counts UTF-8 bytes) of a JS offset. */
export function lineCol(src: string, pos: number): { line: number; col: number } {
  let lineStart = 0;
  let line = 1;
  const end = Math.min(pos, src.length);
  for (let i = src.indexOf('\n'); i >= 0 && i < end; i = src.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: utf8Len(src, lineStart, end) + 1 + Math.max(0, pos - src.length) };
}
