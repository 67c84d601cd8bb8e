// gawk 5.2's and() or() xor() lshift() rshift() compl() (builtin.c), on 64-bit unsigned integers:
//
// - each argument is converted as x86-64 gcc converts a double to uintmax_t: truncated; 2^64 and
//   above, NaN and inf become 0;
// - a negative argument is fatal (the text below, after the caller's "awk: cmd. line:N: ");
//   and/or/xor check their arguments from the last to the first, as gawk pops them;
// - shift counts are taken mod 64 (x86's shl/shr: lshift(1, 64) is 1);
// - the result goes through gawk's adjust_uint: only the 53 bits from the lowest set bit (that
//   bit at most 11) are kept, so compl(0) is 2^53 - 1 while lshift(1, 63) is 2^63.
// Arity errors (`and: called with less than two arguments`) are the caller's: it knows the call.

import { formatDouble } from './cformat.js';

export type BitResult = number | { fatal: string };

const TWO64 = 2 ** 64;
const MASK64 = (1n << 64n) - 1n;

function toUintmax(x: number): bigint {
  if (!(x < TWO64) || x !== x) return 0n;
  return BigInt(Math.trunc(x));
}

function adjust(n: bigint): number {
  let shift = 0n;
  const v = n | (1n << 11n);
  while (((v >> shift) & 1n) === 0n) shift++;
  return Number(n & (((1n << 53n) - 1n) << shift));
}

const g = (x: number): string => formatDouble('g', x, 6, {});
const f = (x: number): string => formatDouble('f', x, 6, {});

function fold(name: string, args: readonly number[], start: bigint, op: (a: bigint, b: bigint) => bigint): BitResult {
  let res = start;
  for (let i = args.length - 1; i >= 0; i--) {
    const v = args[i]!; // i in range
    if (v < 0) return { fatal: `fatal: ${name}: argument ${i + 1} negative value ${g(v)} is not allowed` };
    res = op(res, toUintmax(v));
  }
  return adjust(res);
}

export function and(args: readonly number[]): BitResult {
  return fold('and', args, MASK64, (a, b) => a & b);
}

export function or(args: readonly number[]): BitResult {
  return fold('or', args, 0n, (a, b) => a | b);
}

export function xor(args: readonly number[]): BitResult {
  return fold('xor', args, 0n, (a, b) => a ^ b);
}

function shift(name: string, args: readonly number[], left: boolean): BitResult {
  const val = args[0] ?? 0;
  const sh = args[1] ?? 0;
  if (val < 0 || sh < 0) return { fatal: `fatal: ${name}(${f(val)}, ${f(sh)}): negative values are not allowed` };
  const count = toUintmax(sh) & 63n;
  const u = toUintmax(val);
  return adjust(left ? (u << count) & MASK64 : u >> count);
}

export function lshift(args: readonly number[]): BitResult {
  return shift('lshift', args, true);
}

export function rshift(args: readonly number[]): BitResult {
  return shift('rshift', args, false);
}

export function compl(args: readonly number[]): BitResult {
  const d = args[0] ?? 0;
  if (d < 0) return { fatal: `fatal: compl(${f(d)}): negative value is not allowed` };
  return adjust(~toUintmax(d) & MASK64);
}
