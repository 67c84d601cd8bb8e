// One input's search state for grep (see search.ts): counts, line numbers, the before-context
// ring, -m, and the printing of records with their prefixes, context and group separators.

import { toLatin1 } from '../../lib/regex/index.js';
import { countByte, indexOfByte } from '../internal/bytes.js';
import type { SearchResult, SearchTarget, Searcher } from './search.js';
import { Buffer } from 'node:buffer';

const bufferLastIndexOf = Buffer.prototype.lastIndexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

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

/** what the before-context may hold, in bytes (see FileState.holdBefore) */
const RING_BYTES = 64 * 1024 * 1024;

/** Per-file state: counts, context ring, -m, output of one record. */
export class FileState {
  selected = 0;
  lineNo = 0;
  stop = false;
  binary = false;
  binaryMatched = false;
  quitAll = false;
  /** line number of the last printed line (-1 = none yet in this file: never adjacent) */
  private lastPrintedLine = -1;
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
      const old = this.ring[this.ringHead]!; // ringBytes counts the held records: one is, past a limit
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
        // GNU's prtext sets `used` for a suppressed (binary) match too: the next file's first
        // context group gets the separator
        this.s.printedAny = true;
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
    // GNU's `used`: a group after any earlier output, this file's or a previous file's, is set apart
    if (this.s.contextOn && this.s.printedAny && lineNo !== this.lastPrintedLine + 1 && o.groupSeparator !== null) {
      out.push(paint.paint('separator', o.groupSeparator) + '\n');
    }
    this.s.printedAny = true;
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
      this.forEachMatch(line, (start, end) => out.push(this.prefix(lineNo, offset + start, sepChar) + paint.paint(kind, line.slice(start, end)) + eol));
      return;
    }
    const kind = selected ? 'match' : 'contextMatch';
    let body = '';
    let last = 0;
    this.forEachMatch(line, (start, end) => {
      body += line.slice(last, start) + paint.paint(kind, line.slice(start, end));
      last = end;
    });
    out.push(pre + body + line.slice(last) + eol);
  }

  /** each non-empty match of a line, left to right (GNU skips an empty one and looks further) */
  private forEachMatch(line: string, f: (start: number, end: number) => void): void {
    let from = 0;
    while (from <= line.length) {
      const m = this.s.inlineMatch.find(line, from);
      if (m === null) break;
      if (m.end === m.start) {
        from = m.end + 1;
        continue;
      }
      f(m.start, m.end);
      from = m.end;
    }
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
