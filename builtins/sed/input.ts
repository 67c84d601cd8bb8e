// sed's input: the operands read one line at a time as one stream (or file by file with -s/-i),
// with one line of look-ahead so `$` knows whether the current line is the last. Files that cannot
// be opened are reported (`sed: can't read x: No such file or directory`) and skipped; the run
// then exits 2, as GNU sed does.

import type { CallContext } from '../types.js';
import { LineReader } from '../internal/lines.js';
import { openInput, readFailure, type Input } from '../internal/inputs.js';
import type { FsError } from '../../allowedpaths/types.js';

export function errorText(err: FsError): string {
  return err.detail ?? err.message;
}

export interface Line {
  text: string;
  /** the line ended with its delimiter (a last line may not) */
  terminated: boolean;
  /** index of the operand it came from */
  file: number;
}

/** A failure that ends the run (line too long, read error): printed by the caller. */
export class InputFatal {
  readonly status = 4;
  constructor(readonly message: string) {}
}

export class SedInput {
  private current: { input: Input; lines: LineReader; index: number } | null = null;
  private nextFile = 0;
  private lookahead: Line | null = null;
  private exhausted = false;
  /** an operand could not be opened or read: exit status 2 */
  failed = false;
  /** operands already reported (sed -i checks them first) */
  private skipped = new Set<number>();

  constructor(
    private readonly ctx: CallContext,
    readonly operands: readonly string[],
    private readonly delim: number,
    /** -s / -i: `$` is the last line of each file */
    private readonly separate: boolean,
    private readonly report: (text: string) => Promise<void>,
  ) {}

  /** the next line, or null at the end of all input */
  next(): Line | null | Promise<Line | null> {
    if (this.lookahead !== null) {
      const l = this.lookahead;
      this.lookahead = null;
      return l;
    }
    // fast path: the next line is already in the current chunk (no promise, no allocation but the line)
    const cur = this.current;
    if (cur !== null) {
      let m: boolean | Promise<boolean>;
      try {
        m = cur.lines.next();
      } catch (e) {
        return this.read(Promise.reject(e));
      }
      if (m === true) return { text: cur.lines.text(), terminated: cur.lines.terminated, file: cur.index };
      return this.read(m);
    }
    return this.read();
  }

  /** is `line` the last one (of its file in separate mode, of everything otherwise)? */
  async isLast(line: Line): Promise<boolean> {
    if (this.lookahead === null && !this.exhausted) this.lookahead = await this.read();
    if (this.lookahead === null) return true;
    return this.separate && this.lookahead.file !== line.file;
  }

  /** no more lines at all */
  async atEnd(): Promise<boolean> {
    if (this.lookahead === null && !this.exhausted) this.lookahead = await this.read();
    return this.lookahead === null;
  }

  /** `started`: the result of a next() already called on the current reader */
  private async read(started?: boolean | Promise<boolean>): Promise<Line | null> {
    for (;;) {
      if (this.current === null && !(await this.openNext())) return null;
      const cur = this.current!;
      let more: boolean;
      try {
        const m = started ?? cur.lines.next();
        started = undefined;
        more = typeof m === 'boolean' ? m : await m;
      } catch (e) {
        const err = readFailure(e);
        if (err === undefined) throw e;
        this.closeCurrent();
        // GNU sed panics on a read error (a directory operand included): exit 4
        throw new InputFatal(`sed: read error on ${cur.input.isStdin ? 'stdin' : cur.input.name}: ${errorText(err)}\n`);
      }
      if (cur.lines.tooLong) {
        this.closeCurrent();
        throw new InputFatal(`sed: ${cur.input.name}: line too long (over ${this.ctx.limits.maxLineBytes} bytes)\n`);
      }
      if (!more) {
        this.closeCurrent();
        continue;
      }
      return { text: cur.lines.text(), terminated: cur.lines.terminated, file: cur.index };
    }
  }

  private async openNext(): Promise<boolean> {
    const names = this.operands.length === 0 ? ['-'] : this.operands;
    while (this.nextFile < names.length) {
      const index = this.nextFile++;
      const name = names[index]!;
      if (this.skipped.has(index)) continue;
      this.ctx.checkAbort();
      const r = openInput(this.ctx, name);
      if (!r.ok) {
        this.failed = true;
        await this.report(`sed: can't read ${name}: ${errorText(r.error)}\n`);
        continue;
      }
      this.current = { input: r.value, lines: new LineReader(r.value.reader, this.delim, this.ctx.limits.maxLineBytes), index };
      return true;
    }
    this.exhausted = true;
    return false;
  }

  private closeCurrent(): void {
    this.current?.input.close();
    this.current = null;
  }

  /** the operand name of a line ('-' for stdin) */
  nameOf(file: number): string {
    return (this.operands.length === 0 ? ['-'] : this.operands)[file]!;
  }

  skip(indices: Set<number>): void {
    this.skipped = indices;
  }

  close(): void {
    this.closeCurrent();
  }
}
