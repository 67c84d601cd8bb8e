// Numeric literals of shell arithmetic as bash's strlong reads them: decimal, 0NN octal, 0x hex,
// BASE#DIGITS (2..64: 0-9 a-z A-Z @ _), with bash's complaint for a bad one. Shared by the
// evaluator (arith.ts) and the syntax re-reader (arith-syntax.ts), which checks a literal as soon as
// it reads it, as bash's lexer does.

import * as I from './int.js';
import type { Int } from './int.js';

function digitValue(code: number, base: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 122) return code - 87; // a-z: 10..35
  if (code >= 65 && code <= 90) return base <= 36 ? code - 55 : code - 29; // A-Z: 10..35 or 36..61
  if (code === 64) return 62; // @
  if (code === 95) return 63; // _
  return 99;
}

/** digits of `s` from `start` in `base`; null when a digit is invalid for the base */
function parseDigits(s: string, start: number, base: number): Int | null {
  const n = s.length - start;
  if (n <= 0) return 0;
  if (n <= 10 && base <= 36) {
    let v = 0;
    for (let i = start; i < s.length; i++) {
      const d = digitValue(s.charCodeAt(i), base);
      if (d >= base) return null;
      v = v * base + d;
    }
    return v;
  }
  let v = 0n;
  const b = BigInt(base);
  for (let i = start; i < s.length; i++) {
    const d = digitValue(s.charCodeAt(i), base);
    if (d >= base) return null;
    v = BigInt.asIntN(64, v * b + BigInt(d));
  }
  return I.canon(v);
}

/** result of reading a numeric literal: the value or bash's complaint */
export type Literal = { ok: true; value: Int } | { ok: false; msg: string };

const TOO_GREAT: Literal = { ok: false, msg: 'value too great for base' };

export function parseIntLiteral(s: string): Literal {
  const c0 = s.charCodeAt(0);
  if (s.length <= 15 && c0 >= 49 && c0 <= 57 && /^[0-9]+$/.test(s)) return { ok: true, value: Number(s) };
  const hash = s.indexOf('#');
  if (hash > 0) {
    const baseText = s.slice(0, hash);
    if (!/^[0-9]+$/.test(baseText)) return TOO_GREAT;
    if (baseText[0] === '0') return /[89]/.test(baseText) ? TOO_GREAT : { ok: false, msg: 'invalid number' };
    const base = Number(baseText);
    if (base < 2 || base > 64) return { ok: false, msg: 'invalid arithmetic base' };
    if (hash === s.length - 1) return { ok: false, msg: 'invalid integer constant' };
    const v = parseDigits(s, hash + 1, base);
    return v === null ? TOO_GREAT : { ok: true, value: v };
  }
  if (s[0] === '0' && (s[1] === 'x' || s[1] === 'X')) {
    const v = parseDigits(s, 2, 16);
    return v === null ? TOO_GREAT : { ok: true, value: v };
  }
  const v = parseDigits(s, 0, s[0] === '0' ? 8 : 10);
  return v === null ? TOO_GREAT : { ok: true, value: v };
}

