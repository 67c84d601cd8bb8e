// Shell variables: scalars, sparse indexed arrays, associative arrays, attributes, and bash's
// dynamic scoping (a stack of frames; `local` adds to the top frame, plain assignment updates the
// nearest frame that has the name, else the global one).
//
// Values are JS strings in the shell's string model (surrogateescape bytes). Indexed arrays are
// sparse JS arrays: forEach skips holes and visits indices in ascending order, which is exactly
// bash's enumeration order.

import { encode } from '../../../lib/io/encoding.js';
import { asciiLower, asciiUpper } from '../../../lib/text/bytes.js';

export const ATTR = {
  export: 1,
  readonly: 2,
  integer: 4,
  lower: 8,
  upper: 16,
  nameref: 32,
  indexed: 64,
  assoc: 128,
  capitalize: 256,
} as const;

export type VarValue = string | string[] | Map<string, string>;

export interface Variable {
  /** undefined: declared (attributes only) but unset */
  value: VarValue | undefined;
  attrs: number;
  /**
   * arithmetic's reading of the value (arith-direct.ts): `num` is `value` as a plain decimal
   * while `value === numText`. Any write of `value` leaves a stale pair that simply no longer
   * matches, so only arithmetic reads and writes it. Saves re-parsing `i` on every `((i<n))`.
   */
  numText: string | undefined;
  num: number;
  /**
   * what an array value counts against the memory budget: its elements' text plus ELEMENT_COST
   * each (an associative entry: key, value and ENTRY_COST). Kept by every writer of an array;
   * unused while the value is a string (its length is its cost).
   */
  size: number;
}

/** a Variable (always made here, so that every one has the same fields in the same order) */
export function newVariable(value: VarValue | undefined, attrs: number, size = 0): Variable {
  return { value, attrs, numText: undefined, num: 0, size };
}

// ---------------------------------------------------------------- the memory budget

/**
 * The run's memory account (the Runtime): `used` bytes against `max`; `over()` stops the run with
 * the limit's message.
 */
export interface MemoryAccount {
  used: number;
  readonly max: number;
  over(): never;
}

/**
 * What an indexed array's element costs besides its text: a slot of the array and a string's
 * header (a million short elements take ~30 MB in V8, not the few megabytes of their text).
 */
export const ELEMENT_COST = 24;
/** the same for an associative array's entry (a hash-table entry and the key's own string) */
export const ENTRY_COST = 64;
/** a variable itself (its object and its frame's entry), besides its name and value */
export const VARIABLE_COST = 64;

/** what a value counts against the budget (arrays: kept in `size` by their writers) */
export function valueCost(v: Variable): number {
  const x = v.value;
  return x === undefined ? 0 : typeof x === 'string' ? x.length : v.size;
}

/** a variable's whole cost: itself, its name, its value */
export function variableCost(name: string, v: Variable): number {
  return VARIABLE_COST + name.length + valueCost(v);
}

export type Frame = Map<string, Variable>;

export function isArrayValue(v: VarValue | undefined): v is string[] {
  return Array.isArray(v);
}

export function isAssocValue(v: VarValue | undefined): v is Map<string, string> {
  return v instanceof Map;
}

/** element 0 of an indexed array, the scalar itself, or `[0]` of an assoc array, as bash's $name */
export function scalarOf(v: VarValue | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v[0];
  return v.get('0');
}

/**
 * bash's string hash (FNV-1, 32 bits) over the UTF-8 bytes. bash XORs each `char`, which is signed
 * on x86 and most Linux targets: a byte of 0x80 or more is sign-extended first.
 */
function fnv1(s: string): number {
  let h = 2166136261;
  const b = encode(s);
  for (let i = 0; i < b.length; i++) {
    h = Math.imul(h, 16777619) >>> 0;
    const c = b[i]!;
    h = (h ^ (c >= 0x80 ? c | 0xffffff00 : c)) >>> 0;
  }
  return h;
}

/**
 * An associative array's entries in bash's order: bash keeps them in a hash table of 1024
 * buckets (4× more each time it fills past twice its size), walks the buckets in order, and puts
 * the newest entry first within a bucket. Scripts see this order in ${!m[@]}, so we reproduce it.
 */
export function assocEntries(m: Map<string, string>): [string, string][] {
  let buckets = 1024;
  while (m.size > buckets * 2) buckets *= 4;
  const items: { k: string; v: string; b: number; i: number }[] = [];
  let i = 0;
  for (const [k, v] of m) items.push({ k, v, b: fnv1(k) & (buckets - 1), i: i++ });
  items.sort((x, y) => x.b - y.b || y.i - x.i);
  return items.map((x) => [x.k, x.v]);
}

/** past this length, an array is walked by its keys: forEach would visit every hole */
const SPARSE_WALK_LENGTH = 1 << 24;

/**
 * an indexed array's elements in index order. `a[4000000000]=x` makes a JS array of that length
 * whose forEach visits every hole (minutes); Object.keys lists only the elements, integer keys
 * ascending.
 */
export function forEachElement(v: string[], fn: (x: string, i: number) => void): void {
  if (v.length <= SPARSE_WALK_LENGTH) {
    v.forEach(fn);
    return;
  }
  for (const k of Object.keys(v)) {
    const i = Number(k);
    if (Number.isInteger(i) && i >= 0 && i < v.length) fn(v[i]!, i);
  }
}

/** the largest index a JS array can hold; bash's indices go on to 2^63-1 */
const MAX_JS_INDEX = 4294967294;

/**
 * elements past MAX_JS_INDEX (`a[0x7FFFFFFFFFFFFFFF]=x`), beside their array, by canonical decimal
 * key. Rare: every walk pays one WeakMap miss.
 */
const farElements = new WeakMap<string[], Map<string, string>>();

/** the canonical key of a subscript beyond a JS array's range, or null for an ordinary one */
export function farKey(key: string): string | null {
  if (key.length < 10 || !/^\+?\d+$/.test(key)) return null;
  const n = BigInt(key);
  return n > BigInt(MAX_JS_INDEX) ? n.toString() : null;
}

export function getFar(v: string[], key: string): string | undefined {
  return farElements.get(v)?.get(key);
}

export function setFar(v: string[], key: string, value: string): void {
  let m = farElements.get(v);
  if (!m) farElements.set(v, (m = new Map()));
  m.set(key, value);
}

export function deleteFar(v: string[], key: string): void {
  farElements.get(v)?.delete(key);
}

/**
 * bash's base for negative indices and `+=(…)`: max index + 1, counting the far elements; null
 * when there are none (then it is the JS length)
 */
export function farEnd(v: string[]): bigint | null {
  const far = farEntries(v);
  return far.length ? BigInt(far[far.length - 1]![0]) + 1n : null;
}

/** the far elements in index order */
export function farEntries(v: string[]): [string, string][] {
  const m = farElements.get(v);
  if (!m || m.size === 0) return [];
  return [...m].sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1));
}

/** a copy of an indexed array (subshells): slice() of a huge sparse array walks every hole */
function copyArray(v: string[]): string[] {
  let out: string[];
  if (v.length <= SPARSE_WALK_LENGTH) out = v.slice();
  else {
    out = [];
    forEachElement(v, (x, i) => (out[i] = x));
  }
  const far = farElements.get(v);
  if (far) farElements.set(out, new Map(far));
  return out;
}

/** max index + 1, after an element was deleted (the holes at the end are stepped over) */
export function lengthAfterLast(v: string[]): number {
  let len = v.length;
  if (len <= SPARSE_WALK_LENGTH) {
    while (len > 0 && !(len - 1 in v)) len--;
    return len;
  }
  len = 0;
  forEachElement(v, (_x, i) => (len = i + 1)); // ascending: the last one seen is the max
  return len;
}

/** all values in order (indexed by index, assoc in bash's hash order), a scalar as a one-element list */
export function valuesOf(v: VarValue | undefined): string[] {
  if (v === undefined) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) {
    const out: string[] = [];
    forEachElement(v, (x) => out.push(x));
    for (const [, x] of farEntries(v)) out.push(x);
    return out;
  }
  return assocEntries(v).map((e) => e[1]);
}

/** keys in order */
export function keysOf(v: VarValue | undefined): string[] {
  if (v === undefined) return [];
  if (typeof v === 'string') return ['0'];
  if (Array.isArray(v)) {
    const out: string[] = [];
    forEachElement(v, (_x, i) => out.push(String(i)));
    for (const [k] of farEntries(v)) out.push(k);
    return out;
  }
  return assocEntries(v).map((e) => e[0]);
}

export function cloneVariable(v: Variable): Variable {
  const val = v.value;
  if (val === undefined || typeof val === 'string') return newVariable(val, v.attrs);
  if (Array.isArray(val)) return newVariable(copyArray(val), v.attrs, v.size);
  return newVariable(new Map(val), v.attrs, v.size);
}

/** what copying a variable for a subshell makes anew: the variable, an array's slots, a map's entries */
function copyCost(v: Variable): number {
  const val = v.value;
  if (Array.isArray(val)) return VARIABLE_COST + Math.min(val.length, v.size / ELEMENT_COST) * 8;
  if (val instanceof Map) return VARIABLE_COST + val.size * (ENTRY_COST / 2);
  return VARIABLE_COST;
}

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
export function isValidName(name: string): boolean {
  return NAME_RE.test(name);
}

/** the frame of a function that has declared no local yet: shared, never written (see pushFrame) */
const NO_LOCALS_YET: Frame = new Map();

/** an account that counts nothing (stores made outside a run: tests) */
const NO_ACCOUNT: MemoryAccount = {
  used: 0,
  max: Infinity,
  over(): never {
    throw new Error('unreachable: no budget');
  },
};

/**
 * A stack of frames. Frame 0 holds the globals.
 *
 * Every change of what its variables hold is charged to the run's memory account (charge()),
 * by the writers in expand/var-access.ts and here: a running total, never a walk. A subshell's
 * copy charges what the copy made anew (the variables, the arrays' slots) and its own changes
 * from then on, and gives all of it back when it ends (drop()); it never gives back more than it
 * charged (freeing what its parent still holds frees nothing).
 */
export class VarStore {
  frames: Frame[];
  /** frames pushed by `a=1 cmd` (temporary environment); flagged so `local` skips them */
  tempFrames = new Set<Frame>();
  /** what this store has charged to the account and not given back */
  held = 0;

  constructor(
    public account: MemoryAccount = NO_ACCOUNT,
    frames?: Frame[],
    /** a subshell's copy: it charges only what it adds */
    private readonly isCopy = false,
  ) {
    this.frames = frames ?? [new Map()];
  }

  /** `delta` bytes more (or fewer) held: past the budget the run stops (MemoryAccount.over) */
  charge(delta: number): void {
    let h = this.held + delta;
    if (h < 0 && this.isCopy) {
      delta -= h;
      h = 0;
    }
    this.held = h;
    const a = this.account;
    if ((a.used += delta) > a.max && delta > 0) a.over();
  }

  /** a session's next call: what the variables hold is charged to that call's account */
  rebind(account: MemoryAccount): void {
    this.account = account;
    account.used += this.held;
  }

  /** a subshell ends: what its copy held is given back */
  drop(): void {
    this.account.used -= this.held;
    this.held = 0;
  }

  clone(meter?: { spend(units: number): void }): VarStore {
    let cost = 0;
    const frames = this.frames.map((f) => {
      const m: Frame = new Map();
      for (const [k, v] of f) {
        m.set(k, cloneVariable(v));
        const c = copyCost(v);
        cost += c + k.length;
        meter?.spend(c);
      }
      return m;
    });
    const c = new VarStore(this.account, frames, true);
    this.frames.forEach((f, i) => {
      if (this.tempFrames.has(f)) c.tempFrames.add(frames[i]!);
    });
    c.charge(cost);
    return c;
  }

  /** the variable visible under `name` (no nameref resolution) */
  lookup(name: string): Variable | undefined {
    const fs = this.frames;
    for (let i = fs.length - 1; i >= 0; i--) {
      const v = fs[i]!.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** the frame that holds `name`, or undefined */
  frameOf(name: string): Frame | undefined {
    const fs = this.frames;
    for (let i = fs.length - 1; i >= 0; i--) if (fs[i]!.has(name)) return fs[i];
    return undefined;
  }

  /** follow namerefs (bounded, as bash warns on circular references) */
  resolve(name: string): string {
    let n = name;
    for (let i = 0; i < 10; i++) {
      const v = this.lookup(n);
      if (!v || !(v.attrs & ATTR.nameref) || typeof v.value !== 'string' || v.value === '') return n;
      n = v.value;
    }
    return n;
  }

  /** the variable to write for `name`, created in the global frame when missing */
  slot(name: string): Variable {
    const v = this.lookup(name);
    if (v) return v;
    const nv = newVariable(undefined, 0);
    this.frames[0]!.set(name, nv); // frame 0, the globals, is never popped (popFrame pairs with pushFrame)
    this.charge(VARIABLE_COST + name.length);
    return nv;
  }

  /** put a new variable into a frame, charging what it costs (replacing one gives that one's back) */
  add(frame: Frame, name: string, v: Variable): void {
    const old = frame.get(name);
    frame.set(name, v);
    this.charge(variableCost(name, v) - (old ? variableCost(name, old) : 0));
  }

  /** the innermost function frame (not a temp-env frame), for `local` */
  localFrame(): Frame | undefined {
    for (let i = this.frames.length - 1; i > 0; i--) {
      const f = this.frames[i]!;
      if (f === NO_LOCALS_YET) return (this.frames[i] = new Map());
      if (!this.tempFrames.has(f)) return f;
    }
    return undefined;
  }

  /**
   * A function's frame, or (temp) the frame of `a=1 cmd`. A function's frame starts as the shared
   * empty NO_LOCALS_YET and becomes its own Map at the first `local` (localFrame): most calls
   * declare no locals, and a Map per call is a measurable cost in call-heavy loops (issue 7).
   */
  pushFrame(temp = false): Frame {
    if (!temp) {
      this.frames.push(NO_LOCALS_YET);
      return NO_LOCALS_YET;
    }
    const f: Frame = new Map();
    this.frames.push(f);
    this.tempFrames.add(f);
    return f;
  }

  popFrame(): void {
    const f = this.frames.pop();
    if (f === undefined || f === NO_LOCALS_YET) return;
    this.tempFrames.delete(f);
    let freed = 0;
    for (const [k, v] of f) freed += variableCost(k, v);
    if (freed !== 0) this.charge(-freed);
  }

  /** take a temporary frame (`a=1 cmd`) out of the stack, wherever it is now */
  removeFrame(frame: Frame): void {
    const i = this.frames.lastIndexOf(frame);
    if (i < 0) return;
    this.frames.splice(i, 1);
    this.tempFrames.delete(frame);
    let freed = 0;
    for (const [k, v] of frame) freed += variableCost(k, v);
    if (freed !== 0) this.charge(-freed);
  }

  /** remove `name` from the nearest frame that has it */
  remove(name: string): void {
    const f = this.frameOf(name);
    if (!f) return;
    const v = f.get(name)!;
    f.delete(name);
    this.charge(-variableCost(name, v));
  }

  /** every visible name (inner frames shadow outer ones) */
  names(): string[] {
    const seen = new Set<string>();
    for (let i = this.frames.length - 1; i >= 0; i--) for (const k of this.frames[i]!.keys()) seen.add(k);
    return [...seen];
  }

  /** visible variables, inner frames first */
  visible(): Map<string, Variable> {
    const out = new Map<string, Variable>();
    for (let i = this.frames.length - 1; i >= 0; i--) {
      for (const [k, v] of this.frames[i]!) if (!out.has(k)) out.set(k, v);
    }
    return out;
  }
}

/** apply -l / -u / -c case attributes to a value about to be stored */
export function applyCaseAttrs(attrs: number, s: string): string {
  if (attrs & ATTR.lower) return asciiLower(s);
  if (attrs & ATTR.upper) return asciiUpper(s);
  if (attrs & ATTR.capitalize) return s.length ? asciiUpper(s[0]!) + asciiLower(s.slice(1)) : s;
  return s;
}

/** a variable's attribute letters in bash's order (declare -p, ${v@a}): a A i n r x c l u */
export function attrLetters(v: Variable): string {
  const a = v.attrs;
  let s = '';
  if (a & ATTR.indexed || isArrayValue(v.value)) s += 'a';
  if (a & ATTR.assoc || isAssocValue(v.value)) s += 'A';
  if (a & ATTR.integer) s += 'i';
  if (a & ATTR.nameref) s += 'n';
  if (a & ATTR.readonly) s += 'r';
  if (a & ATTR.export) s += 'x';
  if (a & ATTR.capitalize) s += 'c';
  if (a & ATTR.lower) s += 'l';
  if (a & ATTR.upper) s += 'u';
  return s;
}
