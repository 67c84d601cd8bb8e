// The comparison core of GNU diff 3.8 (src/analyze.c, src/io.c and gnulib's diffseq.h),
// reimplemented so that hunks come out exactly as GNU's do: the identical prefix and suffix are
// cut off by bytes (keeping `horizon` lines of each), the rest is split into lines and each line
// gets an equivalence class (under -i/-b/-w/-E/-Z), lines with no match in the other file are
// discarded (discard_confusing_lines), Myers' O(ND) search runs with GNU's too_expensive
// cut-off (and, with -H, its big-snake heuristic), and shift_boundaries slides each run of
// changes to GNU's preferred place. Any other LCS would give valid but different hunks.

import { Buffer } from 'node:buffer';
import { classifyExact, classifyKeyed, WS } from './classes.js';

export { WS } from './classes.js';

export interface CompareOptions {
  ignoreCase: boolean;
  whiteSpace: number;
  tabSize: number;
  /** -d: no discarding, no cut-off */
  minimal: boolean;
  /** -H */
  speedLargeFiles: boolean;
  /** lines of the identical prefix/suffix kept for shift_boundaries (max(context, --horizon-lines)) */
  horizon: number;
  /** every output style but ed/forward-ed: an incomplete last line equals only another one */
  robust: boolean;
  /** called every few thousand units of work (deadline, cancellation) */
  checkAbort: () => void;
}

/** one file's text as GNU holds it after prepare_text */
export interface Text {
  buf: Uint8Array;
  /** bytes used (a missing final newline is appended and counted) */
  len: number;
  missingNewline: boolean;
  /** start of each line, then `len` */
  starts: Int32Array;
  lines: number;
}

/** one change: `deleted` lines of file 0 from line0, `inserted` of file 1 from line1 (0-based) */
export interface Change {
  line0: number;
  line1: number;
  deleted: number;
  inserted: number;
  /** set by the output when -B/-I say all its lines are ignorable */
  ignore: boolean;
}

/** prepare_text: strip CR before LF (--strip-trailing-cr), add the missing newline, index lines */
export function prepareText(raw: Uint8Array, stripCr: boolean): Text {
  let len = raw.length;
  // the common case (no CR stripping, a final newline) indexes the bytes read, without a copy
  if (!stripCr && (len === 0 || raw[len - 1] === 0x0a)) return indexLines(raw, len, false);
  let buf = new Uint8Array(len + 1);
  if (stripCr) {
    let o = 0;
    for (let i = 0; i < len; i++) {
      const c = raw[i]!;
      if (c === 0x0d && i + 1 < len && raw[i + 1] === 0x0a) continue;
      buf[o++] = c;
    }
    len = o;
  } else {
    buf.set(raw);
  }
  let missingNewline = false;
  if (len > 0 && buf[len - 1] !== 0x0a) {
    buf[len++] = 0x0a;
    missingNewline = true;
  }
  if (buf.length !== len) buf = buf.subarray(0, len);
  return indexLines(buf, len, missingNewline);
}


/** the start of every line, then `len` */
function indexLines(buf: Uint8Array, len: number, missingNewline: boolean): Text {
  // Buffer's indexOf is memchr; Uint8Array's is a slow generic loop
  const view = Buffer.from(buf.buffer, buf.byteOffset, len);
  let count = 0;
  for (let p = view.indexOf(0x0a); p !== -1; p = view.indexOf(0x0a, p + 1)) count++;
  const starts = new Int32Array(count + 1);
  let k = 1;
  for (let p = view.indexOf(0x0a); p !== -1; p = view.indexOf(0x0a, p + 1)) if (k <= count) starts[k++] = p + 1;
  starts[count] = len;
  return { buf, len, missingNewline, starts, lines: count };
}

/** the result: the edit script over whole-file line numbers */
export interface Analysis {
  changes: Change[];
}

/** find_identical_ends: [prefixEnd, suffixBegin) byte bounds of each file's middle */
function identicalEnds(t0: Text, t1: Text, o: CompareOptions): { prefixEnd: number; suffix0: number; suffix1: number } {
  const b0 = t0.buf;
  const b1 = t1.buf;
  const n0 = t0.len;
  const n1 = t1.len;
  const lim = Math.min(n0, n1);
  let p = 0;
  while (p < lim && b0[p] === b1[p]) p++;
  if (o.robust && (n0 - (t0.missingNewline ? 1 : 0) < p) !== (n1 - (t1.missingNewline ? 1 : 0) < p)) p--;
  let h = o.horizon;
  while (p !== 0 && (b0[p - 1] !== 0x0a || h-- > 0)) p--;
  const prefixEnd = p;
  let p0 = n0;
  let p1 = n1;
  if (!o.robust || t0.missingNewline === t1.missingNewline) {
    let beg0 = prefixEnd + (n0 < n1 ? 0 : n0 - n1);
    while (p0 !== beg0) {
      if (b0[--p0] !== b1[--p1]) {
        ++p0;
        ++p1;
        beg0 = p0;
        break;
      }
    }
    let i = o.horizon + ((p0 === 0 || b0[p0 - 1] === 0x0a) && (p1 === 0 || b1[p1 - 1] === 0x0a) ? 0 : 1);
    while (i-- > 0 && p0 !== n0) while (b0[p0++] !== 0x0a);
    p1 += p0 - beg0;
  }
  return { prefixEnd, suffix0: p0, suffix1: p1 };
}

/** the first line index at or after byte `pos` (pos is a line start or len) */
function lineAt(t: Text, pos: number): number {
  let lo = 0;
  let hi = t.lines;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.starts[mid]! < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Compare two texts; the script's line numbers are whole-file, 0-based. `noDiffMeansNoOutput`
 * is GNU's flag of the same name (it only decides whether the prefix is needed at all).
 */
export function analyze(t0: Text, t1: Text, o: CompareOptions): Analysis {
  const ends = identicalEnds(t0, t1, o);
  const prefixLines = lineAt(t0, ends.prefixEnd);
  const mid0 = lineAt(t0, ends.suffix0) - prefixLines;
  const mid1 = lineAt(t1, ends.suffix1) - prefixLines;
  const equivs0 = new Int32Array(mid0);
  const equivs1 = new Int32Array(mid1);
  const next = o.whiteSpace === WS.none && !o.ignoreCase
    ? classifyExact(t0, t1, prefixLines, mid0, mid1, equivs0, equivs1, o)
    : classifyKeyed(t0, t1, prefixLines, mid0, mid1, equivs0, equivs1, o);
  const changed0 = new Uint8Array(mid0 + 2);
  const changed1 = new Uint8Array(mid1 + 2);
  const d = discardConfusingLines(equivs0, equivs1, next, changed0, changed1, o.minimal);
  const ctx: Ctx = {
    xv: d.undiscarded0, yv: d.undiscarded1, real0: d.real0, real1: d.real1, changed0, changed1,
    fd: new Int32Array(0), bd: new Int32Array(0), off: 0, heuristic: o.speedLargeFiles, tooExpensive: 0,
    work: 0, checkAbort: o.checkAbort,
  };
  let diags = d.n0 + d.n1 + 3;
  ctx.fd = new Int32Array(diags);
  ctx.bd = new Int32Array(diags);
  ctx.off = d.n1 + 1;
  let te = 1;
  for (; diags !== 0; diags = Math.floor(diags / 4)) te *= 2;
  ctx.tooExpensive = Math.max(4096, te);
  compareseq(ctx, 0, d.n0, 0, d.n1, o.minimal);
  shiftBoundaries(equivs0, changed0, changed1, mid0);
  shiftBoundaries(equivs1, changed1, changed0, mid1);
  return { changes: buildScript(changed0, changed1, mid0, mid1, prefixLines) };
}

interface Discarded {
  undiscarded0: Int32Array;
  undiscarded1: Int32Array;
  real0: Int32Array;
  real1: Int32Array;
  n0: number;
  n1: number;
}

/** discard_confusing_lines: lines with no match (and runs of many-match lines) skip the search */
function discardConfusingLines(e0: Int32Array, e1: Int32Array, equivMax: number, ch0: Uint8Array, ch1: Uint8Array, minimal: boolean): Discarded {
  const counts0 = new Int32Array(equivMax);
  const counts1 = new Int32Array(equivMax);
  for (let i = 0; i < e0.length; i++) counts0[e0[i]!]!++;
  for (let i = 0; i < e1.length; i++) counts1[e1[i]!]!++;
  const disc0 = new Uint8Array(e0.length);
  const disc1 = new Uint8Array(e1.length);
  for (let f = 0; f < 2; f++) {
    const equivs = f === 0 ? e0 : e1;
    const discards = f === 0 ? disc0 : disc1;
    const counts = f === 0 ? counts1 : counts0;
    const end = equivs.length;
    let many = 5;
    let tem = Math.floor(end / 64);
    while ((tem = tem >> 2) > 0) many *= 2;
    for (let i = 0; i < end; i++) {
      const nmatch = counts[equivs[i]!]!;
      if (nmatch === 0) discards[i] = 1;
      else if (nmatch > many) discards[i] = 2;
    }
  }
  for (let f = 0; f < 2; f++) {
    const discards = f === 0 ? disc0 : disc1;
    const end = discards.length;
    for (let i = 0; i < end; i++) {
      if (discards[i] === 2) discards[i] = 0;
      else if (discards[i] !== 0) {
        let j: number;
        let provisional = 0;
        for (j = i; j < end; j++) {
          if (discards[j] === 0) break;
          if (discards[j] === 2) ++provisional;
        }
        while (j > i && discards[j - 1] === 2) {
          discards[--j] = 0;
          --provisional;
        }
        const length = j - i;
        if (provisional * 4 > length) {
          while (j > i) if (discards[--j] === 2) discards[j] = 0;
        } else {
          let minimum = 1;
          let t = length >> 2;
          while (0 < (t >>= 2)) minimum <<= 1;
          minimum++;
          let consec = 0;
          for (j = 0; j < length; j++) {
            if (discards[i + j] !== 2) consec = 0;
            else if (minimum === ++consec) j -= consec;
            else if (minimum < consec) discards[i + j] = 0;
          }
          consec = 0;
          for (j = 0; j < length; j++) {
            if (j >= 8 && discards[i + j] === 1) break;
            if (discards[i + j] === 2) {
              consec = 0;
              discards[i + j] = 0;
            } else if (discards[i + j] === 0) consec = 0;
            else consec++;
            if (consec === 3) break;
          }
          i += length - 1;
          consec = 0;
          for (j = 0; j < length; j++) {
            if (j >= 8 && discards[i - j] === 1) break;
            if (discards[i - j] === 2) {
              consec = 0;
              discards[i - j] = 0;
            } else if (discards[i - j] === 0) consec = 0;
            else consec++;
            if (consec === 3) break;
          }
        }
      }
    }
  }
  const out = (f: 0 | 1, changed: Uint8Array): { und: Int32Array; real: Int32Array; n: number } => {
    const equivs = f === 0 ? e0 : e1;
    const discards = f === 0 ? disc0 : disc1;
    const und = new Int32Array(equivs.length);
    const real = new Int32Array(equivs.length);
    let j = 0;
    for (let i = 0; i < equivs.length; i++) {
      if (minimal || discards[i] === 0) {
        und[j] = equivs[i]!;
        real[j++] = i;
      } else changed[i + 1] = 1;
    }
    return { und, real, n: j };
  };
  const a = out(0, ch0);
  const b = out(1, ch1);
  return { undiscarded0: a.und, undiscarded1: b.und, real0: a.real, real1: b.real, n0: a.n, n1: b.n };
}

interface Ctx {
  xv: Int32Array;
  yv: Int32Array;
  real0: Int32Array;
  real1: Int32Array;
  /** changed flags, index i at [i + 1] */
  changed0: Uint8Array;
  changed1: Uint8Array;
  fd: Int32Array;
  bd: Int32Array;
  /** index of diagonal 0 in fd/bd */
  off: number;
  heuristic: boolean;
  tooExpensive: number;
  work: number;
  checkAbort: () => void;
}

const SNAKE_LIMIT = 20;
// GNU uses PTRDIFF_MAX; any bound past every index will do, and this one stays a small integer for V8
const OFFSET_MAX = 0x3fffffff;

interface Part {
  xmid: number;
  ymid: number;
  loMinimal: boolean;
  hiMinimal: boolean;
}

/** diffseq.h's diag: the midpoint of the shortest edit script of [xoff,xlim) × [yoff,ylim) */
function diag(c: Ctx, xoff: number, xlim: number, yoff: number, ylim: number, findMinimal: boolean, part: Part): void {
  const fd = c.fd;
  const bd = c.bd;
  const O = c.off;
  const xv = c.xv;
  const yv = c.yv;
  const dmin = xoff - ylim;
  const dmax = xlim - yoff;
  const fmid = xoff - yoff;
  const bmid = xlim - ylim;
  let fmin = fmid;
  let fmax = fmid;
  let bmin = bmid;
  let bmax = bmid;
  const odd = ((fmid - bmid) & 1) !== 0;
  fd[O + fmid] = xoff;
  bd[O + bmid] = xlim;
  for (let cost = 1; ; ++cost) {
    let bigSnake = false;
    if (fmin > dmin) fd[O + --fmin - 1] = -1;
    else ++fmin;
    if (fmax < dmax) fd[O + ++fmax + 1] = -1;
    else --fmax;
    for (let d = fmax; d >= fmin; d -= 2) {
      const tlo = fd[O + d - 1]!;
      const thi = fd[O + d + 1]!;
      const x0 = tlo < thi ? thi : tlo + 1;
      let x = x0;
      let y = x0 - d;
      while (x < xlim && y < ylim && xv[x] === yv[y]) {
        x++;
        y++;
      }
      if (x - x0 > SNAKE_LIMIT) bigSnake = true;
      fd[O + d] = x;
      if (odd && bmin <= d && d <= bmax && bd[O + d]! <= x) {
        part.xmid = x;
        part.ymid = y;
        part.loMinimal = part.hiMinimal = true;
        return;
      }
    }
    if (bmin > dmin) bd[O + --bmin - 1] = OFFSET_MAX;
    else ++bmin;
    if (bmax < dmax) bd[O + ++bmax + 1] = OFFSET_MAX;
    else --bmax;
    for (let d = bmax; d >= bmin; d -= 2) {
      const tlo = bd[O + d - 1]!;
      const thi = bd[O + d + 1]!;
      const x0 = tlo < thi ? tlo : thi - 1;
      let x = x0;
      let y = x0 - d;
      while (xoff < x && yoff < y && xv[x - 1] === yv[y - 1]) {
        x--;
        y--;
      }
      if (x0 - x > SNAKE_LIMIT) bigSnake = true;
      bd[O + d] = x;
      if (!odd && fmin <= d && d <= fmax && x <= fd[O + d]!) {
        part.xmid = x;
        part.ymid = y;
        part.loMinimal = part.hiMinimal = true;
        return;
      }
    }
    c.work += fmax - fmin + bmax - bmin + 2;
    if (c.work > 1 << 16) {
      c.work = 0;
      c.checkAbort();
    }
    if (findMinimal) continue;
    if (200 < cost && bigSnake && c.heuristic && heuristicSplit(c, cost, xoff, xlim, yoff, ylim, fmin, fmax, fmid, bmin, bmax, bmid, part)) return;
    if (cost >= c.tooExpensive) {
      cutOff(c, xoff, xlim, yoff, ylim, fmin, fmax, bmin, bmax, part);
      return;
    }
  }
}

/** too_expensive: give up and split halfway between the best diagonals found so far */
function cutOff(c: Ctx, xoff: number, xlim: number, yoff: number, ylim: number, fmin: number, fmax: number, bmin: number, bmax: number, part: Part): void {
  const fd = c.fd;
  const bd = c.bd;
  const O = c.off;
  // give up: halfway between the best forward and backward diagonals so far
  let fxybest = -1;
  let fxbest = 0;
  for (let d = fmax; d >= fmin; d -= 2) {
    let x = Math.min(fd[O + d]!, xlim);
    let y = x - d;
    if (ylim < y) {
      x = ylim + d;
      y = ylim;
    }
    if (fxybest < x + y) {
      fxybest = x + y;
      fxbest = x;
    }
  }
  let bxybest = OFFSET_MAX;
  let bxbest = 0;
  for (let d = bmax; d >= bmin; d -= 2) {
    let x = Math.max(xoff, bd[O + d]!);
    let y = x - d;
    if (y < yoff) {
      x = yoff + d;
      y = yoff;
    }
    if (x + y < bxybest) {
      bxybest = x + y;
      bxbest = x;
    }
  }
  if (xlim + ylim - bxybest < fxybest - (xoff + yoff)) {
    part.xmid = fxbest;
    part.ymid = fxybest - fxbest;
    part.loMinimal = true;
    part.hiMinimal = false;
  } else {
    part.xmid = bxbest;
    part.ymid = bxybest - bxbest;
    part.loMinimal = false;
    part.hiMinimal = true;
  }
}

/** -H: a diagonal that made lots of progress and ends in a long snake stands for the midpoint */
function heuristicSplit(
  c: Ctx, cost: number, xoff: number, xlim: number, yoff: number, ylim: number,
  fmin: number, fmax: number, fmid: number, bmin: number, bmax: number, bmid: number, part: Part,
): boolean {
  const { fd, bd, off: O, xv, yv } = c;
  let best = 0;
  for (let d = fmax; d >= fmin; d -= 2) {
    const dd = d - fmid;
    const x = fd[O + d]!;
    const y = x - d;
    const v = (x - xoff) * 2 - dd;
    if (v > 12 * (cost + (dd < 0 ? -dd : dd))) {
      if (v > best && xoff + SNAKE_LIMIT <= x && x < xlim && yoff + SNAKE_LIMIT <= y && y < ylim) {
        for (let k = 1; xv[x - k] === yv[y - k]; k++) {
          if (k === SNAKE_LIMIT) {
            best = v;
            part.xmid = x;
            part.ymid = y;
            break;
          }
        }
      }
    }
  }
  if (best > 0) {
    part.loMinimal = true;
    part.hiMinimal = false;
    return true;
  }
  best = 0;
  for (let d = bmax; d >= bmin; d -= 2) {
    const dd = d - bmid;
    const x = bd[O + d]!;
    const y = x - d;
    const v = (xlim - x) * 2 + dd;
    if (v > 12 * (cost + (dd < 0 ? -dd : dd))) {
      if (v > best && xoff < x && x <= xlim - SNAKE_LIMIT && yoff < y && y <= ylim - SNAKE_LIMIT) {
        for (let k = 0; xv[x + k] === yv[y + k]; k++) {
          if (k === SNAKE_LIMIT - 1) {
            best = v;
            part.xmid = x;
            part.ymid = y;
            break;
          }
        }
      }
    }
  }
  if (best > 0) {
    part.loMinimal = false;
    part.hiMinimal = true;
    return true;
  }
  return false;
}

/** diffseq.h's compareseq, with the second recursion turned into a loop */
function compareseq(c: Ctx, xoff: number, xlim: number, yoff: number, ylim: number, findMinimal: boolean): void {
  const xv = c.xv;
  const yv = c.yv;
  const part: Part = { xmid: 0, ymid: 0, loMinimal: false, hiMinimal: false };
  for (;;) {
    while (xoff < xlim && yoff < ylim && xv[xoff] === yv[yoff]) {
      xoff++;
      yoff++;
    }
    while (xoff < xlim && yoff < ylim && xv[xlim - 1] === yv[ylim - 1]) {
      xlim--;
      ylim--;
    }
    if (xoff === xlim) {
      for (; yoff < ylim; yoff++) c.changed1[c.real1[yoff]! + 1] = 1;
      return;
    }
    if (yoff === ylim) {
      for (; xoff < xlim; xoff++) c.changed0[c.real0[xoff]! + 1] = 1;
      return;
    }
    diag(c, xoff, xlim, yoff, ylim, findMinimal, part);
    const { xmid, ymid, hiMinimal } = part;
    compareseq(c, xoff, xmid, yoff, ymid, part.loMinimal);
    xoff = xmid;
    yoff = ymid;
    findMinimal = hiMinimal;
  }
}

/**
 * shift_boundaries for one file: slide each run of changes back to merge with earlier runs, then
 * forward as far as it goes, then back again to line up with a run in the other file.
 * `changed`/`other` hold line i at [i + 1], with zero sentinels at both ends.
 */
function shiftBoundaries(equivs: Int32Array, changed: Uint8Array, other: Uint8Array, iEnd: number): void {
  // indexes below are GNU's (line numbers); C(k) is changed[k], O(k) other_changed[k]
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < iEnd && !changed[i + 1]) {
      while (other[1 + j++]);
      i++;
    }
    if (i === iEnd) break;
    let start = i;
    while (changed[1 + ++i]);
    while (other[1 + j]) j++;
    let runlength: number;
    let corresponding: number;
    do {
      runlength = i - start;
      while (start && equivs[start - 1] === equivs[i - 1]) {
        changed[1 + --start] = 1;
        changed[1 + --i] = 0;
        while (changed[start]) start--; // changed[start - 1]
        while (other[1 + --j]);
      }
      corresponding = other[j] ? i : iEnd; // other_changed[j - 1]
      while (i !== iEnd && equivs[start] === equivs[i]) {
        changed[1 + start++] = 0;
        changed[1 + i++] = 1;
        while (changed[1 + i]) i++;
        while (other[1 + ++j]) corresponding = i;
      }
    } while (runlength !== i - start);
    while (corresponding < i) {
      changed[1 + --start] = 1;
      changed[1 + --i] = 0;
      while (other[1 + --j]);
    }
  }
}

/** build_script: the changes in forward order, in whole-file line numbers */
function buildScript(ch0: Uint8Array, ch1: Uint8Array, len0: number, len1: number, prefix: number): Change[] {
  const out: Change[] = [];
  let i0 = len0;
  let i1 = len1;
  // ch[k + 1] is line k; ch[0] is the sentinel for line -1
  while (i0 >= 0 || i1 >= 0) {
    if (ch0[i0]! | ch1[i1]!) {
      const line0 = i0;
      const line1 = i1;
      while (ch0[i0]) --i0;
      while (ch1[i1]) --i1;
      out.push({ line0: i0 + prefix, line1: i1 + prefix, deleted: line0 - i0, inserted: line1 - i1, ignore: false });
    }
    i0--;
    i1--;
  }
  out.reverse();
  return out;
}
