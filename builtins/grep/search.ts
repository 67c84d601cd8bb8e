// Searching one input: records are read in blocks of whole records (no whole-file load), decoded
// latin1-style once per block, matched per record — or, when the pattern allows it, by one
// regex scan over the whole block that jumps from match to match (the fast path for plain
// `grep PATTERN` and `grep -c`). Output, context, -m, -o, --color and binary handling follow
// GNU grep 3.8.

import type { ByteReader } from '../../lib/io/streams.js';
import type { Matcher } from '../../lib/regex/index.js';
import { toLatin1 } from '../../lib/regex/index.js';
import type { GrepOptions } from './options.js';
import type { LatinOutput, Painter } from './output.js';
import { ByteAccumulator } from '../internal/lines.js';
import { indexOfByte } from '../internal/bytes.js';
import { ChunkReader } from '../internal/inputs.js';
import { LiteralFinder } from './literal.js';
import { FileState } from './file-state.js';
import { acquireSimdScanner } from '../internal/simd-count.js';
import { Buffer } from 'node:buffer';

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


export class Searcher {
  private readonly eolChar: string;
  private readonly eol: number;
  private readonly painter: Painter;
  private readonly contextGiven: boolean;
  private readonly before: number;
  private readonly after: number;
  /** a line has been printed (from any file): later groups get the separator before them */
  printedAny = false;
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
    // a piece past the usual size holds a record longer than a piece: record by record, so a long
    // record goes to the matcher's linear-time engine (a backtracking scan of it can be quadratic)
    const block = text.length > TEXT_PIECE_BYTES ? null : this.matcher.blockRegex;
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
