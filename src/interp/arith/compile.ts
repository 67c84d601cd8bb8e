// Arithmetic compiled to closures, once per expression node (issue 7: loops). `evalArith` in
// arith.ts walks the tree on every evaluation: a switch per node, a literal re-parsed with a regex
// each time, the operator looked up by name. Here each node becomes a closure with its literal
// value, variable name and operator fixed, so `i=$((i+1))` in a loop costs a few direct calls.
//
// Semantics stay those of arith.ts: the closures call its readVar / assign / BINARY (so noeval,
// nounset, 64-bit wrap-around and error messages are shared), and any node shape not handled here
// (array elements, expanded words, literal errors, `x=` on a non-variable…) falls back to
// arith.ts's `evaluate` for that node, which behaves exactly as before.

import type { ArithmExpr, BinaryArithm, UnaryArithm, Word } from '../../syntax/ast.js';
import * as I from './int.js';
import {
  BINARY, COMPOUND, assign, checkedDivisor, evalText, evaluate, findDynamicWords, isIdent,
  parseIntLiteral, readVar, skipped, substituteText,
  type ArithEnv, type ArithSource, type Frame, type Int, type VarRef,
} from './evaluate.js';

type Compiled = (f: Frame) => Int;

export interface TopLevel {
  /** words that bash expands in the text before parsing (null: none); see evalArith */
  dynamic: Word[] | null;
  run: Compiled;
  /**
   * the frame of the last evaluation, reused by the next one: an expression evaluated in a loop
   * then allocates nothing. Taken (null) while an evaluation runs, so a nested evaluation of the
   * same node gets a frame of its own.
   */
  spare: Frame | null;
}

const compiledTop = new WeakMap<object, TopLevel>();

/** evalArith with the tree compiled once per node (same results, same errors) */
export function evalArithCompiled(x: ArithmExpr, env: ArithEnv, src?: ArithSource): Int {
  return runTop(compiledTopOf(x), env, src);
}

/** the compiled form of an expression, made at the first request */
export function compiledTopOf(x: ArithmExpr): TopLevel {
  let top = compiledTop.get(x);
  if (top === undefined) {
    top = { dynamic: findDynamicWords(x), run: compileNode(x), spare: null };
    compiledTop.set(x, top);
  }
  return top;
}

/** evaluate a compiled expression (see evalArithCompiled) */
export function runTop(top: TopLevel, env: ArithEnv, src: ArithSource | undefined): Int {
  if (src !== undefined && top.dynamic !== null) {
    return evalText(substituteText(src, top.dynamic, env), { env, src: undefined, depth: 0, noeval: 0 });
  }
  let f = top.spare;
  if (f === null) f = { env, src, depth: 0, noeval: 0 };
  else {
    top.spare = null;
    f.env = env;
    f.src = src;
    f.depth = 0;
    f.noeval = 0;
  }
  const v = top.run(f);
  // not in a finally: after a throw the frame is simply not reused
  top.spare = f;
  return v;
}

function fallback(x: ArithmExpr): Compiled {
  return (f) => evaluate(x, f);
}

function compileNode(x: ArithmExpr): Compiled {
  switch (x.type) {
    case 'Word':
      return compileWord(x);
    case 'ParenArithm':
      return compileNode(x.X);
    case 'UnaryArithm':
      return compileUnary(x);
    case 'BinaryArithm':
      return compileBinary(x);
  }
}

/** a plain variable name operand as a fixed reference, or null */
function plainRef(x: ArithmExpr): VarRef | null {
  if (x.type !== 'Word' || x.Parts.length !== 1) return null;
  const p = x.Parts[0]!;
  return p.type === 'Lit' && isIdent(p.Value) ? { name: p.Value, index: undefined, pos: x.Pos } : null;
}

function compileWord(w: Word): Compiled {
  if (w.Parts.length === 1) {
    const p = w.Parts[0]!;
    if (p.type === 'Lit') {
      const c = p.Value.charCodeAt(0);
      if (c >= 48 && c <= 57) {
        const lit = parseIntLiteral(p.Value);
        if (lit.ok) {
          const v = lit.value;
          return () => v;
        }
        return fallback(w); // the error is raised when (and only if) the literal is evaluated
      }
    }
    const ref = plainRef(w);
    if (ref) return (f) => readVar(ref, f);
  }
  return fallback(w);
}

function compileUnary(x: UnaryArithm): Compiled {
  const op = x.Op;
  if (op === '++' || op === '--') {
    const ref = plainRef(x.X);
    if (!ref) return fallback(x);
    const step = op === '++' ? 1 : -1;
    if (x.Post) {
      return (f) => {
        const old = readVar(ref, f);
        assign(ref, I.add(old, step), f);
        return old;
      };
    }
    return (f) => assign(ref, I.add(readVar(ref, f), step), f);
  }
  const cx = compileNode(x.X);
  switch (op) {
    case '!':
      return (f) => (I.isZero(cx(f)) ? 1 : 0);
    case '~':
      return (f) => I.bnot(cx(f));
    case '-':
      return (f) => I.neg(cx(f));
    case '+':
      return cx;
  }
  return fallback(x);
}

/**
 * The frequent operators get a closure of their own (a call site V8 can inline); the rest go
 * through the BINARY table like arith.ts.
 */
const FAST_BINARY: Record<string, (cx: Compiled, cy: Compiled) => Compiled> = {
  '+': (cx, cy) => (f) => I.add(cx(f), cy(f)),
  '-': (cx, cy) => (f) => I.sub(cx(f), cy(f)),
  '*': (cx, cy) => (f) => I.mul(cx(f), cy(f)),
  '<': (cx, cy) => (f) => (cx(f) < cy(f) ? 1 : 0),
  '<=': (cx, cy) => (f) => (cx(f) <= cy(f) ? 1 : 0),
  '>': (cx, cy) => (f) => (cx(f) > cy(f) ? 1 : 0),
  '>=': (cx, cy) => (f) => (cx(f) >= cy(f) ? 1 : 0),
  '==': (cx, cy) => (f) => (cx(f) === cy(f) ? 1 : 0),
  '!=': (cx, cy) => (f) => (cx(f) !== cy(f) ? 1 : 0),
};

/**
 * `name OP literal` (`i<N`, `i%4`, `n+1`) without the two operand closures: the variable read and
 * the literal sit in the operator's own closure. A divisor literal is never 0 here, so `/` and `%`
 * need no check.
 */
const REF_LITERAL: Record<string, (ref: VarRef, v: Int) => Compiled> = {
  '+': (ref, v) => (f) => I.add(readVar(ref, f), v),
  '-': (ref, v) => (f) => I.sub(readVar(ref, f), v),
  '*': (ref, v) => (f) => I.mul(readVar(ref, f), v),
  '/': (ref, v) => (f) => I.div(readVar(ref, f), v),
  '%': (ref, v) => (f) => I.mod(readVar(ref, f), v),
  '<': (ref, v) => (f) => (readVar(ref, f) < v ? 1 : 0),
  '<=': (ref, v) => (f) => (readVar(ref, f) <= v ? 1 : 0),
  '>': (ref, v) => (f) => (readVar(ref, f) > v ? 1 : 0),
  '>=': (ref, v) => (f) => (readVar(ref, f) >= v ? 1 : 0),
  '==': (ref, v) => (f) => (readVar(ref, f) === v ? 1 : 0),
  '!=': (ref, v) => (f) => (readVar(ref, f) !== v ? 1 : 0),
};

/** `a OP b` for two plain variables (`i<n`, `a+b`): both reads in the operator's closure */
const REF_REF: Record<string, (x: VarRef, y: VarRef) => Compiled> = {
  '+': (x, y) => (f) => I.add(readVar(x, f), readVar(y, f)),
  '-': (x, y) => (f) => I.sub(readVar(x, f), readVar(y, f)),
  '*': (x, y) => (f) => I.mul(readVar(x, f), readVar(y, f)),
  '<': (x, y) => (f) => (readVar(x, f) < readVar(y, f) ? 1 : 0),
  '<=': (x, y) => (f) => (readVar(x, f) <= readVar(y, f) ? 1 : 0),
  '>': (x, y) => (f) => (readVar(x, f) > readVar(y, f) ? 1 : 0),
  '>=': (x, y) => (f) => (readVar(x, f) >= readVar(y, f) ? 1 : 0),
  '==': (x, y) => (f) => (readVar(x, f) === readVar(y, f) ? 1 : 0),
  '!=': (x, y) => (f) => (readVar(x, f) !== readVar(y, f) ? 1 : 0),
};

/** the value of a valid integer literal operand (a non-zero one for `/` and `%`), else undefined */
function literalOperand(x: ArithmExpr, op: string): Int | undefined {
  if (x.type !== 'Word' || x.Parts.length !== 1) return undefined;
  const p = x.Parts[0]!;
  if (p.type !== 'Lit') return undefined;
  const c = p.Value.charCodeAt(0);
  if (c < 48 || c > 57) return undefined;
  const lit = parseIntLiteral(p.Value);
  if (!lit.ok || ((op === '/' || op === '%') && I.isZero(lit.value))) return undefined;
  return lit.value;
}

function compileBinary(x: BinaryArithm): Compiled {
  const op = x.Op;
  const left = plainRef(x.X);
  if (left !== null) {
    const refLiteral = Object.hasOwn(REF_LITERAL, op) ? REF_LITERAL[op] : undefined;
    const v = refLiteral ? literalOperand(x.Y, op) : undefined;
    if (refLiteral && v !== undefined) return refLiteral(left, v);
    const right = plainRef(x.Y);
    if (right !== null && Object.hasOwn(REF_REF, op)) return REF_REF[op]!(left, right);
  }
  const fast = FAST_BINARY[op];
  if (fast) return fast(compileNode(x.X), compileNode(x.Y));
  if (op === '/' || op === '%') {
    const cx = compileNode(x.X);
    const cy = compileNode(x.Y);
    const divide = op === '/' ? I.div : I.mod;
    return (f) => {
      const a = cx(f);
      return divide(a, checkedDivisor(cy(f), f, x));
    };
  }
  const fn = BINARY[op];
  if (fn) {
    const cx = compileNode(x.X);
    const cy = compileNode(x.Y);
    return (f) => {
      const a = cx(f);
      return fn(a, cy(f), f, x);
    };
  }
  switch (op) {
    case '&&': {
      const cx = compileNode(x.X);
      const cy = compileNode(x.Y);
      return (f) => {
        const left = !I.isZero(cx(f));
        const right = !I.isZero(left ? cy(f) : skipped(x.Y, f));
        return left && right ? 1 : 0;
      };
    }
    case '||': {
      const cx = compileNode(x.X);
      const cy = compileNode(x.Y);
      return (f) => {
        const left = !I.isZero(cx(f));
        const right = !I.isZero(left ? skipped(x.Y, f) : cy(f));
        return left || right ? 1 : 0;
      };
    }
    case ',': {
      const cx = compileNode(x.X);
      const cy = compileNode(x.Y);
      return (f) => {
        cx(f);
        return cy(f);
      };
    }
    case '?': {
      const branches = x.Y;
      if (branches.type !== 'BinaryArithm' || branches.Op !== ':') return fallback(x);
      const cond = compileNode(x.X);
      const yes = compileNode(branches.X);
      const no = compileNode(branches.Y);
      return (f) => {
        if (I.isZero(cond(f))) {
          skipped(branches.X, f);
          return no(f);
        }
        const v = yes(f);
        skipped(branches.Y, f);
        return v;
      };
    }
    case '=': {
      const ref = plainRef(x.X);
      if (!ref) return fallback(x);
      const cy = compileNode(x.Y);
      return (f) => assign(ref, cy(f), f);
    }
  }
  const base = COMPOUND[op];
  const ref = plainRef(x.X);
  if (!base || !ref) return fallback(x);
  const combine = BINARY[base]!; // COMPOUND's values are BINARY's keys
  const cy = compileNode(x.Y);
  return (f) => {
    const old = readVar(ref, f);
    return assign(ref, combine(old, cy(f), f, x), f);
  };
}
