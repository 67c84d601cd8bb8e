// xargs's input parsing, fed chunk by chunk so an endless input runs in constant memory.
//   default: items separated by blanks and newlines; '…' and "…" quote (not across a newline),
//            backslash escapes one character; -E STR ends input at an item equal to STR; a line
//            ending in a blank continues on the next one (for -L).
//   -d C / -0: items end at C exactly; no quoting, no logical EOF, empty items kept.
//   -I R: one item per line, leading blanks dropped, inner blanks kept.

import { decode } from '../../lib/io/encoding.js';

export type ItemMode = { kind: 'blank' } | { kind: 'delim'; byte: number } | { kind: 'line' };

export interface ItemSink {
  /** one argument */
  item(text: string): void;
  /** the end of a logical line that held items (for -L and -I) */
  lineEnd(): void;
  /** the first NUL byte outside -0/-d mode (GNU warns once) */
  nulByte(): void;
}

const isBlank = (b: number): boolean => b === 0x20 || b === 0x09;

export class ItemParser {
  private buf: number[] = [];
  private quote = 0;
  private escaped = false;
  /** an item has started (so '' quoted is an item) */
  private started = false;
  private eof = false;
  /** the last byte seen outside quotes was a blank (a line ending after it continues) */
  private lastBlank = false;
  private lineHasItems = false;
  private nulSeen = false;
  error: 'single' | 'double' | undefined;

  constructor(
    private readonly mode: ItemMode,
    private readonly eofStr: string | undefined,
    private readonly sink: ItemSink,
    private readonly maxItemBytes: number,
  ) {}

  get done(): boolean {
    return this.eof || this.error !== undefined;
  }

  /** true when an item grew past the limit */
  tooLong = false;

  private emit(): void {
    // GNU keeps items as C strings: a NUL byte ends the argument it is in
    const nul = this.buf.indexOf(0);
    if (nul >= 0) this.buf.length = nul;
    const text = decode(Uint8Array.from(this.buf));
    this.buf = [];
    this.started = false;
    if (this.mode.kind === 'blank' && this.eofStr !== undefined && text === this.eofStr) {
      this.eof = true;
      return;
    }
    this.lineHasItems = true;
    this.sink.item(text);
  }

  private endLine(): void {
    if (this.lineHasItems && !this.eof) this.sink.lineEnd();
    this.lineHasItems = false;
  }

  private push(b: number): void {
    if (this.buf.length >= this.maxItemBytes) {
      this.tooLong = true;
      this.eof = true;
      return;
    }
    this.buf.push(b);
    this.started = true;
  }

  feed(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length && !this.done; i++) this.byte(chunk[i]!);
  }

  /** end of input: the last item, or an unmatched quote */
  end(): void {
    if (this.done) return;
    if (this.quote !== 0) {
      this.error = this.quote === 0x27 ? 'single' : 'double';
      return;
    }
    if (this.started) this.emit();
    this.endLine();
  }

  private byte(b: number): void {
    const mode = this.mode;
    if (mode.kind === 'delim') {
      if (b === mode.byte) {
        // an empty item between two delimiters still counts
        this.emit();
        this.endLine();
      } else this.push(b);
      return;
    }
    if (b === 0 && !this.nulSeen) {
      this.nulSeen = true;
      this.sink.nulByte();
    }
    if (this.escaped) {
      this.escaped = false;
      this.push(b);
      return;
    }
    if (this.quote !== 0) {
      if (b === this.quote) {
        this.quote = 0;
        return;
      }
      if (b === 0x0a) {
        this.error = this.quote === 0x27 ? 'single' : 'double';
        return;
      }
      this.push(b);
      return;
    }
    if (b === 0x0a) {
      if (this.started) this.emit();
      // -L: a line ending in a blank continues on the next line
      if (mode.kind === 'line' || !this.lastBlank) this.endLine();
      this.lastBlank = false;
      return;
    }
    if (isBlank(b) && (mode.kind === 'blank' || !this.started)) {
      if (this.started) this.emit();
      this.lastBlank = true;
      return;
    }
    this.lastBlank = false;
    if (b === 0x5c) {
      this.escaped = true;
      this.started = true;
      return;
    }
    if (b === 0x27 || b === 0x22) {
      this.quote = b;
      this.started = true;
      return;
    }
    this.push(b);
  }
}
