// Static facts the compiler needs: which expressions and functions must run asynchronously (they
// read input, run commands or call a function that does), and which function parameters are used
// as arrays (an untyped variable passed there becomes an array in the caller too).

import type { Expr, FuncDef, Program, Stmt } from './ast.js';

const IO_BUILTINS = new Set(['system', 'close', 'fflush']);

export interface Analysis {
  asyncFuncs: Set<string>;
  /** function name → which params are used as arrays */
  arrayParams: Map<string, boolean[]>;
  needsAsync(e: Expr): boolean;
  /** how many times each name is read as a plain variable (typeof: untyped vs unassigned) */
  varRefs: Map<string, number>;
}

function eachChild(e: Expr, f: (c: Expr) => void): void {
  switch (e.k) {
    case 'num': case 'str': case 'regex': case 'var':
      return;
    case 'index': e.subs.forEach(f); return;
    case 'field': case 'paren': case 'neg': case 'plus': case 'not': f(e.e); return;
    case 'group': case 'concat': e.items.forEach(f); return;
    case 'assign': f(e.lhs); f(e.rhs); return;
    case 'cond': f(e.c); f(e.a); f(e.b); return;
    case 'and': case 'or': case 'bin': case 'cmp': f(e.a); f(e.b); return;
    case 'in': e.subs.forEach(f); return;
    case 'match': f(e.a); f(e.re); return;
    case 'incdec': f(e.lv); return;
    case 'call': case 'builtin': e.args.forEach(f); return;
    case 'getline': if (e.lv) f(e.lv); if (e.from) f(e.from); return;
  }
}

export function stmtExprs(s: Stmt, f: (e: Expr) => void, g: (s: Stmt) => void): void {
  switch (s.k) {
    case 'expr': f(s.e); return;
    case 'print': case 'printf': s.args.forEach(f); if (s.redir) f(s.redir.target); return;
    case 'if': f(s.c); g(s.a); if (s.b) g(s.b); return;
    case 'while': case 'do': f(s.c); g(s.body); return;
    case 'for': if (s.init) g(s.init); if (s.c) f(s.c); if (s.step) g(s.step); g(s.body); return;
    case 'forin': f(s.v); g(s.body); return;
    case 'block': s.body.forEach(g); return;
    case 'exit': case 'return': if (s.e) f(s.e); return;
    case 'delete': if (s.subs) s.subs.forEach(f); return;
    default: return;
  }
}

function walkStmts(body: Stmt[], onExpr: (e: Expr) => void, onStmt?: (s: Stmt) => void): void {
  const ex = (e: Expr): void => {
    onExpr(e);
    eachChild(e, ex);
  };
  const st = (s: Stmt): void => {
    onStmt?.(s);
    stmtExprs(s, ex, st);
  };
  body.forEach(st);
}

export function analyze(prog: Program): Analysis {
  const asyncFuncs = new Set<string>();
  const direct = (e: Expr): boolean =>
    e.k === 'getline' || (e.k === 'builtin' && IO_BUILTINS.has(e.name)) || (e.k === 'call' && asyncFuncs.has(e.name));
  const funcIsAsync = (f: FuncDef): boolean => {
    let found = false;
    walkStmts(f.body, (e) => {
      if (direct(e)) found = true;
    }, (s) => {
      if ((s.k === 'print' || s.k === 'printf') && s.redir !== null) found = true;
    });
    return found;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of prog.funcs.values()) {
      if (!asyncFuncs.has(f.name) && funcIsAsync(f)) {
        asyncFuncs.add(f.name);
        changed = true;
      }
    }
  }
  const memo = new WeakMap<Expr, boolean>();
  const needsAsync = (e: Expr): boolean => {
    let r = memo.get(e);
    if (r !== undefined) return r;
    r = direct(e);
    if (!r) eachChild(e, (c) => {
      if (!r && needsAsync(c)) r = true;
    });
    memo.set(e, r);
    return r;
  };

  const arrayParams = new Map<string, boolean[]>();
  for (const f of prog.funcs.values()) arrayParams.set(f.name, f.params.map(() => false));
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of prog.funcs.values()) {
      const marks = arrayParams.get(f.name)!; // set for every function just above
      const mark = (name: string): void => {
        const i = f.params.indexOf(name);
        if (i >= 0 && !marks[i]) {
          marks[i] = true;
          changed = true;
        }
      };
      walkStmts(f.body, (e) => {
        if (e.k === 'index') mark(e.name);
        else if (e.k === 'in') mark(e.arr);
        else if (e.k === 'builtin') {
          const arrArg = ARRAY_ARGS[e.name];
          if (arrArg !== undefined) for (const k of arrArg) {
            const a = e.args[k];
            if (a?.k === 'var') mark(a.name);
          }
        } else if (e.k === 'call') {
          const callee = arrayParams.get(e.name);
          e.args.forEach((a, k) => {
            if (a.k === 'var' && callee?.[k] === true) mark(a.name);
          });
        }
      }, (s) => {
        if (s.k === 'forin') mark(s.arr);
        else if (s.k === 'delete') mark(s.name);
      });
    }
  }
  const varRefs = new Map<string, number>();
  const count = (e: Expr): void => {
    if (e.k === 'var') varRefs.set(e.name, (varRefs.get(e.name) ?? 0) + 1);
  };
  for (const r of prog.rules) {
    if (r.pattern.k === 'expr') walkStmts([{ k: 'expr', e: r.pattern.e }], count);
    if (r.pattern.k === 'range') walkStmts([{ k: 'expr', e: r.pattern.from }, { k: 'expr', e: r.pattern.to }], count);
    if (r.action !== null) walkStmts(r.action, count);
  }
  for (const f of prog.funcs.values()) walkStmts(f.body, count);
  return { asyncFuncs, arrayParams, needsAsync, varRefs };
}

/** the builtins' argument positions that take an array */
export const ARRAY_ARGS: Record<string, number[]> = {
  split: [1, 3], patsplit: [1, 3], match: [2], asort: [0, 1], asorti: [0, 1], length: [], isarray: [], typeof: [],
};
