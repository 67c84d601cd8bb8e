// The encodings of base64, base32 and basenc (coreutils 9.1 with gnulib's base64.c/base32.c and
// basenc.c's own base16, base2 and Z85), as data plus two small state machines:
// - encoding: whole groups of input bytes at a time (the caller keeps the group's remainder),
//   then the last partial group with its padding;
// - decoding: one character at a time after newlines (and, with -i, garbage) are dropped, with
//   gnulib's rules: a base64 group of 4 (base32: 8) characters decodes on its own, '=' padding
//   allowed only at a group's end; a bad group still yields the bytes its good prefix gives, then
//   "invalid input"; a partial group at the end of input is invalid (base64 first yields what its
//   2 or 3 characters give).

export type CodecName = 'base64' | 'base64url' | 'base32' | 'base32hex' | 'base16' | 'base2msbf' | 'base2lsbf' | 'z85';

export interface Codec {
  readonly name: CodecName;
  /** input bytes per encoded group, and characters per group */
  readonly inGroup: number;
  readonly outGroup: number;
  /** the alphabet: value → character code */
  readonly alphabet: Uint8Array;
  /** character code → value, -1 when not in the alphabet */
  readonly values: Int16Array;
  /** -i keeps these (basenc's isbase*), '=' too */
  isBase(c: number): boolean;
}

function valuesOf(alphabet: string): Int16Array {
  const v = new Int16Array(256).fill(-1);
  for (let i = 0; i < alphabet.length; i++) v[alphabet.charCodeAt(i)] = i;
  return v;
}

function codec(name: CodecName, inGroup: number, outGroup: number, alphabet: string, isBase?: (c: number) => boolean): Codec {
  const values = valuesOf(alphabet);
  const bytes = new Uint8Array(alphabet.length);
  for (let i = 0; i < alphabet.length; i++) bytes[i] = alphabet.charCodeAt(i);
  return { name, inGroup, outGroup, alphabet: bytes, values, isBase: isBase ?? ((c) => values[c]! >= 0) };
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const Z85 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#';

export const CODECS: Readonly<Record<CodecName, Codec>> = {
  base64: codec('base64', 3, 4, `${UPPER}${LOWER}${DIGITS}+/`),
  base64url: codec('base64url', 3, 4, `${UPPER}${LOWER}${DIGITS}-_`),
  base32: codec('base32', 5, 8, `${UPPER}234567`),
  base32hex: codec('base32hex', 5, 8, `${DIGITS}ABCDEFGHIJKLMNOPQRSTUV`),
  base16: codec('base16', 1, 2, `${DIGITS}ABCDEF`),
  base2msbf: codec('base2msbf', 1, 8, '01'),
  base2lsbf: codec('base2lsbf', 1, 8, '01'),
  z85: codec('z85', 4, 5, Z85),
};

const EQ = 0x3d;

/**
 * Encodes the whole groups of src[from, to) ((to - from) a multiple of inGroup) into dst at
 * `at`; returns the end. base64 goes through Node's native encoder.
 */
export function encodeGroups(c: Codec, src: Uint8Array, from: number, to: number, dst: Uint8Array, at: number): number {
  const a = c.alphabet;
  switch (c.name) {
    case 'base64': {
      if (to === from) return at;
      const text = base64Slice.call(src, from, to);
      return at + latin1Write.call(dst, text, at, text.length);
    }
    case 'base64url':
      for (let i = from; i < to; i += 3) {
        const n = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
        dst[at++] = a[n >>> 18]!;
        dst[at++] = a[(n >>> 12) & 63]!;
        dst[at++] = a[(n >>> 6) & 63]!;
        dst[at++] = a[n & 63]!;
      }
      return at;
    case 'base32':
    case 'base32hex':
      for (let i = from; i < to; i += 5) {
        const hi = src[i]!;
        const lo = ((src[i + 1]! << 24) | (src[i + 2]! << 16) | (src[i + 3]! << 8) | src[i + 4]!) >>> 0;
        dst[at++] = a[hi >>> 3]!;
        dst[at++] = a[((hi & 7) << 2) | (lo >>> 30)]!;
        dst[at++] = a[(lo >>> 25) & 31]!;
        dst[at++] = a[(lo >>> 20) & 31]!;
        dst[at++] = a[(lo >>> 15) & 31]!;
        dst[at++] = a[(lo >>> 10) & 31]!;
        dst[at++] = a[(lo >>> 5) & 31]!;
        dst[at++] = a[lo & 31]!;
      }
      return at;
    case 'base16':
      for (let i = from; i < to; i++) {
        dst[at++] = a[src[i]! >> 4]!;
        dst[at++] = a[src[i]! & 15]!;
      }
      return at;
    case 'base2msbf':
      for (let i = from; i < to; i++) for (let b = 7; b >= 0; b--) dst[at++] = 0x30 + ((src[i]! >> b) & 1);
      return at;
    case 'base2lsbf':
      for (let i = from; i < to; i++) for (let b = 0; b < 8; b++) dst[at++] = 0x30 + ((src[i]! >> b) & 1);
      return at;
    case 'z85':
      for (let i = from; i < to; i += 4) {
        let v = ((src[i]! << 24) | (src[i + 1]! << 16) | (src[i + 2]! << 8) | src[i + 3]!) >>> 0;
        for (let j = 4; j >= 0; j--) {
          dst[at + j] = a[v % 85]!;
          v = Math.floor(v / 85);
        }
        at += 5;
      }
      return at;
  }
}

/** the last partial group (1 ≤ n < inGroup bytes) with its '=' padding; z85 has none (caller) */
export function encodeTail(c: Codec, src: Uint8Array, from: number, n: number, dst: Uint8Array, at: number): number {
  const a = c.alphabet;
  const b = (k: number): number => (k < n ? src[from + k]! : 0);
  if (c.inGroup === 3) {
    const v = (b(0) << 16) | (b(1) << 8) | b(2);
    dst[at++] = a[v >>> 18]!;
    dst[at++] = a[(v >>> 12) & 63]!;
    dst[at++] = n > 1 ? a[(v >>> 6) & 63]! : EQ;
    dst[at++] = EQ;
    return at;
  }
  // base32: 5 bytes → 8 characters; n bytes give ceil(8n/5) characters, then '='
  const used = [0, 2, 4, 5, 7][n]!;
  const hi = b(0);
  const lo = ((b(1) << 24) | (b(2) << 16) | (b(3) << 8) | b(4)) >>> 0;
  const chars = [hi >>> 3, ((hi & 7) << 2) | (lo >>> 30), (lo >>> 25) & 31, (lo >>> 20) & 31, (lo >>> 15) & 31, (lo >>> 10) & 31, (lo >>> 5) & 31, lo & 31];
  for (let k = 0; k < 8; k++) dst[at++] = k < used ? a[chars[k]!]! : EQ;
  return at;
}

/** two base64 characters per 12 bits, little-endian in a uint16 (made on first use) */
const pairTables = new Map<Codec, Uint16Array>();

function pairsOf(c: Codec): Uint16Array {
  let t = pairTables.get(c);
  if (t === undefined) {
    t = new Uint16Array(4096);
    for (let i = 0; i < 4096; i++) t[i] = c.alphabet[i >> 6]! | (c.alphabet[i & 63]! << 8);
    pairTables.set(c, t);
  }
  return t;
}

/**
 * base64/base64url of the whole groups of src[from, to) written straight into `out` at `at`,
 * wrapped as GNU wraps (a newline before a group that would start past `width`; width 0 or a
 * multiple of 4, so lines end on group boundaries). One 32-bit store per group: the hot loop of
 * `base64 FILE`. Returns the end; `state.column` carries the column across calls.
 */
export function encodeBase64Wrapped(c: Codec, src: Uint8Array, from: number, to: number, out: DataView, at: number, width: number, state: { column: number }): number {
  const pair = pairsOf(c);
  let col = state.column;
  const w = width === 0 ? -1 : width;
  for (let i = from; i < to; i += 3) {
    if (col === w) {
      out.setUint8(at++, 0x0a);
      col = 0;
    }
    const n = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
    out.setUint32(at, pair[n >>> 12]! | (pair[n & 4095]! << 16), true);
    at += 4;
    col += 4;
  }
  state.column = col;
  return at;
}

const base64Slice = (Buffer.prototype as unknown as { base64Slice: (this: Uint8Array, s: number, e: number) => string }).base64Slice;
const latin1Write = (Buffer.prototype as unknown as { latin1Write: (this: Uint8Array, s: string, o: number, l: number) => number }).latin1Write;

/**
 * Decoding state: the pending characters of a group (base64/32, z85) or the bits/nibble so far.
 * `push` takes one non-newline character and writes what it completes into `out` at `at`;
 * returns the new end, or ~end (negative) when the input is invalid there.
 */
export class Decoder {
  private readonly group: Uint8Array;
  private n = 0;
  private acc = 0;

  constructor(readonly c: Codec) {
    this.group = new Uint8Array(Math.max(c.outGroup, 8));
  }

  push(ch: number, out: Uint8Array, at: number): number {
    const c = this.c;
    switch (c.name) {
      case 'base16': {
        const v = c.values[ch]!;
        if (v < 0) return ~at;
        if (this.n === 0) {
          this.acc = v;
          this.n = 1;
        } else {
          out[at++] = (this.acc << 4) | v;
          this.n = 0;
        }
        return at;
      }
      case 'base2msbf':
      case 'base2lsbf': {
        if (ch !== 0x30 && ch !== 0x31) return ~at;
        const bit = ch - 0x30;
        this.acc |= c.name === 'base2lsbf' ? bit << this.n : bit << (7 - this.n);
        if (++this.n === 8) {
          out[at++] = this.acc;
          this.acc = 0;
          this.n = 0;
        }
        return at;
      }
      case 'z85': {
        const v = c.values[ch]!;
        if (v < 0) return ~at;
        this.acc = this.acc * 85 + v;
        if (++this.n === 5) {
          const val = this.acc;
          this.acc = 0;
          this.n = 0;
          if (val >= 4294967296) return ~at;
          out[at++] = val >>> 24;
          out[at++] = (val >>> 16) & 255;
          out[at++] = (val >>> 8) & 255;
          out[at++] = val & 255;
        }
        return at;
      }
      default: {
        this.group[this.n++] = ch;
        if (this.n < c.outGroup) return at;
        this.n = 0;
        return c.outGroup === 4 ? decode4(c.values, this.group, 4, out, at) : decode8(c.values, this.group, 8, out, at);
      }
    }
  }

  /** at the end of input: the new end, or ~end when a partial group is left */
  finish(out: Uint8Array, at: number): number {
    if (this.n === 0) return at;
    if (this.c.outGroup === 4) {
      const r = decode4(this.c.values, this.group, this.n, out, at);
      return r < 0 ? r : ~r;
    }
    return ~at;
  }

  /** nothing pending: whole groups may be decoded in bulk */
  get idle(): boolean {
    return this.n === 0 && this.acc === 0;
  }
}

/** gnulib decode_4 over g[0, len): the end, or ~end after the bytes its good prefix gave */
function decode4(v: Int16Array, g: Uint8Array, len: number, out: Uint8Array, at: number): number {
  if (len < 2) return ~at;
  const a = v[g[0]!]!;
  const b = v[g[1]!]!;
  if (a < 0 || b < 0) return ~at;
  out[at++] = ((a << 2) | (b >> 4)) & 255;
  if (len === 2) return ~at;
  if (g[2] === EQ) return len === 4 && g[3] === EQ ? at : ~at;
  const c = v[g[2]!]!;
  if (c < 0) return ~at;
  out[at++] = ((b << 4) | (c >> 2)) & 255;
  if (len === 3) return ~at;
  if (g[3] === EQ) return at;
  const d = v[g[3]!]!;
  if (d < 0) return ~at;
  out[at++] = ((c << 6) | d) & 255;
  return at;
}

/** gnulib base32 decode_8 */
function decode8(v: Int16Array, g: Uint8Array, len: number, out: Uint8Array, at: number): number {
  if (len < 8) return ~at;
  const x = (k: number): number => v[g[k]!]!;
  const pads = (from: number): boolean => {
    for (let k = from; k < 8; k++) if (g[k] !== EQ) return false;
    return true;
  };
  if (x(0) < 0 || x(1) < 0) return ~at;
  out[at++] = ((x(0) << 3) | (x(1) >> 2)) & 255;
  if (g[2] === EQ) return pads(3) ? at : ~at;
  if (x(2) < 0 || x(3) < 0) return ~at;
  out[at++] = ((x(1) << 6) | (x(2) << 1) | (x(3) >> 4)) & 255;
  if (g[4] === EQ) return pads(5) ? at : ~at;
  if (x(4) < 0) return ~at;
  out[at++] = ((x(3) << 4) | (x(4) >> 1)) & 255;
  if (g[5] === EQ) return pads(6) ? at : ~at;
  if (x(5) < 0 || x(6) < 0) return ~at;
  out[at++] = ((x(4) << 7) | (x(5) << 2) | (x(6) >> 3)) & 255;
  if (g[7] === EQ) return at;
  if (x(7) < 0) return ~at;
  out[at++] = ((x(6) << 5) | x(7)) & 255;
  return at;
}
