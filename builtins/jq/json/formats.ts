// jq 1.7.1's @formats (f_format in builtin.c): @text @json @csv @tsv @html @uri @sh @base64
// @base64d, with jq's messages. A format applies to one value; string interpolation (`@csv "\(.)"`)
// calls it on each interpolated value.
import { JqError, type Json, LiteralNumber } from '../value.js';
import { decodeUtf8, dumpForError, tojson } from './dump.js';

/** jq's type_error: `<kind> (<truncated dump>) <msg>` */
export function typeErrorMessage(v: Json, msg: string): string {
  return `${kindName(v)} (${dumpForError(v)}) ${msg}`;
}

/** jq's kind names as its messages use them */
export function kindName(v: Json): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
  }
  if (v instanceof LiteralNumber) return 'number';
  return Array.isArray(v) ? 'array' : 'object';
}

function typeError(v: Json, msg: string): JqError {
  return new JqError(typeErrorMessage(v, msg));
}

function tostring(v: Json): string {
  return typeof v === 'string' ? v : tojson(v);
}

const encoder = new TextEncoder();

function isNaNNumber(v: Json): boolean {
  return (typeof v === 'number' && v !== v) || (v instanceof LiteralNumber && v.value !== v.value);
}

function row(v: Json, msg: string, quote: (s: string) => string, sep: string): string {
  if (!Array.isArray(v)) throw typeError(v, msg);
  let line = '';
  for (let i = 0; i < v.length; i++) {
    if (i > 0) line += sep;
    const x = v[i] as Json;
    if (x === null) continue;
    if (typeof x === 'boolean') line += x ? 'true' : 'false';
    else if (typeof x === 'number' || x instanceof LiteralNumber) {
      if (!isNaNNumber(x)) line += tojson(x);
    } else if (typeof x === 'string') line += quote(x);
    else throw typeError(x, 'is not valid in a csv row');
  }
  return line;
}

const TSV_ESCAPE = /[\t\r\n\\]/g;
const TSV_MAP: Record<string, string> = { '\t': '\\t', '\r': '\\r', '\n': '\\n', '\\': '\\\\' };
const HTML_ESCAPE = /[&<>'"]/g;
const HTML_MAP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };
const URI_KEEP = /^[A-Za-z0-9\-_.~]*$/;

function uri(v: Json): string {
  const s = tostring(v);
  if (URI_KEEP.test(s)) return s;
  let out = '';
  for (const b of encoder.encode(s)) {
    const c = String.fromCharCode(b);
    out += b < 128 && URI_KEEP.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function sh(v: Json): string {
  const items = Array.isArray(v) ? v : [v];
  let line = '';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) line += ' ';
    const x = items[i] as Json;
    if (typeof x === 'string') line += `'${x.replaceAll("'", "'\\''")}'`;
    else if (x === null || typeof x !== 'object' || x instanceof LiteralNumber) line += tojson(x);
    else throw typeError(x, 'can not be escaped for shell');
  }
  return line;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++) B64_DECODE[B64.charCodeAt(i)] = i;

function base64d(v: Json): string {
  const s = tostring(v);
  const data = encoder.encode(s);
  const out = new Uint8Array(Math.floor((3 * data.length) / 4) + 3);
  let ri = 0;
  let n = 0;
  let code = 0;
  for (let i = 0; i < data.length && data[i] !== 61; i++) {
    const d = B64_DECODE[data[i] as number] as number;
    if (d < 0) throw typeError(s, 'is not valid base64 data');
    code = (code << 6) | d;
    if (++n === 4) {
      out[ri++] = (code >> 16) & 0xff;
      out[ri++] = (code >> 8) & 0xff;
      out[ri++] = code & 0xff;
      n = 0;
      code = 0;
    }
  }
  if (n === 3) {
    out[ri++] = (code >> 10) & 0xff;
    out[ri++] = (code >> 2) & 0xff;
  } else if (n === 2) {
    out[ri++] = (code >> 4) & 0xff;
  } else if (n === 1) {
    throw typeError(s, 'trailing base64 byte found');
  }
  return decodeUtf8(out.subarray(0, ri));
}

export const FORMATS: Record<string, (v: Json) => string> = {
  text: tostring,
  json: tojson,
  csv: (v) => row(v, 'cannot be csv-formatted, only array', (s) => `"${s.replaceAll('"', '""')}"`, ','),
  tsv: (v) => row(v, 'cannot be tsv-formatted, only array', (s) => s.replace(TSV_ESCAPE, (c) => TSV_MAP[c] ?? c), '\t'),
  html: (v) => tostring(v).replace(HTML_ESCAPE, (c) => HTML_MAP[c] ?? c),
  uri,
  sh,
  base64: (v) => Buffer.from(tostring(v), 'utf8').toString('base64'),
  base64d,
};

/** `@name` that jq does not know: `name is not a valid format` (a runtime error in jq 1.7.1) */
export function formatError(name: string): JqError {
  return new JqError(`${name} is not a valid format`);
}
