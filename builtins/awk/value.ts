// awk's values. A number is a JS double, a string a latin1 byte string, and a Strnum a string that
// came from input (fields, getline variables, split() elements, ARGV, ENVIRON, -v values): it
// compares as a number when it looks numeric (gawk's strnum), else as a string. UNINIT, the value
// of an unset variable, is both "" and 0 and compares numerically against numbers and strnums.

import { looksNumeric, numToStr, strToNum } from './runtime/index.js';

/**
 * a string's numeric value: plain decimal integers (the common field) are read here, the rest by
 * the runtime's strToNum
 */
export function fastNum(s: string): number {
  const n = s.length;
  if (n === 0 || n > 15) return n === 0 ? 0 : strToNum(s);
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return strToNum(s);
    v = v * 10 + c;
  }
  return v;
}

/** looksNumeric with the plain-integer case done here */
function fastLooks(s: string): boolean {
  const n = s.length;
  if (n === 0 || n > 15) return looksNumeric(s);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return looksNumeric(s);
  }
  return true;
}

export class Strnum {
  /** 0: not yet tested, 1: looks numeric, 2: does not */
  private state = 0;
  private n = 0;
  constructor(readonly s: string) {}

  isNumeric(): boolean {
    if (this.state === 0) {
      if (fastLooks(this.s)) {
        this.state = 1;
        this.n = fastNum(this.s);
      } else this.state = 2;
    }
    return this.state === 1;
  }

  num(): number {
    if (this.state === 1) return this.n;
    if (this.state === 0 && this.isNumeric()) return this.n;
    return strToNum(this.s);
  }
}

class Uninit extends Strnum {
  override isNumeric(): boolean {
    return true;
  }
  override num(): number {
    return 0;
  }
}

export const UNINIT: Strnum = new Uninit('');

export type Val = number | string | Strnum;

/** an awk array: keys are strings; values are scalars or (gawk) subarrays */
export class AwkArray {
  readonly map = new Map<string, Val | AwkArray>();
}

export type Cell = Val | AwkArray;

export function toNum(v: Val): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return fastNum(v);
  return v.num();
}

export function toStrFmt(v: Val, convfmt: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numStr(v, convfmt);
  return v.s;
}

/** CONVFMT/OFMT conversion with the common integral case done here */
export function numStr(n: number, fmt: string): string {
  if (Number.isInteger(n) && n < 1e15 && n > -1e15 && !Object.is(n, -0)) return String(n);
  return numToStr(n, fmt);
}

export function toBool(v: Val): boolean {
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '';
  if (v === UNINIT) return false;
  // a strnum is true when it looks numeric and is non-zero, or is a non-empty non-number
  return v.isNumeric() ? v.num() !== 0 : v.s !== '';
}

function isNumericVal(v: Val): boolean {
  return typeof v === 'number' || (typeof v !== 'string' && v.isNumeric());
}

/** gawk's comparison: numeric when both sides are numbers or numeric strnums, else as strings */
export function compare(a: Val, b: Val, convfmt: string, icase = false): number {
  if (isNumericVal(a) && isNumericVal(b)) {
    const x = toNum(a);
    const y = toNum(b);
    if (x < y) return -1;
    if (x > y) return 1;
    if (x === y) return 0;
    // NaN: gawk orders NaN as greater when on the left
    return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
  }
  let s = toStrFmt(a, convfmt);
  let t = toStrFmt(b, convfmt);
  if (icase) {
    s = s.toLowerCase() === s ? s : s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
    t = t.toLowerCase() === t ? t : t.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  }
  return s < t ? -1 : s > t ? 1 : 0;
}
