// cat's line-decorating modes (-n -b -s -E -T -v and their combinations), as a byte state machine
// that keeps its state across files exactly as GNU cat does: numbering continues, a file without a
// final newline runs into the next file's first line, squeezing sees blank lines across the
// boundary, and a CR at the end of one file still becomes ^M when the next file starts with LF.
//
// Work is done per line segment: indexOf finds the newline, a segment without -v/-T is copied as
// one range, and only -v/-T look at every byte (through a 256-entry table).

import type { OutputBuffer } from '../internal/output.js';
import { copyBytes, indexOfByte } from '../internal/bytes.js';

export interface CatOptions {
  number: boolean;
  numberNonblank: boolean;
  squeezeBlank: boolean;
  showEnds: boolean;
  showTabs: boolean;
  showNonprinting: boolean;
}

const NL = 0x0a;
const CR = 0x0d;
const DOLLAR = 0x24;
const CARET_M = Uint8Array.of(0x5e, 0x4d);

/** the bytes each input byte becomes under -v/-T (undefined: itself) */
function buildTable(o: CatOptions): (Uint8Array | undefined)[] {
  const table: (Uint8Array | undefined)[] = new Array(256).fill(undefined);
  const ascii = (s: string): Uint8Array => Uint8Array.from(s, (ch) => ch.charCodeAt(0));
  for (let c = 0; c < 256; c++) {
    if (c === NL) continue;
    if (c === 0x09) {
      if (o.showTabs) table[c] = ascii('^I');
      continue;
    }
    if (!o.showNonprinting) continue;
    let prefix = '';
    let low = c;
    if (c >= 128) {
      prefix = 'M-';
      low = c - 128;
    }
    if (low < 32) table[c] = ascii(prefix + '^' + String.fromCharCode(low + 64));
    else if (low === 127) table[c] = ascii(prefix + '^?');
    else if (prefix !== '') table[c] = ascii(prefix + String.fromCharCode(low));
  }
  return table;
}

export class CatRenderer {
  /** consecutive-newline state, GNU's `newlines`: -1 inside a line, 0 at the start of a line, 1/2 blank lines seen */
  private newlines = 0;
  /** a CR held back under -E until we know whether LF follows */
  private pendingCR = false;
  /** the line-number field "     1\t", incremented in place as GNU does */
  private numberField = Uint8Array.from('     0\t', (ch) => ch.charCodeAt(0));
  private readonly table: (Uint8Array | undefined)[];
  private readonly transformBytes: boolean;

  constructor(private readonly o: CatOptions) {
    this.table = buildTable(o);
    this.transformBytes = o.showNonprinting || o.showTabs;
  }

  /** render one chunk into out; returns a promise only when out had to wait for its sink */
  async render(chunk: Uint8Array, out: OutputBuffer): Promise<void> {
    const o = this.o;
    const len = chunk.length;
    const chunkView = new DataView(chunk.buffer, chunk.byteOffset, len);
    let pos = 0;
    while (pos < len) {
      if (out.len + 64 > out.cap) {
        const p = out.drain();
        if (p) await p;
      }
      if (this.newlines >= 0) {
        if (chunk[pos] === NL) {
          // an empty line (or the end of a non-empty one, when newlines was -1: handled below)
          this.newlines++;
          if (this.newlines >= 2) {
            this.newlines = 2;
            if (o.squeezeBlank) {
              pos++;
              continue;
            }
          }
          if (o.number && !o.numberNonblank) this.writeNumber(out);
          this.endLine(out);
          pos++;
          continue;
        }
        if (o.number) this.writeNumber(out);
        this.newlines = -1;
      }
      // inside a line: up to the next newline
      const nl = indexOfByte(chunk, NL, pos);
      const end = nl < 0 ? len : nl;
      if (this.pendingCR) {
        this.pendingCR = false;
        if (end === pos && nl >= 0) {
          // CR LF across a chunk or file boundary
          this.put(out, CARET_M, 0, 2);
        } else {
          this.emitByte(out, CR);
        }
      }
      let stop = end;
      if (o.showEnds && stop > pos && chunk[stop - 1] === CR) {
        stop--;
        if (nl < 0) this.pendingCR = true;
      }
      if (this.transformBytes) {
        await this.emitTransformed(chunk, pos, stop, out);
      } else if (out.len + (stop - pos) <= out.cap) {
        // the common case, a line that fits: copied without allocating (cat -n on a big log)
        out.len = copyBytes(chunkView, chunk, pos, stop, out.view, out.buf, out.len);
      } else {
        const p = out.write(chunk, pos, stop);
        if (p) await p;
      }
      if (nl < 0) break;
      if (out.len + 8 > out.cap) {
        const q = out.drain();
        if (q) await q;
      }
      if (stop < end) this.put(out, CARET_M, 0, 2);
      this.newlines = 0;
      this.endLine(out);
      pos = nl + 1;
    }
  }

  /** at the end of all input: a held CR is output as itself */
  async finish(out: OutputBuffer): Promise<void> {
    if (this.pendingCR) {
      this.pendingCR = false;
      if (out.len + 8 > out.cap) {
        const p = out.drain();
        if (p) await p;
      }
      this.emitByte(out, CR);
    }
  }

  private endLine(out: OutputBuffer): void {
    if (this.o.showEnds) out.buf[out.len++] = DOLLAR;
    out.buf[out.len++] = NL;
  }

  private emitByte(out: OutputBuffer, c: number): void {
    const t = this.table[c];
    if (t === undefined) out.buf[out.len++] = c;
    else this.put(out, t, 0, t.length);
  }

  private put(out: OutputBuffer, src: Uint8Array, from: number, to: number): void {
    out.buf.set(src.subarray(from, to), out.len);
    out.len += to - from;
  }

  private async emitTransformed(chunk: Uint8Array, from: number, to: number, out: OutputBuffer): Promise<void> {
    const table = this.table;
    let i = from;
    while (i < to) {
      // at most 4 output bytes per input byte
      const room = Math.min(to - i, (out.cap - out.len) >> 2);
      if (room <= 0) {
        const p = out.drain();
        if (p) await p;
        continue;
      }
      const buf = out.buf;
      let n = out.len;
      const stop = i + room;
      for (; i < stop; i++) {
        const c = chunk[i]!;
        const t = table[c];
        if (t === undefined) buf[n++] = c;
        else {
          for (let k = 0; k < t.length; k++) buf[n++] = t[k]!;
        }
      }
      out.len = n;
    }
  }

  private writeNumber(out: OutputBuffer): void {
    // increment the decimal digits in place; grow to the left past 999999
    let f = this.numberField;
    let k = f.length - 2;
    for (;;) {
      const d = f[k]!; // 0 <= k: the field has 7 bytes at least and the loop stops at k === 0
      if (d === 0x20) {
        f[k] = 0x31;
        break;
      }
      if (d < 0x39) {
        f[k] = d + 1;
        break;
      }
      f[k] = 0x30;
      if (k === 0) {
        const grown = new Uint8Array(f.length + 1);
        grown[0] = 0x31;
        grown.set(f, 1);
        this.numberField = f = grown;
        break;
      }
      k--;
    }
    out.buf.set(f, out.len);
    out.len += f.length;
  }
}
