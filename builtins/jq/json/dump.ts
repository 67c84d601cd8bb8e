// The JSON writer: jq 1.7.1's jv_dump_term (jv_print.c). Compact or pretty (`--indent n`,
// `--tab`), `-S` sorts keys, `-a` escapes non-ASCII as \uXXXX (surrogate pairs), `-C` colours
// with jq's escape sequences placed exactly where jq puts them. Past 256 levels jq prints
// `<skipped: too deep>` instead of the value; so does this.
import { type Json, LiteralNumber } from '../value.js';
import { numberToString } from './number.js';

/** jq's MAX_PRINT_DEPTH */
export const MAX_PRINT_DEPTH = 256;

export interface DumpOptions {
  /** spaces per level; 0 is compact (`-c`, `--indent 0`) */
  indent: number;
  /** `--tab`: one tab per level (pretty even when indent is 0) */
  tab?: boolean;
  /** `-S` */
  sortKeys?: boolean;
  /** `-a` */
  ascii?: boolean;
  /** `-C` */
  color?: boolean;
  /** colours from parseJqColors (JQ_COLORS); jq's defaults when absent */
  colors?: readonly string[];
}

const ESC = '\u001b';
const COLRESET = `${ESC}[0m`;

/** jq 1.7.1's defaults: null, false, true, number, string, array, object, object key */
export const DEFAULT_COLORS: readonly string[] = ['0;90', '0;39', '0;39', '0;39', '0;32', '1;39', '1;39', '1;34'].map(
  (c) => `${ESC}[${c}m`,
);

/**
 * JQ_COLORS as jq_set_colors reads it: up to 8 colon-separated fields of digits and `;`, each at
 * most 12 characters; the fields given replace the defaults in order. Undefined when invalid
 * (jq then warns `Failed to set $JQ_COLORS` and keeps its defaults).
 */
export function parseJqColors(spec: string): string[] | undefined {
  const out = [...DEFAULT_COLORS];
  if (spec === '') return out;
  const fields = spec.split(':');
  for (let i = 0; i < fields.length && i < out.length; i++) {
    const f = fields[i] ?? '';
    if (i === fields.length - 1 && f === '' && i > 0) break;
    if (f.length > 12 || !/^[0-9;]*$/.test(f)) return undefined;
    out[i] = `${ESC}[${f}m`;
  }
  return out;
}

const ESCAPE_NEEDED = /["\\\u0000-\u001f\u007f-\uffff]/;
const ESCAPE_NEEDED_UTF8 = /["\\\u0000-\u001f\u007f]/;
const NON_ASCII = /[\u0080-\uffff]/g;

/** a JSON string literal as jq writes it (\u007f escaped, lowercase hex, `-a` escapes) */
export function quoteString(s: string, ascii = false): string {
  if (!(ascii ? ESCAPE_NEEDED : ESCAPE_NEEDED_UTF8).test(s)) return `"${s}"`;
  let q = JSON.stringify(s);
  if (q.includes('\u007f')) q = q.replaceAll('\u007f', '\\u007f');
  if (ascii) q = q.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return q;
}

/** UTF-8 byte order of two strings (jq compares strings with memcmp): code point order */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      // UTF-16 puts surrogates (astral code points) below U+E000–U+FFFF; UTF-8 does not
      if (x >= 0xd800 && x <= 0xdfff) x += 0x2000;
      else if (x >= 0xe000) x -= 0x800;
      if (y >= 0xd800 && y <= 0xdfff) y += 0x2000;
      else if (y >= 0xe000) y -= 0x800;
      return x < y ? -1 : 1;
    }
  }
  return a.length - b.length;
}

function numberText(v: number | LiteralNumber): string {
  if (typeof v === 'number') return numberToString(v);
  // NaN and infinite literals print as the double does (null, ±DBL_MAX)
  return Number.isNaN(v.value) ? 'null' : v.text;
}

/** the JSON text of a value (no trailing newline) */
export function dumpJson(v: Json, opts: DumpOptions): string {
  if (opts.color === true) return dumpColor(v, opts);
  const pretty = opts.tab === true || opts.indent > 0;
  if (!pretty && opts.sortKeys !== true && opts.ascii !== true) return compact(v, 0);
  const parts: string[] = [];
  const unit = opts.tab === true ? '\t' : ' '.repeat(opts.indent);
  write(v, 0, parts, pretty, unit, opts.sortKeys === true, opts.ascii === true);
  return parts.join('');
}

/** `tojson`, `tostring` of a non-string, `@json`: compact, insertion order, UTF-8 */
export function tojson(v: Json): string {
  return compact(v, 0);
}

function compact(v: Json, depth: number): string {
  if (depth > MAX_PRINT_DEPTH) return '<skipped: too deep>';
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return numberToString(v);
    case 'string':
      return quoteString(v);
  }
  if (v instanceof LiteralNumber) return numberText(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    let s = '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) s += ',';
      s += compact(v[i] as Json, depth + 1);
    }
    return `${s}]`;
  }
  if (v.size === 0) return '{}';
  let s = '{';
  let first = true;
  for (const [k, x] of v) {
    if (!first) s += ',';
    first = false;
    s += `${quoteString(k)}:${compact(x, depth + 1)}`;
  }
  return `${s}}`;
}

function sortedKeys(o: Map<string, Json>): string[] {
  return [...o.keys()].sort(compareStrings);
}

function write(v: Json, depth: number, out: string[], pretty: boolean, unit: string, sort: boolean, ascii: boolean): void {
  if (depth > MAX_PRINT_DEPTH) {
    out.push('<skipped: too deep>');
    return;
  }
  if (v === null || typeof v !== 'object') {
    out.push(typeof v === 'string' ? quoteString(v, ascii) : compact(v, depth));
    return;
  }
  if (v instanceof LiteralNumber) {
    out.push(numberText(v));
    return;
  }
  const inner = pretty ? `\n${unit.repeat(depth + 1)}` : '';
  if (Array.isArray(v)) {
    if (v.length === 0) {
      out.push('[]');
      return;
    }
    out.push('[', inner);
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.push(',', inner);
      write(v[i] as Json, depth + 1, out, pretty, unit, sort, ascii);
    }
    out.push(pretty ? `\n${unit.repeat(depth)}]` : ']');
    return;
  }
  if (v.size === 0) {
    out.push('{}');
    return;
  }
  out.push('{', inner);
  let first = true;
  for (const k of sort ? sortedKeys(v) : v.keys()) {
    if (!first) out.push(',', inner);
    first = false;
    out.push(quoteString(k, ascii), pretty ? ': ' : ':');
    write(v.get(k) as Json, depth + 1, out, pretty, unit, sort, ascii);
  }
  out.push(pretty ? `\n${unit.repeat(depth)}}` : '}');
}

function kindIndex(v: Json): number {
  if (v === null) return 0;
  if (v === false) return 1;
  if (v === true) return 2;
  if (typeof v === 'number' || v instanceof LiteralNumber) return 3;
  if (typeof v === 'string') return 4;
  return Array.isArray(v) ? 5 : 6;
}

/** jq_dump_term with JV_PRINT_COLOR, sequence for sequence */
function dumpColor(root: Json, opts: DumpOptions): string {
  const colors = opts.colors ?? DEFAULT_COLORS;
  const field = colors[7] ?? '';
  const pretty = opts.tab === true || opts.indent > 0;
  const unit = opts.tab === true ? '\t' : ' '.repeat(opts.indent);
  const sort = opts.sortKeys === true;
  const ascii = opts.ascii === true;
  const out: string[] = [];
  const term = (v: Json, depth: number): void => {
    const color = colors[kindIndex(v)] ?? '';
    out.push(color);
    if (depth > MAX_PRINT_DEPTH) out.push('<skipped: too deep>');
    else if (v === null || typeof v !== 'object' || v instanceof LiteralNumber) {
      out.push(typeof v === 'string' ? quoteString(v, ascii) : compact(v, depth));
    } else if (Array.isArray(v)) {
      if (v.length === 0) out.push('[]');
      else {
        out.push('[');
        if (pretty) out.push('\n', unit.repeat(depth + 1));
        for (let i = 0; i < v.length; i++) {
          if (i > 0) out.push(pretty ? `,\n${unit.repeat(depth + 1)}` : ',');
          term(v[i] as Json, depth + 1);
          out.push(color);
        }
        if (pretty) out.push('\n', unit.repeat(depth));
        out.push(color, ']');
      }
    } else if (v.size === 0) out.push('{}');
    else {
      out.push('{');
      if (pretty) out.push('\n', unit.repeat(depth + 1));
      let first = true;
      for (const k of sort ? sortedKeys(v) : v.keys()) {
        if (!first) out.push(pretty ? `,\n${unit.repeat(depth + 1)}` : ',');
        first = false;
        out.push(COLRESET, field, quoteString(k, ascii), COLRESET, color, pretty ? ': ' : ':', COLRESET);
        term(v.get(k) as Json, depth + 1);
        out.push(color);
      }
      if (pretty) out.push('\n', unit.repeat(depth));
      out.push(color, '}');
    }
    out.push(COLRESET);
  };
  term(root, 0);
  return out.join('');
}

const encoder = new TextEncoder();

/**
 * jq's jv_dump_string_trunc: the compact dump cut to `bufsize - 1` bytes, its last three replaced
 * by `...` when it did not fit (a multi-byte character cut in two becomes U+FFFD). Type errors
 * use 15 (`null (null) and number (1) cannot be added`), a few messages 30.
 */
export function dumpForError(v: Json, bufsize = 15): string {
  const s = tojson(v);
  if (s.length <= (bufsize - 1) / 3) return s;
  const b = encoder.encode(s);
  if (b.length <= bufsize - 1) return s;
  return `${decodeUtf8(b.subarray(0, bufsize - 4))}...`;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes to a string as jq's jvp_utf8_next does: each bad sequence becomes one U+FFFD (an overlong
 * form, an encoded surrogate or a code point past U+10FFFF counts as one sequence, unlike the
 * WHATWG decoder which replaces such bytes one by one).
 */
export function decodeUtf8(b: Uint8Array): string {
  try {
    return strictDecoder.decode(b);
  } catch {
    // fall through to the careful path
  }
  let out = '';
  let i = 0;
  const end = b.length;
  let runStart = 0;
  while (i < end) {
    const first = b[i] as number;
    if (first < 0x80) {
      i++;
      continue;
    }
    let len = first >= 0xf0 ? (first >= 0xf5 ? 0 : 4) : first >= 0xe0 ? 3 : first >= 0xc0 ? (first >= 0xc2 ? 2 : 0) : -1;
    let cp = -1;
    if (len <= 0) len = 1;
    else if (i + len > end) len = end - i;
    else {
      cp = first & (len === 2 ? 0x1f : len === 3 ? 0x0f : 0x07);
      for (let k = 1; k < len; k++) {
        const c = b[i + k] as number;
        if ((c & 0xc0) !== 0x80) {
          cp = -1;
          len = k;
          break;
        }
        cp = (cp << 6) | (c & 0x3f);
      }
      const min = len === 2 ? 0x80 : len === 3 ? 0x800 : 0x10000;
      if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) cp = -1;
    }
    if (cp === -1) {
      out += strictDecoder.decode(b.subarray(runStart, i));
      out += '\ufffd';
      runStart = i + len;
    }
    i += len;
  }
  return out + strictDecoder.decode(b.subarray(runStart, end));
}

/**
 * Input bytes to text in chunks, each bad sequence one U+FFFD as jq replaces it (decodeUtf8); a
 * sequence cut by the end of a chunk waits for the next one.
 */
export class JqUtf8Decoder {
  private rest: Uint8Array | undefined;

  decode(chunk: Uint8Array, final = false): string {
    let b = chunk;
    if (this.rest !== undefined) {
      const joined = new Uint8Array(this.rest.length + chunk.length);
      joined.set(this.rest);
      joined.set(chunk, this.rest.length);
      b = joined;
      this.rest = undefined;
    }
    if (!final && b.length > 0) {
      let k = b.length - 1;
      while (k > 0 && b.length - k < 4 && ((b[k] as number) & 0xc0) === 0x80) k--;
      const lead = b[k] as number;
      const len = lead >= 0xf0 ? (lead < 0xf5 ? 4 : 1) : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 1;
      if (len > 1 && b.length - k < len) {
        this.rest = b.slice(k);
        b = b.subarray(0, k);
      }
    }
    return decodeUtf8(b);
  }
}
