// From parsed tr operands to the three byte tables the filter uses (translate, delete, squeeze),
// with GNU's validation in GNU's order: [c*] only in STRING2 and only when translating, one [c*]
// at most, only [:upper:]/[:lower:] (aligned with a case class of STRING1) in a translating
// STRING2, STRING2 extended with its last byte, -c with classes mapping to a single byte.
//
// Expanded sets are run lists (byte, count): a [c*n] repeat can be huge, so nothing is expanded
// byte by byte beyond the 256 possible values.

import type { ClassName, Element } from './spec.js';

const CLASS_MEMBERS: Record<ClassName, (c: number) => boolean> = {
  alnum: (c) => isDigit(c) || isUpper(c) || isLower(c),
  alpha: (c) => isUpper(c) || isLower(c),
  blank: (c) => c === 0x09 || c === 0x20,
  cntrl: (c) => c < 0x20 || c === 0x7f,
  digit: (c) => isDigit(c),
  graph: (c) => c > 0x20 && c < 0x7f,
  lower: (c) => isLower(c),
  print: (c) => c >= 0x20 && c < 0x7f,
  punct: (c) => c > 0x20 && c < 0x7f && !isDigit(c) && !isUpper(c) && !isLower(c),
  space: (c) => (c >= 0x09 && c <= 0x0d) || c === 0x20,
  upper: (c) => isUpper(c),
  xdigit: (c) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66),
};

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
function isUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}
function isLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}

const classCache = new Map<ClassName, number[]>();
function members(name: ClassName): number[] {
  let m = classCache.get(name);
  if (m === undefined) {
    m = [];
    for (let c = 0; c < 256; c++) if (CLASS_MEMBERS[name](c)) m.push(c);
    classCache.set(name, m);
  }
  return m;
}

function elementLength(e: Element): number {
  switch (e.kind) {
    case 'char':
    case 'equiv':
      return 1;
    case 'range':
      return e.hi - e.lo + 1;
    case 'class':
      return members(e.name).length;
    case 'repeat':
      return e.count;
  }
}

/** the i-th byte of an element (i < its length) */
function elementByte(e: Element, i: number): number {
  switch (e.kind) {
    case 'char':
    case 'equiv':
    case 'repeat':
      return e.c;
    case 'range':
      return e.lo + i;
    case 'class':
      return members(e.name)[i]!;
  }
}

/** one byte repeated (a run): mapping it once is mapping all of it */
function isConstant(e: Element): boolean {
  return e.kind === 'char' || e.kind === 'equiv' || e.kind === 'repeat';
}

function isCaseClass(e: Element | undefined): boolean {
  return e !== undefined && e.kind === 'class' && (e.name === 'upper' || e.name === 'lower');
}

/** sequential reader over an element list, in runs */
class Cursor {
  index = 0;
  offset = 0;
  constructor(readonly elements: Element[]) {}
  get current(): Element | undefined {
    return this.elements[this.index];
  }
  /** skip empty elements (a [c*0] filled with nothing) */
  settle(): void {
    while (this.index < this.elements.length && this.offset >= elementLength(this.elements[this.index]!)) {
      this.index++;
      this.offset = 0;
    }
  }
  done(): boolean {
    this.settle();
    return this.index >= this.elements.length;
  }
  /** bytes left in the current element */
  remaining(): number {
    this.settle();
    const e = this.current;
    return e === undefined ? 0 : elementLength(e) - this.offset;
  }
  /** the byte at the cursor: only once done() said there is one */
  byte(): number {
    return elementByte(this.current!, this.offset);
  }
  advance(n: number): void {
    this.offset += n;
  }
  skipElement(): void {
    this.index++;
    this.offset = 0;
  }
}

export function setLength(elements: Element[]): number {
  let n = 0;
  for (const e of elements) n += elementLength(e);
  return n;
}

function memberSet(elements: Element[]): Uint8Array {
  const set = new Uint8Array(256);
  for (const e of elements) {
    switch (e.kind) {
      case 'range':
        for (let c = e.lo; c <= e.hi; c++) set[c] = 1;
        break;
      case 'class':
        for (const c of members(e.name)) set[c] = 1;
        break;
      case 'repeat':
        if (e.count > 0) set[e.c] = 1;
        break;
      default:
        set[e.c] = 1;
    }
  }
  return set;
}

function complementOf(set: Uint8Array): Uint8Array {
  const out = new Uint8Array(256);
  for (let c = 0; c < 256; c++) out[c] = set[c] ? 0 : 1;
  return out;
}

function lastByte(elements: Element[]): number | undefined {
  for (let k = elements.length - 1; k >= 0; k--) {
    const e = elements[k]!;
    const len = elementLength(e);
    if (len > 0) return elementByte(e, len - 1);
  }
  return undefined;
}

/** GNU validate_case_classes: a case class in STRING2 must start where one starts in STRING1 */
function caseClassesAligned(s1: Element[], s2: Element[]): boolean {
  if (!s2.some((e) => e.kind === 'class')) return true;
  const a = new Cursor(s1);
  const b = new Cursor(s2);
  for (;;) {
    a.settle();
    b.settle();
    const aNew = a.offset === 0;
    const bNew = b.offset === 0;
    const aDone = a.done();
    const bDone = b.done();
    const aCase = !aDone && isCaseClass(a.current);
    const bCase = !bDone && isCaseClass(b.current);
    if (bNew && bCase && !(aNew && aCase)) return false;
    if (aDone || bDone) return true;
    if (bCase) {
      a.skipElement();
      b.skipElement();
      continue;
    }
    // neither side can start a case class before one of the current elements ends
    const step = Math.min(a.remaining(), b.remaining());
    a.advance(step);
    b.advance(step);
  }
}

export interface TrOptions {
  complement: boolean;
  delete: boolean;
  squeeze: boolean;
  truncate: boolean;
}

export interface TrTables {
  /** byte → byte; undefined when nothing is translated */
  translate: Uint8Array | undefined;
  /** 1 = delete this byte */
  remove: Uint8Array | undefined;
  /** 1 = squeeze runs of this (output) byte */
  squeeze: Uint8Array | undefined;
}

export type TablesResult = { ok: true; tables: TrTables } | { ok: false; error: string };

const fail = (error: string): TablesResult => ({ ok: false, error });

export function buildTables(s1: Element[], s2: Element[] | undefined, o: TrOptions): TablesResult {
  const translating = s2 !== undefined && !o.delete;
  const s1Set = memberSet(s1);
  let s1Length = setLength(s1);
  if (o.complement) {
    let distinct = 0;
    for (let c = 0; c < 256; c++) distinct += s1Set[c]!;
    s1Length = 256 - distinct;
  }
  if (s1.some((e) => e.kind === 'repeat' && e.count === 0)) {
    return fail('tr: the [c*] repeat construct may not appear in string1\n');
  }
  if (s2 !== undefined) {
    const fills = s2.filter((e) => e.kind === 'repeat' && e.count === 0);
    if (fills.length > 1) return fail('tr: only one [c*] repeat construct may appear in string2\n');
    if (translating) {
      if (fills.length === 1) {
        const fixed = setLength(s2);
        const fill = fills[0] as { kind: 'repeat'; c: number; count: number };
        s2 = s2.map((e) => (e === fill ? { ...fill, count: Math.max(0, s1Length - fixed) } : e));
      }
      if (s2.some((e) => e.kind === 'equiv')) return fail('tr: [=c=] expressions may not appear in string2 when translating\n');
      if (s2.some((e) => e.kind === 'class' && e.name !== 'upper' && e.name !== 'lower')) {
        return fail(
          "tr: when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'\n",
        );
      }
      // (GNU checks the alignment only without -c)
      if (!o.complement && !caseClassesAligned(s1, s2)) {
        return fail('tr: misaligned [:upper:] and/or [:lower:] construct\n');
      }
      let s2Length = setLength(s2);
      if (s1Length > s2Length && !o.truncate) {
        if (s2Length === 0) return fail('tr: when not truncating set1, string2 must be non-empty\n');
        // s2Length > 0: s2 has an element, and one of some length (lastByte finds it)
        if (s2[s2.length - 1]!.kind === 'class') {
          return fail(
            'tr: when translating with string1 longer than string2,\nthe latter string must not end with a character class\n',
          );
        }
        s2 = [...s2, { kind: 'repeat', c: lastByte(s2)!, count: s1Length - s2Length }];
        s2Length = s1Length;
      }
      if (o.complement && s1.some((e) => e.kind === 'class') && !(s2Length === s1Length && homogeneous(s2))) {
        return fail(
          'tr: when translating with complemented character classes,\nstring2 must map all characters in the domain to one\n',
        );
      }
    } else if (fills.length > 0) {
      return fail('tr: the [c*] construct may appear in string2 only when translating\n');
    }
  }

  const s1Members = o.complement ? complementOf(s1Set) : s1Set;
  if (translating && s2 !== undefined) {
    const table = identity();
    const b = new Cursor(s2);
    if (o.complement) {
      for (let c = 0; c < 256; c++) {
        if (!s1Members[c]) continue;
        if (b.done()) break;
        table[c] = b.byte();
        b.advance(1);
      }
    } else {
      const a = new Cursor(s1);
      while (!a.done() && !b.done()) {
        const ea = a.current;
        const eb = b.current;
        if (ea === undefined || eb === undefined) break; // done() said neither is
        const step = Math.min(a.remaining(), b.remaining());
        if (isConstant(ea) && isConstant(eb)) {
          table[a.byte()] = b.byte();
        } else {
          // a range or class is involved, so step <= 256: map each position
          for (let k = 0; k < step; k++) table[elementByte(ea, a.offset + k)] = elementByte(eb, b.offset + k);
        }
        a.advance(step);
        b.advance(step);
      }
    }
    return { ok: true, tables: { translate: table, remove: undefined, squeeze: o.squeeze ? memberSet(s2) : undefined } };
  }
  if (o.delete) {
    return { ok: true, tables: { translate: undefined, remove: s1Members, squeeze: o.squeeze && s2 ? memberSet(s2) : undefined } };
  }
  // squeeze only
  return { ok: true, tables: { translate: undefined, remove: undefined, squeeze: s1Members } };
}

function identity(): Uint8Array {
  const t = new Uint8Array(256);
  for (let c = 0; c < 256; c++) t[c] = c;
  return t;
}

function homogeneous(elements: Element[]): boolean {
  let first: number | undefined;
  for (const e of elements) {
    const len = elementLength(e);
    for (let k = 0; k < Math.min(len, 257); k++) {
      const c = elementByte(e, k);
      if (first === undefined) first = c;
      else if (c !== first) return false;
    }
  }
  return true;
}
