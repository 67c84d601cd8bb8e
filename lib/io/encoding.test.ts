// Bytes ↔ strings: invalid UTF-8 survives as U+DC80..U+DCFF (surrogateescape) and becomes the
// same raw bytes again; everything else is plain UTF-8.
import { describe, expect, it } from 'vitest';
import { decode, encode } from './encoding.js';

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

describe('encode / decode', () => {
  it.each([
    ['ascii', bytes(0x61, 0x62, 0x0a)],
    ['utf-8 with a 4-byte character', new TextEncoder().encode('é 😀 z')],
    ['invalid bytes', bytes(0x61, 0xff, 0xfe, 0x80, 0x62)],
    ['truncated sequence then a character', bytes(0xe2, 0x82, 0x61)],
    ['raw bytes next to an emoji', Uint8Array.from([0xc3, ...new TextEncoder().encode('😀'), 0xa9])],
    ['NUL bytes', bytes(0, 0x61, 0)],
  ])('round-trips %s', (_name, b) => {
    expect(encode(decode(b))).toEqual(b);
  });

  it('encodes well-formed strings as TextEncoder does', () => {
    for (const s of ['', 'plain', 'é😀\u{10FFFF}', 'a\u0000b']) expect(encode(s)).toEqual(new TextEncoder().encode(s));
  });

  it('writes U+DC80..U+DCFF as the raw byte and other lone surrogates as U+FFFD', () => {
    expect(encode('a\udcffb\udc80')).toEqual(bytes(0x61, 0xff, 0x62, 0x80));
    expect(encode('x\ud800y')).toEqual(bytes(0x78, 0xef, 0xbf, 0xbd, 0x79));
  });
});

describe('decode of invalid UTF-8 (the surrogateescape path)', () => {
  /** the definition, one code point at a time: a valid sequence as its character, any other byte as U+DC00 + byte */
  function reference(b: Uint8Array): string {
    let out = '';
    for (let i = 0; i < b.length; ) {
      const c = b[i]!;
      const need = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
      if (need >= 0 && i + need < b.length + (need === 0 ? 1 : 0)) {
        try {
          const s = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(i, i + need + 1));
          if ([...s].length === 1) {
            out += s;
            i += need + 1;
            continue;
          }
        } catch {
          // not a valid sequence: the byte is escaped below
        }
      }
      out += String.fromCharCode(c < 0x80 ? c : 0xdc00 + c);
      i++;
    }
    return out;
  }

  it('matches the definition on random bytes, and round-trips', () => {
    let seed = 12345;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) & 0xff;
    for (let t = 0; t < 2000; t++) {
      const n = rnd() % 64;
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const r = rnd();
        // bias towards lead and continuation bytes, so that valid and broken sequences both occur
        b[i] = r < 64 ? 0x80 + (rnd() & 0x3f) : r < 96 ? 0xc0 + (rnd() & 0x3f) : r < 112 ? 0xf0 + (rnd() & 7) : rnd();
      }
      const s = decode(b);
      expect(s).toBe(reference(b));
      expect(encode(s)).toEqual(b);
    }
  });

  it('holds a long binary record as one flat string (no cons cell per character)', () => {
    const b = new Uint8Array(100_000).map((_, i) => (i * 131 + 7) & 0xff);
    const s = decode(b);
    expect(encode(s)).toEqual(b);
  });
});
