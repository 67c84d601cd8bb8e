// util-linux 2.38 rev's read loop replayed over byte chunks (see index.ts for the behaviour).
//
//   while (fgetws(buf, bufsiz, fp)) {              // the "outer" call: at most bufsiz-1 chars
//     len = wcslen(buf);
//     while (buf[len-1] != '\n' && !feof(fp)) {    // the "inner" calls
//       bufsiz *= 2; …; if (!fgetws(&buf[len], bufsiz/2, fp)) break;
//       len = wcslen(buf);
//     }
//     reverse buf[0, len) (a final newline kept last), write it; line++;
//   }
//
// bufsiz is never reset, across lines and files. A call ends after a newline, after its size, or
// at end of input; it fails (NULL) on a byte past 0x7f in the C locale, or when it read nothing.

import type { OutputBuffer } from '../internal/output.js';
import { ByteAccumulator } from '../internal/lines.js';

export type RevOutcome = 'ok' | 'eilseq' | 'too-long';

const BUFSIZ = 8192;
/** bufsiz stops doubling here (the real one would fail to allocate long before) */
const BUFSIZ_CAP = 2 ** 52;
const NL = 0x0a;

export class RevReader {
  /** lines written for the current file (util-linux's `line`, named in its read errors) */
  lines = 0;
  private bufsiz = BUFSIZ;
  private inner = false;
  /** characters the current fgetws call may still read */
  private segLeft = BUFSIZ - 1;
  /** characters the current call has read */
  private segCount = 0;
  /** a NUL was read in the current call: wcslen stops there */
  private skipping = false;
  /** acc's length when the current call began (a failed inner call adds nothing) */
  private segBase = 0;
  private readonly acc = new ByteAccumulator();
  private scratch = new Uint8Array(256);
  private wait: Promise<void> | undefined = undefined;

  constructor(private readonly maxLineBytes: number) {}

  /** a new file: rev's `line = 0`; the buffer size carries over */
  start(): void {
    this.lines = 0;
    this.inner = false;
    this.segLeft = this.bufsiz - 1;
    this.segCount = 0;
    this.skipping = false;
    this.segBase = 0;
    this.acc.clear();
  }

  /** after 'wait': the write to wait for; then feed the same chunk again from `resumeAt` */
  takeWait(): Promise<void> | undefined {
    const w = this.wait;
    this.wait = undefined;
    return w;
  }

  /** where feed stopped when it answered 'wait' */
  resumeAt = 0;

  /** chunk c from index `from`: 'more' for the next chunk, 'wait' when a write must be waited for */
  feed(c: Uint8Array, from: number, out: OutputBuffer): 'more' | 'wait' | RevOutcome {
    let i = from;
    const n = c.length;
    while (i < n) {
      if (this.wait !== undefined) {
        this.resumeAt = i;
        return 'wait';
      }
      // the run of plain characters inside the current call
      let j = i;
      const stop = Math.min(n, i + this.segLeft);
      while (j < stop) {
        const b = c[j]!; // j < stop <= n
        if (b >= 0x80 || b === NL || b === 0) break;
        j++;
      }
      if (!this.skipping) this.acc.append(c, i, j);
      this.segCount += j - i;
      this.segLeft -= j - i;
      if (this.acc.length > this.maxLineBytes) return 'too-long';
      if (j === n) break;
      if (this.segLeft === 0) {
        this.endCall(out);
        i = j;
        continue;
      }
      const b = c[j]!; // j < n
      if (b >= 0x80) {
        // an inner fgetws fails: the line so far is written, then the next outer call fails
        this.failCall(out);
        return 'eilseq';
      }
      this.segCount++;
      this.segLeft--;
      if (b === 0) this.skipping = true;
      else if (!this.skipping) this.acc.append(c, j, j + 1);
      i = j + 1;
      if (b === NL || this.segLeft === 0) this.endCall(out);
    }
    if (this.wait !== undefined) {
      this.resumeAt = n;
      return 'wait';
    }
    return 'more';
  }

  /** end of input (then wait for takeWait()) */
  finish(out: OutputBuffer): RevOutcome {
    if (this.segCount > 0 || this.inner) this.emit(out);
    return 'ok';
  }

  /** an outer call that failed on a byte past 0x7f: an inner one writes the line so far first */
  private failCall(out: OutputBuffer): void {
    if (!this.inner) return;
    this.acc.length = this.segBase;
    this.emit(out);
  }

  private endCall(out: OutputBuffer): void {
    const len = this.acc.length;
    if (len > 0 && this.acc.bytes[len - 1] === NL) {
      this.emit(out);
    } else {
      this.inner = true;
      if (this.bufsiz < BUFSIZ_CAP) this.bufsiz *= 2;
      this.segLeft = this.bufsiz / 2 - 1;
    }
    this.segCount = 0;
    this.skipping = false;
    this.segBase = this.acc.length;
  }

  private emit(out: OutputBuffer): void {
    const src = this.acc.bytes;
    let len = this.acc.length;
    const nl = len > 0 && src[len - 1] === NL;
    if (nl) len--;
    const total = nl ? len + 1 : len;
    if (this.scratch.length < total) this.scratch = new Uint8Array(Math.max(total, this.scratch.length * 2));
    const dst = this.scratch;
    for (let k = 0; k < len; k++) dst[k] = src[len - 1 - k]!; // k < len <= acc.length
    if (nl) dst[len] = NL;
    const w = out.write(dst, 0, total);
    if (w) this.wait = w;
    this.lines++;
    this.inner = false;
    this.segLeft = this.bufsiz - 1;
    this.segCount = 0;
    this.skipping = false;
    this.acc.clear();
    this.segBase = 0;
  }
}
