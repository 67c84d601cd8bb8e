// od reads its FILE operands as one concatenated input: a file that cannot be opened or read is
// reported (GNU wording: `od: NAME: No such file or directory`) and the next one continues the
// stream. Reads hand out exactly the bytes asked for, short only at the very end.

import type { CallContext } from '../types.js';
import { openInput, readFailure, type Input } from '../internal/inputs.js';
import { quotef } from '../internal/quote.js';

export class InputChain {
  private index = 0;
  private current: Input | undefined;
  private chunk: Uint8Array = new Uint8Array(0);
  private offset = 0;
  /** false once any file failed to open or read */
  ok = true;
  /** files whose reading failed (a directory): GNU's skip stops at the first one */
  private readFailures = 0;

  constructor(
    private readonly ctx: CallContext,
    private readonly operands: readonly string[],
    private readonly report: (text: string) => Promise<void>,
  ) {}

  /** the next input that opens; undefined at the end of the list */
  private async openNext(): Promise<Input | undefined> {
    while (this.index < this.operands.length) {
      const name = this.operands[this.index++]!;
      const r = openInput(this.ctx, name);
      if (r.ok) return r.value;
      this.ok = false;
      await this.report(`od: ${quotef(name)}: ${r.error.message}\n`);
    }
    return undefined;
  }

  private async nextChunk(): Promise<boolean> {
    for (;;) {
      if (this.current === undefined) {
        this.current = await this.openNext();
        if (this.current === undefined) return false;
      }
      try {
        let c = this.current.reader.read();
        if (c instanceof Promise) c = await c;
        if (c !== null) {
          if (c.length === 0) continue;
          this.chunk = c;
          this.offset = 0;
          return true;
        }
      } catch (e) {
        const failure = readFailure(e);
        if (failure === undefined) throw e;
        this.ok = false;
        this.readFailures++;
        await this.report(`od: ${quotef(this.current.isStdin ? 'standard input' : this.current.name)}: ${failure.message}\n`);
      }
      this.current.close();
      this.current = undefined;
      this.ctx.checkAbort();
    }
  }

  /** the size of the current file when it is a regular file not yet read from; else undefined */
  private async unreadFileSize(): Promise<number | undefined> {
    if (this.current === undefined) {
      this.current = await this.openNext();
      if (this.current === undefined) return undefined;
      this.chunk = new Uint8Array(0);
      this.offset = 0;
    }
    if (this.offset < this.chunk.length || this.current.info?.type !== 'file') return undefined;
    return this.current.info.size;
  }

  /** open the first file that opens (GNU stops without output when none does) */
  async start(): Promise<boolean> {
    if (this.current === undefined) this.current = await this.openNext();
    return this.current !== undefined;
  }

  /** skip n bytes; returns how many could not be skipped (the input ended) */
  async skip(n: number): Promise<number> {
    let left = n;
    while (left > 0) {
      // a whole regular file shorter than what is left is passed over without reading it
      const size = await this.unreadFileSize();
      if (size !== undefined && size > 0 && size <= left && this.chunk.length === 0) {
        left -= size;
        this.current?.close();
        this.current = undefined;
        continue;
      }
      const failures = this.readFailures;
      if (this.offset >= this.chunk.length && !(await this.nextChunk())) return this.readFailures > failures ? 0 : left;
      // GNU's skip() sets n_skip to 0 on a read error: the next file is dumped from its start
      if (this.readFailures > failures) return 0;
      const take = Math.min(left, this.chunk.length - this.offset);
      this.offset += take;
      left -= take;
    }
    return 0;
  }

  /** up to n bytes into dst; fewer only when the input is exhausted */
  async read(dst: Uint8Array, n: number): Promise<number> {
    let filled = 0;
    while (filled < n) {
      if (this.offset >= this.chunk.length && !(await this.nextChunk())) break;
      const take = Math.min(n - filled, this.chunk.length - this.offset);
      dst.set(this.chunk.subarray(this.offset, this.offset + take), filled);
      this.offset += take;
      filled += take;
    }
    return filled;
  }

  /** one byte, or -1 at the end */
  async readByte(): Promise<number> {
    if (this.offset >= this.chunk.length && !(await this.nextChunk())) return -1;
    return this.chunk[this.offset++]!;
  }

  close(): void {
    this.current?.close();
    this.current = undefined;
  }
}
