// One file's search and what ripgrep 13's printers write for it when stdout is not a terminal:
// `path:line` records (no heading, no line numbers unless -n), context lines with `-` and `--`
// between groups (across files too), -o, -r, --vimgrep, --column, -b, --trim, -M, -c,
// --count-matches, -l, --files-without-match, -q, and --json's begin/match/context/end messages.
// Text is a latin1-style byte string (one char per byte), so offsets are byte offsets as rg's.

import type { RgMatcher, Match } from './matcher.js';
import type { RgOptions } from './options.js';
import { JsonStats } from './json.js';

export interface Sink {
  push(s: string): void | Promise<void>;
}

export interface FileResult {
  /** the file counts as matched for the exit status */
  matched: boolean;
  /** stop everything (-q found a match) */
  stop: boolean;
}

export type BinaryMode = 'skip' | 'convert' | 'text';

const TRIM = /^[ \t\n\v\f\r]+/;

/** rg's --replace: `$1`, `${1}`, `$name`, `${name}`, `$$` (Rust's Captures::expand) */
export function expandReplacement(template: string, m: Match, names: Map<string, number>): string {
  return template.replace(/\$(\$|\{([^}]*)\}|([0-9A-Za-z_]+))/g, (whole, body: string, braced: string | undefined, bare: string | undefined) => {
    if (body === '$') return '$';
    const ref = braced ?? bare;
    if (ref === undefined) return whole;
    if (braced !== undefined && !/^[0-9A-Za-z_]+$/.test(braced)) return whole;
    const k = /^[0-9]+$/.test(ref) ? Number(ref) : names.get(ref);
    return k === undefined ? '' : (m.groups[k] ?? '');
  });
}

export class Searcher {
  /** something was printed with context on: the next group starts with the separator */
  private printedGroup = false;
  readonly stats = new JsonStats();

  constructor(
    private readonly opts: RgOptions,
    private readonly matcher: RgMatcher,
    private readonly sink: Sink,
    private readonly withFilename: boolean,
    private readonly checkAbort: () => void,
  ) {}

  private get contextOn(): boolean {
    return this.opts.before > 0 || this.opts.after > 0;
  }

  /** the record prefix: path, line number, column, byte offset, each with its separator */
  private prefix(path: string, lineNo: number, col: number | null, offset: number, isMatch: boolean): string {
    const o = this.opts;
    const sep = isMatch ? o.fieldMatchSeparator : o.fieldContextSeparator;
    let s = '';
    if (this.withFilename && !o.heading) s += path + (o.nullAfterPath ? '\0' : sep);
    const lineNumbers = o.lineNumber ?? o.column;
    if (lineNumbers) s += String(lineNo) + sep;
    // the column of the line's first match, context lines too; none in a line without a match
    if (o.column && col !== null) s += String(col) + sep;
    if (o.byteOffset) s += String(offset) + sep;
    return s;
  }

  private body(text: string, isMatch: boolean): string {
    const o = this.opts;
    if (o.trim) text = text.replace(TRIM, '');
    if (o.maxColumns !== null && text.length + 1 > o.maxColumns) return isMatch ? '[Omitted long matching line]' : '[Omitted long context line]';
    return text;
  }

  async search(text: string, path: string, binary: BinaryMode): Promise<FileResult> {
    const o = this.opts;
    let binaryOffset: number | null = null;
    if (binary !== 'text') {
      const nul = text.indexOf('\0');
      if (nul >= 0) {
        if (binary === 'skip') return { matched: false, stop: false };
        binaryOffset = nul;
        text = text.replaceAll('\0', '\n');
      }
    }
    const eol = o.nullData ? '\0' : '\n';
    const lines = text.split(eol);
    const terminated = lines[lines.length - 1] === '';
    if (terminated) lines.pop();
    const lineMode = !o.quiet && !o.filesWithMatches && !o.filesWithoutMatch && !o.count && !o.countMatches && !o.json;
    // a binary file's lines are not printed: the search ends at its first match with rg's notice
    const quitAtFirst = o.quiet || o.filesWithMatches || o.filesWithoutMatch || (binaryOffset !== null && lineMode);
    const needMatches = o.json || o.countMatches || (lineMode && (o.onlyMatching || o.replace !== null || o.vimgrep || o.column));
    const max = o.maxCount ?? Infinity;
    const json = o.json ? this.stats.file(path) : null;
    if (json !== null) json.searched(Buffer.byteLength(text, 'latin1'));
    let selected = 0;
    let matchCount = 0;
    let lastPrinted = -1;
    let afterLeft = 0;
    let offset = 0;
    const out: string[] = [];
    const emitGroupStart = (k: number): void => {
      if (!this.contextOn || o.passthru) return;
      if (this.printedGroup && (lastPrinted < 0 || k > lastPrinted + 1) && o.contextSeparator !== null) out.push(o.contextSeparator + '\n');
      this.printedGroup = true;
    };
    if (lineMode && o.heading && this.withFilename) {
      // the heading goes before the file's first printed line (added below when something printed)
    }
    const offsets: number[] = [];
    for (let k = 0, at = 0; k < lines.length; k++) {
      offsets.push(at);
      at += lines[k]!.length + 1; // k < length
    }
    const printContext = (k: number): void => {
      const line = lines[k]!; // k < length
      if (json !== null) {
        json.message('context', line, k + 1, offsets[k]!, []);
        lastPrinted = k;
        return;
      }
      // context lines show their column and their replacements too (they may match under -v)
      const found = o.column || o.replace !== null ? this.matcher.matches(line) : [];
      const first = found[0];
      const text = o.replace === null ? line : this.replaceAll(line, found);
      out.push(this.prefix(path, k + 1, first === undefined ? null : first.start + 1, offsets[k]!, false) + this.body(text, false) + '\n'); // k < length
      lastPrinted = k;
    };
    for (let k = 0; k < lines.length; k++) {
      if ((k & 1023) === 1023) this.checkAbort();
      const line = lines[k]!; // k < length
      offset = offsets[k]!;
      if (selected >= max) {
        // after the last match rg still prints its after-context
        if (afterLeft > 0 && (lineMode || json !== null)) {
          // a selected line there is still printed as a match (`:`), without being counted
          const selectedHere = this.matcher.test(line) !== o.invert;
          if (selectedHere && json === null) {
            this.printMatch(out, path, line, k + 1, offset, needMatches ? this.matcher.matches(line) : null);
            lastPrinted = k;
          } else printContext(k);
          afterLeft--;
          continue;
        }
        break;
      }
      let found: Match[] | null = null;
      let hit: boolean;
      if (needMatches) {
        found = this.matcher.matches(line);
        hit = found.length > 0;
        // grep-printer keeps the matches that start before the end of the line's bytes, its
        // terminator included: an empty match at the very end of a last line without one goes
        const last = found[found.length - 1];
        if (last !== undefined && last.start === last.end && last.start >= line.length && k === lines.length - 1 && !terminated) found.pop();
      } else hit = this.matcher.test(line);
      const isMatch = hit !== o.invert;
      if (!isMatch) {
        if ((lineMode || json !== null) && (afterLeft > 0 || o.passthru)) {
          if (afterLeft > 0) afterLeft--;
          if (lastPrinted < 0 || k > lastPrinted) {
            if (lastPrinted < 0 && !o.passthru) emitGroupStart(k);
            printContext(k);
          }
        }
        continue;
      }
      selected++;
      // inverted lines hold no match: counted as lines by --count-matches, as matches (none) by -c -o
      matchCount += o.invert ? (o.countFromOnlyMatching ? 0 : 1) : (found?.length ?? 1);
      if (quitAtFirst) break;
      if (!lineMode && json === null) continue;
      // before-context
      const from = Math.max(lastPrinted + 1, k - o.before);
      emitGroupStart(from);
      for (let b = from; b < k; b++) printContext(b);
      afterLeft = o.after;
      lastPrinted = k;
      if (json !== null) {
        json.message('match', line, k + 1, offset, o.invert ? [] : found ?? []);
        continue;
      }
      this.printMatch(out, path, line, k + 1, offset, found);
      if (out.length > 512) {
        const w = this.sink.push(out.join(''));
        out.length = 0;
        if (w) await w;
      }
    }
    const matched = selected > 0;
    if (lineMode && out.length > 0 && o.heading && this.withFilename) {
      out.unshift(path + '\n');
      if (this.printedGroup && !this.contextOn) out.unshift('\n');
      this.printedGroup = true;
    }
    if (binaryOffset !== null && lineMode && matched) {
      // the notice counts as printed output: the next file's group starts with a separator
      if (this.contextOn) this.printedGroup = true;
      out.push(`${this.withFilename ? path + ': ' : ''}binary file matches (found "\\0" byte around offset ${binaryOffset})\n`);
    }
    if (o.count || o.countMatches) {
      const n = o.count ? selected : matchCount;
      if (matched || o.includeZero) out.push(this.withFilename ? `${path}${o.nullAfterPath ? '\0' : ':'}${n}\n` : `${n}\n`);
    } else if (o.filesWithMatches && matched) out.push(path + (o.nullAfterPath ? '\0' : '\n'));
    else if (o.filesWithoutMatch && !matched) out.push(path + (o.nullAfterPath ? '\0' : '\n'));
    if (json !== null) {
      json.done(selected, o.invert ? selected : matchCount, binaryOffset);
      out.push(json.take());
    }
    if (out.length > 0) {
      const w = this.sink.push(out.join(''));
      if (w) await w;
    }
    if (o.filesWithoutMatch) return { matched: !matched, stop: false };
    return { matched, stop: o.quiet && matched };
  }

  /** the line with every match replaced (--replace) */
  private replaceAll(line: string, found: readonly Match[]): string {
    const template = this.opts.replace;
    if (template === null) return line;
    let s = '';
    let at = 0;
    for (const m of found) {
      s += line.slice(at, m.start) + expandReplacement(template, m, this.matcher.names);
      at = m.end;
    }
    return s + line.slice(at);
  }

  private printMatch(out: string[], path: string, line: string, lineNo: number, offset: number, found: Match[] | null): void {
    const o = this.opts;
    const names = this.matcher.names;
    if (o.invert || found === null) {
      out.push(this.prefix(path, lineNo, null, offset, true) + this.body(line, true) + '\n');
      return;
    }
    const replaced = (): string => this.replaceAll(line, found);
    if (o.onlyMatching) {
      for (const m of found) {
        const text = o.replace === null ? line.slice(m.start, m.end) : expandReplacement(o.replace, m, names);
        out.push(this.prefix(path, lineNo, m.start + 1, offset + m.start, true) + this.body(text, true) + '\n');
      }
      return;
    }
    if (o.vimgrep && found.length > 0) {
      const text = this.body(replaced(), true);
      for (const m of found) out.push(this.prefix(path, lineNo, m.start + 1, offset, true) + text + '\n');
      return;
    }
    const col = found.length > 0 ? found[0]!.start + 1 : null; // length checked
    out.push(this.prefix(path, lineNo, col, offset, true) + this.body(replaced(), true) + '\n');
  }
}

