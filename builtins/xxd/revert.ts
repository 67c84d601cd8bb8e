// xxd -r (xxd.c huntype): read a normal or plain (-p) hex dump back into bytes. In a normal dump
// each line's leading hex number is the offset to write at: gaps are filled with NULs (stdout is
// a stream, it cannot seek), a step backwards is an error; hex pairs follow until `cols` bytes or
// a run of three non-hex characters, the rest of the line is skipped.

import type { OutputBuffer } from '../internal/output.js';
import type { ByteSource } from './dump.js';

const ZEROS = new Uint8Array(64 * 1024);

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** the exit status: 0, or 5 after `Sorry, cannot seek backwards.` (reported by the caller) */
export async function revert(src: ByteSource, out: OutputBuffer, cols: number, plain: boolean, baseOff: number, checkAbort: () => void): Promise<0 | 5> {
  let ignGarb = true;
  let n1 = -1;
  let n2 = 0;
  let n3: number;
  let p = cols;
  let haveOff = 0;
  let wantOff = 0;
  const one = new Uint8Array(1);
  const put = async (b: number): Promise<void> => {
    one[0] = b;
    const w = out.write(one);
    if (w) await w;
  };
  const next = async (): Promise<number> => {
    const c = src.next();
    return c instanceof Promise ? await c : c;
  };
  const skipToEol = async (c: number): Promise<number> => {
    while (c !== 0x0a && c !== -1) c = await next();
    return c;
  };
  for (;;) {
    let c = await next();
    if (c < 0) break;
    if (c === 0x0d) continue;
    if (plain && (c === 0x20 || c === 0x0a || c === 0x09)) continue;
    n3 = n2;
    n2 = n1;
    n1 = hexDigit(c);
    if (n1 === -1 && ignGarb) continue;
    ignGarb = false;
    if (!plain && p >= cols) {
      if (n1 < 0) {
        p = 0;
        continue;
      }
      // the offset: as C's long, which wraps; past 2^53 it is past any file anyway
      wantOff = wantOff * 16 + n1;
      continue;
    }
    if (baseOff + wantOff !== haveOff) {
      if (baseOff + wantOff < haveOff) return 5;
      // a gap (an offset far ahead): NULs a block at a time, the deadline checked per block
      while (haveOff < baseOff + wantOff) {
        const n = Math.min(ZEROS.length, baseOff + wantOff - haveOff);
        const w = out.write(ZEROS, 0, n);
        if (w) await w;
        haveOff += n;
        checkAbort();
      }
    }
    if (n2 >= 0 && n1 >= 0) {
      await put((n2 << 4) | n1);
      haveOff++;
      wantOff++;
      n1 = -1;
      if (!plain && ++p >= cols) c = await skipToEol(c);
    } else if (n1 < 0 && n2 < 0 && n3 < 0) {
      c = await skipToEol(c);
    }
    if (c === 0x0a) {
      if (!plain) wantOff = 0;
      p = cols;
      ignGarb = true;
    }
  }
  return 0;
}
