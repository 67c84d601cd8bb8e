// Shell arithmetic: evaluate an ArithmExpr (src/syntax/ast.ts) with bash 5.2 semantics.
//
//   evalArith(x, env, src?) → number | bigint        throws ArithError
//   evalArithText(text, env) → number | bigint       (a value or `let` argument given as text)
//   arithSyntaxError(text) → bash's syntax-error message for text our parser rejects, or null
//   formatInt(v) → string
//
// - 64-bit signed wrap-around; values are numbers within ±2^53 and bigints beyond (arith-int.ts).
// - Literals: decimal, 0NN octal, 0x hex, BASE#DIGITS (2..64: 0-9 a-z A-Z @ _).
// - A variable's value is itself an expression, evaluated recursively (depth limit 1024, bash's
//   `expression recursion level exceeded`); unset or empty is 0 (an error under `nounset`).
// - Array elements: in arithmetic the parser gives `a[i]` as a Word holding one short ParamExp
//   with an Index and no `$` (Dollar === Param.Pos, mvdan/sh's shape). `$x`, `${x}`, `$(…)` and
//   quoted words are expanded by env.expandWord and the text is evaluated as an expression.
// - Error messages are bash's without the `bash: line N:` prefix:
//   `1/0: division by 0 (error token is "0")`. The leading text and the error token are cut from
//   `src.text` (the expression as written) using node offsets; pass src for exact messages.

import type { ArithmExpr, BinaryArithm, ParamExp, UnaryArithm, Word } from '../../syntax/ast.js';
import * as I from './int.js';
import { arithSyntaxError, bashTokenSpacing } from './syntax-errors.js';
import { parseIntLiteral } from './literal.js';

export { formatInt } from './int.js';
export { parseIntLiteral } from './literal.js';
export type { Int } from './int.js';

export interface ArithEnv {
  /** a variable's value (element `index` of an array); undefined when unset */
  get(name: string, index?: string): string | undefined;
  /**
   * assign (element `index` of an array, its subscript written as `indexText`); may throw the
   * interpreter's own error (readonly)
   */
  set(name: string, value: string, index?: string, indexText?: string): void;
  /** expand a word that is not a plain literal ($x, ${x}, $(…), "…") to its text */
  expandWord(w: Word): string;
  /** parse arithmetic source; null (or an error message object) when it does not parse */
  parse(src: string): ArithmExpr | null | { message: string };
  isAssoc(name: string): boolean;
  /** print a message that does not stop the evaluation (bash's `a[@]: bad array subscript`) */
  warn(message: string): void;
  nounset?: boolean;
}

/** where the expression came from, for bash's error text */
export interface ArithSource {
  /** the expression as written (between `$((` and `))`, or the whole `let` argument) */
  text: string;
  /** the offset of text[0] in the coordinates of the AST positions */
  offset: number;
  /** a `let` argument: its quotes are the shell's, removed before the arithmetic reads it */
  shellWord?: boolean;
}

export class ArithError extends Error {
  constructor(
    message: string,
    /**
     * 'unbound' for nounset errors (bash treats them as fatal expansion errors); 'subscript' for an
     * error in an array subscript, which bash evaluates apart and whose failure abandons the
     * command line even in `((…))` and `let` (arrayfunc.c's jump_to_top_level)
     */
    readonly kind: 'error' | 'unbound' | 'subscript' = 'error',
  ) {
    super(message);
    this.name = 'ArithError';
  }
}

const MAX_RECURSION = 1024;

type Int = I.Int;

/** evaluation state for one top-level call: the source for messages and the recursion depth */
export interface Frame {
  env: ArithEnv;
  src: ArithSource | undefined;
  depth: number;
  /**
   * > 0 inside a branch that `&&`, `||` or `?:` skips. bash still evaluates it for syntax: literals
   * are checked and `**` rejects a negative exponent, but variables read as 0, nothing is assigned
   * and a division by zero is not an error.
   */
  noeval: number;
}

export function evalArith(x: ArithmExpr, env: ArithEnv, src?: ArithSource): Int {
  if (src !== undefined) {
    let dynamic = dynamicWordsOf.get(x);
    if (dynamic === undefined) {
      dynamic = findDynamicWords(x);
      dynamicWordsOf.set(x, dynamic);
    }
    // bash expands `$x`, `$(…)` and quotes in the expression's text before parsing it, so
    // x='1+2'; $(($x*3)) is 1+2*3 = 7, not (1+2)*3
    if (dynamic !== null) return evalText(substituteText(src, dynamic, env), { env, src: undefined, depth: 0, noeval: 0 });
  }
  return evaluate(x, { env, src, depth: 0, noeval: 0 });
}

/** per expression tree: the words that need expansion before parsing (null: none) */
const dynamicWordsOf = new WeakMap<object, Word[] | null>();

// SglQuoted too: bash keeps single quotes in the text, where its lexer rejects them (5.2)
const EXPANDING_PARTS = new Set(['CmdSubst', 'ArithmExp', 'DblQuoted', 'ProcSubst', 'SglQuoted']);

export function findDynamicWords(x: ArithmExpr, everyExpansion = false): Word[] | null {
  const found: Word[] = [];
  const walk = (n: ArithmExpr): void => {
    switch (n.type) {
      case 'Word':
        // an Unparsed word (text the parser could not read, bash-compat) is always evaluated as text
        if (n.Unparsed === true || n.Parts.some((p) => EXPANDING_PARTS.has(p.type) || (p.type === 'ParamExp' && (everyExpansion || !isBareElement(p))))) found.push(n);
        return;
      case 'ParenArithm':
        walk(n.X);
        return;
      case 'UnaryArithm':
        walk(n.X);
        return;
      case 'BinaryArithm':
        walk(n.X);
        walk(n.Y);
        return;
    }
  };
  walk(x);
  if (found.length === 0) return null;
  return found.sort((a, b) => a.Pos - b.Pos);
}

export function substituteText(src: ArithSource, words: Word[], env: ArithEnv): string {
  let out = '';
  let at = 0;
  for (const w of words) {
    const start = w.Pos - src.offset;
    const keep = src.shellWord !== true && w.Parts.some((p) => p.type === 'SglQuoted');
    out += src.text.slice(at, start) + (keep ? keepingSingleQuotes(w, env) : env.expandWord(w));
    at = w.End - src.offset;
  }
  return out + src.text.slice(at);
}

/** a word as bash expands it inside arithmetic: single-quoted parts keep their quotes */
function keepingSingleQuotes(w: Word, env: ArithEnv): string {
  return w.Parts.map((p) => (p.type === 'SglQuoted' ? `'${p.Value}'` : env.expandWord({ ...w, Parts: [p] }))).join('');
}

/** evaluate arithmetic given as text (a variable's value, `let` argument, array index) */
export function evalArithText(text: string, env: ArithEnv, depth = 0): Int {
  // a plain number (`[[ $i -lt 5 ]]`, an integer variable's value) needs no parse
  const q = quickDecimal(text);
  if (q >= 0) return q;
  return evalText(text, { env, src: undefined, depth, noeval: 0 });
}

// ---------------------------------------------------------------- errors

export function errorAt(f: Frame, pos: number | undefined, msg: string): ArithError {
  const src = f.src;
  if (!src) return new ArithError(msg);
  const at = pos === undefined ? 0 : Math.max(0, pos - src.offset);
  return new ArithError(`${src.text}: ${msg} (error token is "${src.text.slice(at)}")`);
}

/** bash reports a bad literal with the text cut at the literal's end and the literal as the token */
function errorAtToken(f: Frame, pos: number, end: number, msg: string): ArithError {
  const src = f.src;
  if (!src) return new ArithError(msg);
  const at = Math.max(0, pos - src.offset);
  const stop = Math.max(at, end - src.offset);
  return new ArithError(`${src.text.slice(0, stop)}: ${msg} (error token is "${src.text.slice(at, stop)}")`);
}

// ---------------------------------------------------------------- literals (arith-literal.ts)

/** a shell name (`[A-Za-z_][A-Za-z0-9_]*`); a char loop, as this runs for every operand in loops */
export function isIdent(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
    if (!letter && (i === 0 || c < 48 || c > 57)) return false;
  }
  return true;
}
const PLAIN_DECIMAL = /^\s*(-?)([1-9][0-9]{0,14}|0)\s*$/;

// ---------------------------------------------------------------- variables

/** a reference to a variable (and element) that can be read and assigned */
export interface VarRef {
  name: string;
  index: string | undefined;
  pos: number;
  /** `a[@]` / `a[*]` of an array that is not associative: bash's `bad array subscript`, read as 0 */
  bad?: boolean;
  /** the subscript as written (bash names a bad one so) */
  text?: string;
}

function varRefOf(x: ArithmExpr, f: Frame): VarRef | null {
  if (x.type !== 'Word' || x.Parts.length !== 1) return null;
  const p = x.Parts[0]!;
  if (p.type === 'Lit') return isIdent(p.Value) ? { name: p.Value, index: undefined, pos: x.Pos } : null;
  if (p.type === 'ParamExp' && isBareElement(p)) return elementRef(p, x.Pos, f);
  return null;
}

function elementRef(p: BareElement, pos: number, f: Frame): VarRef {
  const name = p.Param.Value;
  if (isAllElements(p, f) && !f.env.isAssoc(name)) return { name, index: p.Index.Parts[0].Value, pos, bad: true };
  const ref: VarRef = { name, index: undefined, pos };
  ref.index = indexKey(p, f, ref);
  return ref;
}

/** `a[i]` inside arithmetic: a short ParamExp without a `$` */
type BareElement = ParamExp & { Index: ArithmExpr };

function isBareElement(p: ParamExp): p is BareElement {
  return p.Short && p.Index !== null && p.Dollar === p.Param.Pos && !p.Excl && !p.Length;
}

/** the text between an element's brackets, with its `$x`, `$(…)` expanded as bash's subscripts are */
function subscriptText(src: ArithSource, p: BareElement, env: ArithEnv): string {
  const t = src.text;
  const start = p.Param.End - src.offset + 1;
  // the matching `]` (the node's End is not always past it: `a[ @ ]`)
  let end = start;
  for (let depth = 1; end < t.length; end++) {
    if (t[end] === '[') depth++;
    else if (t[end] === ']' && --depth === 0) break;
  }
  const words = findDynamicWords(p.Index);
  if (words === null) return t.slice(start, end);
  let out = '';
  let at = start;
  for (const w of words) {
    out += t.slice(at, w.Pos - src.offset) + env.expandWord(w);
    at = w.End - src.offset;
  }
  return out + t.slice(at, end);
}

/**
 * A subscript with no expansion in it (`a[i%10]`, not `a[$i]`) has the same text every time: its
 * text and the tree parsed from it, per node (null: the text must be read and evaluated anew).
 * Reading and parsing it at every evaluation made `s=$((s + a[i]))` loops ~1.8 times slower.
 */
const constantSubscripts = new WeakMap<ParamExp, { text: string; tree: ArithmExpr } | null>();

function constantSubscript(src: ArithSource, p: BareElement, env: ArithEnv): { text: string; tree: ArithmExpr } | null {
  let c = constantSubscripts.get(p);
  if (c !== undefined) return c;
  c = null;
  if (findDynamicWords(p.Index) === null) {
    const text = subscriptText(src, p, env);
    // evalText's own cases stay with it: blanks to strip, shell syntax, a text that does not parse
    if (text.trim() !== '' && text.charCodeAt(0) > 32 && !SHELL_SYNTAX.test(text)) {
      const parsed = env.parse(text);
      if (parsed !== null && 'type' in parsed) c = { text, tree: parsed as ArithmExpr };
    }
  }
  constantSubscripts.set(p, c);
  return c;
}

/** `a[@]` / `a[*]` exactly (bash: `a[ @ ]` is an arithmetic subscript, an error of its own) */
function isAllElements(p: BareElement, f: Frame): p is BareElement & { Index: Word & { Parts: [{ type: 'Lit'; Value: string }] } } {
  const ix = p.Index;
  if (ix.type !== 'Word' || ix.Parts.length !== 1 || ix.End - ix.Pos !== 1 || ix.Pos !== p.Param.End + 1) return false;
  if (f.src !== undefined && f.src.text[ix.End - f.src.offset] !== ']') return false;
  const only = ix.Parts[0]!;
  return only.type === 'Lit' && (only.Value === '@' || only.Value === '*');
}

function indexKey(p: BareElement, f: Frame, ref?: VarRef): string {
  const ix = p.Index;
  if (f.env.isAssoc(p.Param.Value)) {
    if (ix.type === 'Word') {
      const only = ix.Parts.length === 1 ? ix.Parts[0]! : null;
      return only?.type === 'Lit' ? only.Value : f.env.expandWord(ix);
    }
    if (f.src) return f.src.text.slice(ix.Pos - f.src.offset, ix.End - f.src.offset);
  }
  // bash reads no subscript in a branch it skips (expr_streval returns 0 at once)
  if (f.noeval) return '0';
  const src = f.src;
  if (src === undefined) return I.formatInt(evaluate(ix, f));
  // bash evaluates the subscript's own text apart (array_expand_index): its errors quote that text
  // alone, and they are fatal to the command line
  const constant = constantSubscript(src, p, f.env);
  const text = constant?.text ?? subscriptText(src, p, f.env);
  if (ref !== undefined) ref.text = text;
  try {
    if (constant !== null && f.depth < MAX_RECURSION) {
      // what evalArithText does with that text, without reading and parsing it again
      return I.formatInt(evaluate(constant.tree, { env: f.env, src: { text, offset: 0 }, depth: f.depth + 1, noeval: 0 }));
    }
    return I.formatInt(evalArithText(text, f.env, f.depth));
  } catch (e) {
    if (e instanceof ArithError && e.kind === 'error') throw new ArithError(e.message, 'subscript');
    throw e;
  }
}

export function readVar(ref: VarRef, f: Frame): Int {
  if (f.noeval) return 0;
  if (ref.bad === true) {
    f.env.warn(`${ref.name}[${ref.index ?? ''}]: bad array subscript`);
    return 0;
  }
  const value = f.env.get(ref.name, ref.index);
  if (value === undefined) {
    if (f.env.nounset) {
      const shown = ref.index === undefined ? ref.name : `${ref.name}[${ref.index}]`;
      throw new ArithError(`${shown}: unbound variable`, 'unbound');
    }
    return 0;
  }
  return numericValueOf(value, f);
}

/** a string (variable value, expansion result) as a number: itself an expression */
/** a short run of decimal digits without a leading zero, as a number; -1 otherwise */
function quickDecimal(s: string): number {
  const n = s.length;
  if (n === 0 || n > 15) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9 || (d === 0 && i === 0 && n > 1)) return -1;
    v = v * 10 + d;
  }
  return v;
}

function numericValueOf(text: string, f: Frame): Int {
  const q = quickDecimal(text);
  if (q >= 0) return q;
  const m = PLAIN_DECIMAL.exec(text);
  if (m) {
    const n = Number(m[2]);
    return m[1] ? (n === 0 ? 0 : -n) : n;
  }
  return evalText(text, f);
}

const SHELL_SYNTAX = /['"$`\\]/;

/**
 * The error for a syntax error in `text`, once what bash did before meeting it is done: bash
 * evaluates while it parses, so the operands of a comma list before the one that fails take
 * effect (`let 'x=5, y=('` sets x), and an error of theirs comes first (quoting the whole text).
 */
function syntaxFailure(text: string, message: string, f: Frame): ArithError {
  const errAt = syntaxErrorOffset(text, message);
  let depth = 0;
  let quests = 0;
  let lastComma = -1;
  for (let i = 0; i < errAt; i++) {
    const c = text.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41) depth--;
    else if (depth === 0 && c === 63) quests++;
    else if (depth === 0 && c === 58 && quests > 0) quests--;
    else if (depth === 0 && quests === 0 && c === 44) lastComma = i;
  }
  if (lastComma > 0) {
    const head = text.slice(0, lastComma);
    const parsed = arithSyntaxError(head) === null ? f.env.parse(head) : null;
    // positions in head are those of text: its errors quote the whole text, as bash's do
    if (parsed !== null && 'type' in parsed) evaluate(parsed, f);
  }
  return new ArithError(message);
}

/** where bash's lexer stood at a syntax error: the start of its error token in `text` */
function syntaxErrorOffset(text: string, message: string): number {
  const m = / \(error token is "([\s\S]*)"\)$/.exec(message);
  if (m === null) return 0;
  const token = m[1]!;
  for (let end = text.length; end >= token.length; end--) {
    if (message.startsWith(`${text.slice(0, end)}: `) && text.slice(0, end).endsWith(token)) return end - token.length;
  }
  return 0;
}

export function evalText(text: string, f: Frame): Int {
  if (text.trim() === '') return 0;
  // bash's messages quote the expression from its first non-blank (`let " 1/0"` → `let: 1/0: …`)
  if (text.charCodeAt(0) <= 32) text = text.replace(/^[ \t\n]+/, '');
  const depth = f.depth + 1;
  const inner: Frame = { env: f.env, src: { text, offset: 0 }, depth, noeval: f.noeval };
  if (depth > MAX_RECURSION) throw errorAt(inner, 0, 'expression recursion level exceeded');
  // a quote is no token of bash's: `$(( '1' + 2 ))` is "operand expected" in 5.2, whatever our
  // grammar makes of it
  // nor are `$`, backquotes, `"` and backslashes: the text is already expanded (a variable's value,
  // a `let` argument), so `x='$(cmd)'; $((x))` is an error in bash, never a substitution to run
  if (SHELL_SYNTAX.test(text)) {
    const message = arithSyntaxError(text);
    if (message !== null) throw syntaxFailure(text, message, inner);
  }
  const parsed = f.env.parse(text);
  if (parsed === null || ('message' in parsed && !('type' in parsed))) {
    // bash's wording, whatever our parser said
    const message = arithSyntaxError(text);
    if (message !== null) throw syntaxFailure(text, message, inner);
    // bash reads it (`+++x`): our grammar does too once the tokens are spaced as bash's lexer cut them
    const spaced = bashTokenSpacing(text);
    const again = spaced !== null && spaced !== text ? f.env.parse(spaced) : null;
    if (again === null || ('message' in again && !('type' in again))) {
      throw new ArithError(`${text}: syntax error in expression (error token is "${text}")`);
    }
    return evaluate(again as ArithmExpr, { ...inner, src: { text: spaced!, offset: 0 } }); // again came from it
  }
  return evaluate(parsed as ArithmExpr, inner);
}

export function assign(ref: VarRef, v: Int, f: Frame): Int {
  if (f.noeval) return v;
  if (ref.bad === true) {
    // bash names the bad subscript and assigns nothing; the expression keeps the value
    f.env.warn(`${ref.name}[${ref.index ?? ''}]: bad array subscript`);
    return v;
  }
  f.env.set(ref.name, I.formatInt(v), ref.index, ref.text);
  return v;
}

// ---------------------------------------------------------------- evaluation

export function evaluate(x: ArithmExpr, f: Frame): Int {
  switch (x.type) {
    case 'Word':
      return evalWord(x, f);
    case 'ParenArithm':
      return evaluate(x.X, f);
    case 'UnaryArithm':
      return evalUnary(x, f);
    case 'BinaryArithm':
      return evalBinary(x, f);
  }
}

function evalWord(w: Word, f: Frame): Int {
  if (w.Parts.length === 1) {
    const p = w.Parts[0]!;
    if (p.type === 'Lit') {
      const s = p.Value;
      const c = s.charCodeAt(0);
      if (c >= 48 && c <= 57) {
        const lit = parseIntLiteral(s);
        if (lit.ok) return lit.value;
        throw errorAtToken(f, w.Pos, w.End, lit.msg);
      }
      if (isIdent(s)) return readVar({ name: s, index: undefined, pos: w.Pos }, f);
      // `a\b`, `a.b`: bash's lexer reads the name, then fails on the character after it
      const bashMessage = f.src && /^[A-Za-z_]/.test(s) ? arithSyntaxError(f.src.text) : null;
      if (bashMessage !== null) throw new ArithError(bashMessage);
      throw errorAt(f, w.Pos, 'syntax error: operand expected');
    }
    if (p.type === 'ParamExp' && isBareElement(p)) return readVar(elementRef(p, w.Pos, f), f);
  }
  return numericValueOf(f.env.expandWord(w), f);
}

function evalUnary(x: UnaryArithm, f: Frame): Int {
  switch (x.Op) {
    case '!':
      return I.isZero(evaluate(x.X, f)) ? 1 : 0;
    case '~':
      return I.bnot(evaluate(x.X, f));
    case '-':
      return I.neg(evaluate(x.X, f));
    case '+':
      return evaluate(x.X, f);
    case '++':
    case '--':
      return incDec(x, f);
  }
}

function incDec(x: UnaryArithm, f: Frame): Int {
  const ref = varRefOf(x.X, f);
  if (!ref) {
    // `++5` is +(+5) and `--5` is -(-5) in bash; `5++` does not parse there
    if (x.Post) throw errorAt(f, x.OpPos, 'syntax error: operand expected');
    return evaluate(x.X, f);
  }
  const old = readVar(ref, f);
  const updated = x.Op === '++' ? I.add(old, 1) : I.sub(old, 1);
  assign(ref, updated, f);
  return x.Post ? old : updated;
}

/** where bash points for an error in an operand: the operand's first token */
export function operandPos(y: ArithmExpr): number {
  let n: ArithmExpr = y;
  while (n.type === 'UnaryArithm' && !n.Post) n = n.X;
  return n.Pos;
}

/**
 * Where bash's lexer stands once it has read the operand `y`: the token after it (its one token of
 * lookahead), or, at the end of the text, the operand's last token (bash's `lasttp` stays there).
 * `2 ** -1 + 3` → `+ 3`, `2 ** -1` → `1`.
 */
function lookaheadPos(f: Frame, y: ArithmExpr): number | undefined {
  const src = f.src;
  if (!src) return undefined;
  const t = src.text;
  let end = Math.min(t.length, Math.max(0, y.End - src.offset));
  while (end > 0 && (t[end - 1] === ' ' || t[end - 1] === '\t' || t[end - 1] === '\n')) end--;
  let i = end;
  while (i < t.length && (t[i] === ' ' || t[i] === '\t' || t[i] === '\n')) i++;
  if (i < t.length) return i + src.offset;
  let j = end;
  if (t[j - 1] === ']') {
    const open = t.lastIndexOf('[', j - 1);
    if (open > 0) j = open;
  }
  if (/[A-Za-z0-9_#@]/.test(t[j - 1] ?? '')) {
    while (j > 0 && /[A-Za-z0-9_#@]/.test(t[j - 1]!)) j--;
  } else if (j === end) {
    j = end - ((t.endsWith('++', end) || t.endsWith('--', end)) ? 2 : 1);
  }
  return Math.max(0, j) + src.offset;
}

export type BinFn = (a: Int, b: Int, f: Frame, x: BinaryArithm) => Int;

/** the divisor to use: bash errors on 0, except in a skipped branch where it divides by 1 */
export function checkedDivisor(b: Int, f: Frame, x: BinaryArithm): Int {
  if (!I.isZero(b)) return b;
  if (f.noeval) return 1;
  // `/=` and `%=` divide once their whole right side is read: bash names its lookahead then
  const compound = x.Op === '/=' || x.Op === '%=';
  throw errorAt(f, compound ? lookaheadPos(f, x.Y) : operandPos(x.Y), 'division by 0');
}

/** the operators that combine two evaluated operands (also the arithmetic of `op=`) */
export const BINARY: Record<string, BinFn> = {
  '+': (a, b) => I.add(a, b),
  '-': (a, b) => I.sub(a, b),
  '*': (a, b) => I.mul(a, b),
  '/': (a, b, f, x) => I.div(a, checkedDivisor(b, f, x)),
  '%': (a, b, f, x) => I.mod(a, checkedDivisor(b, f, x)),
  '**': (a, b, f, x) => {
    if (b < 0) throw errorAt(f, lookaheadPos(f, x.Y), 'exponent less than 0');
    return I.pow(a, b);
  },
  '<<': (a, b) => I.shl(a, b),
  '>>': (a, b) => I.shr(a, b),
  '&': (a, b) => I.band(a, b),
  '|': (a, b) => I.bor(a, b),
  '^': (a, b) => I.bxor(a, b),
  '==': (a, b) => (a === b ? 1 : 0),
  '!=': (a, b) => (a !== b ? 1 : 0),
  '<': (a, b) => (a < b ? 1 : 0),
  '<=': (a, b) => (a <= b ? 1 : 0),
  '>': (a, b) => (a > b ? 1 : 0),
  '>=': (a, b) => (a >= b ? 1 : 0),
};

/** `x op= y` → the binary operator applied */
export const COMPOUND: Record<string, string> = {
  '+=': '+', '-=': '-', '*=': '*', '/=': '/', '%=': '%',
  '&=': '&', '|=': '|', '^=': '^', '<<=': '<<', '>>=': '>>',
};

function evalBinary(x: BinaryArithm, f: Frame): Int {
  const op = x.Op;
  const fn = BINARY[op];
  if (fn) return fn(evaluate(x.X, f), evaluate(x.Y, f), f, x);
  switch (op) {
    case '&&': {
      const left = !I.isZero(evaluate(x.X, f));
      const right = !I.isZero(left ? evaluate(x.Y, f) : skipped(x.Y, f));
      return left && right ? 1 : 0;
    }
    case '||': {
      const left = !I.isZero(evaluate(x.X, f));
      const right = !I.isZero(left ? skipped(x.Y, f) : evaluate(x.Y, f));
      return left || right ? 1 : 0;
    }
    case ',':
      evaluate(x.X, f);
      return evaluate(x.Y, f);
    case '?': {
      const branches = x.Y;
      if (branches.type !== 'BinaryArithm' || branches.Op !== ':') {
        throw errorAt(f, x.Y.Pos, "`:' expected for conditional expression");
      }
      if (I.isZero(evaluate(x.X, f))) {
        skipped(branches.X, f);
        return evaluate(branches.Y, f);
      }
      const v = evaluate(branches.X, f);
      skipped(branches.Y, f);
      return v;
    }
    case ':':
      throw errorAt(f, x.OpPos, 'syntax error in expression');
    case '=': {
      // bash reads the value before it evaluates the subscript of `a[i]=v` (expr_bind_array_element)
      if (!isAssignable(x.X)) assignTarget(x, f);
      const v = evaluate(x.Y, f);
      return assign(assignTarget(x, f), v, f);
    }
    default: {
      const base = COMPOUND[op];
      if (!base) throw errorAt(f, x.OpPos, 'syntax error in expression');
      const ref = assignTarget(x, f);
      const old = readVar(ref, f);
      return assign(ref, BINARY[base]!(old, evaluate(x.Y, f), f, x), f); // COMPOUND's values are BINARY's keys
    }
  }
}

/** evaluate a branch bash skips (for its syntax errors only); the value is not used */
export function skipped(x: ArithmExpr, f: Frame): Int {
  f.noeval++;
  try {
    return evaluate(x, f);
  } finally {
    f.noeval--;
  }
}

/** a name or an `a[i]` element: what varRefOf makes a reference of */
function isAssignable(x: ArithmExpr): boolean {
  if (x.type !== 'Word' || x.Parts.length !== 1) return false;
  const p = x.Parts[0]!;
  return p.type === 'Lit' ? isIdent(p.Value) : p.type === 'ParamExp' && isBareElement(p);
}

function assignTarget(x: BinaryArithm, f: Frame): VarRef {
  const ref = varRefOf(x.X, f);
  if (!ref) throw errorAt(f, x.OpPos, 'attempted assignment to non-variable');
  return ref;
}
