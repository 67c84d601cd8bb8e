// wc's counting, C locale (GNU coreutils 9.1): bytes and characters are the same thing; a word is
// a run of non-space bytes containing at least one printable byte (non-printable bytes neither
// start nor end a word); the display width for -L advances 1 per printable byte and to the next
// multiple of 8 on TAB, and restarts at LF, CR and FF.
//
// The count state survives chunk boundaries. Lines alone use indexOf (native speed); words and
// widths need one pass over the bytes, through a 256-entry class table.

import { ByteCounter } from '../internal/simd-count.js';
export interface Counts {
  lines: number;
  words: number;
  bytes: number;
  maxLineLength: number;
}

export interface Wanted {
  lines: boolean;
  words: boolean;
  chars: boolean;
  bytes: boolean;
  maxLineLength: boolean;
}

const NEWLINE = 1; // LF: a line, resets the width
const RESET = 2; // CR, FF: reset the width, separate words
const TAB = 3;
const SPACE = 4; // ' ': width 1, separates words
const VTAB = 5; // VT: separates words, no width
const PRINTABLE = 6;
const OTHER = 0; // non-printable: nothing at all

const CLASS = new Uint8Array(256);
for (let c = 0x21; c < 0x7f; c++) CLASS[c] = PRINTABLE;
CLASS[0x0a] = NEWLINE;
CLASS[0x0d] = RESET;
CLASS[0x0c] = RESET;
CLASS[0x09] = TAB;
CLASS[0x20] = SPACE;
CLASS[0x0b] = VTAB;
void OTHER;

export class WcCounter {
  lines = 0;
  words = 0;
  bytes = 0;
  maxLineLength = 0;
  private inWord = false;
  private linePos = 0;
  private readonly fullScan: boolean;
  /** newlines alone are counted 16 bytes at a time (see simd-count.ts) */
  private readonly newlines: ByteCounter | null;

  constructor(wanted: Wanted, newlines?: ByteCounter) {
    this.fullScan = wanted.words || wanted.maxLineLength;
    this.newlines = !this.fullScan && wanted.lines ? newlines ?? new ByteCounter(0x0a) : null;
  }

  /** where to read chunks for the fastest count (null: any chunk is as good) */
  get readBuffer(): Uint8Array | null {
    return this.newlines?.buffer ?? null;
  }

  feed(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.fullScan) this.scan(chunk);
    // set exactly when lines alone need counting (see the constructor)
    else if (this.newlines !== null) this.lines += this.newlines.count(chunk);
  }

  private scan(chunk: Uint8Array): void {
    let lines = this.lines;
    let words = this.words;
    let inWord = this.inWord;
    let pos = this.linePos;
    let max = this.maxLineLength;
    const len = chunk.length;
    for (let i = 0; i < len; i++) {
      switch (CLASS[chunk[i]!]) {
        case PRINTABLE:
          pos++;
          if (!inWord) {
            inWord = true;
            words++;
          }
          break;
        case SPACE:
          pos++;
          inWord = false;
          break;
        case NEWLINE:
          lines++;
          if (pos > max) max = pos;
          pos = 0;
          inWord = false;
          break;
        case TAB:
          pos += 8 - (pos % 8);
          inWord = false;
          break;
        case RESET:
          if (pos > max) max = pos;
          pos = 0;
          inWord = false;
          break;
        case VTAB:
          inWord = false;
          break;
        default:
          break;
      }
    }
    this.lines = lines;
    this.words = words;
    this.inWord = inWord;
    this.linePos = pos;
    this.maxLineLength = max;
  }

  /** the counts at end of input (a last line without newline still counts for -L) */
  finish(): Counts {
    if (this.linePos > this.maxLineLength) this.maxLineLength = this.linePos;
    return { lines: this.lines, words: this.words, bytes: this.bytes, maxLineLength: this.maxLineLength };
  }
}
