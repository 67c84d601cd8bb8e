// Reading and writing variables with bash's rules: dynamic variables (RANDOM, SECONDS, LINENO…),
// namerefs, attributes (-i arithmetic, -l/-u case, -r readonly, -x export), array elements with
// negative indices, and the per-variable size budget.

import type { CallExpr, Redirect } from '../../syntax/ast.js';
import { printRedirects } from '../state/printer.js';
import { info } from '../state/source-info.js';
import type { Shell } from '../state/shell.js';
import {
  ATTR,
  applyCaseAttrs,
  ELEMENT_COST,
  ENTRY_COST,
  valueCost,
  deleteFar,
  farEnd,
  farKey,
  getFar,
  isArrayValue,
  isAssocValue,
  lengthAfterLast,
  scalarOf,
  setFar,
  type VarValue,
  type Variable,
} from '../state/vars.js';
import { AssignError, reportError } from '../state/errors.js';
import { arithText } from './arith-shell.js';
import { formatInt } from '../arith/evaluate.js';

type Dynamic = (sh: Shell) => VarValue | undefined;

/**
 * $RANDOM as bash 5.2 makes it (variables.c brand): Park and Miller's minimal standard generator,
 * its 32 bits folded to 15, never the same value twice in a row. So `RANDOM=42` gives bash's
 * sequence (17772 26794 …); unseeded, the start differs per run and per subshell.
 */
function nextRandom(sh: Shell): number {
  let rv: number;
  do {
    let last = sh.randomState >>> 0;
    if (last === 0) last = 123459876;
    const h = Math.floor(last / 127773);
    const l = last % 127773;
    let t = 16807 * l - 2836 * h;
    if (t < 0) t += 0x7fffffff;
    sh.randomState = t;
    rv = ((t >>> 16) ^ (t & 65535)) & 32767;
  } while (rv === sh.lastRandom);
  sh.lastRandom = rv;
  return rv;
}

/** `RANDOM=value`: bash's seed is the value read as strtoul does, cut to 32 bits */
export function seedRandom(sh: Shell, value: string): void {
  const m = /^\s*([+-]?)(\d+)/.exec(value);
  let seed = m ? BigInt.asUintN(32, BigInt(m[2]!)) : 0n;
  if (m && m[1] === '-') seed = BigInt.asUintN(32, -seed);
  sh.randomState = Number(seed);
  sh.lastRandom = 0;
}

const DYNAMIC: Record<string, Dynamic> = {
  RANDOM: (sh) => String(nextRandom(sh)),
  _: (sh) => sh.lastArg,
  BASH_SUBSHELL: (sh) => String(sh.subshellDepth),
  SHELLOPTS: (sh) => [...sh.setOpts].filter(([, on]) => on).map(([n]) => n).sort().join(':'),
  BASHOPTS: (sh) => [...sh.shopts].filter(([, on]) => on).map(([n]) => n).sort().join(':'),
  SECONDS: (sh) => String(Math.floor((Date.now() - sh.rt.startMs) / 1000)),
  LINENO: (sh) => String(sh.lineno + sh.lineOffset),
  BASHPID: (sh) => String(sh.bashpid),
  EPOCHSECONDS: () => String(Math.floor(Date.now() / 1000)),
  EPOCHREALTIME: () => (Date.now() / 1000).toFixed(6),
  // set only inside a function; a sourced file's frame shows as `source`
  FUNCNAME: (sh) => (sh.callDepth > 0 ? [...sh.frames.map((f) => f.name).reverse(), 'main'] : undefined),
  BASH_SOURCE: (sh) => {
    const files = sh.frames.map((f) => f.file).reverse();
    return sh.mainFile === null ? files : [...files, sh.mainFile];
  },
  BASH_LINENO: (sh) => {
    const lines = sh.frameLines.map(String).reverse();
    return sh.mainFile === null ? lines : [...lines, '0'];
  },
  PIPESTATUS: (sh) => (sh.pipeStatus ?? [sh.leafStatus]).map(String),
  BASH_COMMAND: (sh) => commandText(sh.inTrap.size > 0 ? sh.trapCall : sh.currentCall),
};

const commandTexts = new WeakMap<CallExpr, string>();

/** a simple command's statement redirections, recorded at compile time (call.ts) */
export const callRedirects = new WeakMap<CallExpr, readonly Redirect[]>();

/** a simple command as written (BASH_COMMAND: `echo $x`, not its expansion) */
function commandText(node: CallExpr | null): string {
  if (node === null) return '';
  let t = commandTexts.get(node);
  if (t === undefined) {
    const redirs = callRedirects.get(node);
    t = [...node.Assigns.map((a) => info.textOf(a)), ...node.Args.map((w) => info.textOf(w)), ...(redirs ? [printRedirects(redirs).redirs] : [])].join(' ');
    commandTexts.set(node, t);
  }
  return t;
}

export function isDynamic(name: string): boolean {
  return Object.hasOwn(DYNAMIC, name);
}

/** the value visible as `name` (namerefs followed), or undefined */
export function readVar(sh: Shell, name: string): VarValue | undefined {
  // the common case, first and without the DYNAMIC table: a set variable that is no nameref and
  // whose name is none of those that stay dynamic even when set (all begin with _ L F P)
  const plain = sh.vars.lookup(name);
  if (plain !== undefined && (plain.attrs & ATTR.nameref) === 0) {
    const c = name.charCodeAt(0);
    if (c !== 95 && c !== 76 && c !== 70 && c !== 80) return plain.value;
  }
  const d = DYNAMIC[name];
  if (d !== undefined && Object.hasOwn(DYNAMIC, name)) {
    if (!plain || name === 'LINENO' || name === 'FUNCNAME' || name === 'PIPESTATUS' || name === '_') return d(sh);
  }
  const v = plain;
  if (v === undefined) return undefined;
  if (v.attrs & ATTR.nameref) {
    const target = sh.vars.resolve(name);
    if (target === name) return v.value;
    const el = ELEMENT_REF.exec(target);
    if (el) return elementByText(sh, el[1]!, el[2]!);
    return readVar(sh, target);
  }
  return v.value;
}

/** `name[sub]` as a nameref target */
const ELEMENT_REF = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s;

/**
 * The key for `name[sub]` when the subscript is text from data (a nameref target, `unset 'a[k]'`,
 * `test -v`, `printf -v`): quotes removed and simple `$var` expanded for associative arrays, an
 * arithmetic index otherwise.
 */
export function keyFor(sh: Shell, name: string, sub: string): string {
  const v = sh.vars.lookup(sh.vars.resolve(name));
  if (v && (isAssocValue(v.value) || v.attrs & ATTR.assoc)) {
    return sub
      .replace(/^(["'])(.*)\1$/s, '$2')
      .replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_x, n: string) => readScalar(sh, n) ?? '');
  }
  return formatInt(arithText(sh, sub));
}

function elementByText(sh: Shell, name: string, sub: string): string | undefined {
  return readElement(sh, name, keyFor(sh, name, sub));
}

export function readScalar(sh: Shell, name: string): string | undefined {
  return scalarOf(readVar(sh, name));
}

/** names that readVar answers dynamically even when they are set */
function staysDynamic(name: string): boolean {
  return name === '_' || name === 'LINENO' || name === 'FUNCNAME' || name === 'PIPESTATUS';
}

/**
 * A reader of `$name` for one name fixed at compile time: readScalar, with the common case (a set
 * scalar that is no nameref) found in the frames directly. In a loop's first, interpreted
 * iterations each call layer costs (issue 7: cold loops), and every `$x` comes here.
 */
export function compileScalarRead(name: string): (sh: Shell) => string | undefined {
  if (staysDynamic(name)) return (sh) => readScalar(sh, name);
  return (sh) => readSetScalar(sh, name);
}

function readSetScalar(sh: Shell, name: string): string | undefined {
  const fs = sh.vars.frames;
  for (let i = fs.length - 1; i >= 0; i--) {
    const v = fs[i]!.get(name);
    if (v === undefined) continue;
    const value = v.value;
    if (typeof value === 'string' && (v.attrs & ATTR.nameref) === 0) return value;
    break;
  }
  return readScalar(sh, name);
}

export function lookupResolved(sh: Shell, name: string): Variable | undefined {
  return sh.vars.lookup(sh.vars.resolve(name));
}

/**
 * a negative index counted from bash's end (max index + 1) when the array has elements beyond a
 * JS array's range; any other key unchanged (the JS length serves as the end then)
 */
function fromEnd(v: string[], key: string): string {
  if (key[0] !== '-' || !/^-\d+$/.test(key)) return key;
  const end = farEnd(v);
  if (end === null) return key;
  const k = end + BigInt(key);
  return k < 0n ? key : k.toString();
}

/** element `key` (an evaluated index or an assoc key) */
export function readElement(sh: Shell, name: string, key: string): string | undefined {
  const v = readVar(sh, name);
  // a negative index before the first element reads as nothing, with bash's warning (a scalar
  // or an unset variable has no end to count from)
  if (v === undefined || typeof v === 'string') {
    if (key[0] === '-') return badSubscript(sh, name);
    return v !== undefined && key === '0' ? v : undefined;
  }
  if (isArrayValue(v)) {
    const k = fromEnd(v, key);
    const far = farKey(k);
    if (far !== null) return getFar(v, far);
    let i = Number(k);
    if (i < 0) i += v.length;
    return i >= 0 ? v[i] : badSubscript(sh, name);
  }
  return v.get(key);
}

function badSubscript(sh: Shell, name: string): undefined {
  reportError(sh, `${name}: bad array subscript`);
  return undefined;
}

function checkSize(sh: Shell, value: string): void {
  if (value.length > sh.rt.limits.maxVarBytes) {
    sh.rt.breach(`variable size limit exceeded (maxVarBytes ${sh.rt.limits.maxVarBytes})`);
  }
}

function target(sh: Shell, name: string): { name: string; v: Variable } {
  const n = sh.vars.resolve(name);
  return { name: n, v: sh.vars.slot(n) };
}

function transform(sh: Shell, v: Variable, value: string, old: string | undefined, append: boolean): string {
  if (v.attrs & ATTR.integer) {
    const n = arithText(sh, value);
    return formatInt(append ? addInts(arithText(sh, old || '0'), n) : n);
  }
  const s = settled(old?.length ?? 0, append ? (old ?? '') + value : value);
  return v.attrs & (ATTR.lower | ATTR.upper | ATTR.capitalize) ? applyCaseAttrs(v.attrs, s) : s;
}

function addInts(a: number | bigint, b: number | bigint): number | bigint {
  if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a + b)) return a + b;
  const r = BigInt.asIntN(64, BigInt(a) + BigInt(b));
  return r >= BigInt(Number.MIN_SAFE_INTEGER) && r <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r) : r;
}

function readonlyError(name: string): AssignError {
  return new AssignError(`${name}: readonly variable`);
}

/**
 * A variable's new value, flattened now and then as it grows. V8 joins strings lazily (a cons
 * string per `+`), so `s+=x` or `s=$s$x` in a loop keeps every piece alive as one more cell of a
 * chain, however short the piece: a million one-byte appends ran in 99-108 MB of RSS, 70 MB with
 * this, and each young-generation GC copies the cells made since the last one. Reading a
 * character flattens the chain in place and frees its cells. Doing so each time the length
 * crosses a multiple of an eighth of its highest power of two (at least 1 KiB) copies at most ~32
 * bytes per byte of the final value; on a string that is flat already it costs nothing.
 */
function settled(previousLength: number, s: string): string {
  const n = s.length;
  if (n >= 1024) {
    const step = Math.max(1024, (1 << (31 - Math.clz32(n))) >>> 3);
    if ((previousLength & -step) !== (n & -step)) s.charCodeAt(0);
  }
  return s;
}

/** `name=value` / `name+=value` */
export function assignScalar(sh: Shell, name: string, value: string, append = false): void {
  if (name === 'RANDOM') {
    // assigning RANDOM seeds it
    seedRandom(sh, value);
    return;
  }
  // the common case in loops: an existing plain scalar, found in the frames directly (a loop's
  // first iterations run interpreted, where each call layer costs: issue 7, cold loops)
  const fs = sh.vars.frames;
  for (let i = fs.length - 1; i >= 0; i--) {
    const plain = fs[i]!.get(name);
    if (plain === undefined) continue;
    if ((plain.attrs & SLOW_ASSIGN_ATTRS) !== 0 || typeof plain.value !== 'string') break;
    const old = plain.value;
    const s = append ? old + value : value;
    if (s.length > sh.rt.limits.maxVarBytes) checkSize(sh, s);
    const grown = s.length - old.length;
    if (grown !== 0) sh.vars.charge(grown);
    plain.value = settled(old.length, s);
    if (sh.setOpts.allexport) plain.attrs |= ATTR.export;
    return;
  }
  assignScalarSlow(sh, name, value, append);
}

/** assignScalar for a new variable, a nameref, an array, an attribute that transforms or forbids */
function assignScalarSlow(sh: Shell, name: string, value: string, append: boolean): void {
  const resolved = sh.vars.resolve(name);
  if (resolved !== name) {
    const el = ELEMENT_REF.exec(resolved);
    if (el) {
      assignElement(sh, el[1]!, keyFor(sh, el[1]!, el[2]!), value, append);
      return;
    }
  }
  const { name: n, v } = target(sh, name);
  if (v.attrs & ATTR.readonly) throw readonlyError(n);
  // a nameref without a target takes the value as one: an empty name is no identifier
  if (v.attrs & ATTR.nameref && value === '' && !append) throw new AssignError("`': not a valid identifier");
  const cur = v.value;
  if (cur !== undefined && typeof cur !== 'string') {
    // assigning to an array name sets element 0 (or key "0")
    assignElement(sh, n, '0', value, append);
    return;
  }
  const s = transform(sh, v, value, cur, append);
  checkSize(sh, s);
  sh.vars.charge(s.length - (cur?.length ?? 0));
  v.value = s;
  if (sh.opt('allexport')) v.attrs |= ATTR.export;
}

/** attributes that change what an assignment stores or whether it may happen */
export const SLOW_ASSIGN_ATTRS = ATTR.nameref | ATTR.readonly | ATTR.integer | ATTR.lower | ATTR.upper | ATTR.capitalize;


/** `name[key]=value`; key is an evaluated index (indexed) or the key (assoc) */
export function assignElement(sh: Shell, name: string, key: string, value: string, append = false): void {
  const { name: n, v } = target(sh, name);
  if (v.attrs & ATTR.readonly) throw readonlyError(n);
  let cur = v.value;
  if (v.attrs & ATTR.assoc || isAssocValue(cur)) {
    if (!isAssocValue(cur)) {
      replaceValue(sh, v, new Map(), 0);
      cur = v.value as Map<string, string>;
    }
    const old = cur.get(key);
    const s = transform(sh, v, value, old, append);
    checkSize(sh, s);
    growArray(sh, v, old === undefined ? ENTRY_COST + key.length + s.length : s.length - old.length);
    cur.set(key, s);
    return;
  }
  if (!isArrayValue(cur)) {
    const arr: string[] = [];
    if (typeof cur === 'string') arr[0] = cur;
    replaceValue(sh, v, arr, typeof cur === 'string' ? ELEMENT_COST + cur.length : 0);
    cur = arr;
    v.attrs |= ATTR.indexed;
  }
  key = fromEnd(cur, key);
  const far = farKey(key);
  if (far !== null) {
    const old = getFar(cur, far);
    const s = transform(sh, v, value, old, append);
    checkSize(sh, s);
    growArray(sh, v, old === undefined ? ELEMENT_COST + s.length : s.length - old.length);
    setFar(cur, far, s);
    if (sh.opt('allexport')) v.attrs |= ATTR.export;
    return;
  }
  let i = Number(key);
  if (!Number.isInteger(i)) i = 0;
  if (i < 0) {
    i += cur.length;
    if (i < 0) throw new AssignError(`${n}[${key}]: bad array subscript`);
  }
  const old = cur[i];
  const s = transform(sh, v, value, old, append);
  checkSize(sh, s);
  growArray(sh, v, old === undefined ? ELEMENT_COST + s.length : s.length - old.length);
  cur[i] = s;
  if (sh.opt('allexport')) v.attrs |= ATTR.export;
}

/** an array's elements changed by `delta` bytes of cost */
function growArray(sh: Shell, v: Variable, delta: number): void {
  v.size += delta;
  sh.vars.charge(delta);
}

/** a new value for a variable, costing `size` (an array's: ELEMENT_COST per element and its text) */
export function replaceValue(sh: Shell, v: Variable, value: VarValue | undefined, size: number): void {
  const before = valueCost(v);
  v.value = value;
  v.size = size;
  sh.vars.charge(valueCost(v) - before);
}

export interface ArrayItem {
  key?: string;
  /** an indexed array's subscript, evaluated only when the element is stored: bash expands every
   *  value first, then evaluates each index against the array as filled so far */
  keyOf?: () => string;
  value: string;
  append?: boolean;
}

/** `name=(…)` / `name+=(…)`; `assoc` when the variable is (or is being declared) associative */
export function assignArray(sh: Shell, name: string, items: ArrayItem[], append = false, assoc = false): void {
  const { name: n, v } = target(sh, name);
  if (v.attrs & ATTR.readonly) throw readonlyError(n);
  const isAssoc = assoc || (v.attrs & ATTR.assoc) !== 0 || isAssocValue(v.value);
  const rt = sh.rt;
  if (isAssoc) {
    if (!(append && isAssocValue(v.value))) replaceValue(sh, v, new Map<string, string>(), 0);
    const m = v.value as Map<string, string>;
    v.attrs |= ATTR.assoc;
    let grown = 0;
    for (let j = 0; j < items.length; j++) {
      const it = items[j]!;
      const k = it.key ?? it.value;
      const old = m.get(k);
      const s = transform(sh, v, it.value, old, it.append === true);
      grown += old === undefined ? ENTRY_COST + k.length + s.length : s.length - old.length;
      m.set(k, s);
      if ((j & 1023) === 1023) {
        // the budget and the deadline as the array grows, not after a million entries
        growArray(sh, v, grown);
        grown = 0;
        rt.spend(1024 * ENTRY_COST);
      }
    }
    growArray(sh, v, grown);
    return;
  }
  let arr: string[];
  const cur = v.value;
  if (append && isArrayValue(cur)) arr = cur;
  else {
    arr = append && typeof cur === 'string' ? [cur] : [];
    replaceValue(sh, v, arr, arr.length ? ELEMENT_COST + arr[0]!.length : 0);
  }
  v.attrs |= ATTR.indexed;
  let next = arr.length;
  // after an element beyond a JS array's range, the next unkeyed value goes right after it
  let nextFar = farEnd(arr);
  let grown = 0;
  for (let j = 0; j < items.length; j++) {
    const it = items[j]!;
    if ((j & 1023) === 1023) {
      growArray(sh, v, grown);
      grown = 0;
      rt.spend(1024 * ELEMENT_COST);
    }
    let i = next;
    let key = it.key ?? it.keyOf?.();
    if (key !== undefined) key = fromEnd(arr, key);
    else if (nextFar !== null) key = nextFar.toString();
    const far = key === undefined ? null : farKey(key);
    if (far !== null) {
      const old = getFar(arr, far);
      const s = transform(sh, v, it.value, old, it.append === true);
      checkSize(sh, s);
      grown += old === undefined ? ELEMENT_COST + s.length : s.length - old.length;
      setFar(arr, far, s);
      nextFar = BigInt(far) + 1n;
      continue;
    }
    nextFar = null;
    if (key !== undefined) {
      i = Number(key);
      if (i < 0) i += arr.length;
      if (i < 0) throw new AssignError(`${n}[${key}]: bad array subscript`);
    }
    const old = arr[i];
    const s = transform(sh, v, it.value, old, it.append === true);
    checkSize(sh, s);
    grown += old === undefined ? ELEMENT_COST + s.length : s.length - old.length;
    arr[i] = s;
    next = i + 1;
  }
  growArray(sh, v, grown);
  if (sh.opt('allexport')) v.attrs |= ATTR.export;
}

/** `unset name`; returns an error message or undefined */
export function unsetVar(sh: Shell, name: string): string | undefined {
  const n = sh.vars.resolve(name);
  const v = sh.vars.lookup(n);
  if (!v) return undefined;
  if (v.attrs & ATTR.readonly) return `${n}: cannot unset: readonly variable`;
  const frame = sh.vars.frameOf(n);
  if (frame && frame !== sh.vars.frames[0] && frame === sh.vars.localFrame()) {
    // a local of the current function stays local, just unset (bash)
    replaceValue(sh, v, undefined, 0);
    v.attrs = 0;
    return undefined;
  }
  sh.vars.remove(n);
  return undefined;
}

/** is `name` (through a nameref) an associative array, with a value or only declared so */
export function isAssocName(sh: Shell, name: string): boolean {
  const v = sh.vars.lookup(sh.vars.resolve(name));
  return v !== undefined && ((v.attrs & ATTR.assoc) !== 0 || isAssocValue(v.value));
}

/** `unset 'a[@]'`: every element of an indexed array goes, the array stays */
export function emptyArray(sh: Shell, name: string): string | undefined {
  const n = sh.vars.resolve(name);
  const v = sh.vars.lookup(n);
  if (!v) return undefined;
  if (v.attrs & ATTR.readonly) return `${n}: cannot unset: readonly variable`;
  if (!isArrayValue(v.value) && !(v.attrs & ATTR.indexed)) return `${n}: not an array variable`;
  if (v.value !== undefined) replaceValue(sh, v, [], 0);
  return undefined;
}

export function unsetElement(sh: Shell, name: string, key: string): string | undefined {
  const n = sh.vars.resolve(name);
  const v = sh.vars.lookup(n);
  if (!v) return undefined;
  if (v.attrs & ATTR.readonly) return `${n}: cannot unset: readonly variable`;
  const cur = v.value;
  if (isAssocValue(cur)) {
    const old = cur.get(key);
    if (old !== undefined) {
      cur.delete(key);
      growArray(sh, v, -(ENTRY_COST + key.length + old.length));
    }
  } else if (isArrayValue(cur)) {
    const far = farKey(key);
    if (far !== null) {
      const old = getFar(cur, far);
      if (old !== undefined) growArray(sh, v, -(ELEMENT_COST + old.length));
      deleteFar(cur, far);
      return undefined;
    }
    let i = Number(key);
    if (i < 0) i += cur.length;
    if (i < 0) return `[${key}]: bad array subscript`;
    const old = cur[i];
    delete cur[i];
    if (old !== undefined) growArray(sh, v, -(ELEMENT_COST + old.length));
    // keep length == max index + 1 so negative indices stay right
    cur.length = lengthAfterLast(cur);
  } else if (key === '0') sh.vars.remove(n);
  return undefined;
}

export function getExported(sh: Shell, name: string): string | undefined {
  const v = sh.vars.lookup(name);
  if (!v || !(v.attrs & ATTR.export)) return undefined;
  return scalarOf(v.value);
}

/**
 * bash's hash_string (FNV-1 with the multiply spelled as shifts): the order of a variable table's
 * buckets is the order bash hands a child its environment in
 */
function bashHash(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) {
    h = (h + (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24)) >>> 0;
    h = (h ^ (name.charCodeAt(i) & 0xff)) >>> 0;
  }
  return h;
}

/**
 * The exported scalars in the order bash's make_var_export_array lists them for a child: the
 * innermost context first (the temporary environment of `a=1 cmd`, then function locals, then the
 * globals), each context's table walked bucket by bucket (1024 buckets for the globals, 4 for the
 * others), a bucket's newest variable first.
 */
export function exportedInOrder(sh: Shell): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const seen = new Set<string>();
  const frames = sh.vars.frames;
  for (let f = frames.length - 1; f >= 0; f--) {
    const mask = f === 0 ? 1023 : 3;
    const here: Array<{ name: string; value: string | undefined; bucket: number; at: number; exported: boolean }> = [];
    let at = 0;
    for (const [name, v] of frames[f]!) {
      if (seen.has(name)) continue;
      seen.add(name);
      here.push({ name, value: scalarOf(v.value), bucket: bashHash(name) & mask, at: at++, exported: (v.attrs & ATTR.export) !== 0 });
    }
    here.sort((a, b) => a.bucket - b.bucket || b.at - a.at);
    for (const e of here) if (e.exported && e.value !== undefined) out.push([e.name, e.value]);
  }
  return out;
}
