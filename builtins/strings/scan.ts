// The string finder of GNU strings (binutils 2.40, print_strings): runs of at least `min`
// "graphic" characters (printable ASCII or TAB; any byte > 127 with -e S; any whitespace with -w),
// printed as they are found, each followed by the separator. The run's state survives chunk
// boundaries; only the first `min` characters of a run are held back (until it qualifies).
//
// 8-bit encodings (s, S) scan byte ranges; 16/32-bit encodings (b l B L) go character by
// character and, like binutils, slide by one byte after each non-graphic character.

import type { OutputBuffer } from '../internal/output.js';
import { ByteAccumulator } from '../internal/lines.js';

export type Encoding = 's' | 'S' | 'b' | 'l' | 'B' | 'L';

export interface ScanOptions {
  min: number;
  encoding: Encoding;
  allWhitespace: boolean;
  radix: 8 | 10 | 16 | undefined;
  /** "name: " before each string (-f) */
  fileLabel: string | undefined;
  separator: Uint8Array;
}

const encoder = new TextEncoder();

export class StringScanner {
  private readonly graphic = new Uint8Array(256);
  private readonly width: number;
  private address = 0;
  private runLength = 0;
  private runStart = 0;
  private printing = false;
  private readonly held = new ByteAccumulator();
  /** bytes of a partial wide character, and bytes pushed back after a string ended */
  private pending: number[] = [];

  constructor(private readonly o: ScanOptions) {
    for (let c = 0x20; c < 0x7f; c++) this.graphic[c] = 1;
    this.graphic[0x09] = 1;
    if (o.encoding === 'S') for (let c = 0x80; c < 0x100; c++) this.graphic[c] = 1;
    if (o.allWhitespace) for (const c of [0x0a, 0x0b, 0x0c, 0x0d, 0x20]) this.graphic[c] = 1;
    this.width = o.encoding === 'b' || o.encoding === 'l' ? 2 : o.encoding === 'B' || o.encoding === 'L' ? 4 : 1;
  }

  async feed(chunk: Uint8Array, out: OutputBuffer): Promise<void> {
    if (this.width === 1) await this.feedBytes(chunk, out);
    else await this.feedWide(chunk, out);
  }

  /** at end of input: a string still being printed gets its separator */
  async finish(out: OutputBuffer): Promise<void> {
    if (this.printing) await this.endString(out);
  }

  private prefix(): string {
    let p = this.o.fileLabel === undefined ? '' : `${this.o.fileLabel}: `;
    if (this.o.radix !== undefined) p += this.runStart.toString(this.o.radix).padStart(7, ' ') + ' ';
    return p;
  }

  private async write(out: OutputBuffer, bytes: Uint8Array, from = 0, to = bytes.length): Promise<void> {
    const p = out.write(bytes, from, to);
    if (p) await p;
  }

  private async startPrinting(out: OutputBuffer): Promise<void> {
    const prefix = this.prefix();
    if (prefix !== '') await this.write(out, encoder.encode(prefix));
    await this.write(out, this.held.view());
    this.held.clear();
    this.printing = true;
  }

  private async endString(out: OutputBuffer): Promise<void> {
    await this.write(out, this.o.separator);
    this.printing = false;
    this.runLength = 0;
  }

  private async feedBytes(chunk: Uint8Array, out: OutputBuffer): Promise<void> {
    const g = this.graphic;
    const len = chunk.length;
    const base = this.address;
    let i = 0;
    while (i < len) {
      let j = i;
      while (j < len && g[chunk[j]!] === 1) j++;
      if (this.printing) {
        await this.write(out, chunk, i, j);
      } else if (j > i) {
        if (this.runLength === 0) this.runStart = base + i;
        const need = this.o.min - this.runLength;
        if (j - i >= need) {
          this.held.append(chunk, i, i + need);
          this.runLength = this.o.min;
          await this.startPrinting(out);
          await this.write(out, chunk, i + need, j);
        } else {
          this.held.append(chunk, i, j);
          this.runLength += j - i;
        }
      }
      if (j < len) {
        // a non-graphic byte ends any run
        if (this.printing) await this.endString(out);
        this.runLength = 0;
        this.held.clear();
        j++;
      }
      i = j;
    }
    this.address = base + len;
  }

  /** 16/32-bit characters; a partial one waits in `pending` for the next chunk */
  private async feedWide(chunk: Uint8Array, out: OutputBuffer): Promise<void> {
    let k = 0;
    const w = this.width;
    for (;;) {
      while (this.pending.length < w && k < chunk.length) this.pending.push(chunk[k++]!);
      if (this.pending.length < w) return;
      const b = this.pending.splice(0, w);
      const c = this.combine(b);
      const at = this.address;
      this.address += w;
      if (c <= 255 && this.graphic[c] === 1) {
        if (this.printing) {
          await this.write(out, Uint8Array.of(c));
        } else {
          if (this.runLength === 0) this.runStart = at;
          this.held.append(Uint8Array.of(c), 0, 1);
          this.runLength++;
          if (this.runLength >= this.o.min) await this.startPrinting(out);
        }
      } else {
        if (this.printing) await this.endString(out);
        this.runLength = 0;
        this.held.clear();
        // binutils "throws away one byte" of a non-graphic character: the next character starts
        // at its second byte (unget_part_char)
        this.pending.unshift(...b.slice(1));
        this.address -= w - 1;
      }
    }
  }

  /** b: the `width` bytes of one character (2 for -e b/l, 4 for -e B/L) */
  private combine(b: number[]): number {
    switch (this.o.encoding) {
      case 'b':
        return (b[0]! << 8) | b[1]!;
      case 'l':
        return (b[1]! << 8) | b[0]!;
      case 'B':
        return ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
      default:
        return ((b[3]! << 24) | (b[2]! << 16) | (b[1]! << 8) | b[0]!) >>> 0;
    }
  }
}
