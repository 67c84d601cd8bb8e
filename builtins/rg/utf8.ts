// Code point sets as byte-level patterns. ripgrep matches bytes with Rust's regex::bytes, whose
// Unicode classes compile to UTF-8 byte sequences; rshell does the same over latin1-style byte
// strings (one char per byte, lib/regex's convention), so a pattern never needs V8's `u` flag,
// which V8's linear-time engine cannot run (the ReDoS fallback, lib/regex/engine.ts).

/** inclusive code point ranges, sorted, not overlapping */
export type Ranges = [number, number][];

const MAX = 0x10ffff;

export function normalize(ranges: Ranges): Ranges {
  const sorted = ranges.filter((r) => r[0] <= r[1]).sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export function negate(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [s, e] of normalize(ranges)) {
    if (s > next) out.push([next, s - 1]);
    next = e + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

export function intersect(a: Ranges, b: Ranges): Ranges {
  // A ∩ B = ¬(¬A ∪ ¬B)
  return negate([...negate(a), ...negate(b)]);
}

const cache = new Map<string, Ranges>();

/**
 * The code points a `u`-flag class source matches (e.g. `\p{L}`), found by testing each one once
 * (~60 ms for the whole range, cached per class); null when V8 does not know the class.
 */
export function rangesOf(uClass: string): Ranges | null {
  const hit = cache.get(uClass);
  if (hit !== undefined) return hit;
  let re: RegExp;
  try {
    re = new RegExp(`^${uClass}$`, 'u');
  } catch {
    return null;
  }
  const out: Ranges = [];
  let start = -1;
  for (let c = 0; c <= MAX; c++) {
    const ok = (c < 0xd800 || c > 0xdfff) && re.test(String.fromCodePoint(c));
    if (ok && start < 0) start = c;
    else if (!ok && start >= 0) {
      out.push([start, c - 1]);
      start = -1;
    }
  }
  if (start >= 0) out.push([start, MAX]);
  cache.set(uClass, out);
  return out;
}

function encodeUtf8(c: number): number[] {
  if (c < 0x80) return [c];
  if (c < 0x800) return [0xc0 | (c >> 6), 0x80 | (c & 0x3f)];
  if (c < 0x10000) return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
  return [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
}

/** one UTF-8 sequence of byte ranges (regex-syntax's Utf8Sequences) */
function sequences(start: number, end: number, out: [number, number][][]): void {
  const stack: [number, number][] = [[start, end]];
  while (stack.length > 0) {
    let [s, e] = stack.pop()!; // the loop runs while the stack is not empty
    for (;;) {
      if (s < 0xe000 && e > 0xd7ff) {
        // surrogates are not scalar values
        if (e >= 0xe000) stack.push([0xe000, e]);
        e = 0xd7ff;
        if (s > e) break;
        continue;
      }
      let split = false;
      for (const max of [0x7f, 0x7ff, 0xffff]) {
        if (s <= max && e > max) {
          stack.push([max + 1, e]);
          e = max;
          split = true;
          break;
        }
      }
      if (split) continue;
      if (e <= 0x7f) {
        out.push([[s, e]]);
        break;
      }
      for (let i = 1; i < 4; i++) {
        const m = (1 << (6 * i)) - 1;
        if ((s & ~m) !== (e & ~m)) {
          if ((s & m) !== 0) {
            stack.push([(s | m) + 1, e]);
            e = s | m;
            split = true;
            break;
          }
          if ((e & m) !== m) {
            stack.push([e & ~m, e]);
            e = (e & ~m) - 1;
            split = true;
            break;
          }
        }
      }
      if (split) continue;
      const a = encodeUtf8(s);
      const b = encodeUtf8(e);
      out.push(a.map((x, k) => [x, b[k] ?? x]));
      break;
    }
  }
}

const hex = (b: number): string => '\\x' + b.toString(16).padStart(2, '0');
const byteRange = ([s, e]: [number, number]): string => (s === e ? hex(s) : `${hex(s)}-${hex(e)}`);

/** a set of code points as a byte-level JS pattern (no flags needed), or `[^\s\S]` when empty */
export function bytePattern(ranges: Ranges): string {
  const seqs: [number, number][][] = [];
  for (const [s, e] of normalize(ranges)) sequences(s, e, seqs);
  seqs.sort((x, y) => x[0]![0] - y[0]![0]); // every sequence has at least one byte range
  const single: string[] = [];
  const multi: string[] = [];
  for (const seq of seqs) {
    if (seq.length === 1) single.push(byteRange(seq[0]!));
    else multi.push(seq.map((r) => (r[0] === r[1] ? hex(r[0]) : `[${byteRange(r)}]`)).join(''));
  }
  const alts: string[] = [];
  if (single.length > 0) alts.push(`[${single.join('')}]`);
  alts.push(...multi);
  if (alts.length === 0) return '[^\\s\\S]';
  return alts.length === 1 ? alts[0]! : `(?:${alts.join('|')})`;
}

/** one code point's UTF-8 bytes as an escaped literal */
export function byteLiteral(c: number): string {
  return encodeUtf8(c).map(hex).join('');
}
