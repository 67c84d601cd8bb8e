// awk's syntax tree: what the parser makes and the compiler (compile.ts) turns into closures.

export type Expr =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'regex'; src: string } // a bare /re/: `$0 ~ /re/` unless an operand of ~ or a regex argument
  | { k: 'var'; name: string }
  | { k: 'index'; name: string; subs: Expr[] }
  | { k: 'field'; e: Expr }
  | { k: 'group'; items: Expr[] } // `(a, b)`: only as print's list or before `in`
  | { k: 'paren'; e: Expr }
  | { k: 'assign'; op: string; lhs: Expr; rhs: Expr }
  | { k: 'cond'; c: Expr; a: Expr; b: Expr }
  | { k: 'and' | 'or'; a: Expr; b: Expr }
  | { k: 'in'; subs: Expr[]; arr: string }
  | { k: 'match'; neg: boolean; a: Expr; re: Expr }
  | { k: 'cmp'; op: string; a: Expr; b: Expr }
  | { k: 'concat'; items: Expr[] }
  | { k: 'bin'; op: string; a: Expr; b: Expr }
  | { k: 'neg' | 'plus' | 'not'; e: Expr }
  | { k: 'incdec'; pre: boolean; delta: 1 | -1; lv: Expr }
  | { k: 'call'; name: string; args: Expr[]; pos: number }
  | { k: 'builtin'; name: string; args: Expr[]; pos: number }
  | { k: 'getline'; lv: Expr | null; src: 'plain' | 'file' | 'cmd'; from: Expr | null };

export type Redirect = { mode: '>' | '>>' | '|'; target: Expr } | null;

export type Stmt =
  | { k: 'expr'; e: Expr }
  | { k: 'print'; args: Expr[]; redir: Redirect }
  | { k: 'printf'; args: Expr[]; redir: Redirect }
  | { k: 'if'; c: Expr; a: Stmt; b: Stmt | null }
  | { k: 'while'; c: Expr; body: Stmt }
  | { k: 'do'; body: Stmt; c: Expr }
  | { k: 'for'; init: Stmt | null; c: Expr | null; step: Stmt | null; body: Stmt }
  | { k: 'forin'; v: Expr; arr: string; body: Stmt }
  | { k: 'block'; body: Stmt[] }
  | { k: 'next' | 'nextfile' | 'break' | 'continue' }
  | { k: 'exit'; e: Expr | null }
  | { k: 'return'; e: Expr | null }
  | { k: 'delete'; name: string; subs: Expr[] | null }
  | { k: 'getlineStmt' };

export type Pattern =
  | { k: 'BEGIN' | 'END' | 'BEGINFILE' | 'ENDFILE' }
  | { k: 'all' }
  | { k: 'expr'; e: Expr }
  | { k: 'range'; from: Expr; to: Expr };

export interface Rule {
  pattern: Pattern;
  /** null: `{ print }` */
  action: Stmt[] | null;
  /** where the rule starts in the joined program text (runtime errors name its line) */
  pos?: number;
}

export interface FuncDef {
  name: string;
  params: string[];
  body: Stmt[];
}

export interface Program {
  rules: Rule[];
  funcs: Map<string, FuncDef>;
}
