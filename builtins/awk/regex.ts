// awk regular expressions on lib/regex. gawk's dialect is POSIX ERE plus escapes: `\/` `\"`,
// the C escapes (`\n \t \ddd \xhh`; `\b` is a backspace), `\y` (a word boundary, GNU `\b`),
// `\B \< \> \s \S \w \W` and the buffer anchors `` \` `` `\'`; inside a bracket expression a
// backslash escapes the next character (`[\]]`, `[a\-z]`), which POSIX brackets do not know, so
// brackets are rebuilt here in POSIX form. `.` also matches a newline (records may hold them)
// and ^ $ anchor at the string's ends only. Compiled dynamic regexes are cached by source.

import { compilePatterns, type Matcher } from '../../lib/regex/index.js';

const C_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07', b: '\b', '/': '/', '"': '"' };
const KEPT = new Set(['B', '<', '>', 's', 'S', 'w', 'W', '`', "'"]);
const SPECIAL = new Set(['.', '[', ']', '(', ')', '*', '+', '?', '{', '}', '|', '^', '$', '\\']);

/** one escaped character's literal value, or undefined when it is not a character escape */
function escapedChar(src: string, i: number): [string, number] | undefined {
  const c = src[i];
  if (c === undefined) return ['\\', 0];
  const simple = C_ESCAPES[c];
  if (simple !== undefined) return [simple, 1];
  if (c >= '0' && c <= '7') {
    let v = 0;
    let k = 0;
    while (k < 3 && src[i + k] !== undefined && src[i + k]! >= '0' && src[i + k]! <= '7') {
      v = v * 8 + (src.charCodeAt(i + k) - 48);
      k++;
    }
    return [String.fromCharCode(v & 0xff), k];
  }
  if (c === 'x' && /[0-9a-fA-F]/.test(src[i + 1] ?? '')) {
    let k = 1;
    let v = 0;
    while (k < 3 && /[0-9a-fA-F]/.test(src[i + k] ?? '')) {
      v = v * 16 + parseInt(src[i + k]!, 16);
      k++;
    }
    return [String.fromCharCode(v), k];
  }
  return undefined;
}

function literal(ch: string): string {
  return SPECIAL.has(ch) ? `\\${ch}` : ch;
}

/** awk ERE source → the POSIX ERE lib/regex reads */
export function toPosixEre(src: string): string {
  let out = '';
  const n = src.length;
  for (let i = 0; i < n; i++) {
    const c = src[i]!;
    if (c === '\\') {
      const e = escapedChar(src, i + 1);
      if (e !== undefined) {
        out += e[1] === 0 ? '\\\\' : literal(e[0]);
        i += e[1];
        continue;
      }
      const d = src[i + 1]!;
      if (d === 'y') out += '\\b';
      else if (KEPT.has(d)) out += `\\${d}`;
      else out += literal(d);
      i++;
      continue;
    }
    if (c === '[') {
      const r = bracket(src, i);
      if (r === null) {
        out += src.slice(i);
        break;
      }
      out += r.text;
      i = r.end - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/** a bracket expression from src[i] = '[': its POSIX spelling and the index past its `]` */
function bracket(src: string, start: number): { text: string; end: number } | null {
  let i = start + 1;
  let negated = false;
  if (src[i] === '^') {
    negated = true;
    i++;
  }
  const items: string[] = [];
  let hasClose = false;
  let hasDash = false;
  let first = true;
  const n = src.length;
  while (i < n) {
    let c = src[i]!;
    if (c === ']' && !first) {
      let body = items.join('');
      if (hasClose) body = `]${body}`;
      if (hasDash) body += '-';
      if (body === '') return null;
      if (!hasClose && body.startsWith('^')) body = body.length > 1 ? body.slice(1) + '^' : '\\^';
      return { text: `[${negated ? '^' : ''}${body}]`, end: i + 1 };
    }
    first = false;
    if (c === '[' && (src[i + 1] === ':' || src[i + 1] === '.' || src[i + 1] === '=')) {
      const close = src.indexOf(`${src[i + 1]}]`, i + 2);
      if (close < 0) return null;
      items.push(src.slice(i, close + 2));
      i = close + 2;
      continue;
    }
    let k = 1;
    if (c === '\\') {
      const e = escapedChar(src, i + 1);
      if (e !== undefined && e[1] > 0) {
        c = e[0];
        k = 1 + e[1];
      } else {
        // gawk turns \y into \b before its regex compiler reads `\b` in a list as `b`
        c = src[i + 1] === 'y' ? 'b' : src[i + 1] ?? '\\';
        k = 2;
      }
    }
    // a range c-d
    if (src[i + k] === '-' && src[i + k + 1] !== undefined && src[i + k + 1] !== ']') {
      let j = i + k + 1;
      let d = src[j]!;
      let dk = 1;
      if (d === '\\') {
        const e = escapedChar(src, j + 1);
        if (e !== undefined && e[1] > 0) {
          d = e[0];
          dk = 1 + e[1];
        } else {
          d = src[j + 1] ?? '\\';
          dk = 2;
        }
      }
      j += dk;
      items.push(`${rangeEnd(c)}-${rangeEnd(d)}`);
      i = j;
      continue;
    }
    if (c === ']') hasClose = true;
    else if (c === '-') hasDash = true;
    else items.push(c === '[' ? '[' : c);
    i += k;
  }
  return null;
}

function rangeEnd(c: string): string {
  // a `[` or `]` as a range end would be read as a bracket: spell it as a collating element
  return c === ']' || c === '[' || c === '-' ? `[.${c}.]` : c;
}

export type RegexResult = { ok: true; m: Matcher } | { ok: false; message: string };

const CACHE_MAX = 500;

export class RegexCache {
  private readonly plain = new Map<string, RegexResult>();
  private readonly folded = new Map<string, RegexResult>();
  constructor(private readonly checkpoint: () => void) {}

  /** `captures`: the groups are wanted (match() with an array, gensub) */
  get(src: string, icase: boolean, captures = false): RegexResult {
    const cache = icase ? this.folded : this.plain;
    const key = captures ? `\u0100${src}` : src;
    let r = cache.get(key);
    if (r !== undefined) return r;
    const c = compilePatterns([toPosixEre(src)], { syntax: 'extended', icase, eol: -1, captures, checkpoint: this.checkpoint });
    r = c.ok ? { ok: true, m: c.matcher } : { ok: false, message: c.message };
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, r);
    return r;
  }
}
