// The parsed form of a POSIX regular expression (BRE or ERE with GNU extensions). Patterns are
// byte strings: every character of the pattern string is one byte (char code 0–255, latin1-style
// decoding), so sets are 256-bit tables and nothing depends on UTF-8 validity.

/** 256 booleans, one per byte value */
export type ByteSet = Uint8Array;

export type Assertion =
  | 'bol' // ^  (also \`)
  | 'eol' // $  (also \')
  | 'word-boundary' // \b
  | 'not-word-boundary' // \B
  | 'word-start' // \<
  | 'word-end'; // \>

export type Node =
  | { type: 'literal'; byte: number }
  /** `negated`: a `[^…]` bracket, kept un-negated so -i can fold case before negating (GNU) */
  | { type: 'set'; bytes: ByteSet; negated?: boolean }
  | { type: 'any' }
  | { type: 'concat'; items: Node[] }
  | { type: 'alt'; alternatives: Node[] }
  /** a POSIX group \( \) or ( ); index is its 1-based number for back-references */
  | { type: 'group'; index: number; body: Node }
  /** max = Infinity for unbounded */
  | { type: 'repeat'; min: number; max: number; body: Node }
  | { type: 'backref'; group: number }
  /** `buffer`: \` or \' — the buffer's ends even in sed's multiline (M) mode */
  | { type: 'assert'; kind: Assertion; buffer?: boolean };

export const RE_DUP_MAX = 32767;

export function newByteSet(): ByteSet {
  return new Uint8Array(256);
}

export const isWordByte = (b: number): boolean =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;
