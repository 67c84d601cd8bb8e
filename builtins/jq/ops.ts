// jq's value operations (src/jv.c, jv_aux.c, builtin.c): kinds, the total order, arithmetic with
// its overloads, indexing and slicing, and the path primitives getpath/setpath/delpaths. Errors
// are JqError with jq's exact text (values shown through jv_dump_string_trunc).

import { tojson } from './json/index.js';
import { JqError, LiteralNumber, numberOf, type Json, type JsonObject } from './value.js';

export type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export function kindOf(v: Json): Kind {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
  }
  if (Array.isArray(v)) return 'array';
  if (v instanceof LiteralNumber) return 'number';
  return 'object';
}

const KIND_RANK: Record<Kind, number> = { null: 0, boolean: 1, number: 2, string: 3, array: 4, object: 5 };

export const isNum = (v: Json): v is number | LiteralNumber => typeof v === 'number' || v instanceof LiteralNumber;
export const isObj = (v: Json): v is JsonObject => v instanceof Map;
export const truthy = (v: Json): boolean => v !== null && v !== false;

/** jv_dump_string_trunc: the compact dump cut to size-1 bytes, ending in `...` when cut */
export function dumpTrunc(v: Json, size = 15): string {
  const s = tojson(v);
  const bytes = Buffer.from(s, 'utf8');
  if (bytes.length <= size - 1) return s;
  return `${bytes.subarray(0, size - 4).toString('utf8')}...`;
}

export function typeError(v: Json, msg: string): JqError {
  return new JqError(`${kindOf(v)} (${dumpTrunc(v)}) ${msg}`);
}

export function typeError2(a: Json, b: Json, msg: string): JqError {
  return new JqError(`${kindOf(a)} (${dumpTrunc(a)}) and ${kindOf(b)} (${dumpTrunc(b)}) ${msg}`);
}

/** code point order of two strings (JS compares UTF-16 units, jq compares UTF-8 bytes) */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // a surrogate (an astral character) sorts after every BMP character
      const sx = x >= 0xd800 && x <= 0xdfff ? x + 0x10000 : x;
      const sy = y >= 0xd800 && y <= 0xdfff ? y + 0x10000 : y;
      return sx < sy ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

export function sortedKeys(o: JsonObject): string[] {
  return [...o.keys()].sort(compareStrings);
}

const DECIMAL = /^(-?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;

/**
 * two literals' canonical texts compared as decimals, as jq 1.7.1 compares two untouched
 * literals (decNumberCompare); texts that are not plain decimals compare as doubles
 */
function compareDecimal(a: string, b: string): number {
  const ma = DECIMAL.exec(a);
  const mb = DECIMAL.exec(b);
  if (ma === null || mb === null) {
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const norm = (m: RegExpExecArray): { neg: boolean; digits: string; top: number } => {
    const frac = m[3] ?? '';
    const all = `${m[2] ?? ''}${frac}`;
    const lead = all.length - all.replace(/^0+/, '').length;
    const digits = all.slice(lead).replace(/0+$/, '');
    // position of the most significant digit: digits × 10^(top - digits.length)
    const top = all.length - lead - frac.length + Number(m[4] ?? '0');
    return { neg: m[1] === '-' && digits !== '', digits, top };
  };
  const x = norm(ma);
  const y = norm(mb);
  const sx = x.digits === '' ? 0 : x.neg ? -1 : 1;
  const sy = y.digits === '' ? 0 : y.neg ? -1 : 1;
  if (sx !== sy || sx === 0) return sx < sy ? -1 : sx > sy ? 1 : 0;
  let mag: number;
  if (x.top !== y.top) mag = x.top < y.top ? -1 : 1;
  else {
    const n = Math.max(x.digits.length, y.digits.length);
    const dx = x.digits.padEnd(n, '0');
    const dy = y.digits.padEnd(n, '0');
    mag = dx < dy ? -1 : dx > dy ? 1 : 0;
  }
  return sx * mag;
}

/** jq's total order: null < false < true < numbers < strings < arrays < objects */
export function compare(a: Json, b: Json): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) return KIND_RANK[ka] < KIND_RANK[kb] ? -1 : 1;
  switch (ka) {
    case 'null':
      return 0;
    case 'boolean':
      return a === b ? 0 : a ? 1 : -1;
    case 'number': {
      if (a instanceof LiteralNumber && b instanceof LiteralNumber) return compareDecimal(a.text, b.text);
      const x = numberOf(a as number);
      const y = numberOf(b as number);
      // jq: nan < everything numeric
      if (x < y || (Number.isNaN(x) && !Number.isNaN(y))) return -1;
      if (x === y || (Number.isNaN(x) && Number.isNaN(y))) return Number.isNaN(x) ? -1 : 0;
      return 1;
    }
    case 'string':
      return compareStrings(a as string, b as string);
    case 'array': {
      const x = a as Json[];
      const y = b as Json[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compare(x[i] as Json, y[i] as Json);
        if (c !== 0) return c;
      }
      return x.length < y.length ? -1 : x.length > y.length ? 1 : 0;
    }
    default: {
      const x = a as JsonObject;
      const y = b as JsonObject;
      const kx = sortedKeys(x);
      const ky = sortedKeys(y);
      const c = compare(kx, ky);
      if (c !== 0) return c;
      for (const k of kx) {
        const d = compare(x.get(k) as Json, y.get(k) as Json);
        if (d !== 0) return d;
      }
      return 0;
    }
  }
}

export function equals(a: Json, b: Json): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  const ka = kindOf(a);
  if (ka !== kindOf(b)) return false;
  if (ka === 'number') {
    if (a instanceof LiteralNumber && b instanceof LiteralNumber) return compareDecimal(a.text, b.text) === 0;
    return numberOf(a as number) === numberOf(b as number);
  }
  if (ka === 'string' || ka === 'boolean' || ka === 'null') return false;
  if (ka === 'array') {
    const x = a as Json[];
    const y = b as Json[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!equals(x[i] as Json, y[i] as Json)) return false;
    return true;
  }
  const x = a as JsonObject;
  const y = b as JsonObject;
  if (x.size !== y.size) return false;
  for (const [k, v] of x) {
    const w = y.get(k);
    if (w === undefined || !equals(v, w)) return false;
  }
  return true;
}

export function add(a: Json, b: Json): Json {
  if (a === null) return b;
  if (b === null) return a;
  if (isNum(a) && isNum(b)) return numberOf(a) + numberOf(b);
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return a.concat(b);
  if (isObj(a) && isObj(b)) {
    const m = new Map(a);
    for (const [k, v] of b) m.set(k, v);
    return m;
  }
  throw typeError2(a, b, 'cannot be added');
}

export function subtract(a: Json, b: Json): Json {
  if (isNum(a) && isNum(b)) return numberOf(a) - numberOf(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.filter((x) => !b.some((y) => equals(x, y)));
  throw typeError2(a, b, 'cannot be subtracted');
}

function deepMerge(a: JsonObject, b: JsonObject): JsonObject {
  const m = new Map(a);
  for (const [k, v] of b) {
    const old = m.get(k);
    m.set(k, old !== undefined && isObj(old) && isObj(v) ? deepMerge(old, v) : v);
  }
  return m;
}

function repeatString(s: string, n: number): Json {
  // jq 1.7.1: a negative (or nan) count gives null, otherwise the integer part's repetitions
  if (n < 0 || Number.isNaN(n)) return null;
  return s.repeat(Math.min(Math.trunc(n), 2147483647));
}

export function multiply(a: Json, b: Json): Json {
  if (isNum(a) && isNum(b)) return numberOf(a) * numberOf(b);
  if (typeof a === 'string' && isNum(b)) return repeatString(a, numberOf(b));
  if (isNum(a) && typeof b === 'string') return repeatString(b, numberOf(a));
  if (isObj(a) && isObj(b)) return deepMerge(a, b);
  throw typeError2(a, b, 'cannot be multiplied');
}

export function splitString(s: string, sep: string): Json[] {
  if (s === '') return [];
  if (sep === '') return Array.from(s);
  return s.split(sep);
}

export function divide(a: Json, b: Json): Json {
  if (isNum(a) && isNum(b)) {
    if (numberOf(b) === 0) throw typeError2(a, b, 'cannot be divided because the divisor is zero');
    return numberOf(a) / numberOf(b);
  }
  if (typeof a === 'string' && typeof b === 'string') return splitString(a, b);
  throw typeError2(a, b, 'cannot be divided');
}

const INTMAX_MIN = -(2n ** 63n);
const INTMAX_MAX = 2n ** 63n - 1n;
const TWO63 = 2 ** 63;

/** jq's dtoi: a double to intmax_t, saturating */
function dtoi(n: number): bigint {
  if (n < -TWO63) return INTMAX_MIN;
  if (-n < -TWO63) return INTMAX_MAX;
  const t = Math.trunc(n);
  return t >= TWO63 ? INTMAX_MAX : BigInt(t);
}

export function modulo(a: Json, b: Json): Json {
  if (isNum(a) && isNum(b)) {
    const x = numberOf(a);
    const y = numberOf(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
    const bi = dtoi(y);
    if (bi === 0n) throw typeError2(a, b, 'cannot be divided (remainder) because the divisor is zero');
    // small operands stay in doubles (the common case); big ones need 64-bit integer remainders
    if (Math.abs(x) < 2 ** 52 && Math.abs(y) < 2 ** 52) {
      const r = Math.trunc(x) % Math.trunc(y);
      return r === 0 ? 0 : r;
    }
    return bi === -1n ? 0 : Number(dtoi(x) % bi);
  }
  throw typeError2(a, b, 'cannot be divided (remainder)');
}

export function negate(v: Json): Json {
  if (isNum(v)) return -numberOf(v);
  throw typeError(v, 'cannot be negated');
}

/** parse_slice: the start and end indexes of a slice of a length-`len` value */
function sliceBounds(len: number, from: Json, to: Json): [number, number] {
  const num = (v: Json, dflt: number): number => {
    if (v === null) return dflt;
    if (!isNum(v)) throw new JqError('Start and end indices of an array slice must be numbers');
    return numberOf(v);
  };
  let ds = num(from, 0);
  let de = num(to, len);
  if (Number.isNaN(ds)) ds = 0;
  if (ds < 0) ds += len;
  if (ds < 0) ds = 0;
  if (ds > len) ds = len;
  const start = Math.floor(ds);
  if (Number.isNaN(de)) de = len;
  if (de < 0) de += len;
  if (de < 0) de = start;
  let end = Math.trunc(de);
  if (end > len) end = len;
  if (end < len && end < de) end += 1;
  if (end < start) end = start;
  return [start, end];
}

/** codepoint-indexed slice of a string (jq counts codepoints) */
function sliceString(s: string, start: number, end: number): string {
  if (!/[\uD800-\uDFFF]/.test(s)) return s.slice(start, end);
  return Array.from(s).slice(start, end).join('');
}

export function codepointLength(s: string): number {
  if (!/[\uD800-\uDFFF]/.test(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export function slice(t: Json, from: Json, to: Json): Json {
  if (t === null) return null;
  if (Array.isArray(t)) {
    const [s, e] = sliceBounds(t.length, from, to);
    return t.slice(s, e);
  }
  if (typeof t === 'string') {
    const [s, e] = sliceBounds(codepointLength(t), from, to);
    return sliceString(t, s, e);
  }
  throw new JqError(`Cannot index ${kindOf(t)} with object`);
}

function arrayIndexes(t: Json[], k: Json[]): Json {
  if (k.length === 0) return null;
  const out: number[] = [];
  for (let i = 0; i + k.length <= t.length; i++) {
    let ok = true;
    for (let j = 0; j < k.length; j++) {
      if (!equals(t[i + j] as Json, k[j] as Json)) {
        ok = false;
        break;
      }
    }
    if (ok) out.push(i);
  }
  return out;
}

/** jv_get: `.[k]` */
export function index(t: Json, k: Json): Json {
  if (isObj(t) && typeof k === 'string') return t.get(k) ?? null;
  if (Array.isArray(t) && isNum(k)) {
    const d = numberOf(k);
    if (Number.isNaN(d)) return null;
    let i = Math.floor(d);
    if (i < 0) i += t.length;
    return i < 0 ? null : (t[i] ?? null);
  }
  if (isObj(k) && (Array.isArray(t) || typeof t === 'string' || t === null)) {
    if (t === null) return null;
    return slice(t, k.get('start') ?? null, k.get('end') ?? null);
  }
  if (Array.isArray(t) && Array.isArray(k)) return arrayIndexes(t, k);
  if (t === null && (typeof k === 'string' || isNum(k) || isObj(k))) return null;
  if (typeof k === 'string' && Buffer.byteLength(k) < 30) return fail(`Cannot index ${kindOf(t)} with string "${k}"`);
  return fail(`Cannot index ${kindOf(t)} with ${kindOf(k)}`);
}

function fail(msg: string): never {
  throw new JqError(msg);
}

/** jv_set: `.[k] = v` on one level */
export function setIndex(t: Json, k: Json, v: Json): Json {
  if (typeof k === 'string' && (t === null || isObj(t))) {
    const m: JsonObject = t === null ? new Map() : new Map(t);
    m.set(k, v);
    return m;
  }
  if (isNum(k) && (t === null || Array.isArray(t))) {
    const d = numberOf(k);
    if (Number.isNaN(d)) fail('Cannot set array element at NaN index');
    const a = t === null ? [] : t.slice();
    let i = Math.trunc(Math.max(-2147483648, Math.min(2147483647, d)));
    if (i < 0) {
      i += a.length;
      if (i < 0) fail('Out of bounds negative array index');
    }
    if (i > 536870912) fail('Array index too large');
    while (a.length < i) a.push(null);
    a[i] = v;
    return a;
  }
  if (isObj(k) && (t === null || Array.isArray(t))) {
    const a = t === null ? [] : t;
    const [s, e] = sliceBounds(a.length, k.get('start') ?? null, k.get('end') ?? null);
    if (!Array.isArray(v)) fail('A slice of an array can only be assigned another array');
    return [...a.slice(0, s), ...v, ...a.slice(e)];
  }
  if (isObj(k) && typeof t === 'string') fail('Cannot update string slices');
  return fail(`Cannot update field at ${kindOf(k)} index of ${kindOf(t)}`);
}

export function getpath(t: Json, path: Json[]): Json {
  let cur = t;
  for (const k of path) {
    if (cur === null) return null;
    cur = index(cur, k);
  }
  return cur;
}

export function setpath(t: Json, path: Json[], v: Json, i = 0): Json {
  if (i === path.length) return v;
  const k = path[i] as Json;
  const child = t === null ? null : index(t, k);
  return setIndex(t, k, setpath(child, path, v, i + 1));
}

/** jv_dels: delete a sorted set of keys from one value */
function deleteKeys(t: Json, keys: Json[]): Json {
  if (t === null || keys.length === 0) return t;
  if (Array.isArray(t)) {
    const del = new Set<number>();
    for (const k of keys) {
      if (isNum(k)) {
        let i = Math.trunc(numberOf(k));
        if (i < 0) i += t.length;
        del.add(i);
      } else if (isObj(k)) {
        const [s, e] = sliceBounds(t.length, k.get('start') ?? null, k.get('end') ?? null);
        for (let i = s; i < e; i++) del.add(i);
      } else fail(`Cannot delete ${kindOf(k)} element of array`);
    }
    return t.filter((_, i) => !del.has(i));
  }
  if (isObj(t)) {
    const m = new Map(t);
    for (const k of keys) {
      if (typeof k !== 'string') fail(`Cannot delete ${kindOf(k)} field of object`);
      m.delete(k);
    }
    return m;
  }
  return fail(`Cannot delete fields from ${kindOf(t)}`);
}

/** jv_aux.c delpaths_sorted: one level's deletions at once, deeper ones per key first */
function delpathsSorted(obj: Json, paths: Json[][], start: number): Json {
  const delkeys: Json[] = [];
  let cur = obj;
  for (let i = 0; i < paths.length; ) {
    const first = paths[i] as Json[];
    const key = first[start] as Json;
    let j = i;
    while (j < paths.length && equals(key, (paths[j] as Json[])[start] as Json)) j++;
    if (first.length === start + 1) delkeys.push(key);
    else {
      const sub = index(cur, key);
      if (sub !== null) cur = setIndex(cur, key, delpathsSorted(sub, paths.slice(i, j), start + 1));
    }
    i = j;
  }
  return delkeys.length === 0 ? cur : deleteKeys(cur, delkeys);
}

export function delpaths(t: Json, paths: Json): Json {
  if (!Array.isArray(paths)) throw new JqError('Paths must be specified as an array');
  const sorted = paths.slice().sort(compare);
  for (const p of sorted) {
    if (!Array.isArray(p)) throw new JqError(`Path must be specified as array, not ${kindOf(p)}`);
  }
  if (sorted.length === 0) return t;
  if ((sorted[0] as Json[]).length === 0) return null;
  return delpathsSorted(t, sorted as Json[][], 0);
}

export function length(v: Json): Json {
  if (v === null) return 0;
  if (typeof v === 'boolean') throw typeError(v, 'has no length');
  if (typeof v === 'number') return Math.abs(v);
  if (v instanceof LiteralNumber) return Math.abs(v.value);
  if (typeof v === 'string') return codepointLength(v);
  if (Array.isArray(v)) return v.length;
  return v.size;
}

export function keys(v: Json, sorted: boolean): Json {
  if (isObj(v)) return sorted ? sortedKeys(v) : [...v.keys()];
  if (Array.isArray(v)) return v.map((_, i) => i);
  throw typeError(v, 'has no keys');
}

export function has(t: Json, k: Json): boolean {
  if (t === null) return false;
  if (isObj(t) && typeof k === 'string') return t.has(k);
  if (Array.isArray(t) && isNum(k)) {
    const d = numberOf(k);
    return !Number.isNaN(d) && d >= 0 && d < t.length;
  }
  throw new JqError(`Cannot check whether ${kindOf(t)} has a ${kindOf(k)} key`);
}

export function contains(a: Json, b: Json): boolean {
  if (kindOf(a) !== kindOf(b)) throw typeError2(a, b, 'cannot have their containment checked');
  return containsValue(a, b);
}

/** jv_contains: below the top, values of different kinds are simply not contained */
function containsValue(a: Json, b: Json): boolean {
  const ka = kindOf(a);
  if (ka !== kindOf(b)) return false;
  if (ka === 'object') {
    for (const [k, v] of b as JsonObject) {
      const w = (a as JsonObject).get(k);
      if (w === undefined || !containsValue(w, v)) return false;
    }
    return true;
  }
  if (ka === 'array') return (b as Json[]).every((y) => (a as Json[]).some((x) => containsValue(x, y)));
  if (ka === 'string') return (a as string).includes(b as string);
  return equals(a, b);
}

export function tostring(v: Json): string {
  return typeof v === 'string' ? v : tojson(v);
}

export function sortValues(a: Json[]): Json[] {
  return a.slice().sort(compare);
}
