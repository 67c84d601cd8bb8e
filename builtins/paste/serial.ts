// paste -s: each input becomes one output line, its line delimiters replaced by the -d cycle
// (restarted for every input). A line delimiter is replaced only when more bytes follow it in the
// same input, so a delimiter at the very end of a chunk waits for the next chunk to decide. Every
// input, even an empty or unreadable one, ends with one line delimiter, as GNU's paste_serial does.

import type { CallContext } from '../types.js';
import { openInput } from '../internal/inputs.js';
import type { OutputBuffer } from '../internal/output.js';
import { quotef } from '../internal/quote.js';
import { indexOfByte } from '../internal/bytes.js';
import { LineSource } from './source.js';
import { putByte, reportFailure, type DelimiterCycle } from './emit.js';

export async function pasteSerial(
  ctx: CallContext,
  operands: readonly string[],
  delims: DelimiterCycle,
  eol: number,
  out: OutputBuffer,
): Promise<number> {
  let status = 0;
  let stdin: LineSource | undefined;
  try {
    for (const name of operands) {
      ctx.checkAbort();
      let src: LineSource;
      if (name === '-') {
        src = stdin ??= new LineSource(name, openStdin(ctx));
      } else {
        const opened = openInput(ctx, name);
        if (!opened.ok) {
          await reportFailure(ctx, out, quotef(name), opened.error.message);
          status = 1;
          continue;
        }
        src = new LineSource(name, opened.value);
      }
      try {
        const failure = await joinLines(ctx, src, delims, eol, out);
        if (failure !== undefined) {
          await reportFailure(ctx, out, quotef(name), failure);
          status = 1;
        }
      } finally {
        if (src !== stdin) src.close();
      }
    }
  } finally {
    stdin?.close();
  }
  return status;
}

function openStdin(ctx: CallContext) {
  const r = openInput(ctx, '-');
  if (!r.ok) throw new Error('unreachable: stdin always opens');
  return r.value;
}

/** one input's lines joined into one output line; the read failure's message, if any */
async function joinLines(ctx: CallContext, src: LineSource, delims: DelimiterCycle, eol: number, out: OutputBuffer): Promise<string | undefined> {
  delims.restart();
  // a line delimiter seen at the end of the bytes so far: a delimiter if more bytes come
  let pendingDelimiter = false;
  let failure: string | undefined;
  let chunks = 0;
  for (;;) {
    let got = src.available();
    if (got instanceof Promise) got = await got;
    if (got !== 'data') {
      if (got !== 'end') failure = got.message;
      break;
    }
    if ((++chunks & 255) === 0) ctx.checkAbort();
    if (pendingDelimiter) {
      const p = delims.emit(out);
      if (p) await p;
      pendingDelimiter = false;
    }
    const chunk = src.chunk;
    if (delims.allPrinted) {
      // every delimiter is a byte: copy the chunk and turn its line delimiters into them in place
      pendingDelimiter = chunk[chunk.length - 1] === eol;
      const p = copyReplacing(chunk, src.pos, chunk.length - (pendingDelimiter ? 1 : 0), eol, delims, out);
      if (p) await p;
      src.pos = chunk.length;
      continue;
    }
    let pos = src.pos;
    for (;;) {
      const i = indexOfByte(chunk, eol, pos);
      const stop = i < 0 ? chunk.length : i;
      const w = out.write(chunk, pos, stop);
      if (w) await w;
      if (i < 0) {
        pos = chunk.length;
        break;
      }
      pos = i + 1;
      if (pos === chunk.length) {
        pendingDelimiter = true;
        break;
      }
      const p = delims.emit(out);
      if (p) await p;
    }
    src.pos = pos;
  }
  // GNU prints the input's last line delimiter as is, or adds one (an empty input gives one too)
  const p = putByte(out, eol);
  if (p) await p;
  return failure;
}

/**
 * out += chunk[from, to) with every line delimiter replaced by the next delimiter of the cycle,
 * a buffer's worth at a time: one bulk copy and a memchr per line instead of a write per line.
 * Called only when delims.allPrinted: the cycle has no empty (null) entry.
 */
function copyReplacing(chunk: Uint8Array, from: number, to: number, eol: number, delims: DelimiterCycle, out: OutputBuffer): void | Promise<void> {
  while (from < to) {
    if (out.len === out.cap) {
      const p = out.drain();
      if (p) return p.then(() => copyReplacing(chunk, from, to, eol, delims, out));
    }
    const n = Math.min(to - from, out.cap - out.len);
    const region = out.buf.subarray(out.len, out.len + n);
    region.set(chunk.subarray(from, from + n));
    for (let i = indexOfByte(region, eol, 0); i >= 0; i = indexOfByte(region, eol, i + 1)) region[i] = delims.take()!;
    out.len += n;
    from += n;
  }
}
