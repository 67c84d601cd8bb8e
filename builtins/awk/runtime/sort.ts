// The array traversal orders of gawk 5.2 (array.c): PROCINFO["sorted_in"] and asort()/asorti()'s
// third argument. Every order breaks ties by the index string, so the result does not depend on
// the sort algorithm; the _desc orders are the exact negation of the _asc ones (ties included).
//
// - @ind_str: indices compared as byte strings (memcmp, then the shorter first).
// - @ind_num: indices by their numeric value (awk's string-to-number of the index: "10x" is
//   10, "abc" is 0), NaN after everything, ties by index string.
// - @val_str: values as strings (numbers through CONVFMT: the caller's `str`), then index.
// - @val_num: values by number, then by their string, then index.
// - @val_type: numbers (and strnums that look numeric) before strings before subarrays; numbers by
//   value, strings as strings, then index. @val_str and @val_num use @val_type whenever either
//   value is a subarray.
// IGNORECASE is not applied (gawk compares case-blind first only when IGNORECASE is set: pass
// ignoreCase to get that).

import { strToNum } from './numbers.js';

export interface AwkSortValue {
  /** the value as a string (CONVFMT for numbers) */
  str: string;
  /** the value as a number */
  num: number;
  /** a number, or a strnum that looks numeric */
  isNum: boolean;
  /** a subarray (str and num are then unused) */
  isArray: boolean;
}

export type SortEntry = [key: string, value: AwkSortValue];
export type SortCompare = (a: SortEntry, b: SortEntry) => number;

export function cmpStrings(a: string, b: string, ignoreCase = false): number {
  if (a.length === 0) return b.length === 0 ? 0 : -1;
  if (b.length === 0) return 1;
  if (ignoreCase) {
    const la = a.toLowerCase();
    const lb = b.toLowerCase();
    const lmin = Math.min(a.length, b.length);
    for (let i = 0; i < lmin; i++) {
      const d = la.charCodeAt(i) - lb.charCodeAt(i);
      if (d !== 0) return d;
    }
  }
  const lmin = Math.min(a.length, b.length);
  for (let i = 0; i < lmin; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** gawk's cmp_numbers: NaN is greater than everything and equal to NaN */
export function cmpNumbers(a: number, b: number): number {
  if (a !== a) return b !== b ? 0 : 1;
  if (b !== b) return -1;
  return a === b ? 0 : a < b ? -1 : 1;
}

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

function valueType(a: AwkSortValue, b: AwkSortValue, ic: boolean): number {
  if (a.isArray) return b.isArray ? 0 : 1;
  if (b.isArray) return -1;
  if (a.isNum && b.isNum) return cmpNumbers(a.num, b.num);
  if (a.isNum) return -1;
  if (b.isNum) return 1;
  return cmpStrings(a.str, b.str, ic);
}

/** a non-negative integer index in canonical form: gawk keeps those in its cint_array */
function cintIndex(k: string): number {
  const n = k.length;
  if (n === 0 || n > 15) return -1;
  if (n > 1 && k.charCodeAt(0) === 48) return -1;
  for (let i = 0; i < n; i++) {
    const c = k.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return Number(k);
}

/**
 * The value orders' tie-break by index, as gawk's lists give it: an index kept as an integer
 * (cint_array) has no string there and compares as "" (before every other index, equal to every
 * other integer index, the list's ascending order then kept by the stable sort: so ascending in
 * both directions); other indices compare as strings.
 */
function indexTie(a: string, b: string, ic: boolean, desc: boolean): number {
  const ia = cintIndex(a);
  const ib = cintIndex(b);
  if (ia >= 0 && ib >= 0) return desc ? ib - ia : ia - ib;
  if (ia >= 0) return -1;
  if (ib >= 0) return 1;
  return cmpStrings(a, b, ic);
}

function build(order: string, indexNum: (k: string) => number, ic: boolean): SortCompare | null {
  const byIndex: SortCompare = (a, b) => cmpStrings(a[0], b[0], ic);
  const desc = order.endsWith('_desc');
  // the _desc value orders negate the whole comparison, this tie-break included
  const tie: SortCompare = (a, b) => indexTie(a[0], b[0], ic, desc);
  const byType: SortCompare = (a, b) => valueType(a[1], b[1], ic) || tie(a, b);
  switch (order) {
    case '@ind_str_asc': return byIndex;
    case '@ind_str_desc': return (a, b) => -byIndex(a, b);
    case '@ind_num_asc':
    case '@ind_num_desc': {
      const up: SortCompare = (a, b) => cmpNumbers(indexNum(a[0]), indexNum(b[0])) || byIndex(a, b);
      return order.endsWith('asc') ? up : (a, b) => -up(a, b);
    }
    case '@val_str_asc':
    case '@val_str_desc': {
      const up: SortCompare = (a, b) => (a[1].isArray || b[1].isArray ? byType(a, b) : cmpStrings(a[1].str, b[1].str, ic) || tie(a, b));
      return order.endsWith('asc') ? up : (a, b) => -up(a, b);
    }
    case '@val_num_asc':
    case '@val_num_desc': {
      const up: SortCompare = (a, b) =>
        a[1].isArray || b[1].isArray
          ? byType(a, b)
          : cmpNumbers(a[1].num, b[1].num) || cmpStrings(a[1].str, b[1].str, ic) || tie(a, b);
      return order.endsWith('asc') ? up : (a, b) => -up(a, b);
    }
    case '@val_type_asc': return byType;
    case '@val_type_desc': return (a, b) => -byType(a, b);
    default: return null;
  }
}

/**
 * The comparison for PROCINFO["sorted_in"] = order, or null when order is not one of the ten
 * built-in orders: "@unsorted" and "" mean no sorting; any other text names a user function
 * (gawk: "`%s' is invalid as a function name" when it is empty or has a blank,
 * "sort comparison function `%s' is not defined" when there is no such function). indexNum is
 * the string-to-number of an index (strToNum unless given).
 */
export function sortedInCompare(order: string, indexNum: (k: string) => number = strToNum, ignoreCase = false): SortCompare | null {
  return build(order, indexNum, ignoreCase);
}

/**
 * asort(src, dest, how) / asorti(src, dest, how): how "" (or absent) is @val_type_asc for asort
 * and @ind_str_asc for asorti; null as for sortedInCompare (a user function, or @unsorted).
 */
export function asortCompare(kind: 'asort' | 'asorti', how: string, indexNum: (k: string) => number = strToNum, ignoreCase = false): SortCompare | null {
  const order = how === '' ? (kind === 'asort' ? '@val_type_asc' : '@ind_str_asc') : how;
  return build(order, indexNum, ignoreCase);
}

/** gawk's test for a usable comparison function name: non-empty, no blank */
export function validSortFunctionName(name: string): boolean {
  if (name === '') return false;
  for (let i = 0; i < name.length; i++) if (isSpace(name.charCodeAt(i))) return false;
  return true;
}
