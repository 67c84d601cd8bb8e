// diff's output styles (GNU diffutils 3.8 normal.c, context.c, ed.c, util.c): hunks grouped as
// GNU groups them, lines flagged and escaped as GNU prints them, `\ No newline at end of file`
// where a line ends without one, and the color sequences of --color=always.

import type { Change, Text } from './analyze.js';
import { ByteBuilder } from './bytes.js';

export type Style = 'normal' | 'context' | 'unified' | 'ed' | 'forward-ed' | 'rcs' | 'sdiff';

export interface FormatOptions {
  style: Style;
  context: number;
  initialTab: boolean;
  expandTabs: boolean;
  tabSize: number;
  suppressBlankEmpty: boolean;
  /** -B */
  ignoreBlankLines: boolean;
  whiteSpace: number;
  /** -I: a line (latin1, no newline) all of whose hunk lines match is ignorable */
  ignoreLine: ((line: string) => boolean) | null;
  /** -p/-F */
  functionLine: ((line: string) => boolean) | null;
  robust: boolean;
}

/** GNU's enum color_context */
export const Color = { reset: 0, header: 1, add: 2, del: 3, lineNumber: 4 } as const;
export type Color = (typeof Color)[keyof typeof Color];

/** where the bytes go, with the color state GNU keeps across files (set_color_context) */
export class Out {
  readonly b = new ByteBuilder();
  private last: Color = Color.reset;
  constructor(readonly colors: readonly string[] | null) {}
  color(c: Color): void {
    if (this.colors === null || this.last === c) return;
    this.b.str(`\x1b[${this.colors[c] ?? ''}m`);
    this.last = c;
  }
}

/** the lines of a hunk and which kinds of change it holds (util.c's analyze_hunk) */
interface HunkRange {
  first0: number;
  last0: number;
  first1: number;
  last1: number;
  /** 0 unchanged (ignorable), 1 old, 2 new, 3 changed */
  kind: number;
}

const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

function lineEnd(o: FormatOptions, t: Text, i: number): number {
  const e = t.starts[i + 1]!;
  return o.robust && t.missingNewline && i === t.lines - 1 ? e - 1 : e;
}

function latin1(t: Text, s: number, e: number): string {
  let r = '';
  for (let i = s; i < e; i += 4096) r += String.fromCharCode(...t.buf.subarray(i, Math.min(e, i + 4096)));
  return r;
}

function trivialLine(o: FormatOptions, t: Text, i: number): boolean {
  const s = t.starts[i]!;
  const e = t.starts[i + 1]! - 1; // the newline (appended when missing)
  if (o.ignoreBlankLines) {
    let p = s;
    if (o.whiteSpace >= 2) {
      for (; p < e; p++) {
        if (!isSpace(t.buf[p]!)) {
          if (o.whiteSpace < 4) p = s;
          break;
        }
      }
    }
    if (e - p === 0) return true;
  }
  return o.ignoreLine?.(latin1(t, s, e)) === true;
}

export function analyzeHunk(o: FormatOptions, t0: Text, t1: Text, hunk: readonly Change[]): HunkRange {
  let trivial = o.ignoreBlankLines || o.ignoreLine !== null;
  let showFrom = 0;
  let showTo = 0;
  let l0 = 0;
  let l1 = 0;
  for (const c of hunk) {
    l0 = c.line0 + c.deleted - 1;
    l1 = c.line1 + c.inserted - 1;
    showFrom += c.deleted;
    showTo += c.inserted;
    for (let i = c.line0; i <= l0 && trivial; i++) if (!trivialLine(o, t0, i)) trivial = false;
    for (let i = c.line1; i <= l1 && trivial; i++) if (!trivialLine(o, t1, i)) trivial = false;
  }
  const first = hunk[0]!;
  const kind = trivial ? 0 : (showFrom ? 1 : 0) | (showTo ? 2 : 0);
  return { first0: first.line0, last0: l0, first1: first.line1, last1: l1, kind };
}

/** does any change count (with -B/-I some may not)? */
export function anyChange(o: FormatOptions, t0: Text, t1: Text, script: readonly Change[]): boolean {
  if (!o.ignoreBlankLines && o.ignoreLine === null) return script.length > 0;
  return script.some((c) => analyzeHunk(o, t0, t1, [c]).kind !== 0);
}

/** output_1_line: the text, with -t expanding tabs (and repeating the flag after a lone CR) */
function outputLine(out: Out, o: FormatOptions, t: Text, s: number, e: number, flagText: string | null): void {
  const b = out.b;
  if (!o.expandTabs) {
    b.range(t.buf, s, e);
    return;
  }
  let column = 0;
  const buf = t.buf;
  for (let p = s; p < e; ) {
    const c = buf[p++]!;
    if (c === 0x09) {
      const spaces = o.tabSize - (column % o.tabSize);
      column += spaces;
      for (let k = 0; k < spaces; k++) b.byte(0x20);
    } else if (c === 0x0d) {
      b.byte(c);
      if (flagText !== null && p < e && buf[p] !== 0x0a) b.str(flagText);
      column = 0;
    } else if (c === 0x08) {
      if (column === 0) continue;
      column--;
      b.byte(c);
    } else {
      if (c >= 0x20 && c < 0x7f) column++;
      b.byte(c);
    }
  }
}

/**
 * print_1_line_nl: FLAG and a space (or tab), the line without its newline when skipNl, and the
 * missing-newline note
 */
function printLine(out: Out, o: FormatOptions, flag: string | null, t: Text, i: number, skipNl: boolean): void {
  const s = t.starts[i]!;
  const e = lineEnd(o, t, i);
  let flagFormat: string | null = null;
  if (flag !== null && flag !== '') {
    const sep = o.initialTab ? '\t' : ' ';
    flagFormat = flag + sep;
    let shown = flagFormat;
    if (o.suppressBlankEmpty && t.buf[s] === 0x0a) shown = flag === ' ' ? '' : flag;
    out.b.str(shown);
  }
  const endsNl = e > s && t.buf[e - 1] === 0x0a;
  outputLine(out, o, t, s, skipNl && endsNl ? e - 1 : e, flagFormat);
  if ((flag === null || flag !== '') && !endsNl) {
    out.color(Color.reset);
    out.b.str('\n\\ No newline at end of file\n');
  }
}

function lineEndsNl(o: FormatOptions, t: Text, i: number): boolean {
  const e = lineEnd(o, t, i);
  return t.buf[e - 1] === 0x0a;
}

/** print_number_range: "a,b" or "b" in whole-file numbers (1-based) */
function numberRange(sep: string, a: number, b: number): string {
  const ta = a + 1;
  const tb = b + 1;
  return tb > ta ? `${ta}${sep}${tb}` : `${tb}`;
}

const LETTER = ['', 'd', 'a', 'c'];

export interface Printer {
  /** begin_output: the `diff …` line of a recursive run and the context header, once */
  begin(): void;
}

function normalHunk(out: Out, o: FormatOptions, t0: Text, t1: Text, hunk: Change[], p: Printer): void {
  const r = analyzeHunk(o, t0, t1, hunk);
  if (!r.kind) return;
  p.begin();
  out.color(Color.lineNumber);
  out.b.str(numberRange(',', r.first0, r.last0) + LETTER[r.kind]! + numberRange(',', r.first1, r.last1));
  out.color(Color.reset);
  out.b.byte(0x0a);
  if (r.kind & 1) {
    for (let i = r.first0; i <= r.last0; i++) {
      out.color(Color.del);
      printLine(out, o, '<', t0, i, true);
      out.color(Color.reset);
      if (lineEndsNl(o, t0, i)) out.b.byte(0x0a);
    }
  }
  if (r.kind === 3) out.b.str('---\n');
  if (r.kind & 2) {
    for (let i = r.first1; i <= r.last1; i++) {
      out.color(Color.add);
      printLine(out, o, '>', t1, i, true);
      out.color(Color.reset);
      if (lineEndsNl(o, t1, i)) out.b.byte(0x0a);
    }
  }
}

/** find_hunk: changes closer than 2*context+1 unchanged lines (context if the next is ignorable) */
function contextHunks(o: FormatOptions, script: Change[]): Change[][] {
  const hunks: Change[][] = [];
  let k = 0;
  while (k < script.length) {
    const start = k;
    for (;;) {
      const c = script[k]!;
      const top0 = c.line0 + c.deleted;
      k++;
      const n = script[k];
      if (n === undefined) break;
      const thresh = n.ignore ? o.context : 2 * o.context + 1;
      if (!(n.line0 - top0 < thresh)) break;
    }
    hunks.push(script.slice(start, k));
  }
  return hunks;
}

/** the state find_function keeps between hunks of one file pair */
interface FunctionSearch {
  lastSearch: number;
  lastMatch: number;
}

function findFunction(o: FormatOptions, t0: Text, linenum: number, fs: FunctionSearch): number {
  const match = o.functionLine!;
  let i = linenum;
  const last = fs.lastSearch;
  fs.lastSearch = i;
  while (last <= --i) {
    if (match(latin1(t0, t0.starts[i]!, t0.starts[i + 1]! - 1))) {
      fs.lastMatch = i;
      return i;
    }
  }
  return fs.lastMatch;
}

function functionText(t0: Text, line: number): string {
  const s = t0.starts[line]!;
  const e = t0.starts[line + 1]! - 1;
  let i = s;
  while (i < e && isSpace(t0.buf[i]!)) i++;
  let j = i;
  while (j < i + 40 && j < e) j++;
  while (i < j && isSpace(t0.buf[j - 1]!)) j--;
  return ' ' + latin1(t0, i, j);
}

function widen(o: FormatOptions, t0: Text, t1: Text, r: HunkRange): void {
  r.first0 = Math.max(r.first0 - o.context, 0);
  r.first1 = Math.max(r.first1 - o.context, 0);
  r.last0 = r.last0 < t0.lines - o.context ? r.last0 + o.context : t0.lines - 1;
  r.last1 = r.last1 < t1.lines - o.context ? r.last1 + o.context : t1.lines - 1;
}

function contextRange(a: number, b: number): string {
  const ta = a + 1;
  const tb = b + 1;
  return tb <= ta ? `${tb}` : `${ta},${tb}`;
}

function unifiedRange(a: number, b: number): string {
  const ta = a + 1;
  const tb = b + 1;
  if (tb <= ta) return tb < ta ? `${tb},0` : `${tb}`;
  return `${ta},${tb - ta + 1}`;
}

function contextHunk(out: Out, o: FormatOptions, t0: Text, t1: Text, hunk: Change[], p: Printer, fs: FunctionSearch): void {
  const r = analyzeHunk(o, t0, t1, hunk);
  if (!r.kind) return;
  widen(o, t0, t1, r);
  const fn = o.functionLine === null ? -1 : findFunction(o, t0, r.first0, fs);
  p.begin();
  const b = out.b;
  b.str('***************');
  if (fn >= 0) b.str(functionText(t0, fn));
  b.byte(0x0a);
  out.color(Color.lineNumber);
  b.str(`*** ${contextRange(r.first0, r.last0)} ****`);
  out.color(Color.reset);
  b.byte(0x0a);
  if (r.kind & 1) {
    let k = 0;
    for (let i = r.first0; i <= r.last0; i++) {
      out.color(Color.del);
      while (k < hunk.length && hunk[k]!.line0 + hunk[k]!.deleted <= i) k++;
      const n = hunk[k];
      const flag = n !== undefined && n.line0 <= i ? (n.inserted > 0 ? '!' : '-') : ' ';
      printLine(out, o, flag, t0, i, true);
      out.color(Color.reset);
      if (lineEndsNl(o, t0, i)) b.byte(0x0a);
    }
  }
  out.color(Color.lineNumber);
  b.str(`--- ${contextRange(r.first1, r.last1)} ----`);
  out.color(Color.reset);
  b.byte(0x0a);
  if (r.kind & 2) {
    let k = 0;
    for (let i = r.first1; i <= r.last1; i++) {
      out.color(Color.add);
      while (k < hunk.length && hunk[k]!.line1 + hunk[k]!.inserted <= i) k++;
      const n = hunk[k];
      const flag = n !== undefined && n.line1 <= i ? (n.deleted > 0 ? '!' : '+') : ' ';
      printLine(out, o, flag, t1, i, true);
      out.color(Color.reset);
      if (lineEndsNl(o, t1, i)) b.byte(0x0a);
    }
  }
}

function unifiedHunk(out: Out, o: FormatOptions, t0: Text, t1: Text, hunk: Change[], p: Printer, fs: FunctionSearch): void {
  const r = analyzeHunk(o, t0, t1, hunk);
  if (!r.kind) return;
  widen(o, t0, t1, r);
  const fn = o.functionLine === null ? -1 : findFunction(o, t0, r.first0, fs);
  p.begin();
  const b = out.b;
  out.color(Color.lineNumber);
  b.str(`@@ -${unifiedRange(r.first0, r.last0)} +${unifiedRange(r.first1, r.last1)} @@`);
  out.color(Color.reset);
  if (fn >= 0) b.str(functionText(t0, fn));
  b.byte(0x0a);
  let k = 0;
  let i = r.first0;
  let j = r.first1;
  const blankEmpty = (t: Text, n: number): boolean => o.suppressBlankEmpty && t.buf[t.starts[n]!] === 0x0a && t.starts[n]! < t.len;
  while (i <= r.last0 || j <= r.last1) {
    const n = hunk[k];
    if (n === undefined || i < n.line0) {
      if (!blankEmpty(t0, i)) b.byte(o.initialTab ? 0x09 : 0x20);
      printLine(out, o, null, t0, i++, false);
      j++;
    } else {
      for (let d = 0; d < n.deleted; d++, i++) {
        out.color(Color.del);
        b.byte(0x2d);
        if (o.initialTab && !blankEmpty(t0, i)) b.byte(0x09);
        printLine(out, o, null, t0, i, true);
        out.color(Color.reset);
        if (lineEndsNl(o, t0, i)) b.byte(0x0a);
      }
      for (let a = 0; a < n.inserted; a++, j++) {
        out.color(Color.add);
        b.byte(0x2b);
        if (o.initialTab && !blankEmpty(t1, j)) b.byte(0x09);
        printLine(out, o, null, t1, j, true);
        out.color(Color.reset);
        if (lineEndsNl(o, t1, j)) b.byte(0x0a);
      }
      k++;
    }
  }
}

function edHunk(out: Out, o: FormatOptions, t0: Text, t1: Text, c: Change, p: Printer): void {
  const r = analyzeHunk(o, t0, t1, [c]);
  if (!r.kind) return;
  p.begin();
  const b = out.b;
  b.str(numberRange(',', r.first0, r.last0) + LETTER[r.kind]! + '\n');
  if (r.kind === 1) return;
  let insertMode = true;
  for (let i = r.first1; i <= r.last1; i++) {
    if (!insertMode) {
      b.str('a\n');
      insertMode = true;
    }
    const s = t1.starts[i]!;
    if (t1.buf[s] === 0x2e && t1.buf[s + 1] === 0x0a) {
      b.str('..\n.\ns/.//\n');
      insertMode = false;
    } else printLine(out, o, '', t1, i, false);
  }
  if (insertMode) b.str('.\n');
}

function forwardEdHunk(out: Out, o: FormatOptions, t0: Text, t1: Text, c: Change, p: Printer): void {
  const r = analyzeHunk(o, t0, t1, [c]);
  if (!r.kind) return;
  p.begin();
  out.b.str(LETTER[r.kind]! + numberRange(' ', r.first0, r.last0) + '\n');
  if (r.kind === 1) return;
  for (let i = r.first1; i <= r.last1; i++) printLine(out, o, '', t1, i, false);
  out.b.str('.\n');
}

function rcsHunk(out: Out, o: FormatOptions, t0: Text, t1: Text, c: Change, p: Printer): void {
  const r = analyzeHunk(o, t0, t1, [c]);
  if (!r.kind) return;
  p.begin();
  const tf0 = r.first0 + 1;
  const tl0 = r.last0 + 1;
  if (r.kind & 1) out.b.str(`d${tf0} ${tf0 <= tl0 ? tl0 - tf0 + 1 : 1}\n`);
  if (r.kind & 2) {
    const tf1 = r.first1 + 1;
    const tl1 = r.last1 + 1;
    out.b.str(`a${tl0} ${tf1 <= tl1 ? tl1 - tf1 + 1 : 1}\n`);
    for (let i = r.first1; i <= r.last1; i++) printLine(out, o, '', t1, i, false);
  }
}

/** print the script in the chosen style (not sdiff: side.ts) */
export function printScript(out: Out, o: FormatOptions, t0: Text, t1: Text, script: Change[], p: Printer, checkAbort: () => void): void {
  const fs: FunctionSearch = { lastSearch: 0, lastMatch: -1 };
  let n = 0;
  const tick = (): void => {
    if ((++n & 0x3ff) === 0) checkAbort();
  };
  switch (o.style) {
    case 'normal':
      for (const c of script) {
        normalHunk(out, o, t0, t1, [c], p);
        tick();
      }
      return;
    case 'context':
    case 'unified': {
      if (o.ignoreBlankLines || o.ignoreLine !== null) for (const c of script) c.ignore = analyzeHunk(o, t0, t1, [c]).kind === 0;
      for (const h of contextHunks(o, script)) {
        if (o.style === 'unified') unifiedHunk(out, o, t0, t1, h, p, fs);
        else contextHunk(out, o, t0, t1, h, p, fs);
        tick();
      }
      return;
    }
    case 'ed':
      for (let k = script.length - 1; k >= 0; k--) {
        edHunk(out, o, t0, t1, script[k]!, p);
        tick();
      }
      return;
    case 'forward-ed':
      for (const c of script) {
        forwardEdHunk(out, o, t0, t1, c, p);
        tick();
      }
      return;
    case 'rcs':
      for (const c of script) {
        rcsHunk(out, o, t0, t1, c, p);
        tick();
      }
      return;
    case 'sdiff':
      return;
  }
}
