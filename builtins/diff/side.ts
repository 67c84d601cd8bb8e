// -y/--side-by-side (GNU diffutils 3.8 src/side.c, C locale): two columns cut to the half width
// with tabs kept in line, `|` `<` `>` (and `(` `)` for --left-column) in the gutter, `\` `/`
// where only one side has a newline.

import type { Change, Text } from './analyze.js';
import { analyzeHunk, Color, type FormatOptions, type Out } from './format.js';

export interface SideOptions extends FormatOptions {
  width: number;
  leftColumn: boolean;
  suppressCommon: boolean;
  mergeAssist: boolean;
}

const GUTTER_WIDTH_MINIMUM = 3;

/** main()'s split of the width into a half width and the second column's offset */
export function sideGeometry(width: number, tabSize: number, expandTabs: boolean): { half: number; col2: number } {
  const t = expandTabs ? 1 : tabSize;
  const w = width;
  const tg = t + GUTTER_WIDTH_MINIMUM;
  const unaligned = (w >> 1) + (tg >> 1) + (w & tg & 1);
  const off = unaligned - (unaligned % t);
  const half = off <= GUTTER_WIDTH_MINIMUM || w <= off ? 0 : Math.min(off - GUTTER_WIDTH_MINIMUM, w - off);
  return { half, col2: half ? off : w };
}

const isPrintableAscii = (c: number): boolean => c >= 0x20 && c < 0x7f;

class SidePrinter {
  private next0 = 0;
  private next1 = 0;
  private readonly half: number;
  private readonly col2: number;

  constructor(
    private readonly out: Out,
    private readonly o: SideOptions,
    private readonly t0: Text,
    private readonly t1: Text,
  ) {
    const g = sideGeometry(o.width, o.tabSize, o.expandTabs);
    this.half = g.half;
    this.col2 = g.col2;
  }

  private end(t: Text, i: number): number {
    const e = t.starts[i + 1]!;
    return t.missingNewline && i === t.lines - 1 ? e - 1 : e;
  }

  private tabFromTo(from: number, to: number): number {
    const b = this.out.b;
    const ts = this.o.tabSize;
    if (!this.o.expandTabs) {
      for (let tab = from + ts - (from % ts); tab <= to; tab += ts) {
        b.byte(0x09);
        from = tab;
      }
    }
    while (from++ < to) b.byte(0x20);
    return to;
  }

  /** print_half_line: the text cut at outBound columns; the last column written */
  private halfLine(t: Text, i: number, indent: number, outBound: number): number {
    const b = this.out.b;
    const buf = t.buf;
    const ts = this.o.tabSize;
    let inPos = 0;
    let outPos = 0;
    const lim = this.end(t, i);
    for (let p = t.starts[i]!; p < lim; p++) {
      const c = buf[p]!;
      if (c === 0x0a) return outPos;
      if (isPrintableAscii(c)) {
        if (inPos++ < outBound) {
          outPos = inPos;
          b.byte(c);
        }
      } else if (c === 0x09) {
        const spaces = ts - (inPos % ts);
        if (inPos === outPos) {
          let tabstop = outPos + spaces;
          if (this.o.expandTabs) {
            if (outBound < tabstop) tabstop = outBound;
            for (; outPos < tabstop; outPos++) b.byte(0x20);
          } else if (tabstop < outBound) {
            outPos = tabstop;
            b.byte(c);
          }
        }
        inPos += spaces;
      } else if (c === 0x0d) {
        b.byte(c);
        this.tabFromTo(0, indent);
        inPos = outPos = 0;
      } else if (c === 0x08) {
        if (inPos !== 0 && --inPos < outBound) {
          if (outPos <= inPos) for (; outPos < inPos; outPos++) b.byte(0x20);
          else {
            outPos = inPos;
            b.byte(c);
          }
        }
      } else if (c === 0x0c || c === 0x0b || c === 0 || c >= 0x80) {
        // \f \v; NUL and bytes the C locale cannot decode: no column
        if (inPos < outBound) b.byte(c);
      } else {
        // other control bytes: wcwidth -1, no column
        if (inPos <= outBound) {
          outPos = inPos;
          b.byte(c);
        }
      }
    }
    return outPos;
  }

  private endsNl(t: Text, i: number): boolean {
    return t.buf[this.end(t, i) - 1] === 0x0a;
  }

  /** print_1sdiff_line */
  private line(left: number | null, sep: string, right: number | null): void {
    const out = this.out;
    const hw = this.half;
    const c2o = this.col2;
    let col = 0;
    let putNewline = false;
    let reset = false;
    if (sep === '<') {
      out.color(Color.del);
      reset = true;
    } else if (sep === '>') {
      out.color(Color.add);
      reset = true;
    }
    if (left !== null) {
      putNewline ||= this.endsNl(this.t0, left);
      col = this.halfLine(this.t0, left, 0, hw);
    }
    if (sep !== ' ') {
      col = this.tabFromTo(col, Math.floor((hw + c2o - 1) / 2)) + 1;
      if (sep === '|' && right !== null && putNewline !== this.endsNl(this.t1, right)) sep = putNewline ? '/' : '\\';
      out.b.str(sep);
    }
    if (right !== null) {
      putNewline ||= this.endsNl(this.t1, right);
      if (this.t1.buf[this.t1.starts[right]!] !== 0x0a || this.t1.starts[right]! >= this.t1.len) {
        col = this.tabFromTo(col, c2o);
        this.halfLine(this.t1, right, col, hw);
      }
    }
    if (putNewline) out.b.byte(0x0a);
    if (reset) out.color(Color.reset);
  }

  common(limit0: number, limit1: number): void {
    let i0 = this.next0;
    let i1 = this.next1;
    if (!this.o.suppressCommon && (i0 !== limit0 || i1 !== limit1)) {
      if (this.o.mergeAssist) this.out.b.str(`i${limit0 - i0},${limit1 - i1}\n`);
      if (!this.o.leftColumn) {
        while (i0 !== limit0 && i1 !== limit1) this.line(i0++, ' ', i1++);
        while (i1 !== limit1) this.line(null, ')', i1++);
      }
      while (i0 !== limit0) this.line(i0++, '(', null);
    }
    this.next0 = limit0;
    this.next1 = limit1;
  }

  hunk(c: Change): void {
    const r = analyzeHunk(this.o, this.t0, this.t1, [c]);
    let kind = r.kind;
    if (!kind) return;
    let { first0, first1 } = r;
    const { last0, last1 } = r;
    this.common(first0, first1);
    if (this.o.mergeAssist) this.out.b.str(`c${last0 - first0 + 1},${last1 - first1 + 1}\n`);
    if (kind === 3) {
      let i = first0;
      let j = first1;
      for (; i <= last0 && j <= last1; i++, j++) this.line(i, '|', j);
      kind = (i <= last0 ? 1 : 0) + (j <= last1 ? 2 : 0);
      this.next0 = first0 = i;
      this.next1 = first1 = j;
    }
    if (kind & 2) {
      let j = first1;
      for (; j <= last1; ++j) this.line(null, '>', j);
      this.next1 = j;
    }
    if (kind & 1) {
      let i = first0;
      for (; i <= last0; ++i) this.line(i, '<', null);
      this.next0 = i;
    }
  }
}

export function printSideBySide(out: Out, o: SideOptions, t0: Text, t1: Text, script: Change[], checkAbort: () => void): void {
  const p = new SidePrinter(out, o, t0, t1);
  let n = 0;
  for (const c of script) {
    p.hunk(c);
    if ((++n & 0x3ff) === 0) checkAbort();
  }
  p.common(t0.lines, t1.lines);
}
