// jq's inputs (src/util.c): the files in turn (`-` is stdin, shown as `<stdin>`), fed to the JSON
// stream reader a line at a time as jq's fgets loop does, so that `(at FILE:N)` in error
// messages counts the same lines. A line longer than jq's 4096-byte buffer is fed as it comes.
// A file that cannot be opened is reported (`jq: error: Could not open file F: REASON`) and
// counted; jq then stops after the next value (its main loop checks the count between values).

import type { CallContext } from '../types.js';
import { openInput, type Input } from '../internal/inputs.js';
import { errorText } from '../../allowedpaths/errors.js';
import { JqUtf8Decoder, JsonStreamParser } from './json/index.js';
import { JqError, LiteralNumber, type Json } from './value.js';

interface Item {
  v: Json;
  file: string;
  line: number;
}

export interface SourceOptions {
  raw: boolean;
  seq: boolean;
  stream: boolean;
  /** -R -s: the whole input as one string */
  slurpRaw: boolean;
}

const FGETS = 4096;

export function isParseError(v: Json | { error: string }): v is { error: string } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map) && !(v instanceof LiteralNumber);
}

export class InputSource {
  private readonly queue: Item[] = [];
  private head = 0;
  private fileIdx = 0;
  private cur: Input | undefined;
  private curName = '';
  private curLine = 0;
  private decoder = new JqUtf8Decoder();
  private readonly parser: JsonStreamParser;
  private partial = '';
  private rawLine = '';
  private failures = 0;
  private pendingErr: string | undefined;
  private taken: Item | undefined;
  private held = 0;
  private ended = false;
  private exhausted = false;

  constructor(
    private readonly ctx: CallContext,
    private readonly files: string[],
    private readonly opts: SourceOptions,
    private readonly budget: number,
  ) {
    // the reader gives --stream events itself, as the text arrives (a truncated text still
    // gives its events before the error)
    this.parser = new JsonStreamParser({ seq: opts.seq, stream: opts.stream });
  }

  openFailures(): number {
    return this.failures;
  }

  pendingError(): string | undefined {
    return this.pendingErr;
  }

  takePendingError(): string | undefined {
    const e = this.pendingErr;
    this.pendingErr = undefined;
    return e;
  }

  hasQueued(): boolean {
    return this.head < this.queue.length;
  }

  /** the next complete value, if one is ready */
  takeSync(): Json | undefined {
    if (this.head >= this.queue.length) {
      // jq closed the last file when it found the end: positions are then unknown
      if (this.ended) this.exhausted = true;
      return undefined;
    }
    const it = this.queue[this.head] as Item;
    this.queue[this.head++] = undefined as unknown as Item;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    this.taken = it;
    return it.v;
  }

  /** jq's `FILE:LINE` for error messages (`<unknown>` before any input) */
  position(): string {
    if (this.taken === undefined || this.exhausted) return '<unknown>';
    return `${this.taken.file}:${this.taken.line}`;
  }

  filename(): Json {
    // jq 1.7.1 names standard input "<stdin>" here too (main.c's current_filename)
    if (this.taken === undefined) return null;
    return this.taken.file;
  }

  line(): number {
    return this.taken?.line ?? 0;
  }

  private push(v: Json): void {
    this.queue.push({ v, file: this.curName, line: this.curLine });
  }

  private drainParser(): void {
    for (;;) {
      const v = this.parser.next();
      if (v === undefined) return;
      if (isParseError(v)) {
        this.pendingErr ??= v.error;
        if (!this.opts.seq) return;
        continue;
      }
      this.push(v);
    }
  }

  private feedText(text: string): void {
    if (this.opts.slurpRaw) {
      this.rawLine += text;
      return;
    }
    if (this.opts.raw) {
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        this.curLine++;
        this.push(this.rawLine + text.slice(start, nl));
        this.rawLine = '';
        start = nl + 1;
      }
      this.rawLine += text.slice(start);
      return;
    }
    let s = this.partial + text;
    this.partial = '';
    let start = 0;
    for (let nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', start)) {
      this.parser.write(s.slice(start, nl + 1));
      this.curLine++;
      this.drainParser();
      if (this.pendingErr !== undefined && !this.opts.seq) return;
      start = nl + 1;
    }
    s = s.slice(start);
    if (s.length > FGETS) {
      this.parser.write(s);
      this.drainParser();
    } else this.partial = s;
  }

  /** read more input; false once every file is done */
  async fill(): Promise<boolean> {
    if (this.ended) return false;
    for (;;) {
      this.ctx.checkAbort();
      if (this.cur === undefined) {
        if (this.fileIdx >= this.files.length) {
          this.finish();
          return false;
        }
        const name = this.files[this.fileIdx++] as string;
        const r = openInput(this.ctx, name);
        if (!r.ok) {
          this.failures++;
          const w = this.ctx.stderr.writeString(`jq: error: Could not open file ${name}: ${errorText(r.error)}\n`);
          if (w) await w;
          continue;
        }
        this.cur = r.value;
        this.curName = name === '-' ? '<stdin>' : name;
        this.curLine = 0;
      }
      let chunk: Uint8Array | null;
      try {
        const c = this.cur.reader.read();
        chunk = c instanceof Promise ? await c : c;
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        if (!/Is a directory|Input\/output|Permission/.test(msg)) throw e;
        const w = this.ctx.stderr.writeString(`jq: error: ${msg}\n`);
        if (w) await w;
        this.failures++;
        chunk = null;
      }
      if (chunk === null) {
        const tail = this.decoder.decode(new Uint8Array(0), true);
        if (tail !== '') this.feedText(tail);
        this.cur.close();
        this.cur = undefined;
        this.decoder = new JqUtf8Decoder();
        if (this.queue.length > this.head || this.pendingErr !== undefined) return true;
        continue;
      }
      this.held += chunk.length;
      this.feedText(this.decoder.decode(chunk));
      return true;
    }
  }

  private finish(): void {
    this.ended = true;
    if (this.opts.slurpRaw) {
      this.queue.push({ v: this.rawLine, file: this.curName, line: this.curLine });
      this.rawLine = '';
      return;
    }
    if (this.opts.raw) {
      if (this.rawLine !== '') this.push(this.rawLine);
      this.rawLine = '';
      return;
    }
    if (this.partial !== '') {
      this.parser.write(this.partial);
      this.partial = '';
    }
    this.parser.end();
    this.drainParser();
  }

  /** everything left, in memory (for programs that call input/inputs) */
  async fillAll(): Promise<void> {
    const start = this.held;
    while (await this.fill()) {
      if (this.held - start > this.budget) throw new JqError(`input exceeds rshell's per-command memory budget of ${this.budget} bytes (maxMemoryBytes)`);
      if (this.pendingErr !== undefined && !this.opts.seq) return;
    }
  }

  /** -s: all values as one array (-R -s: the whole text as one string) */
  async slurp(): Promise<{ ok: true; value: Json } | { ok: false; error: string }> {
    await this.fillAll();
    if (this.pendingErr !== undefined && !this.opts.seq) return { ok: false, error: this.pendingErr };
    if (this.opts.slurpRaw) return { ok: true, value: this.takeSync() ?? '' };
    const all: Json[] = [];
    for (let v = this.takeSync(); v !== undefined; v = this.takeSync()) all.push(v);
    return { ok: true, value: all };
  }
}
