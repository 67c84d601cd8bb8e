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
