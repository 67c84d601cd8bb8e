// Arithmetic straight on the shell's variables, for the expressions loops are made of (issue 7:
// cold loops): `i<N`, `i++`, `n+1`, `i%4`, `s+=k`, `a*b-c`… A loop's first tens of thousands of
// iterations run in V8's interpreter, where every call layer is paid in full; the general path
// (arith-bridge → arith-compile → arith.ts) goes through an ArithEnv, a reused Frame, the env's
// closures and var-access for each variable read. Here an expression of plain variables and
// decimal literals compiles to closures that read the variable's Map entry and parse its digits
// themselves.
//
// Each closure returns a number, or NaN when this evaluation is not that simple after all (a
// variable unset, an array, a nameref, a value that is not a plain decimal, a result outside
// ±2^53, a division by zero…). The caller then runs the general path, which re-evaluates from the
// start: nothing here has an effect before the final assignment, and that assignment happens only
// when it cannot fail, so the general path sees the shell exactly as it was.

import type { ArithmExpr, BinaryArithm, UnaryArithm } from '../../syntax/ast.js';
import type { Shell } from '../state/shell.js';
import { ATTR } from '../state/vars.js';
import { isDynamic, SLOW_ASSIGN_ATTRS } from './var-access.js';
import { isIdent } from '../arith/evaluate.js';
import * as I from '../arith/int.js';

/** (sh) → the value, or NaN: take the general path */
export type DirectArith = (sh: Shell) => number;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * a value that is a plain decimal (`0`, `42`, `-7`; at most 15 digits) as a number, else NaN.
 * Leading zeros (octal), blanks, signs other than one `-` and expressions go the general way.
 */
export function plainDecimal(s: string): number {
  const n = s.length;
  if (n === 0 || n > 16) return NaN;
  let i = 0;
  if (s.charCodeAt(0) === 45) {
    if (n === 1) return NaN;
    i = 1;
  }
  if (n - i > 15 || (s.charCodeAt(i) === 48 && n - i > 1)) return NaN;
  let v = 0;
  for (; i < n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    v = v * 10 + d;
  }
  return s.charCodeAt(0) === 45 ? (v === 0 ? 0 : -v) : v;
}

/** `name`'s value as a number, or NaN when it is not a set plain scalar holding a plain decimal */
export function readNum(sh: Shell, name: string): number {
  const v = sh.vars.lookup(name);
  if (v === undefined || (v.attrs & ATTR.nameref) !== 0) return NaN;
  const s = v.value;
  if (typeof s !== 'string') return NaN;
  // the value this variable was last read or written as by arithmetic: no parse (a char loop,
  // slow before V8 optimises it) when `i` is read again after `((i++))`
  if (s === v.numText) return v.num;
  const n = plainDecimal(s);
  if (n === n) {
    v.numText = s;
    v.num = n;
  }
  return n;
}

/**
 * store n as `name`'s value when var-access's fast path would (a set plain scalar without
 * attributes that transform or forbid it); false: nothing was written, take the general path
 */
export function writeNum(sh: Shell, name: string, n: number): boolean {
  const v = sh.vars.lookup(name);
  if (v === undefined || (v.attrs & SLOW_ASSIGN_ATTRS) !== 0 || typeof v.value !== 'string') return false;
  const s = String(n);
  if (s.length > sh.rt.limits.maxVarBytes) return false;
  const grown = s.length - v.value.length;
  if (grown !== 0) sh.vars.charge(grown);
  v.value = s;
  v.numText = s;
  v.num = n;
  if (sh.setOpts.allexport) v.attrs |= ATTR.export;
  return true;
}

// ---------------------------------------------------------------- compiling

/** a plain variable operand (not one whose reading has an effect or varies), else null */
function refName(x: ArithmExpr): string | null {
  if (x.type !== 'Word' || x.Parts.length !== 1) return null;
  const p = x.Parts[0]!;
  if (p.type !== 'Lit' || !isIdent(p.Value) || isDynamic(p.Value)) return null;
  return p.Value;
}

/** a decimal literal operand (`0`, `1`…`999999999999999`), else NaN */
function literal(x: ArithmExpr): number {
  if (x.type !== 'Word' || x.Parts.length !== 1) return NaN;
  const p = x.Parts[0]!;
  if (p.type !== 'Lit' || p.Value.charCodeAt(0) === 45) return NaN;
  return plainDecimal(p.Value);
}

/** in the safe range (NaN is not) */
function safe(r: number): number {
  return r <= MAX_SAFE && r >= -MAX_SAFE ? (r === 0 ? 0 : r) : NaN;
}

type Op2 = (a: number, b: number) => number;

/** the binary operators compiled here; the others (bitwise, shifts, `**`, `,`, `?:`) are not */
const OPS: Record<string, Op2> = {
  '+': (a, b) => safe(a + b),
  '-': (a, b) => safe(a - b),
  '*': (a, b) => safe(a * b),
  '/': (a, b) => (b === 0 || a !== a || b !== b ? NaN : (I.div(a, b) as number)),
  '%': (a, b) => (b === 0 || a !== a || b !== b ? NaN : (I.mod(a, b) as number)),
  '<': (a, b) => (a !== a || b !== b ? NaN : a < b ? 1 : 0),
  '<=': (a, b) => (a !== a || b !== b ? NaN : a <= b ? 1 : 0),
  '>': (a, b) => (a !== a || b !== b ? NaN : a > b ? 1 : 0),
  '>=': (a, b) => (a !== a || b !== b ? NaN : a >= b ? 1 : 0),
  '==': (a, b) => (a !== a || b !== b ? NaN : a === b ? 1 : 0),
  '!=': (a, b) => (a !== a || b !== b ? NaN : a !== b ? 1 : 0),
  '&&': (a, b) => (a !== a || b !== b ? NaN : a !== 0 && b !== 0 ? 1 : 0),
  '||': (a, b) => (a !== a || b !== b ? NaN : a !== 0 || b !== 0 ? 1 : 0),
};

/** `x OP= y` operators and the binary operator each applies */
const COMPOUND: Record<string, string> = { '+=': '+', '-=': '-', '*=': '*', '/=': '/', '%=': '%' };

/**
 * an expression without effects: every operand read or computed, never assigned. Both sides of
 * `&&` / `||` are evaluated, which is harmless here: nothing has an effect and a division by zero
 * (an error only where evaluated) makes the whole evaluation take the general path.
 */
function compilePure(x: ArithmExpr): DirectArith | null {
  switch (x.type) {
    case 'Word': {
      const name = refName(x);
      if (name !== null) return (sh) => readNum(sh, name);
      const v = literal(x);
      return v === v ? () => v : null;
    }
    case 'ParenArithm':
      return compilePure(x.X);
    case 'UnaryArithm':
      return compileUnaryPure(x);
    case 'BinaryArithm':
      return compileBinaryPure(x);
  }
}

function compileUnaryPure(x: UnaryArithm): DirectArith | null {
  if (x.Op !== '-' && x.Op !== '!' && x.Op !== '+') return null;
  const cx = compilePure(x.X);
  if (cx === null) return null;
  if (x.Op === '+') return cx;
  if (x.Op === '-') return (sh) => safe(-cx(sh));
  return (sh) => {
    const a = cx(sh);
    return a !== a ? NaN : a === 0 ? 1 : 0;
  };
}

function compileBinaryPure(x: BinaryArithm): DirectArith | null {
  const op = Object.hasOwn(OPS, x.Op) ? OPS[x.Op]! : null;
  if (op === null) return null;
  // the shapes of loop conditions and counters, with the operand reads in the operator's closure
  const left = refName(x.X);
  if (left !== null) {
    const v = literal(x.Y);
    if (v === v) return (sh) => op(readNum(sh, left), v);
    const right = refName(x.Y);
    if (right !== null) return (sh) => op(readNum(sh, left), readNum(sh, right));
  }
  const cx = compilePure(x.X);
  const cy = cx === null ? null : compilePure(x.Y);
  if (cx === null || cy === null) return null;
  return (sh) => op(cx(sh), cy(sh));
}

/** `name++` `name--` `++name` `--name` */
function compileIncrement(x: UnaryArithm): DirectArith | null {
  const name = refName(x.X);
  if (name === null) return null;
  const step = x.Op === '++' ? 1 : -1;
  if (x.Post) {
    return (sh) => {
      const old = readNum(sh, name);
      const n = safe(old + step);
      return n === n && writeNum(sh, name, n) ? old : NaN;
    };
  }
  return (sh) => {
    const n = safe(readNum(sh, name) + step);
    return n === n && writeNum(sh, name, n) ? n : NaN;
  };
}

/** `name = expr` and `name OP= expr` */
function compileAssignment(x: BinaryArithm): DirectArith | null {
  const name = refName(x.X);
  if (name === null) return null;
  const base = Object.hasOwn(COMPOUND, x.Op) ? OPS[COMPOUND[x.Op]!]! : null; // COMPOUND's values are OPS keys
  if (x.Op !== '=' && base === null) return null;
  const cy = compilePure(x.Y);
  if (cy === null) return null;
  if (base === null) {
    return (sh) => {
      const n = cy(sh);
      return n === n && writeNum(sh, name, n) ? n : NaN;
    };
  }
  return (sh) => {
    const n = base(readNum(sh, name), cy(sh));
    return n === n && writeNum(sh, name, n) ? n : NaN;
  };
}

/**
 * The direct form of a whole expression, or null when it has a shape this file leaves to the
 * general path (array elements, `$x` words, other literals, bitwise operators, nested
 * assignments…).
 */
export function compileDirectArith(x: ArithmExpr): DirectArith | null {
  if (x.type === 'UnaryArithm' && (x.Op === '++' || x.Op === '--')) return compileIncrement(x);
  if (x.type === 'BinaryArithm' && (x.Op === '=' || Object.hasOwn(COMPOUND, x.Op))) {
    return compileAssignment(x);
  }
  return compilePure(x);
}
