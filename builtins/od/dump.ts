// Writing od's output: blocks of bytesPerBlock bytes, one line per format (the address on the
// first), identical full blocks after the first shown as one "*" line (unless -v), the last
// partial block zero-padded to whole fields, then the final address. And -S: strings mode.

import { Buffer } from 'node:buffer';
import type { CallContext } from '../types.js';
import type { OutputBuffer } from '../internal/output.js';
import type { InputChain } from './input-chain.js';
import type { OdSettings } from './options.js';
import { formatLine } from './formats.js';

function stdAddress(s: OdSettings, address: number): string {
  if (s.address.kind === 'none') return '';
  return address.toString(s.address.radix).padStart(s.address.pad, '0');
}

/** the address column before a block's first line (or alone at the end, with `end` = '\n') */
export function formatAddress(s: OdSettings, address: number, end: string): string {
  if (s.address.kind === 'none') return '';
  if (s.label === 'paren') return `(${stdAddress(s, address)})${end}`;
  if (s.label === 'label') return `${stdAddress(s, address)} (${stdAddress(s, address + s.pseudoOffset)})${end}`;
  return stdAddress(s, address) + end;
}

function sameBytes(a: Uint8Array, b: Uint8Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

async function emit(out: OutputBuffer, text: string): Promise<void> {
  const p = out.writeString(text);
  if (p) await p;
}

export async function dumpBlocks(ctx: CallContext, s: OdSettings, chain: InputChain, out: OutputBuffer): Promise<void> {
  const size = s.bytesPerBlock;
  // room for the zero padding of a last partial block (up to the lcm of the field sizes)
  const blocks = [new Uint8Array(size + 16), new Uint8Array(size + 16)];
  let current = 0;
  let offset = s.skip;
  let first = true;
  let previousPairEqual = false;
  const indent = s.address.kind === 'none' ? '' : ' '.repeat(s.address.pad);
  let lines = 0;
  for (;;) {
    const wanted = s.end === undefined ? size : Math.min(size, s.end - offset);
    if (wanted <= 0) break;
    const block = blocks[current]!; // current: 0 or 1, the two blocks in turn
    const n = await chain.read(block, wanted);
    if (n === 0) break;
    if (n < size) {
      // zeros complete the last fields (GNU pads to the lcm of the sizes, at most 16 bytes)
      block.fill(0, n, Math.min(block.length, n + 32));
    }
    const previous = blocks[1 - current]!;
    if (s.abbreviate && !first && n === size && sameBytes(previous, block, size)) {
      if (!previousPairEqual) {
        await emit(out, '*\n');
        previousPairEqual = true;
      }
    } else {
      previousPairEqual = false;
      const view = new DataView(block.buffer, block.byteOffset, block.length);
      let text = '';
      s.specs.forEach((spec, i) => {
        text += (i === 0 ? formatAddress(s, offset, '') : indent) + formatLine(spec, block, view, size, n, s.little) + '\n';
      });
      await emit(out, text);
    }
    first = false;
    offset += n;
    current = 1 - current;
    if (++lines % 1024 === 0) ctx.checkAbort();
    if (n < wanted) break;
  }
  await emit(out, formatAddress(s, offset, '\n'));
}

/** isprint in the C locale */
function printable(c: number): boolean {
  return c >= 0x20 && c < 0x7f;
}

/**
 * -S N: each run of at least N printable bytes ended by a NUL (or by the -N limit) with its
 * address — as 9.1 computes it (address after the terminator minus length minus one, so a run cut
 * by the limit is shown one byte early, as GNU does).
 */
export async function dumpStrings(ctx: CallContext, s: OdSettings, chain: InputChain, out: OutputBuffer): Promise<string | undefined> {
  const min = s.strings ?? 3;
  // GNU grows its buffer for as long as a string goes on (endless printable input: until memory
  // runs out); rshell holds one string up to its line limit
  const limit = ctx.limits.maxLineBytes;
  let address = s.skip;
  let buf: number[] = [];
  let found = 0;
  for (;;) {
    if (s.end !== undefined && (s.end < min || s.end - min <= address)) break;
    buf = [];
    let gaveUp = false;
    for (let i = 0; i < min; i++) {
      const c = await chain.readByte();
      address++;
      if (c < 0) return;
      if (!printable(c)) {
        gaveUp = true;
        break;
      }
      buf.push(c);
    }
    if (gaveUp) continue;
    while (s.end === undefined || address < s.end) {
      const c = await chain.readByte();
      address++;
      if (c < 0) return;
      if (c === 0) break;
      if (!printable(c)) {
        gaveUp = true;
        break;
      }
      if (buf.length >= limit) return `od: memory exhausted (a string over rshell's line limit of ${limit} bytes)\n`;
      buf.push(c);
    }
    if (gaveUp) continue;
    // not String.fromCharCode(...buf): spreading 200,000 arguments overflows the stack
    await emit(out, formatAddress(s, address - buf.length - 1, ' ') + Buffer.from(buf).toString('latin1') + '\n');
    if (++found % 1024 === 0) ctx.checkAbort();
  }
}
