// The base64/base32/basenc main loops (coreutils 9.1 base64.c do_encode/do_decode): encode with
// GNU's lazy wrapping (a newline is written only when more text follows, and once at the end),
// decode ignoring newlines (and, with -i, every byte outside the alphabet but '='), writing what
// was decoded before an invalid character, then `NAME: invalid input`.

import type { CallContext } from '../../types.js';
import { ChunkReader, type Input } from '../inputs.js';
import type { OutputBuffer } from '../output.js';
import { Decoder, encodeBase64Wrapped, encodeGroups, encodeTail, type Codec } from './codecs.js';

/** GNU's encoding block: Z85's length error comes after the whole blocks before it were written */
const GNU_BLOCK = 30720;
/** our encoding block: a multiple of 3, 4 and 5 (whole groups), 8 GNU blocks */
const BLOCK = GNU_BLOCK * 8;
/** bytes between two deadline checks */
const ABORT_CHECK_BYTES = 8 << 20;

/** a failure GNU dies with: the text after `NAME: ` */
export type Outcome = { ok: true } | { ok: false; message: string };

class Wrapper {
  column = 0;
  /** base64 whose lines end on group boundaries: encoded straight into `lines` */
  readonly direct: DataView | undefined;
  private readonly lines: Uint8Array;

  constructor(private readonly c: Codec, private readonly width: number, private readonly out: OutputBuffer, maxText: number) {
    const direct = (c.name === 'base64' || c.name === 'base64url') && width % 4 === 0;
    this.lines = new Uint8Array(width === 0 && !direct ? 0 : maxText + (width === 0 ? 0 : Math.floor(maxText / width)) + 8);
    this.direct = direct ? new DataView(this.lines.buffer) : undefined;
  }

  /** whole groups of src[0, n), straight into the output (only when `direct`) */
  writeGroups(src: Uint8Array, n: number, direct: DataView): void | Promise<void> {
    const end = encodeBase64Wrapped(this.c, src, 0, n, direct, 0, this.width, this);
    return this.out.write(this.lines, 0, end);
  }

  /** wrap_write: text[0, n) */
  write(text: Uint8Array, n: number): void | Promise<void> {
    if (this.width === 0) return this.out.write(text, 0, n);
    const w = this.width;
    const lines = this.lines;
    let q = 0;
    let p = 0;
    let col = this.column;
    while (p < n) {
      if (col === w) {
        lines[q++] = 0x0a;
        col = 0;
      }
      const take = Math.min(w - col, n - p);
      lines.set(text.subarray(p, p + take), q);
      q += take;
      p += take;
      col += take;
    }
    this.column = col;
    return this.out.write(lines, 0, q);
  }

  /** the final newline of a wrapped text */
  end(): void | Promise<void> {
    if (this.width === 0 || this.column === 0) return;
    this.column = 0;
    return this.out.write(NEWLINE);
  }
}

const NEWLINE = Uint8Array.of(0x0a);

export async function encodeInput(ctx: CallContext, c: Codec, input: Input, wrap: number, out: OutputBuffer): Promise<Outcome> {
  const block = c.name === 'z85' ? GNU_BLOCK : BLOCK;
  const pending = new Uint8Array(block);
  const text = new Uint8Array((block / c.inGroup) * c.outGroup + 16);
  const wrapper = new Wrapper(c, wrap, out, text.length);
  const chunks = new ChunkReader(input.reader);
  let fill = 0;
  let sinceCheck = 0;
  try {
    for (;;) {
      let chunk = chunks.read();
      if (chunk instanceof Promise) chunk = await chunk;
      if (chunk === null) break;
      sinceCheck += chunk.length;
      if (sinceCheck >= ABORT_CHECK_BYTES) {
        sinceCheck = 0;
        ctx.checkAbort();
      }
      let p = 0;
      while (p < chunk.length) {
        const take = Math.min(block - fill, chunk.length - p);
        pending.set(chunk.subarray(p, p + take), fill);
        fill += take;
        p += take;
        if (fill === block) {
          const w = wrapper.direct !== undefined ? wrapper.writeGroups(pending, block, wrapper.direct) : wrapper.write(text, encodeGroups(c, pending, 0, block, text, 0));
          if (w) await w;
          fill = 0;
        }
      }
    }
  } finally {
    chunks.release();
  }
  if (fill > 0) {
    const whole = fill - (fill % c.inGroup);
    if (whole !== fill && c.name === 'z85') return { ok: false, message: 'invalid input (length must be multiple of 4 characters)' };
    let n = encodeGroups(c, pending, 0, whole, text, 0);
    if (whole !== fill) n = encodeTail(c, pending, whole, fill - whole, text, n);
    const w = wrapper.write(text, n);
    if (w) await w;
  }
  const e = wrapper.end();
  if (e) await e;
  return { ok: true };
}

/**
 * basenc --base64url reads its input in blocks of this many bytes (kept by -i), and refuses a
 * whole block that holds a '+' or '/' before decoding any of it (basenc.c's alphabet wrapper)
 */
const URL_BLOCK = 6828;

export async function decodeInput(ctx: CallContext, c: Codec, input: Input, ignoreGarbage: boolean, out: OutputBuffer): Promise<Outcome> {
  const dec = new Decoder(c);
  const chunks = new ChunkReader(input.reader);
  const url = c.name === 'base64url';
  const block = url ? new Uint8Array(URL_BLOCK) : undefined;
  let fill = 0;
  let bytes = new Uint8Array(URL_BLOCK + 16);
  let sinceCheck = 0;
  /** decodes kept bytes src[0, n): false when invalid (what came before it written) */
  const decode = async (src: Uint8Array, n: number): Promise<boolean> => {
    if (bytes.length < n + 16) bytes = new Uint8Array(n + 16);
    let at = 0;
    const v = c.values;
    const quads = c.outGroup === 4;
    for (let i = 0; i < n; ) {
      // base64's hot path: a whole group of four alphabet characters, nothing pending
      if (quads && i + 4 <= n && dec.idle) {
        const a = v[src[i]!]!;
        const b = v[src[i + 1]!]!;
        const d = v[src[i + 2]!]!;
        const e = v[src[i + 3]!]!;
        if ((a | b | d | e) >= 0) {
          bytes[at] = (a << 2) | (b >> 4);
          bytes[at + 1] = (b << 4) | (d >> 2);
          bytes[at + 2] = (d << 6) | e;
          at += 3;
          i += 4;
          continue;
        }
      }
      const ch = src[i++]!;
      if (ch === 0x0a) continue;
      at = dec.push(ch, bytes, at);
      if (at < 0) {
        const w = out.write(bytes, 0, ~at);
        if (w) await w;
        return false;
      }
    }
    const w = out.write(bytes, 0, at);
    if (w) await w;
    return true;
  };
  /** one base64url block: refused whole when it holds a '+' or '/' */
  const urlBlock = (b: Uint8Array, n: number): Promise<boolean> | boolean => {
    for (let i = 0; i < n; i++) if (b[i] === 0x2b || b[i] === 0x2f) return false;
    return decode(b, n);
  };
  const INVALID: Outcome = { ok: false, message: 'invalid input' };
  try {
    for (;;) {
      let chunk = chunks.read();
      if (chunk instanceof Promise) chunk = await chunk;
      if (chunk === null) break;
      sinceCheck += chunk.length;
      if (sinceCheck >= ABORT_CHECK_BYTES) {
        sinceCheck = 0;
        ctx.checkAbort();
      }
      let kept = chunk;
      let n = chunk.length;
      if (ignoreGarbage || block !== undefined) {
        // -i keeps the alphabet and '=' only (newlines go too)
        kept = new Uint8Array(chunk.length);
        n = 0;
        for (let i = 0; i < chunk.length; i++) {
          const ch = chunk[i]!;
          if (!ignoreGarbage || ch === 0x3d || c.isBase(ch)) kept[n++] = ch;
        }
      }
      if (block === undefined) {
        if (!(await decode(kept, n))) return INVALID;
        continue;
      }
      for (let p = 0; p < n; ) {
        const take = Math.min(URL_BLOCK - fill, n - p);
        block.set(kept.subarray(p, p + take), fill);
        fill += take;
        p += take;
        if (fill === URL_BLOCK) {
          fill = 0;
          if (!(await urlBlock(block, URL_BLOCK))) return INVALID;
        }
      }
    }
    if (block !== undefined && fill > 0 && !(await urlBlock(block, fill))) return INVALID;
  } finally {
    chunks.release();
  }
  const at = dec.finish(bytes, 0);
  const w = out.write(bytes, 0, at < 0 ? ~at : at);
  if (w) await w;
  return at < 0 ? INVALID : { ok: true };
}
