// A lazily built DFA that answers grep's usual question — "which record matches next?" — in one
// pass over raw bytes, as GNU grep's dfa.c does. No decoding, no backtracking: `a.*b` costs the
// same per byte as `ERROR`, where a backtracking engine re-scans the rest of the line from every
// `a`. Built from the parsed pattern (Glushkov positions: one per literal/set/any after repeats
// are unrolled), states created on first use and cached in a transition table.
//
// Only for patterns without assertions (^ $ \< \b …) and back-references, and not matching the
// empty string; the caller falls back to the RegExp otherwise (buildLineDfa returns null).

import type { ByteSet, Node } from './ast.js';
import { effectiveBytes } from './emit.js';

/** patterns unrolling to more positions than this use the RegExp */
const MAX_POSITIONS = 400;
/** cached states before the cache is flushed (the table is STATE_CAP × 256 int32s) */
const STATE_CAP = 2000;

interface Frag {
  nullable: boolean;
  first: number[];
  last: number[];
}

class Builder {
  readonly sets: ByteSet[] = [];
  readonly follow: Set<number>[] = [];
  tooBig = false;

  constructor(
    private readonly icase: boolean,
    private readonly eol: number,
  ) {}

  private leaf(bytes: ByteSet): Frag {
    if (this.sets.length >= MAX_POSITIONS) this.tooBig = true;
    const p = this.sets.length;
    if (this.eol >= 0) bytes[this.eol] = 0;
    this.sets.push(bytes);
    this.follow.push(new Set());
    return { nullable: false, first: [p], last: [p] };
  }

  private link(from: number[], to: number[]): void {
    // positions come from leaf(), which pushes `sets` and `follow` together
    for (const l of from) for (const f of to) this.follow[l]!.add(f);
  }

  private concat(a: Frag, b: Frag): Frag {
    this.link(a.last, b.first);
    return {
      nullable: a.nullable && b.nullable,
      first: a.nullable ? [...a.first, ...b.first] : a.first,
      last: b.nullable ? [...a.last, ...b.last] : b.last,
    };
  }

  /** null: unsupported node (assertion, back-reference) */
  build(n: Node): Frag | null {
    if (this.tooBig) return null;
    switch (n.type) {
      case 'literal': {
        const s = new Uint8Array(256);
        s[n.byte] = 1;
        return this.leaf(effectiveBytes({ bytes: s }, this.icase));
      }
      case 'set':
        return this.leaf(effectiveBytes(n, this.icase));
      case 'any': {
        const s = new Uint8Array(256).fill(1);
        return this.leaf(s);
      }
      case 'group':
        return this.build(n.body);
      case 'concat': {
        let acc: Frag = { nullable: true, first: [], last: [] };
        for (const item of n.items) {
          const f = this.build(item);
          if (f === null) return null;
          acc = this.concat(acc, f);
        }
        return acc;
      }
      case 'alt': {
        const acc: Frag = { nullable: false, first: [], last: [] };
        for (const a of n.alternatives) {
          const f = this.build(a);
          if (f === null) return null;
          acc.nullable ||= f.nullable;
          acc.first.push(...f.first);
          acc.last.push(...f.last);
        }
        return acc;
      }
      case 'repeat': {
        let acc: Frag = { nullable: true, first: [], last: [] };
        for (let i = 0; i < n.min; i++) {
          const f = this.build(n.body);
          if (f === null) return null;
          acc = this.concat(acc, f);
        }
        if (n.max === Infinity) {
          const f = this.build(n.body);
          if (f === null) return null;
          this.link(f.last, f.first);
          acc = this.concat(acc, { nullable: true, first: f.first, last: f.last });
        } else {
          for (let i = n.min; i < n.max; i++) {
            const f = this.build(n.body);
            if (f === null) return null;
            acc = this.concat(acc, { nullable: true, first: f.first, last: f.last });
          }
        }
        return acc;
      }
      default:
        return null;
    }
  }
}

export class LineDfa {
  /** state s (1-based) owns table[s * 256 + byte]: 0 = not built, -1 = a match ends here, else the next state's base */
  private table: Int32Array;
  private readonly states: number[][] = [];
  private readonly ids = new Map<string, number>();
  private readonly isLast: Uint8Array;
  private readonly follow: number[][];

  constructor(
    private readonly sets: ByteSet[],
    follow: Set<number>[],
    private readonly first: number[],
    last: number[],
    private readonly eol: number,
  ) {
    this.follow = follow.map((s) => [...s]);
    this.isLast = new Uint8Array(sets.length);
    for (const l of last) this.isLast[l] = 1;
    this.table = new Int32Array(256 * 64);
    this.reset();
  }

  private reset(): void {
    this.states.length = 0;
    this.ids.clear();
    this.table.fill(0);
    this.intern([]); // state 1: nothing matched yet (the start of every record)
  }

  private intern(positions: number[]): number {
    const key = positions.join(',');
    const known = this.ids.get(key);
    if (known !== undefined) return known * 256;
    this.states.push(positions);
    const id = this.states.length;
    this.ids.set(key, id);
    if ((id + 1) * 256 > this.table.length) {
      const grown = new Int32Array(this.table.length * 2);
      grown.set(this.table);
      this.table = grown;
    }
    return id * 256;
  }

  /** the transition from the state at `base` on `byte`: the next base, or -1 for a match */
  private step(base: number, byte: number): number {
    if (byte === this.eol) return 256; // a record ended without a match: start over
    // base is id * 256 of a state intern() made; q and p are positions, below sets.length
    const from = this.states[base / 256 - 1]!;
    const next = new Set<number>();
    const consider = (q: number): void => {
      if (this.sets[q]![byte]) next.add(q);
    };
    for (const q of this.first) consider(q);
    for (const p of from) for (const q of this.follow[p]!) consider(q);
    const positions = [...next].sort((a, b) => a - b);
    for (const q of positions) if (this.isLast[q]) return -1;
    if (this.states.length >= STATE_CAP) {
      // flush the cache; the current state is rebuilt from its positions
      this.reset();
      return this.intern(positions);
    }
    return this.intern(positions);
  }

  /**
   * Index of the byte at which the first match in bytes[from, to) ends (records separated by
   * the terminator), or -1. `from` must be the start of a record.
   */
  matchEnd(bytes: Uint8Array, from: number, to: number): number {
    let table = this.table;
    let base = 256;
    for (let i = from; i < to; i++) {
      const v = table[base + bytes[i]!]!; // intern() grew the table to hold every state's 256 entries
      if (v > 0) {
        base = v;
        continue;
      }
      if (v < 0) return i;
      const states = this.states.length;
      const next = this.step(base, bytes[i]!);
      // a flush renumbers states: the entry for `base` would be stale, so it is not recorded
      if (this.states.length >= states) this.table[base + bytes[i]!] = next;
      table = this.table;
      if (next < 0) return i;
      base = next;
    }
    return -1;
  }
}

/** the DFA for a parsed pattern, or null when it has unsupported parts or matches the empty string */
export function buildLineDfa(root: Node, icase: boolean, eol: number): LineDfa | null {
  const b = new Builder(icase, eol);
  const f = b.build(root);
  if (f === null || b.tooBig || f.nullable || f.first.length === 0) return null;
  return new LineDfa(b.sets, b.follow, f.first, f.last, eol);
}
