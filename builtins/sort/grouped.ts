// Whole-line sorting (no keys, no ordering options) by grouping equal lines first. With no keys
// two lines compare equal only when they are the same bytes, so the output is each distinct line
// repeated as often as it occurs: counting with a Map and sorting the distinct lines costs
// O(n + d log d) instead of O(n log n) string comparisons — the `cut | sort | uniq -c` shape,
// where a few values repeat millions of times. Inputs that turn out to be mostly distinct are
// left to the ordinary sort (the probe stops after a bounded number of lines).

import { Buffer } from 'node:buffer';

/** lines looked at before deciding whether grouping pays */
const PROBE_LINES = 50_000;

export interface Groups {
  /** distinct lines, latin1-style strings, in sorted order */
  lines: string[];
  /** how often each occurs */
  counts: number[];
}

/**
 * Count the records of `buffers` (split at `eol`; a last record without it still counts). Null
 * when the probe finds mostly distinct lines.
 */
export function groupRecords(buffers: readonly Buffer[], eol: number, reverse: boolean): Groups | null {
  const counts = new Map<string, number>();
  let seen = 0;
  for (const bytes of buffers) {
    let i = 0;
    while (i < bytes.length) {
      let j = bytes.indexOf(eol, i);
      if (j < 0) j = bytes.length;
      const line = bytes.toString('latin1', i, j);
      counts.set(line, (counts.get(line) ?? 0) + 1);
      i = j + 1;
      if (++seen === PROBE_LINES && counts.size * 4 > seen) return null;
    }
  }
  const lines = [...counts.keys()].sort();
  if (reverse) lines.reverse();
  return { lines, counts: lines.map((l) => counts.get(l)!) };
}

const OUT_CHUNK = 64 * 1024;

/**
 * The output of grouped lines as chunks of about 64 KiB, each line followed by `eol`, repeated
 * `counts[i]` times (once with `unique`). A generator so the caller can await each write.
 */
export function* groupedOutput(g: Groups, eol: number, unique: boolean): Generator<Uint8Array> {
  let out = Buffer.allocUnsafe(OUT_CHUNK);
  let len = 0;
  for (let k = 0; k < g.lines.length; k++) {
    const rec = Buffer.from(g.lines[k]! + String.fromCharCode(eol), 'latin1');
    let times = unique ? 1 : g.counts[k]!;
    while (times > 0) {
      if (len + rec.length > out.length) {
        if (len > 0) {
          yield new Uint8Array(out.buffer, out.byteOffset, len);
          out = Buffer.allocUnsafe(Math.max(OUT_CHUNK, rec.length));
          len = 0;
        }
        if (rec.length > out.length) out = Buffer.allocUnsafe(rec.length);
      }
      // as many copies as fit, by doubling what is already there
      const fit = Math.min(times, Math.floor((out.length - len) / rec.length));
      const start = len;
      rec.copy(out, len);
      let filled = 1;
      while (filled < fit) {
        const n = Math.min(filled, fit - filled);
        out.copy(out, start + filled * rec.length, start, start + n * rec.length);
        filled += n;
      }
      len += fit * rec.length;
      times -= fit;
    }
  }
  if (len > 0) yield new Uint8Array(out.buffer, out.byteOffset, len);
}
