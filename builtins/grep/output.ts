// How grep prints: prefixes (file name, line number, byte offset), separators, GNU's default
// GREP_COLORS SGR sequences (ms=01;31:mc=01;31:sl=:cx=:fn=35:ln=32:bn=32:se=36). All text here is
// latin1-style (one char per byte) so it can be joined with record slices and written as bytes.

import type { ByteWriter } from '../../lib/io/streams.js';
import { copyBytes, putLatin1 } from '../internal/bytes.js';

export const SGR_END = '\x1b[m\x1b[K';
const sgr = (code: string) => `\x1b[${code}m\x1b[K`;

export interface Colors {
  match: string;
  contextMatch: string;
  filename: string;
  lineNumber: string;
  byteOffset: string;
  separator: string;
}

export const DEFAULT_COLORS: Colors = {
  match: '01;31',
  contextMatch: '01;31',
  filename: '35',
  lineNumber: '32',
  byteOffset: '32',
  separator: '36',
};

/** GREP_COLORS=ms=..:mc=..:fn=.. overrides (mt sets both ms and mc); unknown keys are ignored as GNU does */
export function parseGrepColors(spec: string | undefined): Colors {
  const colors = { ...DEFAULT_COLORS };
  if (spec === undefined) return colors;
  const keys: Record<string, (keyof Colors)[]> = {
    mt: ['match', 'contextMatch'], ms: ['match'], mc: ['contextMatch'], fn: ['filename'],
    ln: ['lineNumber'], bn: ['byteOffset'], se: ['separator'],
  };
  for (const item of spec.split(':')) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const targets = keys[item.slice(0, eq)];
    const value = item.slice(eq + 1);
    if (targets === undefined || !/^[0-9;]*$/.test(value)) continue;
    for (const t of targets) colors[t] = value;
  }
  return colors;
}

export class Painter {
  constructor(readonly colors: Colors | null) {}
  paint(kind: keyof Colors, text: string): string {
    if (this.colors === null) return text;
    const code = this.colors[kind];
    return code === '' ? text : sgr(code) + text + SGR_END;
  }
}

const INITIAL_BYTES = 64 * 1024;

/**
 * Collects output as bytes and writes them in batches. Printed records are copied from the block
 * they were found in, never decoded to a string just to be printed and back; adjacent records of
 * one block (every line of `grep e` on text full of e's) are copied as one span when the next
 * push breaks the run. So the block must stay as it is until settle(): the searcher settles after
 * every block. Prefixes, separators and colored lines come as latin1-style strings (one char per
 * byte). The buffer grows to hold what one block prints; the caller flushes between blocks.
 */
export class LatinOutput {
  private buf: Uint8Array = new Uint8Array(INITIAL_BYTES);
  private bufView = new DataView(this.buf.buffer);
  private len = 0;
  /** a DataView over the last block a span was copied from (one per block, not per copy) */
  private srcView: DataView | null = null;
  private viewed: Uint8Array | null = null;
  /** the run of bytes pushed from one block and not copied yet: spanSrc[spanFrom, spanTo) */
  private spanSrc: Uint8Array | null = null;
  private spanFrom = 0;
  private spanTo = 0;
  constructor(private readonly out: ByteWriter) {}

  /** room for n more bytes; where they go */
  private reserve(n: number): number {
    const at = this.len;
    if (at + n > this.buf.length) {
      let cap = this.buf.length * 2;
      while (cap < at + n) cap *= 2;
      const grown = new Uint8Array(cap);
      grown.set(this.buf.subarray(0, at));
      this.buf = grown;
      this.bufView = new DataView(grown.buffer);
    }
    this.len = at + n;
    return at;
  }

  push(s: string): void {
    const n = s.length;
    if (n === 0) return;
    if (this.spanSrc !== null) this.settle();
    const at = this.reserve(n); // first: it may replace this.buf
    putLatin1(this.buf, at, s);
  }

  /** src[from, to), copied at the latest when settle() is called (src must not change until then) */
  pushBytes(src: Uint8Array, from: number, to: number): void {
    if (to <= from) return;
    if (src === this.spanSrc && from === this.spanTo) {
      this.spanTo = to;
      return;
    }
    if (this.spanSrc !== null) this.settle();
    this.spanSrc = src;
    this.spanFrom = from;
    this.spanTo = to;
  }

  pushByte(b: number): void {
    const src = this.spanSrc;
    if (src !== null) {
      // the terminator that follows the record in its block: the span grows over it
      if (this.spanTo < src.length && src[this.spanTo] === b) {
        this.spanTo++;
        return;
      }
      this.settle();
    }
    const at = this.reserve(1); // first: it may replace this.buf
    this.buf[at] = b;
  }

  /** copy the pending span: its block is about to change */
  settle(): void {
    const src = this.spanSrc;
    if (src === null) return;
    this.spanSrc = null;
    const from = this.spanFrom;
    const n = this.spanTo - from;
    const at = this.reserve(n);
    if (n > 256) {
      this.buf.set(new Uint8Array(src.buffer, src.byteOffset + from, n), at);
      return;
    }
    // a line-sized span (one prefixed line) word by word: set() with a view costs more
    let view = this.srcView;
    if (this.viewed !== src || view === null) {
      this.viewed = src;
      view = this.srcView = new DataView(src.buffer, src.byteOffset, src.byteLength);
    }
    copyBytes(view, src, from, from + n, this.bufView, this.buf, at);
  }

  get pending(): number {
    return this.len + (this.spanSrc === null ? 0 : this.spanTo - this.spanFrom);
  }

  flush(): void | Promise<void> {
    this.settle();
    const n = this.len;
    if (n === 0) return;
    this.len = 0;
    const p = this.out.write(new Uint8Array(this.buf.buffer, 0, n));
    // the writer may read the bytes until its promise settles: push into fresh memory meanwhile
    if (p) {
      this.buf = new Uint8Array(this.buf.length);
      this.bufView = new DataView(this.buf.buffer);
    }
    return p;
  }
}
