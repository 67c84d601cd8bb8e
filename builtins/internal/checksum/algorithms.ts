// The digests the checksum commands compute that node:crypto does not: cksum's CRC (POSIX
// 1003.2, MSB first, the length appended), the SYSV and BSD sums of `sum`, and BLAKE2b with a
// chosen output length (b2sum -l: the length is a parameter of the hash, not a truncation, and
// OpenSSL 3.0 fixes it at 64 bytes). The node:crypto digests are made by the commands
// themselves (node:crypto is a commands-layer module) and handed in as a `Digester`.

/** one digest being computed: fed chunk by chunk, read once */
export interface Digester {
  update(chunk: Uint8Array): unknown;
  digest(): Uint8Array;
}

// ---------------------------------------------------------------- CRC (cksum)

/** slice-by-8 tables: T[k][b] is the CRC of byte b followed by k zero bytes */
const CRC_TABLES: Int32Array = (() => {
  const t = new Int32Array(8 * 256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c;
  }
  for (let i = 0; i < 256; i++) {
    for (let k = 1; k < 8; k++) {
      const prev = t[(k - 1) * 256 + i]!;
      t[k * 256 + i] = (prev << 8) ^ t[(prev >>> 24) & 0xff]!;
    }
  }
  return t;
})();

/** the running CRC over `b[from, to)` (MSB-first, no reflection: the POSIX cksum CRC) */
export function crcUpdate(crc: number, b: Uint8Array, from: number, to: number): number {
  const t = CRC_TABLES;
  let i = from;
  // eight bytes per step: two table look-ups per byte of state, no per-byte shift chain
  for (const end8 = to - 7; i < end8; i += 8) {
    const hi = crc ^ ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
    crc =
      t[7 * 256 + (hi >>> 24)]! ^ t[6 * 256 + ((hi >>> 16) & 0xff)]! ^ t[5 * 256 + ((hi >>> 8) & 0xff)]! ^ t[4 * 256 + (hi & 0xff)]! ^
      t[3 * 256 + b[i + 4]!]! ^ t[2 * 256 + b[i + 5]!]! ^ t[256 + b[i + 6]!]! ^ t[b[i + 7]!]!;
  }
  for (; i < to; i++) crc = (crc << 8) ^ t[((crc >>> 24) ^ b[i]!) & 0xff]!;
  return crc;
}

/** cksum's CRC: the bytes, then the length's bytes least significant first, complemented */
export class CrcSum {
  private crc = 0;
  length = 0;
  update(chunk: Uint8Array): void {
    this.crc = crcUpdate(this.crc, chunk, 0, chunk.length);
    this.length += chunk.length;
  }
  value(): number {
    let crc = this.crc;
    let n = this.length;
    const one = new Uint8Array(1);
    while (n > 0) {
      one[0] = n % 256;
      crc = crcUpdate(crc, one, 0, 1);
      n = Math.floor(n / 256);
    }
    return ~crc >>> 0;
  }
}

/** `sum -s` (System V): the byte sum folded to 16 bits, and 512-byte blocks */
export class SysvSum {
  private s = 0;
  length = 0;
  update(chunk: Uint8Array): void {
    let s = this.s;
    for (let i = 0; i < chunk.length; i++) s += chunk[i]!;
    // stays exact: folded below 2^32 every chunk
    this.s = s % 4294967296;
    this.length += chunk.length;
  }
  value(): number {
    const r = (this.s % 65536) + Math.floor(this.s / 65536);
    return (r % 65536) + Math.floor(r / 65536);
  }
}

/** `sum -r` (BSD): a 16-bit rotating sum, and 1024-byte blocks */
export class BsdSum {
  private s = 0;
  length = 0;
  update(chunk: Uint8Array): void {
    let s = this.s;
    for (let i = 0; i < chunk.length; i++) s = (((s >> 1) + ((s & 1) << 15)) + chunk[i]!) & 0xffff;
    this.s = s;
    this.length += chunk.length;
  }
  value(): number {
    return this.s;
  }
}

// ---------------------------------------------------------------- BLAKE2b (RFC 7693)

const BLAKE2B_IV = new Uint32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a,
  0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);

const SIGMA = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
  11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4, 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8,
  9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13, 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9,
  12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11, 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10,
  6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5, 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
].map((x) => x * 2);

/**
 * BLAKE2b over 64-bit words held as (low, high) pairs of 32-bit halves: v[2i] the low half.
 * Only b2sum -l and cksum -a blake2b -l use it (other lengths go through node:crypto).
 */
export class Blake2b implements Digester {
  private readonly h = new Uint32Array(16);
  private readonly v = new Uint32Array(32);
  private readonly m = new Uint32Array(32);
  private readonly block = new Uint8Array(128);
  private fill = 0;
  /** bytes compressed so far (a double: exact up to 2^53) */
  private count = 0;

  constructor(private readonly outBytes: number) {
    this.h.set(BLAKE2B_IV);
    this.h[0]! ^= 0x01010000 ^ outBytes;
  }

  update(chunk: Uint8Array): this {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      // a full block is compressed only once more input follows: the last one is final
      if (this.fill === 128) {
        this.count += 128;
        this.compress(false);
        this.fill = 0;
      }
      const take = Math.min(128 - this.fill, n - i);
      this.block.set(chunk.subarray(i, i + take), this.fill);
      this.fill += take;
      i += take;
    }
    return this;
  }

  digest(): Uint8Array {
    this.count += this.fill;
    this.block.fill(0, this.fill);
    this.compress(true);
    const out = new Uint8Array(this.outBytes);
    for (let i = 0; i < this.outBytes; i++) out[i] = this.h[i >> 2]! >>> (8 * (i & 3));
    return out;
  }

  private compress(last: boolean): void {
    const { v, m, h, block } = this;
    for (let i = 0; i < 32; i++) m[i] = block[i * 4]! | (block[i * 4 + 1]! << 8) | (block[i * 4 + 2]! << 16) | (block[i * 4 + 3]! << 24);
    v.set(h, 0);
    v.set(BLAKE2B_IV, 16);
    v[24]! ^= this.count >>> 0;
    v[25]! ^= Math.floor(this.count / 4294967296);
    if (last) {
      v[28] = ~v[28]!;
      v[29] = ~v[29]!;
    }
    for (let r = 0; r < 12; r++) {
      const s = r * 16;
      this.g(0, 8, 16, 24, SIGMA[s]!, SIGMA[s + 1]!);
      this.g(2, 10, 18, 26, SIGMA[s + 2]!, SIGMA[s + 3]!);
      this.g(4, 12, 20, 28, SIGMA[s + 4]!, SIGMA[s + 5]!);
      this.g(6, 14, 22, 30, SIGMA[s + 6]!, SIGMA[s + 7]!);
      this.g(0, 10, 20, 30, SIGMA[s + 8]!, SIGMA[s + 9]!);
      this.g(2, 12, 22, 24, SIGMA[s + 10]!, SIGMA[s + 11]!);
      this.g(4, 14, 16, 26, SIGMA[s + 12]!, SIGMA[s + 13]!);
      this.g(6, 8, 18, 28, SIGMA[s + 14]!, SIGMA[s + 15]!);
    }
    for (let i = 0; i < 16; i++) h[i]! ^= v[i]! ^ v[i + 16]!;
  }

  /** v[a] += v[b] + m[x] ... on (low, high) pairs */
  private g(a: number, b: number, c: number, d: number, x: number, y: number): void {
    const v = this.v;
    const m = this.m;
    add64(v, a, b);
    add64m(v, a, m, x);
    xorRot(v, d, a, 32);
    add64(v, c, d);
    xorRot(v, b, c, 24);
    add64(v, a, b);
    add64m(v, a, m, y);
    xorRot(v, d, a, 16);
    add64(v, c, d);
    xorRot(v, b, c, 63);
  }
}

/** v[a] += v[b] (64-bit, as pairs) */
function add64(v: Uint32Array, a: number, b: number): void {
  const lo = v[a]! + v[b]!;
  let hi = v[a + 1]! + v[b + 1]!;
  if (lo >= 4294967296) hi++;
  v[a] = lo;
  v[a + 1] = hi;
}

function add64m(v: Uint32Array, a: number, m: Uint32Array, x: number): void {
  const lo = v[a]! + m[x]!;
  let hi = v[a + 1]! + m[x + 1]!;
  if (lo >= 4294967296) hi++;
  v[a] = lo;
  v[a + 1] = hi;
}

/** v[d] = rotr64(v[d] ^ v[a], n) */
function xorRot(v: Uint32Array, d: number, a: number, n: number): void {
  const lo = v[d]! ^ v[a]!;
  const hi = v[d + 1]! ^ v[a + 1]!;
  if (n === 32) {
    v[d] = hi;
    v[d + 1] = lo;
  } else if (n < 32) {
    v[d] = (lo >>> n) | (hi << (32 - n));
    v[d + 1] = (hi >>> n) | (lo << (32 - n));
  } else {
    const k = n - 32;
    v[d] = (hi >>> k) | (lo << (32 - k));
    v[d + 1] = (lo >>> k) | (hi << (32 - k));
  }
}
