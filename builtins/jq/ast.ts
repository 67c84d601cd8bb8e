// The jq program as a tree: what parser.ts builds and compile.ts turns into closures. The node
// kinds follow jq 1.7.1's grammar (src/parser.y) closely enough that each compiles to one closure.

import type { Json } from './value.js';

export type Pattern =
  | { k: 'var'; name: string }
  | { k: 'array'; items: Pattern[] }
  | { k: 'object'; entries: { key: Ast; bind?: string; pat?: Pattern }[] };

export interface FuncDef {
  name: string;
  /** parameter names; a `$name` parameter keeps its `$` */
  params: string[];
  body: Ast;
}

export type BinOp = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=';
export type AssignOp = '=' | '|=' | '+=' | '-=' | '*=' | '/=' | '%=' | '//=';

export type Ast =
  | { k: 'identity' }
  | { k: 'recurse' }
  | { k: 'index'; target: Ast; key: Ast; opt: boolean }
  | { k: 'slice'; target: Ast; from: Ast | null; to: Ast | null; opt: boolean }
  | { k: 'iterate'; target: Ast; opt: boolean }
  | { k: 'literal'; v: Json }
  | { k: 'str'; fmt: string; parts: (string | Ast)[] }
  | { k: 'format'; name: string }
  | { k: 'array'; body: Ast | null }
  | { k: 'object'; entries: { key: Ast; value: Ast }[] }
  | { k: 'neg'; e: Ast }
  | { k: 'pipe'; l: Ast; r: Ast }
  | { k: 'comma'; l: Ast; r: Ast }
  | { k: 'binop'; op: BinOp; l: Ast; r: Ast }
  | { k: 'and'; l: Ast; r: Ast }
  | { k: 'or'; l: Ast; r: Ast }
  | { k: 'alt'; l: Ast; r: Ast }
  | { k: 'assign'; op: AssignOp; l: Ast; r: Ast }
  | { k: 'if'; cond: Ast; then: Ast; else: Ast | null }
  | { k: 'try'; body: Ast; handler: Ast | null }
  | { k: 'reduce'; src: Ast; pat: Pattern; init: Ast; update: Ast }
  | { k: 'foreach'; src: Ast; pat: Pattern; init: Ast; update: Ast; extract: Ast | null }
  | { k: 'as'; src: Ast; pats: Pattern[]; body: Ast }
  | { k: 'label'; name: string; body: Ast }
  | { k: 'break'; name: string; at: number }
  | { k: 'var'; name: string; at: number }
  | { k: 'call'; name: string; args: Ast[]; at: number }
  | { k: 'def'; def: FuncDef; body: Ast };
