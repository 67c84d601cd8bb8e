// Whole-line sorting (no keys, no ordering options) by grouping equal lines first. With no keys
// two lines compare equal only when they are the same bytes, so the output is each distinct line
// repeated as often as it occurs: counting with a Map and sorting the distinct lines costs
// O(n + d log d) instead of O(n log n) string comparisons — the `cut | sort | uniq -c` shape,
// where a few values repeat millions of times. Inputs that turn out to be mostly distinct are
// left to the ordinary sort (the probe stops after a bounded number of lines), with the lines the
// probe decoded: each record is decoded once either way.

import { Buffer } from 'node:buffer';
import { latin1Slice } from '../internal/bytes.js';
import type { Pacer } from '../internal/budget.js';
import { STEP, sortInSteps } from './stepped.js';

const bufferIndexOf = Buffer.prototype.indexOf as (this: Uint8Array, value: number, byteOffset?: number) => number;

/**
 * One flat latin1 string per record of `bytes` (split at `eol`; a last record without it still
 * counts), appended to `lines` from byte `from` on. Flat strings matter: V8 compares the sliced
 * strings that String.split makes about 3x slower, and sorting is all comparisons. The run's
 * state is looked at every STEP records; the loops themselves stay in synchronous functions,
 * since a variable an async function keeps across an `await` lives in its context (slower in a
 * hot loop: +10% on a 634,000-line sort).
 */
export async function splitRecords(bytes: Uint8Array, eol: number, pace: Pacer, lines: string[] = [], from = 0): Promise<string[]> {
  let i = from;
  for (;;) {
    i = splitSome(bytes, eol, lines, i, STEP);
    if (i >= bytes.length) return lines;
    const w = pace.step();
    if (w) await w;
  }
}

/** up to `max` records of bytes[from…) into `lines`; where it stopped */
function splitSome(bytes: Uint8Array, eol: number, lines: string[], from: number, max: number): number {
  let i = from;
  let n = 0;
  while (i < bytes.length && n++ < max) {
    let j = bufferIndexOf.call(bytes, eol, i);
    if (j < 0) j = bytes.length;
    lines.push(latin1Slice.call(bytes, i, j));
    i = j + 1;
  }
  return i;
}

/**
 * lines looked at before deciding whether grouping pays: few, since counting distinct lines in a
 * Map costs more than sorting them (50,000 took ~20 ms of a 10 MB sort that then sorted anyway)
 */
const PROBE_LINES = 4096;

export interface Groups {
  /** distinct lines, latin1-style strings, in sorted order */
  lines: string[];
  /** how often each occurs (counts[i] for lines[i]) */
  counts: number[];
}

/**
 * Count the records of `buffers` (split at `eol`; a last record without it still counts). When
 * the probe finds mostly distinct lines: every record, split (see splitRecords), for the ordinary
 * sort.
 */
export async function groupRecords(
  buffers: readonly Uint8Array[],
  eol: number,
  reverse: boolean,
  /** does holding this many records as strings stay within the budget */
  fits: (records: number) => boolean,
  /** how many records there are in all */
  records: number,
  pace: Pacer,
): Promise<Groups | string[] | null> {
  const g = new Grouper(eol, fits);
  for (let b = 0; b < buffers.length; b++) {
    const bytes = buffers[b]!;
    let i = 0;
    while (i < bytes.length) {
      i = g.scan(bytes, i, STEP);
      if (i === OVER_BUDGET) return null;
      if (i === MOSTLY_DISTINCT) {
        // the rest is only split, every record a string
        const probed = g.probed!; // set until the probe decides
        if (!fits(records)) return null;
        await splitRecords(bytes, eol, pace, probed, g.at);
        for (let k = b + 1; k < buffers.length; k++) await splitRecords(buffers[k]!, eol, pace, probed);
        return probed;
      }
      const w = pace.step();
      if (w) await w;
    }
  }
  const counts = g.counts;
  if (!fits(counts.size)) return null;
  const lines = await sortInSteps([...counts.keys()], undefined, pace);
  if (reverse) lines.reverse();
  return { lines, counts: lines.map((l) => counts.get(l)!) };
}

const OVER_BUDGET = -1;
const MOSTLY_DISTINCT = -2;

/** counts equal records, and probes the first PROBE_LINES to see whether grouping pays */
class Grouper {
  readonly counts = new Map<string, number>();
  /** the probe's lines, kept until it decides (not after: a grouped input can be huge) */
  probed: string[] | null = [];
  /** where scan() stopped when it returned MOSTLY_DISTINCT */
  at = 0;

  constructor(
    private readonly eol: number,
    private readonly fits: (records: number) => boolean,
  ) {}

  /** up to `max` records of bytes[from…): where it stopped, OVER_BUDGET or MOSTLY_DISTINCT */
  scan(bytes: Uint8Array, from: number, max: number): number {
    const counts = this.counts;
    const eol = this.eol;
    let i = from;
    let n = 0;
    while (i < bytes.length && n++ < max) {
      let j = bufferIndexOf.call(bytes, eol, i);
      if (j < 0) j = bytes.length;
      const line = latin1Slice.call(bytes, i, j);
      const seen = counts.get(line);
      // a new distinct line: the grouped lines must fit too
      if (seen === undefined && (counts.size & 1023) === 1023 && !this.fits(counts.size)) return OVER_BUDGET;
      counts.set(line, (seen ?? 0) + 1);
      i = j + 1;
      const probed = this.probed;
      if (probed !== null) {
        probed.push(line);
        if (probed.length === PROBE_LINES) {
          if (counts.size * 4 > PROBE_LINES) {
            this.at = i;
            return MOSTLY_DISTINCT;
          }
          this.probed = null;
        }
      }
    }
    return i;
  }
}

const OUT_CHUNK = 64 * 1024;

/**
 * The output of grouped lines as chunks of about 64 KiB, each line followed by `eol`, repeated
 * `counts[i]` times (once with `unique`). A generator so the caller can await each write.
 */
export function* groupedOutput(g: Groups, eol: number, unique: boolean): Generator<Uint8Array> {
  let out = Buffer.allocUnsafe(OUT_CHUNK);
  let len = 0;
  for (let k = 0; k < g.lines.length; k++) {
    const rec = Buffer.from(g.lines[k]! + String.fromCharCode(eol), 'latin1');
    let times = unique ? 1 : g.counts[k]!;
    while (times > 0) {
      if (len + rec.length > out.length) {
        if (len > 0) {
          yield new Uint8Array(out.buffer, out.byteOffset, len);
          out = Buffer.allocUnsafe(Math.max(OUT_CHUNK, rec.length));
          len = 0;
        }
        if (rec.length > out.length) out = Buffer.allocUnsafe(rec.length);
      }
      // as many copies as fit, by doubling what is already there
      const fit = Math.min(times, Math.floor((out.length - len) / rec.length));
      const start = len;
      rec.copy(out, len);
      let filled = 1;
      while (filled < fit) {
        const n = Math.min(filled, fit - filled);
        out.copy(out, start + filled * rec.length, start, start + n * rec.length);
        filled += n;
      }
      len += fit * rec.length;
      times -= fit;
    }
  }
  if (len > 0) yield new Uint8Array(out.buffer, out.byteOffset, len);
}
