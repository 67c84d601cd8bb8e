// Output helpers shared by both modes: the delimiter cycle, single bytes, and diagnostics.

import type { CallContext } from '../types.js';
import { writeDiagnostic, type OutputBuffer } from '../internal/output.js';
import type { Delimiter } from './delimiters.js';

/** append one byte, handing the buffer on first when it is full */
export function putByte(out: OutputBuffer, b: number): void | Promise<void> {
  if (out.len < out.cap) {
    out.buf[out.len++] = b;
    return;
  }
  const p = out.drain();
  if (p) {
    return p.then(() => {
      out.buf[out.len++] = b;
    });
  }
  out.buf[out.len++] = b;
}

/** walks the -d list round and round; `\0` entries print nothing but still take their turn */
export class DelimiterCycle {
  private at = 0;
  /** no `\0` entry: every turn prints one byte */
  readonly allPrinted: boolean;

  constructor(private readonly list: readonly Delimiter[]) {
    this.allPrinted = !list.includes(null);
  }

  /** back to the first entry (each row, and each file with -s) */
  restart(): void {
    this.at = 0;
  }

  /** the current entry, moving on to the next */
  take(): Delimiter {
    // at stays below the length, and the list has one entry at least (parseDelimiters reads
    // an empty LIST as `\0`)
    const d = this.list[this.at]!;
    if (++this.at === this.list.length) this.at = 0;
    return d;
  }

  /** print the current entry (if it is not empty) and move on */
  emit(out: OutputBuffer): void | Promise<void> {
    const d = this.take();
    if (d !== null) return putByte(out, d);
  }
}

/**
 * A read or open failure: glibc's error() flushes stdout before it writes to stderr, so with
 * `2>&1` the message lands right after the output so far (mid-line if need be).
 */
export function reportFailure(ctx: CallContext, out: OutputBuffer, name: string, message: string): Promise<void> {
  return writeDiagnostic(ctx, out, `paste: ${name}: ${message}\n`);
}
