// Equivalence classes of diff's lines (GNU diffutils 3.8 io.c find_and_hash_each_line): lines
// that compare equal under -i/-b/-w/-E/-Z share a class number; an incomplete last line equals
// only the other file's incomplete line (io.c's buckets[-1]) unless -Z/-b/-w make the newline moot.

import { Buffer } from 'node:buffer';
import type { CompareOptions, Text } from './analyze.js';

/** what the options make of white space (GNU's enum DIFF_white_space, in its order) */
export const WS = { none: 0, tab: 1, trailing: 2, tabTrailing: 3, spaceChange: 4, all: 5 } as const;

const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/** the line's comparison key under the options (what GNU's hash and lines_differ agree on) */
function keyOf(b: Buffer, text: string, s: number, e: number, o: CompareOptions): string {
  const ws = o.whiteSpace;
  if (ws === WS.none) {
    const t = text.slice(s, e);
    return o.ignoreCase ? lowerAscii(t) : t;
  }
  let out = '';
  if (ws === WS.all) {
    for (let i = s; i < e; i++) {
      const c = b[i]!;
      if (!isSpace(c)) out += String.fromCharCode(c);
    }
  } else if (ws === WS.spaceChange) {
    for (let i = s; i < e; ) {
      const c = b[i]!;
      if (isSpace(c)) {
        let j = i + 1;
        while (j < e && isSpace(b[j]!)) j++;
        if (j < e) out += ' ';
        i = j;
      } else {
        out += String.fromCharCode(c);
        i++;
      }
    }
  } else {
    // tab expansion and/or trailing space (io.c's hashing of IGNORE_TAB_EXPANSION… cases)
    let end = e;
    if (ws & WS.trailing) while (end > s && isSpace(b[end - 1]!)) end--;
    let column = 0;
    for (let i = s; i < end; i++) {
      const c = b[i]!;
      if (ws & WS.tab) {
        if (c === 0x08) column -= column > 0 ? 1 : 0;
        else if (c === 0x09) {
          const rep = o.tabSize - (column % o.tabSize);
          column += rep;
          out += ' '.repeat(rep);
          continue;
        } else if (c === 0x0d) column = 0;
        else column++;
      }
      out += String.fromCharCode(c);
    }
  }
  return o.ignoreCase ? lowerAscii(out) : out;
}

function lowerAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

/** is line `li` the incomplete last line that only equals the other file's (io.c's buckets[-1])? */
function apartLine(t: Text, li: number, o: CompareOptions): boolean {
  return li === t.lines - 1 && t.missingNewline && o.robust && o.whiteSpace < WS.trailing;
}

/**
 * Equivalence classes under -i/-b/-w/-E/-Z: a key string per line (what GNU's hash and
 * lines_differ agree on). Returns the number of classes + 1.
 */
export function classifyKeyed(t0: Text, t1: Text, prefixLines: number, mid0: number, mid1: number, e0: Int32Array, e1: Int32Array, o: CompareOptions): number {
  const classes = new Map<string, number>();
  const lastClasses = new Map<string, number>();
  let next = 1;
  const side = (t: Text, n: number, eq: Int32Array): void => {
    const b = Buffer.from(t.buf.buffer, t.buf.byteOffset, t.buf.length);
    // one native decode of the whole text; each line's key is made from a slice of it
    const text = b.toString('latin1');
    for (let k = 0; k < n; k++) {
      const li = prefixLines + k;
      const key = keyOf(b, text, t.starts[li]!, t.starts[li + 1]! - 1, o);
      const table = apartLine(t, li, o) ? lastClasses : classes;
      let c = table.get(key);
      if (c === undefined) {
        c = next++;
        table.set(key, c);
      }
      eq[k] = c;
      if ((k & 0xfff) === 0xfff) o.checkAbort();
    }
  };
  side(t0, mid0, e0);
  side(t1, mid1, e1);
  return next;
}

/**
 * Equivalence classes of exact lines: a hash table over the bytes themselves (no string per
 * line), as io.c's buckets. Returns the number of classes + 1.
 */
export function classifyExact(t0: Text, t1: Text, prefixLines: number, mid0: number, mid1: number, e0: Int32Array, e1: Int32Array, o: CompareOptions): number {
  const total = mid0 + mid1;
  let cap = 16;
  while (cap < total * 2) cap *= 2;
  const mask = cap - 1;
  const slots = new Int32Array(cap);
  // per class: its hash, its representative line (file, start, end), whether it is an apart line
  const cHash = new Int32Array(total + 1);
  const cFile = new Uint8Array(total + 1);
  const cStart = new Int32Array(total + 1);
  const cEnd = new Int32Array(total + 1);
  const cApart = new Uint8Array(total + 1);
  const bufs = [t0.buf, t1.buf];
  let next = 1;
  const side = (f: 0 | 1, t: Text, n: number, eq: Int32Array): void => {
    const buf = t.buf;
    const starts = t.starts;
    for (let k = 0; k < n; k++) {
      const li = prefixLines + k;
      const s = starts[li]!;
      const e = starts[li + 1]! - 1;
      const apart = apartLine(t, li, o) ? 1 : 0;
      let h = 0x811c9dc5 ^ apart;
      for (let i = s; i < e; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
      h ^= h >>> 15;
      let idx = h & mask;
      let c = slots[idx]!;
      const len = e - s;
      while (c !== 0) {
        if (cHash[c] === h && cApart[c] === apart && cEnd[c]! - cStart[c]! === len) {
          const other = bufs[cFile[c]!]!;
          const os = cStart[c]!;
          let i = 0;
          while (i < len && other[os + i] === buf[s + i]) i++;
          if (i === len) break;
        }
        idx = (idx + 1) & mask;
        c = slots[idx]!;
      }
      if (c === 0) {
        c = next++;
        slots[idx] = c;
        cHash[c] = h;
        cFile[c] = f;
        cStart[c] = s;
        cEnd[c] = e;
        cApart[c] = apart;
      }
      eq[k] = c;
      if ((k & 0xfff) === 0xfff) o.checkAbort();
    }
  };
  side(0, t0, mid0, e0);
  side(1, t1, mid1, e1);
  return next;
}

