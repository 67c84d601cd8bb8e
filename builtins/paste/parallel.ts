// paste without -s: output line N is line N of every input, joined by the -d cycle (restarted
// for every row). Follows GNU's paste_parallel: every input is opened before anything is printed
// (one that cannot be opened ends paste at once), an input that has ended contributes an empty
// field, and the delimiters after such fields are held back until some later input of the row has
// a line (a row where no input has one is not printed: that is the end).

import type { CallContext } from '../types.js';
import { openInput } from '../internal/inputs.js';
import type { OutputBuffer } from '../internal/output.js';
import { quotef } from '../internal/quote.js';
import { copyBytes, indexOfByte } from '../internal/bytes.js';
import { LineSource, type Availability } from './source.js';
import { putByte, reportFailure, type DelimiterCycle } from './emit.js';

/** few inputs share the readers' pooled 256 KiB buffers; many get smaller buffers of their own */
const POOLED_INPUTS = 4;
const BUFFER_BUDGET = 4 << 20;
const MIN_BUFFER = 4 << 10;
const MAX_BUFFER = 64 << 10;

type Opened = { ok: true; slots: LineSource[] } | { ok: false; name: string; message: string };

/** open every operand, one LineSource shared by all the `-` */
function openAll(ctx: CallContext, operands: readonly string[]): Opened {
  const own = operands.length > POOLED_INPUTS ? Math.max(MIN_BUFFER, Math.min(MAX_BUFFER, Math.floor(BUFFER_BUDGET / operands.length))) : 0;
  const slots: LineSource[] = [];
  let stdin: LineSource | undefined;
  for (const name of operands) {
    const opened = openInput(ctx, name);
    if (!opened.ok) {
      closeAll(slots);
      return { ok: false, name, message: opened.error.message };
    }
    const buffer = own > 0 ? new Uint8Array(own) : undefined;
    slots.push(opened.value.isStdin ? (stdin ??= new LineSource(name, opened.value, buffer)) : new LineSource(name, opened.value, buffer));
  }
  return { ok: true, slots };
}

function closeAll(slots: readonly (LineSource | null)[]): void {
  for (const s of new Set(slots)) s?.close();
}

export async function pasteParallel(
  ctx: CallContext,
  operands: readonly string[],
  delims: DelimiterCycle,
  eol: number,
  out: OutputBuffer,
): Promise<number> {
  const opened = openAll(ctx, operands);
  if (!opened.ok) {
    await reportFailure(ctx, out, quotef(opened.name), opened.message);
    return 1;
  }
  const all = opened.slots;
  // null once that operand has ended (a shared stdin stays open for the other `-`)
  const slots: (LineSource | null)[] = all.slice();
  const n = slots.length;
  // GNU's delbuf: delimiters of ended inputs, printed only if a later input of the row has a line
  const held = new Uint8Array(n);
  let heldCount = 0;
  let open = n;
  let status = 0;
  let rows = 0;
  try {
    while (open > 0) {
      if ((++rows & 1023) === 0) ctx.checkAbort();
      let someLine = false;
      heldCount = 0;
      delims.restart();
      for (let i = 0; i < n && open > 0; i++) {
        const src = slots[i] ?? null;
        const last = i + 1 === n;
        let got: Availability = 'end';
        if (src !== null) {
          const a = src.available();
          got = a instanceof Promise ? await a : a;
        }
        if (got === 'data') {
          someLine = true;
          if (heldCount > 0) {
            const p = out.write(held, 0, heldCount);
            if (p) await p;
            heldCount = 0;
          }
          const after = last ? eol : delims.take();
          // src!: got is 'data' only when src answered above
          // fast path: the whole line is in the chunk and fits the output buffer
          const chunk = src!.chunk;
          const from = src!.pos;
          const end = lineEnd(chunk, eol, from);
          if (end >= 0 && out.len + (end - from) < out.cap) {
            out.len = copyBytes(src!.view, chunk, from, end, out.view, out.buf, out.len);
            src!.pos = end + 1;
            if (after !== null) out.buf[out.len++] = after;
            continue;
          }
          const c = copyLine(src!, out, eol);
          if (c) await c;
          if (after !== null) {
            const p = putByte(out, after);
            if (p) await p;
          }
          continue;
        }
        if (src !== null) {
          if (got !== 'end') {
            await reportFailure(ctx, out, quotef(src.name), got.message);
            status = 1;
          }
          if (!all.some((s, j) => j !== i && s === src && slots[j] !== null)) src.close();
          slots[i] = null;
          open--;
        }
        if (!last) {
          const d = delims.take();
          if (d !== null) held[heldCount++] = d;
        } else if (someLine) {
          if (heldCount > 0) {
            const p = out.write(held, 0, heldCount);
            if (p) await p;
            heldCount = 0;
          }
          const q = putByte(out, eol);
          if (q) await q;
        }
      }
    }
  } finally {
    closeAll(slots);
  }
  return status;
}

/**
 * Copy the rest of the current line (its delimiter consumed, not copied). A line that runs past
 * the chunk is written piece by piece; the end of input or a failure ends it (a failure is then
 * reported on this input's next turn, the source remembering it).
 */
function copyLine(src: LineSource, out: OutputBuffer, eol: number): void | Promise<void> {
  for (;;) {
    const chunk = src.chunk;
    const from = src.pos;
    const i = indexOfByte(chunk, eol, from);
    if (i >= 0) {
      src.pos = i + 1;
      return out.write(chunk, from, i);
    }
    src.pos = chunk.length;
    const w = out.write(chunk, from, chunk.length);
    if (w) return w.then(() => continueLine(src, out, eol));
    const a = src.available();
    if (a instanceof Promise) return a.then((got) => (got === 'data' ? copyLine(src, out, eol) : undefined));
    if (a !== 'data') return;
  }
}

async function continueLine(src: LineSource, out: OutputBuffer, eol: number): Promise<void> {
  const got = await src.available();
  if (got === 'data') await copyLine(src, out, eol);
}

/** bytes looked at one by one before asking memchr: most lines pasted are short */
const SHORT_SCAN = 32;

/** index of the next `eol` at or after `from`, or -1: a JS scan first, since Buffer.indexOf costs a native call */
function lineEnd(chunk: Uint8Array, eol: number, from: number): number {
  const stop = Math.min(chunk.length, from + SHORT_SCAN);
  for (let i = from; i < stop; i++) if (chunk[i] === eol) return i;
  return stop === chunk.length ? -1 : indexOfByte(chunk, eol, stop);
}
