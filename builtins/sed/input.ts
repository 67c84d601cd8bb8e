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
  /**
   * `betweenFiles`: raised on reaching an operand, after the previous one was read to its end
   * (sed -i has written that one back by then: GNU's closedown renames it before opening the next)
   */
  constructor(
    readonly message: string,
    readonly betweenFiles = false,
  ) {}
}

export class SedInput {
  private current: { input: Input; lines: LineReader; index: number } | null = null;
  private nextFile = 0;
  private lookahead: Line | null = null;
  private exhausted = false;
  /** an operand could not be opened or read: exit status 2 */
  failed = false;
  /**
   * the operand opened last: GNU's in_file_name, which F prints. A `$` test at a file's last
   * line opens the next operands to look for more input, so F there names the file found.
   */
  lastOpened = -1;
  /** operands already reported (sed -i checks them first) */
  private skipped = new Set<number>();
  /** sed -i: operands that end the run when they are reached (`couldn't edit d: not a regular file`) */
  private fatalAt: ReadonlyMap<number, string> = new Map();

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

  /**
   * is `line` the last one (of its file in separate mode, of everything otherwise)? GNU's
   * test_eof: with -s/-i it looks only at the line's own file (the next operand is opened, and
   * fails, only when it is read); otherwise it peeks into the following operands, and one that
   * cannot be read (a directory) is closed and skipped without a word (getc's EOF).
   */
  async isLast(line: Line): Promise<boolean> {
    if (this.separate) return this.lastInFile(line);
    if (this.lookahead === null && !this.exhausted) this.lookahead = await this.read(undefined, true);
    return this.lookahead === null;
  }

  /** no more lines at all */
  async atEnd(): Promise<boolean> {
    if (this.lookahead === null && !this.exhausted) this.lookahead = await this.read(undefined, !this.separate);
    return this.lookahead === null;
  }

  private async lastInFile(line: Line): Promise<boolean> {
    if (this.lookahead !== null) return this.lookahead.file !== line.file;
    const cur = this.current;
    // the line's file is closed already: nothing follows it there
    if (cur === null || cur.index !== line.file) return true;
    let more: boolean;
    try {
      const m = cur.lines.next();
      more = typeof m === 'boolean' ? m : await m;
    } catch (e) {
      return this.readError(cur, e);
    }
    if (cur.lines.tooLong) return this.tooLong(cur);
    if (!more) {
      this.closeCurrent();
      return true;
    }
    this.lookahead = { text: cur.lines.text(), terminated: cur.lines.terminated, file: cur.index };
    return false;
  }

  /**
   * `started`: the result of a next() already called on the current reader. `peeking`: a `$`
   * look-ahead across operands, where GNU skips an unreadable one silently.
   */
  private async read(started?: boolean | Promise<boolean>, peeking = false): Promise<Line | null> {
    for (;;) {
      if (this.current === null && !(await this.openNext())) return null;
      const cur = this.current!; // there, or openNext opened one
      let more: boolean;
      try {
        const m = started ?? cur.lines.next();
        started = undefined;
        more = typeof m === 'boolean' ? m : await m;
      } catch (e) {
        if (peeking && readFailure(e) !== undefined) {
          this.closeCurrent();
          continue;
        }
        return this.readError(cur, e);
      }
      if (cur.lines.tooLong) return this.tooLong(cur);
      if (!more) {
        this.closeCurrent();
        continue;
      }
      return { text: cur.lines.text(), terminated: cur.lines.terminated, file: cur.index };
    }
  }

  /** GNU sed panics on a read error (a directory operand included): exit 4 */
  private readError(cur: { input: Input }, e: unknown): never {
    const err = readFailure(e);
    if (err === undefined) throw e;
    this.closeCurrent();
    throw new InputFatal(`sed: read error on ${cur.input.isStdin ? 'stdin' : cur.input.name}: ${errorText(err)}\n`);
  }

  private tooLong(cur: { input: Input }): never {
    this.closeCurrent();
    throw new InputFatal(`sed: ${cur.input.name}: line too long (over ${this.ctx.limits.maxLineBytes} bytes)\n`);
  }

  private async openNext(): Promise<boolean> {
    const names = this.operands.length === 0 ? ['-'] : this.operands;
    while (this.nextFile < names.length) {
      const index = this.nextFile++;
      const name = names[index]!;
      if (this.skipped.has(index)) continue;
      const fatal = this.fatalAt.get(index);
      if (fatal !== undefined) {
        this.exhausted = true;
        throw new InputFatal(fatal, true);
      }
      this.ctx.checkAbort();
      const r = openInput(this.ctx, name);
      if (!r.ok) {
        this.failed = true;
        await this.report(`sed: can't read ${name}: ${errorText(r.error)}\n`);
        continue;
      }
      this.current = { input: r.value, lines: new LineReader(r.value.reader, this.delim, this.ctx.limits.maxLineBytes), index };
      this.lastOpened = index;
      return true;
    }
    this.exhausted = true;
    return false;
  }

  private closeCurrent(): void {
    this.current?.input.close();
    this.current = null;
  }

  /** the operand name of a line ('-' for stdin); `file`: a Line's */
  nameOf(file: number): string {
    return (this.operands.length === 0 ? ['-'] : this.operands)[file]!;
  }

  skip(checked: { skip: Set<number>; fatalAt: ReadonlyMap<number, string> }): void {
    this.skipped = checked.skip;
    this.fatalAt = checked.fatalAt;
  }

  close(): void {
    this.closeCurrent();
  }
}
