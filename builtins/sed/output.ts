// Where sed writes: stdout, or the new content of a file edited in place. GNU sed writes a line's
// newline only if the input line had one; anything written after such a line first supplies the
// missing newline (output_missing_newline), so `printf x | sed p` prints "x\nx".

import { Buffer } from 'node:buffer';
import type { ByteWriter } from '../../lib/io/streams.js';
import { OutputBuffer } from '../internal/output.js';
import { putLatin1 } from '../internal/bytes.js';


export class SedOutput {
  private readonly buffer: OutputBuffer;
  private missingNewline = false;
  private readonly delimByte: number;

  constructor(
    sink: ByteWriter,
    /** the delimiter written after a line (newline, or NUL with -z) */
    private readonly delim: string,
  ) {
    this.buffer = new OutputBuffer(sink);
    this.delimByte = delim.charCodeAt(0);
  }

  /**
   * a byte string, then the delimiter unless `terminated` is false. Not `text + delim`: that
   * makes a cons string per line, which the copy below would flatten (a copy more per line).
   */
  line(text: string, terminated = true): void | Promise<void> {
    const b = this.buffer;
    const n = text.length;
    if (!this.missingNewline && n < b.cap - b.len) {
      this.missingNewline = !terminated;
      let at = putLatin1(b.buf, b.len, text);
      if (terminated) b.buf[at++] = this.delimByte;
      b.len = at;
      return;
    }
    return this.raw(terminated ? text + this.delim : text, !terminated);
  }

  /** text that carries its own terminator (a/i/c text, `=`, `l`) */
  text(text: string): void | Promise<void> {
    return this.raw(text, false);
  }

  private raw(s: string, missing: boolean): void | Promise<void> {
    if (this.missingNewline) s = this.delim + s;
    this.missingNewline = missing;
    const n = s.length;
    if (n === 0) return;
    const b = this.buffer;
    if (n <= 256 && b.len + n <= b.cap) {
      // short lines: straight into the buffer (no intermediate Buffer)
      b.len = putLatin1(b.buf, b.len, s);
      return;
    }
    return b.write(Buffer.from(s, 'latin1'));
  }

  /** write the newline a previous unterminated line lacked, if any */
  completeLine(): void | Promise<void> {
    return this.missingNewline ? this.raw('', false) : undefined;
  }

  flush(): void | Promise<void> {
    return this.buffer.flush();
  }
}
