// TEMPORARY stand-in for ./json/ (owned by the JSON reader/writer work): the names the language
// uses, with simple bodies, so the language and the command run before that code lands. The lead
// swaps the imports of this file for ./json/index.js; nothing here is meant to be exact.

import { JqError, LiteralNumber, type Json, type JsonObject } from './value.js';

export function numberToString(n: number): string {
  if (Number.isNaN(n)) return 'null';
  if (n === Infinity) return '1.7976931348623157e+308';
  if (n === -Infinity) return '-1.7976931348623157e+308';
  if (Object.is(n, -0)) return '-0';
  if (Number.isInteger(n) && Math.abs(n) < 1e17) return String(n);
  const s = n.toPrecision(17);
  const short = String(n);
  const v = Number(short) === n ? short : s;
  return v.replace(/e\+?/, (m) => (m === 'e+' ? 'e+' : 'e'));
}

function fromPlain(v: unknown): Json {
  if (v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  const m: JsonObject = new Map();
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, fromPlain(x));
  return m;
}

/** one JSON text (throws JqError with a parse message) */
export function parseJson(text: string): Json {
  const t = text.trim();
  if (/^-?[0-9]+$/.test(t) && !Number.isSafeInteger(Number(t))) return new LiteralNumber(Number(t), t);
  if (t === 'nan' || t === 'NaN') return Number.NaN;
  try {
    // JSON.parse loses key order for integer-like keys; the real reader keeps it
    return fromPlain(JSON.parse(t));
  } catch (e) {
    throw new JqError(`${(e as Error).message} (while parsing '${text}')`);
  }
}

function quote(s: string, ascii: boolean): string {
  let out = JSON.stringify(s).replace(/\u007f/g, '\\u007f');
  if (ascii) out = out.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return out;
}

export interface DumpOptions {
  indent: number;
  tab?: boolean;
  sortKeys?: boolean;
  ascii?: boolean;
  color?: boolean;
}

export function dumpJson(v: Json, opts: DumpOptions, depth = 0): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return numberToString(v);
  if (v instanceof LiteralNumber) return v.text;
  if (typeof v === 'string') return quote(v, opts.ascii === true);
  const pad = opts.tab ? '\t' : ' '.repeat(opts.indent);
  const nl = opts.indent > 0 || opts.tab ? `\n${pad.repeat(depth + 1)}` : '';
  const end = opts.indent > 0 || opts.tab ? `\n${pad.repeat(depth)}` : '';
  const colon = opts.indent > 0 || opts.tab ? ': ' : ':';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[${v.map((x) => nl + dumpJson(x, opts, depth + 1)).join(',')}${end}]`;
  }
  if (v.size === 0) return '{}';
  let keys = [...v.keys()];
  if (opts.sortKeys) keys = keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${nl}${quote(k, opts.ascii === true)}${colon}${dumpJson(v.get(k) ?? null, opts, depth + 1)}`).join(',')}${end}}`;
}

export function tojson(v: Json): string {
  return dumpJson(v, { indent: 0 });
}

/** concatenated JSON values, fed text in pieces */
export class JsonStreamParser {
  private buf = '';
  private ended = false;
  write(text: string): void {
    this.buf += text;
  }
  end(): void {
    this.ended = true;
  }
  next(): Json | { error: string } | undefined {
    const s = this.buf.replace(/^[\s\u001e]+/, '');
    if (s === '') {
      this.buf = '';
      return undefined;
    }
    const end = valueEnd(s);
    if (end < 0 || (end === s.length && !this.ended && /[0-9a-z]$/.test(s))) {
      if (!this.ended) {
        this.buf = s;
        return undefined;
      }
      this.buf = '';
      return { error: 'Unfinished JSON term at EOF at line 2, column 0' };
    }
    this.buf = s.slice(end);
    try {
      return parseJson(s.slice(0, end));
    } catch (e) {
      return { error: String((e as JqError).value) };
    }
  }
}

/** where the first JSON value of s ends, or -1 if s holds no whole value yet */
function valueEnd(s: string): number {
  const c = s[0];
  if (c === '{' || c === '[') {
    let depth = 0;
    let inStr = false;
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      if (inStr) {
        if (ch === '\\') i++;
        else if (ch === '"') inStr = false;
      } else if (ch === '"') inStr = true;
      else if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  if (c === '"') {
    for (let i = 1; i < s.length; i++) {
      if (s[i] === '\\') i++;
      else if (s[i] === '"') return i + 1;
    }
    return -1;
  }
  const m = /^[^\s{}[\]",:]+/.exec(s);
  return m === null ? 1 : m[0].length;
}

export const FORMATS: Record<string, (v: Json) => string> = {
  text: (v) => (typeof v === 'string' ? v : tojson(v)),
  json: (v) => tojson(v),
};

export function strftime(_v: Json, _fmt: string, _local: boolean, _tz?: string): string {
  throw new JqError('strftime/1 is not available yet');
}
export function strptime(_s: string, _fmt: string): Json {
  throw new JqError('strptime/1 is not available yet');
}
export function mktime(_v: Json): number {
  throw new JqError('mktime is not available yet');
}
export function gmtime(_n: number): Json {
  throw new JqError('gmtime is not available yet');
}
export function localtime(_n: number, _tz?: string): Json {
  throw new JqError('localtime is not available yet');
}
