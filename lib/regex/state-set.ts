// The backtracking matcher's state memo (backtrack.ts): a set of int tuples of one program's
// states, (SPLIT k, pos, the values its future reads). An open-addressing hash table over typed
// arrays, not a Set of number/string keys: no key is built per lookup, nothing is left for the
// garbage collector, and clearing is one fill, so no pause is longer than the matcher's
// checkpoint interval (a Set of 1M string keys paused ~700 ms growing, clearing and collecting).

/** int32s the tuples may take in all (16 MiB) */
const POOL_INTS = 1 << 22;

export class StateSet {
  /** entry index + 1 per slot, 0 for empty */
  private table: Int32Array;
  private pool: Int32Array;
  private count = 0;
  /** the entries it holds before it starts again */
  private readonly capacity: number;
  private readonly mask: number;
  /** the longest tuple: each entry's room in the pool */
  private readonly width: number;

  constructor(
    /** the tuple's length for each first value (the SPLIT k) */
    lengths: Int32Array,
    maxEntries: number,
  ) {
    const width = lengths.reduce((a, b) => Math.max(a, b), 1);
    this.width = width;
    this.capacity = Math.max(1, Math.min(maxEntries, Math.floor(POOL_INTS / Math.max(width, 1))));
    let size = 16;
    while (size < this.capacity * 2) size *= 2;
    this.mask = size - 1;
    // both grow from small: most searches note few states
    this.table = new Int32Array(Math.min(size, 1024));
    this.pool = new Int32Array(Math.min(this.capacity, 256) * width);
  }

  clear(): void {
    if (this.count === 0) return;
    this.table.fill(0);
    this.count = 0;
  }

  /** is t[0, len) in the set? (adds it if not; past capacity, the set starts again) */
  has(t: Int32Array, len: number): boolean {
    let h = len | 0;
    for (let i = 0; i < len; i++) h = Math.imul(h ^ t[i]!, 0x9e3779b1) ^ (h >>> 15);
    const table = this.table;
    const m = table.length - 1;
    const w = this.width;
    const pool = this.pool;
    let slot = (h ^ (h >>> 16)) & m;
    for (;;) {
      const e = table[slot]!;
      if (e === 0) break;
      const at = (e - 1) * w;
      let same = true;
      // t[0] is the SPLIT, which fixes the length: equal first values mean equal lengths
      for (let i = 0; i < len; i++) {
        if (pool[at + i] !== t[i]) {
          same = false;
          break;
        }
      }
      if (same) return true;
      slot = (slot + 1) & m;
    }
    if (this.count >= this.capacity) {
      this.clear();
      return this.has(t, len);
    }
    if ((this.count + 1) * 2 > table.length && table.length <= this.mask) {
      this.grow();
      return this.has(t, len);
    }
    if ((this.count + 1) * w > pool.length) {
      const bigger = new Int32Array(Math.min(this.capacity * w, pool.length * 4));
      bigger.set(pool);
      this.pool = bigger;
    }
    this.pool.set(t.subarray(0, len), this.count * w);
    this.count++;
    table[slot] = this.count;
    return false;
  }

  /**
   * Twice the slots, the set emptied: hashing a large table again paused 70 ms, more than the
   * checkpoint interval, and the memo only ever saves work.
   */
  private grow(): void {
    this.table = new Int32Array(this.table.length * 2);
    this.count = 0;
  }
}
