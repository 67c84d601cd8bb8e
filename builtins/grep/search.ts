// Searching one input: records are read in blocks of whole records (no whole-file load), decoded
// latin1-style once per block, matched per record — or, when the pattern allows it, by one
// regex scan over the whole block that jumps from match to match (the fast path for plain
// `grep PATTERN` and `grep -c`). Output, context, -m, -o, --color and binary handling follow
// GNU grep 3.8.

import type { ByteReader } from '../../src/io/streams.js';
import type { Matcher } from '../../src/regex/index.js';
import { toLatin1 } from '../../src/regex/index.js';
import type { GrepOptions } from './options.js';
import { LatinOutput, Painter } from './output.js';
import { ByteAccumulator } from '../internal/lines.js';
import { countByte, indexOfByte } from '../internal/bytes.js';
import { ChunkReader } from '../internal/inputs.js';
import { LiteralFinder } from './literal.js';
import { acquireSimdScanner } from '../internal/simd-count.js';
import { Buffer } from 'node:buffer';

const bufferIndexOf = Buffer.prototype.indexOf as (this: Uint8Array, value: Uint8Array, byteOffset?: number) => number;
const bufferLastIndexOf = Buffer.prototype.lastIndexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

/** the most bytes decoded into one string at a time (see processBlock) */
const TEXT_PIECE_BYTES = 64 * 1024;

export interface SearchResult {
  /** selected lines (up to -m) */
  selected: number;
  /** stopped because -q found a match: the caller stops everything */
  quitAll: boolean;
  /** the record limit was exceeded */
  tooLong: boolean;
  /** a read error (FsError-carrying exception) */
  readError?: unknown;
  /** GNU: "grep: NAME: binary file matches" should follow (after flushing stdout) */
  binaryMatched: boolean;
}

export interface SearchTarget {
  reader: ByteReader;
  /** the file name as shown in prefixes (latin1-encoded bytes of the name) */
  displayName: string;
  showName: boolean;
}

/**
 * A before-context record: bytes[start, end), in the block it was found in until that block is
 * done (FileState.keepRing copies the few still held, as the read buffer is reused).
 */
interface Pending {
  bytes: Uint8Array;
  start: number;
  end: number;
  /** bytes is a copy of its own (not the block) */
  owned: boolean;
  lineNo: number;
  offset: number;
}

export class Searcher {
  private readonly eolChar: string;
  private readonly eol: number;
  private readonly painter: Painter;
  private readonly contextGiven: boolean;
  private readonly before: number;
  private readonly after: number;
  /** the raw-byte search for a plain-string pattern (see Matcher.literal) */
  private readonly literalFinder: LiteralFinder | null;

  constructor(
    private readonly opts: GrepOptions,
    private readonly matcher: Matcher,
    private readonly out: LatinOutput,
    painter: Painter,
    private readonly maxRecordBytes: number,
    private readonly checkAbort: () => void,
    /** finds the matches printed inside a line (-o, --color): `matcher` but for -x (see grep.ts) */
    private readonly inlineMatcher: Matcher = matcher,
  ) {
    this.eol = opts.nullData ? 0 : 0x0a;
    this.eolChar = String.fromCharCode(this.eol);
    this.painter = painter;
    this.contextGiven = opts.before >= 0 || opts.after >= 0;
    this.before = Math.max(0, opts.before);
    this.after = Math.max(0, opts.after);
    this.literalFinder = matcher.literal === null ? null : new LiteralFinder(matcher.literal, acquireSimdScanner());
  }

  /** the run is over: give back what the search borrowed (the SIMD scanner) */
  release(): void {
    this.literalFinder?.release();
  }

  async search(target: SearchTarget): Promise<SearchResult> {
    // chunks come through one reused buffer: every block is searched (and what is printed
    // decoded) before the next read, and the partial record at a chunk's end is copied to `carry`
    const chunks = new ChunkReader(target.reader, this.literalFinder?.simdBuffer ?? undefined);
    try {
      return await this.searchChunks(target, chunks);
    } finally {
      chunks.release();
    }
  }

  /**
   * GNU grep, once it has seen that a file is binary, takes NUL bytes as line ends from that
   * buffer on (`grep -c -v x` on `a\0b\nc\n` counts 3 lines; `^b` matches). Not with -a, -z or -I.
   */
  private get zapsNuls(): boolean {
    return this.opts.binaryMode === 'binary' && !this.opts.nullData;
  }

  private async searchChunks(target: SearchTarget, chunks: ChunkReader): Promise<SearchResult> {
    const state = new FileState(this, target);
    // the partial record at the end of a chunk; whole records are searched in the chunk itself
    const carry = new ByteAccumulator();
    const readBuffer = this.literalFinder?.simdBuffer?.buffer ?? null;
    let fileOffset = 0;
    for (;;) {
      this.checkAbort();
      let chunk: Uint8Array | null;
      try {
        const r = chunks.read();
        chunk = r instanceof Promise ? await r : r;
      } catch (e) {
        return state.finish({ readError: e });
      }
      if (chunk === null) break;
      if (chunk.length === 0) continue;
      if (this.zapsNuls && (state.binary || indexOfByte(chunk, 0) >= 0)) {
        state.binary = true;
        chunk = zapNuls(chunk, this.eol);
      }
      let pos = 0;
      let done = false;
      // the carry may go through the SIMD read buffer only when this chunk is not in it
      const inReadBuffer = readBuffer !== null && chunk.buffer === readBuffer;
      if (carry.length > 0) {
        const first = indexOfByte(chunk, this.eol);
        if (first < 0) {
          carry.append(chunk, 0, chunk.length);
          if (carry.length > this.maxRecordBytes) return state.finish({ tooLong: true });
          continue;
        }
        carry.append(chunk, 0, first + 1);
        done = this.processBlock(state, carry.view(), fileOffset, true, !inReadBuffer);
        fileOffset += carry.length;
        carry.clear();
        pos = first + 1;
      }
      const last = done || pos >= chunk.length ? -1 : bufferLastIndexOf.call(chunk, this.eol);
      if (last >= pos) {
        done = this.processBlock(state, pos === 0 && last + 1 === chunk.length ? chunk : chunk.subarray(pos, last + 1), fileOffset, true, true);
        fileOffset += last + 1 - pos;
        pos = last + 1;
      }
      if (!done && pos < chunk.length) {
        carry.append(chunk, pos, chunk.length);
        if (pos === 0 && carry.length > this.maxRecordBytes) return state.finish({ tooLong: true });
      }
      const f = this.out.pending >= 65536 ? this.out.flush() : undefined;
      if (f) await f;
      if (done) return state.finish({});
    }
    if (carry.length > 0) this.processBlock(state, carry.view(), fileOffset, false, true);
    return state.finish({});
  }

  /**
   * returns true when the file needs no more reading; `scratchFree`: the SIMD read buffer holds
   * nothing still needed (the block may be copied through it, see LiteralFinder.countRecords)
   */
  private processBlock(state: FileState, bytes: Uint8Array, blockOffset: number, endsWithEol: boolean, scratchFree: boolean): boolean {
    const done = this.searchBlock(state, bytes, blockOffset, endsWithEol, scratchFree);
    // what was printed from the block is copied out before its buffer is read into again
    this.out.settle();
    state.keepRing();
    return done;
  }

  private searchBlock(state: FileState, bytes: Uint8Array, blockOffset: number, endsWithEol: boolean, scratchFree: boolean): boolean {
    const o = this.opts;
    // (in 'binary' mode searchChunks has already looked for NULs in the chunk: see zapsNuls)
    if (!state.binary && o.binaryMode === 'without-match' && !o.nullData && indexOfByte(bytes, 0) >= 0) {
      state.binary = true;
      // --binary-files=without-match / -I: a binary file is taken as not matching at all
      if (o.binaryMode === 'without-match') return true;
    }
    if (state.recordsMaySkip()) {
      const literal = this.literalFinder;
      if (literal !== null && state.onlyCounts()) {
        const n = literal.countRecords(bytes, this.eol, scratchFree);
        if (n !== null) {
          state.selected += n;
          return false;
        }
      }
      if (literal !== null) {
        const base = literal.simdBase(bytes);
        return this.processSkippingBlock(
          state, bytes, blockOffset, endsWithEol, (from) => literal.find(bytes, from, base), (from) => literal.indexOfByte(bytes, this.eol, from, base),
        );
      }
      const dfa = this.matcher.lineDfa;
      if (dfa !== null) return this.processSkippingBlock(state, bytes, blockOffset, endsWithEol, (from) => dfa.matchEnd(bytes, from, bytes.length));
    } else {
      // every record needs a look (-v, context): the raw-byte search still says which match
      const literal = this.literalFinder;
      if (literal !== null) {
        const base = literal.simdBase(bytes);
        return this.processClassifiedBlock(
          state, bytes, blockOffset, (from) => literal.find(bytes, from, base), (from) => literal.indexOfByte(bytes, this.eol, from, base),
        );
      }
      const dfa = this.matcher.lineDfa;
      if (dfa !== null) return this.processClassifiedBlock(state, bytes, blockOffset, (from) => dfa.matchEnd(bytes, from, bytes.length));
    }
    // decoded in pieces of whole records: a string over 128 KiB lands in V8's large-object space,
    // which made decoding 256 KiB blocks three times slower than the same bytes in 64 KiB pieces
    let from = 0;
    while (bytes.length - from > TEXT_PIECE_BYTES) {
      let cut = bufferLastIndexOf.call(bytes, this.eol, from + TEXT_PIECE_BYTES - 1);
      if (cut < from) cut = indexOfByte(bytes, this.eol, from + TEXT_PIECE_BYTES);
      if (cut < 0) break; // one record longer than a piece runs to the end: decode it whole
      if (this.processText(state, bytes.subarray(from, cut + 1), blockOffset + from, true)) return true;
      from = cut + 1;
    }
    if (from === bytes.length) return state.finished();
    return this.processText(state, from === 0 ? bytes : bytes.subarray(from), blockOffset + from, endsWithEol);
  }

  /** the records of a block matched as a string (the regex paths); true when reading may stop */
  private processText(state: FileState, bytes: Uint8Array, blockOffset: number, endsWithEol: boolean): boolean {
    const text = toLatin1(bytes);
    const block = this.matcher.blockRegex;
    let pos = 0;
    if (block !== null && !state.needsEveryRecord()) {
      // fast path: jump from match to match; the records in between are not selected
      while (pos < text.length) {
        block.lastIndex = pos;
        const m = block.exec(text);
        // an empty match at the very end belongs to the last record only if it is unterminated
        if (m === null || m.index > text.length || (m.index === text.length && endsWithEol)) {
          state.skipRecords(bytes, pos, text.length, blockOffset, endsWithEol);
          return state.finished();
        }
        // matches never contain the terminator, so the record holding m.index holds the match
        const recStart = m.index === 0 ? 0 : text.lastIndexOf(this.eolChar, m.index - 1) + 1;
        state.skipRecords(bytes, pos, recStart, blockOffset, endsWithEol);
        let recEnd = text.indexOf(this.eolChar, m.index);
        if (recEnd < 0) recEnd = text.length;
        if (state.record(bytes, recStart, recEnd, true, blockOffset)) return true;
        pos = recEnd + 1;
      }
      return state.finished();
    }
    while (pos < text.length) {
      let recEnd = text.indexOf(this.eolChar, pos);
      if (recEnd < 0) recEnd = text.length;
      if (state.record(bytes, pos, recEnd, this.matcher.test(text.slice(pos, recEnd)), blockOffset)) return true;
      pos = recEnd + 1;
    }
    return state.finished();
  }

  /**
   * The fast paths over raw bytes (no decoding): `find` returns a position inside the next
   * matching record at or after a record start (a plain string's index, or where the DFA saw a
   * match end), or -1. Printed records are copied as bytes, never decoded. Used only when the
   * records in between need no attention (no -v, no context, no line numbers: see
   * FileState.recordsMaySkip).
   */
  private processSkippingBlock(
    state: FileState, bytes: Uint8Array, blockOffset: number, endsWithEol: boolean, find: (from: number) => number,
    endOfRecord: (from: number) => number = (from) => indexOfByte(bytes, this.eol, from),
  ): boolean {
    const eol = this.eol;
    // -n: the records skipped are only counted
    const counting = state.countsLines;
    let pos = 0;
    while (pos < bytes.length) {
      const m = find(pos);
      if (m < 0) break;
      // a match never holds the terminator, so the record holding m holds the whole match
      // (the record's start only matters when it is printed)
      const recStart = m === pos || !state.printsLines ? pos : bufferLastIndexOf.call(bytes, eol, m - 1) + 1;
      if (counting && recStart > pos) state.skipRecords(bytes, pos, recStart, blockOffset, endsWithEol);
      let recEnd = endOfRecord(m);
      if (recEnd < 0) recEnd = bytes.length;
      if (state.record(bytes, recStart, recEnd, true, blockOffset)) return true;
      pos = recEnd + 1;
    }
    if (counting && pos < bytes.length) state.skipRecords(bytes, pos, bytes.length, blockOffset, endsWithEol);
    return state.finished();
  }

  /**
   * Every record of the block in turn, told matching or not by the raw-byte search (`find` as for
   * processSkippingBlock): the records before the next match do not match. For -v and context,
   * which look at every record, without decoding the block or testing a regex per record.
   */
  private processClassifiedBlock(
    state: FileState, bytes: Uint8Array, blockOffset: number, find: (from: number) => number,
    endOfRecord: (from: number) => number = (from) => indexOfByte(bytes, this.eol, from),
  ): boolean {
    const eol = this.eol;
    const n = bytes.length;
    let pos = 0;
    while (pos < n) {
      const m = find(pos);
      // the start of the record holding the match (a match never holds the terminator)
      const matchStart = m < 0 ? n : m === pos ? pos : bufferLastIndexOf.call(bytes, eol, m - 1) + 1;
      while (pos < matchStart) {
        let e = indexOfByte(bytes, eol, pos);
        if (e < 0) e = n; // an unterminated last record
        if (state.record(bytes, pos, e, false, blockOffset)) return true;
        pos = e + 1;
      }
      if (m < 0) break;
      let recEnd = endOfRecord(m);
      if (recEnd < 0) recEnd = n;
      if (state.record(bytes, matchStart, recEnd, true, blockOffset)) return true;
      pos = recEnd + 1;
    }
    return state.finished();
  }

  // --- shared with FileState ---
  get options(): GrepOptions {
    return this.opts;
  }
  get terminator(): string {
    return this.eolChar;
  }
  get eolByte(): number {
    return this.eol;
  }
  get contextOn(): boolean {
    return this.contextGiven;
  }
  get beforeCount(): number {
    return this.before;
  }
  get afterCount(): number {
    return this.after;
  }
  get colors(): Painter {
    return this.painter;
  }
  get output(): LatinOutput {
    return this.out;
  }
  get match(): Matcher {
    return this.matcher;
  }

  /** the matcher for the matches inside a printed line (-o, --color) */
  get inlineMatch(): Matcher {
    return this.inlineMatcher;
  }
}

/** a copy of the chunk with every NUL turned into the line end (the chunk may be a reused read buffer) */
function zapNuls(chunk: Uint8Array, eol: number): Uint8Array {
  let i = indexOfByte(chunk, 0);
  if (i < 0) return chunk;
  const out = Uint8Array.from(chunk);
  while (i >= 0) {
    out[i] = eol;
    i = indexOfByte(out, 0, i + 1);
  }
  return out;
}

/** what the before-context may hold, in bytes (see FileState.holdBefore) */
const RING_BYTES = 64 * 1024 * 1024;

/** a view when there is no carry (the block is decoded before the next read), else a copy */
function concat(a: Uint8Array | null, b: Uint8Array, from: number, to: number): Uint8Array {
  if (a === null || a.length === 0) return b.subarray(from, to);
  const out = new Uint8Array(a.length + (to - from));
  out.set(a, 0);
  out.set(b.subarray(from, to), a.length);
  return out;
}

/** Per-file state: counts, context ring, -m, output of one record. */
class FileState {
  selected = 0;
  lineNo = 0;
  stop = false;
  binary = false;
  binaryMatched = false;
  quitAll = false;
  private lastPrintedLine = 0; // line number of the last printed line (0 = none)
  private anyPrinted = false;
  private afterLeft = 0;
  /**
   * the before-context records, oldest first from ringHead (a queue: Array.shift is linear, and
   * -B can be huge); ringBytes is what they hold, kept under RING_BYTES
   */
  private ring: Pending[] = [];
  private ringHead = 0;
  private ringBytes = 0;
  /** the file-name prefix of selected and of context lines, once made (see prefix) */
  private selectedPrefix: string | undefined = undefined;
  private contextPrefix: string | undefined = undefined;
  private readonly printLines: boolean;
  /** line numbers are needed for -n and for context adjacency */
  private readonly countLines: boolean;
  /** records that do not match need no attention: no -v, no context, no line numbers */
  private readonly skippable: boolean;
  /** see onlyCounts */
  private readonly onlyCounting: boolean;

  constructor(
    private readonly s: Searcher,
    private readonly target: SearchTarget,
  ) {
    const o = s.options;
    this.printLines = !o.quiet && !o.count && !o.listMatching && !o.listNonMatching;
    this.countLines = this.printLines && (o.lineNumber || s.contextOn);
    // records between matches need no look: only counting with -n (not with context, whose
    // lines are printed, nor with -v, which prints the records between)
    this.skippable = !o.invert && (!this.printLines || (!s.contextOn && s.beforeCount === 0 && s.afterCount === 0));
    this.onlyCounting = this.skippable && o.count && !o.quiet && !o.listMatching && !o.listNonMatching && o.maxCount === Infinity;
  }

  get printsLines(): boolean {
    return this.printLines;
  }

  /** line numbers are kept (-n, context) */
  get countsLines(): boolean {
    return this.countLines;
  }

  /** only the number of selected records matters (-c without -m): no record needs a look */
  onlyCounts(): boolean {
    return this.onlyCounting;
  }

  /**
   * keep a record as before-context: the last -B of them, and no more than RING_BYTES in all
   * (GNU holds what -B asks; a -B of billions over an endless text stream would hold the host's
   * memory, so the oldest lines past the budget are dropped)
   */
  private holdBefore(p: Pending): void {
    this.ring.push(p);
    this.ringBytes += p.end - p.start;
    while (this.ring.length - this.ringHead > this.s.beforeCount || this.ringBytes > RING_BYTES) {
      const old = this.ring[this.ringHead]!;
      this.ring[this.ringHead++] = undefined as unknown as Pending;
      this.ringBytes -= old.end - old.start;
    }
    if (this.ringHead > 4096 && this.ringHead * 2 > this.ring.length) {
      this.ring = this.ring.slice(this.ringHead);
      this.ringHead = 0;
    }
  }

  /** the block is done: the before-context records still held get bytes of their own */
  keepRing(): void {
    for (let i = this.ringHead; i < this.ring.length; i++) {
      const p = this.ring[i]!;
      if (p.owned) continue;
      p.bytes = p.bytes.slice(p.start, p.end);
      p.start = 0;
      p.end = p.bytes.length;
      p.owned = true;
    }
  }

  /** the records between matches may be skipped without a look (see Searcher.processSkippingBlock) */
  recordsMaySkip(): boolean {
    return this.skippable;
  }

  /** no more input is needed: stopped (-m, -q, -l) and no trailing context is pending */
  finished(): boolean {
    return this.stop && (this.afterLeft === 0 || !this.printLines);
  }

  /** -v and before-context need every record; otherwise records between matches can be skipped */
  needsEveryRecord(): boolean {
    return this.s.options.invert || (this.printLines && this.s.beforeCount > 0);
  }

  /** the records starting in bytes[from, toExclusive) do not match */
  skipRecords(bytes: Uint8Array, from: number, toExclusive: number, blockOffset: number, endsWithEol: boolean): void {
    if (toExclusive <= from) return;
    const eol = this.s.eolByte;
    if (this.printLines && this.afterLeft > 0) {
      let p = from;
      while (p < toExclusive) {
        let e = indexOfByte(bytes, eol, p);
        if (e < 0) e = bytes.length;
        this.record(bytes, p, e, false, blockOffset);
        p = e + 1;
        if (this.afterLeft === 0) break;
      }
      from = p;
      if (from >= toExclusive) return;
    }
    // only line numbers advance (and only when someone reads them)
    if (!this.countLines) return;
    const ends = countByte(bytes, eol, from, toExclusive);
    this.lineNo += ends;
    // an unterminated last record: bytes after the last terminator of the range
    if (!endsWithEol && (ends === 0 ? from : bufferLastIndexOf.call(bytes, eol, toExclusive - 1) + 1) < toExclusive) this.lineNo++;
  }

  /** handle one record; returns true when this file needs no more reading */
  /** the record is bytes[start, end) (its terminator excluded), at blockOffset + start in the file */
  record(bytes: Uint8Array, start: number, end: number, matched: boolean, blockOffset: number): boolean {
    const o = this.s.options;
    this.lineNo++;
    if (this.stop) {
      // after -m: only trailing context remains
      if (this.afterLeft > 0 && this.printLines) {
        this.emitLine(bytes, start, end, this.lineNo, blockOffset + start, false);
        this.afterLeft--;
      }
      return this.afterLeft === 0;
    }
    const selected = matched !== o.invert;
    if (!selected) {
      if (!this.printLines) return false;
      if (this.afterLeft > 0) {
        this.emitLine(bytes, start, end, this.lineNo, blockOffset + start, false);
        this.afterLeft--;
      } else if (this.s.beforeCount > 0 && !this.binary) {
        // (a binary file prints no lines, so it needs no context: /dev/zero with -B stays small)
        this.holdBefore({ bytes, start, end, owned: false, lineNo: this.lineNo, offset: blockOffset + start });
      }
      return false;
    }
    if (o.maxCount <= this.selected) {
      this.stop = true;
      return true;
    }
    this.selected++;
    if (o.quiet) {
      this.quitAll = true;
      this.stop = true;
      return true;
    }
    if (o.listMatching || o.listNonMatching) {
      this.stop = true;
      return true;
    }
    if (this.printLines) {
      if (this.binary) {
        this.binaryMatched = true;
        this.stop = true;
        return true;
      }
      for (let i = this.ringHead; i < this.ring.length; i++) {
        const p = this.ring[i]!;
        this.emitLine(p.bytes, p.start, p.end, p.lineNo, p.offset, false);
      }
      this.ring.length = 0;
      this.ringHead = 0;
      this.ringBytes = 0;
      this.emitLine(bytes, start, end, this.lineNo, blockOffset + start, true);
      this.afterLeft = this.s.afterCount;
    }
    if (this.selected >= o.maxCount) {
      this.stop = true;
      return this.afterLeft === 0 || !this.printLines;
    }
    return false;
  }

  private prefix(lineNo: number, offset: number, sepChar: string): string {
    const o = this.s.options;
    // the file name alone, the usual prefix of `grep PATTERN FILES...`: made once per file
    if (!o.lineNumber && !o.byteOffset) {
      if (!this.target.showName) return '';
      if (sepChar === ':') return (this.selectedPrefix ??= this.namePrefix(sepChar));
      return (this.contextPrefix ??= this.namePrefix(sepChar));
    }
    const paint = this.s.colors;
    let p = '';
    const sep = paint.paint('separator', sepChar);
    if (this.target.showName) p += paint.paint('filename', this.target.displayName) + (o.nullAfterName ? '\0' : sep);
    if (o.lineNumber) p += paint.paint('lineNumber', String(lineNo)) + sep;
    if (o.byteOffset) p += paint.paint('byteOffset', String(offset)) + sep;
    return p;
  }

  /** print the record bytes[start, end): as it is, or decoded when -o or colors look into it */
  private namePrefix(sepChar: string): string {
    const paint = this.s.colors;
    return paint.paint('filename', this.target.displayName) + (this.s.options.nullAfterName ? '\0' : paint.paint('separator', sepChar));
  }

  private emitLine(bytes: Uint8Array, start: number, end: number, lineNo: number, offset: number, selected: boolean): void {
    const o = this.s.options;
    const out = this.s.output;
    const paint = this.s.colors;
    if (this.s.contextOn && this.anyPrinted && lineNo !== this.lastPrintedLine + 1 && o.groupSeparator !== null) {
      out.push(paint.paint('separator', o.groupSeparator) + '\n');
    }
    this.anyPrinted = true;
    this.lastPrintedLine = lineNo;
    const eol = this.s.terminator;
    const highlight = selected !== o.invert; // the line contains matches
    const pre = o.onlyMatching ? '' : this.prefix(lineNo, offset, selected ? ':' : '-');
    if (!o.onlyMatching && (paint.colors === null || !highlight)) {
      out.push(pre);
      out.pushBytes(bytes, start, end);
      out.pushByte(this.s.eolByte);
      return;
    }
    const line = toLatin1(bytes.subarray(start, end));
    if (o.onlyMatching) {
      // -o prints the matches of lines that have some: selected lines, or with -v the context lines
      if (!highlight) return;
      const sepChar = selected ? ':' : '-';
      const kind = selected ? 'match' : 'contextMatch';
      let from = 0;
      while (from <= line.length) {
        const m = this.s.inlineMatch.find(line, from);
        if (m === null) break;
        if (m.end === m.start) {
          from = m.end + 1;
          continue;
        }
        out.push(this.prefix(lineNo, offset + m.start, sepChar) + paint.paint(kind, line.slice(m.start, m.end)) + eol);
        from = m.end;
      }
      return;
    }
    const kind = selected ? 'match' : 'contextMatch';
    let body = '';
    let last = 0;
    let from = 0;
    while (from <= line.length) {
      const m = this.s.inlineMatch.find(line, from);
      if (m === null) break;
      if (m.end === m.start) {
        from = m.end + 1;
        continue;
      }
      body += line.slice(last, m.start) + paint.paint(kind, line.slice(m.start, m.end));
      last = m.end;
      from = m.end;
    }
    out.push(pre + body + line.slice(last) + eol);
  }

  finish(extra: { readError?: unknown; tooLong?: boolean }): SearchResult {
    return {
      selected: this.selected,
      quitAll: this.quitAll,
      tooLong: extra.tooLong === true,
      readError: extra.readError,
      binaryMatched: this.binaryMatched,
    };
  }
}
