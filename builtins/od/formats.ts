// od's output types (-t TYPE and the traditional -a -b -c … letters): decoding the type strings
// with GNU's messages, and printing one line of fields for a block with GNU's column layout.

import { quote } from '../internal/quote.js';
import { formatFloat32, formatFloat64, formatFloat80 } from './float.js';

export type FormatKind = 'd' | 'o' | 'u' | 'x' | 'f' | 'a' | 'c';

export interface FormatSpec {
  kind: FormatKind;
  /** bytes per field */
  size: number;
  /** printed width of the widest value */
  fieldWidth: number;
  /** the z suffix: printable characters at the end of the line */
  trailer: boolean;
  /** filled in once the block size is known: spaces spread between the fields */
  padWidth: number;
}

/** field widths of the integer types by size, as GNU computes them for 8-bit bytes */
const INT_WIDTH: Record<'d' | 'o' | 'u' | 'x', Record<number, number>> = {
  d: { 1: 4, 2: 6, 4: 11, 8: 20 },
  u: { 1: 3, 2: 5, 4: 10, 8: 20 },
  o: { 1: 3, 2: 6, 4: 11, 8: 22 },
  x: { 1: 2, 2: 4, 4: 8, 8: 16 },
};
const INT_SIZE_LETTER: Record<string, number> = { C: 1, S: 2, I: 4, L: 8 };
const FLOAT_SIZE_LETTER: Record<string, number> = { F: 4, D: 8, L: 16 };
const FLOAT_WIDTH: Record<number, number> = { 4: 15, 8: 24, 16: 29 };

export type DecodeResult = { ok: true; specs: FormatSpec[] } | { ok: false; message: string };

/** a run of decimal digits at s[i]; GNU 9.1 reads it as an unsigned long */
function digitsAt(s: string, i: number): { value: bigint; next: number } | null {
  let j = i;
  while (j < s.length && s[j]! >= '0' && s[j]! <= '9') j++;
  if (j === i) return null;
  return { value: BigInt(s.slice(i, j)), next: j };
}

/** decode_format_string: one -t argument holding one or more types */
export function decodeFormatString(s: string): DecodeResult {
  const specs: FormatSpec[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    let kind: FormatKind;
    let size: number;
    let fieldWidth: number;
    i++;
    if (c === 'd' || c === 'o' || c === 'u' || c === 'x') {
      kind = c;
      const letter = INT_SIZE_LETTER[s[i] ?? ''];
      if (letter !== undefined) {
        size = letter;
        i++;
      } else {
        const n = digitsAt(s, i);
        if (n === null) size = 4;
        else {
          if (INT_WIDTH[c][Number(n.value)] === undefined || n.value > 8n) {
            return { ok: false, message: `invalid type string ${quote(s)};\nthis system doesn't provide a ${n.value}-byte integral type` };
          }
          size = Number(n.value);
          i = n.next;
        }
      }
      fieldWidth = INT_WIDTH[c][size]!; // a size of the table: a letter's, 4, or one checked above
    } else if (c === 'f') {
      kind = 'f';
      const letter = FLOAT_SIZE_LETTER[s[i] ?? ''];
      if (letter !== undefined) {
        size = letter;
        i++;
      } else {
        const n = digitsAt(s, i);
        if (n === null) size = 8;
        else {
          if (n.value > 16n || FLOAT_WIDTH[Number(n.value)] === undefined) {
            return { ok: false, message: `invalid type string ${quote(s)};\nthis system doesn't provide a ${n.value}-byte floating point type` };
          }
          size = Number(n.value);
          i = n.next;
        }
      }
      fieldWidth = FLOAT_WIDTH[size]!; // a size of the table: a letter's, 8, or one checked above
    } else if (c === 'a' || c === 'c') {
      kind = c;
      size = 1;
      fieldWidth = 3;
    } else {
      return { ok: false, message: `invalid character '${c}' in type string ${quote(s)}` };
    }
    const trailer = s[i] === 'z';
    if (trailer) i++;
    specs.push({ kind, size, fieldWidth, trailer, padWidth: 0 });
  }
  return { ok: true, specs };
}

/** the traditional single-letter options and the types they stand for */
export const TRADITIONAL_TYPES: Record<string, string> = {
  a: 'a', b: 'o1', c: 'c', D: 'u4', d: 'u2', F: 'fD', e: 'fD', f: 'fF', X: 'x4', H: 'x4', i: 'dI',
  I: 'dL', L: 'dL', l: 'dL', O: 'o4', B: 'o2', o: 'o2', s: 'd2', h: 'x2', x: 'x2',
};

const CHAR_NAMES = [
  'nul', 'soh', 'stx', 'etx', 'eot', 'enq', 'ack', 'bel', 'bs', 'ht', 'nl', 'vt', 'ff', 'cr', 'so', 'si',
  'dle', 'dc1', 'dc2', 'dc3', 'dc4', 'nak', 'syn', 'etb', 'can', 'em', 'sub', 'esc', 'fs', 'gs', 'rs', 'us', 'sp',
];
const C_ESCAPES: Record<number, string> = { 0: '\\0', 7: '\\a', 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v' };

function namedChar(b: number): string {
  const m = b & 0x7f;
  if (m === 127) return 'del';
  if (m <= 32) return CHAR_NAMES[m]!;
  return String.fromCharCode(m);
}

function printableChar(b: number): string {
  const escaped = C_ESCAPES[b];
  if (escaped !== undefined) return escaped;
  if (b >= 0x20 && b < 0x7f) return String.fromCharCode(b);
  return b.toString(8).padStart(3, '0');
}

function readUnsigned(view: DataView, at: number, size: number, little: boolean): bigint | number {
  switch (size) {
    case 1: return view.getUint8(at);
    case 2: return view.getUint16(at, little);
    case 4: return view.getUint32(at, little);
    default: return view.getBigUint64(at, little);
  }
}

function readSigned(view: DataView, at: number, size: number, little: boolean): bigint | number {
  switch (size) {
    case 1: return view.getInt8(at);
    case 2: return view.getInt16(at, little);
    case 4: return view.getInt32(at, little);
    default: return view.getBigInt64(at, little);
  }
}

/** the text of one field (before right-justification) */
function fieldText(spec: FormatSpec, block: Uint8Array, view: DataView, at: number, little: boolean): string {
  switch (spec.kind) {
    case 'a': return namedChar(block[at]!);
    case 'c': return printableChar(block[at]!);
    case 'd': return readSigned(view, at, spec.size, little).toString();
    case 'u': return readUnsigned(view, at, spec.size, little).toString();
    case 'o': return readUnsigned(view, at, spec.size, little).toString(8).padStart(spec.fieldWidth, '0');
    case 'x': return readUnsigned(view, at, spec.size, little).toString(16).padStart(spec.fieldWidth, '0');
    case 'f':
      if (spec.size === 4) return formatFloat32(view, at, little);
      if (spec.size === 8) return formatFloat64(view, at, little);
      return formatFloat80(block, at, little);
  }
}

/** the padding before field i of `fields` (GNU's pad_at: pad * i / fields without overflow) */
function padAt(fields: number, i: number, pad: number): number {
  return Math.floor(pad / fields) * i + Math.floor(((pad % fields) * i) / fields);
}

/**
 * One output line for `spec`: the fields of the first `nBytes` bytes of `block` (which is padded
 * with zeros to a whole number of fields), columns aligned with the other specs' lines.
 */
export function formatLine(spec: FormatSpec, block: Uint8Array, view: DataView, bytesPerBlock: number, nBytes: number, little: boolean): string {
  const fields = bytesPerBlock / spec.size;
  const blank = Math.floor((bytesPerBlock - nBytes) / spec.size);
  let line = '';
  let padRemaining = spec.padWidth;
  let at = 0;
  for (let i = fields; i > blank; i--) {
    const nextPad = padAt(fields, i - 1, spec.padWidth);
    const width = padRemaining - nextPad + spec.fieldWidth;
    const text = fieldText(spec, block, view, at, little);
    line += text.length < width ? ' '.repeat(width - text.length) + text : text;
    padRemaining = nextPad;
    at += spec.size;
  }
  if (spec.trailer) {
    line += ' '.repeat(spec.fieldWidth * blank + padAt(fields, blank, spec.padWidth)) + '  >';
    for (let k = 0; k < nBytes; k++) {
      const b = block[k]!;
      line += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    }
    line += '<';
  }
  return line;
}
