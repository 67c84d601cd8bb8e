// Fast byte searches over Uint8Array chunks. Node's Buffer.prototype.indexOf runs memchr in C++
// and accepts any Uint8Array, measured 2-3x faster than Uint8Array.prototype.indexOf on log
// lines (no copy: the chunk is searched in place).

const bufferIndexOf = Buffer.prototype.indexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

/**
 * Buffer's native latin1 codecs, called on any Uint8Array: one char per byte, no Buffer made per
 * call and no toString()/write() argument checks (docs/PERFORMANCE.md, per-line paths)
 */
export const latin1Slice = Buffer.prototype.latin1Slice as (this: Uint8Array, start: number, end: number) => string;
export const latin1Write = Buffer.prototype.latin1Write as (this: Uint8Array, s: string, offset: number, length: number) => number;

/**
 * The latin1-style string `s` into `buf` at `at` (buf has room); the index after it. A short string
 * by hand (a native call costs more than the copy), a longer one through latin1Write.
 */
export function putLatin1(buf: Uint8Array, at: number, s: string): number {
  const n = s.length;
  if (n > 32) return at + latin1Write.call(buf, s, at, n);
  for (let i = 0; i < n; i++) buf[at + i] = s.charCodeAt(i);
  return at + n;
}

/** index of `byte` in `arr` at or after `from`, or -1 */
export function indexOfByte(arr: Uint8Array, byte: number, from = 0): number {
  if (from >= arr.length) return -1;
  return bufferIndexOf.call(arr, byte, from);
}

/** how many times `byte` occurs in arr[from, to) */
export function countByte(arr: Uint8Array, byte: number, from = 0, to = arr.length): number {
  if (to - from <= 256) {
    // a line or two (grep -n between adjacent matches): a loop costs less than a view and memchr calls
    let n = 0;
    for (let i = from; i < to; i++) if (arr[i] === byte) n++;
    return n;
  }
  const view = from === 0 && to === arr.length ? arr : arr.subarray(from, to);
  // memchr per occurrence, called directly (an offset equal to the length just answers -1)
  let count = 0;
  let i = bufferIndexOf.call(view, byte, 0);
  while (i >= 0) {
    count++;
    i = bufferIndexOf.call(view, byte, i + 1);
  }
  return count;
}

/** index just past the k-th occurrence (k >= 1) of `byte`, or -1 when there are fewer */
export function pastNthByte(arr: Uint8Array, byte: number, k: number): number {
  let i = -1;
  for (let seen = 0; seen < k; seen++) {
    i = indexOfByte(arr, byte, i + 1);
    if (i < 0) return -1;
  }
  return i + 1;
}

/**
 * Copy src[from, to) into dst at `at` without allocating; returns the index after the copy.
 * `srcView`/`dstView` are DataViews over exactly `src`/`dst`. Four bytes per step through
 * unaligned DataView accesses (inlined by V8): for line-sized ranges this beats both a byte loop
 * and dst.set(src.subarray(...)), whose per-call view object also feeds the garbage collector.
 */
export function copyBytes(
  srcView: DataView, src: Uint8Array, from: number, to: number,
  dstView: DataView, dst: Uint8Array, at: number,
): number {
  let i = from;
  const wordsEnd = to - 3;
  for (; i < wordsEnd; i += 4, at += 4) dstView.setUint32(at, srcView.getUint32(i));
  for (; i < to; i++) dst[at++] = src[i]!;
  return at;
}
