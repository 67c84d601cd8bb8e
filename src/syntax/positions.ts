// Line and column helpers for messages (columns count UTF-8 bytes, as mvdan/sh does).

// ------------------------------------------------------------------ lines and columns

/** Offsets at which each line starts (line 1 starts at 0). */
export function lineStarts(src: string): number[] {
  const starts = [0];
  let i = src.indexOf('\n');
  while (i >= 0) {
    starts.push(i + 1);
    i = src.indexOf('\n', i + 1);
  }
  return starts;
}

/** 1-based line of a JS offset, by binary search over line starts. */
export function lineAt(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** UTF-8 byte length of src[a, b); surrogate-escaped bytes (U+DC80–U+DCFF) count as one byte. */
export function utf8Len(src: string, a: number, b: number): number {
  // offsets past the end (mvdan/sh's `for … { }` span ends there) count one byte each
  let n = b > src.length ? b - Math.max(a, src.length) : 0;
  const stop = Math.min(b, src.length);
  for (let i = a; i < stop; i++) {
    const c = src.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const lo = src.charCodeAt(i + 1);
      if (i + 1 < stop && lo >= 0xdc00 && lo <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else if (c >= 0xdc80 && c <= 0xdcff) n += 1;
    else n += 3;
  }
  return n;
}

/** mvdan/sh's line and column (1-based; the column counts UTF-8 bytes) of a JS offset. */
export function lineCol(src: string, pos: number): { line: number; col: number } {
  let lineStart = 0;
  let line = 1;
  const end = Math.min(pos, src.length);
  for (let i = src.indexOf('\n'); i >= 0 && i < end; i = src.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: utf8Len(src, lineStart, end) + 1 + Math.max(0, pos - src.length) };
}
